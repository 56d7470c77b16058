//! The context options cucumber-js + Playwright suites pass to `browser.newContext` besides
//! the emulation ones: `acceptDownloads`, `bypassCSP`, `reducedMotion`, `forcedColors`,
//! `contrast`, `serviceWorkers` — what pages then see, and Playwright's words for a bad value —
//! compared with Playwright 1.65.1's answers on the same pages (recorded with a probe). And
//! `grantPermissions`: Playwright's permission names (sensors, storage access, local fonts…),
//! grants that add up (per origin, as Playwright names it), an unknown name refused.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[
    ("/", "<!doctype html><title>Home</title><p>x</p>"),
    (
        "/csp",
        r#"<!doctype html><meta http-equiv="Content-Security-Policy" content="script-src 'none'"><title>CSP</title><script>window.inlineRan = true</script>"#,
    ),
    ("/file.txt", "hello"),
];

const SCRIPT: &str = r#"
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
const browser = page.context().browser();
await attempt('media', async () => {
  const c = await browser.newContext({ acceptDownloads: true, reducedMotion: 'reduce', forcedColors: 'active', contrast: 'more', colorScheme: 'dark' });
  const p = await c.newPage(); await p.goto(args[0] + '/');
  const r = await p.evaluate(() => ['(prefers-reduced-motion: reduce)', '(forced-colors: active)', '(prefers-contrast: more)', '(prefers-color-scheme: dark)'].map((q) => matchMedia(q).matches));
  await c.close(); return r;
});
await attempt('csp', async () => {
  const c = await browser.newContext({ bypassCSP: true });
  const p = await c.newPage(); await p.goto(args[0] + '/csp');
  const r = await p.evaluate(() => window.inlineRan === true);
  await p.addScriptTag({ content: 'window.added = 1' });
  const a = await p.evaluate(() => window.added);
  await c.close(); return [r, a];
});
await attempt('cspWithout', async () => {
  const c = await browser.newContext();
  const p = await c.newPage(); await p.goto(args[0] + '/csp');
  const r = await p.evaluate(() => window.inlineRan === true);
  await c.close(); return r;
});
await attempt('serviceWorkersBlock', async () => {
  const c = await browser.newContext({ serviceWorkers: 'block' });
  const p = await c.newPage(); await p.goto(args[0] + '/');
  const r = await p.evaluate(() => navigator.serviceWorker.register('/missing-sw.js').then(() => 'registered', (e) => 'refused'));
  await c.close(); return r;
});
await attempt('serviceWorkersAllow', async () => {
  const c = await browser.newContext({ serviceWorkers: 'allow' });
  const p = await c.newPage(); await p.goto(args[0] + '/');
  const r = await p.evaluate(() => navigator.serviceWorker.register('/missing-sw.js').then(() => 'registered', (e) => 'refused: ' + (/bad HTTP response code \(404\)/.test(e.message) ? '404' : e.message)));
  await c.close(); return r;
});
await attempt('badMotion', async () => { await browser.newContext({ reducedMotion: 'slow' }); return 'ok'; });
await attempt('badWorkers', async () => { await browser.newContext({ serviceWorkers: 'sometimes' }); return 'ok'; });
await attempt('downloadsRefused', async () => {
  const c = await browser.newContext({ acceptDownloads: false });
  const p = await c.newPage(); await p.goto(args[0] + '/');
  const [d] = await Promise.all([p.waitForEvent('download', { timeout: 3000 }), p.evaluate(() => { const a = document.createElement('a'); a.href = '/file.txt'; a.download = 'f.txt'; document.body.append(a); a.click(); })]);
  const f = await d.failure(); const path = await d.path().catch((e) => 'error: ' + e.message.split('\n')[0]);
  await c.close(); return [f, path];
});
return out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT`.
const PLAYWRIGHT: &str = r#"{"media": [true, true, true, true], "csp": [true, 1], "cspWithout": false, "serviceWorkersBlock": "registered", "serviceWorkersAllow": "refused: 404", "badMotion": "error: browser.newContext: reducedMotion: expected one of (reduce|no-preference|no-override)", "badWorkers": "error: browser.newContext: serviceWorkers: expected one of (allow|block)", "downloadsRefused": ["Pass { acceptDownloads: true } when you are creating your browser context.", "error: download.path: Pass { acceptDownloads: true } when you are creating your browser context."]}"#;

#[test]
fn context_options_answer_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("context-options", &base, SCRIPT, &playwright, &[]);
}

const PERMISSIONS: &str = r#"const out = {};
await page.goto(args[0] + '/');
const fail = (e) => e.message.split('\n')[0];
try { await context.grantPermissions(['storage-access', 'local-fonts', 'accelerometer', 'gyroscope', 'clipboard-read', 'screen-wake-lock']); out.known = 'ok'; } catch (e) { out.known = fail(e); }
try { await context.grantPermissions(['bogus']); out.unknown = 'ok'; } catch (e) { out.unknown = fail(e); }
try { await context.grantPermissions(['local-network-access']); out.lna = 'ok'; } catch (e) { out.lna = fail(e); }
out.state = await page.evaluate(async () => (await navigator.permissions.query({ name: 'accelerometer' })).state);
await context.clearPermissions();
await context.grantPermissions(['geolocation'], { origin: args[0] });
await context.grantPermissions(['notifications'], { origin: args[0] + '/' });
out.byOrigin = await page.evaluate(async () => [(await navigator.permissions.query({ name: 'geolocation' })).state, (await navigator.permissions.query({ name: 'notifications' })).state]);
return out;
"#;

/// Playwright 1.65.1's answers to `PERMISSIONS`; `lna` differs on purpose: Playwright keeps the
/// unknown name it refused in the context's list, so every later grant fails with it.
const PERMISSIONS_PLAYWRIGHT: &str = r#"{"known":"ok","unknown":"browserContext.grantPermissions: Unknown permission: bogus","lna":"browserContext.grantPermissions: Unknown permission: bogus","state":"granted","byOrigin":["granted","granted"]}"#;

#[test]
fn permissions_are_granted_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(PERMISSIONS_PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("permissions", &base, PERMISSIONS, &playwright, &[("lna", serde_json::json!("ok"))]);
}
