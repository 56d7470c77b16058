//! Viewports as Playwright emulates them: `window.screen` has the viewport's size (or the
//! `screen` option's) and follows `setViewportSize`, with `deviceScaleFactor`; and
//! `viewport: null` — no emulation, `viewportSize()` null until `setViewportSize`, the options
//! that need a viewport refused with Playwright's words, `screen` left out. Recorded with
//! Playwright 1.65.1.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const FIXED: &str = r#"const out = {};
await page.setContent('<p>x</p>');
const facts = (p) => p.evaluate(() => [innerWidth, innerHeight, screen.width, screen.height, screen.availWidth, devicePixelRatio]);
out.fixture = [page.viewportSize(), await facts(page)];
await page.setViewportSize({ width: 600, height: 500 });
out.resized = await facts(page);
const browser = page.context().browser();
for (const [name, opts] of [['small', { viewport: { width: 400, height: 300 } }], ['screen', { viewport: { width: 400, height: 300 }, screen: { width: 1000, height: 900 } }], ['scaled', { deviceScaleFactor: 2 }]]) {
  const context = await browser.newContext(opts);
  const p = await context.newPage();
  await p.setContent('<p>x</p>');
  out[name] = await facts(p);
  await p.setViewportSize({ width: 350, height: 250 });
  out[name + 'Resized'] = await facts(p);
  await context.close();
}
return out;
"#;

/// Playwright 1.65.1's answers to `FIXED`.
const PLAYWRIGHT_FIXED: &str = r#"{"fixture":[{"width":1280,"height":720},[1280,720,1280,720,1280,1]],"resized":[600,500,600,500,600,1],"small":[400,300,400,300,400,1],"smallResized":[350,250,350,250,350,1],"screen":[400,300,1000,900,1000,1],"screenResized":[350,250,350,250,350,1],"scaled":[1280,720,1280,720,1280,2],"scaledResized":[350,250,350,250,350,2]}"#;

const WINDOW: &str = r#"const browser = page.context().browser();
const out = {};
for (const [name, opts] of [['dsf', { viewport: null, deviceScaleFactor: 2 }], ['mobile', { viewport: null, isMobile: true }]]) {
  out[name] = await browser.newContext(opts).then(() => 'made', (e) => e.message.split('\n')[0]);
}
const nullContext = await browser.newContext({ viewport: null });
const p = await nullContext.newPage();
await p.setContent('<p>x</p>');
out.size = p.viewportSize();
out.window = await p.evaluate(() => [innerWidth, innerHeight, screen.width, screen.height]);
out.noEmulation = await p.evaluate(() => innerWidth === outerWidth && matchMedia(`(width: ${innerWidth}px)`).matches);
await p.setViewportSize({ width: 500, height: 400 });
out.after = [p.viewportSize(), await p.evaluate(() => [innerWidth, innerHeight])];
await nullContext.close();
const screened = await browser.newContext({ viewport: null, screen: { width: 1500, height: 1000 } });
const sp = await screened.newPage();
await sp.setContent('<p>x</p>');
out.nullScreen = await sp.evaluate(() => innerWidth === outerWidth && innerWidth < 1500);
await screened.close();
return out;
"#;

/// Playwright 1.65.1's answers to `WINDOW`.
const PLAYWRIGHT_WINDOW: &str = r#"{"dsf":"browser.newContext: \"deviceScaleFactor\" option is not supported with null \"viewport\"","mobile":"browser.newContext: \"isMobile\" option is not supported with null \"viewport\"","size":null,"window":[1280,633,800,600],"noEmulation":true,"after":[{"width":500,"height":400},[500,400]],"nullScreen":true}"#;

#[test]
fn fixed_viewports_and_their_screen_answer_as_playwright() {
    assert!(support::browser_available(), "chromium is needed for this test");
    let playwright = serde_json::from_str(PLAYWRIGHT_FIXED).unwrap();
    js_suite::assert_as_playwright("viewport-fixed", "http://127.0.0.1:9", FIXED, &playwright, &[]);
}

#[test]
fn a_null_viewport_emulates_none() {
    assert!(support::browser_available(), "chromium is needed for this test");
    let playwright = serde_json::from_str(PLAYWRIGHT_WINDOW).unwrap();
    // The window itself: Chromium's headless window is 780×493 inside. Playwright's answer is
    // the size of a window it resized for an earlier page's viewport (its first window is
    // 780×493 too); ferridriver resizes no window.
    let ours = serde_json::json!([780, 493, 800, 600]);
    js_suite::assert_as_playwright("viewport-null", "http://127.0.0.1:9", WINDOW, &playwright, &[("window", ours)]);
}
