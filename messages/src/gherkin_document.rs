//! The Gherkin abstract syntax tree as the `gherkinDocument` message carries it.

use crate::Location;
use serde::{Deserialize, Serialize};

/// A parsed feature file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GherkinDocument {
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub uri: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub feature: Option<Feature>,
    pub comments: Vec<Comment>,
}

/// A `#` comment line, kept with its indentation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Comment {
    pub location: Location,
    pub text: String,
}

/// A tag such as `@smoke`, including the `@`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tag {
    pub location: Location,
    pub name: String,
    pub id: String,
}

/// The `Feature:` block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Feature {
    pub location: Location,
    pub tags: Vec<Tag>,
    pub language: String,
    /// Empty (and omitted) for a Markdown feature without a `# Feature:` header.
    #[serde(skip_serializing_if = "String::is_empty", default)]
    pub keyword: String,
    pub name: String,
    pub description: String,
    pub children: Vec<FeatureChild>,
}

/// One child of a feature: exactly one of the fields is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FeatureChild {
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub rule: Option<Rule>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub background: Option<Background>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub scenario: Option<Scenario>,
}

/// A `Rule:` block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rule {
    pub location: Location,
    pub tags: Vec<Tag>,
    pub keyword: String,
    pub name: String,
    pub description: String,
    pub children: Vec<RuleChild>,
    pub id: String,
}

/// One child of a rule: exactly one of the fields is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RuleChild {
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub background: Option<Background>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub scenario: Option<Scenario>,
}

/// A `Background:` block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Background {
    pub location: Location,
    pub keyword: String,
    pub name: String,
    pub description: String,
    pub steps: Vec<Step>,
    pub id: String,
}

/// A `Scenario:` or `Scenario Outline:` block (outlines have examples).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub location: Location,
    pub tags: Vec<Tag>,
    pub keyword: String,
    pub name: String,
    pub description: String,
    pub steps: Vec<Step>,
    pub examples: Vec<Examples>,
    pub id: String,
}

/// An `Examples:` block of an outline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Examples {
    pub location: Location,
    pub tags: Vec<Tag>,
    pub keyword: String,
    pub name: String,
    pub description: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub table_header: Option<TableRow>,
    pub table_body: Vec<TableRow>,
    pub id: String,
}

/// Which kind of keyword starts a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StepKeywordType {
    Unknown,
    Context,
    Action,
    Outcome,
    Conjunction,
}

/// A step line with its optional argument.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Step {
    pub location: Location,
    pub keyword: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub keyword_type: Option<StepKeywordType>,
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub doc_string: Option<DocString>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub data_table: Option<DataTable>,
    pub id: String,
}

/// A row of a data table or examples table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableRow {
    pub location: Location,
    pub cells: Vec<TableCell>,
    pub id: String,
}

/// One cell, unescaped and trimmed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableCell {
    pub location: Location,
    pub value: String,
}

/// A data table argument of a step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DataTable {
    pub location: Location,
    pub rows: Vec<TableRow>,
}

/// A doc string argument of a step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DocString {
    pub location: Location,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub media_type: Option<String>,
    pub content: String,
    pub delimiter: String,
}
