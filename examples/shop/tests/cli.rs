//! The example crate's binary: its own Rust steps behind ferridriver's full command line.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn shop() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_shop"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn run(args: &[&str]) -> Output {
    shop().arg("bdd").args(args).output().expect("the example binary runs")
}

fn messages(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| serde_json::from_str(l).ok()).collect()
}

fn results(msgs: &[Value]) -> Vec<&Value> {
    msgs.iter().filter_map(|m| m.get("testStepFinished")).map(|f| &f["testStepResult"]).collect()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn passing_features_pass_with_typed_arguments_tables_doc_strings_and_hooks() {
    let out = run(&["features/checkout.feature", "-f", "message"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let msgs = messages(&out);
    assert_eq!(msgs.iter().filter(|m| m.get("testCaseStarted").is_some()).count(), 4);
    assert!(results(&msgs).iter().all(|r| r["status"] == "PASSED"));
    let receipt = msgs.iter().filter_map(|m| m.get("attachment")).find(|a| a["mediaType"] == "text/plain");
    assert_eq!(
        receipt.map(|a| a["body"].as_str().unwrap()),
        Some("2 items, €24.00"),
        "the tagged After hook attached it"
    );
    let defs = msgs.iter().filter(|m| m.get("stepDefinition").is_some()).count();
    assert!(defs >= 9, "every step of the crate is registered ({defs})");
    let custom = msgs.iter().find_map(|m| m.get("parameterType")).expect("the {price} parameter type");
    assert_eq!(custom["name"], "price");
}

#[test]
fn deliberate_failures_are_reported_precisely_and_the_run_goes_on() {
    let out = run(&["features/failures.feature", "-f", "message", "--timeout", "300"]);
    assert_eq!(out.status.code(), Some(1));
    let msgs = messages(&out);
    let failed: Vec<(String, String)> = results(&msgs)
        .iter()
        .filter(|r| r["status"] == "FAILED")
        .map(|r| (r["exception"]["type"].as_str().unwrap().to_string(), r["message"].as_str().unwrap().to_string()))
        .collect();
    assert!(
        failed.iter().any(|(t, m)| t == "AssertionError" && m.contains("expected total 999 cents, got 50")),
        "{failed:?}"
    );
    assert!(
        failed.iter().any(|(t, m)| t == "Panic" && m.contains("the till crashed") && m.contains("steps.rs")),
        "{failed:?}"
    );
    assert!(failed.iter().any(|(t, m)| t == "TimeoutError" && m.contains("300 ms")), "{failed:?}");
    assert!(results(&msgs).iter().any(|r| r["status"] == "UNDEFINED"));
    let snippet = msgs.iter().find_map(|m| m.get("suggestion")).expect("a suggestion for the undefined step");
    assert!(snippet["snippets"][0]["code"].as_str().unwrap().contains("#[when(expr = \"I pay with a seashell\")]"));
    assert_eq!(
        msgs.iter().filter(|m| m.get("testCaseFinished").is_some()).count(),
        5,
        "a panic or a hang stops only its scenario"
    );
    let mistyped = results(&msgs).into_iter().find(|r| r["status"] == "UNDEFINED" && r.get("message").is_some());
    assert!(
        mistyped.is_some_and(|r| r["message"]
            .as_str()
            .unwrap()
            .contains("Did you mean:\n  I add {int} {word} to the cart")),
        "a near miss suggests the close definition"
    );
    assert!(
        stderr(&out).is_empty() || !stderr(&out).contains("panicked at"),
        "panics are reported, not printed: {}",
        stderr(&out)
    );
}

#[test]
fn fail_fast_stops_scheduling_after_the_first_failure() {
    let out =
        run(&["features/failures.feature", "-f", "message", "--fail-fast", "--parallel", "1", "--timeout", "300"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(messages(&out).iter().filter(|m| m.get("testCaseStarted").is_some()).count(), 1);
}

#[test]
fn world_parameters_reach_the_world_and_bad_json_is_a_usage_error() {
    let ok = run(&["features/parameters.feature", "--world-parameters", r#"{"currency":"EUR"}"#]);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
    let missing = run(&["features/parameters.feature"]);
    assert_eq!(missing.status.code(), Some(1));
    let bad = run(&["features/parameters.feature", "--world-parameters", "{currency: EUR"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("--world-parameters is not valid JSON"), "{}", stderr(&bad));
}

#[test]
fn retries_are_marked_and_counted() {
    let out = run(&["features/failures.feature:5", "-f", "message", "--retry", "2"]);
    let msgs = messages(&out);
    let retried: Vec<bool> =
        msgs.iter().filter_map(|m| m.get("testCaseFinished")).map(|f| f["willBeRetried"].as_bool().unwrap()).collect();
    assert_eq!(retried, vec![true, true, false]);
    let attempts: Vec<u64> =
        msgs.iter().filter_map(|m| m.get("testCaseStarted")).map(|s| s["attempt"].as_u64().unwrap()).collect();
    assert_eq!(attempts, vec![0, 1, 2]);
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ferridriver-shop-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("features")).unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("features");
    for f in ["checkout.feature", "parameters.feature"] {
        std::fs::copy(src.join(f), dir.join("features").join(f)).unwrap();
    }
    dir
}

#[test]
fn config_file_sets_options_and_flags_win() {
    let dir = scratch("config");
    std::fs::write(
        dir.join("ferridriver.toml"),
        "[test]\nformat = [\"message:run.ndjson\"]\nworldParameters = { currency = \"EUR\" }\ntags = \"@parameters\"\n",
    )
    .unwrap();
    let out = shop().current_dir(&dir).arg("bdd").output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(dir.join("run.ndjson")).expect("the configured report");
    assert_eq!(text.lines().filter(|l| l.contains("\"testCaseStarted\"")).count(), 1, "tags from the config");
    let out = shop().current_dir(&dir).args(["bdd", "--tags", "not @parameters"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "the flag replaces the config's tags: {}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn malformed_config_unknown_formatter_and_unwritable_report_are_usage_errors() {
    let dir = scratch("bad");
    std::fs::write(dir.join("ferridriver.toml"), "[test]\nretry = 1\nretyr = 2\n").unwrap();
    let out = shop().current_dir(&dir).arg("bdd").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("ferridriver.toml:3:1"), "{}", stderr(&out));
    std::fs::remove_file(dir.join("ferridriver.toml")).unwrap();

    let out = shop().current_dir(&dir).args(["bdd", "-f", "jnuit"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unknown formatter 'jnuit'"), "{}", stderr(&out));

    // A report below a file cannot be written: a usage error, and nothing half-written.
    std::fs::write(dir.join("blocker"), "a file").unwrap();
    let out = shop().current_dir(&dir).args(["bdd", "-f", "message:blocker/dir/run.ndjson"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(dir.join("blocker")).unwrap(), "a file", "nothing half-written");
    let _ = std::fs::remove_dir_all(&dir);
}
