//! `browser.newContext({ recordHar })` writes the context's network log as Playwright's HAR
//! recorder does when the context closes (or when the scenario ends with it still open): a
//! redirect, a page, an image and a POST with their bodies embedded, attached beside the file,
//! omitted, `minimal`, narrowed by a glob or a RegExp, and zipped. Judged by the reader people
//! replay HARs with: Playwright 1.65.1's own `routeFromHAR` (tests/playwright-probe) serves the
//! page from each file with nothing reaching the server, and so does ours. Recording with
//! `routeFromHAR({ update: true })` (a page's or a context's) and `tracing.startHar`/`stopHar`
//! answer as Playwright's on the same shop.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Requests the server answered (every path it serves counts).
static HITS: AtomicUsize = AtomicUsize::new(0);

const GIF: &[u8] = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x01D\x00;";

const SHOP: &str = r#"<!doctype html><title>Shop</title><h1>Shop</h1><img src="/pixel.gif">
<script>
fetch('/api/basket', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ item: 'tea' }) })
  .then((r) => r.json())
  .then((j) => { document.body.dataset.basket = j.items.join(','); document.title = 'done'; });
</script>"#;

/// The shop, its requests counted in [`HITS`] (one test's server: tests run side by side).
fn answer_counted(stream: std::net::TcpStream) {
    serve_shop(stream, true)
}

fn answer(stream: std::net::TcpStream) {
    serve_shop(stream, false)
}

/// A shop that redirects, serves a page, an image and a JSON API answering a POST.
fn serve_shop(stream: std::net::TcpStream, counted: bool) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut stream = stream;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
        let mut length = 0;
        loop {
            let mut header = String::new();
            if reader.read_line(&mut header).unwrap_or(0) == 0 {
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
        if reader.read_exact(&mut body).is_err() {
            return;
        }
        if counted {
            HITS.fetch_add(1, Ordering::SeqCst);
        }
        let (status, kind, content, extra): (&str, &str, Vec<u8>, &str) = match path.as_str() {
            "/start" => ("302 Found", "text/plain", Vec::new(), "location: /shop\r\n"),
            "/shop" => ("200 OK", "text/html", SHOP.as_bytes().to_vec(), ""),
            "/pixel.gif" => ("200 OK", "image/gif", GIF.to_vec(), ""),
            "/api/basket" if String::from_utf8_lossy(&body).contains("tea") => {
                ("200 OK", "application/json", br#"{"items":["tea"]}"#.to_vec(), "")
            }
            _ => ("404 Not Found", "text/plain", b"nope".to_vec(), ""),
        };
        let head =
            format!("HTTP/1.1 {status}\r\ncontent-type: {kind}\r\ncontent-length: {}\r\n{extra}\r\n", content.len());
        if stream.write_all(head.as_bytes()).and_then(|_| stream.write_all(&content)).is_err() {
            return;
        }
    }
}

const RECORD: &str = r#"
const base = args[0];
const out = {};
const record = async (name, recordHar, close = true) => {
  const context = await browser.newContext({ recordHar });
  const p = await context.newPage();
  await p.goto(base + '/start');
  await p.waitForFunction(() => document.title === 'done');
  out[name] = await p.evaluate(() => document.body.dataset.basket);
  if (close) await context.close();
};
await record('embed', { path: 'hars/embed.har' });
await record('attach', { path: 'hars/attach/shop.har', content: 'attach' });
await record('omit', { path: 'hars/omit.har', content: 'omit' });
await record('minimal', { path: 'hars/minimal.har', mode: 'minimal' });
await record('glob', { path: 'hars/glob.har', urlFilter: '**/api/**' });
await record('regex', { path: 'hars/regex.har', urlFilter: /PIXEL/i });
await record('zip', { path: 'hars/shop.zip' });
for (const [key, recordHar] of [['outside', { path: '../outside.har' }], ['content', { path: 'x.har', content: 'inline' }]]) {
  try { await browser.newContext({ recordHar }); out[key] = 'ok'; } catch (e) { out[key] = String(e.message).split('\n')[0]; }
}
// Never closed by the script: written when the run ends with it.
await record('unclosed', { path: 'hars/unclosed.har' }, false);
return out;
"#;

const REPLAY: &str = r#"
const out = {};
for (const file of ['hars/embed.har', 'hars/attach/shop.har', 'hars/minimal.har', 'hars/shop.zip']) {
  const context = await browser.newContext();
  await context.routeFromHAR(file, { notFound: 'abort' });
  const p = await context.newPage();
  const response = await p.goto(args[0] + '/start');
  await p.waitForFunction(() => document.title === 'done', null, { timeout: 5000 });
  out[file] = [response.status(), new URL(p.url()).pathname, await p.evaluate(() => [document.images[0].naturalWidth, document.body.dataset.basket])];
  await context.close();
}
return out;
"#;

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Each entry as (method, path, status).
fn requests(har: &Value) -> Vec<(String, String, i64)> {
    har["log"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let url = e["request"]["url"].as_str().unwrap();
            let path = url.splitn(4, '/').nth(3).map(|p| format!("/{p}")).unwrap_or_default();
            (e["request"]["method"].as_str().unwrap().to_string(), path, e["response"]["status"].as_i64().unwrap())
        })
        .collect()
}

fn entry<'a>(har: &'a Value, path: &str) -> &'a Value {
    har["log"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["request"]["url"].as_str().unwrap().ends_with(path))
        .unwrap_or_else(|| panic!("no entry for {path}: {har}"))
}

fn sha1_hex(bytes: &[u8]) -> String {
    use sha1::Digest;
    sha1::Sha1::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// Asserts the shop's four requests with their bodies embedded.
fn assert_embedded(har: &Value) {
    let mut seen = requests(har);
    assert_eq!(seen[..2], [("GET".into(), "/start".into(), 302), ("GET".into(), "/shop".into(), 200)], "{seen:?}");
    seen.sort();
    assert_eq!(
        seen,
        [
            ("GET".into(), "/pixel.gif".into(), 200),
            ("GET".into(), "/shop".into(), 200),
            ("GET".into(), "/start".into(), 302),
            ("POST".into(), "/api/basket".into(), 200)
        ],
        "the page's requests, the browser's favicon fetch left out"
    );
    assert!(entry(har, "/start")["response"]["redirectURL"].as_str().unwrap().ends_with("/shop"));
    assert_eq!(entry(har, "/shop")["response"]["content"]["text"], SHOP);
    let pixel = &entry(har, "/pixel.gif")["response"]["content"];
    assert_eq!(pixel["encoding"], "base64");
    use base64::Engine;
    assert_eq!(base64::engine::general_purpose::STANDARD.decode(pixel["text"].as_str().unwrap()).unwrap(), GIF);
    let basket = entry(har, "/api/basket");
    assert_eq!(basket["request"]["postData"]["text"], r#"{"item":"tea"}"#);
    assert_eq!(basket["request"]["postData"]["mimeType"], "application/json");
    assert_eq!(basket["response"]["content"]["text"], r#"{"items":["tea"]}"#);
}

#[test]
fn a_context_records_its_network_as_playwright_writes_a_har() {
    support::browser_available();
    let base = support::serve_with(answer_counted);
    let dir = js_suite::project_dir("record-har");
    let (envelope, stderr) = js_suite::run_script(&dir, RECORD, &[&base]);
    let out = &envelope["value"];
    for name in ["embed", "attach", "omit", "minimal", "glob", "regex", "zip", "unclosed"] {
        assert_eq!(out[name], "tea", "{name}: {envelope}\n{stderr}");
    }
    assert!(
        out["outside"].as_str().unwrap().contains("recordHar.path: '../outside.har' is outside the project"),
        "{out}"
    );
    assert!(
        out["content"].as_str().unwrap().contains("recordHar.content: expected one of (embed|attach|omit)"),
        "{out}"
    );
    let hars = dir.join("hars");

    let embed = read_json(&hars.join("embed.har"));
    assert_eq!(embed["log"]["version"], "1.2");
    assert_eq!(embed["log"]["browser"]["name"], "chromium");
    assert!(embed["log"]["browser"]["version"].as_str().unwrap().chars().next().unwrap().is_ascii_digit());
    assert_embedded(&embed);
    let page = &embed["log"]["pages"][0];
    assert_eq!(embed["log"]["pages"].as_array().unwrap().len(), 1);
    assert_eq!(entry(&embed, "/shop")["pageref"], page["id"]);
    let (loaded, content_loaded) =
        (page["pageTimings"]["onLoad"].as_i64(), page["pageTimings"]["onContentLoad"].as_i64());
    assert!(loaded >= content_loaded && content_loaded >= Some(0), "{page}");
    assert!(["Shop", "done"].contains(&page["title"].as_str().unwrap()), "{page}");
    assert_embedded(&read_json(&hars.join("unclosed.har")));

    // Attached: each body in a file beside the HAR, named by its SHA-1, the request's too.
    let attach = read_json(&hars.join("attach/shop.har"));
    let pixel = &entry(&attach, "/pixel.gif")["response"]["content"];
    assert!(pixel.get("text").is_none(), "{pixel}");
    let file = pixel["_file"].as_str().unwrap();
    assert_eq!(file, format!("{}.gif", sha1_hex(GIF)));
    assert_eq!(std::fs::read(hars.join("attach").join(file)).unwrap(), GIF);
    let post = &entry(&attach, "/api/basket")["request"]["postData"];
    assert_eq!(post["text"], "");
    let sent = std::fs::read(hars.join("attach").join(post["_file"].as_str().unwrap())).unwrap();
    assert_eq!(sent, br#"{"item":"tea"}"#);

    let omit = read_json(&hars.join("omit.har"));
    for e in omit["log"]["entries"].as_array().unwrap() {
        let content = &e["response"]["content"];
        assert!(content.get("text").is_none() && content.get("_file").is_none(), "{e}");
    }
    assert_eq!(entry(&omit, "/api/basket")["request"]["postData"]["text"], "");

    let minimal = read_json(&hars.join("minimal.har"));
    assert!(minimal["log"].get("pages").is_none());
    let shop = entry(&minimal, "/shop");
    assert!(shop.get("pageref").is_none() && shop.get("serverIPAddress").is_none(), "{shop}");
    assert_eq!(
        (&shop["request"]["headersSize"], &shop["response"]["content"]["size"]),
        (&Value::from(-1), &Value::from(-1))
    );
    assert_eq!(shop["response"]["content"]["text"], SHOP);

    let only = |file: &str| requests(&read_json(&hars.join(file))).into_iter().map(|r| r.1).collect::<Vec<_>>();
    assert_eq!(only("glob.har"), ["/api/basket"]);
    assert_eq!(only("regex.har"), ["/pixel.gif"]);

    // Zipped: `har.har` and the bodies it names, as Playwright writes one.
    let mut zip = zip::ZipArchive::new(std::fs::File::open(hars.join("shop.zip")).unwrap()).unwrap();
    let mut inner = String::new();
    zip.by_name("har.har").unwrap().read_to_string(&mut inner).unwrap();
    let zipped: Value = serde_json::from_str(&inner).unwrap();
    let named = entry(&zipped, "/pixel.gif")["response"]["content"]["_file"].as_str().unwrap().to_string();
    let mut bytes = Vec::new();
    zip.by_name(&named).unwrap().read_to_end(&mut bytes).unwrap();
    assert_eq!(bytes, GIF);

    // Replayed with nothing reaching the server: Playwright's own router, then ours.
    let hits = HITS.load(Ordering::SeqCst);
    let probe = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/playwright-probe");
    assert!(
        probe.join("node_modules/playwright-core").is_dir(),
        "run `npm ci` in tests/playwright-probe first (.ci/run does)"
    );
    for file in ["embed.har", "attach/shop.har", "minimal.har", "shop.zip"] {
        let out = std::process::Command::new("node")
            .arg(probe.join("replay_har.mjs"))
            .arg(hars.join(file))
            .arg(format!("{base}/start"))
            .current_dir(&probe)
            .output()
            .expect("node runs");
        let seen: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!("{file}: {e}: {}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
        });
        assert_eq!(
            seen,
            serde_json::json!({ "status": 200, "path": "/shop", "title": "done", "image": 1, "basket": "tea" }),
            "Playwright replaying {file}"
        );
    }
    let (envelope, stderr) = js_suite::run_script(&dir, REPLAY, &[&base]);
    for file in ["hars/embed.har", "hars/attach/shop.har", "hars/minimal.har", "hars/shop.zip"] {
        assert_eq!(
            envelope["value"][file],
            serde_json::json!([200, "/shop", [1, "tea"]]),
            "ours replaying {file}: {envelope}\n{stderr}"
        );
    }
    assert_eq!(HITS.load(Ordering::SeqCst), hits, "a replay reached the server");
    let _ = std::fs::remove_dir_all(&dir);
}

/// One file per context, written when it closes: the config cannot give every scenario's
/// context the same path.
#[test]
fn the_config_file_refuses_record_har_with_a_hint() {
    let dir = js_suite::project_dir("record-har-config");
    js_suite::write_files(
        &dir,
        &[
            ("ferridriver.toml", "[browser]\nrecordHar = { path = \"all.har\" }\n"),
            ("features/a.feature", "Feature: a\n  Scenario: b\n    Given I am on the home page\n"),
        ],
    );
    let (out, all) = js_suite::run_feature(&dir, "features", "http://127.0.0.1:9");
    assert!(!out.status.success(), "{all}");
    assert!(all.contains("[browser] recordHar is not supported in the config file"), "{all}");
    assert!(all.contains("hint: record in a hook"), "{all}");
}

const UPDATE: &str = r#"import fs from 'node:fs';
const base = args[0];
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
const shop = async (p) => { await p.goto(base + '/start'); await p.waitForFunction(() => document.title === 'done'); };
// What a HAR says, without what changes from run to run.
const summary = (file) => {
  const log = JSON.parse(fs.readFileSync(file, 'utf8')).log;
  const keys = (o) => Object.keys(o || {}).sort().join(',');
  return [keys(log), log.entries.map((e) => [e.request.method, new URL(e.request.url).pathname, e.response.status, keys(e.response.content), keys(e.request.postData), e.request.postData ? e.request.postData.text : null])];
};
fs.rmSync('hars', { recursive: true, force: true });
fs.mkdirSync('hars');
// A page's update records that page only: bodies beside the file, minimal.
await attempt('pageUpdate', async () => {
  const context = await browser.newContext();
  const [p1, p2] = [await context.newPage(), await context.newPage()];
  await p1.routeFromHAR('hars/page.har', { update: true });
  await shop(p1);
  await p2.goto(base + '/elsewhere');
  const before = fs.existsSync('hars/page.har');
  await context.close();
  return [before, summary('hars/page.har'), fs.readdirSync('hars').filter((f) => f !== 'page.har').length];
});
await attempt('contextUpdate', async () => {
  const context = await browser.newContext();
  await context.routeFromHAR('hars/context.har', { update: true, url: '**/api/**', updateContent: 'embed', updateMode: 'full' });
  await shop(await context.newPage());
  await context.close();
  return summary('hars/context.har');
});
await attempt('startHar', async () => {
  const context = await browser.newContext();
  const p = await context.newPage();
  const answers = [];
  const tried = async (f) => { try { await f(); answers.push('ok'); } catch (e) { answers.push(e.message); } };
  const started = await context.tracing.startHar('hars/started.har');
  await tried(() => context.tracing.startHar('hars/again.har'));
  await shop(p);
  answers.push(fs.existsSync('hars/started.har'));
  await context.tracing.stopHar();
  answers.push(fs.existsSync('hars/started.har'), summary('hars/started.har'));
  await tried(() => context.tracing.stopHar());
  await tried(() => started.dispose());
  const disposable = await context.tracing.startHar('hars/disposed.har', { mode: 'minimal', urlFilter: /PIXEL/i });
  await p.reload();
  await disposable.dispose();
  answers.push(summary('hars/disposed.har'));
  await tried(() => context.tracing.startHar('hars/a.zip', { resourcesDir: 'hars/res' }));
  await context.tracing.startHar('hars/res.har', { content: 'attach', resourcesDir: 'hars/res' });
  // Its own requests answered before the HAR stops (Playwright writes what finished by then).
  await p.reload();
  await p.waitForFunction(() => document.title === 'done');
  await context.tracing.stopHar();
  answers.push(fs.readdirSync('hars/res').sort().length, summary('hars/res.har'));
  await context.tracing.startHar('hars/at-close.har');
  await p.reload();
  await context.close();
  answers.push(fs.existsSync('hars/at-close.har'));
  return answers;
});
export default out;
"#;

/// Playwright 1.65.1's answers to `UPDATE` on the same shop (tests/playwright-probe).
const UPDATE_PLAYWRIGHT: &str = r#"{"pageUpdate":[false,["browser,creator,entries,version",[["GET","/start",302,"mimeType,size","",null],["GET","/shop",200,"_file,mimeType,size","",null],["GET","/pixel.gif",200,"_file,mimeType,size","",null],["POST","/api/basket",200,"_file,mimeType,size","_file,mimeType,params,text",""]]],4],"contextUpdate":["browser,creator,entries,pages,version",[["POST","/api/basket",200,"compression,mimeType,size,text","mimeType,params,text","{\"item\":\"tea\"}"]]],"startHar":["tracing.startHar: HAR recording has already been started",false,true,["browser,creator,entries,pages,version",[["GET","/start",302,"compression,mimeType,size","",null],["GET","/shop",200,"compression,mimeType,size,text","",null],["GET","/pixel.gif",200,"compression,encoding,mimeType,size,text","",null],["POST","/api/basket",200,"compression,mimeType,size,text","mimeType,params,text","{\"item\":\"tea\"}"]]],"tracing.stopHar: HAR recording has not been started","disposableStub.dispose: HAR recording has not been started",["browser,creator,entries,version",[["GET","/pixel.gif",200,"encoding,mimeType,size,text","",null]]],"tracing.startHar: resourcesDir option is not compatible with a .zip har file",4,["browser,creator,entries,pages,version",[["GET","/shop",200,"_file,compression,mimeType,size","",null],["GET","/pixel.gif",200,"_file,compression,mimeType,size","",null],["POST","/api/basket",200,"_file,compression,mimeType,size","_file,mimeType,params,text",""]]],true]}"#;

#[test]
fn update_and_start_har_record_as_playwright_records() {
    support::browser_available();
    let base = support::serve_with(answer);
    let playwright = serde_json::from_str(UPDATE_PLAYWRIGHT).unwrap();
    js_suite::assert_module_as_playwright("record-har-update", &base, UPDATE, &playwright, &[]);
}

const SUITE_STEPS: &str = r#"import { When } from '@cucumber/cucumber'

When('the context records the shop into {string}', async function (this: any, file: string) {
  await this.context.tracing.startHar(file)
  await this.page.goto(this.parameters.baseUrl + '/start')
  await this.page.waitForFunction(() => document.title === 'done')
})

When('the page records its visit into {string}', async function (this: any, file: string) {
  await this.page.routeFromHAR(file, { update: true, updateContent: 'embed' })
  await this.page.goto(this.parameters.baseUrl + '/shop')
  await this.page.waitForFunction(() => document.title === 'done')
})
"#;

const SUITE_FEATURE: &str = "Feature: HAR\n\n  Scenario: Started and left running\n    When the context records the shop into \"hars/first.har\"\n\n  Scenario: The page's own\n    When the page records its visit into \"hars/second.har\"\n";

/// A HAR the scenario leaves recording on its own context is written when the scenario ends,
/// as when its context closes, and holds that scenario's requests only.
#[test]
fn a_scenarios_hars_are_written_when_it_ends() {
    support::browser_available();
    let base = support::serve_with(answer);
    let dir = js_suite::project_dir("record-har-suite");
    js_suite::write_files(&dir, &[("steps/har.ts", SUITE_STEPS), ("har.feature", SUITE_FEATURE)]);
    let (out, all) = js_suite::run_feature(&dir, "har.feature", &base);
    assert!(out.status.success(), "{all}");
    let paths =
        |file: &str| requests(&read_json(&dir.join("hars").join(file))).into_iter().map(|r| r.1).collect::<Vec<_>>();
    let mut first = paths("first.har");
    first.sort();
    assert_eq!(first, ["/api/basket", "/pixel.gif", "/shop", "/start"], "the first scenario's requests, once");
    let mut second = paths("second.har");
    second.sort();
    assert_eq!(second, ["/api/basket", "/pixel.gif", "/shop"], "the second scenario's requests only");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every path a recording or a replay names stays inside the project, checked in Rust: the
/// HAR of `startHar` and of `update`, `resourcesDir`, and a zip to replay.
#[test]
fn paths_outside_the_project_are_refused() {
    support::browser_available();
    let dir = js_suite::project_dir("record-har-outside");
    let script = r#"
const out = {};
const c = await browser.newContext();
const tries = [
  ['startHar', () => c.tracing.startHar('../x.har')],
  ['resourcesDir', () => c.tracing.startHar('in.har', { content: 'attach', resourcesDir: '../res' })],
  ['update', () => c.routeFromHAR('../u.har', { update: true })],
  ['zip', () => c.routeFromHAR('../z.zip')],
];
for (const [key, f] of tries) { try { await f(); out[key] = 'ok'; } catch (e) { out[key] = String(e.message).split('\n')[0]; } }
return out;
"#;
    let (envelope, stderr) = js_suite::run_script(&dir, script, &[]);
    for key in ["startHar", "resourcesDir", "update", "zip"] {
        let answer = envelope["value"][key].as_str().unwrap_or_else(|| panic!("{envelope}\n{stderr}"));
        assert!(answer.contains("outside the project"), "{key}: {answer}");
    }
    assert!(!dir.join("../x.har").exists() && !dir.join("../res").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
