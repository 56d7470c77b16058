//! Watch mode in process: which scenarios a save re-runs (`Watch::react`) and what each run
//! then executes (read back from its message report). One test, because it moves the process
//! into the project directory as `ferridriver bdd` runs there. No browser: the steps are JS.

use ferridriver_runner::cli::BddArgs;
use ferridriver_runner::execute::invoke::NoHost;
use ferridriver_runner::execute::workers::HostFactory;
use ferridriver_runner::run_once::prepare;
use ferridriver_runner::watch::{Reaction, Selection, Watch};
use std::path::{Path, PathBuf};
use std::sync::Arc;

const STEPS: &str = "import { Given, Then } from '@cucumber/cucumber'
import assert from 'node:assert'
import { twice } from '../lib/maths'

Given('a basket with {int} items', function (n: number) {
  this.items = n
})

Then('the basket holds {int} items', function (n: number) {
  assert.equal(this.items, n)
})

Then('twice that is {int}', function (n: number) {
  assert.equal(twice(this.items), n)
})
";

const A: &str = "Feature: A
  Background:
    Given a basket with 1 items

  Scenario: one
    Then the basket holds 1 items

  Scenario: two
    Then twice that is 2
";

const B: &str = "Feature: B
  Scenario: three
    Given a basket with 3 items
    Then the basket holds 3 items
";

fn write(root: &Path, rel: &str, text: &str) -> PathBuf {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

/// The scenario names the last run executed.
fn ran(root: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(root.join("reports/run.ndjson")).unwrap();
    let mut names: Vec<String> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|m| m.get("pickle").map(|p| p["name"].as_str().unwrap().to_string()))
        .collect();
    names.sort();
    names
}

/// Reacts to the saved files and runs what that asks for; returns the header's reason.
fn save_and_run(watch: &mut Watch, paths: &[&PathBuf]) -> String {
    let reaction = watch_react(watch, paths);
    run_reaction(watch, reaction)
}

fn run_reaction(watch: &mut Watch, reaction: Reaction) -> String {
    match reaction {
        Reaction::Run(selection, reason) => {
            watch.run(selection, &reason);
            reason
        }
        other => panic!("expected a run, got {other:?}"),
    }
}

#[test]
fn saves_rerun_exactly_the_scenarios_they_change() {
    let root = std::env::temp_dir().join(format!("ferridriver-watch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let config = write(&root, "ferridriver.toml", "[test]\nsteps = [\"steps/*.ts\"]\nparallel = 1\n");
    let steps = write(&root, "steps/basket.ts", STEPS);
    let lib = write(&root, "lib/maths.ts", "export function twice(n: number) { return n * 2 }\n");
    let a = write(&root, "features/a.feature", A);
    let b = write(&root, "features/b.feature", B);
    std::fs::create_dir_all(root.join("reports")).unwrap();
    std::env::set_current_dir(&root).unwrap();

    let args = BddArgs { format: vec!["message:reports/run.ndjson".into()], ..Default::default() };
    let prepared = prepare(args).expect("options are valid");
    let hosts: HostFactory = Arc::new(|_| Box::new(NoHost));
    let mut watch = Watch::new(prepared, hosts);
    watch.run(Selection::All, "first run");
    assert_eq!(ran(&root), ["one", "three", "two"]);
    assert_eq!(watch.last_code, 0);

    // Editing one scenario re-runs it alone.
    std::fs::write(&a, A.replace("Then the basket holds 1 items", "Then the basket holds 2 items")).unwrap();
    let reason = save_and_run(&mut watch, &[&a]);
    assert_eq!(reason, "features/a.feature saved: 1 changed");
    assert_eq!(ran(&root), ["one"]);
    assert_eq!(watch.last_code, 1, "it fails now");

    // `f` runs the failed one; fixing it and saving runs it and clears it.
    watch.run_failed();
    assert_eq!(ran(&root), ["one"]);
    std::fs::write(&a, A).unwrap();
    save_and_run(&mut watch, &[&a]);
    assert_eq!(watch.last_code, 0);

    // Moving scenarios around (blank lines) changes nothing.
    std::fs::write(&a, A.replace("\n\n  Scenario: two", "\n\n\n\n  Scenario: two")).unwrap();
    assert_eq!(
        watch_react(&mut watch, &[&a]),
        Reaction::Nothing("features/a.feature saved: no scenario changed".into())
    );

    // A new scenario runs alone; a changed background re-runs every scenario under it.
    std::fs::write(&b, format!("{B}\n  Scenario: four\n    Given a basket with 4 items\n")).unwrap();
    assert_eq!(save_and_run(&mut watch, &[&b]), "features/b.feature saved: 1 new");
    assert_eq!(ran(&root), ["four"]);
    std::fs::write(
        &a,
        A.replace("Given a basket with 1 items", "Given a basket with 1 items\n    And a basket with 1 items"),
    )
    .unwrap();
    save_and_run(&mut watch, &[&a]);
    assert_eq!(ran(&root), ["one", "two"]);

    // Editing one step definition re-runs the scenarios that use it.
    std::fs::write(
        &steps,
        STEPS.replace("assert.equal(twice(this.items), n)", "assert.equal(twice(this.items), n, 'twice')"),
    )
    .unwrap();
    let reason = save_and_run(&mut watch, &[&steps]);
    assert_eq!(reason, "steps/basket.ts saved: 1 changed");
    assert_eq!(ran(&root), ["two"]);

    // An imported helper may be used anywhere: everything runs.
    std::fs::write(&lib, "export function twice(n: number) { return n + n }\n").unwrap();
    let reaction = watch_react(&mut watch, &[&lib]);
    assert!(
        matches!(&reaction, Reaction::Run(Selection::All, r) if r.contains("lib/maths.ts changed")),
        "{reaction:?}"
    );
    run_reaction(&mut watch, reaction);
    assert_eq!(ran(&root), ["four", "one", "three", "two"]);

    // A step file that does not compile keeps the previous definitions and says so.
    std::fs::write(&steps, "import { Given } from '@cucumber/cucumber'\nGiven('x', function () {\n").unwrap();
    match watch_react(&mut watch, &[&steps]) {
        Reaction::Nothing(why) => assert!(why.contains("still using the previous definitions"), "{why}"),
        other => panic!("{other:?}"),
    }
    std::fs::write(&steps, STEPS).unwrap();
    // A feature with a syntax error is reported; the watcher keeps going.
    std::fs::write(&b, "Feature: B\n  Scenario: three\n    Given a basket with 3 items\n  oops\n").unwrap();
    match watch_react(&mut watch, &[&b, &steps]) {
        Reaction::Run(_, reason) | Reaction::Nothing(reason) => {
            assert!(reason.contains("features/b.feature has syntax errors"), "{reason}")
        }
        other => panic!("{other:?}"),
    }

    // Files that are not part of the suite are ignored; the config file restarts.
    let notes = write(&root, "notes.txt", "hello");
    assert_eq!(watch_react(&mut watch, &[&notes]), Reaction::Ignored);
    assert_eq!(watch_react(&mut watch, &[&config]), Reaction::Restart);

    drop(watch);
    std::env::set_current_dir(std::env::temp_dir()).unwrap();
    let _ = std::fs::remove_dir_all(&root);
}

fn watch_react(watch: &mut Watch, paths: &[&PathBuf]) -> Reaction {
    let owned: Vec<PathBuf> = paths.iter().map(|p| (*p).clone()).collect();
    watch.react(&owned)
}
