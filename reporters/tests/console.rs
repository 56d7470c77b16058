//! The console formatters against cucumber/pretty-formatter's expectations: every CCK sample,
//! every theme and option variant that has an expected log.

mod common;

use common::*;
use serde_json::json;
use std::path::PathBuf;

fn data_dir() -> Option<PathBuf> {
    Some(conformance_dir()?.join("reporters/pretty-formatter/testdata/src"))
}

fn expected(dir: &std::path::Path, sample: &str, variant: &str, kind: &str) -> Option<String> {
    std::fs::read_to_string(dir.join(format!("{sample}.{variant}.{kind}.log"))).ok().map(|t| normalise_eol(&t))
}

/// The summary's last statistics line carries wall-clock durations, formatted differently on
/// purpose (we zero-pad milliseconds); compare everything else.
fn mask_durations(text: &str) -> String {
    text.lines()
        .map(|l| if l.ends_with("executing your code)") { "<durations>" } else { l })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The summary without our one addition to the reference layout (ADR 0021): the section of
/// scenarios that passed on a retry and its count line. The reference formatter has neither;
/// `summary_names_the_flaky_scenarios` checks them.
fn without_flaky(text: &str) -> String {
    let mut out = Vec::new();
    let mut in_section = false;
    for line in text.lines() {
        if line.contains(ferridriver_reporters::FLAKY_TITLE) {
            in_section = true;
            // The blank line that opens the section.
            if out.last() == Some(&"") {
                out.pop();
            }
            continue;
        }
        if in_section && line.starts_with("  ") {
            continue;
        }
        in_section = false;
        if line.contains("of them flaky (passed on a retry)") {
            continue;
        }
        out.push(line);
    }
    let mut text_out = out.join("\n");
    if text.ends_with('\n') {
        text_out.push('\n');
    }
    text_out
}

fn variants(kind: &str) -> Vec<(&'static str, serde_json::Value)> {
    match kind {
        "pretty" => vec![
            ("cucumber", json!({"colors": true})),
            ("demo", json!({"theme": "demo", "colors": true})),
            ("plain", json!({"theme": "plain"})),
            ("none", json!({"theme": "none"})),
            (
                "exclude-features-and-rules",
                json!({"theme": "none", "includeFeatureLine": false, "includeRuleLine": false}),
            ),
            ("exclude-attachments", json!({"theme": "none", "includeAttachments": false})),
        ],
        "progress" => vec![("cucumber", json!({"colors": true})), ("plain", json!({"theme": "plain"}))],
        _ => vec![
            ("cucumber", json!({"colors": true})),
            ("plain", json!({"theme": "plain"})),
            ("exclude-attachments", json!({"theme": "plain", "includeAttachments": false})),
        ],
    }
}

fn check_kind(kind: &str, allowed: &[&str]) {
    let Some(dir) = data_dir() else { return };
    let mut tally = Tally::new(kind);
    for (sample, path) in samples(&dir) {
        let envelopes = envelopes(&path);
        for (variant, options) in variants(kind) {
            let Some(want) = expected(&dir, &sample, variant, kind) else { continue };
            let got = run(kind, options.clone(), &envelopes);
            let name = format!("{sample}.{variant}");
            if kind == "summary" {
                tally.check(&name, &mask_durations(&without_flaky(&got)), &mask_durations(&want));
            } else {
                tally.check(&name, &got, &want);
            }
            // Without colour, the cucumber theme must give the expected text minus escapes.
            if variant == "cucumber" {
                let mut plain_options = options.clone();
                plain_options["colors"] = json!(false);
                let got = run(kind, plain_options, &envelopes);
                // Both sides are stripped: attachments may carry their own escape sequences,
                // which are user content, not styling (the plain/none variants check exactly).
                let (got, want) = (mask_durations(&strip_ansi(&got)), mask_durations(&strip_ansi(&want)));
                let got = if kind == "summary" { without_flaky(&got) } else { got };
                tally.check(&format!("{name}.no-colour"), &got, &want);
            }
        }
    }
    tally.report(allowed);
}

#[test]
fn pretty_matches_upstream() {
    check_kind("pretty", &[]);
}

#[test]
fn progress_matches_upstream() {
    check_kind("progress", &[]);
}

#[test]
fn summary_matches_upstream() {
    check_kind("summary", &[]);
}

/// The CCK's retry sample: two scenarios pass on their second and third attempts. The summary
/// names them (our addition to the reference layout, ADR 0021) and counts them.
#[test]
fn summary_names_the_flaky_scenarios() {
    let Some(dir) = data_dir() else { return };
    let envelopes = envelopes(&dir.join("retry.ndjson"));
    let got = run("summary", json!({"theme": "plain"}), &envelopes);
    let section = got.split(ferridriver_reporters::FLAKY_TITLE).nth(1).unwrap_or_else(|| panic!("{got}"));
    assert!(
        section.contains("  1) Test cases that fail are retried if within the --retry limit, passed on attempt 2 # samples/retry/retry.feature:")
            && section.contains("  2) Test cases that fail will continue to retry up to the --retry limit, passed on attempt 3 #"),
        "{got}"
    );
    assert!(got.contains("4 scenarios (3 passed, 1 failed)\n2 of them flaky (passed on a retry)\n"), "{got}");
}
