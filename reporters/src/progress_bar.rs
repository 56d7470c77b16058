//! The `progress-bar` formatter: a live bar of finished scenarios on an interactive terminal.
//! Anywhere else (a file, a pipe, CI logs) a redrawn bar is noise, so it prints the `progress`
//! formatter's marks instead.
//!
//! Options: `theme`, `colors` (for the fallback); `forceBar: true` draws the bar even without a
//! terminal (to a hidden target — used by tests).

use crate::progress::ProgressReporter;
use crate::{Output, Reporter};
use ferridriver_messages::{Envelope, TestStepResultStatus};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::Value;
use std::collections::HashMap;

/// The bar and the counts shown beside it.
struct Bar {
    bar: ProgressBar,
    out: Output,
    /// The worst status so far of each running attempt.
    running: HashMap<String, TestStepResultStatus>,
    failed: u64,
}

enum Mode {
    Bar(Box<Bar>),
    Marks(ProgressReporter),
}

/// A progress bar, or progress marks when not on a terminal.
pub struct ProgressBarReporter {
    mode: Mode,
}

impl ProgressBarReporter {
    /// A progress-bar reporter writing to `out`; fails on an unknown theme.
    pub fn new(out: Output, options: &Value) -> Result<Self, String> {
        let forced = crate::options::flag(options, "forceBar", false);
        if !out.is_terminal() && !forced {
            return Ok(ProgressBarReporter { mode: Mode::Marks(ProgressReporter::new(out, options)?) });
        }
        let target =
            if forced && !out.is_terminal() { ProgressDrawTarget::hidden() } else { ProgressDrawTarget::stdout() };
        let bar = ProgressBar::with_draw_target(Some(0), target);
        // The template is a constant; should it ever be rejected, the default style is fine.
        if let Ok(style) = ProgressStyle::with_template("{bar:40.green/red} {pos}/{len} scenarios {msg} [{elapsed}]") {
            bar.set_style(style.progress_chars("█▉▊▋▌▍▎▏ "));
        }
        let state = Bar { bar, out, running: HashMap::new(), failed: 0 };
        Ok(ProgressBarReporter { mode: Mode::Bar(Box::new(state)) })
    }
}

impl Bar {
    fn on_envelope(&mut self, envelope: &Envelope) {
        match envelope {
            Envelope::TestCase(_) => self.bar.inc_length(1),
            Envelope::TestCaseStarted(s) => {
                self.running.insert(s.id.clone(), TestStepResultStatus::Passed);
            }
            Envelope::TestStepFinished(f) => {
                if let Some(worst) = self.running.get_mut(&f.test_case_started_id) {
                    *worst = (*worst).max(f.test_step_result.status);
                }
            }
            Envelope::TestCaseFinished(f) => {
                let worst = self.running.remove(&f.test_case_started_id);
                if f.will_be_retried {
                    return;
                }
                if worst.is_some_and(|s| s > TestStepResultStatus::Skipped) {
                    self.failed += 1;
                    self.bar.set_message(format!("({} not passed)", self.failed));
                }
                self.bar.inc(1);
            }
            Envelope::TestRunFinished(_) => self.bar.finish(),
            _ => {}
        }
    }
}

impl Reporter for ProgressBarReporter {
    fn on_envelope(&mut self, envelope: &Envelope) -> std::io::Result<()> {
        match &mut self.mode {
            Mode::Bar(bar) => {
                bar.on_envelope(envelope);
                Ok(())
            }
            Mode::Marks(marks) => marks.on_envelope(envelope),
        }
    }

    fn finish(&mut self) -> std::io::Result<()> {
        match &mut self.mode {
            Mode::Bar(bar) => {
                if !bar.bar.is_finished() {
                    bar.bar.finish();
                }
                bar.out.commit()
            }
            Mode::Marks(marks) => marks.finish(),
        }
    }
}
