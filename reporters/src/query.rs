//! A compact index over the message stream, shared by the reporters.
//!
//! Reporters never keep envelopes. The index keeps what later messages refer to by id: a slim
//! copy of each Gherkin document (keywords, names, lines), the pickles and test cases not yet
//! finished, the definitions, and the step results of attempts still running. A reporter calls
//! [`Index::forget`] once it has used a finished attempt, so memory follows the number of
//! scenarios still to run, not the size of the stream.

use crate::gherkin::{GherkinIndex, Lineage};
use ferridriver_messages::*;
use std::collections::HashMap;

/// A compact record of an attachment: bodies of binary attachments are reduced to their size.
#[derive(Debug, Clone)]
pub struct AttachmentNote {
    /// The test step that attached it (absent for test-case-level attachments).
    pub test_step_id: Option<String>,
    pub media_type: String,
    pub file_name: Option<String>,
    /// The text, for identity-encoded attachments.
    pub text: Option<String>,
    /// The decoded size estimate, for base64 attachments.
    pub base64_bytes: usize,
    /// Where the content is, for attachments that name a file instead of carrying it (a trace).
    pub url: Option<String>,
}

impl AttachmentNote {
    /// The compact form of an attachment message.
    pub fn of(attachment: &Attachment) -> Self {
        let base64 = attachment.content_encoding == AttachmentContentEncoding::Base64;
        AttachmentNote {
            test_step_id: attachment.test_step_id.clone(),
            media_type: attachment.media_type.clone(),
            file_name: attachment.file_name.clone(),
            text: if base64 { None } else { Some(attachment.body.clone()) },
            // The size as the reference formatter estimates it (ignores padding).
            base64_bytes: if base64 { attachment.body.len() / 4 * 3 } else { 0 },
            url: attachment.url.clone(),
        }
    }
}

/// One attempt at a test case: its steps' results in the order they finished.
#[derive(Debug, Clone)]
pub struct Attempt {
    pub test_case_id: String,
    pub attempt: u32,
    pub started_at: Timestamp,
    pub finished_at: Option<Timestamp>,
    pub will_be_retried: bool,
    pub results: Vec<(String, TestStepResult)>,
    pub attachments: Vec<AttachmentNote>,
}

impl Attempt {
    /// The most severe step status; an attempt without steps passed (by definition).
    pub fn status(&self) -> TestStepResultStatus {
        self.worst_result().map_or(TestStepResultStatus::Passed, |r| r.status)
    }

    /// The first result with the most severe status.
    pub fn worst_result(&self) -> Option<&TestStepResult> {
        let mut worst: Option<&TestStepResult> = None;
        for (_, result) in &self.results {
            if worst.is_none_or(|w| result.status > w.status) {
                worst = Some(result);
            }
        }
        worst
    }

    /// The result of one test step, if it finished.
    pub fn result_of(&self, test_step_id: &str) -> Option<&TestStepResult> {
        self.results.iter().find(|(id, _)| id == test_step_id).map(|(_, r)| r)
    }
}

/// What a global (BeforeAll/AfterAll) hook run refers to.
#[derive(Debug, Clone)]
pub struct RunHook {
    pub hook_id: String,
}

/// Everything reporters look up by id.
#[derive(Debug, Default)]
pub struct Index {
    /// Slim Gherkin documents.
    pub gherkin: GherkinIndex,
    pickles: HashMap<String, Pickle>,
    test_cases: HashMap<String, TestCase>,
    step_definitions: HashMap<String, StepDefinition>,
    /// Step definition ids in declaration order.
    pub step_definition_order: Vec<String>,
    hooks: HashMap<String, Hook>,
    attempts: HashMap<String, Attempt>,
    run_hooks: HashMap<String, RunHook>,
    suggestions: HashMap<String, Vec<Snippet>>,
    /// Parameter types named by expressions but never defined.
    pub undefined_parameter_types: Vec<UndefinedParameterType>,
    /// When the run started.
    pub run_started: Option<Timestamp>,
    /// How the run ended.
    pub run_finished: Option<TestRunFinished>,
    /// Whether attachments are recorded on attempts.
    pub keep_attachments: bool,
}

impl Index {
    /// An empty index; `keep_attachments` records attachments on attempts.
    pub fn new(keep_attachments: bool) -> Self {
        Index { keep_attachments, ..Index::default() }
    }

    /// Records what the envelope defines or reports.
    pub fn update(&mut self, envelope: &Envelope) {
        match envelope {
            Envelope::GherkinDocument(doc) => self.gherkin.add(doc),
            Envelope::Pickle(p) => {
                self.pickles.insert(p.id.clone(), (**p).clone());
            }
            Envelope::TestCase(tc) => {
                self.test_cases.insert(tc.id.clone(), (**tc).clone());
            }
            Envelope::StepDefinition(sd) if self.step_definitions.insert(sd.id.clone(), (**sd).clone()).is_none() => {
                self.step_definition_order.push(sd.id.clone());
            }
            Envelope::Hook(h) => {
                self.hooks.insert(h.id.clone(), (**h).clone());
            }
            Envelope::Suggestion(s) => {
                self.suggestions.entry(s.pickle_step_id.clone()).or_default().extend(s.snippets.iter().cloned());
            }
            Envelope::UndefinedParameterType(u) => self.undefined_parameter_types.push((**u).clone()),
            Envelope::TestRunStarted(s) => self.run_started = Some(s.timestamp),
            Envelope::TestRunFinished(f) => self.run_finished = Some((**f).clone()),
            Envelope::TestCaseStarted(s) => {
                let attempt = Attempt {
                    test_case_id: s.test_case_id.clone(),
                    attempt: s.attempt,
                    started_at: s.timestamp,
                    finished_at: None,
                    will_be_retried: false,
                    results: Vec::new(),
                    attachments: Vec::new(),
                };
                self.attempts.insert(s.id.clone(), attempt);
            }
            Envelope::TestStepFinished(f) => {
                if let Some(a) = self.attempts.get_mut(&f.test_case_started_id) {
                    a.results.push((f.test_step_id.clone(), f.test_step_result.clone()));
                }
            }
            Envelope::TestCaseFinished(f) => {
                if let Some(a) = self.attempts.get_mut(&f.test_case_started_id) {
                    a.finished_at = Some(f.timestamp);
                    a.will_be_retried = f.will_be_retried;
                }
            }
            Envelope::Attachment(att) if self.keep_attachments => {
                if let Some(a) = att.test_case_started_id.as_ref().and_then(|id| self.attempts.get_mut(id)) {
                    a.attachments.push(AttachmentNote::of(att));
                }
            }
            Envelope::TestRunHookStarted(h) => {
                self.run_hooks.insert(h.id.clone(), RunHook { hook_id: h.hook_id.clone() });
            }
            _ => {}
        }
    }

    /// Drops an attempt once the reporter is done with it. After the last attempt (not to be
    /// retried) the test case, its pickle and its suggestions go too.
    pub fn forget(&mut self, test_case_started_id: &str) {
        let Some(attempt) = self.attempts.remove(test_case_started_id) else { return };
        if attempt.will_be_retried {
            return;
        }
        if let Some(tc) = self.test_cases.remove(&attempt.test_case_id) {
            if let Some(pickle) = self.pickles.remove(&tc.pickle_id) {
                for step in &pickle.steps {
                    self.suggestions.remove(&step.id);
                }
            }
        }
    }

    /// How many pickles, test cases and attempts are held (a check that memory stays flat).
    pub fn retained(&self) -> (usize, usize, usize) {
        (self.pickles.len(), self.test_cases.len(), self.attempts.len())
    }

    /// An attempt by its `testCaseStarted` id.
    pub fn attempt(&self, test_case_started_id: &str) -> Option<&Attempt> {
        self.attempts.get(test_case_started_id)
    }

    /// A test case by id.
    pub fn test_case(&self, id: &str) -> Option<&TestCase> {
        self.test_cases.get(id)
    }

    /// A pickle by id.
    pub fn pickle(&self, id: &str) -> Option<&Pickle> {
        self.pickles.get(id)
    }

    /// The attempt, its test case and its pickle.
    pub fn attempt_context(&self, test_case_started_id: &str) -> Option<(&Attempt, &TestCase, &Pickle)> {
        let attempt = self.attempts.get(test_case_started_id)?;
        let tc = self.test_cases.get(&attempt.test_case_id)?;
        let pickle = self.pickles.get(&tc.pickle_id)?;
        Some((attempt, tc, pickle))
    }

    /// A step definition by id.
    pub fn step_definition(&self, id: &str) -> Option<&StepDefinition> {
        self.step_definitions.get(id)
    }

    /// A hook by id.
    pub fn hook(&self, id: &str) -> Option<&Hook> {
        self.hooks.get(id)
    }

    /// The hook a global hook run executed.
    pub fn run_hook(&self, test_run_hook_started_id: &str) -> Option<&Hook> {
        self.run_hooks.get(test_run_hook_started_id).and_then(|h| self.hooks.get(&h.hook_id))
    }

    /// The snippets suggested for a pickle step.
    pub fn suggestions_for(&self, pickle_step_id: &str) -> &[Snippet] {
        self.suggestions.get(pickle_step_id).map_or(&[], Vec::as_slice)
    }

    /// The definitions a test step matched, in the order the test case lists them.
    pub fn definitions_of(&self, step: &TestStep) -> Vec<&StepDefinition> {
        step.step_definition_ids.iter().flatten().filter_map(|id| self.step_definitions.get(id)).collect()
    }

    /// The single definition a test step matched (none when undefined or ambiguous).
    pub fn unambiguous_definition(&self, step: &TestStep) -> Option<&StepDefinition> {
        match step.step_definition_ids.as_deref() {
            Some([only]) => self.step_definitions.get(only),
            _ => None,
        }
    }

    /// Where a pickle is declared: its own location, else its examples row or scenario.
    pub fn pickle_line(&self, pickle: &Pickle) -> Option<u32> {
        if let Some(location) = pickle.location {
            return Some(location.line);
        }
        let lineage = self.gherkin.lineage(pickle);
        lineage.row.map(|r| r.line).or(lineage.scenario.map(|s| s.line))
    }

    /// The Gherkin ancestry of a pickle.
    pub fn lineage(&self, pickle: &Pickle) -> Lineage<'_> {
        self.gherkin.lineage(pickle)
    }

    /// The keyword of the Gherkin step a pickle step came from ("Given ", "And "…).
    pub fn step_keyword(&self, pickle_step: &PickleStep) -> Option<&str> {
        pickle_step.ast_node_ids.first().and_then(|id| self.gherkin.step(id)).map(|s| s.keyword.as_str())
    }
}

/// The test step of a test case by id.
pub fn test_step<'a>(test_case: &'a TestCase, id: &str) -> Option<&'a TestStep> {
    test_case.test_steps.iter().find(|s| s.id == id)
}

/// The pickle step of a pickle by id.
pub fn pickle_step<'a>(pickle: &'a Pickle, id: &str) -> Option<&'a PickleStep> {
    pickle.steps.iter().find(|s| s.id == id)
}

/// `uri:line`, or the uri alone, of a source reference (None without a uri).
pub fn format_source_reference(reference: &SourceReference) -> Option<String> {
    let uri = reference.uri.as_ref()?;
    Some(match reference.location {
        Some(location) => format!("{uri}:{}", location.line),
        None => uri.clone(),
    })
}

/// The wall-clock time between two timestamps (zero when they run backwards).
pub fn elapsed(from: Timestamp, to: Timestamp) -> std::time::Duration {
    let nanos = |t: Timestamp| t.seconds as i128 * 1_000_000_000 + t.nanos as i128;
    let diff = nanos(to) - nanos(from);
    std::time::Duration::from_nanos(diff.clamp(0, u64::MAX as i128) as u64)
}

/// A message duration as a standard duration (negative values count as zero).
pub fn to_std(duration: Duration) -> std::time::Duration {
    let total = duration.seconds as i128 * 1_000_000_000 + duration.nanos as i128;
    std::time::Duration::from_nanos(total.clamp(0, u64::MAX as i128) as u64)
}

/// The name a hook type goes by in reports ("BeforeAll", "After"…).
pub fn hook_type_name(hook_type: Option<HookType>) -> &'static str {
    match hook_type {
        Some(HookType::BeforeTestRun) => "BeforeAll",
        Some(HookType::AfterTestRun) => "AfterAll",
        Some(HookType::BeforeTestCase) => "Before",
        Some(HookType::AfterTestCase) => "After",
        Some(HookType::BeforeTestStep) => "BeforeStep",
        Some(HookType::AfterTestStep) => "AfterStep",
        None => "Unknown",
    }
}

/// The canonical order of test cases: by pickle uri, then line and column (pickles without a
/// location first).
pub fn canonical_key(pickle: &Pickle) -> (String, Option<(u32, u32)>) {
    (pickle.uri.clone(), pickle.location.map(|l| (l.line, l.column.unwrap_or(0))))
}
