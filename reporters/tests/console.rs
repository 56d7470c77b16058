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
                tally.check(&name, &mask_durations(&got), &mask_durations(&want));
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
