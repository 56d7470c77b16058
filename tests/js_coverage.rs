//! `page.coverage` as Playwright's: JavaScript coverage (V8's functions with their ranges and
//! call counts, and each script's source, an external file and an inline script, a handler
//! called by a click), CSS coverage (a style sheet's and an inline style's used ranges, merged),
//! `resetOnNavigation` both ways, and what starting twice or stopping unstarted answers.
//! Recorded with Playwright 1.65.1 on the same pages.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[
    (
        "/cov.html",
        r#"<!doctype html><html><head><link rel=stylesheet href=/app.css><style>.inline { color: red } .unusedinline { color: blue }</style></head><body><script src=/app.js></script><script>function inlineUsed() { return 1 } inlineUsed();</script><button onclick="clicked()">go</button><div class=used>x</div><div class=inline>y</div></body></html>"#,
    ),
    (
        "/app.js",
        r#"function clicked() { document.body.dataset.clicked = '1'; }
function neverCalled() { return 2; }
function twice(n) { if (n > 5) { return 'big'; } return 'small'; }
twice(1); twice(2);
"#,
    ),
    (
        "/app.css",
        r#".used { color: green }
.unused { color: pink }
@media print { .print { color: black } }
div { margin: 0 }
"#,
    ),
    ("/next.html", r#"<!doctype html><html><body><script src=/next.js></script><p>next</p></body></html>"#),
    (
        "/next.js",
        r#"function nextFn() { return 4 }
nextFn();
"#,
    ),
];

const SCRIPT: &str = r#"const out = {};
const strip = (u) => u.replace(args[0], '');
const byUrl = (a, b) => a.url.localeCompare(b.url);
await page.coverage.startJSCoverage();
await page.coverage.startCSSCoverage();
await page.goto(args[0] + '/cov.html');
await page.click('button');
const js = await page.coverage.stopJSCoverage();
const css = await page.coverage.stopCSSCoverage();
out.js = js.map((e) => ({ url: strip(e.url), source: e.source, functions: e.functions.map((f) => [f.functionName, f.isBlockCoverage, f.ranges.map((r) => [r.startOffset, r.endOffset, r.count])]) })).sort(byUrl);
out.css = css.map((e) => ({ url: strip(e.url), text: e.text, ranges: e.ranges })).sort(byUrl);
await page.coverage.startJSCoverage();
await page.goto(args[0] + '/cov.html');
await page.goto(args[0] + '/next.html');
out.reset = (await page.coverage.stopJSCoverage()).map((e) => strip(e.url)).sort();
await page.coverage.startJSCoverage({ resetOnNavigation: false });
await page.goto(args[0] + '/cov.html');
await page.goto(args[0] + '/next.html');
out.kept = (await page.coverage.stopJSCoverage()).map((e) => strip(e.url)).sort();
await page.coverage.startCSSCoverage();
await page.goto(args[0] + '/cov.html');
await page.goto(args[0] + '/next.html');
out.cssReset = (await page.coverage.stopCSSCoverage()).map((e) => strip(e.url));
out.notStarted = await page.coverage.stopJSCoverage().then(() => 'stopped', (e) => e.message.split('\n')[0]);
await page.coverage.startCSSCoverage();
out.twice = await page.coverage.startCSSCoverage().then(() => 'started', (e) => e.message.split('\n')[0]);
await page.coverage.stopCSSCoverage();
return out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT` (Debian's Chromium).
const PLAYWRIGHT: &str = r#"{"js": [{"url": "/app.js", "source": "function clicked() { document.body.dataset.clicked = '1'; }\nfunction neverCalled() { return 2; }\nfunction twice(n) { if (n > 5) { return 'big'; } return 'small'; }\ntwice(1); twice(2);\n", "functions": [["", true, [[0, 184, 1]]], ["clicked", true, [[0, 59, 1]]], ["neverCalled", false, [[60, 96, 0]]], ["twice", true, [[97, 163, 2], [128, 145, 0]]]]}, {"url": "/cov.html", "source": "function inlineUsed() { return 1 } inlineUsed();", "functions": [["", true, [[0, 48, 1]]], ["inlineUsed", true, [[0, 34, 1]]]]}, {"url": "/cov.html", "source": "clicked()", "functions": [["onclick", true, [[0, 9, 1]]]]}], "css": [{"url": "/app.css", "text": ".used { color: green }\n.unused { color: pink }\n@media print { .print { color: black } }\ndiv { margin: 0 }\n", "ranges": [{"start": 0, "end": 22}, {"start": 88, "end": 105}]}, {"url": "/cov.html", "text": ".inline { color: red } .unusedinline { color: blue }", "ranges": [{"start": 0, "end": 22}]}], "reset": ["/next.js"], "kept": ["/next.js"], "cssReset": [], "notStarted": "stopped", "twice": "coverage.startCSSCoverage: CSSCoverage is already enabled"}"#;

#[test]
fn coverage_answers_as_playwright() {
    assert!(support::browser_available(), "chromium is needed for this test");
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("coverage", &base, SCRIPT, &playwright, &[]);
}

/// A scenario that starts coverage and never stops it leaves none running for the next one
/// (the page is kept between scenarios).
const LEFT_ON: &str = r#"import { When, Then } from '@cucumber/cucumber'
When('coverage is started and left on', async function (this: any) {
  await this.page.coverage.startJSCoverage()
  await this.page.coverage.startCSSCoverage()
  await this.page.goto(this.parameters.baseUrl + '/cov.html')
})
Then('coverage starts again and sees the page', async function (this: any) {
  await this.page.coverage.startJSCoverage()
  await this.page.goto(this.parameters.baseUrl + '/cov.html')
  const urls = (await this.page.coverage.stopJSCoverage()).map((e: any) => new URL(e.url).pathname).sort()
  if (urls.join() !== '/app.js,/cov.html') throw new Error('covered: ' + urls.join())
})
"#;

#[test]
fn a_coverage_run_ends_with_its_scenario() {
    assert!(support::browser_available(), "chromium is needed for this test");
    let base = support::serve(PAGES);
    let feature = "Feature: coverage\n  Scenario: one\n    When coverage is started and left on\n  Scenario: two\n    Then coverage starts again and sees the page\n";
    js_suite::assert_passes(
        "coverage-left-on",
        &[
            ("steps/coverage.ts", LEFT_ON),
            ("coverage.feature", feature),
            ("ferridriver.toml", "[test]\nparallel = 1\n"),
        ],
        "coverage.feature",
        &base,
        2,
    );
}
