//! The `pretty` formatter: each scenario and its steps as they run, with results, locations,
//! errors and attachments, in the layout of cucumber/pretty-formatter.
//!
//! Options: `theme` (`cucumber`, `plain`, `none`, `demo`), `colors`, `includeFeatureLine`,
//! `includeRuleLine`, `includeAttachments` (all true by default).

use crate::fragments;
use crate::line::{width, Line};
use crate::options;
use crate::query::{format_source_reference, pickle_step, test_step, AttachmentNote, Index};
use crate::theme::{Element, Theme};
use crate::{Output, Reporter};
use ferridriver_messages::*;
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::io::Write;

const STEP_INDENT: usize = 2;
const ARGUMENT_INDENT: usize = 2;
const ERROR_INDENT: usize = 4;
const ATTACHMENT_INDENT: usize = 6;

/// Indentation and comment column of one running attempt.
#[derive(Clone, Copy, Default)]
struct Layout {
    scenario_indent: usize,
    comment_column: usize,
}

/// Streams a readable account of the run.
pub struct PrettyReporter {
    out: Output,
    theme: Theme,
    index: Index,
    include_feature: bool,
    include_rule: bool,
    include_attachments: bool,
    icon_width: usize,
    layouts: HashMap<String, Layout>,
    printed_features: HashSet<usize>,
    printed_rules: HashSet<usize>,
}

impl PrettyReporter {
    /// A pretty reporter writing to `out`; fails on an unknown theme.
    pub fn new(out: Output, options: &Value) -> Result<Self, String> {
        let theme = options::theme(&out, options)?;
        let icon_width = if theme.has_status_icons() { 2 } else { 0 };
        Ok(PrettyReporter {
            theme,
            out,
            index: Index::new(false),
            include_feature: options::flag(options, "includeFeatureLine", true),
            include_rule: options::flag(options, "includeRuleLine", true),
            include_attachments: options::flag(options, "includeAttachments", true),
            icon_width,
            layouts: HashMap::new(),
            printed_features: HashSet::new(),
            printed_rules: HashSet::new(),
        })
    }

    fn after_feature_indent(&self) -> usize {
        if self.include_feature {
            2
        } else {
            0
        }
    }

    fn after_rule_indent(&self) -> usize {
        self.after_feature_indent() + if self.include_rule { 2 } else { 0 }
    }

    fn layout(&self, started_id: &str) -> Layout {
        self.layouts.get(started_id).copied().unwrap_or_default()
    }

    fn test_case_started(&mut self, started: &TestCaseStarted) -> std::io::Result<()> {
        let mut text = String::new();
        let Some((_, _, pickle)) = self.index.attempt_context(&started.id) else { return Ok(()) };
        let lineage = self.index.lineage(pickle);
        let scenario_indent = if lineage.rule.is_some() {
            self.after_rule_indent()
        } else if lineage.feature.is_some() {
            self.after_feature_indent()
        } else {
            0
        };
        let mut layout = Layout { scenario_indent, comment_column: 0 };
        if let Some(scenario) = lineage.scenario {
            let scenario_width = scenario_indent + width(&scenario.keyword) + 2 + width(&pickle.name);
            let longest = pickle
                .steps
                .iter()
                .filter_map(|s| {
                    let keyword = self.index.step_keyword(s)?;
                    Some(scenario_indent + STEP_INDENT + self.icon_width + width(keyword) + width(&s.text))
                })
                .fold(scenario_width, usize::max);
            layout.comment_column = longest + 1;
        }

        if let (true, Some((i, feature))) = (self.include_feature, lineage.feature) {
            if self.printed_features.insert(i) {
                let mut line = Line::new(&self.theme);
                line.newline().begin(Element::Feature);
                line.title(Element::FeatureKeyword, &feature.keyword, Element::FeatureName, &feature.name);
                line.end(Element::Feature).newline();
                text.push_str(&line.build());
            }
        }
        if let (true, Some((i, rule))) = (self.include_rule, lineage.rule) {
            if self.printed_rules.insert(i) {
                let mut line = Line::new(&self.theme);
                line.newline().pad_to(self.after_feature_indent()).begin(Element::Rule);
                line.title(Element::RuleKeyword, &rule.keyword, Element::RuleName, &rule.name);
                line.end(Element::Rule).newline();
                text.push_str(&line.build());
            }
        }
        text.push('\n');
        if !pickle.tags.is_empty() {
            let names: Vec<&str> = pickle.tags.iter().map(|t| t.name.as_str()).collect();
            let mut line = Line::new(&self.theme);
            line.pad_to(scenario_indent).styled(Element::Tag, &names.join(" ")).newline();
            text.push_str(&line.build());
        }
        if let Some(scenario) = lineage.scenario {
            let mut line = Line::new(&self.theme);
            line.pad_to(scenario_indent).begin(Element::Scenario);
            line.title(Element::ScenarioKeyword, &scenario.keyword, Element::ScenarioName, &pickle.name);
            line.end(Element::Scenario).pad_to(layout.comment_column);
            let location = match self.index.pickle_line(pickle) {
                Some(l) => format!("# {}:{l}", pickle.uri),
                None => format!("# {}", pickle.uri),
            };
            line.styled(Element::Location, &location).newline();
            text.push_str(&line.build());
        }
        self.layouts.insert(started.id.clone(), layout);
        self.out.write_all(text.as_bytes())?;
        self.out.flush()
    }

    fn test_step_finished(&mut self, finished: &TestStepFinished) -> std::io::Result<()> {
        let layout = self.layout(&finished.test_case_started_id);
        let step_indent = layout.scenario_indent + STEP_INDENT;
        let status = finished.test_step_result.status;
        let Some((_, tc, pickle)) = self.index.attempt_context(&finished.test_case_started_id) else {
            return Ok(());
        };
        let Some(step) = test_step(tc, &finished.test_step_id) else { return Ok(()) };
        let mut line = Line::new(&self.theme);
        let found = step.pickle_step_id.as_deref().and_then(|id| pickle_step(pickle, id));
        if let Some((ps, keyword)) = found.and_then(|ps| Some((ps, self.index.step_keyword(ps)?))) {
            line.pad_to(step_indent);
            if self.icon_width > 0 {
                line.begin_status(Element::StatusIcon, status).icon(self.theme.status_icon(status));
                line.end_status(Element::StatusIcon, status).push(" ");
            }
            line.begin_status(Element::Step, status).styled(Element::StepKeyword, keyword);
            fragments::step_text(&mut line, &ps.text, Some(step));
            line.end_status(Element::Step, status);
            let definition = self.index.unambiguous_definition(step);
            if let Some(location) = definition.and_then(|d| format_source_reference(&d.source_reference)) {
                line.pad_to(layout.comment_column).styled(Element::Location, &format!("# {location}"));
            }
            line.newline();
            let argument_indent = step_indent + self.icon_width + ARGUMENT_INDENT;
            if let Some(argument) = &ps.argument {
                if let Some(table) = &argument.data_table {
                    fragments::data_table(&mut line, table, argument_indent);
                }
                if let Some(doc) = &argument.doc_string {
                    fragments::doc_string(&mut line, doc, argument_indent);
                }
            }
        }
        let error_indent = step_indent + self.icon_width + ERROR_INDENT;
        if status == TestStepResultStatus::Ambiguous {
            fragments::ambiguous(&mut line, &self.index.definitions_of(step), error_indent);
        }
        if let Some(text) = fragments::error_text(&finished.test_step_result) {
            fragments::error_lines(&mut line, text, status, error_indent);
        }
        self.out.write_all(line.build().as_bytes())?;
        self.out.flush()
    }

    fn attachment(&mut self, attachment: &Attachment) -> std::io::Result<()> {
        if !self.include_attachments {
            return Ok(());
        }
        let scenario_indent =
            attachment.test_case_started_id.as_deref().map_or(0, |id| self.layout(id).scenario_indent);
        let mut line = Line::new(&self.theme);
        line.newline();
        fragments::attachment(
            &mut line,
            &AttachmentNote::of(attachment),
            scenario_indent + ATTACHMENT_INDENT + self.icon_width,
        );
        line.newline();
        self.out.write_all(line.build().as_bytes())?;
        self.out.flush()
    }

    fn test_run_finished(&mut self, finished: &TestRunFinished) -> std::io::Result<()> {
        let Some(text) =
            finished.exception.as_ref().and_then(|e| fragments::exception_text(e, TestStepResultStatus::Failed))
        else {
            return Ok(());
        };
        let mut line = Line::new(&self.theme);
        fragments::error_lines(&mut line, text, TestStepResultStatus::Failed, 0);
        self.out.write_all(line.build().as_bytes())
    }
}

impl Reporter for PrettyReporter {
    fn on_envelope(&mut self, envelope: &Envelope) -> std::io::Result<()> {
        self.index.update(envelope);
        match envelope {
            Envelope::TestCaseStarted(s) => self.test_case_started(s),
            Envelope::TestStepFinished(f) => self.test_step_finished(f),
            Envelope::Attachment(a) => self.attachment(a),
            Envelope::TestRunFinished(f) => self.test_run_finished(f),
            Envelope::TestCaseFinished(f) => {
                self.layouts.remove(&f.test_case_started_id);
                self.index.forget(&f.test_case_started_id);
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn finish(&mut self) -> std::io::Result<()> {
        self.out.commit()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn finished_scenarios_are_forgotten() {
        // Exercised with the summary's synthetic stream: the pretty reporter shares the index.
        let (out, _buffer) = crate::Output::memory();
        let mut pretty = super::PrettyReporter::new(out, &serde_json::json!({})).expect("builds");
        let envelopes = crate::summary::synthetic_stream(2_000);
        for envelope in envelopes {
            crate::Reporter::on_envelope(&mut pretty, &envelope).expect("accepts");
        }
        assert_eq!(pretty.index.retained(), (0, 0, 0));
        assert!(pretty.layouts.is_empty());
    }
}
