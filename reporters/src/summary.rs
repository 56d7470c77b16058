//! The `summary` formatter: after the run, the scenarios and global hooks that did not pass,
//! counts per status, durations and snippets for undefined steps (cucumber/pretty-formatter's
//! summary layout).
//!
//! Options: `theme`, `colors`, `includeAttachments` (default true). Only failures are kept,
//! already rendered; everything about a passing scenario is dropped when it finishes.

use crate::fragments;
use crate::line::Line;
use crate::options;
use crate::query::{
    canonical_key, elapsed, format_source_reference, hook_type_name, pickle_step, test_step, to_std, Attempt, Index,
};
use crate::theme::{status_name, status_title, Element, Theme, ALL_STATUSES};
use crate::{Output, Reporter};
use ferridriver_messages::{Envelope, Hook, Snippet, TestCase, TestRunHookFinished, TestStepResultStatus as Status};
use serde_json::Value;
use std::collections::HashSet;
use std::io::Write;

type SortKey = (String, Option<(u32, u32)>);

/// The title of the section of scenarios that passed on a retry.
pub const FLAKY_TITLE: &str = "Flaky scenarios (passed on a retry):";

/// A non-passing scenario or hook, rendered when it finished.
struct Failure {
    status: Status,
    key: SortKey,
    header: String,
    body: String,
}

/// Counts per status.
#[derive(Default)]
struct Counts {
    total: u64,
    by_status: [u64; 7],
}

impl Counts {
    fn add(&mut self, status: Status) {
        self.total += 1;
        self.by_status[status as usize] += 1;
    }
}

/// Collects failures and counts, printed once the run finishes.
pub struct SummaryReporter {
    out: Output,
    theme: Theme,
    index: Index,
    include_attachments: bool,
    scenarios: Counts,
    steps: Counts,
    hooks: Counts,
    execution: std::time::Duration,
    failures: Vec<Failure>,
    /// Scenarios that passed only on a retry: sort key and header.
    flaky: Vec<(SortKey, String)>,
    hook_failures: Vec<Failure>,
    snippets: Vec<(SortKey, Vec<Snippet>)>,
    printed: bool,
}

impl SummaryReporter {
    /// A summary reporter writing to `out`; fails on an unknown theme.
    pub fn new(out: Output, options: &Value) -> Result<Self, String> {
        let theme = options::theme(&out, options)?;
        let include_attachments = options::flag(options, "includeAttachments", true);
        Ok(SummaryReporter {
            out,
            theme,
            index: Index::new(include_attachments),
            include_attachments,
            scenarios: Counts::default(),
            steps: Counts::default(),
            hooks: Counts::default(),
            execution: std::time::Duration::ZERO,
            failures: Vec::new(),
            flaky: Vec::new(),
            hook_failures: Vec::new(),
            snippets: Vec::new(),
            printed: false,
        })
    }

    fn test_case_finished(&mut self, started_id: &str) {
        let Some((attempt, tc, pickle)) = self.index.attempt_context(started_id) else { return };
        for (_, result) in &attempt.results {
            self.execution += to_std(result.duration);
        }
        if attempt.will_be_retried {
            return;
        }
        let status = attempt.status();
        self.scenarios.add(status);
        for (_, result) in &attempt.results {
            self.steps.add(result.status);
        }
        let key = canonical_key(pickle);
        let snippets: Vec<Snippet> =
            pickle.steps.iter().flat_map(|s| self.index.suggestions_for(&s.id).iter().cloned()).collect();
        if !snippets.is_empty() {
            self.snippets.push((key.clone(), snippets));
        }
        if status == Status::Passed && attempt.attempt > 0 {
            let location = match self.index.pickle_line(pickle) {
                Some(line) => format!("# {}:{line}", pickle.uri),
                None => format!("# {}", pickle.uri),
            };
            let mut header = Line::new(&self.theme);
            header.push(&pickle.name).push(&format!(", passed on attempt {}", attempt.attempt + 1));
            header.push(" ").styled(Element::Location, &location);
            self.flaky.push((key, header.build()));
            return;
        }
        if status == Status::Passed || status == Status::Skipped {
            return;
        }
        let mut header = Line::new(&self.theme);
        header.push(&pickle.name);
        if attempt.attempt > 0 {
            header.push(&format!(", after {} attempts", attempt.attempt + 1));
        }
        let location = match self.index.pickle_line(pickle) {
            Some(line) => format!("# {}:{line}", pickle.uri),
            None => format!("# {}", pickle.uri),
        };
        header.push(" ").styled(Element::Location, &location);
        let header = header.build();
        let body = self.pertinent_steps(attempt, tc, pickle);
        self.failures.push(Failure { status, key, header, body });
    }

    /// The first step that did not pass, and every later one that neither passed nor skipped;
    /// then the files attached to the whole test case (its trace).
    fn pertinent_steps(&self, attempt: &Attempt, tc: &TestCase, pickle: &ferridriver_messages::Pickle) -> String {
        let mut line = self.pertinent_step_lines(attempt, tc, pickle);
        for note in attempt.attachments.iter().filter(|a| a.test_step_id.is_none() && a.url.is_some()) {
            line.newline();
            fragments::attachment(&mut line, note, 7);
        }
        line.build()
    }

    fn pertinent_step_lines<'t>(
        &'t self,
        attempt: &Attempt,
        tc: &TestCase,
        pickle: &ferridriver_messages::Pickle,
    ) -> Line<'t> {
        let mut line = Line::new(&self.theme);
        let mut seen_failure = false;
        for (step_id, result) in &attempt.results {
            let status = result.status;
            let pertinent = if seen_failure {
                status != Status::Passed && status != Status::Skipped
            } else {
                status != Status::Passed
            };
            if !pertinent {
                continue;
            }
            seen_failure = true;
            let Some(step) = test_step(tc, step_id) else { continue };
            let found = step.pickle_step_id.as_deref().and_then(|id| pickle_step(pickle, id));
            if let Some((ps, keyword)) = found.and_then(|ps| Some((ps, self.index.step_keyword(ps)?))) {
                line.pad_to(7).begin_status(Element::Step, status).styled(Element::StepKeyword, keyword);
                fragments::step_text(&mut line, &ps.text, Some(step));
                line.end_status(Element::Step, status);
                let definition = self.index.unambiguous_definition(step);
                if let Some(location) = definition.and_then(|d| format_source_reference(&d.source_reference)) {
                    line.push(" ").styled(Element::Location, &format!("# {location}"));
                }
                line.newline();
                if let Some(argument) = &ps.argument {
                    if let Some(table) = &argument.data_table {
                        fragments::data_table(&mut line, table, 9);
                    }
                    if let Some(doc) = &argument.doc_string {
                        fragments::doc_string(&mut line, doc, 9);
                    }
                }
                if status == Status::Ambiguous {
                    fragments::ambiguous(&mut line, &self.index.definitions_of(step), 11);
                }
            }
            if let Some(hook) = step.hook_id.as_deref().and_then(|id| self.index.hook(id)) {
                line.pad_to(7).begin_status(Element::Step, status);
                line.styled(Element::StepKeyword, hook_type_name(hook.hook_type));
                if let Some(name) = &hook.name {
                    line.push(&format!("({name})"));
                }
                line.end_status(Element::Step, status);
                hook_location(&mut line, hook);
                line.newline();
            }
            if let Some(text) = fragments::error_text(result) {
                fragments::error_lines(&mut line, text, status, 11);
            }
            if self.include_attachments {
                for note in attempt.attachments.iter().filter(|a| a.test_step_id.as_deref() == Some(step_id)) {
                    line.newline();
                    fragments::attachment(&mut line, note, 11);
                }
            }
        }
        line
    }

    fn run_hook_finished(&mut self, finished: &TestRunHookFinished) {
        let status = finished.result.status;
        self.hooks.add(status);
        self.execution += to_std(finished.result.duration);
        if status == Status::Passed || status == Status::Skipped {
            return;
        }
        let mut header = Line::new(&self.theme);
        if let Some(hook) = self.index.run_hook(&finished.test_run_hook_started_id) {
            header.push(hook_type_name(hook.hook_type));
            if let Some(name) = &hook.name {
                header.push(&format!("({name})"));
            }
            hook_location(&mut header, hook);
        }
        let mut body = Line::new(&self.theme);
        if let Some(text) = fragments::error_text(&finished.result) {
            fragments::error_lines(&mut body, text, status, 7);
        }
        let (header, body) = (header.build(), body.build());
        self.hook_failures.push(Failure { status, key: (String::new(), None), header, body });
    }

    fn render(&mut self) -> String {
        let mut text = String::new();
        self.failures.sort_by(|a, b| a.key.cmp(&b.key));
        self.sections(&mut text, &self.failures, "scenarios");
        if !self.index.undefined_parameter_types.is_empty() {
            let title = "These parameters are missing a parameter type definition:";
            text.push('\n');
            text.push_str(&self.theme.style_status(Element::Step, Status::Undefined, title));
            text.push('\n');
            for (i, u) in self.index.undefined_parameter_types.iter().enumerate() {
                text.push_str(&format!("  {}) '{}' in '{}'\n", i + 1, u.name, u.expression));
            }
        }
        self.sections(&mut text, &self.hook_failures, "hooks");
        // Our addition to the reference layout (ADR 0021): scenarios that passed on a retry.
        if !self.flaky.is_empty() {
            self.flaky.sort();
            text.push('\n');
            text.push_str(&self.theme.style_status(Element::Step, Status::Pending, FLAKY_TITLE));
            text.push('\n');
            for (i, (_, header)) in self.flaky.iter().enumerate() {
                text.push_str(&format!("  {}) {header}\n", i + 1));
            }
        }
        let run_exception = self.index.run_finished.as_ref().filter(|f| !f.success).and_then(|f| f.exception.as_ref());
        if let Some(exception) = run_exception {
            text.push_str(&self.theme.style_status(Element::Step, Status::Failed, "Failed test run:"));
            text.push('\n');
            if let Some(message) = fragments::exception_text(exception, Status::Failed) {
                let mut line = Line::new(&self.theme);
                fragments::error_lines(&mut line, message, Status::Failed, 7);
                text.push_str(&line.build());
            }
        }
        text.push('\n');
        if run_exception.is_some() {
            let failed = self.theme.style_status(Element::Step, Status::Failed, "1 failed");
            text.push_str(&format!("1 test run ({failed})\n"));
        }
        if self.hooks.total > 0 {
            text.push_str(&self.counts(&self.hooks, "hook", "hooks"));
        }
        text.push_str(&self.counts(&self.scenarios, "scenario", "scenarios"));
        if !self.flaky.is_empty() {
            let n = self.flaky.len();
            let line = format!("{n} of them flaky (passed on a retry)");
            text.push_str(&self.theme.style_status(Element::Step, Status::Pending, &line));
            text.push('\n');
        }
        text.push_str(&self.counts(&self.steps, "step", "steps"));
        if let (Some(start), Some(end)) = (self.index.run_started, self.index.run_finished.as_ref()) {
            let total = elapsed(start, end.timestamp);
            let line =
                format!("{} ({} executing your code)\n", format_duration(total), format_duration(self.execution));
            text.push_str(&line);
        }
        self.snippets.sort_by(|a, b| a.0.cmp(&b.0));
        let mut seen = HashSet::new();
        let mut codes = Vec::new();
        for snippet in self.snippets.iter().flat_map(|(_, s)| s) {
            if seen.insert((snippet.language.as_str(), snippet.code.as_str())) {
                codes.push(snippet.code.as_str());
            }
        }
        if !codes.is_empty() {
            text.push_str("\nYou can implement missing steps with the snippets below:\n\n");
            for code in codes {
                text.push_str(code);
                text.push_str("\n\n");
            }
        }
        text
    }

    fn sections(&self, text: &mut String, failures: &[Failure], what: &str) {
        for status in ALL_STATUSES.into_iter().filter(|s| *s != Status::Passed && *s != Status::Skipped) {
            let mut number = 0;
            for failure in failures.iter().filter(|f| f.status == status) {
                if number == 0 {
                    let title = format!("{} {what}:", status_title(status));
                    text.push('\n');
                    text.push_str(&self.theme.style_status(Element::Step, status, &title));
                    text.push('\n');
                }
                number += 1;
                text.push_str(&format!("  {number}) {}\n", failure.header));
                text.push_str(&failure.body);
            }
        }
    }

    fn counts(&self, counts: &Counts, singular: &str, plural: &str) -> String {
        let noun = if counts.total == 1 { singular } else { plural };
        let parts: Vec<String> = ALL_STATUSES
            .iter()
            .filter(|s| counts.by_status[**s as usize] > 0)
            .map(|s| {
                let n = counts.by_status[*s as usize];
                self.theme.style_status(Element::Step, *s, &format!("{n} {}", status_name(*s)))
            })
            .collect();
        if parts.is_empty() {
            format!("{} {noun}\n", counts.total)
        } else {
            format!("{} {noun} ({})\n", counts.total, parts.join(", "))
        }
    }

    fn print(&mut self) -> std::io::Result<()> {
        if self.printed {
            return Ok(());
        }
        self.printed = true;
        let text = self.render();
        self.out.write_all(text.as_bytes())
    }
}

/// Appends ` # uri:line` for a hook with a known source.
fn hook_location(line: &mut Line<'_>, hook: &Hook) {
    if let Some(location) = format_source_reference(&hook.source_reference) {
        line.push(" ").styled(Element::Location, &format!("# {location}"));
    }
}

/// `1m 2.345s`: minutes, then seconds with milliseconds.
pub fn format_duration(duration: std::time::Duration) -> String {
    let millis = duration.as_millis();
    format!("{}m {}.{:03}s", millis / 60_000, millis / 1000 % 60, millis % 1000)
}

impl Reporter for SummaryReporter {
    fn on_envelope(&mut self, envelope: &Envelope) -> std::io::Result<()> {
        self.index.update(envelope);
        match envelope {
            Envelope::TestCaseFinished(f) => {
                self.test_case_finished(&f.test_case_started_id);
                self.index.forget(&f.test_case_started_id);
            }
            Envelope::TestRunHookFinished(f) => self.run_hook_finished(f),
            Envelope::TestRunFinished(_) => return self.print(),
            _ => {}
        }
        Ok(())
    }

    fn finish(&mut self) -> std::io::Result<()> {
        self.print()?;
        self.out.commit()
    }
}

/// A synthetic stream for memory tests (see `tests::stream`).
#[cfg(test)]
pub(crate) fn synthetic_stream(n: usize) -> Vec<Envelope> {
    tests::stream(n).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ferridriver_messages::*;

    /// A stream of `n` one-step scenarios, every tenth failing, emitted as runners do: each
    /// pickle and test case just before it runs.
    pub(super) fn stream(n: usize) -> impl Iterator<Item = Envelope> {
        let t = Timestamp::default();
        (0..n).flat_map(move |i| {
            let status = if i % 10 == 0 { TestStepResultStatus::Failed } else { TestStepResultStatus::Passed };
            let pickle = Pickle {
                id: format!("p{i}"),
                uri: "a.feature".into(),
                location: Some(Location::new(i as u32 + 1, 3)),
                name: format!("scenario {i}"),
                language: "en".into(),
                steps: vec![PickleStep {
                    argument: None,
                    ast_node_ids: vec![],
                    id: format!("ps{i}"),
                    step_type: None,
                    text: "a step".into(),
                }],
                tags: vec![],
                ast_node_ids: vec![],
            };
            let step = TestStep {
                hook_id: None,
                id: format!("ts{i}"),
                pickle_step_id: Some(format!("ps{i}")),
                step_definition_ids: Some(vec![]),
                step_match_arguments_lists: None,
            };
            let test_case = TestCase {
                id: format!("tc{i}"),
                pickle_id: format!("p{i}"),
                test_steps: vec![step],
                test_run_started_id: None,
            };
            let started = TestCaseStarted {
                attempt: 0,
                id: format!("s{i}"),
                test_case_id: format!("tc{i}"),
                worker_id: None,
                timestamp: t,
            };
            let result = TestStepResult { duration: Duration::default(), message: None, status, exception: None };
            let step_finished = TestStepFinished {
                test_case_started_id: format!("s{i}"),
                test_step_id: format!("ts{i}"),
                test_step_result: result,
                timestamp: t,
            };
            let finished =
                TestCaseFinished { test_case_started_id: format!("s{i}"), timestamp: t, will_be_retried: false };
            vec![pickle.into(), test_case.into(), started.into(), step_finished.into(), finished.into()]
        })
    }

    #[test]
    fn ten_thousand_scenarios_leave_only_failures_behind() {
        let (out, buffer) = Output::memory();
        let mut summary = SummaryReporter::new(out, &serde_json::json!({})).expect("builds");
        for envelope in stream(10_000) {
            summary.on_envelope(&envelope).expect("accepts");
        }
        assert_eq!(summary.index.retained(), (0, 0, 0));
        assert_eq!(summary.failures.len(), 1_000);
        summary.finish().expect("finishes");
        assert!(buffer.text().contains("10000 scenarios (9000 passed, 1000 failed)"), "{}", buffer.text());
    }
}
