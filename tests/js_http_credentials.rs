//! `httpCredentials` as Playwright 1.65.1 takes them: one set or a list (the first that fits the
//! request's origin, exactly: a longer host that starts the same is another origin), a page
//! answering a server's challenge, the context's API requests (`context.request`,
//! `request.newContext`) answering a Basic challenge once or sending them up front with
//! `send: 'always'` (a hop's challenge answered with that hop's method, after a redirect too), and
//! an `Authorization` header dropped when a redirect leaves its origin.
//! Judged against Playwright's answers to the same script on the same two servers.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::io::{BufRead, BufReader, Write};

/// `/x` wants `user:pass` (401 Basic otherwise) and names the method it got, `/echo` answers the `Authorization` it got,
/// `/to?u=URL` redirects to URL.
fn server(stream: std::net::TcpStream) {
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    let method = line.split_whitespace().next().unwrap_or("GET").to_string();
    let target = line.split_whitespace().nth(1).unwrap_or("/").to_string();
    let mut authorization = None;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).map_or(true, |n| n == 0) || header.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            if name.eq_ignore_ascii_case("authorization") {
                authorization = Some(value.trim().to_string());
            }
        }
    }
    let (path, query) = target.split_once('?').unwrap_or((&target, ""));
    let (status, extra, body) = match path {
        "/echo" => ("200 OK", String::new(), authorization.unwrap_or_else(|| "none".into())),
        "/to" => {
            let to = query.strip_prefix("u=").unwrap_or("");
            let to = to.replace("%3A", ":").replace("%2F", "/");
            ("302 Found", format!("location: {to}\r\n"), String::new())
        }
        // user:pass
        _ if authorization.as_deref() == Some("Basic dXNlcjpwYXNz") => {
            ("200 OK", String::new(), format!("<title>ok</title>in {method}"))
        }
        _ => ("401 Unauthorized", "www-authenticate: Basic realm=\"x\"\r\n".into(), "<title>401</title>denied".into()),
    };
    let mut stream = stream;
    let _ = write!(
        stream,
        "HTTP/1.1 {status}\r\n{extra}content-type: text/html\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
}

const SCRIPT: &str = r#"import { request } from 'playwright';
const [a, b] = args[0].split(' ');
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0].replace(/:\d+/g, ':PORT'); } };
const user = { username: 'user', password: 'pass' };
// The script hosts' API responses carry `status` as a value (run_script's shape), steps' as a method.
const st = (r) => (typeof r.status === 'function' ? r.status() : r.status);
const withContext = async (options, f) => { const c = await browser.newContext(options); try { return await f(c); } finally { await c.close(); } };
await attempt('pageList', () => withContext({ httpCredentials: [{ ...user, password: 'x', origin: b }, user] }, async (c) => (await (await c.newPage()).goto(a + '/x')).status()));
await attempt('pageListOtherFirst', () => withContext({ httpCredentials: [{ ...user, origin: b }, { ...user, password: 'x' }] }, async (c) => (await (await c.newPage()).goto(a + '/x')).status()));
await attempt('apiAnswersChallenge', () => withContext({ httpCredentials: user }, async (c) => st(await c.request.get(a + '/x'))));
await attempt('apiNoCredentials', () => withContext({}, async (c) => st(await c.request.get(a + '/x'))));
await attempt('apiUnauthorizedNotUpFront', () => withContext({ httpCredentials: user }, async (c) => (await c.request.get(a + '/echo')).text()));
await attempt('apiAlways', () => withContext({ httpCredentials: { ...user, send: 'always' } }, async (c) => (await c.request.get(a + '/echo')).text()));
await attempt('apiAlwaysOtherOrigin', () => withContext({ httpCredentials: { ...user, send: 'always', origin: b } }, async (c) => (await c.request.get(a + '/echo')).text()));
await attempt('apiOriginPrefix', () => withContext({ httpCredentials: { ...user, origin: a.replace(/\d$/, '') } }, async (c) => st(await c.request.get(a + '/x'))));
await attempt('ownHeaderDroppedElsewhere', () => withContext({}, async (c) => (await c.request.get(a + '/to?u=' + encodeURIComponent(b + '/echo'), { headers: { Authorization: 'Basic abc' } })).text()));
await attempt('ownHeaderKeptSameOrigin', () => withContext({}, async (c) => (await c.request.get(a + '/to?u=' + encodeURIComponent(a + '/echo'), { headers: { Authorization: 'Basic abc' } })).text()));
await attempt('standalone', async () => { const r = await request.newContext({ httpCredentials: user }); const s = st(await r.get(a + '/x')); await r.dispose(); return s; });
await attempt('badSend', () => withContext({ httpCredentials: { ...user, send: 'sometimes' } }, async () => 'made'));
await attempt('challengeAfterRedirect', () => withContext({ httpCredentials: user }, async (c) => (await c.request.post(a + '/to?u=' + encodeURIComponent(a + '/x'), { data: 'payload' })).text()));
export default out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT` (two servers like these, tests/playwright-probe).
const PLAYWRIGHT: &str = r#"{"pageList":200,"pageListOtherFirst":401,"apiAnswersChallenge":200,"apiNoCredentials":401,"apiUnauthorizedNotUpFront":"none","apiAlways":"Basic dXNlcjpwYXNz","apiAlwaysOtherOrigin":"none","apiOriginPrefix":401,"ownHeaderDroppedElsewhere":"none","ownHeaderKeptSameOrigin":"Basic abc","standalone":200,"badSend":"error: browser.newContext: httpCredentials[0].send: expected one of (always|unauthorized)","challengeAfterRedirect":"<title>ok</title>in GET"}"#;

#[test]
fn http_credentials_are_used_as_playwright_uses_them() {
    support::browser_available();
    let (a, b) = (support::serve_with(server), support::serve_with(server));
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_module_as_playwright("http-credentials", &format!("{a} {b}"), SCRIPT, &playwright, &[]);
}
