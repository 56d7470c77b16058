//! `--shard I/N --shard-by duration:FILE`: shards of even duration from an earlier run's message
//! file, which together run the suite once.

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fd-shards-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    dir
}

fn bdd(dir: &Path, args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver")).arg("bdd").args(args).current_dir(dir).output().unwrap();
    assert!(out.status.code().is_some(), "{}", String::from_utf8_lossy(&out.stderr));
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The names of the scenarios a message file ran.
fn ran(file: &Path) -> Vec<String> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|m| m.get("pickle").and_then(|p| p["name"].as_str().map(str::to_string)))
        .collect()
}

#[test]
fn duration_shards_are_even_and_together_run_the_suite_once() {
    let dir = scratch();
    std::fs::write(
        dir.join("steps/work.js"),
        "import { Given } from '@cucumber/cucumber'\nGiven('I work for {int} ms', async function (ms) { await new Promise((r) => setTimeout(r, ms)) })\n",
    )
    .unwrap();
    let mut feature = String::from("Feature: skewed\n");
    feature.push_str("\n  Scenario: slow\n    Given I work for 900 ms\n");
    for n in 1..=7 {
        feature.push_str(&format!("\n  Scenario: quick {n}\n    Given I work for 60 ms\n"));
    }
    std::fs::write(dir.join("skewed.feature"), feature).unwrap();
    let (code, stderr) = bdd(&dir, &["skewed.feature", "--format", "message:all.ndjson"]);
    assert_eq!(code, 0, "{stderr}");
    let all: BTreeSet<String> = ran(&dir.join("all.ndjson")).into_iter().collect();
    assert_eq!(all.len(), 8);

    let mut shards = Vec::new();
    for i in 1..=2 {
        let out = format!("shard{i}.ndjson");
        let (code, stderr) = bdd(
            &dir,
            &[
                "skewed.feature",
                "--shard",
                &format!("{i}/2"),
                "--shard-by",
                "duration:all.ndjson",
                "--format",
                &format!("message:{out}"),
            ],
        );
        assert_eq!(code, 0, "{stderr}");
        shards.push(ran(&dir.join(out)));
    }
    let union: BTreeSet<String> = shards.iter().flatten().cloned().collect();
    assert_eq!(union, all, "together the shards run the suite");
    assert_eq!(shards[0].len() + shards[1].len(), 8, "no scenario twice: {shards:?}");
    assert_eq!(shards[0], vec!["slow".to_string()], "the slow scenario is a shard's whole share: {shards:?}");

    // By count (the default) the slow one shares its shard with three more.
    let (code, _) = bdd(&dir, &["skewed.feature", "--shard", "1/2", "--format", "message:count.ndjson"]);
    assert_eq!(code, 0);
    assert_eq!(ran(&dir.join("count.ndjson")).len(), 4);

    // `--shard auto` in a GitLab `parallel:` job.
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "skewed.feature", "--shard", "auto", "--format", "message:auto.ndjson"])
        .env("CI_NODE_INDEX", "2")
        .env("CI_NODE_TOTAL", "4")
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(ran(&dir.join("auto.ndjson")), vec!["quick 1".to_string(), "quick 5".to_string()]);

    let (code, stderr) = bdd(&dir, &["skewed.feature", "--shard-by", "duration:all.ndjson"]);
    assert_eq!(code, 2, "needs --shard: {stderr}");
    assert!(stderr.contains("needs --shard"), "{stderr}");
    let (code, stderr) = bdd(&dir, &["skewed.feature", "--shard", "1/2", "--shard-by", "duration:missing.ndjson"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("missing.ndjson"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
