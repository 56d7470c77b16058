//! A browser that is slow to start (a busy CI machine) is not charged to the step that first
//! needs it: Playwright launches its browser in a worker fixture, outside any test's timeout.
//! Here Chromium is started through a wrapper that waits 4 s first, and every step has a 3 s
//! timeout: a start charged to the step would fail it whatever the machine's load, while the
//! step's own work (a fresh context, page and navigation, slow on a busy machine) keeps its
//! time. The first step of each worker (a built-in Rust step and a JS step) must pass.

#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::os::unix::fs::PermissionsExt;
use std::process::Command;

const PAGES: &[(&str, &str)] = &[("/", "<!doctype html><title>Home</title><h1>Welcome</h1>")];

#[test]
fn a_slow_browser_start_is_not_charged_to_the_first_step() {
    if !support::browser_available() {
        return;
    }
    let chromium = ferridriver_browser::find_browser(None).expect("chromium");
    let base = support::serve(PAGES);
    let dir = std::env::temp_dir().join(format!("fd-slow-launch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("features")).unwrap();
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    let wrapper = dir.join("slow-chromium");
    std::fs::write(&wrapper, format!("#!/bin/sh\nsleep 4\nexec '{}' \"$@\"\n", chromium.display())).unwrap();
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(
        dir.join("steps/title.ts"),
        "import { Then } from '@cucumber/cucumber'\nimport { expect } from '@playwright/test'\n\nThen('the title is {string} from JS', async function (this: any, title: string) {\n  await this.page.goto('/')\n  await expect(this.page).toHaveTitle(title)\n})\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("features/home.feature"),
        "Feature: Home\n\n  Scenario: Rust step first\n    Given I open \"/\"\n    Then I should see \"Welcome\"\n\n  Scenario: JS step first\n    Then the title is \"Home\" from JS\n",
    )
    .unwrap();
    let params = format!("{{\"baseUrl\":\"{base}\"}}");
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "--parallel", "2", "--timeout", "3000", "--format", "summary", "--world-parameters", &params])
        .arg("--browser-path")
        .arg(&wrapper)
        .current_dir(&dir)
        .output()
        .expect("binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("2 scenarios (2 passed)"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A step that runs out of time says what the browser was waiting for (the JS step's locator);
/// a built-in step, whose own timeout is longer than its action's, fails with the action's
/// timeout, which names the locator too.
#[test]
fn a_step_timeout_names_the_pending_action() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let dir = std::env::temp_dir().join(format!("fd-pending-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("features")).unwrap();
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    std::fs::write(
        dir.join("steps/save.ts"),
        "import { When } from '@cucumber/cucumber'\n\nWhen('I press save from JS', async function (this: any) {\n  await this.page.goto('/')\n  await this.page.locator('#save').click({ timeout: 10000 })\n})\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("features/save.feature"),
        "Feature: Save\n\n  Scenario: Rust step\n    Given I open \"/\"\n    When I click the \"Save\" button\n\n  Scenario: JS step\n    When I press save from JS\n",
    )
    .unwrap();
    let params = format!("{{\"baseUrl\":\"{base}\"}}");
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "--parallel", "1", "--timeout", "1500", "--format", "summary", "--world-parameters", &params])
        .current_dir(&dir)
        .output()
        .expect("binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("waiting for getByRole('button', { name: 'Save', exact: true }) (no element matches) to click"),
        "{stdout}"
    );
    assert!(stdout.contains("timed out after 1500 ms while waiting for locator('#save').click()"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}
