//! The `snippets` formatter: the code suggested for each undefined step, separated by blank
//! lines, as cucumber-js's snippets formatter prints them.

use crate::query::Index;
use crate::{Output, Reporter};
use ferridriver_messages::{Envelope, TestStepResultStatus};
use serde_json::Value;
use std::io::Write;

/// Collects snippets of undefined steps.
pub struct SnippetsReporter {
    out: Output,
    index: Index,
    snippets: Vec<String>,
    written: bool,
}

impl SnippetsReporter {
    /// A snippets reporter writing to `out` (it reads no options).
    pub fn new(out: Output, _options: &Value) -> Self {
        SnippetsReporter { out, index: Index::new(false), snippets: Vec::new(), written: false }
    }

    fn test_case_finished(&mut self, started_id: &str) {
        let Some((attempt, tc, _)) = self.index.attempt_context(started_id) else { return };
        if attempt.will_be_retried {
            return;
        }
        for step in &tc.test_steps {
            let undefined = attempt.result_of(&step.id).is_some_and(|r| r.status == TestStepResultStatus::Undefined);
            let Some(pickle_step_id) = step.pickle_step_id.as_deref().filter(|_| undefined) else { continue };
            // One snippet per step: the first suggested (the runner's language).
            if let Some(snippet) = self.index.suggestions_for(pickle_step_id).first() {
                self.snippets.push(snippet.code.clone());
            }
        }
    }
}

impl Reporter for SnippetsReporter {
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
            let text = self.snippets.join("\n\n");
            self.out.write_all(text.as_bytes())?;
            if !text.is_empty() {
                self.out.write_all(b"\n")?;
            }
        }
        self.out.commit()
    }
}
