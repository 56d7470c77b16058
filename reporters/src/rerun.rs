//! The `rerun` formatter: `uri:line:line…` for every scenario that did not pass (after its last
//! attempt), one feature file per line, for feeding back to a later run (as cucumber-js writes
//! it: no trailing newline).
//!
//! Options: `rerun.separator` (default a newline) between features.

use crate::query::Index;
use crate::{Output, Reporter};
use ferridriver_messages::{Envelope, TestStepResultStatus};
use serde_json::Value;
use std::collections::HashMap;
use std::io::Write;

/// Collects failed scenario lines per feature file.
pub struct RerunReporter {
    out: Output,
    index: Index,
    separator: String,
    uris: Vec<(String, Vec<u32>)>,
    position: HashMap<String, usize>,
    written: bool,
}

impl RerunReporter {
    /// A rerun reporter writing to `out`.
    pub fn new(out: Output, options: &Value) -> Self {
        let separator = options.pointer("/rerun/separator").and_then(Value::as_str).unwrap_or("\n").to_string();
        RerunReporter {
            out,
            index: Index::new(false),
            separator,
            uris: Vec::new(),
            position: HashMap::new(),
            written: false,
        }
    }

    fn test_case_finished(&mut self, started_id: &str) {
        let Some((attempt, _, pickle)) = self.index.attempt_context(started_id) else { return };
        if attempt.will_be_retried || attempt.status() == TestStepResultStatus::Passed {
            return;
        }
        // The line of the scenario, or of the examples row for an outline.
        let lineage = self.index.lineage(pickle);
        let Some(line) =
            lineage.row.map(|r| r.line).or(lineage.scenario.map(|s| s.line)).or(self.index.pickle_line(pickle))
        else {
            return;
        };
        let uri = pickle.uri.clone();
        match self.position.get(&uri) {
            Some(&i) => {
                if let Some(entry) = self.uris.get_mut(i) {
                    entry.1.push(line);
                }
            }
            None => {
                self.position.insert(uri.clone(), self.uris.len());
                self.uris.push((uri, vec![line]));
            }
        }
    }
}

impl Reporter for RerunReporter {
    fn on_envelope(&mut self, envelope: &Envelope) -> std::io::Result<()> {
        self.index.update(envelope);
        if let Envelope::TestCaseFinished(f) = envelope {
            self.test_case_finished(&f.test_case_started_id);
            self.index.forget(&f.test_case_started_id);
        }
        Ok(())
    }

    fn finish(&mut self) -> std::io::Result<()> {
        if !self.written {
            self.written = true;
            let lines: Vec<String> = self
                .uris
                .iter()
                .map(|(uri, lines)| {
                    // Parallel workers finish in any order; a sorted list diffs cleanly.
                    let mut sorted = lines.clone();
                    sorted.sort_unstable();
                    sorted.dedup();
                    let numbers: Vec<String> = sorted.iter().map(u32::to_string).collect();
                    format!("{uri}:{}", numbers.join(":"))
                })
                .collect();
            self.out.write_all(lines.join(&self.separator).as_bytes())?;
        }
        self.out.commit()
    }
}
