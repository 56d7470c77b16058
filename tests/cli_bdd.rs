//! The `ferridriver bdd` command line, run as a real process on features written to a temp dir.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("ferridriver-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
    fn write(&self, rel: &str, text: &str) -> PathBuf {
        let p = self.0.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
        p
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn bdd(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .arg("bdd")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("binary runs")
}

fn messages(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("NDJSON line")).collect()
}

fn count(msgs: &[serde_json::Value], key: &str) -> usize {
    msgs.iter().filter(|m| m.get(key).is_some()).count()
}

const GOOD: &str = "Feature: Good\n  @fast\n  Scenario: one\n    Given a\n\n  Scenario Outline: two <n>\n    Given <n>\n    Examples:\n      | n |\n      | 1 |\n      | 2 |\n";
const BAD: &str = "Feature: Bad\n  Scenario: x\n    Given a\n  oops\n";

#[test]
fn dry_run_prints_messages_and_reports_syntax_errors_without_losing_other_files() {
    let s = Scratch::new("dry");
    s.write("features/a_good.feature", GOOD);
    s.write("features/b_bad.feature", BAD);
    let out = bdd(&s.0, &["--dry-run", "--format", "message"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "syntax errors fail the run: {stderr}");
    assert!(stderr.contains("features/b_bad.feature:4:3: expected: #EOF"), "{stderr}");
    assert!(stderr.contains("hint:"), "{stderr}");
    let msgs = messages(&out);
    assert_eq!(count(&msgs, "meta"), 1);
    assert_eq!(count(&msgs, "source"), 2);
    assert_eq!(count(&msgs, "gherkinDocument"), 1);
    assert_eq!(count(&msgs, "parseError"), 1);
    assert_eq!(count(&msgs, "pickle"), 3, "the good file's pickles are still there");
}

#[test]
fn lines_tags_and_names_select_pickles() {
    let s = Scratch::new("select");
    s.write("features/a.feature", GOOD);
    let pickles = |args: &[&str]| {
        let mut all = vec!["-d", "-f", "message"];
        all.extend_from_slice(args);
        let out = bdd(&s.0, &all);
        // No step definitions: the selected steps are undefined, which a dry run reports
        // without failing (cucumber-js 12).
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        messages(&out)
            .into_iter()
            .filter_map(|m| m.get("pickle").map(|p| p["name"].as_str().unwrap().to_string()))
            .collect::<Vec<_>>()
    };
    assert_eq!(pickles(&["features/a.feature:3"]), vec!["one"]);
    assert_eq!(pickles(&["features/a.feature:11"]), vec!["two 2"]);
    assert_eq!(pickles(&["features/a.feature:6"]), vec!["two 1", "two 2"]);
    assert_eq!(pickles(&["--tags", "not @fast"]), vec!["two 1", "two 2"]);
    assert_eq!(pickles(&["--name", "^two 1$"]), vec!["two 1"]);
}

#[test]
fn message_report_file_is_written_whole() {
    let s = Scratch::new("file");
    s.write("features/a.feature", GOOD);
    // `reports` is a file, so no report can go below it: a usage error before anything runs.
    s.write("reports", "not a folder");
    let out = bdd(&s.0, &["-d", "--format", "message:reports/run.ndjson"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write the message report"));
    // A missing folder is made, as cucumber-js makes it.
    std::fs::remove_file(s.0.join("reports")).unwrap();
    let out = bdd(&s.0, &["-d", "--format", "message:reports/run.ndjson"]);
    assert_eq!(out.status.code(), Some(0), "a dry run reports undefined steps but exits 0");
    // Only a file named: the console still shows progress and its counts, as cucumber-js's.
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("UUU") && stdout.contains("3 scenarios (3 undefined)"), "{stdout}");
    let text = std::fs::read_to_string(s.0.join("reports/run.ndjson")).unwrap();
    let kinds: Vec<String> = text
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap().as_object().unwrap().keys().next().unwrap().clone()
        })
        .collect();
    assert_eq!(kinds.first().map(String::as_str), Some("meta"));
    assert_eq!(kinds.iter().filter(|k| *k == "pickle").count(), 3);
    assert_eq!(kinds.last().map(String::as_str), Some("testRunFinished"));
    let leftovers: Vec<_> = std::fs::read_dir(s.0.join("reports")).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
}

#[test]
fn usage_errors_exit_with_2() {
    let s = Scratch::new("usage");
    s.write("features/a.feature", GOOD);
    for args in [
        vec!["-d", "--format", "nonsense"],
        vec!["-d", "--tags", "@a and"],
        vec!["-d", "--name", "("],
        vec!["-d", "no/such/dir"],
        vec!["-d", "--language", "xx"],
        vec!["--not-a-flag"],
    ] {
        let out = bdd(&s.0, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(!String::from_utf8_lossy(&out.stderr).is_empty());
    }
}

#[test]
fn language_default_and_header() {
    let s = Scratch::new("lang");
    s.write("features/fr.feature", "Fonctionnalité: F\n  Scénario: S\n    Soit a\n");
    s.write("features/de.feature", "# language: de\nFunktionalität: F\n  Szenario: S\n    Angenommen a\n");
    let out = bdd(&s.0, &["-d", "--language", "fr", "-f", "message", "features/fr.feature"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "parses (the step is undefined, which a dry run reports): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).is_empty(), "no syntax error");
    let out = bdd(&s.0, &["-d", "-f", "message", "features/de.feature"]);
    let msgs = messages(&out);
    let pickle = msgs.iter().find_map(|m| m.get("pickle")).expect("a pickle");
    assert_eq!(pickle["language"], "de");
    let out = bdd(&s.0, &["--i18n-keywords", "de"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("Angenommen"));
}

/// `--repeat-each N` runs every selected scenario N times, each run a pickle and test case of
/// its own (fresh ids), so every report shows every run; 0 is a usage error.
#[test]
fn repeat_each_runs_every_scenario_n_times() {
    let s = Scratch::new("repeat");
    s.write("features/good.feature", GOOD);
    let out = bdd(&s.0, &["--repeat-each", "3", "--format", "message", "--tags", "not @fast"]);
    assert_eq!(out.status.code(), Some(1), "the steps are undefined");
    let msgs = messages(&out);
    let pickles: Vec<&serde_json::Value> = msgs.iter().filter_map(|m| m.get("pickle")).collect();
    assert_eq!(pickles.len(), 6, "two outline rows, three times each");
    let ids: std::collections::HashSet<&str> = pickles.iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), 6, "each run has its own pickle id");
    let step_ids: std::collections::HashSet<&str> =
        pickles.iter().flat_map(|p| p["steps"].as_array().unwrap()).map(|s| s["id"].as_str().unwrap()).collect();
    assert_eq!(step_ids.len(), 6, "and its own step ids");
    assert_eq!(pickles.iter().filter(|p| p["name"] == "two 1").count(), 3);
    assert_eq!(count(&msgs, "testCaseStarted"), 6);
    let out = bdd(&s.0, &["--repeat-each", "0"]);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--repeat-each must be at least 1"));
}

/// A scenario that fails and then passes on a retry is flaky: the run passes, the summary names
/// it, JUnit carries a `<flakyFailure>`; with `--fail-on-flaky` the run fails.
#[test]
fn a_scenario_that_passes_on_a_retry_is_reported_flaky() {
    let s = Scratch::new("flaky");
    s.write(
        "steps/flaky.ts",
        "import { Given } from '@cucumber/cucumber'\n\nlet calls = 0\nGiven('a check that passes the second time', function () {\n  calls++\n  if (calls < 2) throw new Error('not yet')\n})\nGiven('a steady check', function () {})\n",
    );
    s.write(
        "features/flaky.feature",
        "Feature: Flaky\n  Scenario: Steady\n    Given a steady check\n\n  Scenario: Shaky\n    Given a check that passes the second time\n",
    );
    let junit = s.0.join("report.xml");
    let junit_arg = format!("junit:{}", junit.display());
    let out = bdd(&s.0, &["--retry", "1", "--parallel", "1", "--format", "summary", "--format", &junit_arg]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "flaky alone does not fail the run: {stdout}");
    assert!(
        stdout.contains(
            "Flaky scenarios (passed on a retry):\n  1) Shaky, passed on attempt 2 # features/flaky.feature:5"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("2 scenarios (2 passed)\n1 of them flaky (passed on a retry)"), "{stdout}");
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert_eq!(xml.matches("<flakyFailure").count(), 1, "{xml}");
    assert!(xml.contains("message=\"not yet") && xml.contains("steps/flaky.ts:6"), "{xml}");

    let out = bdd(&s.0, &["--retry", "1", "--parallel", "1", "--fail-on-flaky", "--format", "message"]);
    assert_eq!(out.status.code(), Some(1), "--fail-on-flaky fails the run");
    let finished = messages(&out).into_iter().find_map(|m| m.get("testRunFinished").cloned()).unwrap();
    assert_eq!(finished["success"], false);
    assert!(finished["message"].as_str().unwrap_or_default().contains("1 flaky"), "{finished}");
}

/// `--format progress` on the console ends with the failures and counts, as cucumber-js's does;
/// with `summary` asked for as well, or progress in a file, nothing is added.
#[test]
fn progress_on_the_console_ends_with_the_failures_and_counts() {
    let s = Scratch::new("progress");
    s.write("steps/s.ts", "import { Given } from '@cucumber/cucumber'\nGiven('fine', () => {})\nGiven('broken', () => { throw new Error('boom') })\n");
    s.write(
        "features/f.feature",
        "Feature: F\n  Scenario: Good\n    Given fine\n\n  Scenario: Bad\n    Given broken\n",
    );
    let out = bdd(&s.0, &["--parallel", "1", "--format", "progress"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with(".F\n"), "{stdout}");
    assert!(stdout.contains("Failed scenarios:") && stdout.contains("boom"), "{stdout}");
    assert_eq!(stdout.matches("2 scenarios (1 passed, 1 failed)").count(), 1, "{stdout}");
    let both = bdd(&s.0, &["--parallel", "1", "--format", "progress", "--format", "summary"]);
    assert_eq!(String::from_utf8_lossy(&both.stdout).matches("2 scenarios").count(), 1, "summary once");
    let file = s.0.join("progress.txt");
    let to_file = format!("progress:{}", file.display());
    let quiet = bdd(&s.0, &["--parallel", "1", "--format", &to_file]);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), ".F\n", "the file holds the marks only");
    // A file for progress leaves the console to cucumber-js's default, progress with its counts.
    let console = String::from_utf8_lossy(&quiet.stdout);
    assert!(console.starts_with(".F\n") && console.matches("2 scenarios").count() == 1, "{console}");
}

/// A step's `console.log` stays on the terminal, as under cucumber-js (which captures nothing):
/// printed as it happens, on stderr (stdout is the reporters'), once: not attached as well,
/// which `pretty` and the summary would print again.
#[test]
fn a_steps_console_output_is_printed_once() {
    let s = Scratch::new("console");
    s.write(
        "steps/s.ts",
        "import { Given } from '@cucumber/cucumber'\nGiven('it logs', () => { console.log('debugging', { id: 7 }); console.warn('careful') })\n",
    );
    s.write("features/f.feature", "Feature: F\n  Scenario: S\n    Given it logs\n");
    let out = bdd(&s.0, &["--parallel", "1", "--format", "message"]);
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("debugging { id: 7 }\ncareful\n"), "{stderr}");
    let attached: Vec<String> = messages(&out)
        .into_iter()
        .filter_map(|m| m.get("attachment").and_then(|a| a["body"].as_str().map(str::to_string)))
        .collect();
    assert!(attached.is_empty(), "{attached:?}");
    let pretty = bdd(&s.0, &["--parallel", "1", "--format", "pretty"]);
    let all = format!("{}{}", String::from_utf8_lossy(&pretty.stdout), String::from_utf8_lossy(&pretty.stderr));
    assert_eq!(all.matches("debugging { id: 7 }").count(), 1, "{all}");
}
