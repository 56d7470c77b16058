//! The `proxy` context option (`browser.newContext({ proxy })`, `[browser] proxy`): a context's
//! requests go through the proxy server — named hosts and loopback addresses alike, as
//! Playwright's — except the hosts its `bypass` list names; a server without a scheme is HTTP.
//! Judged by a proxy of the test's own that sees the requests, and compared with Playwright
//! 1.65.1's answers to the same script (recorded with a probe).

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
    // Signing in to a proxy is not ours yet: refused by name.
    let refused = "try { await browser_context_with_sign_in(); } catch (e) { return e.message; }";
    let script = refused.replace(
        "browser_context_with_sign_in()",
        &format!(
            "page.context().browser().newContext({{ proxy: {{ server: '{proxy}', username: 'u', password: 'p' }} }})"
        ),
    );
    let (envelope, _) = js_suite::run_script(&dir, &script, &[]);
    assert!(
        envelope["value"]
            .as_str()
            .unwrap_or_default()
            .contains("username and password are not supported by ferridriver yet"),
        "{envelope}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
