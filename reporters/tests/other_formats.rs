//! The formats without upstream expectation files: `json` (validated against the cucumber-js
//! JSON schema), `rerun`, `usage`, `snippets` and `progress-bar` over every CCK sample, plus
//! spot checks of their content.

mod common;

use common::*;
use serde_json::{json, Value};
use std::path::PathBuf;

fn cck() -> Option<Vec<(String, PathBuf)>> {
    let dir = conformance_dir()?.join("reporters/pretty-formatter/testdata/src");
    Some(samples(&dir))
}

fn sample(name: &str) -> Option<Vec<ferridriver_messages::Envelope>> {
    let (_, path) = cck()?.into_iter().find(|(n, _)| n == name)?;
    Some(envelopes(&path))
}

#[test]
fn json_is_valid_against_the_cucumber_js_schema() {
    let Some(samples) = cck() else { return };
    let Some(root) = conformance_dir() else { return };
    let schema_path = root.join("reporters/cucumber-json-schema/schemas/cucumber-js.json");
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(schema_path).expect("schema")).expect("json");
    let validator = jsonschema::validator_for(&schema).expect("schema compiles");
    let mut tally = Tally::new("json");
    for (name, path) in samples {
        let text = run("json", json!({}), &envelopes(&path));
        let report: Value = serde_json::from_str(&text).expect("json output parses");
        let errors: Vec<String> =
            validator.iter_errors(&report).map(|e| format!("{e} at {}", e.instance_path())).collect();
        if !errors.is_empty() {
            eprintln!("{name}: {errors:?}");
        }
        tally.check(&name, &errors.join("\n"), "");
    }
    tally.report(&[]);
}

#[test]
fn json_describes_features_scenarios_and_steps() {
    let Some(envelopes) = sample("all-statuses") else { return };
    let report: Value = serde_json::from_str(&run("json", json!({}), &envelopes)).expect("parses");
    let feature = &report[0];
    assert_eq!(feature["name"], "All statuses");
    assert_eq!(feature["id"], "all-statuses");
    let elements = feature["elements"].as_array().expect("elements");
    assert_eq!(elements.len(), 6);
    assert_eq!(elements[1]["id"], "all-statuses;failing");
    assert_eq!(elements[1]["steps"][1]["result"]["status"], "failed");
    assert!(elements[1]["steps"][1]["result"]["error_message"].as_str().is_some_and(|m| m.contains("whoops")));
    assert_eq!(elements[1]["steps"][1]["match"]["location"], "samples/all-statuses/all-statuses.ts:5");
}

#[test]
fn rerun_lists_failed_scenarios_per_feature() {
    let Some(envelopes) = sample("all-statuses") else { return };
    assert_eq!(run("rerun", json!({}), &envelopes), "samples/all-statuses/all-statuses.feature:11:16:21:26:31");
    let Some(envelopes) = sample("retry") else { return };
    assert_eq!(run("rerun", json!({}), &envelopes), "samples/retry/retry.feature:17");
    let Some(envelopes) = sample("minimal") else { return };
    assert_eq!(run("rerun", json!({}), &envelopes), "");
}

#[test]
fn snippets_prints_suggestions_of_undefined_steps() {
    let Some(envelopes) = sample("undefined") else { return };
    let text = run("snippets", json!({}), &envelopes);
    assert!(text.contains("return \"pending\""), "{text}");
    assert!(text.contains("\n\n"), "{text}");
}

#[test]
fn usage_lists_every_definition() {
    let Some(envelopes) = sample("unused-steps") else { return };
    let text = run("usage", json!({}), &envelopes);
    assert!(text.starts_with("┌"), "{text}");
    assert!(text.contains("UNUSED"), "{text}");
    assert!(text.contains("Pattern / Text"), "{text}");
}

#[test]
fn no_format_panics_or_errors_on_any_sample() {
    let Some(samples) = cck() else { return };
    let formats = [
        ("progress-bar", json!({"forceBar": true})),
        ("progress-bar", json!({})),
        ("usage", json!({})),
        ("snippets", json!({})),
        ("rerun", json!({})),
        ("json", json!({})),
        ("junit", json!({})),
        ("message", json!({})),
    ];
    for (_, path) in samples {
        let envelopes = envelopes(&path);
        for (format, options) in &formats {
            run(format, options.clone(), &envelopes);
        }
    }
}

#[test]
fn truncated_and_shuffled_streams_do_not_crash() {
    let Some(samples) = cck() else { return };
    let names = ["pretty", "progress", "summary", "junit", "json", "rerun", "usage", "snippets", "progress-bar"];
    for (_, path) in samples.iter().take(12) {
        let all = envelopes(path);
        // Every other envelope dropped, and the stream reversed: ids point nowhere.
        let holes: Vec<_> = all.iter().step_by(2).cloned().collect();
        let reversed: Vec<_> = all.iter().rev().cloned().collect();
        for format in names {
            run(format, json!({}), &holes);
            run(format, json!({}), &reversed);
        }
    }
}

#[test]
#[ignore = "prints sample outputs for eyeballing"]
fn show() {
    for (name, format) in [
        ("unused-steps", "usage"),
        ("examples-tables", "usage"),
        ("undefined", "snippets"),
        ("examples-tables", "rerun"),
    ] {
        if let Some(envelopes) = sample(name) {
            println!("== {name} {format}\n{}", run(format, json!({}), &envelopes));
        }
    }
}

/// GitHub annotations of the retry sample: a warning for each scenario that passed on a retry,
/// on the line of the step that failed first, the error for the one that never passed, and the
/// flaky count in the closing notice.
#[test]
fn github_warns_of_flaky_scenarios() {
    let Some(envelopes) = sample("retry") else { return };
    let out = run("github", json!({}), &envelopes);
    let warnings: Vec<&str> = out.lines().filter(|l| l.starts_with("::warning ")).collect();
    assert_eq!(warnings.len(), 2, "{out}");
    assert!(
        warnings.iter().all(|w| w.contains("title=Flaky scenario%3A ") && w.contains("::Passed on attempt ")),
        "{out}"
    );
    assert!(
        warnings.iter().any(|w| w.contains("line=15,") && w.contains("Passed on attempt 3 after failing")),
        "{out}"
    );
    assert_eq!(out.lines().filter(|l| l.starts_with("::error ")).count(), 1, "{out}");
    assert!(out.contains("2 flaky (passed on a retry)"), "{out}");
}
