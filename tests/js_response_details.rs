//! What Playwright's Response, Request and friends answer beyond status and headers, compared
//! with Playwright 1.65.1's answers to the same script on the same server: a navigation's own
//! request and the redirect it came through, headers as the server named them (`headersArray`,
//! `allHeaders`, `headerValue(s)`, Set-Cookie included), the server's address, TLS details,
//! `statusText` of an API response, `frame.waitForTimeout`, `context.isClosed`,
//! `browser.browserType`, a console message's `timestamp`, `clearConsoleMessages` and
//! `clearPageErrors`.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::io::{BufRead, BufReader, Write};

/// Whether `/hold` may answer.
static HOLD: (std::sync::Mutex<bool>, std::sync::Condvar) = (std::sync::Mutex::new(false), std::sync::Condvar::new());

/// `/go` redirects to `/h`; `/h`, `/api` and `/missing` (404) answer with repeated headers;
/// `/a` → `/b` → `/c` → `/d` is a redirect chain; `/hold` answers once `/release` was asked.
fn server(stream: std::net::TcpStream) {
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    let mut stream = stream;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).map_or(true, |n| n == 0) {
            return;
        }
        let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
        let mut length = 0usize;
        loop {
            let mut header = String::new();
            if reader.read_line(&mut header).map_or(true, |n| n == 0) {
                return;
            }
            if header.trim().is_empty() {
                break;
            }
            if let Some(v) = header.to_ascii_lowercase().strip_prefix("content-length:") {
                length = v.trim().parse().unwrap_or(0);
            }
        }
        let mut body = vec![0; length];
        if std::io::Read::read_exact(&mut reader, &mut body).is_err() {
            return;
        }
        let answer = match path.as_str() {
            "/go" => "HTTP/1.1 302 Found\r\nLocation: /h\r\ncontent-length: 0\r\n\r\n".to_string(),
            // Its headers at once, its body once `/release` was asked for (a response that came
            // while its request is still in flight, for as long as needed).
            "/hold" => {
                if stream.write_all(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\ncontent-length: 4\r\n\r\n").is_err() {
                    return;
                }
                let (released, signal) = &HOLD;
                let mut done = released.lock().unwrap();
                while !*done {
                    done = signal.wait_timeout(done, std::time::Duration::from_secs(30)).unwrap().0;
                }
                "held".to_string()
            }
            "/release" => {
                let (released, signal) = &HOLD;
                *released.lock().unwrap() = true;
                signal.notify_all();
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\ncontent-length: 2\r\n\r\nok".to_string()
            }
            // A chain whose first two hops share a status, each with its own headers.
            "/a" => "HTTP/1.1 302 Found\r\nLocation: /b\r\nX-Hop: first\r\nSet-Cookie: hop=1\r\ncontent-length: 0\r\n\r\n".to_string(),
            "/b" => "HTTP/1.1 302 Found\r\nLocation: /c\r\nX-Hop: second\r\nSet-Cookie: hop=2\r\ncontent-length: 0\r\n\r\n".to_string(),
            "/c" => "HTTP/1.1 301 Moved Permanently\r\nLocation: /d\r\nX-Hop: third\r\ncontent-length: 0\r\n\r\n".to_string(),
            "/d" => "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Hop: final\r\ncontent-length: 16\r\n\r\n<title>D</title>".to_string(),
            _ => {
                let (status, kind, body) = match path.as_str() {
                    "/api" => ("200 OK", "application/json", "{\"ok\":true}"),
                    "/missing" => ("404 Not Found", "text/html", "<title>h</title><p>hello</p>"),
                    _ => ("200 OK", "text/html", "<title>h</title><p>hello</p>"),
                };
                format!(
                    "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nX-One: a\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\nX-Multi: m1\r\nX-Multi: m2\r\nContent-Length: {}\r\n\r\n{body}",
                    body.len()
                )
            }
        };
        if stream.write_all(answer.as_bytes()).is_err() {
            return;
        }
    }
}

const SCRIPT: &str = r#"const out = {};
const base = args[0];
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
const strip = (h) => Object.fromEntries(Object.entries(h).filter(([k]) => !['date', 'server', 'connection', 'keep-alive'].includes(k.toLowerCase())));
const stripArr = (a) => a.filter((x) => !['date', 'server', 'connection', 'keep-alive'].includes(x.name.toLowerCase()));
await attempt('navRequest', async () => { const r = await page.goto(base + '/go'); const q = r.request(); return [q.url().replace(base, ''), q.method(), q.resourceType(), q.isNavigationRequest(), q.frame() === page.mainFrame(), q.redirectedFrom() && q.redirectedFrom().url().replace(base, ''), q.postData(), (await q.response()) === r, typeof q.headers()['user-agent'], q.redirectedFrom() && (await q.redirectedFrom().response()).status()]; });
await attempt('headerValue', async () => { const r = await page.goto(base + '/h'); return [await r.headerValue('x-one'), await r.headerValue('X-Multi'), await r.headerValue('set-cookie'), await r.headerValue('nope'), await r.headerValues('x-multi'), await r.headerValues('set-cookie')]; });
await attempt('allHeaders', async () => { const r = await page.goto(base + '/h'); return strip(await r.allHeaders()); });
await attempt('headersArray', async () => { const r = await page.goto(base + '/h'); return stripArr(await r.headersArray()); });
await attempt('headersPlain', async () => { const r = await page.goto(base + '/h'); return strip(r.headers()); });
await attempt('misc', async () => { const r = await page.goto(base + '/h'); return [r.fromServiceWorker(), await r.securityDetails(), typeof (await r.serverAddr()).port, (await r.serverAddr()).ipAddress, r.statusText()]; });
await attempt('eventResponse', async () => { const [r] = await Promise.all([page.waitForResponse('**/api'), page.evaluate(() => fetch('/api'))]); return [await r.headerValue('x-multi'), stripArr(await r.headersArray()).length, r.request().method(), r.request().isNavigationRequest(), r.request().resourceType()]; });
await attempt('apiResponse', async () => { const r = await page.request.get(base + '/missing'); return [typeof r.status === 'function' ? r.status() : r.status, r.statusText(), r.headersArray().filter((x) => x.name.toLowerCase() === 'x-multi')]; });
await attempt('frameWait', async () => { const t = Date.now(); await page.mainFrame().waitForTimeout(50); return Date.now() - t >= 45; });
await attempt('isClosed', async () => { const c = await page.context().browser().newContext(); const a = c.isClosed(); await c.close(); return [a, c.isClosed()]; });
await attempt('browserType', async () => page.context().browser().browserType().name());
await attempt('consoleTimestamp', async () => { const [m] = await Promise.all([page.waitForEvent('console'), page.evaluate(() => console.log('x'))]); return typeof m.timestamp(); });
await attempt('clearConsole', async () => { await page.evaluate(() => console.log('y')); const before = (await page.consoleMessages()).length > 0; await page.clearConsoleMessages(); return [before, (await page.consoleMessages()).length]; });
await attempt('clearErrors', async () => { await page.evaluate(() => setTimeout(() => { throw new Error('boom'); })); await page.waitForTimeout(100); const before = (await page.pageErrors()).length; await page.clearPageErrors(); return [before, (await page.pageErrors()).length]; });
export default out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT` (tests/playwright-probe, a server like this one).
const PLAYWRIGHT: &str = r#"{"navRequest":["/h","GET","document",true,true,"/go",null,true,"string",302],"headerValue":["a","m1, m2","a=1\nb=2",null,["m1","m2"],["a=1","b=2"]],"allHeaders":{"content-length":"28","content-type":"text/html","set-cookie":"a=1\nb=2","x-multi":"m1, m2","x-one":"a"},"headersArray":[{"name":"Content-Length","value":"28"},{"name":"Content-Type","value":"text/html"},{"name":"Set-Cookie","value":"a=1"},{"name":"Set-Cookie","value":"b=2"},{"name":"X-Multi","value":"m1"},{"name":"X-Multi","value":"m2"},{"name":"X-One","value":"a"}],"headersPlain":{"content-length":"28","content-type":"text/html","x-multi":"m1\nm2","x-one":"a"},"misc":[false,{},"number","127.0.0.1","OK"],"eventResponse":["m1, m2",7,"GET",false,"fetch"],"apiResponse":[404,"Not Found",[{"name":"X-Multi","value":"m1"},{"name":"X-Multi","value":"m2"}]],"frameWait":true,"isClosed":[false,true],"browserType":"chromium","consoleTimestamp":"number","clearConsole":[true,0],"clearErrors":[1,0]}"#;

#[test]
fn responses_and_requests_answer_as_playwrights() {
    support::browser_available();
    let base = support::serve_with(server);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    // An API response's header names come lower-cased from our HTTP client (Playwright keeps
    // the server's spelling); the values and their order are the same.
    let api = serde_json::json!([404, "Not Found", [{ "name": "x-multi", "value": "m1" }, { "name": "x-multi", "value": "m2" }]]);
    js_suite::assert_module_as_playwright("response-details", &base, SCRIPT, &playwright, &[("apiResponse", api)]);
}

const REQUESTS: &str = r#"const out = {};
const base = args[0];
const seen = [];
page.on('request', (r) => seen.push(new URL(r.url()).pathname));
await page.goto(base + '/go');
await page.evaluate(() => fetch('/api'));
await page.evaluate(() => fetch('http://127.0.0.1:1/x').catch(() => null));
await page.waitForTimeout(300);
const list = await page.requests();
out.urls = list.map((r) => r.url().replace(base, '').replace('http://127.0.0.1:1', 'PORT1'));
out.seen = [...seen];
out.statuses = await Promise.all(list.map(async (r) => { const x = await r.response(); return x && x.status(); }));
out.failures = list.map((r) => r.failure() && r.failure().errorText);
out.methods = list.map((r) => r.method());
out.navigation = list.map((r) => r.isNavigationRequest());
// A redirect hop's own response, its headers read from the hop itself.
const first = await (await page.goto(base + '/go')).request().redirectedFrom().response();
out.hop = [first.status(), await first.headerValue('location'), (await first.headersArray()).filter((h) => h.name.toLowerCase() === 'location').length];
export default out;
"#;

/// Playwright 1.65.1's answers to `REQUESTS`.
const REQUESTS_PLAYWRIGHT: &str = r#"{"urls":["/go","/h","/api","PORT1/x"],"seen":["/go","/h","/api","/x"],"statuses":[302,200,200,null],"failures":[null,null,null,"net::ERR_UNSAFE_PORT"],"methods":["GET","GET","GET","GET"],"navigation":[true,true,false,false],"hop":[302,"/h",1]}"#;

/// `page.requests()` lists the page's last requests as Playwright's does (a redirect's hops
/// apart, a failed one with its failure, the browser's favicon fetch in neither that list nor
/// the `request` events).
#[test]
fn the_pages_last_requests_are_listed_as_playwrights() {
    support::browser_available();
    let base = support::serve_with(server);
    let playwright = serde_json::from_str(REQUESTS_PLAYWRIGHT).unwrap();
    js_suite::assert_module_as_playwright("page-requests", &base, REQUESTS, &playwright, &[]);
}

const HOPS: &str = r#"
const responses = [];
page.on('response', (r) => responses.push(r));
const nav = await page.goto(args[0] + '/a');
const out = { events: [] };
for (const r of responses) {
  const all = await r.allHeaders();
  out.events.push([new URL(r.url()).pathname, r.status(), all['x-hop'] || null, all['set-cookie'] || null]);
}
const chain = [];
for (let q = nav.request(); q; q = q.redirectedFrom()) {
  const r = await q.response();
  const all = await r.allHeaders();
  chain.push([new URL(q.url()).pathname, r.status(), all['x-hop'] || null]);
}
out.chain = chain;
return out;
"#;

/// A redirect's hops that share a status each keep their own server headers, in the `response`
/// events and along `redirectedFrom` (the second hop's used to stand for the first's).
#[test]
fn redirect_hops_keep_their_own_headers_as_playwrights() {
    support::browser_available();
    let base = support::serve_with(server);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same chain).
    let playwright = serde_json::json!({
        "events": [["/a", 302, "first", "hop=1"], ["/b", 302, "second", "hop=2"], ["/c", 301, "third", null], ["/d", 200, "final", null]],
        "chain": [["/d", 200, "final"], ["/c", 301, "third"], ["/b", 302, "second"], ["/a", 302, "first"]]
    });
    js_suite::assert_as_playwright("redirect-hop-headers", &base, HOPS, &playwright, &[]);
}

const IN_FLIGHT: &str = r#"
await page.goto(args[0] + '/h');
await page.evaluate(() => { window.held = fetch('/hold').then((r) => r.text()); });
let held;
while (!held) held = (await page.requests()).find((r) => r.url().endsWith('/hold'));
// Its response came before its body: response() answers before the body is released.
const response = await held.response();
await page.evaluate(() => fetch('/release'));
return { status: response.status(), same: response.request() === held, body: await page.evaluate(() => window.held) };
"#;

/// A request `page.requests()` lists while it is in flight answers `response()` once its
/// response's headers came, before its body, as Playwright's (it answered null).
#[test]
fn a_listed_request_in_flight_waits_for_its_response_as_playwrights() {
    support::browser_available();
    let base = support::serve_with(server);
    // Playwright 1.65.1's answers (tests/playwright-probe, a held response).
    let playwright = serde_json::json!({ "status": 200, "same": true, "body": "held" });
    js_suite::assert_as_playwright("in-flight-request", &base, IN_FLIGHT, &playwright, &[]);
}
