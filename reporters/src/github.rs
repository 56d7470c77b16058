//! The `github` formatter: GitHub Actions workflow commands, so a failed run shows its failures
//! as annotations on the pull request's diff. Each scenario that did not pass (after its last
//! attempt) gets one `::error` (or `::warning` for pending) on the line of the step that failed,
//! in the feature file; a failed hook points at the scenario's line; a parse error at its own
//! line. A scenario that passed on a retry gets a `::warning` on the line where its first failed
//! attempt failed (ADR 0021). A closing `::notice` gives the counts.

use crate::fragments::error_text;
use crate::query::{format_source_reference, hook_type_name, pickle_step, test_step, Index};
use crate::theme::status_title;
use crate::{Output, Reporter};
use ferridriver_messages::{Envelope, TestStepResultStatus as Status};
use std::io::Write;

/// Writes workflow commands as failures become final.
pub struct GithubReporter {
    out: Output,
    index: Index,
    scenarios: usize,
    not_passed: usize,
    flaky: usize,
    /// The first failure of each test case that is being retried: `(line, message)`.
    first_failures: std::collections::HashMap<String, (u32, String)>,
}

impl GithubReporter {
    /// A GitHub Actions reporter writing to `out` (stdout in a workflow step).
    pub fn new(out: Output) -> Self {
        GithubReporter {
            out,
            index: Index::new(false),
            scenarios: 0,
            not_passed: 0,
            flaky: 0,
            first_failures: std::collections::HashMap::new(),
        }
    }

    fn test_case_finished(&mut self, started_id: &str) -> std::io::Result<()> {
        let Some((attempt, test_case, pickle)) = self.index.attempt_context(started_id) else { return Ok(()) };
        let status = attempt.status();
        if attempt.will_be_retried {
            if let Some(found) = self.describe(attempt, test_case, pickle, status) {
                self.first_failures.entry(test_case.id.clone()).or_insert((found.0, found.1));
            }
            return Ok(());
        }
        self.scenarios += 1;
        let first_failure = self.first_failures.remove(&test_case.id);
        if status == Status::Passed && attempt.attempt > 0 {
            self.flaky += 1;
            let (line, failure) = first_failure.unwrap_or((self.index.pickle_line(pickle).unwrap_or(1), String::new()));
            let message = format!("Passed on attempt {} after failing:\n{failure}", attempt.attempt + 1);
            let title = format!("Flaky scenario: {}", pickle.name);
            return self.out.write_all(annotation("warning", &pickle.uri, line, &title, &message).as_bytes());
        }
        if matches!(status, Status::Passed | Status::Skipped) {
            return Ok(());
        }
        self.not_passed += 1;
        let Some((line, message, level)) = self.describe(attempt, test_case, pickle, status) else { return Ok(()) };
        let title = format!("Scenario: {}", pickle.name);
        let command = annotation(level, &pickle.uri, line, &title, &message);
        self.out.write_all(command.as_bytes())
    }

    /// Where an attempt that did not pass went wrong, what to say, and at which level.
    fn describe(
        &self,
        attempt: &crate::query::Attempt,
        test_case: &ferridriver_messages::TestCase,
        pickle: &ferridriver_messages::Pickle,
        status: Status,
    ) -> Option<(u32, String, &'static str)> {
        let (step_id, result) = attempt.results.iter().find(|(_, r)| r.status == status)?;
        let step = test_step(test_case, step_id)?;
        let scenario_line = self.index.pickle_line(pickle).unwrap_or(1);
        let (line, what) = match step.pickle_step_id.as_deref().and_then(|id| pickle_step(pickle, id)) {
            Some(ps) => {
                let node = ps.ast_node_ids.first().and_then(|id| self.index.gherkin.step(id));
                let keyword = node.map(|n| n.keyword.as_str()).unwrap_or("");
                (node.map_or(scenario_line, |n| n.line), format!("{}{}", keyword, ps.text))
            }
            None => {
                let hook = step.hook_id.as_deref().and_then(|id| self.index.hook(id));
                (scenario_line, format!("{} hook", hook_type_name(hook.and_then(|h| h.hook_type))))
            }
        };
        let mut message = format!("{} {}: {}", status_title(status), what, pickle.name);
        match status {
            Status::Undefined => message.push_str("\nNo step definition matches this step."),
            Status::Ambiguous => {
                message.push_str("\nSeveral step definitions match:");
                for d in self.index.definitions_of(step) {
                    let at = format_source_reference(&d.source_reference).unwrap_or_default();
                    message.push_str(&format!("\n  {} ({at})", d.pattern.source));
                }
            }
            _ => {
                if let Some(text) = error_text(result) {
                    message.push('\n');
                    message.push_str(text);
                }
                if let Some(at) =
                    self.index.unambiguous_definition(step).and_then(|d| format_source_reference(&d.source_reference))
                {
                    message.push_str(&format!("\n(step defined at {at})"));
                }
            }
        }
        let level = if status == Status::Pending { "warning" } else { "error" };
        Some((line, message, level))
    }
}

/// One workflow command, escaped as GitHub documents: `%`, CR and LF in the message; also `:`
/// and `,` in properties.
fn annotation(level: &str, file: &str, line: u32, title: &str, message: &str) -> String {
    format!("::{level} file={},line={line},title={}::{}\n", property(file), property(title), data(message))
}

fn data(text: &str) -> String {
    text.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

impl Reporter for GithubReporter {
    fn on_envelope(&mut self, envelope: &Envelope) -> std::io::Result<()> {
        self.index.update(envelope);
        match envelope {
            Envelope::TestCaseFinished(f) => {
                self.test_case_finished(&f.test_case_started_id)?;
                self.index.forget(&f.test_case_started_id);
            }
            Envelope::ParseError(e) => {
                let line = e.source.location.map_or(1, |l| l.line);
                let uri = e.source.uri.as_deref().unwrap_or("");
                let command = annotation("error", uri, line, "Gherkin syntax error", &e.message);
                self.out.write_all(command.as_bytes())?;
            }
            _ => {}
        }
        Ok(())
    }

    fn finish(&mut self) -> std::io::Result<()> {
        let passed = self.scenarios - self.not_passed;
        let outcome = if self.index.run_finished.as_ref().is_some_and(|f| f.success) { "passed" } else { "failed" };
        let notice = format!(
            "::notice title=Cucumber run {outcome}::{} scenarios: {passed} passed, {} not passed{}\n",
            self.scenarios,
            self.not_passed,
            if self.flaky > 0 { format!(", {} flaky (passed on a retry)", self.flaky) } else { String::new() }
        );
        self.out.write_all(notice.as_bytes())?;
        self.out.commit()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_and_properties_are_escaped() {
        assert_eq!(
            annotation("error", "a,b:c.feature", 3, "Scenario: x", "50% done\nnext"),
            "::error file=a%2Cb%3Ac.feature,line=3,title=Scenario%3A x::50%25 done%0Anext\n"
        );
    }
}
