//! The page's `websocket` event and Playwright's WebSocket (`framesent`, `framereceived`,
//! `socketerror`, `close`, `url()`, `isClosed()`, `waitForEvent` and what ends it), as
//! Playwright 1.65.1 answered the same calls on the same page and server (recorded with a
//! probe against the Python twin of tests/common/ws_server.rs): text and binary frames both
//! ways, an empty frame not reported, a socket closed by either side, a refused handshake, a
//! port the browser refuses, a wait ended by the socket's error, by a timeout and by the page
//! closing; the code awaiting `page.waitForEvent('websocket')` runs before the socket's next
//! event. And `page.waitForEvent`/`waitForRequest` ended by the page closing.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;
#[path = "common/ws_server.rs"]
mod ws_server;

const SCRIPT: &str = r#"const base = args[0];
const out = {};
const log = async (n) => {
  await page.waitForFunction((k) => window.log.length >= k, n);
  return page.evaluate(() => window.log.splice(0));
};
const fail = (e) => e.message.split('\n')[0];
await page.goto(base + '/');
const seen = [];
// Each socket's first frame from the server, by path.
const greeted = {};
page.on('websocket', (ws) => {
  const name = new URL(ws.url()).pathname;
  seen.push(['websocket', name, ws.url().replace(/:\d+/, ':PORT'), ws.isClosed()]);
  greeted[name] = new Promise((r) => ws.once('framereceived', (f) => r(f.payload)));
  ws.on('framesent', (f) => seen.push([name, 'sent', typeof f.payload === 'string' ? f.payload : 'buffer ' + [...f.payload].join(',')]));
  ws.on('framereceived', (f) => seen.push([name, 'received', typeof f.payload === 'string' ? f.payload : 'buffer ' + [...f.payload].join(',')]));
  ws.on('socketerror', (e) => seen.push([name, 'socketerror', e]));
  ws.on('close', (w) => seen.push([name, 'close', w === ws, ws.isClosed()]));
});
// a socket that talks, sends binary and closes; each wait starts before what it waits for
const wsPromise = page.waitForEvent('websocket');
await page.evaluate(() => { open2('/ws'); });
const ws = await wsPromise;
out.url = ws.url().replace(/:\d+/, ':PORT');
out.firstReceived = await greeted['/ws'];
const echo = ws.waitForEvent('framereceived', (f) => f.payload === 'echo: hi');
await page.evaluate(() => ws.send('hi'));
out.echo = (await echo).payload;
const binary = ws.waitForEvent('framereceived', { predicate: (f) => typeof f.payload !== 'string' });
await page.evaluate(() => ws.send(new Uint8Array([1, 2, 3])));
out.binary = [...(await binary).payload];
const empty = ws.waitForEvent('framereceived', (f) => f.payload === 'echo: ');
await page.evaluate(() => ws.send(''));
await empty;
await log(5);
const closed = ws.waitForEvent('close');
await page.evaluate(() => ws.close(1000, 'done'));
out.closeArg = (await closed) === ws;
out.isClosed = ws.isClosed();
await log(1);
// the code awaiting the socket runs before the socket's next event
const ws6p = page.waitForEvent('websocket');
const opening = page.evaluate(() => { open2('/ws6'); });
const ws6 = await ws6p;
out.firstAwaited = (await ws6.waitForEvent('framereceived')).payload;
await opening;
await log(2);
await page.evaluate(() => ws.close());
await log(1);
// a wait for a frame that ends with the socket
const ws2p = page.waitForEvent('websocket');
await page.evaluate(() => { open2('/ws2'); });
const ws2 = await ws2p;
await greeted['/ws2'];
const never = ws2.waitForEvent('framesent', { predicate: () => false }).then(() => 'resolved', (e) => fail(e));
await page.evaluate(() => ws.send('bye'));
out.waitEndsWithSocket = await never;
await log(4);
// a refused handshake
const ws3p = page.waitForEvent('websocket');
await page.evaluate(() => { open2('/deny'); });
const ws3 = await ws3p;
await log(2);
out.denyClosed = ws3.isClosed();
// a timeout
try { await ws3.waitForEvent('framesent', { timeout: 200 }); out.timeout = 'resolved'; } catch (e) { out.timeout = [e.name, fail(e)]; }
// a connection the browser refuses
const ws4p = page.waitForEvent('websocket');
await page.evaluate(() => { open2('ws://127.0.0.1:9/nothing'); });
const ws4 = await ws4p;
await log(2);
out.refusedClosed = ws4.isClosed();
// the page closing ends a wait
const ws5p = page.waitForEvent('websocket');
await page.evaluate(() => { open2('/ws5'); });
const ws5 = await ws5p;
await greeted['/ws5'];
const pending = ws5.waitForEvent('framesent').then(() => 'resolved', (e) => fail(e));
out.seen = seen.slice();
await page.close();
out.pageClosed = await pending;
return out;
"#;

/// Playwright 1.65.1's answers (tests/playwright-probe, the same page and server).
const PLAYWRIGHT: &str = r#"{"url":"ws://127.0.0.1:PORT/ws","firstReceived":"hello from server","echo":"echo: hi","binary":[3,2,1],"closeArg":true,"isClosed":true,"firstAwaited":"hello from server","waitEndsWithSocket":"webSocket.waitForEvent: Socket error","denyClosed":true,"timeout":["TimeoutError","webSocket.waitForEvent: Timeout 200ms exceeded while waiting for event \"framesent\""],"refusedClosed":true,"seen":[["websocket","/ws","ws://127.0.0.1:PORT/ws",false],["/ws","received","hello from server"],["/ws","sent","hi"],["/ws","received","echo: hi"],["/ws","sent","buffer 1,2,3"],["/ws","received","buffer 3,2,1"],["/ws","received","echo: "],["/ws","close",true,true],["websocket","/ws6","ws://127.0.0.1:PORT/ws6",false],["/ws6","received","hello from server"],["/ws6","close",true,true],["websocket","/ws2","ws://127.0.0.1:PORT/ws2",false],["/ws2","received","hello from server"],["/ws2","sent","bye"],["/ws2","socketerror","Close received after close"],["/ws2","close",true,true],["websocket","/deny","ws://127.0.0.1:PORT/deny",false],["/deny","socketerror","Error during WebSocket handshake: Unexpected response code: 403"],["/deny","close",true,true],["websocket","/nothing","ws://127.0.0.1:PORT/nothing",false],["/nothing","socketerror","Error in connection establishment: net::ERR_UNSAFE_PORT"],["/nothing","close",true,true],["websocket","/ws5","ws://127.0.0.1:PORT/ws5",false],["/ws5","received","hello from server"]],"pageClosed":"webSocket.waitForEvent: Target page, context or browser has been closed"}"#;

#[test]
fn websocket_events_as_playwright() {
    support::browser_available();
    let base = support::serve_with(ws_server::answer);
    let playwright: serde_json::Value = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("websocket-events", &base, SCRIPT, &playwright, &[]);
}

const PAGE_WAITS: &str = r#"const base = args[0];
const out = {};
await page.goto(base + '/');
const p2 = await context.newPage();
const w = p2.waitForEvent('request').then(() => 'resolved', (e) => e.message.split('\n')[0]);
const w2 = p2.waitForRequest('**/x').then(() => 'resolved', (e) => e.message.split('\n')[0]);
await new Promise((r) => setTimeout(r, 100));
await p2.close();
out.closed = await w;
out.closedReq = await w2;
const w3 = page.waitForEvent('close', { timeout: 300 }).then(() => 'resolved', (e) => e.message.split('\n')[0]);
out.timeout = await w3;
return out;
"#;

/// Playwright 1.65.1's answers to `PAGE_WAITS`.
const PAGE_WAITS_PLAYWRIGHT: &str = r#"{"closed":"page.waitForEvent: Target page, context or browser has been closed","closedReq":"page.waitForRequest: Target page, context or browser has been closed","timeout":"page.waitForEvent: Timeout 300ms exceeded while waiting for event \"close\""}"#;

#[test]
fn page_waits_end_when_the_page_closes() {
    support::browser_available();
    let base = support::serve_with(ws_server::answer);
    let playwright: serde_json::Value = serde_json::from_str(PAGE_WAITS_PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("page-waits-close", &base, PAGE_WAITS, &playwright, &[]);
}
