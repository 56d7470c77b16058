//! `--trace`: a Playwright-format trace of a test case attempt. The attempt's lease records its
//! browser contexts in a [`Tracer`]; this file opens a group per Gherkin step and hook, decides
//! whether the attempt's trace is kept, writes the zip and attaches it to the test case.

use super::plan::{PlannedCase, PlannedStep};
use ferridriver_browser::{SourceLocation, TraceOptions, Tracer};
use ferridriver_messages::{Attachment, AttachmentContentEncoding, TestStepResult, TestStepResultStatus, Timestamp};
use ferridriver_steps::registry::{PendingAttachment, Registry, StepMatch};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// When traces (Playwright's `trace` option) or videos (its `video` option, [`super::video`])
/// are recorded and kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TraceMode {
    #[default]
    Off,
    /// Every attempt.
    On,
    /// Recorded always, kept only for a test case that failed in its last attempt.
    RetainOnFailure,
    /// The first retry of a failed test case.
    OnFirstRetry,
}

impl TraceMode {
    /// Reads Playwright's names.
    pub fn parse(value: &str) -> Result<TraceMode, String> {
        TraceMode::parse_for("--trace", value)
    }

    /// Reads Playwright's names given to `flag`.
    pub fn parse_for(flag: &str, value: &str) -> Result<TraceMode, String> {
        Ok(match value {
            "off" => TraceMode::Off,
            "on" => TraceMode::On,
            "retain-on-failure" => TraceMode::RetainOnFailure,
            "on-first-retry" => TraceMode::OnFirstRetry,
            other => {
                return Err(format!(
                    "{flag} '{other}' must be on, off, retain-on-failure or on-first-retry\n  hint: Playwright's option names"
                ))
            }
        })
    }

    /// Whether attempt number `attempt` (0: the first run) is recorded.
    pub(super) fn records(self, attempt: u32) -> bool {
        match self {
            TraceMode::Off => false,
            TraceMode::On | TraceMode::RetainOnFailure => true,
            TraceMode::OnFirstRetry => attempt == 1,
        }
    }

    /// Whether a recorded attempt that ended so is kept.
    pub(super) fn keeps(self, status: TestStepResultStatus, will_be_retried: bool) -> bool {
        match self {
            TraceMode::RetainOnFailure => status == TestStepResultStatus::Failed && !will_be_retried,
            TraceMode::Off => false,
            TraceMode::On | TraceMode::OnFirstRetry => true,
        }
    }
}

/// The trace of one attempt being recorded.
pub(super) struct AttemptTrace {
    tracer: Tracer,
    /// The group of the step or hook running now.
    open: std::sync::Mutex<Option<String>>,
    mode: TraceMode,
    path: PathBuf,
}

impl AttemptTrace {
    /// A recording for `attempt` of `case` when the mode asks for one.
    pub fn start(mode: TraceMode, dir: &Path, case: &PlannedCase, attempt: u32) -> Option<AttemptTrace> {
        if !mode.records(attempt) {
            return None;
        }
        let pickle = &case.pickle;
        let tracer = Tracer::start(TraceOptions {
            title: pickle.name.clone(),
            viewport: None,
            snapshots: true,
            screenshots: true,
        });
        let path = attempt_path(dir, case, attempt, "zip");
        Some(AttemptTrace { tracer, open: Default::default(), mode, path })
    }

    /// The tracer the attempt's lease records into.
    pub fn tracer(&self) -> &Tracer {
        &self.tracer
    }

    /// Opens the group of a step or hook: the step's keyword and text, or the hook's name,
    /// at the definition's source.
    pub fn step_started(&self, case: &PlannedCase, step: &PlannedStep, registry: &Registry) {
        match step {
            PlannedStep::Hook { hook, before, .. } => {
                let hook = &registry.hooks[*hook];
                let kind = if *before { "Before" } else { "After" };
                let title = match &hook.name {
                    Some(name) if !name.is_empty() => format!("{kind} hook: {name}"),
                    _ => format!("{kind} hook"),
                };
                self.opened(self.tracer.group(&title, location(&hook.source).as_ref()));
            }
            PlannedStep::Step { pickle_step, matched, .. } => {
                let pickle_step = &case.pickle.steps[*pickle_step];
                let keyword = pickle_step
                    .ast_node_ids
                    .first()
                    .and_then(|id| case.document.as_deref().and_then(|d| keyword_of(d, id)))
                    .unwrap_or_default();
                let at = match matched {
                    StepMatch::Matched(d, _) => location(&registry.steps[*d].source),
                    _ => None,
                };
                self.opened(self.tracer.group(&format!("{keyword}{}", pickle_step.text), at.as_ref()));
            }
        }
    }

    /// Closes the group of the step that ended with `result`, with what it attached (the
    /// viewer lists them with the step).
    pub fn step_finished(&self, result: &TestStepResult, attachments: &[PendingAttachment]) {
        let error = match result.status {
            TestStepResultStatus::Failed => Some(result.message.as_deref().unwrap_or("failed")),
            _ => None,
        };
        if let Some(id) = self.open.lock().unwrap_or_else(PoisonError::into_inner).take() {
            for (n, a) in attachments.iter().enumerate() {
                let name = a.file_name.clone().unwrap_or_else(|| format!("attachment {}", n + 1));
                self.tracer.attach(&id, &name, &a.media_type, a.body.clone());
            }
            self.tracer.group_end(&id, error);
        }
    }

    /// Waits for the snapshots and bodies still on their way, while the
    /// attempt's pages are still open to give them: called before the teardowns close them.
    pub async fn settle(&self) {
        self.tracer.settled().await;
    }

    fn opened(&self, id: String) {
        *self.open.lock().unwrap_or_else(PoisonError::into_inner) = Some(id);
    }

    /// Keeps the trace when the mode says so: the attachment that names it for the test case's
    /// report, at once; the zip is written on a thread of its own (off the scenario's path),
    /// which the run waits for before it ends ([`wait_for_trace_writes`]). A trace that cannot
    /// be written is a warning on stderr.
    pub async fn finish(
        self,
        status: TestStepResultStatus,
        will_be_retried: bool,
        test_case_started_id: &str,
        timestamp: Timestamp,
    ) -> Option<Attachment> {
        if !self.mode.keeps(status, will_be_retried) {
            return None;
        }
        // Snapshots and bodies still on their way are collected by tasks of this worker's
        // runtime: they run while this waits (usually not at all), not after the worker ended.
        self.tracer.settled().await;
        let (tracer, path) = (self.tracer, self.path.clone());
        let writer = std::thread::Builder::new().name("ferridriver-trace".into()).spawn(move || {
            if let Err(e) = tracer.write(&path) {
                eprintln!("warning: cannot write the trace {}: {e}", path.display());
            }
        });
        match writer {
            Ok(handle) => WRITES.lock().unwrap_or_else(PoisonError::into_inner).push(handle),
            Err(e) => eprintln!("warning: cannot write the trace {}: {e}", self.path.display()),
        }
        Some(file_attachment(&self.path, "application/zip", test_case_started_id, timestamp))
    }
}

/// The attachment that names a file the run wrote for a test case attempt (its path as `url`).
pub(super) fn file_attachment(
    path: &Path,
    media_type: &str,
    test_case_started_id: &str,
    timestamp: Timestamp,
) -> Attachment {
    Attachment {
        body: String::new(),
        content_encoding: AttachmentContentEncoding::Identity,
        file_name: path.file_name().map(|n| n.to_string_lossy().into_owned()),
        media_type: media_type.into(),
        test_case_started_id: Some(test_case_started_id.to_string()),
        test_step_id: None,
        url: Some(path.to_string_lossy().into_owned()),
        test_run_started_id: None,
        test_run_hook_started_id: None,
        timestamp: Some(timestamp),
    }
}

/// Trace zips being written.
static WRITES: Mutex<Vec<std::thread::JoinHandle<()>>> = Mutex::new(Vec::new());

/// The trace paths this run has given out (one attempt each).
static NAMES: Mutex<std::collections::BTreeSet<PathBuf>> = Mutex::new(std::collections::BTreeSet::new());

/// The file in `dir` of attempt `attempt` of `case` with `extension`: named after its feature,
/// line and scenario (and retry); repetitions (`--repeat-each`) and features whose names give
/// one name get a number. Each path is given out once per run.
pub(super) fn attempt_path(dir: &Path, case: &PlannedCase, attempt: u32, extension: &str) -> PathBuf {
    let pickle = &case.pickle;
    let line = pickle.location.as_ref().map(|l| l.line).unwrap_or(0);
    let feature = pickle.uri.trim_end_matches(".feature").trim_end_matches(".md");
    let mut name = format!("{}-{line}-{}", slug(feature), slug(&pickle.name));
    if attempt > 0 {
        name.push_str(&format!("-retry{attempt}"));
    }
    let mut names = NAMES.lock().unwrap_or_else(PoisonError::into_inner);
    let mut path = dir.join(format!("{name}.{extension}"));
    let mut n = 1;
    while !names.insert(path.clone()) {
        n += 1;
        path = dir.join(format!("{name}-{n}.{extension}"));
    }
    path
}

/// Waits until every trace zip of the run is written (before the run reports its end).
pub fn wait_for_trace_writes() {
    let writes = std::mem::take(&mut *WRITES.lock().unwrap_or_else(PoisonError::into_inner));
    for write in writes {
        let _ = write.join();
    }
    // The next run (watch mode) may write the same names again.
    NAMES.lock().unwrap_or_else(PoisonError::into_inner).clear();
}

fn location(source: &ferridriver_steps::registry::SourceLocation) -> Option<SourceLocation> {
    (!source.uri.is_empty()).then(|| SourceLocation { file: source.uri.clone(), line: source.line, column: 1 })
}

/// The keyword (`Given `, `And `…) of the Gherkin step with id `id` in a document (JSON).
fn keyword_of(document: &Value, id: &str) -> Option<String> {
    match document {
        Value::Object(map) => {
            if map.get("id").and_then(Value::as_str) == Some(id) {
                if let Some(keyword) = map.get("keyword").and_then(Value::as_str) {
                    return Some(keyword.to_string());
                }
            }
            map.values().find_map(|v| keyword_of(v, id))
        }
        Value::Array(items) => items.iter().find_map(|v| keyword_of(v, id)),
        _ => None,
    }
}

/// Letters and digits kept, runs of anything else one dash.
fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').chars().take(80).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_record_and_keep_as_playwright_does() {
        use TestStepResultStatus::*;
        assert!(TraceMode::RetainOnFailure.records(0) && !TraceMode::OnFirstRetry.records(0));
        assert!(TraceMode::OnFirstRetry.records(1) && !TraceMode::OnFirstRetry.records(2));
        assert!(TraceMode::RetainOnFailure.keeps(Failed, false));
        assert!(!TraceMode::RetainOnFailure.keeps(Failed, true), "a retried attempt is not the last");
        assert!(!TraceMode::RetainOnFailure.keeps(Passed, false));
        assert!(TraceMode::On.keeps(Passed, false));
        assert!(TraceMode::parse("sometimes").unwrap_err().contains("retain-on-failure"));
        assert_eq!(slug("features/Shop basket.feature"), "features-shop-basket-feature");
    }
}
