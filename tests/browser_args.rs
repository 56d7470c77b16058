//! `[browser] args`: Chromium switches for every browser launched, where a suite's own
//! `chromium.launch({ args })` cannot apply (the worker's browser is already running). A suite
//! (a public one does this) mocks a cross-origin API with `page.route` and launches with
//! `--disable-web-security`, so the mocked answer needs no CORS headers: with the switch in
//! `[browser] args` the page reads it, without it the browser blocks it, as Playwright's
//! would. Switches ferridriver sets itself are refused with a hint.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[("/", "<!doctype html><title>App</title><p id=out>waiting</p>")];

const STEPS: &str = r#"import { When, Then } from '@cucumber/cucumber'
import { chromium } from 'playwright'

When('the page reads a mocked API of another origin', async function (this: any) {
  const browser = await chromium.launch({ args: ['--disable-web-security'] })
  const context = await browser.newContext()
  this.own = await context.newPage()
  await this.own.route('https://api.example.test/users', (route: any) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify([{ name: 'Todd Smith' }]) }))
  await this.own.goto(this.parameters.baseUrl + '/')
  this.answer = await this.own.evaluate(() =>
    fetch('https://api.example.test/users').then((r) => r.json()).then((u) => u[0].name, (e) => 'blocked: ' + e.name))
})

Then('it read {string}', function (this: any, expected: string) {
  if (this.answer !== expected) throw new Error(`read ${this.answer}`)
})
"#;

fn run(name: &str, config: &str, expected: &str) -> (std::process::Output, String) {
    let base = support::serve(PAGES);
    let dir = js_suite::project_dir(name);
    js_suite::write_files(
        &dir,
        &[
            ("ferridriver.toml", config),
            ("steps/api.ts", STEPS),
            (
                "features/api.feature",
                &format!("Feature: API\n  Scenario: Mocked\n    When the page reads a mocked API of another origin\n    Then it read \"{expected}\"\n"),
            ),
        ],
    );
    let (out, _, all) = js_suite::run_suite(&dir, &base, &[]);
    let _ = std::fs::remove_dir_all(&dir);
    (out, all)
}

#[test]
fn switches_in_the_config_reach_every_browser() {
    assert!(support::browser_available(), "chromium is needed for this test");
    let (out, all) = run("browser-args-on", "[browser]\nargs = [\"--disable-web-security\"]\n", "Todd Smith");
    assert_eq!(out.status.code(), Some(0), "{all}");
    // Without the switch the browser keeps its same-origin policy.
    let (out, all) = run("browser-args-off", "[test]\n", "blocked: TypeError");
    assert_eq!(out.status.code(), Some(0), "{all}");
}

#[test]
fn its_own_switches_and_non_switches_are_refused() {
    for (args, expected) in [
        ("[\"--user-data-dir=/tmp/x\"]", "--user-data-dir is ferridriver's own"),
        ("[\"disable-web-security\"]", "is not a switch"),
        ("[\"--\", \"--x\"]", "is not a switch"),
        ("[\"--remote-allow-origins=*\"]", "--remote-allow-origins is ferridriver's own"),
        ("[\"--site-per-process\"]", "--site-per-process is ferridriver's own"),
        ("\"--no-sandbox\"", "must be an array of switches"),
    ] {
        let (out, all) = run("browser-args-refused", &format!("[browser]\nargs = {args}\n"), "-");
        assert_eq!(out.status.code(), Some(2), "{all}");
        assert!(all.contains(expected) && all.contains("ferridriver.toml"), "{expected} in {all}");
    }
}

/// Suites launch "their" browser with the switches they need in CI. Those the worker's browser
/// already runs with (`--no-sandbox`, `--disable-setuid-sandbox`, `--disable-gpu`, and what
/// `[browser] args` adds) apply, so nothing is said; the others are named, once per run
/// however many workers launch.
#[test]
fn launch_switches_already_in_effect_are_not_reported() {
    assert!(support::browser_available(), "chromium is needed for this test");
    let base = support::serve(PAGES);
    for (config, launch, expected) in [
        ("", "{ headless: true, args: ['--no-sandbox', '--disable-setuid-sandbox', '--disable-gpu'] }", None),
        (
            "",
            "{ args: ['--no-sandbox', '--start-maximized'], slowMo: 50 }",
            Some("these options do not apply: args (--start-maximized), slowMo"),
        ),
        // What `[browser] args` adds applies too.
        ("[browser]\nargs = [\"--disable-web-security\"]\n", "{ args: ['--disable-web-security'] }", None),
    ] {
        let dir = js_suite::project_dir("browser-args-launch");
        let steps = format!(
            "import {{ BeforeAll, When }} from '@cucumber/cucumber'\nimport {{ chromium }} from 'playwright'\n\
             BeforeAll(async function () {{ await chromium.launch({launch}) }})\n\
             When('it runs', function () {{}})\n"
        );
        let scenario = |n: u32| format!("Feature: F{n}\n  Scenario: S{n}\n    When it runs\n");
        js_suite::write_files(
            &dir,
            &[
                ("ferridriver.toml", config),
                ("steps/launch.ts", &steps),
                ("features/a.feature", &scenario(1)),
                ("features/b.feature", &scenario(2)),
            ],
        );
        let (out, _, all) = js_suite::run_suite(&dir, &base, &["--parallel", "2"]);
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(out.status.code(), Some(0), "{all}");
        match expected {
            None => assert!(!all.contains("do not apply"), "{all}"),
            Some(text) => assert_eq!(all.matches(text).count(), 1, "{all}"),
        }
    }
}
