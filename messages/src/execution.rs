//! Messages about definitions and test execution (emitted by the runner).

use crate::{Duration, Location, SourceReference, Timestamp};
use serde::{Deserialize, Serialize};

/// A name/version pair in `meta`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Product {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub version: Option<String>,
}

/// Who produced the stream and on what.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Meta {
    pub protocol_version: String,
    pub implementation: Product,
    pub runtime: Product,
    pub os: Product,
    pub cpu: Product,
}

/// The source text of a step definition's pattern and its kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepDefinitionPattern {
    pub source: String,
    #[serde(rename = "type")]
    pub pattern_type: StepDefinitionPatternType,
}

/// Cucumber expression or regular expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum StepDefinitionPatternType {
    CucumberExpression,
    RegularExpression,
}

/// A registered step definition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StepDefinition {
    pub id: String,
    pub pattern: StepDefinitionPattern,
    pub source_reference: SourceReference,
}

/// A registered parameter type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ParameterType {
    pub id: String,
    pub name: String,
    pub regular_expressions: Vec<String>,
    pub prefer_for_regular_expression_match: bool,
    pub use_for_snippets: bool,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub source_reference: Option<SourceReference>,
}

/// An expression that names a parameter type nobody defined.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UndefinedParameterType {
    pub expression: String,
    pub name: String,
}

/// A registered hook.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Hook {
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub name: Option<String>,
    pub source_reference: SourceReference,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub tag_expression: Option<String>,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none", default)]
    pub hook_type: Option<HookType>,
}

/// When a hook runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum HookType {
    BeforeTestRun,
    AfterTestRun,
    BeforeTestCase,
    AfterTestCase,
    BeforeTestStep,
    AfterTestStep,
}

/// An error with its type name, message and stack.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Exception {
    #[serde(rename = "type")]
    pub exception_type: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub stack_trace: Option<String>,
}

/// The outcome of a step or hook.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TestStepResultStatus {
    Unknown,
    Passed,
    Skipped,
    Pending,
    Undefined,
    Ambiguous,
    Failed,
}

/// A step's or hook's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestStepResult {
    pub duration: Duration,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub message: Option<String>,
    pub status: TestStepResultStatus,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub exception: Option<Exception>,
}

/// The run began.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestRunStarted {
    pub timestamp: Timestamp,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub id: Option<String>,
}

/// The run ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TestRunFinished {
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub message: Option<String>,
    pub success: bool,
    pub timestamp: Timestamp,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub exception: Option<Exception>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub test_run_started_id: Option<String>,
}

/// Arguments of one step match: where a group starts and what it captured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Group {
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub children: Vec<Group>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub start: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub value: Option<String>,
}

/// One matched argument.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StepMatchArgument {
    pub group: Group,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub parameter_type_name: Option<String>,
}

/// The arguments of one matching definition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StepMatchArgumentsList {
    pub step_match_arguments: Vec<StepMatchArgument>,
}

/// A step of a test case: a hook or a pickle step with its matching definitions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TestStep {
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub hook_id: Option<String>,
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub pickle_step_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub step_definition_ids: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub step_match_arguments_lists: Option<Vec<StepMatchArgumentsList>>,
}

/// A pickle bound to its steps and hooks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TestCase {
    pub id: String,
    pub pickle_id: String,
    pub test_steps: Vec<TestStep>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub test_run_started_id: Option<String>,
}

/// An attempt at a test case began.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TestCaseStarted {
    pub attempt: u32,
    pub id: String,
    pub test_case_id: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub worker_id: Option<String>,
    pub timestamp: Timestamp,
}

/// An attempt at a test case ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TestCaseFinished {
    pub test_case_started_id: String,
    pub timestamp: Timestamp,
    pub will_be_retried: bool,
}

/// A test step began.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TestStepStarted {
    pub test_case_started_id: String,
    pub test_step_id: String,
    pub timestamp: Timestamp,
}

/// A test step ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TestStepFinished {
    pub test_case_started_id: String,
    pub test_step_id: String,
    pub test_step_result: TestStepResult,
    pub timestamp: Timestamp,
}

/// A BeforeAll/AfterAll hook began.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TestRunHookStarted {
    pub id: String,
    pub test_run_started_id: String,
    pub hook_id: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub worker_id: Option<String>,
    pub timestamp: Timestamp,
}

/// A BeforeAll/AfterAll hook ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TestRunHookFinished {
    pub test_run_hook_started_id: String,
    pub result: TestStepResult,
    pub timestamp: Timestamp,
}

/// Text or bytes attached by a step or hook.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Attachment {
    pub body: String,
    pub content_encoding: AttachmentContentEncoding,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub file_name: Option<String>,
    pub media_type: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub test_case_started_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub test_step_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub test_run_started_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub test_run_hook_started_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub timestamp: Option<Timestamp>,
}

/// How an attachment body is encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum AttachmentContentEncoding {
    Identity,
    Base64,
}

/// Snippets proposed for an undefined step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Suggestion {
    pub id: String,
    pub pickle_step_id: String,
    pub snippets: Vec<Snippet>,
}

/// Code for one step definition in one language.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snippet {
    pub language: String,
    pub code: String,
}

/// A source location a step definition or hook was declared at.
pub fn source_reference(uri: impl Into<String>, line: u32) -> SourceReference {
    SourceReference { uri: Some(uri.into()), location: Some(Location { line, column: None }) }
}
