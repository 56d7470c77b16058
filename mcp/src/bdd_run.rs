//! `bdd_run`: a normal `ferridriver bdd` run of the project's features, in a child process of
//! this same binary (so it runs exactly the `bdd` code path, with its own browsers and workers),
//! summarised from its Cucumber Messages: counts and each failed scenario.

use ferridriver_runner::project::Project;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::Path;
use std::process::Stdio;

/// Runs the features and summarises the result.
pub async fn run_features(
    executable: &Path,
    project: &Project,
    paths: Option<Vec<String>>,
    tags: Option<String>,
    name: Option<String>,
) -> Result<Value, String> {
    let report = std::env::temp_dir().join(format!(
        "ferridriver-mcp-run-{}-{}.ndjson",
        std::process::id(),
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0)
    ));
    let mut command = tokio::process::Command::new(executable);
    command.current_dir(&project.root).arg("bdd");
    if let Some(config) = &project.config_path {
        command.arg("--config").arg(config);
    }
    for path in paths.unwrap_or_default() {
        if path.starts_with('-') {
            return Err(format!("path '{path}' looks like a flag; paths name feature files or directories"));
        }
        command.arg(path);
    }
    if let Some(t) = tags {
        command.arg("--tags").arg(t);
    }
    if let Some(n) = name {
        command.arg("--name").arg(n);
    }
    command.arg("--format").arg(format!("message:{}", report.display()));
    // stdout is the MCP channel in stdio mode: the child must not write to it.
    command.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped()).kill_on_drop(true);
    let output = command.output().await.map_err(|e| format!("cannot start {}: {e}", executable.display()))?;
    let messages = std::fs::read_to_string(&report).unwrap_or_default();
    let _ = std::fs::remove_file(&report);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let mut summary = summarise(&messages);
    summary["exit_code"] = json!(output.status.code());
    if summary["success"].is_null() {
        // The run stopped before it finished (a file that failed to load stops it before any
        // scenario): that is a failed run, with the reason in stderr.
        summary["success"] = json!(false);
    }
    let problems: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).take(40).collect();
    if !problems.is_empty() {
        summary["stderr"] = json!(problems.join("\n"));
    }
    Ok(summary)
}

/// Counts and failures from an NDJSON message stream (final attempts only).
pub fn summarise(ndjson: &str) -> Value {
    let mut pickles: HashMap<String, Value> = HashMap::new();
    let mut step_texts: HashMap<String, String> = HashMap::new();
    let mut cases: HashMap<String, (String, HashMap<String, String>)> = HashMap::new();
    let mut started: HashMap<String, String> = HashMap::new();
    let mut results: HashMap<String, Vec<(String, Value)>> = HashMap::new();
    let mut finished: Vec<(String, bool)> = Vec::new();
    let mut run_success = None;
    for line in ndjson.lines() {
        let Ok(envelope) = serde_json::from_str::<Value>(line) else { continue };
        if let Some(p) = envelope.get("pickle") {
            for s in p["steps"].as_array().into_iter().flatten() {
                step_texts
                    .insert(s["id"].as_str().unwrap_or_default().into(), s["text"].as_str().unwrap_or_default().into());
            }
            pickles.insert(p["id"].as_str().unwrap_or_default().into(), p.clone());
        } else if let Some(tc) = envelope.get("testCase") {
            let steps = tc["testSteps"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|s| Some((s["id"].as_str()?.to_string(), s["pickleStepId"].as_str()?.to_string())))
                .collect();
            cases.insert(
                tc["id"].as_str().unwrap_or_default().into(),
                (tc["pickleId"].as_str().unwrap_or_default().into(), steps),
            );
        } else if let Some(s) = envelope.get("testCaseStarted") {
            started.insert(
                s["id"].as_str().unwrap_or_default().into(),
                s["testCaseId"].as_str().unwrap_or_default().into(),
            );
        } else if let Some(s) = envelope.get("testStepFinished") {
            results
                .entry(s["testCaseStartedId"].as_str().unwrap_or_default().into())
                .or_default()
                .push((s["testStepId"].as_str().unwrap_or_default().into(), s["testStepResult"].clone()));
        } else if let Some(f) = envelope.get("testCaseFinished") {
            finished.push((
                f["testCaseStartedId"].as_str().unwrap_or_default().into(),
                f["willBeRetried"].as_bool().unwrap_or(false),
            ));
        } else if let Some(f) = envelope.get("testRunFinished") {
            run_success = f["success"].as_bool();
        }
    }
    const ORDER: [&str; 7] = ["PASSED", "SKIPPED", "PENDING", "UNDEFINED", "AMBIGUOUS", "FAILED", "UNKNOWN"];
    let rank = |s: &str| ORDER.iter().position(|o| *o == s).unwrap_or(0);
    let mut scenario_counts: HashMap<String, u64> = HashMap::new();
    let mut step_counts: HashMap<String, u64> = HashMap::new();
    let mut failures = Vec::new();
    for (started_id, retried) in finished.iter().filter(|(_, retried)| !retried) {
        let _ = retried;
        let Some((pickle_id, steps)) = started.get(started_id).and_then(|tc| cases.get(tc)) else { continue };
        let step_results = results.get(started_id).cloned().unwrap_or_default();
        let mut worst = "PASSED".to_string();
        let mut failing: Option<(String, Value)> = None;
        for (step_id, result) in &step_results {
            let status = result["status"].as_str().unwrap_or("UNKNOWN").to_string();
            if steps.contains_key(step_id) {
                *step_counts.entry(status.clone()).or_default() += 1;
            }
            if rank(&status) > rank(&worst) {
                worst = status.clone();
                failing = Some((step_id.clone(), result.clone()));
            }
        }
        *scenario_counts.entry(worst.clone()).or_default() += 1;
        if worst != "PASSED" && worst != "SKIPPED" {
            let pickle = pickles.get(pickle_id).cloned().unwrap_or(Value::Null);
            let (step_id, result) = failing.unwrap_or_default();
            let step = steps.get(&step_id).and_then(|ps| step_texts.get(ps)).cloned();
            let line = pickle["location"]["line"].as_u64();
            failures.push(json!({
                "scenario": pickle["name"],
                "location": format!("{}{}", pickle["uri"].as_str().unwrap_or(""), line.map(|l| format!(":{l}")).unwrap_or_default()),
                "status": worst,
                "step": step.unwrap_or_else(|| "(a hook)".into()),
                "error": result["message"],
            }));
        }
    }
    json!({
        "success": run_success,
        "scenarios": scenario_counts,
        "steps": step_counts,
        "failures": failures,
    })
}
