//! `route.fetch()` as Playwright 1.65.1 answered the same routes on the same pages (recorded
//! with a probe): a JSON response fetched, changed and fulfilled; a fetch with another URL; a
//! POST fetched with its body and an extra header; the page sees what the handler gave.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::io::{BufRead, BufReader, Read, Write};

/// The page, and an API that answers by path: items as JSON, `/api/other` with the method, and
/// anything else with method, body, `x-extra` and content type (what reached it).
fn answer(mut stream: std::net::TcpStream) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut first = String::new();
    let _ = reader.read_line(&mut first);
    let (method, path) = {
        let mut words = first.split_whitespace();
        (words.next().unwrap_or("").to_string(), words.next().unwrap_or("").to_string())
    };
    let (mut length, mut extra, mut kind) = (0, "-".to_string(), String::new());
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) <= 2 {
            break;
        }
        let (name, value) =
            line.trim().split_once(':').map(|(n, v)| (n.to_lowercase(), v.trim().to_string())).unwrap_or_default();
        match name.as_str() {
            "content-length" => length = value.parse().unwrap_or(0),
            "x-extra" => extra = value,
            "content-type" => kind = value,
            _ => {}
        }
    }
    let mut body = vec![0; length];
    let _ = reader.read_exact(&mut body);
    let (content_type, reply) = match path.as_str() {
        "/routes" => ("text/html", "<!DOCTYPE html><title>Routes</title>".to_string()),
        "/api/items" => ("application/json", r#"{"items":["a","b"]}"#.to_string()),
        "/api/other" => ("text/plain", format!("other {method}")),
        _ => ("text/plain", format!("{method} {} {extra} {kind}", String::from_utf8_lossy(&body))),
    };
    let _ = write!(
        stream,
        "HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{reply}",
        reply.len()
    );
}

const SCRIPT: &str = r#"
const out = {};
await page.route('**/api/items', async (route) => {
  const response = await route.fetch();
  const json = await response.json();
  json.items.push('added');
  await route.fulfill({ response, json });
});
await page.route('**/api/echo', async (route) => {
  const response = await route.fetch({ url: args[0] + '/api/other' });
  out.overrideStatus = response.status();
  out.overrideText = await response.text();
  await route.fulfill({ response });
});
await page.route('**/api/post', async (route) => {
  const response = await route.fetch({ headers: { ...route.request().headers(), 'x-extra': 'yes' } });
  await route.fulfill({ response });
});
await page.goto(args[0] + '/routes');
out.items = await page.evaluate(async () => (await (await fetch('/api/items')).json()).items);
out.echo = await page.evaluate(async () => (await fetch('/api/echo')).text());
out.post = await page.evaluate(async () => (await fetch('/api/post', { method: 'POST', body: 'a=1', headers: { 'content-type': 'text/plain' } })).text());
out.status = await page.evaluate(async () => (await fetch('/api/items')).status);
return out;
"#;

#[test]
fn route_fetch_as_playwright() {
    support::browser_available();
    let base = support::serve_with(answer);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same pages).
    let playwright = serde_json::json!({
        "items": ["a", "b", "added"],
        "overrideStatus": 200,
        "overrideText": "other GET",
        "echo": "other GET",
        "post": "POST a=1 yes text/plain",
        "status": 200
    });
    js_suite::assert_as_playwright("route-fetch", &base, SCRIPT, &playwright, &[]);
}
