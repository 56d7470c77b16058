//! A slim copy of the Gherkin documents: the keywords, names and lines reports print, reachable
//! from the AST node ids that pickles carry. Step and table contents are not kept (the pickles
//! have them).

use ferridriver_messages::{GherkinDocument, Pickle, Scenario, Tag};
use std::collections::HashMap;

/// A tag's name and line.
#[derive(Debug, Clone)]
pub struct TagNode {
    pub name: String,
    pub line: u32,
}

/// A `Feature:`.
#[derive(Debug, Clone)]
pub struct FeatureNode {
    pub uri: String,
    pub keyword: String,
    pub name: String,
    pub description: String,
    pub line: u32,
    pub tags: Vec<TagNode>,
}

/// A `Rule:`.
#[derive(Debug, Clone)]
pub struct RuleNode {
    pub keyword: String,
    pub name: String,
    pub line: u32,
    pub feature: usize,
}

/// A `Scenario:` or `Scenario Outline:`.
#[derive(Debug, Clone)]
pub struct ScenarioNode {
    pub keyword: String,
    pub name: String,
    pub description: String,
    pub line: u32,
    /// Index of the feature in [`GherkinIndex::features`].
    pub feature: usize,
    /// Index of the rule in [`GherkinIndex::rules`].
    pub rule: Option<usize>,
}

/// A step line.
#[derive(Debug, Clone)]
pub struct StepNode {
    pub keyword: String,
    pub line: u32,
    /// Whether the step belongs to a `Background:`.
    pub background: bool,
    /// The line of its doc string, if any.
    pub doc_string_line: Option<u32>,
}

/// A row of an `Examples:` table.
#[derive(Debug, Clone)]
pub struct RowNode {
    pub line: u32,
    /// Which `Examples:` block of the outline (0-based).
    pub examples_index: usize,
    /// Which body row of that block (0-based).
    pub row_index: usize,
    pub examples_name: String,
}

/// The ancestry of a pickle; any part may be missing in a malformed stream.
#[derive(Debug, Clone, Copy, Default)]
pub struct Lineage<'a> {
    pub feature: Option<(usize, &'a FeatureNode)>,
    pub rule: Option<(usize, &'a RuleNode)>,
    pub scenario: Option<&'a ScenarioNode>,
    pub row: Option<&'a RowNode>,
}

/// All documents seen so far.
#[derive(Debug, Default)]
pub struct GherkinIndex {
    pub features: Vec<FeatureNode>,
    pub rules: Vec<RuleNode>,
    scenarios: HashMap<String, ScenarioNode>,
    steps: HashMap<String, StepNode>,
    rows: HashMap<String, RowNode>,
    tag_lines: HashMap<String, u32>,
}

impl GherkinIndex {
    /// Indexes one document.
    pub fn add(&mut self, doc: &GherkinDocument) {
        let Some(feature) = &doc.feature else { return };
        let feature_index = self.features.len();
        let tags = self.tags(&feature.tags);
        self.features.push(FeatureNode {
            uri: doc.uri.clone().unwrap_or_default(),
            keyword: feature.keyword.clone(),
            name: feature.name.clone(),
            description: feature.description.clone(),
            line: feature.location.line,
            tags,
        });
        for child in &feature.children {
            if let Some(bg) = &child.background {
                self.add_steps(&bg.steps, true);
            }
            if let Some(sc) = &child.scenario {
                self.add_scenario(sc, feature_index, None);
            }
            if let Some(rule) = &child.rule {
                let rule_index = self.rules.len();
                self.tags(&rule.tags);
                self.rules.push(RuleNode {
                    keyword: rule.keyword.clone(),
                    name: rule.name.clone(),
                    line: rule.location.line,
                    feature: feature_index,
                });
                for rc in &rule.children {
                    if let Some(bg) = &rc.background {
                        self.add_steps(&bg.steps, true);
                    }
                    if let Some(sc) = &rc.scenario {
                        self.add_scenario(sc, feature_index, Some(rule_index));
                    }
                }
            }
        }
    }

    fn tags(&mut self, tags: &[Tag]) -> Vec<TagNode> {
        tags.iter()
            .map(|t| {
                self.tag_lines.insert(t.id.clone(), t.location.line);
                TagNode { name: t.name.clone(), line: t.location.line }
            })
            .collect()
    }

    fn add_steps(&mut self, steps: &[ferridriver_messages::Step], background: bool) {
        for step in steps {
            self.steps.insert(
                step.id.clone(),
                StepNode {
                    keyword: step.keyword.clone(),
                    line: step.location.line,
                    background,
                    doc_string_line: step.doc_string.as_ref().map(|d| d.location.line),
                },
            );
        }
    }

    fn add_scenario(&mut self, sc: &Scenario, feature: usize, rule: Option<usize>) {
        self.tags(&sc.tags);
        self.add_steps(&sc.steps, false);
        for (examples_index, examples) in sc.examples.iter().enumerate() {
            self.tags(&examples.tags);
            for (row_index, row) in examples.table_body.iter().enumerate() {
                self.rows.insert(
                    row.id.clone(),
                    RowNode {
                        line: row.location.line,
                        examples_index,
                        row_index,
                        examples_name: examples.name.clone(),
                    },
                );
            }
        }
        self.scenarios.insert(
            sc.id.clone(),
            ScenarioNode {
                keyword: sc.keyword.clone(),
                name: sc.name.clone(),
                description: sc.description.clone(),
                line: sc.location.line,
                feature,
                rule,
            },
        );
    }

    /// A step by AST node id.
    pub fn step(&self, id: &str) -> Option<&StepNode> {
        self.steps.get(id)
    }

    /// The line of a tag by AST node id.
    pub fn tag_line(&self, id: &str) -> Option<u32> {
        self.tag_lines.get(id).copied()
    }

    /// The ancestry of a pickle: scenario from its first AST node id, examples row from the last.
    pub fn lineage(&self, pickle: &Pickle) -> Lineage<'_> {
        let scenario = pickle.ast_node_ids.first().and_then(|id| self.scenarios.get(id));
        let row = if pickle.ast_node_ids.len() > 1 {
            pickle.ast_node_ids.last().and_then(|id| self.rows.get(id))
        } else {
            None
        };
        let feature = scenario.and_then(|s| self.features.get(s.feature).map(|f| (s.feature, f)));
        let rule = scenario.and_then(|s| s.rule).and_then(|r| self.rules.get(r).map(|n| (r, n)));
        Lineage { feature, rule, scenario, row }
    }
}
