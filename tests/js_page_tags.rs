//! `page.addStyleTag`, `page.addScriptTag` and `page.bringToFront` as Playwright 1.65.1 answered
//! the same calls on the same pages (recorded with a probe): the elements added (as element
//! handles), what they do to the page, URL loads waited for, the `path` form with its
//! `sourceURL`, and the errors. One difference, on purpose: a stylesheet URL that fails to load
//! is "Failed to load stylesheet at URL" where Playwright's message is the DOM's "Event".

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] =
    &[("/", "<!DOCTYPE html><p>x</p>"), ("/s.css", "p { color: rgb(1, 2, 3) }"), ("/s.js", "window.fromUrl = 42;")];

const SCRIPT: &str = r#"
await page.goto(args[0] + '/');
const out = {};
const html = (h) => h.evaluate((e) => e.outerHTML);
out.styleTag = await html(await page.addStyleTag({ content: 'p { font-size: 31px }' }));
out.fontSize = await page.locator('p').evaluate((e) => getComputedStyle(e).fontSize);
out.linkTag = await html(await page.addStyleTag({ url: '/s.css' }));
out.color = await page.locator('p').evaluate((e) => getComputedStyle(e).color);
out.scriptTag = await html(await page.addScriptTag({ content: 'window.fromContent = 7;' }));
out.fromContent = await page.evaluate(() => window.fromContent);
out.scriptUrlTag = await html(await page.addScriptTag({ url: '/s.js' }));
out.fromUrl = await page.evaluate(() => window.fromUrl);
out.moduleTag = await html(await page.addScriptTag({ content: 'window.mod = typeof import.meta', type: 'module' }));
out.mod = await page.evaluate(() => window.mod);
out.pathTag = await html(await page.addStyleTag({ path: 'probe.css' }));
for (const [name, f] of Object.entries({
  empty: () => page.addStyleTag({}),
  emptyScript: () => page.addScriptTag({}),
  badScript: () => page.addScriptTag({ url: 'http://127.0.0.1:1/nothing.js' }),
  throwing: () => page.addScriptTag({ content: 'throw new Error("boom")' }),
  both: () => page.addStyleTag({ content: 'p{}', url: '/s.css' }),
})) {
  try { const h = await f(); out[name] = 'ok ' + (h ? await html(h) : h); } catch (e) { out[name] = String(e.message).split('\n')[0]; }
}
out.bring = String(await page.bringToFront());
return out;
"#;

#[test]
fn style_and_script_tags_and_bring_to_front_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    let dir = std::env::temp_dir().join(format!("fd-page-tags-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("probe.css"), "p { margin: 3px }").unwrap();
    let (envelope, stderr) = js_suite::run_script(&dir, SCRIPT, &[&base]);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same pages).
    let playwright = serde_json::json!({
        "styleTag": "<style type=\"text/css\">p { font-size: 31px }</style>",
        "fontSize": "31px",
        "linkTag": "<link rel=\"stylesheet\" href=\"/s.css\">",
        "color": "rgb(1, 2, 3)",
        "scriptTag": "<script type=\"text/javascript\">window.fromContent = 7;</script>",
        "fromContent": 7,
        "scriptUrlTag": "<script src=\"/s.js\"></script>",
        "fromUrl": 42,
        "moduleTag": "<script type=\"module\">window.mod = typeof import.meta</script>",
        "mod": "object",
        "pathTag": "<style type=\"text/css\">p { margin: 3px }/*# sourceURL=probe.css*/</style>",
        "empty": "page.addStyleTag: Provide an object with a `url`, `path` or `content` property",
        "emptyScript": "page.addScriptTag: Provide an object with a `url`, `path` or `content` property",
        "badScript": "page.addScriptTag: Error: Failed to load script at http://127.0.0.1:1/nothing.js",
        "throwing": "ok <script type=\"text/javascript\">throw new Error(\"boom\")</script>",
        "both": "ok <link rel=\"stylesheet\" href=\"/s.css\">",
        "bring": "undefined"
    });
    assert_eq!(envelope["value"], playwright, "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
