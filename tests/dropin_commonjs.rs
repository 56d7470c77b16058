//! A third suite written as public cucumber-js + Playwright suites are, run unchanged: CommonJS
//! (`require`, `module.exports`) with a custom World class given to `setWorldConstructor`, the
//! browser launched in `BeforeAll` and a context and page per scenario in `Before` (stored on
//! the World), `context.tracing` started in `Before` and kept in `After` only for a failed
//! scenario, an API mocked with `page.route`, `page.waitForResponse`, and `expect.soft`.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const APP: &str = r#"<!doctype html><title>Todos</title><ul id=list></ul><button>Load</button>
<script>
document.querySelector('button').onclick = async () => {
  const todos = await (await fetch('/api/todos')).json()
  document.querySelector('#list').innerHTML = todos.map((t) => `<li>${t.title}</li>`).join('')
}
</script>"#;

const PAGES: &[(&str, &str)] = &[("/todos", APP)];

const WORLD: &str = r#"const { setWorldConstructor, World } = require('@cucumber/cucumber')

class TodoWorld extends World {
  constructor(options) {
    super(options)
    this.context = null
    this.page = null
  }
  url(path) {
    return this.parameters.baseUrl + path
  }
}

setWorldConstructor(TodoWorld)
module.exports = { TodoWorld }
"#;

const HOOKS: &str = r#"const { BeforeAll, AfterAll, Before, After, Status, setDefaultTimeout } = require('@cucumber/cucumber')
const { chromium } = require('playwright')

setDefaultTimeout(60 * 1000)

let browser

BeforeAll(async function () {
  browser = await chromium.launch()
})

Before(async function () {
  this.context = await browser.newContext()
  await this.context.tracing.start({ screenshots: true, snapshots: true })
  this.page = await this.context.newPage()
})

After(async function ({ pickle, result }) {
  const failed = result && result.status === Status.FAILED
  await this.context.tracing.stop(failed ? { path: `traces/${pickle.name.replace(/\W+/g, '-')}.zip` } : undefined)
  await this.page.close()
  await this.context.close()
})

AfterAll(async function () {
  await browser.close()
})
"#;

const STEPS: &str = r#"const { Given, When, Then } = require('@cucumber/cucumber')
const { expect } = require('@playwright/test')

Given('the todo API answers {int} todos', async function (count) {
  const todos = Array.from({ length: count }, (_, i) => ({ title: `Todo ${i + 1}` }))
  await this.page.route('**/api/todos', (route) => route.fulfill({ json: todos }))
  await this.page.goto(this.url('/todos'))
})

When('I load the todos', async function () {
  const answered = this.page.waitForResponse('**/api/todos')
  await this.page.getByRole('button', { name: 'Load' }).click()
  expect((await answered).status()).toBe(200)
})

Then('I see {int} todos', async function (count) {
  await expect(this.page.getByRole('listitem')).toHaveCount(count)
  expect.soft(await this.page.title()).toBe('Todos')
})
"#;

const FEATURE: &str = "Feature: Todos\n\n  Scenario: Three todos\n    Given the todo API answers 3 todos\n    When I load the todos\n    Then I see 3 todos\n\n  Scenario: A count that is wrong\n    Given the todo API answers 2 todos\n    When I load the todos\n    Then I see 5 todos\n";

#[test]
fn a_commonjs_suite_with_its_own_world_and_traces_runs_unchanged() {
    support::browser_available();
    let base = support::serve(PAGES);
    let dir = js_suite::project_dir("dropin-cjs");
    js_suite::write_files(
        &dir,
        &[
            ("features/support/world.js", WORLD),
            ("features/support/hooks.js", HOOKS),
            ("features/step_definitions/todos.steps.js", STEPS),
            ("features/todos.feature", FEATURE),
        ],
    );
    let (out, stdout, all) = js_suite::run_suite(&dir, &base, &[]);
    assert_eq!(out.status.code(), Some(1), "the wrong count fails the run: {all}");
    assert!(stdout.contains("2 scenarios (1 passed, 1 failed)"), "{all}");
    assert!(all.contains("toHaveCount") && all.contains("Expected: 5"), "the failure is Playwright's: {all}");
    let traces: Vec<String> = std::fs::read_dir(dir.join("traces"))
        .map(|d| d.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    assert_eq!(traces, vec!["A-count-that-is-wrong.zip".to_string()], "only the failed scenario's trace is kept");
    let zip = std::fs::read(dir.join("traces/A-count-that-is-wrong.zip")).expect("the trace");
    assert!(zip.starts_with(b"PK"), "a zip");
    let _ = std::fs::remove_dir_all(&dir);
}
