//! A second suite written as public cucumber-js + Playwright suites are, run unchanged: ESM
//! with page-object classes (`constructor(private page: Page)`, locators as getters), a
//! `cucumber.mjs` profile file beside it, `setDefaultTimeout`, `Before`/`After` hooks that open
//! an API client with `request.newContext()` and attach a screenshot when a scenario failed
//! (`Status.FAILED`), a Scenario Outline, a data table read with `hashes()`, and Playwright's
//! web-first assertions. One scenario fails on purpose: the run fails with it alone, and its
//! After hook's screenshot is attached (beside ferridriver's own of the failed step).

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const LOGIN: &str = r#"<!doctype html><title>Sign in</title>
<form onsubmit="event.preventDefault(); location.href = '/dashboard#' + encodeURIComponent(document.querySelector('#user').value)">
<label for=user>User name</label><input id=user>
<label for=password>Password</label><input id=password type=password>
<button>Sign in</button></form>"#;

const DASHBOARD: &str = r#"<!doctype html><title>Dashboard</title>
<h1></h1><ul id=orders><li>Tea</li><li>Coffee</li></ul>
<script>document.querySelector('h1').textContent = 'Hello ' + decodeURIComponent(location.hash.slice(1))</script>"#;

const PAGES: &[(&str, &str)] = &[("/login", LOGIN), ("/dashboard", DASHBOARD)];

const CONFIG: &str = "export default {\n  paths: ['features/**/*.feature'],\n  import: ['features/**/*.ts'],\n  format: ['progress'],\n}\n";

const LOGIN_PAGE: &str = r#"import type { Locator, Page } from '@playwright/test'

export class LoginPage {
  constructor(private readonly page: Page) {}

  get user(): Locator {
    return this.page.getByLabel('User name')
  }
  get password(): Locator {
    return this.page.getByLabel('Password')
  }

  async open(base: string): Promise<void> {
    await this.page.goto(`${base}/login`)
  }

  async signIn(name: string, password: string): Promise<void> {
    await this.user.fill(name)
    await this.password.fill(password)
    await this.page.getByRole('button', { name: 'Sign in' }).click()
  }
}
"#;

const DASHBOARD_PAGE: &str = r#"import { expect, type Page } from '@playwright/test'

export class DashboardPage {
  constructor(private readonly page: Page) {}

  async expectGreeting(name: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/dashboard#/)
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(`Hello ${name}`)
  }

  async orders(): Promise<string[]> {
    return this.page.locator('#orders li').allTextContents()
  }
}
"#;

const HOOKS: &str = r#"import { After, Before, Status, setDefaultTimeout } from '@cucumber/cucumber'
import { request } from '@playwright/test'

setDefaultTimeout(30 * 1000)

Before(async function (this: any) {
  this.api = await request.newContext({ baseURL: this.parameters.baseUrl })
})

After(async function (this: any, { result }: any) {
  if (result?.status === Status.FAILED) {
    this.attach(await this.page.screenshot(), 'image/png')
  }
  await this.api.dispose()
})
"#;

const STEPS: &str = r#"import { Given, Then, When, type DataTable } from '@cucumber/cucumber'
import { expect } from '@playwright/test'
import { LoginPage } from '../pages/LoginPage'
import { DashboardPage } from '../pages/DashboardPage'

Given('I am on the sign-in page', async function (this: any) {
  await new LoginPage(this.page).open(this.parameters.baseUrl)
})

When('I sign in as {string}', async function (this: any, name: string) {
  await new LoginPage(this.page).signIn(name, 'secret')
})

Then('I am greeted as {string}', async function (this: any, name: string) {
  await new DashboardPage(this.page).expectGreeting(name)
})

Then('my orders are:', async function (this: any, table: DataTable) {
  const expected = table.hashes().map((row) => row.item)
  expect(await new DashboardPage(this.page).orders()).toEqual(expected)
})

Then('the sign-in page answers the API client', async function (this: any) {
  const response = await this.api.get('/login')
  expect(response.ok()).toBe(true)
  expect(await response.text()).toContain('Sign in')
})
"#;

const FEATURE: &str = r#"Feature: Signing in

  Scenario Outline: A user signs in
    Given I am on the sign-in page
    When I sign in as "<name>"
    Then I am greeted as "<name>"

    Examples:
      | name  |
      | Ada   |
      | Grace |

  Scenario: Orders are listed
    Given I am on the sign-in page
    When I sign in as "Ada"
    Then my orders are:
      | item   |
      | Tea    |
      | Coffee |
    And the sign-in page answers the API client

  Scenario: A wrong greeting fails
    Given I am on the sign-in page
    When I sign in as "Ada"
    Then I am greeted as "Linus"
"#;

#[test]
fn a_page_object_suite_in_esm_runs_unchanged() {
    support::browser_available();
    let base = support::serve(PAGES);
    let dir = js_suite::project_dir("dropin-po");
    js_suite::write_files(
        &dir,
        &[
            ("cucumber.mjs", CONFIG),
            ("features/pages/LoginPage.ts", LOGIN_PAGE),
            ("features/pages/DashboardPage.ts", DASHBOARD_PAGE),
            ("features/support/hooks.ts", HOOKS),
            ("features/step_definitions/sign_in.steps.ts", STEPS),
            ("features/sign_in.feature", FEATURE),
        ],
    );
    let messages = dir.join("messages.ndjson");
    let format = format!("message:{}", messages.display());
    let (out, stdout, all) = js_suite::run_suite(&dir, &base, &["--parallel", "2", "--format", &format]);
    assert_eq!(out.status.code(), Some(1), "the wrong greeting fails the run: {all}");
    assert!(stdout.contains("4 scenarios (3 passed, 1 failed)"), "{all}");
    assert!(all.contains("Hello Linus"), "the failure says what was expected: {all}");
    let messages = std::fs::read_to_string(&messages).expect("the message stream");
    let screenshots = messages.lines().filter(|l| l.contains("\"attachment\"") && l.contains("image/png")).count();
    // ferridriver's own screenshot of the failed step, and the After hook's (only for the failed
    // scenario: `result.status` is Status.FAILED there and nowhere else).
    assert_eq!(screenshots, 2, "screenshots of the failed scenario only");
    let _ = std::fs::remove_dir_all(&dir);
}
