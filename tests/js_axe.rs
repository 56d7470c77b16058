//! The official accessibility checker of Playwright suites, `@axe-core/playwright` (with
//! axe-core, 1.27 MB of page code; installed in tests/node-packages by `.ci/run`), runs
//! unchanged as a step: on a page with missing names, labels and alternative texts, its
//! violations, impacts and targets equal what it found under Playwright 1.65.1 (recorded
//! below) — the whole document with its iframe, tags and disabled rules with include/exclude,
//! chosen rules. Axe gives each frame's injection of its source 1 s: the frame's copy runs as
//! the frame's own script (0.3 s in a debug build, 0.1 s under Playwright). The other checker
//! suites use, `axe-playwright` (it finds axe's file with `require.resolve`, passes `undefined`
//! in `evaluate`'s argument and prints its report with `console.table`), answers as it does
//! under Playwright too.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::path::Path;

const PAGES: &[(&str, &str)] = &[
    (
        "/a11y.html",
        r##"<!doctype html><html lang="en"><head><title>A11y</title></head><body>
<main>
<h1>Shop</h1>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<button></button>
<input type="text">
<a href="#top">Top</a>
<p style="color:#777;background:#888">low contrast text</p>
<iframe title="inner" src="/inner.html"></iframe>
</main>
</body></html>
"##,
    ),
    (
        "/inner.html",
        r##"<!doctype html><html lang="en"><head><title>Inner</title></head><body><main><button></button><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>
"##,
    ),
];

const STEPS: &str = r#"import { When } from '@cucumber/cucumber'
import AxeBuilder from '@axe-core/playwright'
import fs from 'fs'

const summary = (r: any) => ({
  violations: r.violations.map((v: any) => [v.id, v.impact, v.nodes.map((n: any) => n.target.join(' >> ')).sort()]).sort((a: any, b: any) => a[0].localeCompare(b[0])),
  incomplete: r.incomplete.map((v: any) => v.id).sort(),
  passes: r.passes.length > 10,
  url: new URL(r.url).pathname,
})

When('axe checks the page', async function (this: any) {
  const page = this.page
  await page.goto(this.parameters.baseUrl + '/a11y.html')
  const main = summary(await new AxeBuilder({ page }).analyze())
  const only = summary(await new AxeBuilder({ page }).withTags(['wcag2a']).disableRules(['color-contrast']).include('main').exclude('iframe').analyze())
  const rules = summary(await new AxeBuilder({ page }).withRules(['image-alt', 'button-name']).exclude('iframe').analyze())
  fs.writeFileSync('answers.json', JSON.stringify({ main, only, rules }))
})
"#;

/// What the same calls answered under Playwright 1.65.1 (Node 20, Debian's Chromium).
const PLAYWRIGHT: &str = r#"{"main":{"violations":[["button-name","critical",["button","iframe >> button"]],["color-contrast","serious",["p"]],["image-alt","critical",["iframe >> img","img"]],["label","critical",["input"]],["landmark-unique","moderate",["main"]]],"incomplete":[],"passes":true,"url":"/a11y.html"},"only":{"violations":[["button-name","critical",["button"]],["image-alt","critical",["img"]],["label","critical",["input"]]],"incomplete":[],"passes":false,"url":"/a11y.html"},"rules":{"violations":[["button-name","critical",["button"]],["image-alt","critical",["img"]]],"incomplete":[],"passes":false,"url":"/a11y.html"}}"#;

#[test]
fn axe_core_playwright_finds_what_it_finds_under_playwright() {
    assert!(support::browser_available(), "chromium is needed for this test");
    let packages = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/node-packages/node_modules");
    assert!(packages.exists(), "{} missing: run `npm ci` in tests/node-packages (or .ci/run)", packages.display());
    let base = support::serve(PAGES);
    let dir = js_suite::project_dir("axe");
    js_suite::write_files(
        &dir,
        &[
            ("steps/axe.ts", STEPS),
            ("features/axe.feature", "Feature: a11y\n  Scenario: axe\n    When axe checks the page\n"),
        ],
    );
    std::os::unix::fs::symlink(&packages, dir.join("node_modules")).unwrap();
    // Bundling axe-core and its three analyses take longer than a step's default 5 s.
    let (out, _, all) = js_suite::run_suite(&dir, &base, &["--timeout", "60000"]);
    assert_eq!(out.status.code(), Some(0), "{all}");
    let ours: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("answers.json")).unwrap()).unwrap();
    let playwright: serde_json::Value = serde_json::from_str(PLAYWRIGHT).unwrap();
    assert_eq!(ours, playwright);
    let _ = std::fs::remove_dir_all(&dir);
}

const AXE_PLAYWRIGHT_STEPS: &str = r#"import { When } from '@cucumber/cucumber'
import { injectAxe, getViolations, checkA11y } from 'axe-playwright'
import fs from 'fs'

When('axe-playwright checks the page', async function (this: any) {
  const page = this.page
  await page.setContent(`<!doctype html><html lang="en"><head><title>A11y</title></head><body><main><h1>Shop</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button><input type="text"><p style="color:#777;background:#888">low contrast text</p></main></body></html>`)
  await injectAxe(page)
  const all = (await getViolations(page)).map((v: any) => [v.id, v.impact, v.nodes.length]).sort()
  const only = (await getViolations(page, 'main', { runOnly: { type: 'rule', values: ['image-alt', 'label'] } })).map((v: any) => v.id).sort()
  let failed = 'passed'
  try { await checkA11y(page, undefined, { detailedReport: false }) } catch (e: any) { failed = e.message.split('\n')[0] }
  let skipped = 'passed'
  try { await checkA11y(page, undefined, { axeOptions: { runOnly: { type: 'rule', values: ['document-title'] } } }) } catch (e: any) { skipped = e.message.split('\n')[0] }
  fs.writeFileSync('answers.json', JSON.stringify({ all, only, failed, skipped }))
})
"#;

/// What the same calls answered under Playwright 1.65.1 (Node 20, Debian's Chromium).
const AXE_PLAYWRIGHT_ANSWERS: &str = r#"{"all":[["button-name","critical",1],["color-contrast","serious",1],["image-alt","critical",1],["label","critical",1]],"only":["image-alt","label"],"failed":"4 accessibility violations were detected","skipped":"passed"}"#;

#[test]
fn axe_playwright_finds_what_it_finds_under_playwright() {
    assert!(support::browser_available(), "chromium is needed for this test");
    let packages = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/node-packages/node_modules");
    assert!(packages.exists(), "{} missing: run `npm ci` in tests/node-packages (or .ci/run)", packages.display());
    let dir = js_suite::project_dir("axe-playwright");
    js_suite::write_files(
        &dir,
        &[
            ("steps/axe.ts", AXE_PLAYWRIGHT_STEPS),
            ("features/axe.feature", "Feature: a11y\n  Scenario: axe\n    When axe-playwright checks the page\n"),
        ],
    );
    std::os::unix::fs::symlink(&packages, dir.join("node_modules")).unwrap();
    let (out, _, all) = js_suite::run_suite(&dir, "http://127.0.0.1:9", &["--timeout", "60000"]);
    assert_eq!(out.status.code(), Some(0), "{all}");
    let ours: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("answers.json")).unwrap()).unwrap();
    assert_eq!(ours, serde_json::from_str::<serde_json::Value>(AXE_PLAYWRIGHT_ANSWERS).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}
