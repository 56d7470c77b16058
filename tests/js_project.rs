//! A TypeScript step project run by the `ferridriver` binary: a helper module, a package from
//! node_modules (CommonJS), a custom World, a parameter type, hooks and tables — green — plus a
//! deliberate failure that points at its `.ts` line.

use std::path::Path;
use std::process::Command;

fn write(root: &Path, path: &str, text: &str) {
    let p = root.join(path);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

const STEPS: &str = r#"import { Given, When, Then, Before, After, defineParameterType, setWorldConstructor, DataTable } from '@cucumber/cucumber'
import assert from 'node:assert'
import sum from 'tiny-sum'
import { cents } from '../lib/money'

class Cart {
  items: number[] = []
  constructor(public options: { parameters: Record<string, unknown> }) {}
}
setWorldConstructor(Cart)

defineParameterType({ name: 'price', regexp: /€(\d+)\.(\d\d)/, transformer: (e: string, c: string) => cents(e, c) })

Before(function (this: Cart, { pickle, gherkinDocument }) {
  this.items = []
  assert.ok(pickle.name.length > 0)
  assert.strictEqual(gherkinDocument.feature.name, 'Cart')
})

Given('a cart with:', function (this: Cart, table: DataTable) {
  for (const row of table.hashes()) this.items.push(cents(row.euros, row.cents))
})

When('I add an item at {price}', function (this: Cart, price: number) {
  this.items.push(price)
})

Then('the total is {price}', function (this: Cart, expected: number) {
  assert.strictEqual(this.items.reduce(sum, 0), expected)
})

After(function (this: Cart) {
  this.items = []
})
"#;

#[test]
fn a_typescript_project_runs_green_and_its_failure_points_at_the_ts_line() {
    let root = std::env::temp_dir().join(format!("ferridriver-ts-project-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    write(&root, "steps/cart.ts", STEPS);
    write(&root, "lib/money.ts", "export function cents(euros: string, cents: string): number {\n  return Number(euros) * 100 + Number(cents)\n}\n");
    write(
        &root,
        "node_modules/tiny-sum/package.json",
        r#"{ "name": "tiny-sum", "version": "1.0.0", "main": "index.js" }"#,
    );
    write(&root, "node_modules/tiny-sum/index.js", "module.exports = function sum(a, b) { return a + b }\n");
    write(
        &root,
        "features/cart.feature",
        "Feature: Cart\n\n  Scenario: Adding up\n    Given a cart with:\n      | euros | cents |\n      | 1     | 50    |\n      | 2     | 00    |\n    \
         When I add an item at €0.25\n    Then the total is €3.75\n\n  Scenario: A wrong total\n    Given a cart with:\n      | euros | cents |\n      | 1     | 00    |\n    \
         Then the total is €9.99\n",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "--parallel", "2", "-f", "message"])
        .current_dir(&root)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "one scenario fails on purpose: {stderr}");
    let msgs: Vec<serde_json::Value> =
        String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    let definitions: Vec<String> = msgs
        .iter()
        .filter_map(|m| m.get("stepDefinition"))
        .map(|d| {
            format!("{}:{}", d["sourceReference"]["uri"].as_str().unwrap(), d["sourceReference"]["location"]["line"])
        })
        .filter(|d| d.ends_with(".ts") || d.contains(".ts:"))
        .collect();
    assert_eq!(definitions, vec!["steps/cart.ts:20", "steps/cart.ts:24", "steps/cart.ts:28"], "original .ts lines");
    let results: Vec<&serde_json::Value> =
        msgs.iter().filter_map(|m| m.get("testStepFinished")).map(|f| &f["testStepResult"]).collect();
    assert_eq!(
        results.iter().filter(|r| r["status"] == "PASSED").count(),
        3 + 2 + 1 + 2,
        "hooks and steps pass: {stderr}"
    );
    let failure = results.iter().find(|r| r["status"] == "FAILED").expect("the wrong total fails");
    let message = failure["message"].as_str().unwrap();
    assert_eq!(failure["exception"]["type"], "AssertionError");
    assert!(message.contains("100 !== 999"), "{message}");
    assert!(message.contains("steps/cart.ts:29"), "the failure points at the assert line: {message}");
    let _ = std::fs::remove_dir_all(&root);
}

const GLOBAL_HOOKS: &str = r#"import { BeforeAll, AfterAll, Given, Then } from '@cucumber/cucumber'
import assert from 'node:assert'

// Module state: each worker VM has its own copy, set up by its own BeforeAll.
let shop: { open: boolean; served: number } | undefined

BeforeAll(function () {
  if (process.env.FAIL_BEFORE_ALL) throw new Error('the shop did not open')
  shop = { open: true, served: 0 }
})

Given('a customer', function () {
  assert.ok(shop?.open, 'BeforeAll ran in this VM')
  shop.served += 1
})

Then('the shop is open', function () {
  assert.strictEqual(shop?.open, true)
})

AfterAll(function () {
  this.attach(`served ${shop?.served ?? 'nobody'}`)
})
"#;

fn global_hooks_project(tag: &str) -> std::path::PathBuf {
    let root = std::env::temp_dir().join(format!("ferridriver-global-hooks-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    write(&root, "steps/shop.ts", GLOBAL_HOOKS);
    write(&root, "ferridriver.toml", "[scripting]\nallowEnv = [\"FAIL_BEFORE_ALL\"]\n");
    let scenarios: String = (1..=4)
        .map(|i| format!("  Scenario: Customer {i}\n    Given a customer\n    Then the shop is open\n\n"))
        .collect();
    write(&root, "features/shop.feature", &format!("Feature: Shop\n\n{scenarios}"));
    root
}

fn run_messages(root: &Path, fail_before_all: bool) -> (Option<i32>, Vec<serde_json::Value>, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ferridriver"));
    command.args(["bdd", "--parallel", "2", "-f", "message"]).current_dir(root);
    if fail_before_all {
        command.env("FAIL_BEFORE_ALL", "1");
    } else {
        command.env_remove("FAIL_BEFORE_ALL");
    }
    let out = command.output().unwrap();
    let msgs = String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    (out.status.code(), msgs, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn js_before_all_and_after_all_run_in_every_worker_vm() {
    let root = global_hooks_project("green");
    let (code, msgs, stderr) = run_messages(&root, false);
    assert_eq!(code, Some(0), "every step sees the state its worker's BeforeAll set: {stderr}");
    let hook_workers: Vec<&str> = msgs
        .iter()
        .filter_map(|m| m.get("testRunHookStarted"))
        .map(|h| h["workerId"].as_str().expect("each run of a JS global hook names its worker"))
        .collect();
    let mut sorted = hook_workers.clone();
    sorted.sort();
    assert_eq!(sorted, vec!["0", "0", "1", "1"], "BeforeAll and AfterAll once per worker");
    let served: u32 = msgs
        .iter()
        .filter_map(|m| m.get("attachment"))
        .map(|a| a["body"].as_str().unwrap().trim_start_matches("served ").parse::<u32>().unwrap())
        .sum();
    assert_eq!(served, 4, "each AfterAll sees what its own worker did, together all four scenarios");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_failing_js_before_all_runs_no_test_case_but_still_runs_after_all() {
    let root = global_hooks_project("red");
    let (code, msgs, stderr) = run_messages(&root, true);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(msgs.iter().all(|m| m.get("testCase").is_none()), "no test case is planned after a failed BeforeAll");
    let failed: Vec<&serde_json::Value> = msgs
        .iter()
        .filter_map(|m| m.get("testRunHookFinished"))
        .map(|f| &f["result"])
        .filter(|r| r["status"] == "FAILED")
        .collect();
    assert_eq!(failed.len(), 2, "the BeforeAll of each worker fails");
    let message = failed[0]["message"].as_str().unwrap();
    assert!(message.contains("the shop did not open") && message.contains("steps/shop.ts:8"), "{message}");
    let after_all: Vec<&str> =
        msgs.iter().filter_map(|m| m.get("attachment")).map(|a| a["body"].as_str().unwrap()).collect();
    assert_eq!(after_all, vec!["served nobody", "served nobody"], "AfterAll still runs on each worker");
    let finished = msgs.iter().find_map(|m| m.get("testRunFinished")).unwrap();
    assert_eq!(finished["success"], false);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_rebuilt_vm_runs_before_all_again() {
    let root = global_hooks_project("rebuilt");
    write(
        &root,
        "steps/slow.ts",
        "import { When } from '@cucumber/cucumber'\n\nWhen('a customer never leaves', { timeout: 200 }, function () {\n  for (;;) {}\n})\n",
    );
    write(
        &root,
        "features/shop.feature",
        "Feature: Shop\n\n  Scenario: Stuck\n    Given a customer\n    When a customer never leaves\n\n  Scenario: After the rebuild\n    Given a customer\n    Then the shop is open\n",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "--parallel", "1", "-f", "message"])
        .current_dir(&root)
        .env_remove("FAIL_BEFORE_ALL")
        .output()
        .unwrap();
    let msgs: Vec<serde_json::Value> =
        String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    let statuses: Vec<&str> = msgs
        .iter()
        .filter_map(|m| m.get("testStepFinished"))
        .map(|f| f["testStepResult"]["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, vec!["PASSED", "FAILED", "PASSED", "PASSED"], "{}", String::from_utf8_lossy(&out.stderr));
    let hooks = msgs.iter().filter(|m| m.get("testRunHookStarted").is_some()).count();
    assert_eq!(hooks, 3, "BeforeAll, BeforeAll again on the rebuilt VM, AfterAll");
    let served: Vec<&str> =
        msgs.iter().filter_map(|m| m.get("attachment")).map(|a| a["body"].as_str().unwrap()).collect();
    assert_eq!(served, vec!["served 1"], "AfterAll sees the rebuilt VM's state");
    let _ = std::fs::remove_dir_all(&root);
}

/// A support file that throws while it loads (its World and hooks would be missing) and a step
/// file with a syntax error: the run fails before any scenario, naming both files and lines,
/// instead of running the scenarios that the remaining steps happen to match.
#[test]
fn a_file_that_fails_to_load_fails_the_run_before_any_scenario() {
    let root = std::env::temp_dir().join(format!("ferridriver-half-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    write(
        &root,
        "steps/ok.ts",
        "import { Given } from '@cucumber/cucumber'\n\nGiven('a step that passes', function () {})\n",
    );
    write(
        &root,
        "support/world.ts",
        "import { setWorldConstructor } from '@cucumber/cucumber'\n\nconst settings = JSON.parse('{}')\nconst base: string = settings.server.baseUrl\nsetWorldConstructor(class { url = base })\n",
    );
    write(
        &root,
        "steps/broken.ts",
        "import { Then } from '@cucumber/cucumber'\n\nThen('a broken step', function () {\n  return (\n})\n",
    );
    write(&root, "ferridriver.toml", "[test]\nsteps = [\"steps/**/*.ts\", \"support/**/*.ts\"]\n");
    write(&root, "features/a.feature", "Feature: A\n\n  Scenario: Passes alone\n    Given a step that passes\n");
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "--parallel", "1", "-f", "message"])
        .current_dir(&root)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "the run fails\n{stderr}");
    assert!(!stdout.contains("testCaseStarted"), "no scenario runs: {stdout}");
    assert!(
        stderr.contains("support/world.ts:") && stderr.contains("cannot read property 'baseUrl'"),
        "the throwing file and the cause are named: {stderr}"
    );
    assert!(stderr.contains("steps/broken.ts:"), "the file with the syntax error is named: {stderr}");
    assert!(stderr.contains("2 problems loading") && stderr.contains("no scenario was run"), "{stderr}");
    let _ = std::fs::remove_dir_all(&root);
}

/// A project whose JS files define only hooks so far gets its missing steps as JavaScript
/// snippets (the language its steps will be written in), not Rust.
#[test]
fn a_project_with_only_js_hooks_gets_javascript_snippets() {
    let root = std::env::temp_dir().join(format!("ferridriver-js-snippets-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    write(&root, "steps/hooks.ts", "import { Before } from '@cucumber/cucumber'\n\nBefore(function () {})\n");
    write(&root, "features/a.feature", "Feature: A\n\n  Scenario: To be written\n    Given a step nobody wrote\n");
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "-f", "summary"])
        .current_dir(&root)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("Given('a step nobody wrote', function ()"), "a JS snippet: {stdout}");
    assert!(!stdout.contains("#[given"), "{stdout}");
    let _ = std::fs::remove_dir_all(&root);
}
