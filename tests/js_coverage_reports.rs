//! A suite that measures its app's code coverage the way cucumber-js + Playwright suites do
//! (the nextjs-cucumber-playwright-starter template): its own `chromium.launch()` in BeforeAll,
//! `page.coverage.startJSCoverage()` in Before, monocart-coverage-reports collecting each
//! scenario's V8 coverage in After and writing its reports in AfterAll. Under ferridriver, with
//! nothing changed: the package loads (node:vm/v8, computed requires of istanbul's reporters,
//! file descriptors), the AfterAll runs once (a cucumber-js config without `parallel` runs one
//! scenario at a time, as cucumber-js does) and prints its table, and the LCOV report equals
//! the one cucumber-js 12.7 + Playwright 1.59 wrote for the same app (recorded below).

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::path::Path;
use std::process::Command;

const PAGES: &[(&str, &str)] = &[
    (
        "/index.html",
        r#"<!doctype html><html><head><title>Counter</title><script src="app.js"></script></head>
<body><h1>Counter</h1><button id="inc" onclick="increment()">Add</button><output id="n">0</output></body></html>
"#,
    ),
    (
        "/app.js",
        r#"let count = 0;
function increment() {
  count += 1;
  render(count);
}
function render(value) {
  document.getElementById('n').textContent = String(value);
}
function neverCalled(x) {
  if (x > 1) {
    return x * 2;
  }
  return x;
}
"#,
    ),
];

const FEATURE: &str = r#"Feature: Counter
  Scenario: The page opens
    Given I open the counter
    Then the count is "0"

  Scenario: Adding counts
    Given I open the counter
    When I press Add
    Then the count is "1"
"#;

const STEPS: &str = r#"import { Before, After, BeforeAll, AfterAll, Given, When, Then } from '@cucumber/cucumber';
import { chromium, expect } from '@playwright/test';
import type { Browser } from '@playwright/test';
import MCR from 'monocart-coverage-reports';

let browser: Browser;
const mcr = MCR({
  outputDir: './reports/coverage',
  reports: ['console-details', 'lcovonly', 'cobertura', 'html'],
  entryFilter: (entry: any) => entry.url.endsWith('/app.js'),
});

BeforeAll(async function () {
  browser = await chromium.launch();
});
Before(async function () {
  this.context = await browser.newContext();
  this.page = await this.context.newPage();
  await this.page.coverage.startJSCoverage({ resetOnNavigation: false });
});
After(async function () {
  await mcr.add(await this.page.coverage.stopJSCoverage());
  await this.context.close();
});
AfterAll(async function () {
  await browser.close();
  await mcr.generate();
});

Given('I open the counter', async function () {
  await this.page.goto(`${process.env.COUNTER_URL ?? this.parameters.baseUrl}/index.html`);
});
When('I press Add', async function () {
  await this.page.getByRole('button', { name: 'Add' }).click();
});
Then('the count is {string}', async function (n: string) {
  await expect(this.page.locator('#n')).toHaveText(n);
});
"#;

const CONFIG: &str = r#"module.exports = { default: { paths: ['features/**/*.feature'], import: ['steps/**/*.ts'], format: ['progress-bar'] } };
"#;

/// `reports/coverage/lcov.info` as cucumber-js 12.7 + Playwright 1.59 wrote it (Node 20), the
/// server's port as `PORT`.
const NODE_LCOV: &str = r#"TN:
SF:127.0.0.1-PORT/app.js
FN:2,increment
FN:6,render
FN:9,neverCalled
FNF:3
FNH:2
FNDA:1,increment
FNDA:1,render
FNDA:0,neverCalled
DA:1,2
DA:2,1
DA:3,1
DA:4,1
DA:6,1
DA:7,1
DA:9,0
DA:10,0
DA:11,0
DA:13,0
LF:10
LH:6
BRDA:10,0,0,0
BRDA:10,0,1,0
BRF:2
BRH:0
end_of_record
"#;

#[test]
fn a_coverage_report_is_written_as_under_cucumber_js() {
    assert!(support::browser_available(), "chromium is needed for this test");
    let packages = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/node-packages/node_modules");
    assert!(packages.exists(), "{} missing: run `npm ci` in tests/node-packages (or .ci/run)", packages.display());
    let base = support::serve(PAGES);
    let port = base.rsplit(':').next().unwrap().to_string();
    let dir = js_suite::project_dir("coverage-reports");
    js_suite::write_files(
        &dir,
        &[("cucumber.cjs", CONFIG), ("features/counter.feature", FEATURE), ("steps/hooks.ts", STEPS)],
    );
    std::os::unix::fs::symlink(&packages, dir.join("node_modules")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "--timeout", "60000", "--world-parameters", &format!("{{\"baseUrl\":\"{base}\"}}")])
        .current_dir(&dir)
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    // `progress-bar` off a terminal prints progress's marks, then the counts as cucumber-js does;
    // BeforeAll and AfterAll ran once.
    assert!(stdout.contains("2 hooks (2 passed)\n2 scenarios (2 passed)"), "{stdout}");
    // The AfterAll's console output is printed, as cucumber-js prints it.
    let table = stderr.lines().find(|l| l.contains("app.js")).unwrap_or_else(|| panic!("no table: {stderr}"));
    for cell in ["67.66 %", "60.00 %", "0.00 %", "66.67 %", "57.14 %", "9-14"] {
        assert!(table.contains(cell), "{cell} in {table}");
    }
    let lcov = std::fs::read_to_string(dir.join("reports/coverage/lcov.info")).unwrap();
    assert_eq!(lcov, NODE_LCOV.replace("PORT", &port));
    for report in ["cobertura-coverage.xml", "index.html", "app.js.html"] {
        let found = walk(&dir.join("reports/coverage")).into_iter().any(|p| p.ends_with(report));
        assert!(found, "{report} written");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}
