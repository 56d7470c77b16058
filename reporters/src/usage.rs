//! The `usage` formatter: every step definition with the steps it matched and how long they
//! took, slowest first, unused definitions included (cucumber-js's usage table).
//!
//! Per definition only the count, the duration total and the five slowest matches are kept.

use crate::query::{pickle_step, to_std, Index};
use crate::table;
use crate::{Output, Reporter};
use ferridriver_messages::{Envelope, StepDefinitionPatternType, TestStepResultStatus as Status};
use serde_json::Value;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::io::Write;

const SHOWN_MATCHES: usize = 5;

/// One step that used a definition.
#[derive(Clone)]
struct Match {
    text: String,
    location: String,
    millis: Option<f64>,
}

/// Slowest first; matches without a duration last; then by text.
fn by_duration(a: &Match, b: &Match) -> Ordering {
    match (a.millis, b.millis) {
        (Some(x), Some(y)) => y.partial_cmp(&x).unwrap_or(Ordering::Equal),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
    .then_with(|| a.text.cmp(&b.text))
}

#[derive(Default)]
struct Usage {
    count: usize,
    timed: usize,
    total_millis: f64,
    slowest: Vec<Match>,
}

/// Collects definition usage and prints the table at the end.
pub struct UsageReporter {
    out: Output,
    index: Index,
    usage: HashMap<String, Usage>,
    written: bool,
}

impl UsageReporter {
    /// A usage reporter writing to `out` (it reads no options).
    pub fn new(out: Output, _options: &Value) -> Self {
        UsageReporter { out, index: Index::new(false), usage: HashMap::new(), written: false }
    }

    fn test_case_finished(&mut self, started_id: &str) {
        let Some((attempt, tc, pickle)) = self.index.attempt_context(started_id) else { return };
        for step in &tc.test_steps {
            let Some(ps) = step.pickle_step_id.as_deref().and_then(|id| pickle_step(pickle, id)) else { continue };
            let Some([definition_id]) = step.step_definition_ids.as_deref() else { continue };
            let line = ps.ast_node_ids.first().and_then(|id| self.index.gherkin.step(id)).map_or(0, |s| s.line);
            let result = attempt.result_of(&step.id);
            let millis = result
                .filter(|r| !matches!(r.status, Status::Ambiguous | Status::Skipped | Status::Undefined))
                .map(|r| to_std(r.duration).as_nanos() as f64 / 1_000_000.0);
            let m = Match { text: ps.text.clone(), location: format!("{}:{line}", pickle.uri), millis };
            let usage = self.usage.entry(definition_id.clone()).or_default();
            usage.count += 1;
            if let Some(ms) = millis {
                usage.timed += 1;
                usage.total_millis += ms;
            }
            // Keep only the five that will be shown.
            let at = usage.slowest.partition_point(|x| by_duration(x, &m) != Ordering::Greater);
            if at < SHOWN_MATCHES {
                usage.slowest.insert(at, m);
                usage.slowest.truncate(SHOWN_MATCHES);
            }
        }
    }

    fn render(&self) -> String {
        if self.index.step_definition_order.is_empty() {
            return "No step definitions\n".to_string();
        }
        let empty = Usage::default();
        let mut rows: Vec<(Option<f64>, Vec<String>)> = Vec::new();
        for id in &self.index.step_definition_order {
            let Some(definition) = self.index.step_definition(id) else { continue };
            let usage = self.usage.get(id).unwrap_or(&empty);
            let mean = (usage.timed > 0).then(|| usage.total_millis / usage.timed as f64);
            let pattern = match definition.pattern.pattern_type {
                StepDefinitionPatternType::RegularExpression => format!("/{}/", definition.pattern.source),
                StepDefinitionPatternType::CucumberExpression => definition.pattern.source.clone(),
            };
            let mut texts = vec![pattern];
            let mut durations = vec![match (usage.count, mean) {
                (0, _) => "UNUSED".to_string(),
                (_, Some(ms)) => format!("{ms:.2}ms"),
                (_, None) => "-".to_string(),
            }];
            let source = &definition.source_reference;
            let mut locations = vec![crate::query::format_source_reference(source).unwrap_or_default()];
            for m in &usage.slowest {
                texts.push(format!("  {}", m.text));
                durations.push(m.millis.map_or("-".to_string(), |ms| format!("{ms}ms")));
                locations.push(m.location.clone());
            }
            if usage.count > SHOWN_MATCHES {
                texts.push(format!("  {} more", usage.count - SHOWN_MATCHES));
            }
            rows.push((mean, vec![texts.join("\n"), durations.join("\n"), locations.join("\n")]));
        }
        // Slowest mean first, definitions never timed last (stable: declaration order otherwise).
        rows.sort_by(|a, b| match (a.0, b.0) {
            (Some(x), Some(y)) => y.partial_cmp(&x).unwrap_or(Ordering::Equal),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        });
        let rows: Vec<Vec<String>> = rows.into_iter().map(|r| r.1).collect();
        table::render(&["Pattern / Text", "Duration", "Location"], &rows)
    }
}

impl Reporter for UsageReporter {
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
            let text = self.render();
            self.out.write_all(text.as_bytes())?;
        }
        self.out.commit()
    }
}
