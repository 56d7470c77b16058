//! `ferridriver merge-reports` and the `github` formatter, run as a user's CI would: the suite
//! in three shards writing message files, merged into one run whose counts, ids and exit code
//! are those of the unsharded run. No browser: the steps are the project's own JS.

#[path = "conformance/locate.rs"]
mod locate;
#[path = "conformance/schema.rs"]
mod schema;

use serde_json::Value;
use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;
use std::process::{Command, Output};

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("ferridriver-merge-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for sub in ["features", "steps", "reports"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        Scratch(dir)
    }
    fn write(&self, rel: &str, text: &str) {
        std::fs::write(self.0.join(rel), text).unwrap();
    }
    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_ferridriver")).args(args).current_dir(&self.0).output().unwrap()
    }
    fn messages(&self, rel: &str) -> Vec<Value> {
        std::fs::read_to_string(self.0.join(rel)).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const STEPS: &str = "import { Given, Then } from '@cucumber/cucumber'
import assert from 'node:assert'

Given('a basket with {int} items', function (n: number) {
  this.items = n
})

Then('the basket holds {int} items', function (n: number) {
  assert.equal(this.items, n, `the basket holds ${this.items}`)
})
";

fn suite(name: &str) -> Scratch {
    let s = Scratch::new(name);
    s.write("ferridriver.toml", "[test]\nsteps = [\"steps/*.ts\"]\nparallel = 1\n");
    s.write("steps/basket.ts", STEPS);
    s.write(
        "features/basket.feature",
        "Feature: Basket\n\n  Scenario Outline: holds <n>\n    Given a basket with <n> items\n    Then the basket holds <n> items\n\n    Examples:\n      | n |\n      | 1 |\n      | 2 |\n      | 3 |\n",
    );
    s.write(
        "features/broken.feature",
        "Feature: Broken\n\n  Background:\n    Given a basket with 1 items\n\n  Scenario: miscounted\n    Then the basket holds 2 items\n\n  Scenario: counted\n    Then the basket holds 1 items\n\n  Scenario: unknown\n    Then the basket is blue\n",
    );
    s
}

fn kinds(messages: &[Value]) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for m in messages {
        let key = m.as_object().unwrap().keys().next().unwrap().clone();
        *counts.entry(key).or_insert(0) += 1;
    }
    counts
}

fn statuses(messages: &[Value]) -> Vec<String> {
    let mut all: Vec<String> = messages
        .iter()
        .filter_map(|m| m.get("testStepFinished"))
        .map(|f| f["testStepResult"]["status"].as_str().unwrap().to_string())
        .collect();
    all.sort();
    all
}

/// Every message that defines an id has one no other message has; every reference resolves.
fn assert_ids_consistent(messages: &[Value]) {
    let mut defined = HashSet::new();
    for m in messages {
        let (kind, body) = m.as_object().unwrap().iter().next().unwrap();
        if let Some(id) = body.get("id").and_then(Value::as_str) {
            assert!(defined.insert(id.to_string()), "{kind} id {id} is not unique");
        }
        if kind == "testCase" {
            for step in body["testSteps"].as_array().unwrap() {
                assert!(defined.insert(step["id"].as_str().unwrap().to_string()), "test step id not unique");
            }
        }
    }
    for m in messages {
        let body = m.as_object().unwrap().values().next().unwrap();
        for key in ["pickleId", "testCaseId", "testCaseStartedId", "testRunStartedId", "hookId"] {
            if let Some(id) = body.get(key).and_then(Value::as_str) {
                assert!(defined.contains(id), "{key} {id} points at nothing: {m}");
            }
        }
        if let Some(steps) = body.get("testSteps").and_then(Value::as_array) {
            for step in steps {
                for id in step.get("stepDefinitionIds").and_then(Value::as_array).into_iter().flatten() {
                    assert!(defined.contains(id.as_str().unwrap()), "step definition {id} points at nothing");
                }
            }
        }
    }
}

#[test]
fn three_shards_merge_into_the_unsharded_run() {
    let s = suite("shards");
    let whole = s.run(&["bdd", "--format", "message:reports/whole.ndjson"]);
    assert_eq!(whole.status.code(), Some(1), "{}", String::from_utf8_lossy(&whole.stderr));
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let out = format!("message:reports/shard-{i}.ndjson");
        s.run(&["bdd", "--shard", &shard, "--format", &out]);
    }
    let shard_pickles: Vec<usize> =
        (1..=3).map(|i| kinds(&s.messages(&format!("reports/shard-{i}.ndjson")))["pickle"]).collect();
    assert_eq!(shard_pickles, vec![2, 2, 2], "a shard's stream holds only its own pickles");

    let merged = s.run(&[
        "merge-reports",
        "reports/shard-1.ndjson",
        "reports/shard-2.ndjson",
        "reports/shard-3.ndjson",
        "--format",
        "message:reports/merged.ndjson",
        "--format",
        "junit:reports/merged.xml",
        "--format",
        "summary",
    ]);
    assert_eq!(merged.status.code(), Some(1), "the whole run failed: {}", String::from_utf8_lossy(&merged.stderr));
    let summary = String::from_utf8_lossy(&merged.stdout);
    assert!(summary.contains("6 scenarios (4 passed, 1 undefined, 1 failed)"), "{summary}");

    let whole = s.messages("reports/whole.ndjson");
    let merged = s.messages("reports/merged.ndjson");
    assert_eq!(kinds(&merged), kinds(&whole), "the same messages as the unsharded run");
    assert_eq!(statuses(&merged), statuses(&whole));
    assert_ids_consistent(&merged);
    let first = merged.first().unwrap();
    assert!(first.get("meta").is_some());
    let finished = merged.last().unwrap().get("testRunFinished").expect("ends with testRunFinished");
    assert_eq!(finished["success"], false);
    if let Some(root) = locate::conformance_dir() {
        let schema = schema::EnvelopeSchema::load(&root);
        let problems: Vec<String> = merged.iter().flat_map(|m| schema.problems(m)).collect();
        assert!(problems.is_empty(), "{problems:?}");
    }
    let junit = std::fs::read_to_string(s.0.join("reports/merged.xml")).unwrap();
    assert!(junit.contains("tests=\"6\""), "{junit}");

    // One shard alone merges into a run that passes or fails as that shard did.
    let passing = s.run(&["merge-reports", "reports/shard-1.ndjson", "--format", "summary"]);
    let shard1 = s.messages("reports/shard-1.ndjson");
    let shard1_ok = shard1.last().unwrap()["testRunFinished"]["success"].as_bool().unwrap();
    assert_eq!(passing.status.code(), Some(if shard1_ok { 0 } else { 1 }));
}

#[test]
fn bad_inputs_are_clear_errors() {
    let s = suite("bad");
    s.write("reports/garbage.ndjson", "{\"meta\":{}}\nnot json\n");
    let out = s.run(&["merge-reports", "reports/garbage.ndjson"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("reports/garbage.ndjson:2: not JSON"), "{err}");

    s.run(&["bdd", "--shard", "1/2", "--format", "message:reports/a.ndjson"]);
    let text = std::fs::read_to_string(s.0.join("reports/a.ndjson")).unwrap();
    let cut: Vec<&str> = text.lines().filter(|l| !l.contains("testRunFinished")).collect();
    s.write("reports/cut.ndjson", &cut.join("\n"));
    let out = s.run(&["merge-reports", "reports/a.ndjson", "reports/cut.ndjson"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cut.ndjson: the stream has no testRunFinished"));

    let out = s.run(&["merge-reports", "reports/missing.ndjson"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.ndjson: no such file"));
}

#[test]
fn the_github_formatter_annotates_the_failing_step_lines() {
    let s = suite("github");
    let out = s.run(&["bdd", "--format", "github"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    let failed = lines.iter().find(|l| l.contains("title=Scenario%3A miscounted")).expect(&text);
    assert!(failed.starts_with("::error file=features/broken.feature,line=7,"), "{failed}");
    assert!(failed.contains("::Failed Then the basket holds 2 items: miscounted%0A"), "{failed}");
    assert!(failed.contains("the basket holds 1"), "the assertion's message: {failed}");
    assert!(failed.contains("steps/basket.ts:"), "where it failed or was defined: {failed}");
    let undefined = lines.iter().find(|l| l.contains("title=Scenario%3A unknown")).expect(&text);
    assert!(undefined.starts_with("::error file=features/broken.feature,line=13,"), "{undefined}");
    assert_eq!(lines.iter().filter(|l| l.starts_with("::error")).count(), 2, "passing scenarios get none: {text}");
    assert!(lines
        .last()
        .unwrap()
        .starts_with("::notice title=Cucumber run failed::6 scenarios: 4 passed, 2 not passed"));
}
