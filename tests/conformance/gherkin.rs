//! Gherkin parser and pickle compiler against cucumber/gherkin's testdata.

use super::Tally;
use ferridriver_messages::IdGenerator;
use ferridriver_runner::gherkin::parse_source;
use serde_json::Value;
use std::path::Path;

fn read_ndjson(path: &Path) -> Option<Vec<Value>> {
    let text = std::fs::read_to_string(path).ok()?;
    Some(
        text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).expect("valid ndjson")).collect(),
    )
}

fn inputs(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("testdata dir")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".feature") || n.ends_with(".feature.md"))
        .collect();
    names.sort();
    names
}

/// Every good file: same source, document and pickles as upstream.
pub fn good(root: &Path) -> Tally {
    let schema = super::schema::EnvelopeSchema::load(root);
    let dir = root.join("gherkin-testdata/testdata/good");
    let mut tally = Tally::default();
    for name in inputs(&dir) {
        let mut data = std::fs::read_to_string(dir.join(&name)).expect("readable input");
        // The shared copy of the `.crlf.` inputs lost its CR bytes; upstream's expectations
        // (including the `source` message) are for the CRLF original, so restore it.
        if name.contains(".crlf.") && !data.contains('\r') {
            data = data.replace('\n', "\r\n");
        }
        let uri = format!("../testdata/good/{name}");
        let parsed = parse_source(&uri, &data, "en", &IdGenerator::incrementing());
        let mut problems = Vec::new();
        let ours: Vec<Value> = parsed.envelopes().iter().map(|e| serde_json::to_value(e).unwrap()).collect();
        for envelope in &ours {
            for p in schema.problems(envelope) {
                // Upstream's own expectation for a Markdown feature without a `# Feature:` header
                // has no `keyword`, which the schema requires; we follow the reference output.
                if p == "/gherkinDocument/feature: \"keyword\" is a required property" && name.ends_with(".md") {
                    continue;
                }
                problems.push(format!("schema: {p}"));
            }
        }
        let pick = |key: &str| ours.iter().filter(|v| v.get(key).is_some()).cloned().collect::<Vec<_>>();
        for (suffix, key) in [("ast", "gherkinDocument"), ("pickles", "pickle"), ("source", "source")] {
            let expected_path = dir.join(format!("{name}.{suffix}.ndjson"));
            let expected = match read_ndjson(&expected_path) {
                Some(e) => e,
                // Upstream misspells one file name; read that one instead.
                None => match read_ndjson(&dir.join(format!("{name}.pickes.ndjson"))) {
                    Some(e) if suffix == "pickles" => e,
                    _ => {
                        problems.push(format!("missing {}", expected_path.display()));
                        continue;
                    }
                },
            };
            let got = pick(key);
            if got != expected {
                let first = got.iter().zip(&expected).find(|(a, b)| a != b);
                problems.push(match first {
                    Some((a, b)) => format!("{key} differs:\n  got      {a}\n  expected {b}"),
                    None => format!("{key}: got {} messages, expected {}", got.len(), expected.len()),
                });
            }
        }
        if !parsed.errors.is_empty() {
            problems.push(format!("unexpected errors: {:?}", parsed.errors));
        }
        tally.record(&name, problems);
    }
    tally
}

/// Every bad file: the same parse errors (message and location) as upstream.
pub fn bad(root: &Path) -> Tally {
    let dir = root.join("gherkin-testdata/testdata/bad");
    let mut tally = Tally::default();
    for name in inputs(&dir) {
        let data = std::fs::read_to_string(dir.join(&name)).expect("readable input");
        let uri = format!("../testdata/bad/{name}");
        let parsed = parse_source(&uri, &data, "en", &IdGenerator::incrementing());
        let expected = read_ndjson(&dir.join(format!("{name}.errors.ndjson"))).unwrap_or_default();
        let got: Vec<Value> = parsed
            .envelopes()
            .iter()
            .map(|e| serde_json::to_value(e).unwrap())
            .filter(|v| v.get("parseError").is_some())
            .collect();
        let mut problems = Vec::new();
        if parsed.document.is_some() {
            problems.push("accepted a bad file".to_string());
        }
        if got != expected {
            problems.push(format!(
                "errors differ:\n  got      {}\n  expected {}",
                got.iter().map(|v| v.to_string()).collect::<Vec<_>>().join("\n           "),
                expected.iter().map(|v| v.to_string()).collect::<Vec<_>>().join("\n           ")
            ));
        }
        tally.record(&name, problems);
    }
    tally
}
