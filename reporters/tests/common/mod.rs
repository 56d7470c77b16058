//! Shared helpers of the reporter conformance tests: finding the data, replaying a sample
//! through a reporter into memory, and normalising what legitimately differs.
#![allow(dead_code)]

use ferridriver_messages::Envelope;
use ferridriver_reporters::{build, Output};
use std::path::{Path, PathBuf};

/// The conformance folder: `FERRIDRIVER_CONFORMANCE`, else `/work/shared/conformance` beside the
/// repository. Missing data fails on CI and skips elsewhere (None).
pub fn conformance_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("FERRIDRIVER_CONFORMANCE") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance"),
    };
    if dir.is_dir() {
        return Some(dir);
    }
    let on_ci = std::env::var("CI").map(|v| v == "true" || v == "1").unwrap_or(false);
    assert!(!on_ci, "conformance data not found at {} (set FERRIDRIVER_CONFORMANCE)", dir.display());
    eprintln!("conformance data not found at {}; skipping", dir.display());
    None
}

/// The `*.ndjson` samples of a folder, sorted by name.
pub fn samples(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut found: Vec<(String, PathBuf)> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "ndjson"))
                .filter_map(|p| Some((p.file_stem()?.to_string_lossy().into_owned(), p)))
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// The envelopes of an NDJSON file (lines that do not parse are reported and skipped).
pub fn envelopes(path: &Path) -> Vec<Envelope> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| match serde_json::from_str::<Envelope>(l) {
            Ok(e) => Some(e),
            Err(err) => {
                eprintln!("{}: skipping unparsable line: {err}", path.display());
                None
            }
        })
        .collect()
}

/// Replays envelopes through the named formatter and returns what it wrote.
pub fn run(format: &str, options: serde_json::Value, envelopes: &[Envelope]) -> String {
    let (output, buffer) = Output::memory();
    let mut reporter = build(format, output, &options).expect("reporter builds");
    for envelope in envelopes {
        reporter.on_envelope(envelope).expect("reporter accepts envelope");
    }
    reporter.finish().expect("reporter finishes");
    buffer.text()
}

/// Removes ANSI escape sequences.
pub fn strip_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\x1b' && chars.peek() == Some(&'[') {
            chars.next();
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Normalises line endings.
pub fn normalise_eol(text: &str) -> String {
    text.replace("\r\n", "\n")
}

/// Tallies results of one format and prints them; returns the names that failed.
pub struct Tally {
    pub format: String,
    pub passed: usize,
    pub total: usize,
    pub failures: Vec<String>,
}

impl Tally {
    pub fn new(format: &str) -> Self {
        Tally { format: format.into(), passed: 0, total: 0, failures: Vec::new() }
    }

    pub fn check(&mut self, name: &str, actual: &str, expected: &str) {
        self.total += 1;
        if actual == expected {
            self.passed += 1;
        } else {
            self.failures.push(name.to_string());
            if std::env::var_os("SHOW_DIFF").is_some() {
                eprintln!("--- {name} expected\n{expected}\n--- {name} actual\n{actual}\n---");
            }
        }
    }

    /// Prints `format N/M` and the mismatches; asserts every failure is in `allowed`.
    pub fn report(&self, allowed: &[&str]) {
        println!("{} {}/{}", self.format, self.passed, self.total);
        for f in &self.failures {
            println!("  mismatch: {f}");
        }
        let unexpected: Vec<&String> = self.failures.iter().filter(|f| !allowed.contains(&f.as_str())).collect();
        assert!(unexpected.is_empty(), "{}: unexpected mismatches: {unexpected:?}", self.format);
    }
}
