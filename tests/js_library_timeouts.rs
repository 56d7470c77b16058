//! The time limits of a cucumber-js + Playwright suite's own Playwright calls under `bdd`: the
//! Playwright library's 30 s for actions and waits (cut short by the step's timeout, as under
//! cucumber-js), `page.setDefaultTimeout` for `locator.waitFor` too, and `waitFor`'s time-out
//! in Playwright's words (compared with Playwright 1.65.1's recorded messages).

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

/// An element that appears after 5.5 s: later than ferridriver's own 5 s default, sooner than
/// the Playwright library's 30 s.
const LATE_PAGE: &str = r#"<!doctype html><title>Late</title><p id="v">shown</p>
<p id="h" style="display:none">hidden</p>
<script>setTimeout(() => { const d = document.createElement('div'); d.id = 'late'; d.textContent = 'late'; document.body.append(d) }, 5500)</script>"#;

const STEPS: &str = r##"import { Given, Then, setDefaultTimeout } from '@cucumber/cucumber'
import * as fs from 'node:fs'

setDefaultTimeout(6500)

Given('the late page', async function (this: any) {
  await this.page.goto('/late')
})

Then('waiting for the late element succeeds', async function (this: any) {
  await this.page.locator('#late').waitFor()
})

Then('clicking a missing element runs out of the step time', async function (this: any) {
  await this.page.locator('#never').click()
})

Then('the time-outs read as Playwright', async function (this: any) {
  const page = this.page
  const out: Record<string, unknown> = {}
  const fail = async (name: string, p: Promise<unknown>) => {
    try { await p; out[name] = 'passed' } catch (e: any) { out[name] = [e.name, e.message] }
  }
  await fail('visibleMissing', page.locator('#never').waitFor({ timeout: 300 }))
  await fail('visibleHidden', page.locator('#h').waitFor({ timeout: 300 }))
  await fail('attachedMissing', page.locator('#never').waitFor({ state: 'attached', timeout: 300 }))
  await fail('detachedPresent', page.locator('#v').waitFor({ state: 'detached', timeout: 300 }))
  await fail('hiddenVisible', page.getByText('shown').waitFor({ state: 'hidden', timeout: 300 }))
  page.setDefaultTimeout(400)
  await fail('pageDefault', page.locator('#never').first().waitFor())
  fs.writeFileSync('answers.json', JSON.stringify(out))
})
"##;

const FEATURE: &str = "Feature: Library time limits
  Scenario: A late element is waited for as long as Playwright waits
    Given the late page
    Then waiting for the late element succeeds

  Scenario: A missing element is waited for until the step's time is up
    Given the late page
    Then clicking a missing element runs out of the step time

  Scenario: Time-outs
    Given the late page
    Then the time-outs read as Playwright
";

/// Playwright 1.65.1's messages on the same page (the lines up to the call log's first; the
/// later `N × locator resolved to …` lines count polls, which differ from run to run).
const PLAYWRIGHT: &str = r#"{
 "visibleMissing": ["TimeoutError", "locator.waitFor: Timeout 300ms exceeded.\nCall log:\n  - waiting for locator('#never') to be visible"],
 "visibleHidden": ["TimeoutError", "locator.waitFor: Timeout 300ms exceeded.\nCall log:\n  - waiting for locator('#h') to be visible"],
 "attachedMissing": ["TimeoutError", "locator.waitFor: Timeout 300ms exceeded.\nCall log:\n  - waiting for locator('#never')"],
 "detachedPresent": ["TimeoutError", "locator.waitFor: Timeout 300ms exceeded.\nCall log:\n  - waiting for locator('#v') to be detached"],
 "hiddenVisible": ["TimeoutError", "locator.waitFor: Timeout 300ms exceeded.\nCall log:\n  - waiting for getByText('shown') to be hidden"],
 "pageDefault": ["TimeoutError", "locator.waitFor: Timeout 400ms exceeded.\nCall log:\n  - waiting for locator('#never').first() to be visible"]
}"#;

/// Writes a project named `name` (its step file and feature) and runs it against the late
/// page's server with `extra` flags: its folder, the output, stdout, and both streams; `None`
/// without a browser.
fn run_on_late_page(
    name: &str,
    steps: &str,
    feature: &str,
    extra: &[&str],
) -> Option<(std::path::PathBuf, std::process::Output, String, String)> {
    if !support::browser_available() {
        return None;
    }
    let base = support::serve(&[("/late", LATE_PAGE)]);
    let dir = js_suite::project_dir(name);
    js_suite::write_files(&dir, &[("features/steps/steps.ts", steps), ("features/suite.feature", feature)]);
    let (out, stdout, all) = js_suite::run_suite(&dir, &base, extra);
    Some((dir, out, stdout, all))
}

#[test]
fn a_suites_own_playwright_calls_wait_as_the_playwright_library_waits() {
    let Some((dir, out, stdout, all)) = run_on_late_page("library-timeouts", STEPS, FEATURE, &["--parallel", "3"])
    else {
        return;
    };
    assert_eq!(out.status.code(), Some(1), "{all}");
    // The late element is found at 5.5 s: ferridriver's own 5 s default would have failed it.
    assert!(stdout.contains("3 scenarios (2 passed, 1 failed)"), "{all}");
    // The missing one is waited for until the step's 6.5 s run out, as under cucumber-js with
    // Playwright's 30 s; the step names what it was waiting for, no locator time-out of 5 s.
    assert!(all.contains("timed out after 6500 ms while waiting for locator('#never').click()"), "{all}");
    assert!(!all.contains("Timeout 5000ms"), "{all}");
    let ours: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("answers.json")).unwrap()).unwrap();
    let playwright: serde_json::Value = serde_json::from_str(PLAYWRIGHT).unwrap();
    for (case, expected) in playwright.as_object().unwrap() {
        let got = &ours[case];
        let message = got[1].as_str().unwrap_or_default();
        let wanted = expected[1].as_str().unwrap();
        assert!(got[0] == expected[0] && message.starts_with(wanted), "{case}: ours {got}, Playwright's {expected}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

const KEPT_STEPS: &str = r##"import { Before, BeforeAll, After, AfterAll, Given, Then } from '@cucumber/cucumber'
import * as fs from 'node:fs'

let runs = 0
let visits = 0

BeforeAll(function () {
  runs += 1
  fs.appendFileSync('before-all.log', `run ${runs}\n`)
})

After(function (this: any) {
  fs.appendFileSync('after.log', `${this.marker ?? 'no marker'}\n`)
})

AfterAll(function () {
  fs.appendFileSync('after-all.log', `visits ${visits}\n`)
})

Given('a visit', function (this: any) {
  visits += 1
  this.marker = `visit ${visits}`
})

Then('the step waits for ever', { timeout: 500 }, async function () {
  await new Promise(() => {})
})

// The first call of its test case (the World is made in it): timed out all the same.
Before({ tags: '@stuck', timeout: 500 }, async function () {
  await new Promise(() => {})
})

Then('the visits so far are {int}', function (count: number) {
  if (visits !== count) throw new Error(`visits: ${visits}`)
})
"##;

const KEPT_FEATURE: &str = "Feature: A timed-out step
  @stuck
  Scenario: Its Before hook times out
    Given a visit

  Scenario: It times out
    Given a visit
    Then the step waits for ever

  Scenario: The module lives on
    Given a visit
    Then the visits so far are 2
";

/// A step whose promise is still pending at its timeout is left pending, as cucumber-js leaves
/// it: the process (here the VM) goes on, so BeforeAll is not run again, module state is kept,
/// and the scenario's After hooks see its World.
#[test]
fn a_step_left_waiting_at_its_timeout_keeps_the_suite_s_state() {
    let dir = js_suite::project_dir("kept-after-timeout");
    js_suite::write_files(&dir, &[("features/steps/steps.ts", KEPT_STEPS), ("features/kept.feature", KEPT_FEATURE)]);
    let (out, stdout, all) = js_suite::run_suite(&dir, "http://127.0.0.1:1", &["--parallel", "1"]);
    assert_eq!(out.status.code(), Some(1), "{all}");
    assert!(stdout.contains("3 scenarios (1 passed, 2 failed)"), "{all}");
    assert!(stdout.contains("2 hooks (2 passed)"), "BeforeAll and AfterAll once each: {all}");
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap_or_default();
    assert_eq!(read("before-all.log"), "run 1\n", "{all}");
    assert_eq!(read("after.log"), "no marker\nvisit 1\nvisit 2\n", "the After hooks saw their scenario's World: {all}");
    assert_eq!(read("after-all.log"), "visits 2\n", "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}

const CANCELLED_STEPS: &str = r##"import { Given, Then } from '@cucumber/cucumber'

Given('a click on a button that is not there yet', { timeout: 500 }, async function (this: any) {
  await this.page.locator('#late').click()
})

Then('the button that comes now is not clicked by it', async function (this: any) {
  await this.page.setContent('<button id="late" onclick="window.clicked = true">late</button>')
  await this.page.waitForTimeout(700)
  const clicked = await this.page.evaluate(() => (window as any).clicked === true)
  if (clicked) throw new Error('the previous scenario\'s click went on and clicked it')
})
"##;

const CANCELLED_FEATURE: &str = "Feature: Left pending
  Scenario: A click runs out of time
    Given a click on a button that is not there yet

  Scenario: The next scenario on the same page
    Then the button that comes now is not clicked by it
";

/// A browser call left pending with its step is stopped when its test case ends: with pages
/// kept between scenarios (`--isolation reset`) it would otherwise act on the next scenario's.
#[test]
fn a_call_left_pending_at_its_step_s_timeout_ends_with_its_test_case() {
    let extra = ["--parallel", "1", "--isolation", "reset"];
    let Some((dir, out, stdout, all)) =
        run_on_late_page("cancelled-after-timeout", CANCELLED_STEPS, CANCELLED_FEATURE, &extra)
    else {
        return;
    };
    assert_eq!(out.status.code(), Some(1), "{all}");
    assert!(stdout.contains("2 scenarios (1 passed, 1 failed)"), "{all}");
    // (The click is named when it was under way at the deadline; on a loaded machine the page
    // may still be opening then.)
    assert!(all.contains("timed out after 500 ms"), "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}
