//! Pickles: the executable form of a scenario (one per scenario or examples row).

use crate::Location;
use serde::{Deserialize, Serialize};

/// One test case to run: background steps plus scenario steps, placeholders filled in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Pickle {
    pub id: String,
    pub uri: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub location: Option<Location>,
    pub name: String,
    pub language: String,
    pub steps: Vec<PickleStep>,
    pub tags: Vec<PickleTag>,
    pub ast_node_ids: Vec<String>,
}

/// The kind of a pickle step, resolved through `And`/`But` to the step before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PickleStepType {
    Unknown,
    Context,
    Action,
    Outcome,
}

/// One step of a pickle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PickleStep {
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub argument: Option<PickleStepArgument>,
    pub ast_node_ids: Vec<String>,
    pub id: String,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none", default)]
    pub step_type: Option<PickleStepType>,
    pub text: String,
}

/// A step's argument: exactly one field is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PickleStepArgument {
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub doc_string: Option<PickleDocString>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub data_table: Option<PickleTable>,
}

/// A doc string after placeholder substitution.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PickleDocString {
    /// 1 or 2 when the step has both a doc string and a data table: which came first.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub argument_index: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub media_type: Option<String>,
    pub content: String,
}

/// A data table after placeholder substitution.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PickleTable {
    /// 1 or 2 when the step has both a doc string and a data table: which came first.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub argument_index: Option<u32>,
    pub rows: Vec<PickleTableRow>,
}

/// One row of a pickle table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PickleTableRow {
    pub cells: Vec<PickleTableCell>,
}

/// One cell of a pickle table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PickleTableCell {
    pub value: String,
}

/// A tag inherited by a pickle from its feature, rule, scenario or examples.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PickleTag {
    pub name: String,
    pub ast_node_id: String,
}
