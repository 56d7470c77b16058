//! A suite written the way public cucumber-js + Playwright suites are, run unchanged: a custom
//! World that declares `page!: Page` (and one that sets `this.page = null`), `chromium.launch()`
//! in BeforeAll, its own context and page made in a Before hook, `After` closing page and
//! context, `AfterAll` closing the browser, imports from `playwright` and `@playwright/test`.

#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::process::Command;

const PAGES: &[(&str, &str)] = &[
    ("/", "<!doctype html><title>Shop</title><h1>Welcome</h1><a href=\"/basket\">Basket</a>"),
    ("/basket", "<!doctype html><title>Basket</title><h1>Your basket</h1><p id=count>0 items</p>"),
];

const WORLD: &str = r#"import { setWorldConstructor, World, IWorldOptions } from '@cucumber/cucumber'
import type { Browser, BrowserContext, Page } from 'playwright'

export class ShopWorld extends World {
  browser!: Browser
  context!: BrowserContext
  page!: Page
  constructor(options: IWorldOptions) {
    super(options)
  }
  get baseUrl(): string {
    return (this.parameters as any).baseUrl
  }
}
setWorldConstructor(ShopWorld)
"#;

const HOOKS: &str = r#"import { BeforeAll, AfterAll, Before, After } from '@cucumber/cucumber'
import { chromium, Browser } from 'playwright'
import { ShopWorld } from './world'

let browser: Browser

BeforeAll(async function () {
  browser = await chromium.launch({ headless: true })
})

Before({ tags: '@own-page' }, async function (this: ShopWorld) {
  this.context = await browser.newContext({ viewport: { width: 800, height: 600 } })
  this.page = await this.context.newPage()
})

After(async function (this: ShopWorld) {
  await this.page?.close()
  await this.context?.close()
})

AfterAll(async function () {
  await browser.close()
})
"#;

const STEPS: &str = r#"import { Given, When, Then } from '@cucumber/cucumber'
import { expect } from '@playwright/test'
import { ShopWorld } from '../support/world'

Given('I am on the shop', async function (this: ShopWorld) {
  await this.page.goto(this.baseUrl + '/')
})

When('I open the basket', async function (this: ShopWorld) {
  await this.page.getByRole('link', { name: 'Basket' }).click()
})

const slowExpect = expect.configure({ timeout: 10000 })

Then('the basket is empty', async function (this: ShopWorld) {
  await slowExpect(this.page).toHaveTitle('Basket')
  await expect(this.page.locator('#count')).toHaveText('0 items')
  // A configured timeout applies: this one fails after 300 ms, not the default 5 s.
  const started = Date.now()
  const quick = expect.configure({ timeout: 300 })
  await quick(this.page.locator('#count')).toHaveText('9 items').then(() => { throw new Error('passed') }, () => undefined)
  expect(Date.now() - started).toBeLessThan(3000)
})

Then('the viewport is {int} wide', async function (this: ShopWorld, width: number) {
  expect(await this.page.evaluate(() => innerWidth)).toBe(width)
})
"#;

const FEATURE: &str = "Feature: Basket\n\n  @own-page\n  Scenario: The suite's own context and page\n    Given I am on the shop\n    When I open the basket\n    Then the basket is empty\n    And the viewport is 800 wide\n\n  Scenario: The declared page is the scenario's page\n    Given I am on the shop\n    When I open the basket\n    Then the basket is empty\n    And the viewport is 1280 wide\n";

#[test]
fn a_cucumber_js_playwright_suite_runs_unchanged() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let dir = std::env::temp_dir().join(format!("fd-dropin-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in [
        ("features/support/world.ts", WORLD),
        ("features/support/hooks.ts", HOOKS),
        ("features/step_definitions/shop.ts", STEPS),
        ("features/basket.feature", FEATURE),
    ] {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    // No config at all: the files are where cucumber-js looks for them (`features/**`).
    let params = format!("{{\"baseUrl\":\"{base}\"}}");
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "--parallel", "2", "--format", "summary", "--world-parameters", &params])
        .current_dir(&dir)
        .output()
        .expect("binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("2 scenarios (2 passed)"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}
