//! The `progress` formatter: one status mark per step and global hook, 80 to a line.
//!
//! Options: `theme`, `colors`. Holds nothing but the current column.

use crate::options;
use crate::theme::{Element, Theme};
use crate::{Output, Reporter};
use ferridriver_messages::{Envelope, TestStepResultStatus};
use serde_json::Value;
use std::io::Write;

const MAX_WIDTH: usize = 80;

/// Streams a mark per finished step.
pub struct ProgressReporter {
    out: Output,
    theme: Theme,
    column: usize,
}

impl ProgressReporter {
    /// A progress reporter writing to `out`; fails on an unknown theme.
    pub fn new(out: Output, options: &Value) -> Result<Self, String> {
        let theme = options::theme(&out, options)?;
        Ok(ProgressReporter { out, theme, column: 0 })
    }

    fn mark(&mut self, status: TestStepResultStatus) -> std::io::Result<()> {
        let mut text = self.theme.style_status(Element::ProgressIcon, status, self.theme.progress_icon(status));
        self.column += 1;
        if self.column >= MAX_WIDTH {
            self.column = 0;
            text.push('\n');
        }
        self.out.write_all(text.as_bytes())?;
        // Immediate feedback: the point of a progress line.
        self.out.flush()
    }
}

impl Reporter for ProgressReporter {
    fn on_envelope(&mut self, envelope: &Envelope) -> std::io::Result<()> {
        match envelope {
            Envelope::TestRunHookFinished(f) => self.mark(f.result.status),
            Envelope::TestStepFinished(f) => self.mark(f.test_step_result.status),
            Envelope::TestRunFinished(_) => self.out.write_all(b"\n"),
            _ => Ok(()),
        }
    }

    fn finish(&mut self) -> std::io::Result<()> {
        self.out.commit()
    }
}
