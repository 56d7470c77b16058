//! What Playwright 1.65's `route`, `addInitScript`, `exposeFunction` and `exposeBinding` answer
//! (page and context): a `Disposable` whose `dispose()` undoes it — the route stops answering,
//! the script stops running in new documents, the function leaves the page (and its name is
//! free again; a context's copy of a script goes, a page's own stays; disposing after the page
//! closed is fine) — compared with Playwright 1.65.1's answers on the same pages (recorded with a
//! probe).

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const SCRIPT: &str = r#"
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
await page.goto(args[0] + '/sel');
await attempt('route', async () => {
  const d = await page.route('**/api', (r) => r.fulfill({ body: 'mocked' }));
  const before = await page.evaluate(async () => (await fetch('/api')).status);
  const body = await page.evaluate(async () => (await fetch('/api')).text());
  await d.dispose();
  const after = await page.evaluate(async () => (await fetch('/api')).status);
  return [typeof d.dispose, before, body, after];
});
await attempt('initScript', async () => {
  const d = await page.addInitScript(() => { window.inited = (window.inited || 0) + 1; });
  await page.reload();
  const before = await page.evaluate(() => window.inited);
  await d.dispose();
  await page.reload();
  const after = await page.evaluate(() => window.inited);
  return [before, after === undefined ? 'undefined' : after];
});
await attempt('exposeFunction', async () => {
  const d = await page.exposeFunction('twice', (x) => x * 2);
  const before = await page.evaluate(() => window.twice(4));
  await d.dispose();
  const now = await page.evaluate(() => typeof window.twice);
  await page.reload();
  const afterReload = await page.evaluate(() => typeof window.twice);
  const d2 = await page.exposeFunction('twice', (x) => x * 3);
  const again = await page.evaluate(() => window.twice(4));
  await d2.dispose();
  await d2.dispose();
  return [before, now, afterReload, again];
});
await attempt('contextBinding', async () => {
  const d = await context.exposeBinding('who', (source) => 'me');
  const before = await page.evaluate(() => window.who());
  await d.dispose();
  const now = await page.evaluate(() => typeof window.who);
  const p2 = await context.newPage();
  const inNew = await p2.evaluate(() => typeof window.who);
  await p2.close();
  return [before, now, inNew];
});
await attempt('contextInit', async () => {
  const d = await context.addInitScript(() => { window.ctxInit = true; });
  const p2 = await context.newPage();
  const withIt = await p2.evaluate(() => window.ctxInit === true);
  await d.dispose();
  const p3 = await context.newPage();
  const without = await p3.evaluate(() => window.ctxInit === undefined);
  await p2.reload();
  const reloaded = await p2.evaluate(() => window.ctxInit === undefined);
  await p2.close(); await p3.close();
  return [withIt, without, reloaded];
});
await attempt('contextRoute', async () => {
  const d = await context.route('**/api', (r) => r.fulfill({ body: 'ctx' }));
  const body = await page.evaluate(async () => (await fetch('/api')).text());
  await d.dispose();
  const after = await page.evaluate(async () => (await fetch('/api')).status);
  return [body, after];
});
await attempt('routeIdentity', async () => {
  const h = (r) => r.fulfill({ body: 'mocked' });
  const d = await page.route('**/api', h);
  await page.unroute('**/api');
  await page.route('**/api', h);
  await d.dispose();
  return page.evaluate(async () => (await fetch('/api')).status);
});
await attempt('sameScript', async () => {
  await page.unrouteAll();
  const src = 'window.both = (window.both || 0) + 1';
  const pd = await page.addInitScript(src);
  const cd = await context.addInitScript(src);
  await page.reload();
  const before = await page.evaluate(() => window.both);
  await cd.dispose();
  await page.reload();
  const after = await page.evaluate(() => window.both);
  await pd.dispose();
  await page.reload();
  return [before, after, await page.evaluate(() => window.both === undefined)];
});
await attempt('disposeClosed', async () => {
  const p2 = await context.newPage();
  const d2 = await p2.addInitScript('1');
  await p2.close();
  return d2.dispose().then(() => 'ok');
});
await attempt('blankSeesEmulation', async () => {
  const c = await context.browser().newContext({ timezoneId: 'Asia/Tokyo', locale: 'de-DE' });
  await c.addInitScript(() => { window.seen = [Intl.DateTimeFormat().resolvedOptions().timeZone, navigator.language]; });
  const p = await c.newPage();
  const seen = await p.evaluate(() => window.seen);
  await c.close();
  return seen;
});
return out;
"#;

#[test]
fn disposables_undo_as_playwright() {
    support::browser_available();
    let base = support::serve(&[("/sel", "<!DOCTYPE html><title>Sel</title><p>x</p>")]);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same kind of pages; /api is not
    // served: 404 once the route is gone).
    let playwright = serde_json::json!({
        "route": ["function", 200, "mocked", 404],
        "initScript": [1, "undefined"],
        "exposeFunction": [8, "undefined", "undefined", 12],
        "contextBinding": ["me", "undefined", "undefined"],
        "contextInit": [true, true, true],
        "contextRoute": ["ctx", 404],
        "routeIdentity": 404,
        "sameScript": [2, 1, true],
        "disposeClosed": "ok",
        "blankSeesEmulation": ["Asia/Tokyo", "de-DE"]
    });
    js_suite::assert_as_playwright("disposables", &base, SCRIPT, &playwright, &[]);
}
