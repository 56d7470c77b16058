//! Context options and storage state through `ferridriver bdd`, as a suite uses them: the
//! `[browser]` table applies to every scenario's context, a BeforeAll hook signs in once and
//! saves `context.storageState({ path })`, and every scenario starts signed in from
//! `[browser] storageState`; `browser.newContext({...})` takes the same options in JS.

#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::process::Command;

const PAGES: &[(&str, &str)] = &[("/home", "<title>home</title>")];

const STEPS: &str = r#"import { BeforeAll, Then } from '@cucumber/cucumber'
import { expect } from '@playwright/test'

BeforeAll(async function () {
  const context = await this.browser.newContext()
  const page = await context.newPage()
  await page.goto('/home')
  await page.evaluate(() => localStorage.setItem('token', 'signed-in'))
  await context.addCookies([{ name: 'sid', value: 's1', url: page.url() }])
  await context.storageState({ path: 'auth.json' })
  await context.close()
})

Then('the scenario starts signed in, in French and dark', async function () {
  await this.page.goto('/home')
  const seen = await this.page.evaluate(() => [localStorage.getItem('token'), document.cookie, navigator.language,
    matchMedia('(prefers-color-scheme: dark)').matches])
  expect(seen).toEqual(['signed-in', 'sid=s1', 'fr-FR', true])
})

Then('another context takes options of its own', async function () {
  const context = await this.browser.newContext({ locale: 'de-DE', storageState: 'auth.json', viewport: { width: 500, height: 400 } })
  const page = await context.newPage()
  await page.goto('/home')
  expect(await page.evaluate(() => [navigator.language, localStorage.getItem('token'), innerWidth])).toEqual(['de-DE', 'signed-in', 500])
  const bare = await this.browser.newContext()
  const other = await bare.newPage()
  await other.goto('/home')
  expect(await other.evaluate(() => localStorage.getItem('token'))).toBeNull()
  await expect(this.browser.newContext({ locales: 'x' })).rejects.toThrow(/unknown field `locales`/)
})
"#;

const FEATURE: &str = "Feature: Signed in
  Scenario: first
    Then the scenario starts signed in, in French and dark

  Scenario: second
    Then the scenario starts signed in, in French and dark
    And another context takes options of its own
";

#[test]
fn the_browser_table_and_storage_state_start_every_scenario_signed_in() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let dir = std::env::temp_dir().join(format!("ferridriver-context-options-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("features")).unwrap();
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    std::fs::write(dir.join("steps/signed_in.ts"), STEPS).unwrap();
    std::fs::write(dir.join("features/signed_in.feature"), FEATURE).unwrap();
    let config = format!(
        "[test]\nsteps = [\"steps/*.ts\"]\nparallel = 1\n\n[browser]\nbaseURL = \"{base}\"\nlocale = \"fr-FR\"\ncolorScheme = \"dark\"\nstorageState = \"auth.json\"\n"
    );
    std::fs::write(dir.join("ferridriver.toml"), &config).unwrap();
    let run = |dir: &std::path::Path| {
        Command::new(env!("CARGO_BIN_EXE_ferridriver"))
            .args(["bdd", "--format", "summary"])
            .current_dir(dir)
            .output()
            .unwrap()
    };
    let out = run(&dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("2 scenarios (2 passed)"), "{stdout}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("auth.json")).unwrap()).unwrap();
    assert_eq!(saved["origins"][0]["localStorage"][0]["value"], "signed-in");

    // A mistyped option is a configuration error naming the file, the table and the key.
    std::fs::write(dir.join("ferridriver.toml"), config.replace("locale =", "locales =")).unwrap();
    let out = run(&dir);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ferridriver.toml: [browser]: unknown field `locales`") && err.contains("hint:"), "{err}");

    // Videos are recorded from hooks for now (ADR 0031): the table says so rather than film
    // a page that outlives its scenario.
    std::fs::write(dir.join("ferridriver.toml"), format!("{config}\nrecordVideo = {{ dir = \"videos\" }}\n")).unwrap();
    let out = run(&dir);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("[browser] recordVideo is not supported in the config file") && err.contains("--video"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
