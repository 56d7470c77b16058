//! The cucumber-js flags that select, order, retry and report, through the example binary.

use serde_json::Value;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shop"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("bdd")
        .args(args)
        .output()
        .expect("the example binary runs")
}

fn messages(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| serde_json::from_str(l).ok()).collect()
}

/// `name:line` of the pickles that started, in order.
fn started(out: &Output) -> Vec<String> {
    let msgs = messages(out);
    let names: std::collections::HashMap<String, String> = msgs
        .iter()
        .filter_map(|m| m.get("pickle"))
        .map(|p| {
            let name = format!("{}:{}", p["name"].as_str().unwrap(), p["location"]["line"]);
            (p["id"].as_str().unwrap().to_string(), name)
        })
        .collect();
    let cases: std::collections::HashMap<String, String> = msgs
        .iter()
        .filter_map(|m| m.get("testCase"))
        .map(|t| (t["id"].as_str().unwrap().to_string(), t["pickleId"].as_str().unwrap().to_string()))
        .collect();
    msgs.iter()
        .filter_map(|m| m.get("testCaseStarted"))
        .map(|s| names[&cases[s["testCaseId"].as_str().unwrap()]].clone())
        .collect()
}

#[test]
fn pending_fails_only_under_strict() {
    let strict = run(&["features/pending.feature", "-f", "message"]);
    assert_eq!(strict.status.code(), Some(1));
    assert!(messages(&strict)
        .iter()
        .filter_map(|m| m.get("testStepFinished"))
        .any(|f| f["testStepResult"]["status"] == "PENDING"));
    assert_eq!(run(&["features/pending.feature", "--no-strict"]).status.code(), Some(0));
    assert_eq!(run(&["features/pending.feature", "--strict"]).status.code(), Some(1));
}

#[test]
fn retry_tag_filter_limits_which_scenarios_retry() {
    let none = run(&["features/failures.feature:5", "-f", "message", "--retry", "2", "--retry-tag-filter", "@nope"]);
    assert_eq!(started(&none).len(), 1);
    let tagged =
        run(&["features/failures.feature:5", "-f", "message", "--retry", "2", "--retry-tag-filter", "@failing"]);
    assert_eq!(started(&tagged).len(), 3);
}

#[test]
fn shards_split_the_suite_and_order_reverses_it() {
    let all = started(&run(&["features/checkout.feature", "-f", "message", "--parallel", "1"]));
    assert_eq!(all.len(), 4);
    let one = started(&run(&["features/checkout.feature", "-f", "message", "--parallel", "1", "--shard", "1/2"]));
    let two = started(&run(&["features/checkout.feature", "-f", "message", "--parallel", "1", "--shard", "2/2"]));
    assert_eq!(one.len() + two.len(), 4);
    assert!(one.iter().all(|n| !two.contains(n)), "{one:?} {two:?}");
    let reversed =
        started(&run(&["features/checkout.feature", "-f", "message", "--parallel", "1", "--order", "reverse"]));
    assert_eq!(reversed, all.iter().rev().cloned().collect::<Vec<_>>());
    let seeded =
        |seed: &str| started(&run(&["features/checkout.feature", "-f", "message", "--parallel", "1", "--order", seed]));
    assert_eq!(seeded("random:7"), seeded("random:7"), "a seed replays the same order");
}

#[test]
fn a_rerun_file_runs_the_failures_again() {
    let dir = std::env::temp_dir().join(format!("ferridriver-rerun-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rerun = dir.join("rerun.txt");
    let out = run(&["features", "-f", &format!("rerun:{}", rerun.display()), "--timeout", "300"]);
    assert_eq!(out.status.code(), Some(1));
    let text = std::fs::read_to_string(&rerun).unwrap();
    assert!(text.contains("features/failures.feature:5:10:13:16:19"), "{text}");
    assert!(text.contains("features/parameters.feature:3"), "{text}");
    let again = run(&[&format!("@{}", rerun.display()), "-f", "message", "--timeout", "300"]);
    assert_eq!(started(&again).len(), 7, "only the failed scenarios run again");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn format_options_reach_the_formatters() {
    let plain = run(&["features/checkout.feature", "-f", "summary"]);
    assert!(!String::from_utf8_lossy(&plain.stdout).contains('\u{1b}'), "no colour when not a terminal");
    let coloured = run(&["features/checkout.feature", "-f", "summary", "--format-options", r#"{"colors": true}"#]);
    assert!(String::from_utf8_lossy(&coloured.stdout).contains('\u{1b}'), "colours forced by --format-options");
    let bad = run(&["features/checkout.feature", "--format-options", "[1]"]);
    assert_eq!(bad.status.code(), Some(2));
}
