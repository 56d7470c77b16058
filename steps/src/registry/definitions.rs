//! Step definitions and hooks as the registry holds them, whatever language they come from.

use super::{DataTable, StepFailure, StepOutcome, World};
use crate::expressions::Expression;
use crate::tag_expressions::TagExpression;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

/// Where a definition was written: the original source file and line (for JS/TS, the `.ts`
/// line, not the bundle's).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SourceLocation {
    pub uri: String,
    pub line: u32,
}

impl std::fmt::Display for SourceLocation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.uri, self.line)
    }
}

/// The future a Rust step or hook returns. Workers run one scenario at a time on a
/// single-threaded runtime, so it need not be `Send`.
pub type StepFuture<'a> = Pin<Box<dyn Future<Output = Result<StepOutcome, StepFailure>> + 'a>>;

/// A Rust step: the World and the step's arguments in, an outcome out.
pub type RustStepFn = for<'a> fn(&'a mut World, Invocation) -> StepFuture<'a>;

/// A Rust hook.
pub type RustHookFn = for<'a> fn(&'a mut World) -> StepFuture<'a>;

/// What a step receives besides the World.
#[derive(Debug, Default)]
pub struct Invocation {
    /// The transformed parameter values, in order.
    pub args: Vec<crate::expressions::ArgValue>,
    pub data_table: Option<DataTable>,
    pub doc_string: Option<String>,
    pub doc_string_media_type: Option<String>,
}

/// The keyword a definition was registered with. Matching ignores it, as in Cucumber.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKeyword {
    Given,
    When,
    Then,
    Step,
}

/// Cucumber expression or regular expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PatternKind {
    CucumberExpression,
    RegularExpression,
}

/// Who runs a step.
#[derive(Clone, Copy)]
pub enum StepBody {
    Rust(RustStepFn),
    /// A function living in a host runtime (a JS VM), called by the worker with this index.
    External(usize),
}

impl std::fmt::Debug for StepBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StepBody::Rust(_) => f.write_str("Rust"),
            StepBody::External(i) => write!(f, "External({i})"),
        }
    }
}

/// A registered step definition.
#[derive(Debug, Clone)]
pub struct StepDefinition {
    /// The id used in `stepDefinition` and `testCase` messages.
    pub id: String,
    pub keyword: StepKeyword,
    /// The pattern as written.
    pub pattern: String,
    pub kind: PatternKind,
    pub expression: Expression,
    pub source: SourceLocation,
    pub body: StepBody,
    /// Overrides the run's default step timeout.
    pub timeout: Option<Duration>,
    /// Part of the built-in step library: a user definition matching the same text wins.
    pub builtin: bool,
}

/// When a hook runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HookKind {
    BeforeAll,
    AfterAll,
    Before,
    After,
    BeforeStep,
    AfterStep,
}

/// Who runs a hook.
#[derive(Clone, Copy)]
pub enum HookBody {
    Rust(RustHookFn),
    External(usize),
}

impl std::fmt::Debug for HookBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HookBody::Rust(_) => f.write_str("Rust"),
            HookBody::External(i) => write!(f, "External({i})"),
        }
    }
}

/// A registered hook.
#[derive(Debug, Clone)]
pub struct HookDefinition {
    pub id: String,
    pub kind: HookKind,
    pub name: Option<String>,
    /// The tag expression as written, and parsed.
    pub tags: Option<(String, TagExpression)>,
    /// Lower runs first for Before hooks and last for After hooks (cucumber-js order).
    pub order: i32,
    pub source: SourceLocation,
    pub body: HookBody,
    pub timeout: Option<Duration>,
    /// A BeforeAll/AfterAll hook that runs once per run on the coordinator even when it lives
    /// in the workers' VMs (cucumber-js's `HookTarget.COORDINATOR`). Rust run hooks always do.
    pub once_per_run: bool,
}

impl HookDefinition {
    /// Whether the hook applies to a pickle with these tags.
    pub fn applies_to(&self, tags: &[&str]) -> bool {
        self.tags.as_ref().is_none_or(|(_, e)| e.evaluate(tags))
    }
}
