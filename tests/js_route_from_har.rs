//! `page.routeFromHAR` / `context.routeFromHAR` answer as Playwright 1.65.1's HAR router does
//! with the same HAR: pages and API calls served from it (JSON, base64 bodies, a POST picked by
//! its body, a request picked by its headers, the HAR's redirects followed, a navigation that
//! ends elsewhere redirected there, cookies set), a request without an entry aborted or with
//! `notFound: 'fallback'` sent on, `url` narrowing what is answered, the context's for its new
//! pages, a body in a file beside the HAR (`_file`), and a missing file in Node's words. The script writes the HAR itself (node:fs).

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const SCRIPT: &str = r#"
import { writeFileSync } from 'node:fs';
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
const base = args[0];
const entry = (method, url, status, headers, content, request) => ({
  startedDateTime: '2026-01-01T00:00:00.000Z', time: 1, cache: {}, timings: { send: 0, wait: 1, receive: 0 },
  request: { method, url, httpVersion: 'HTTP/1.1', cookies: [], headers: ((request && request.headers) || []).map(([name, value]) => ({ name, value })), queryString: [], headersSize: -1, bodySize: -1, ...(request && request.postData ? { postData: request.postData } : {}) },
  response: { status, statusText: '', httpVersion: 'HTTP/1.1', cookies: [], headers: headers.map(([name, value]) => ({ name, value })), content: { size: -1, mimeType: 'text/plain', ...content }, redirectURL: '', headersSize: -1, bodySize: -1 },
});
const html = [['content-type', 'text/html']];
const text = [['content-type', 'text/plain']];
const har = { log: { version: '1.2', creator: { name: 'test', version: '1' }, pages: [], entries: [
  entry('GET', base + '/api/items', 200, [['content-type', 'application/json']], { text: '{"items":[1,2]}', mimeType: 'application/json' }),
  entry('GET', base + '/api/blob', 200, [['content-type', 'application/octet-stream']], { text: 'AQID+g==', encoding: 'base64' }),
  entry('POST', base + '/api/echo', 201, text, { text: 'one' }, { postData: { mimeType: 'text/plain', text: 'a=1' } }),
  entry('POST', base + '/api/echo', 201, text, { text: 'two' }, { postData: { mimeType: 'text/plain', text: 'a=2' } }),
  entry('GET', base + '/api/old', 302, [['location', '/api/items']], { text: '' }),
  entry('GET', base + '/start', 302, [['location', base + '/page']], { text: '' }),
  entry('GET', base + '/page', 200, html, { text: '<!doctype html><title>From HAR</title><p>har page</p>' }),
  entry('GET', base + '/api/variant', 200, text, { text: 'A' }, { headers: [['x-variant', 'a']] }),
  entry('GET', base + '/api/variant', 200, text, { text: 'B' }, { headers: [['x-variant', 'b']] }),
  entry('GET', base + '/api/file', 200, text, { _file: 'body.txt' }),
  entry('GET', base + '/api/cookie', 200, [['content-type', 'text/plain'], ['set-cookie', 'a=1; Path=/'], ['set-cookie', 'b=2; Path=/']], { text: 'c' }),
] } };
writeFileSync('recorded.har', JSON.stringify(har));
writeFileSync('body.txt', 'from a file beside the HAR');
const browser = page.context().browser();
const fresh = async (options) => { const c = await browser.newContext(); const p = await c.newPage(); await p.routeFromHAR('recorded.har', options); return p; };
const inPage = (p, f, arg) => p.evaluate(f, arg);
await page.routeFromHAR('recorded.har');
await attempt('page', async () => { const r = await page.goto(base + '/page'); return [r.status(), await page.title(), page.url().replace(base, '')]; });
await attempt('json', () => inPage(page, () => fetch('/api/items').then((r) => r.json())));
await attempt('base64', () => inPage(page, () => fetch('/api/blob').then((r) => r.arrayBuffer()).then((b) => [...new Uint8Array(b)])));
await attempt('post', () => inPage(page, () => fetch('/api/echo', { method: 'POST', body: 'a=2' }).then((r) => r.text().then((t) => [r.status, t]))));
await attempt('redirectFollowed', () => inPage(page, () => fetch('/api/old').then((r) => r.json().then((j) => [r.status, j, r.redirected]))));
await attempt('headersPick', () => inPage(page, () => fetch('/api/variant', { headers: { 'x-variant': 'b' } }).then((r) => r.text())));
await attempt('missing', () => inPage(page, () => fetch('/api/none').then((r) => r.status, (e) => 'failed: ' + e.message)));
await attempt('fileBody', () => inPage(page, () => fetch('/api/file').then((r) => r.text())));
await attempt('cookies', () => inPage(page, () => fetch('/api/cookie').then(() => document.cookie)));
await attempt('navigationRedirect', async () => { const p = await fresh(); await p.goto(base + '/start'); return [p.url().replace(base, ''), await p.title()]; });
await attempt('fallback', async () => { const p = await fresh({ notFound: 'fallback' }); await p.goto(base + '/page'); return inPage(p, () => fetch('/api/none').then((r) => r.status)); });
await attempt('urlFilter', async () => { const p = await fresh({ url: '**/api/**' }); const r = await p.goto(base + '/page'); return [r.status(), await inPage(p, () => fetch('/api/items').then((r) => r.json()))]; });
await attempt('context', async () => { const c = await browser.newContext(); await c.routeFromHAR('recorded.har'); const p = await c.newPage(); await p.goto(base + '/page'); return p.title(); });
await attempt('missingFile', async () => { await page.routeFromHAR('nope.har'); return 'ok'; });
export default out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT` (its server answers 404 to everything).
const PLAYWRIGHT: &str = r#"{"page": [200, "From HAR", "/page"], "json": {"items": [1, 2]}, "base64": [1, 2, 3, 250], "post": [201, "two"], "redirectFollowed": [200, {"items": [1, 2]}, false], "headersPick": "B", "missing": "failed: Failed to fetch", "fileBody": "from a file beside the HAR", "cookies": "a=1; b=2", "navigationRedirect": ["/page", "From HAR"], "fallback": 404, "urlFilter": [404, {"items": [1, 2]}], "context": "From HAR", "missingFile": "error: page.routeFromHAR: ENOENT: no such file or directory, open 'nope.har'"}"#;

#[test]
fn requests_are_answered_from_a_har_as_playwright_answers_them() {
    support::browser_available();
    // Nothing is served but from the HAR: every path of the server is a 404.
    let base = support::serve(&[]);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_module_as_playwright("route-from-har", &base, SCRIPT, &playwright, &[]);
}

/// A zipped HAR that cannot be replayed says why, as Playwright's (replaying one is
/// tests/js_record_har.rs): a missing file in Node's words, a zip without a `.har`, and a file
/// that is not a zip (Playwright's wording of the last comes from its zip library).
#[test]
fn zipped_hars_that_cannot_be_replayed_say_why() {
    support::browser_available();
    let script = r#"
import fs from 'node:fs';
const out = [];
fs.writeFileSync('empty.zip', Buffer.from('504b0506000000000000000000000000000000000000', 'hex'));
fs.writeFileSync('notzip.zip', 'hello');
for (const f of ['nope.zip', 'empty.zip', 'notzip.zip']) {
  try { await page.routeFromHAR(f); out.push('ok'); } catch (e) { out.push(e.message); }
}
export default out;
"#;
    // Playwright 1.65.1's answers.
    let playwright = serde_json::json!({ "0": "page.routeFromHAR: ENOENT: no such file or directory, open 'nope.zip'",
        "1": "Specified archive does not have a .har file",
        "2": "page.routeFromHAR: End of central directory record signature not found. Either not a zip file, or file is truncated." });
    let dir = js_suite::project_dir("route-from-har-zips");
    std::fs::write(dir.join("probe.mjs"), script).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "--json", "probe.mjs"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let envelope: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let ours = envelope["value"].as_array().unwrap_or_else(|| panic!("{envelope}"));
    assert_eq!(ours[0], playwright["0"]);
    assert!(ours[1].as_str().unwrap().ends_with(playwright["1"].as_str().unwrap()), "{envelope}");
    assert!(
        ours[2].as_str().unwrap().starts_with("page.routeFromHAR: ")
            && ours[2].as_str().unwrap().contains("not a zip file"),
        "{envelope}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
