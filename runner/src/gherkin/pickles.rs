//! The pickle compiler: turns a Gherkin document into the test cases it describes.
//!
//! Background steps (feature, then rule) come before a scenario's own steps, tags are inherited
//! from feature, rule, scenario and examples, and each examples row of an outline becomes one
//! pickle with `<placeholders>` filled in.

use ferridriver_messages::*;

/// Compiles every pickle of a document, in document order.
pub fn compile_pickles(document: &GherkinDocument, uri: &str, ids: &IdGenerator) -> Vec<Pickle> {
    let mut pickles = Vec::new();
    let Some(feature) = &document.feature else { return pickles };
    let ctx = Context { uri, language: &feature.language, ids };
    let mut background: Vec<&Step> = Vec::new();
    for child in &feature.children {
        if let Some(bg) = &child.background {
            background.extend(&bg.steps);
        } else if let Some(rule) = &child.rule {
            let tags: Vec<&Tag> = feature.tags.iter().chain(&rule.tags).collect();
            let mut rule_background = background.clone();
            for rule_child in &rule.children {
                if let Some(bg) = &rule_child.background {
                    rule_background.extend(&bg.steps);
                } else if let Some(scenario) = &rule_child.scenario {
                    ctx.scenario(&tags, &rule_background, scenario, &mut pickles);
                }
            }
        } else if let Some(scenario) = &child.scenario {
            let tags: Vec<&Tag> = feature.tags.iter().collect();
            ctx.scenario(&tags, &background, scenario, &mut pickles);
        }
    }
    pickles
}

struct Context<'a> {
    uri: &'a str,
    language: &'a str,
    ids: &'a IdGenerator,
}

/// The header cells and one row of an examples table.
struct Row<'a> {
    names: &'a [TableCell],
    row: &'a TableRow,
}

impl Context<'_> {
    fn scenario(&self, inherited: &[&Tag], background: &[&Step], scenario: &Scenario, out: &mut Vec<Pickle>) {
        if scenario.examples.is_empty() {
            let steps = self.steps(background, scenario, None);
            let tags: Vec<&Tag> = inherited.iter().copied().chain(&scenario.tags).collect();
            out.push(Pickle {
                id: self.ids.next_id(),
                uri: self.uri.to_string(),
                location: Some(scenario.location),
                name: scenario.name.clone(),
                language: self.language.to_string(),
                steps,
                tags: pickle_tags(&tags),
                ast_node_ids: vec![scenario.id.clone()],
            });
            return;
        }
        for examples in &scenario.examples {
            let Some(header) = &examples.table_header else { continue };
            for row in &examples.table_body {
                let values = Row { names: &header.cells, row };
                let steps = self.steps(background, scenario, Some(&values));
                let tags: Vec<&Tag> = inherited.iter().copied().chain(&scenario.tags).chain(&examples.tags).collect();
                out.push(Pickle {
                    id: self.ids.next_id(),
                    uri: self.uri.to_string(),
                    location: Some(row.location),
                    name: interpolate(&scenario.name, Some(&values)),
                    language: self.language.to_string(),
                    steps,
                    tags: pickle_tags(&tags),
                    ast_node_ids: vec![scenario.id.clone(), row.id.clone()],
                });
            }
        }
    }

    fn steps(&self, background: &[&Step], scenario: &Scenario, row: Option<&Row<'_>>) -> Vec<PickleStep> {
        let mut steps = Vec::new();
        let mut last = PickleStepType::Unknown;
        // A scenario without steps runs nothing, not even its background.
        if !scenario.steps.is_empty() {
            for step in background {
                steps.push(self.step(step, None, &mut last));
            }
        }
        for step in &scenario.steps {
            steps.push(self.step(step, row, &mut last));
        }
        steps
    }

    fn step(&self, step: &Step, row: Option<&Row<'_>>, last: &mut PickleStepType) -> PickleStep {
        *last = match step.keyword_type {
            Some(StepKeywordType::Context) => PickleStepType::Context,
            Some(StepKeywordType::Action) => PickleStepType::Action,
            Some(StepKeywordType::Outcome) => PickleStepType::Outcome,
            Some(StepKeywordType::Conjunction) => *last,
            Some(StepKeywordType::Unknown) | None => PickleStepType::Unknown,
        };
        let mut ast_node_ids = vec![step.id.clone()];
        if let Some(r) = row {
            ast_node_ids.push(r.row.id.clone());
        }
        // A step may carry both a table and a doc string; then each says which came first.
        let (table_index, doc_index) = match (&step.data_table, &step.doc_string) {
            (Some(t), Some(d)) if t.location.line < d.location.line => (Some(1), Some(2)),
            (Some(_), Some(_)) => (Some(2), Some(1)),
            _ => (None, None),
        };
        let data_table = step.data_table.as_ref().map(|table| PickleTable {
            argument_index: table_index,
            rows: table
                .rows
                .iter()
                .map(|r| PickleTableRow {
                    cells: r.cells.iter().map(|c| PickleTableCell { value: interpolate(&c.value, row) }).collect(),
                })
                .collect(),
        });
        let doc_string = step.doc_string.as_ref().map(|doc| PickleDocString {
            argument_index: doc_index,
            media_type: doc.media_type.as_ref().map(|m| interpolate(m, row)),
            content: interpolate(&doc.content, row),
        });
        let argument =
            (data_table.is_some() || doc_string.is_some()).then_some(PickleStepArgument { doc_string, data_table });
        PickleStep {
            argument,
            ast_node_ids,
            id: self.ids.next_id(),
            step_type: Some(*last),
            text: interpolate(&step.text, row),
        }
    }
}

/// Replaces each `<name>` with the row's value for that column.
fn interpolate(text: &str, row: Option<&Row<'_>>) -> String {
    let Some(row) = row else { return text.to_string() };
    let mut out = text.to_string();
    for (name, value) in row.names.iter().zip(&row.row.cells) {
        out = out.replace(&format!("<{}>", name.value), &value.value);
    }
    out
}

fn pickle_tags(tags: &[&Tag]) -> Vec<PickleTag> {
    tags.iter().map(|t| PickleTag { name: t.name.clone(), ast_node_id: t.id.clone() }).collect()
}
