//! Steps run outside a feature, in a World that outlives them (the MCP host's `bdd_run_steps`):
//! Gherkin step lines are parsed by the same parser as feature files, matched by the same
//! table and run through the same step path as `bdd` (BeforeStep/AfterStep hooks, timeouts,
//! arguments, evidence), one report per step. As in a scenario, the steps after a step that did
//! not pass are skipped.

use super::attempt::{run_step, StepCall};
use super::invoke::{instant_result, StepHost};
use super::RunOptions;
use crate::gherkin::parse_source;
use ferridriver_messages::{IdGenerator, PickleStep, PickleStepType, TestStepResult, TestStepResultStatus};
use ferridriver_steps::registry::{HookContext, MatchTable, PendingAttachment, Registry, StepMatch, World};
use serde::Serialize;

/// A step line, parsed.
#[derive(Debug, Clone)]
pub struct StepLine {
    /// `Given `, `When `, `And `… as written.
    pub keyword: String,
    /// The step as a pickle step (text, type, doc string or data table).
    pub step: PickleStep,
    /// Its line in the text the caller sent (1-based).
    pub line: u32,
}

/// A definition, as reports name it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DefinitionRef {
    /// The expression or regular expression.
    pub pattern: String,
    /// Where it is defined (`file:line`).
    pub source: String,
}

/// What happened to one step.
#[derive(Debug, Clone, Serialize)]
pub struct StepReport {
    /// The line in the caller's text.
    pub line: u32,
    /// The step as written (`When I click "Save"`).
    pub step: String,
    /// Cucumber's status: `PASSED`, `FAILED`, `UNDEFINED`, `AMBIGUOUS`, `PENDING`, `SKIPPED`.
    pub status: TestStepResultStatus,
    /// Wall time in milliseconds.
    pub duration_ms: f64,
    /// Why it did not pass (the error with its source location, or a hint).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The definition that ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub definition: Option<DefinitionRef>,
    /// For an undefined step: code to define it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub snippets: Vec<String>,
    /// For an ambiguous step: every definition that matched.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<DefinitionRef>,
    /// What the step attached (screenshots of a failure, logs).
    #[serde(skip)]
    pub attachments: Vec<PendingAttachment>,
    /// The parsed line, for callers that keep what passed.
    #[serde(skip)]
    pub parsed: Option<StepLine>,
}

/// Parses step lines (with doc strings and data tables, `And`/`But`, any Gherkin language) as
/// the body of one scenario. An error names the line of `text` and what is wrong.
pub fn parse_step_lines(text: &str, language: &str) -> Result<Vec<StepLine>, String> {
    const HEADER_LINES: u32 = 3;
    let mut source = format!("# language: {language}\nFeature: steps\n  Scenario: steps\n");
    for line in text.lines() {
        source.push_str("    ");
        source.push_str(line);
        source.push('\n');
    }
    let ids = IdGenerator::incrementing();
    let parsed = parse_source("steps", &source, language, &ids);
    if let Some(e) = parsed.errors.first() {
        let line = e.line.saturating_sub(HEADER_LINES);
        let detail = e.message.split_once(") ").map(|(_, m)| m).unwrap_or(&e.message);
        return Err(format!(
            "line {line}: {detail}\n  hint: send Gherkin step lines (Given/When/Then/And/But), with doc strings and data tables under their step"
        ));
    }
    let steps = parsed
        .document
        .as_ref()
        .and_then(|d| d.feature.as_ref())
        .and_then(|f| f.children.first())
        .and_then(|c| c.scenario.as_ref())
        .map(|s| s.steps.clone())
        .unwrap_or_default();
    let pickle = parsed.pickles.into_iter().next();
    let pickle_steps = pickle.map(|p| p.steps).unwrap_or_default();
    if pickle_steps.is_empty() {
        return Err("no steps: send one or more Gherkin step lines, e.g. `When I open \"/login\"`".into());
    }
    Ok(pickle_steps
        .into_iter()
        .zip(steps)
        .map(|(step, ast)| StepLine {
            keyword: ast.keyword,
            step,
            line: ast.location.line.saturating_sub(HEADER_LINES),
        })
        .collect())
}

/// Runs `lines` in `world`, in order.
pub async fn run_step_lines(
    registry: &Registry,
    table: &MatchTable,
    host: &mut dyn StepHost,
    world: &mut World,
    lines: Vec<StepLine>,
    options: &RunOptions,
) -> Vec<StepReport> {
    let mut reports = Vec::with_capacity(lines.len());
    let mut skipping = false;
    for line in lines {
        let matched = table.find(&registry.steps, &line.step.text);
        let mut report = StepReport {
            line: line.line,
            step: format!("{}{}", line.keyword, line.step.text),
            status: TestStepResultStatus::Skipped,
            duration_ms: 0.0,
            error: None,
            definition: None,
            snippets: Vec::new(),
            candidates: Vec::new(),
            attachments: Vec::new(),
            parsed: None,
        };
        let definition = |i: usize| DefinitionRef {
            pattern: registry.steps[i].pattern.clone(),
            source: registry.steps[i].source.to_string(),
        };
        let result: TestStepResult = match &matched {
            StepMatch::Undefined => {
                report.snippets = super::suggest::snippets(registry, &line.step, Default::default());
                let close = ferridriver_steps::did_you_mean::did_you_mean(
                    &line.step.text,
                    registry.steps.iter().map(|s| s.pattern.as_str()),
                );
                let mut hint = "Undefined step: no definition matches it.".to_string();
                if !close.is_empty() {
                    hint.push_str(" Did you mean:\n");
                    hint.push_str(&close.iter().map(|p| format!("  {p}")).collect::<Vec<_>>().join("\n"));
                }
                instant_result(TestStepResultStatus::Undefined, Some(hint))
            }
            StepMatch::Ambiguous(all) => {
                report.candidates = all.iter().map(|(d, _)| definition(*d)).collect();
                instant_result(
                    TestStepResultStatus::Ambiguous,
                    Some("Several step definitions match; make one expression more specific.".into()),
                )
            }
            StepMatch::Matched(..) if skipping => instant_result(TestStepResultStatus::Skipped, None),
            StepMatch::Matched(d, args) => {
                report.definition = Some(definition(*d));
                let call = StepCall {
                    definition: &registry.steps[*d],
                    args,
                    pickle_step: &line.step,
                    tags: &[],
                    context: HookContext {
                        pickle_step: serde_json::to_value(&line.step).ok(),
                        ..HookContext::default()
                    },
                };
                let tracer = world.browser().tracer().cloned();
                let mut group = None;
                if let Some(tracer) = &tracer {
                    let source = &registry.steps[*d].source;
                    let at =
                        ferridriver_browser::SourceLocation { file: source.uri.clone(), line: source.line, column: 1 };
                    group = Some(tracer.group(&report.step, Some(&at)));
                }
                let result = run_step(registry, call, world, host, options).await;
                if let Some(tracer) = &tracer {
                    let failed = result.status == TestStepResultStatus::Failed;
                    if let Some(group) = &group {
                        tracer.group_end(group, failed.then(|| result.message.as_deref().unwrap_or("failed")));
                    }
                }
                if result.status == TestStepResultStatus::Failed && options.screenshots != super::Screenshots::Off {
                    world.gather_evidence().await;
                }
                world.gather_step_end().await;
                result
            }
        };
        report.status = result.status;
        report.duration_ms = result.duration.seconds as f64 * 1000.0 + result.duration.nanos as f64 / 1e6;
        report.error = result.message.clone();
        report.attachments = world.take_attachments();
        skipping |= report.status != TestStepResultStatus::Passed;
        report.parsed = Some(line);
        reports.push(report);
    }
    reports
}

/// A keyword for a pickle step type, for callers that render steps back to Gherkin.
pub fn keyword_of(step_type: Option<PickleStepType>) -> &'static str {
    match step_type {
        Some(PickleStepType::Context) => "Given ",
        Some(PickleStepType::Action) => "When ",
        Some(PickleStepType::Outcome) => "Then ",
        _ => "* ",
    }
}
