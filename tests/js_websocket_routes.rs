//! `page.routeWebSocket` and `context.routeWebSocket` as Playwright 1.65.1 answered the same
//! calls on the same page and server (recorded with a probe; the server here is a small
//! WebSocket echo written for the test, the probe's was the same in Python): a socket no route
//! matches reaches its server untouched; a mocked one (the handler's `onMessage`/`send`/
//! `close`, its `onClose`, the protocols asked for) never does; one connected to the server
//! with messages changed on the way, or passed on both ways (text and binary) when nothing is
//! handled, with each side's close; the page's own errors (sending before open, a bad close
//! code); context routes after a reload, a page's route winning over the context's, binary
//! messages from the handler.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;
#[path = "common/ws_server.rs"]
mod ws_server;

use ws_server::answer;

const SCRIPT: &str = r#"const base = args[0];
const out = {};
// Waits for the page's log to hold `n` entries (what each case expects), then takes them.
const log = async (n) => {
  await page.waitForFunction((k) => window.log.length >= k, n);
  return page.evaluate(() => window.log.splice(0));
};
const opened = () => page.waitForFunction(() => window.ws.readyState === 1);
const fail = (e) => e.message.split('\n')[0];
await page.goto(base + '/');
// no route: straight through
await page.evaluate(() => { open2('/ws'); });
await opened();
await page.evaluate(() => ws.send('hi'));
out.unrouted = await log(3);
await page.evaluate(() => ws.close());
out.unroutedClose = await log(1);
// a mocked socket
const seen = [];
let closedSeen;
const pageClosed = new Promise((r) => (closedSeen = r));
await page.routeWebSocket('**/mock', (ws) => {
  seen.push(['url', ws.url().replace(/:\d+/, ':PORT'), ws.protocols()]);
  ws.onMessage((m) => { seen.push(['page said', m]); if (m === 'ping') ws.send('pong'); if (m === 'end') ws.close({ code: 4000, reason: 'done' }); });
  ws.onClose((code, reason) => { seen.push(['page closed', code, reason]); closedSeen(); });
});
await page.evaluate(() => { open2('/mock', ['chat', 'v2']); });
await opened();
await page.evaluate(() => { ws.send('ping'); ws.send('x'); });
out.mocked = await log(2);
await page.evaluate(() => ws.send('end'));
out.mockedEnd = await log(1);
await pageClosed;
out.seen = seen.splice(0);
// connected to the server, messages changed on the way
await page.routeWebSocket(/\/ws$/, (ws) => {
  const server = ws.connectToServer();
  ws.onMessage((m) => server.send(m === 'hi' ? 'HI' : m));
  server.onMessage((m) => ws.send('[' + m + ']'));
});
await page.evaluate(() => { open2('/ws'); });
await opened();
await page.evaluate(() => ws.send('hi'));
out.changed = await log(3);
await page.evaluate(() => ws.send('bye'));
out.serverClosed = await log(2);
// connected, nothing handled: passed on both ways
await page.routeWebSocket('**/ws', (ws) => { ws.connectToServer(); });
await page.evaluate(() => { open2('/ws'); });
await opened();
await page.evaluate(() => { ws.send('through'); ws.send(new Uint8Array([1, 2, 3])); });
out.passed = await log(4);
await page.evaluate(() => ws.close(1000, 'client done'));
out.passedClose = await log(1);
// the page's own errors
out.sendEarly = await page.evaluate(() => { const w = open2('/mock'); try { w.send('x'); return 'sent'; } catch (e) { return e.name + ': ' + e.message; } });
await opened();
await log(1);
out.badClose = await page.evaluate(() => { try { ws.close(1001); return 'closed'; } catch (e) { return e.name + ': ' + e.message; } });
// context routes, after a reload
await context.routeWebSocket('**/ctx', (ws) => { ws.onMessage((m) => ws.send('context got ' + m)); });
await page.reload();
await page.evaluate(() => { open2('/ctx'); });
await opened();
await page.evaluate(() => ws.send('a'));
out.context = await log(2);
// the page's route wins over the context's
await page.routeWebSocket('**/ctx', (ws) => { ws.onMessage((m) => ws.send('page got ' + m)); });
await page.evaluate(() => { open2('/ctx'); });
await opened();
await page.evaluate(() => ws.send('b'));
out.pageWins = await log(2);
out.readyStates = await page.evaluate(() => [WebSocket.CONNECTING, WebSocket.OPEN, WebSocket.CLOSING, WebSocket.CLOSED, ws.readyState, ws instanceof WebSocket, ws.url.replace(/:\d+/, ':PORT')]);
// binary from the route
await page.routeWebSocket('**/bin', (ws) => { ws.onMessage(() => ws.send(Buffer.from([9, 8, 7]))); });
await page.evaluate(() => { open2('/bin'); });
await opened();
await page.evaluate(() => ws.send('give'));
out.binary = await log(2);
try { await page.routeWebSocket('**/x', 'nope'); out.badHandler = 'added'; } catch (e) { out.badHandler = 'threw'; }
return out;
"#;

/// Playwright 1.65.1's answers (tests/playwright-probe, the same page and server).
const PLAYWRIGHT: &str = r#"{"unrouted": ["open ", "message hello from server", "message echo: hi"], "unroutedClose": ["close 1005  true"], "mocked": ["open chat", "message pong"], "mockedEnd": ["close 4000 done true"], "seen": [["url", "ws://127.0.0.1:PORT/mock", ["chat", "v2"]], ["page said", "ping"], ["page said", "x"], ["page said", "end"], ["page closed", 4000, "done"]], "changed": ["open ", "message [hello from server]", "message [echo: HI]"], "serverClosed": ["error", "close 1006  false"], "passed": ["open ", "message hello from server", "message echo: through", "message binary 3,2,1"], "passedClose": ["close 1000 client done true"], "sendEarly": "Error: Failed to execute 'send' on 'WebSocket': Still in CONNECTING state.", "badClose": "Error: Failed to execute 'close' on 'WebSocket': The close code must be either 1000, or between 3000 and 4999. 1001 is neither.", "context": ["open ", "message context got a"], "pageWins": ["open ", "message page got b"], "readyStates": [0, 1, 2, 3, 1, true, "ws://127.0.0.1:PORT/ctx"], "binary": ["open ", "message binary 9,8,7"], "badHandler": "added"}"#;

#[test]
fn websocket_routes_as_playwright() {
    support::browser_available();
    let base = support::serve_with(answer);
    let playwright: serde_json::Value = serde_json::from_str(PLAYWRIGHT).unwrap();
    // A handler that is not a function is refused when the route is added (Playwright takes
    // it and fails when a socket opens).
    js_suite::assert_as_playwright(
        "websocket-routes",
        &base,
        SCRIPT,
        &playwright,
        &[("badHandler", serde_json::json!("threw"))],
    );
}

const MORE: &str = r#"const base = args[0];
const out = {};
const log = async (n, target = page) => {
  await target.waitForFunction((k) => window.log.length >= k, n);
  return target.evaluate(() => window.log.splice(0));
};
const opened = (target = page) => target.waitForFunction(() => window.ws.readyState === 1);
await page.goto(base + '/');
// binary reaches the handlers, from the page and from the server
const bytes = [];
let got;
const gotAll = new Promise((r) => (got = r));
await page.routeWebSocket('**/ws', (ws) => {
  const server = ws.connectToServer();
  ws.onMessage((m) => { bytes.push(['page', typeof m === 'string' ? m : [...m]]); server.send(m); });
  server.onMessage((m) => { bytes.push(['server', typeof m === 'string' ? m : [...m]]); if (typeof m !== 'string') got(); ws.send(m); });
});
await page.evaluate(() => { open2('/ws'); });
await opened();
await page.evaluate(() => ws.send(new Uint8Array([5, 6, 7])));
await gotAll;
out.binaryHandlers = bytes;
// The page's three entries (open, the server's text, its binary): `gotAll` is the handler's
// moment, before it sends the binary on to the page, so waiting for fewer raced the last one.
out.binaryPage = await log(3);
await page.evaluate(() => ws.close());
await log(1);
// the page closes a mocked socket nobody listens to the close of
await page.routeWebSocket('**/quiet', () => {});
await page.evaluate(() => { open2('/quiet'); });
await opened();
await page.evaluate(() => ws.close(4002, 'page done'));
out.quietClose = await log(2);
// an address without a path, and an exact one
const exact = [];
await page.routeWebSocket(base.replace('http', 'ws').toUpperCase().replace('WS://', 'ws://'), (ws) => exact.push('root'));
await page.routeWebSocket(base.replace('http', 'ws') + '/exact', (ws) => exact.push('exact'));
await page.evaluate((b) => { open2(b.replace('http', 'ws')); }, base);
await opened();
await page.evaluate(() => { open2('/exact'); });
await opened();
out.exact = exact;
await log(2);
// two frames with the same address, each its own socket
await page.routeWebSocket('**/frames', (ws) => { ws.onMessage((m) => ws.send('to ' + m)); });
await page.goto(base + '/two');
const [one, two] = page.frames().slice(1);
await one.waitForFunction(() => typeof window.open2 === 'function');
await two.waitForFunction(() => typeof window.open2 === 'function');
await one.evaluate(() => { open2('/frames'); });
await two.evaluate(() => { open2('/frames'); });
await opened(one);
await opened(two);
await one.evaluate(() => ws.send('one'));
await two.evaluate(() => ws.send('two'));
out.frames = [await log(2, one), await log(2, two)];
// the document goes: the handler hears the close
let heardClose;
const closeHeard = new Promise((r) => (heardClose = r));
await page.routeWebSocket('**/leave', (ws) => { ws.onClose((code, reason) => heardClose([code === undefined ? 'undefined' : code, reason === undefined ? 'undefined' : reason])); });
await page.goto(base + '/');
await page.evaluate(() => { open2('/leave'); });
await opened();
await page.goto(base + '/');
out.navigatedAway = await closeHeard;
return out;
"#;

/// Binary messages reaching the handlers from both sides; a mocked socket the page closes with
/// nobody listening; an address without a path and an exact one; two frames at the same
/// address, each answered in its own document; a route's handler hearing the close when its
/// socket's document goes.
#[test]
fn websocket_route_details_as_playwright() {
    support::browser_available();
    let base = support::serve_with(answer);
    let playwright = serde_json::json!({"binaryHandlers": [["server", "hello from server"], ["page", [5, 6, 7]], ["server", [7, 6, 5]]], "binaryPage": ["open ", "message hello from server", "message binary 7,6,5"], "quietClose": ["open ", "close 4002 page done true"], "exact": ["root", "exact"], "frames": [["open ", "message to one"], ["open ", "message to two"]], "navigatedAway": ["undefined", "undefined"]});
    js_suite::assert_as_playwright("websocket-route-details", &base, MORE, &playwright, &[]);
}

const SUITE_STEPS: &str = r#"import { Before, Then, When } from '@cucumber/cucumber';

Before(async function () {
  await this.page.routeWebSocket('**/live', (ws) => {
    ws.onMessage((message) => ws.send(`mocked ${message}`));
  });
});

When('the page opens its live feed and says {string}', async function (word: string) {
  await this.page.evaluate(() => { (window as any).open2('/live'); });
  await this.page.waitForFunction(() => (window as any).ws.readyState === 1);
  await this.page.evaluate((w) => (window as any).ws.send(w), word);
});

Then('the page heard {string}', async function (text: string) {
  await this.page.waitForFunction((t) => (window as any).log.includes(t), text);
});
"#;

const SUITE_FEATURE: &str = r#"Feature: Live feed

  Scenario: first
    Given I open "/"
    When the page opens its live feed and says "one"
    Then the page heard "message mocked one"

  Scenario: second, on the same kept page
    Given I open "/"
    When the page opens its live feed and says "two"
    Then the page heard "message mocked two"
"#;

/// A route a `Before` hook adds serves each scenario, on a page kept from one to the next too.
#[test]
fn a_suites_websocket_route_serves_every_scenario() {
    support::browser_available();
    let base = support::serve_with(answer);
    let dir = js_suite::project_dir("websocket-route-suite");
    js_suite::write_files(&dir, &[("features/steps/live.ts", SUITE_STEPS), ("features/live.feature", SUITE_FEATURE)]);
    for isolation in ["context", "reset"] {
        let (out, _, text) = js_suite::run_suite(&dir, &base, &["--parallel", "1", "--isolation", isolation]);
        assert_eq!(out.status.code(), Some(0), "--isolation {isolation}: {text}");
        assert!(text.contains("2 scenarios (2 passed)"), "--isolation {isolation}: {text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
