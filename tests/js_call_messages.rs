//! A call of something that is not a function names the call, as Node's message does
//! (`this.page.requestz is not a function`, where QuickJS says only "not a function"), in a
//! step's failure and in a script's error; a Playwright 1.65 method ferridriver lacks says so
//! by name.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const STEPS: &str = r#"import { When } from '@cucumber/cucumber'

When('a step calls what the page does not have', async function (this: any) {
  await this.page.goto('about:blank')
  await this.page.requestz({ a: 1 })
})

When('a step calls a helper that is no function', async function (this: any) {
  const helpers: any = { basket: {} }
  helpers.basket.add('tea')
})
"#;

const FEATURE: &str = "Feature: Calls\n\n  Scenario: A missing page method\n    When a step calls what the page does not have\n\n  Scenario: A missing helper\n    When a step calls a helper that is no function\n";

#[test]
fn a_failed_call_names_what_was_called() {
    support::browser_available();
    let dir = js_suite::project_dir("call-messages");
    js_suite::write_files(&dir, &[("features/steps/calls.ts", STEPS), ("features/calls.feature", FEATURE)]);
    let (out, _, all) = js_suite::run_suite(&dir, "http://127.0.0.1:9", &[]);
    assert!(!out.status.success(), "{all}");
    assert!(all.contains("this.page.requestz is not a function"), "{all}");
    assert!(all.contains("features/steps/calls.ts:5"), "{all}");
    assert!(all.contains("helpers.basket.add is not a function"), "{all}");

    let (envelope, stderr) = js_suite::run_script(&dir, "await page.requestz();", &[]);
    assert_eq!(envelope["error"]["message"], "TypeError: page.requestz is not a function", "{envelope}\n{stderr}");
    // Thrown inside a native function handed something else: not the call at the user's line.
    let (envelope, _) = js_suite::run_script(&dir, "[1].forEach(undefined);", &[]);
    assert_eq!(envelope["error"]["message"], "TypeError: not a function", "{envelope}");
    // A stack is the script's to write: it never leads a read outside the project.
    let forged = "const e = new Error('forged'); e.stack = 'Error: forged\\n    at f (/etc/passwd:1:1)'; throw e;";
    let (envelope, _) = js_suite::run_script(&dir, forged, &[]);
    assert!(!envelope.to_string().contains("root:"), "{envelope}");

    let script = r#"
const out = [];
for (const f of [() => page.locator('x').highlight(), () => page.context().serviceWorkers(), () => page.pickLocator(), () => page.context().browser().startTracing()]) {
  try { await f(); out.push('ok'); } catch (e) { out.push(e.message); }
}
return out;
"#;
    let (envelope, stderr) = js_suite::run_script(&dir, script, &[]);
    let named = ["locator.highlight()", "context.serviceWorkers()", "page.pickLocator()", "browser.startTracing()"];
    for (answer, name) in
        envelope["value"].as_array().unwrap_or_else(|| panic!("{envelope}\n{stderr}")).iter().zip(named)
    {
        assert_eq!(
            answer.as_str().unwrap(),
            format!("{name} is not supported by ferridriver yet (docs/migrating.md lists what is)")
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
