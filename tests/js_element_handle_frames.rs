//! Element handles inside frames, as Playwright 1.65.1 answered the same calls on the same
//! pages (recorded with a probe): handles from `frameLocator()` locators (read, clicked,
//! evaluated, searched inside), `ownerFrame()` of elements of a child, a grandchild and a
//! `srcdoc` frame (the same Frame objects `page.frame()` gives), `contentFrame()` of an
//! `<iframe>` (null for other elements, the root element included), and `ownerFrame()` once
//! the element's frame was removed.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[
    (
        "/",
        r#"<!DOCTYPE html><title>Main</title><p id=top>top</p><iframe name=kid src=/child></iframe><iframe name=inline srcdoc="<p id=s>srcdoc</p>"></iframe>"#,
    ),
    (
        "/child",
        r#"<!DOCTYPE html><title>Kid</title><button id=b>Kid button</button><p class=x>one</p><p class=x>two</p><iframe name=grand src=/grand></iframe>"#,
    ),
    ("/grand", r#"<!DOCTYPE html><title>Grand</title><i id=g>grand</i>"#),
];

const SCRIPT: &str = r#"const out = {};
const msg = (e) => 'error: ' + e.message.split('\n')[0];
const t = async (name, f) => { try { out[name] = await f(); } catch (e) { out[name] = msg(e); } };
await page.goto(args[0] + '/');
await page.frameLocator('iframe[name=kid]').locator('#b').waitFor();
await t('flHandleText', async () => { const h = await page.frameLocator('iframe[name=kid]').locator('#b').elementHandle(); return await h.textContent(); });
await t('flHandleOwnerFrame', async () => { const h = await page.frameLocator('iframe[name=kid]').locator('#b').elementHandle(); const f = await h.ownerFrame(); return [f.name(), f === page.frame('kid')]; });
await t('flHandleContentFrame', async () => { const h = await page.locator('iframe[name=kid]').elementHandle(); const f = await h.contentFrame(); return [f.name(), f === page.frame('kid')]; });
await t('frameHandleOwner', async () => { const h = await page.frame('kid').$('#b'); const f = await h.ownerFrame(); return [f.name(), f === page.frame('kid')]; });
await t('flHandles', async () => { const hs = await page.frameLocator('iframe[name=kid]').locator('.x').elementHandles(); return await Promise.all(hs.map((h) => h.textContent())); });
await t('flHandleClick', async () => { const h = await page.frameLocator('iframe[name=kid]').locator('#b').elementHandle(); await h.click(); return 'clicked'; });
await t('flHandleEval', async () => { const h = await page.frameLocator('iframe[name=kid]').locator('#b').elementHandle(); return await h.evaluate((el) => el.ownerDocument.title); });
await t('flHandle$', async () => { const h = await page.frameLocator('iframe[name=kid]').locator('body').elementHandle(); const p = await h.$('.x'); return await p.textContent(); });
await t('mainOwner', async () => { const h = await page.$('#top'); const f = await h.ownerFrame(); return f === page.mainFrame(); });
await t('handleFrameElement', async () => { const f = page.frame('kid'); const el = await f.frameElement(); return await el.getAttribute('name'); });
await t('contentFrameOfP', async () => { const h = await page.$('#top'); return await h.contentFrame(); });
await t('grandOwner', async () => { const h = await page.frameLocator('iframe[name=kid]').frameLocator('iframe').locator('#g').elementHandle(); const f = await h.ownerFrame(); return [f.name(), f.parentFrame().name(), f === page.frame('grand')]; });
await t('srcdocOwner', async () => { const h = await page.frameLocator('iframe[name=inline]').locator('#s').elementHandle(); const f = await h.ownerFrame(); return [f.name(), f.url()]; });
await t('nestedContent', async () => { const h = await page.frame('kid').$('iframe'); const f = await h.contentFrame(); return [f.name(), f.url().endsWith('/grand')]; });
await t('htmlContent', async () => { const h = await page.$('html'); return await h.contentFrame(); });
await t('htmlOwner', async () => { const h = await page.$('html'); const f = await h.ownerFrame(); return f === page.mainFrame(); });
await t('detachedOwner', async () => { const h = await page.frame('kid').$('#b'); await page.evaluate(() => document.querySelector('iframe[name=kid]').remove()); return await h.ownerFrame(); });
return out;
"#;

/// Playwright 1.65.1's answers (tests/playwright-probe, the same pages).
const PLAYWRIGHT: &str = r#"{"flHandleText": "Kid button", "flHandleOwnerFrame": ["kid", true], "flHandleContentFrame": ["kid", true], "frameHandleOwner": ["kid", true], "flHandles": ["one", "two"], "flHandleClick": "clicked", "flHandleEval": "Kid", "flHandle$": "one", "mainOwner": true, "handleFrameElement": "kid", "contentFrameOfP": null, "grandOwner": ["grand", "kid", true], "srcdocOwner": ["inline", "about:srcdoc"], "nestedContent": ["grand", true], "htmlContent": null, "htmlOwner": true, "detachedOwner": "error: elementHandle.ownerFrame: Frame has been detached."}"#;

#[test]
fn element_handles_in_frames_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright: serde_json::Value = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("element-handle-frames", &base, SCRIPT, &playwright, &[]);
}
