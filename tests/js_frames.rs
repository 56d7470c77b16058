//! A page's frames as Playwright 1.65.1 answered the same calls on the same pages (recorded
//! with a probe): `page.frames()`, `page.mainFrame()`, `page.frame(name | { url })`, a frame's
//! name, URL, parent and children, its locators, selector shortcuts, `evaluate`, `title`,
//! `content` and `frameElement`, a frame two levels down, a frame whose iframe is removed, and a
//! child frame that navigates and waits on its own.

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

/// A child frame navigates on its own (`frame.goto` through a redirect, to an error status,
/// waiting for a slow image or only for the DOM, timing out), waits for its loads and URL,
/// takes new content and tags; the page around it stays where it was.
const CHILD_NAVIGATION: &str = r#"
await page.goto(args[0] + '/nav-top');
const child = page.frame('child');
await child.waitForLoadState();
const out = {};
const strip = (u) => u.replace(args[0], '');
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
await attempt('goto', async () => { const r = await child.goto(args[0] + '/held'); return [r.status(), strip(r.url()), strip(child.url()), await child.evaluate(() => document.querySelector('img').complete), strip(page.url()), r.frame() === child]; });
await attempt('redirect', async () => { const r = await child.goto(args[0] + '/__redirect?to=/deep'); return [r.status(), strip(r.url()), strip(child.url()), await child.locator('p').textContent()]; });
await attempt('status', async () => { const r = await child.goto(args[0] + '/__status?code=404'); return [r.status(), r.ok()]; });
await attempt('dom', async () => { await child.goto(args[0] + '/held-longer', { waitUntil: 'domcontentloaded' }); return child.evaluate(() => document.querySelector('img').complete); });
await attempt('loadState', async () => { await child.waitForLoadState('load'); return child.evaluate(() => document.querySelector('img').complete); });
await attempt('timeout', () => child.goto(args[0] + '/held-long', { timeout: 300 }));
await attempt('badState', () => child.waitForLoadState('nope'));
await attempt('waitForURL', async () => { await child.goto(args[0] + '/child'); await child.evaluate(() => setTimeout(() => { location.href = '/deep'; }, 100)); await child.waitForURL('**/deep'); return [strip(child.url()), await child.locator('p').textContent()]; });
await attempt('waitForURLTimeout', () => child.waitForURL('**/never', { timeout: 300 }));
await attempt('setContent', async () => { await child.setContent('<p id=w>written</p>'); return [await child.textContent('#w'), page.frames().length]; });
await attempt('styleTag', async () => { const h = await child.addStyleTag({ content: 'p { color: rgb(1, 2, 3) }' }); return [await child.evaluate(() => getComputedStyle(document.querySelector('p')).color), await h.evaluate((e) => e.tagName)]; });
await attempt('scriptTag', async () => { await child.addScriptTag({ content: 'window.added = 7' }); return child.evaluate(() => window.added); });
await attempt('main', async () => [await page.locator('h1').textContent(), strip(page.url()), page.frames().length]);
await attempt('replaced', async () => { const r = await child.goto(args[0] + '/redirecting'); await child.waitForURL('**/deep'); return [strip(r.url()), strip(child.url()), await child.locator('p').textContent()]; });
await attempt('slowHeaders', async () => { const t = Date.now(); try { await child.goto(args[0] + '/__slow?ms=3000', { timeout: 300 }); return 'loaded'; } catch (e) { return [e.message.split('\n')[0], Date.now() - t < 2000]; } });
await attempt('badWaitUntil', async () => { await child.goto(args[0] + '/child'); try { await child.setContent('<p>changed</p>', { waitUntil: 'nope' }); } catch (e) { return [e.message.split('\n')[0], await child.locator('p').textContent()]; } return 'no error'; });
await attempt('hash', async () => { await child.goto(args[0] + '/child#part'); return strip(child.url()); });
await attempt('detached', async () => { const f = page.frame('child'); await page.evaluate(() => document.querySelector('#child').remove()); return f.goto(args[0] + '/deep'); });
return out;
"#;

const NAVIGATION_PAGES: &[(&str, &str)] = &[
    ("/nav-top", r#"<!DOCTYPE html><title>Top</title><h1>Top</h1><iframe id=child name=child src="/child"></iframe>"#),
    ("/child", "<!DOCTYPE html><title>Child</title><p>child</p>"),
    ("/deep", "<!DOCTYPE html><title>Deep</title><p>deep text</p>"),
    ("/held", r#"<!DOCTYPE html><title>Held</title><p>held</p><img src="/__slow?ms=400">"#),
    ("/held-longer", r#"<!DOCTYPE html><title>Held</title><p>held</p><img src="/__slow?ms=800">"#),
    ("/held-long", r#"<!DOCTYPE html><title>Held</title><p>held</p><img src="/__slow?ms=2000">"#),
    ("/redirecting", "<!DOCTYPE html><title>R</title><script>location.replace('/deep')</script>"),
];

#[test]
fn a_child_frame_navigates_and_waits_as_playwright() {
    support::browser_available();
    let base = support::serve(NAVIGATION_PAGES);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same pages).
    let playwright = serde_json::json!({
        "goto": [200, "/held", "/held", true, "/nav-top", true],
        "redirect": [200, "/deep", "/deep", "deep text"],
        "status": [404, false],
        "dom": false,
        "loadState": true,
        "timeout": "error: frame.goto: Timeout 300ms exceeded.",
        "badState": "error: frame.waitForLoadState: state: expected one of (load|domcontentloaded|networkidle|commit)",
        "waitForURL": ["/deep", "deep text"],
        "waitForURLTimeout": "error: frame.waitForURL: Timeout 300ms exceeded.",
        "setContent": ["written", 2],
        "styleTag": ["rgb(1, 2, 3)", "STYLE"],
        "scriptTag": 7,
        "main": ["Top", "/nav-top", 2],
        "detached": "error: frame.goto: Frame was detached",
        "replaced": ["/redirecting", "/deep", "deep text"],
        "slowHeaders": ["frame.goto: Timeout 300ms exceeded.", true],
        "badWaitUntil": ["waitUntil: expected one of (load|domcontentloaded|networkidle|commit)", "child"],
        "hash": "/child#part"
    });
    // Ours names what it waited for, as page.goto's does.
    let ours = [
        (
            "timeout",
            serde_json::json!("error: timed out after 300 ms waiting for frame.goto('BASE/held-long') to load"),
        ),
        (
            "slowHeaders",
            serde_json::json!(["timed out after 300 ms waiting for frame.goto('BASE/__slow?ms=3000') to load", true]),
        ),
    ];
    let ours = ours.map(|(case, v)| (case, serde_json::from_str(&v.to_string().replace("BASE", &base)).unwrap()));
    js_suite::assert_as_playwright("child-frame-navigation", &base, CHILD_NAVIGATION, &playwright, &ours);
}

/// A child frame's navigation passes the same gate as the page's: `file:` outside the allowed
/// roots is refused in Rust before the browser hears of it.
#[test]
fn a_child_frame_navigation_is_gated_as_the_pages() {
    support::browser_available();
    let base = support::serve(NAVIGATION_PAGES);
    let dir = std::env::temp_dir().join(format!("fd-child-frame-gate-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let script = r#"
await page.goto(args[0] + '/nav-top');
const child = page.frame('child');
try { await child.goto('file:///etc/passwd'); return 'navigated'; } catch (e) { return [e.name, child.url().replace(args[0], '')]; }
"#;
    let (envelope, stderr) = js_suite::run_script(&dir, script, &[&base]);
    assert_eq!(envelope["value"], serde_json::json!(["SandboxViolationError", "/child"]), "{envelope}\n{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
