//! cucumber-js 13.2's run hooks `on: HookTarget.COORDINATOR` run once per run however many
//! workers there are (the others once per worker), and what the coordinator's BeforeAll set
//! up is there for its AfterAll; the `world` proxy reaches the scenario's World from arrow
//! functions, `context` the run's parameters from run hooks, each refused elsewhere with
//! cucumber-js's words; the rest of @cucumber/cucumber's exports load.

#[path = "common/js_suite.rs"]
mod js_suite;

const SUPPORT: &str = r#"import { BeforeAll, AfterAll, Given, Then, HookTarget, world, context, Formatter, version, wrapPromiseWithTimeout } from '@cucumber/cucumber'
import fs from 'fs'

let started = 'never'
let workerMark = 'none'
let ticks = 0
let ticking: any
const log = (line: string) => fs.appendFileSync('hooks.log', line + '\n')
const refused = (f: () => unknown) => { try { f(); return 'allowed' } catch (e: any) { return e.message } }

BeforeAll({ on: HookTarget.COORDINATOR }, function () {
  started = `coordinator saw ${context.parameters.label}`
  // Keeps running on the coordinator while the workers run the scenarios.
  ticking = setInterval(() => ticks++, 10)
  log('coordinator before')
})
BeforeAll(function () {
  workerMark = 'set by a worker'
  log('worker before')
  log(`in a run hook: ${refused(() => world.parameters)}`)
})
AfterAll({ on: HookTarget.COORDINATOR }, function () {
  clearInterval(ticking)
  log(`coordinator after: ${started}, worker mark ${workerMark}, ticking ${ticks > 10}`)
})
AfterAll({ on: HookTarget.WORKER }, function () {
  log('worker after')
})

// A support file that defines a formatter loads (ferridriver does not run it).
export class NamesFormatter extends Formatter {}

Given('the world says {string}', async (text: string) => {
  world.said = text
  world.attach(`said ${text}`, 'text/plain')
})

Then('it said {string}', async (text: string) => {
  if (world.said !== text) throw new Error(`said ${world.said}`)
  if (world.parameters.label !== 'run') throw new Error('no parameters')
  await new Promise((resolve) => setTimeout(resolve, 100))
})

Then('the proxy is the World', function (this: any) {
  if (world !== this && (world as any).said !== this.said) throw new Error('another object')
  this.mine = 1
  if ((world as any).mine !== 1) throw new Error('the proxy is not this World')
})

Then('the other scopes are refused', async () => {
  const refused = (f: () => unknown) => { try { f(); return 'allowed' } catch (e: any) { return e.message } }
  fs.appendFileSync('refused.log', JSON.stringify([refused(() => context.parameters), typeof version, await wrapPromiseWithTimeout(new Promise(() => {}), 10).catch((e: Error) => e.message)]) + '\n')
})
"#;

const FEATURE: &str = "Feature: Scopes\n\n  Scenario: one\n    Given the world says \"a\"\n    Then it said \"a\"\n\n  Scenario: two\n    Given the world says \"b\"\n    Then it said \"b\"\n\n  Scenario: three\n    Then the other scopes are refused\n\n  Scenario: four\n    Given the world says \"d\"\n    Then it said \"d\"\n    And the proxy is the World\n";

fn run(dir: &std::path::Path, parallel: &str) -> String {
    let _ = std::fs::remove_file(dir.join("hooks.log"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "--parallel", parallel, "--format", "summary", "--world-parameters", r#"{"label":"run"}"#])
        .current_dir(dir)
        .output()
        .unwrap();
    let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{all}");
    assert!(all.contains("4 scenarios (4 passed)"), "{all}");
    std::fs::read_to_string(dir.join("hooks.log")).unwrap()
}

#[test]
fn coordinator_hooks_run_once_per_run_and_the_scope_proxies_work() {
    let dir = js_suite::project_dir("coordinator-hooks");
    js_suite::write_files(&dir, &[("features/support/hooks.ts", SUPPORT), ("features/scopes.feature", FEATURE)]);
    let log = run(&dir, "2");
    let count = |log: &str, line: &str| log.lines().filter(|l| *l == line).count();
    assert_eq!(count(&log, "coordinator before"), 1, "{log}");
    assert_eq!(count(&log, "worker before"), 2, "{log}");
    assert_eq!(count(&log, "worker after"), 2, "{log}");
    // Its own VM (no worker's module state), the run's parameters, and its timer kept going
    // while the workers ran.
    let after = "coordinator after: coordinator saw run, worker mark none, ticking true";
    assert_eq!(count(&log, after), 1, "{log}");
    assert_eq!(log.lines().next(), Some("coordinator before"), "the coordinator's BeforeAll first: {log}");
    assert_eq!(log.lines().last(), Some(after), "its AfterAll last: {log}");
    let refused_world = "in a run hook: Attempted to access `world` from incorrect scope; only applicable to steps and case-level hooks";
    assert_eq!(count(&log, refused_world), 2, "{log}");
    let refused: serde_json::Value =
        serde_json::from_str(std::fs::read_to_string(dir.join("refused.log")).unwrap().trim()).unwrap();
    assert_eq!(
        refused,
        serde_json::json!([
            "Attempted to access `context` from incorrect scope; only applicable to run-level hooks",
            "string",
            "Action did not complete within 10 milliseconds"
        ])
    );
    // One worker: cucumber-js's serial mode, where `on` makes no difference: every run hook
    // runs beside the steps, sharing their module state, BeforeAll hooks in definition order
    // and AfterAll hooks in reverse.
    let log = run(&dir, "1");
    assert_eq!(
        log.lines().collect::<Vec<_>>(),
        [
            "coordinator before",
            "worker before",
            refused_world,
            "worker after",
            "coordinator after: coordinator saw run, worker mark set by a worker, ticking true"
        ],
        "{log}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
