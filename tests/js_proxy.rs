//! The `proxy` context option (`browser.newContext({ proxy })`, `[browser] proxy`): a context's
//! requests go through the proxy server — named hosts and loopback addresses alike, as
//! Playwright's — except the hosts its `bypass` list names; a server without a scheme is HTTP.
//! Judged by a proxy of the test's own that sees the requests, and compared with Playwright
//! 1.65.1's answers to the same script (recorded with a probe). A proxy that asks for a sign-in
//! gets `username`/`password`, the proxy of `chromium.launch({ proxy })` serves the contexts
//! that browser makes, as Playwright's.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::io::{BufRead, BufReader, Write};
use std::sync::Mutex;

/// The request targets the proxy was asked for (absolute URLs), in order.
static SEEN: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// A forward proxy that answers every request itself, naming what it was asked for.
fn proxy(stream: std::net::TcpStream) {
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    let target = line.split_whitespace().nth(1).unwrap_or("").to_string();
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).map_or(true, |n| n == 0) || header.trim().is_empty() {
            break;
        }
    }
    SEEN.lock().unwrap().push(target.clone());
    let body = format!("<title>Via proxy</title><p>{target}</p>");
    let mut stream = stream;
    let _ = write!(
        stream,
        "HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
}

const SCRIPT: &str = r#"
const [p, s] = args;
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0].replace(/:\d+/g, ':PORT'); } };
const browser = page.context().browser();
const titleVia = async (options, url) => { const c = await browser.newContext({ proxy: options }); const pg = await c.newPage(); await pg.goto(url, { timeout: 5000 }); const t = await pg.title(); await c.close(); return t; };
await attempt('named', () => titleVia({ server: p }, 'http://shop.example.test/basket'));
await attempt('loopback', () => titleVia({ server: p }, s + '/'));
await attempt('noScheme', () => titleVia({ server: p.replace('http://', '') }, 'http://shop.example.test/'));
await attempt('bypassLoopback', () => titleVia({ server: p, bypass: '127.0.0.1' }, s + '/'));
await attempt('bypassNamed', () => titleVia({ server: p, bypass: '.example.test' }, 'http://shop.example.test/'));
return out;
"#;

/// Playwright 1.65.1's answers (its error names the method: compared without it).
const PLAYWRIGHT: &str = r#"{"named":"Via proxy","loopback":"Via proxy","noScheme":"Via proxy","bypassLoopback":"Direct","bypassNamed":"error: page.goto: net::ERR_NAME_NOT_RESOLVED at http://shop.example.test/"}"#;

#[test]
fn a_contexts_requests_go_through_its_proxy_as_playwrights_do() {
    support::browser_available();
    let proxy = support::serve_with(proxy);
    let site = support::serve(&[("/", "<title>Direct</title>")]);
    let dir = js_suite::project_dir("proxy");
    let (envelope, stderr) = js_suite::run_script(&dir, SCRIPT, &[&proxy, &site]);
    let playwright: serde_json::Value = serde_json::from_str(PLAYWRIGHT).unwrap();
    let ours = &envelope["value"];
    for (case, expected) in playwright.as_object().unwrap() {
        let expected = expected.as_str().unwrap().replace("page.goto: ", "");
        let got = ours[case].as_str().unwrap_or_default().replace("page.goto: ", "");
        assert_eq!(got, expected, "{case}: {envelope}\n{stderr}");
    }
    // The proxy saw the pages it answered (their favicons may come too), never the bypassed ones.
    let seen: Vec<String> = SEEN.lock().unwrap().iter().filter(|u| !u.ends_with("/favicon.ico")).cloned().collect();
    let site_port = site.rsplit(':').next().unwrap();
    assert_eq!(
        seen,
        [
            "http://shop.example.test/basket".to_string(),
            format!("http://127.0.0.1:{site_port}/"),
            "http://shop.example.test/".to_string()
        ],
        "{envelope}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A forward proxy that wants `user:secret` (407 otherwise), then answers itself.
fn signing_proxy(stream: std::net::TcpStream) {
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    let target = line.split_whitespace().nth(1).unwrap_or("").to_string();
    let mut signed = false;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).map_or(true, |n| n == 0) || header.trim().is_empty() {
            break;
        }
        // user:secret
        signed |= header.trim().eq_ignore_ascii_case("proxy-authorization: Basic dXNlcjpzZWNyZXQ=");
    }
    let (status, extra, body) = match signed {
        true => ("200 OK", "", format!("<title>Via proxy</title><p>{target}</p>")),
        false => (
            "407 Proxy Authentication Required",
            "proxy-authenticate: Basic realm=\"proxy\"\r\n",
            "<title>Proxy says no</title>".to_string(),
        ),
    };
    let mut stream = stream;
    let _ = write!(
        stream,
        "HTTP/1.1 {status}\r\n{extra}content-type: text/html\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
}

const SIGN_IN: &str = r#"import { chromium } from 'playwright';
const out = {};
const proxy = args[0];
const visit = async (key, options) => {
  try {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const response = await page.goto('http://shop.test/a');
    out[key] = [response.status(), await page.title(), await page.textContent('body')];
    await context.close();
  } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; }
};
await visit('right', { proxy: { server: proxy, username: 'user', password: 'secret' } });
await visit('wrong', { proxy: { server: proxy, username: 'user', password: 'nope' } });
await visit('none', { proxy: { server: proxy } });
await visit('userOnly', { proxy: { server: proxy, username: 'user' } });
await visit('httpCredentialsOnly', { proxy: { server: proxy }, httpCredentials: { username: 'user', password: 'secret' } });
try {
  const launched = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'], proxy: { server: proxy, username: 'user', password: 'secret' } });
  const context = await launched.newContext();
  const page = await context.newPage();
  const response = await page.goto('http://shop.test/b');
  const own = await launched.newContext({ proxy: { server: proxy, username: 'user', password: 'nope' } });
  const ownPage = await own.newPage();
  out.launched = [response.status(), await page.title(), (await ownPage.goto('http://shop.test/c')).status()];
  await launched.close();
} catch (e) { out.launched = 'error: ' + String(e.message).split('\n')[0]; }
export default out;
"#;

/// Playwright 1.65.1's answers to `SIGN_IN` (a proxy of its own that wants the same sign-in).
const SIGN_IN_PLAYWRIGHT: &str = r#"{"right":[200,"Via proxy","http://shop.test/a"],"wrong":[407,"Proxy says no",""],"none":"error: page.goto: net::ERR_INVALID_AUTH_CREDENTIALS at http://shop.test/a","userOnly":[407,"Proxy says no",""],"httpCredentialsOnly":"error: page.goto: net::ERR_INVALID_AUTH_CREDENTIALS at http://shop.test/a","launched":[200,"Via proxy",407]}"#;

#[test]
fn a_proxy_that_asks_for_a_sign_in_gets_it_as_from_playwright() {
    support::browser_available();
    let proxy = support::serve_with(signing_proxy);
    let playwright = serde_json::from_str(SIGN_IN_PLAYWRIGHT).unwrap();
    js_suite::assert_module_as_playwright("proxy-sign-in", &proxy, SIGN_IN, &playwright, &[]);
}
