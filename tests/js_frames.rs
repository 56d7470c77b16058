//! A page's frames as Playwright 1.65.1 answered the same calls on the same pages (recorded
//! with a probe): `page.frames()`, `page.mainFrame()`, `page.frame(name | { url })`, a frame's
//! name, URL, parent and children, its locators, selector shortcuts, `evaluate`, `title`,
//! `content` and `frameElement`, a frame two levels down, and a frame whose iframe is removed.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[
    ("/frames", r#"<!DOCTYPE html><title>Top</title><h1>Top</h1><iframe id=child name=child src="/child"></iframe>"#),
    (
        "/child",
        r#"<!DOCTYPE html><title>Child</title><button onclick="document.getElementById('out').textContent = 'pressed'">Press</button><p id=out></p><input id=q><iframe id=deepframe name=deep src="/deep"></iframe>"#,
    ),
    ("/deep", "<!DOCTYPE html><title>Deep</title><p>deep text</p>"),
];

const SCRIPT: &str = r#"
await page.goto(args[0] + '/frames');
await page.frameLocator('#child').locator('#deepframe').waitFor();
const out = {};
await page.waitForFunction(() => document.querySelector('#child').contentDocument.querySelector('iframe').contentDocument.readyState === 'complete');
out.frames = page.frames().map((f) => [f.name(), f.url().replace(args[0], '')]);
out.mainIsFirst = page.mainFrame() === page.frames()[0];
out.mainParent = page.mainFrame().parentFrame();
const child = page.frame('child');
out.childUrl = child.url().replace(args[0], '');
out.byUrl = page.frame({ url: /deep/ }).name();
out.byUrlString = page.frame({ url: args[0] + '/deep' }).name();
out.byPredicate = page.frame({ url: (u) => u.pathname === '/deep' }).name();
out.none = page.frame('nope');
out.parentIsMain = child.parentFrame() === page.mainFrame();
out.childCount = page.mainFrame().childFrames().length;
out.deepParent = page.frame('deep').parentFrame().name();
out.page = child.page() === page;
out.text = await child.locator('button').textContent();
await child.getByRole('button', { name: 'Press' }).click();
out.pressed = await child.locator('#out').textContent();
await child.fill('#q', 'typed');
out.value = await child.inputValue('#q');
out.title = await child.title();
out.evaluate = await child.evaluate(() => document.title + ' ' + location.pathname);
out.evaluateArg = await child.evaluate((a) => a * 2, 21);
out.content = (await child.content()).includes('<button');
out.element = await (await child.frameElement()).getAttribute('id');
out.deepText = await page.frame('deep').locator('p').textContent();
out.detachedBefore = child.isDetached();
await page.evaluate(() => document.querySelector('#child').remove());
out.detachedAfter = child.isDetached();
out.framesAfter = page.frames().length;
try { await child.locator('button').click({ timeout: 500 }); out.clickDetached = 'ok'; } catch (e) { out.clickDetached = e.message.split('\n')[0]; }
return out;
"#;

#[test]
fn frames_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same pages).
    let playwright = serde_json::json!({
        "frames": [["", "/frames"], ["child", "/child"], ["deep", "/deep"]],
        "mainIsFirst": true,
        "mainParent": null,
        "childUrl": "/child",
        "byUrl": "deep",
        "byUrlString": "deep",
        "byPredicate": "deep",
        "none": null,
        "parentIsMain": true,
        "childCount": 1,
        "deepParent": "child",
        "page": true,
        "text": "Press",
        "pressed": "pressed",
        "value": "typed",
        "title": "Child",
        "evaluate": "Child /child",
        "evaluateArg": 42,
        "content": true,
        "element": "child",
        "deepText": "deep text",
        "detachedBefore": false,
        "detachedAfter": true,
        "framesAfter": 1,
        "clickDetached": "locator.click: Frame was detached"
    });
    js_suite::assert_as_playwright("frames", &base, SCRIPT, &playwright, &[]);
}

/// `setContent` waits as Playwright's does (`load` by default: frames and images too), so the
/// frames it brings are there when it returns.
const SET_CONTENT: &str = r#"
await page.goto(args[0] + '/frames');
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
await attempt('load', async () => {
  await page.setContent(`<iframe name=kid src="${args[0]}/child"></iframe><img id=pic src="${args[0]}/__slow?ms=400">`);
  return [page.frames().length > 1, page.frame('kid') !== null && page.frame('kid').url().endsWith('/child'), await page.evaluate(() => document.getElementById('pic').complete)];
});
await attempt('dom', async () => {
  await page.setContent(`<img id=pic2 src="${args[0]}/__slow?ms=600"><p>x</p>`, { waitUntil: 'domcontentloaded' });
  return page.evaluate(() => document.getElementById('pic2').complete);
});
await attempt('timeout', () => page.setContent(`<img src="${args[0]}/__slow?ms=2000">`, { timeout: 300 }));
await attempt('after', async () => { await page.setContent('<p id=p>plain</p>'); return page.textContent('#p'); });
return out;
"#;

#[test]
fn set_content_waits_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same kind of page).
    let playwright = serde_json::json!({
        "load": [true, true, true],
        "dom": false,
        "timeout": "error: page.setContent: Timeout 300ms exceeded.",
        "after": "plain"
    });
    // Ours names what it waited for.
    let ours = [(
        "timeout",
        serde_json::json!(
            "error: timed out after 300 ms waiting for the new content to reach \"load\" (page.setContent)"
        ),
    )];
    js_suite::assert_as_playwright("set-content", &base, SET_CONTENT, &playwright, &ours);
}
