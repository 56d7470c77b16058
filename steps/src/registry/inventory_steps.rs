//! Rust definitions collected at link time with `inventory`; the attribute macros of
//! `ferridriver-macros` submit these.

use super::{HookKind, RustHookFn, RustStepFn, StepKeyword};
use crate::expressions::ArgValue;

/// A Rust step definition, as submitted by `#[given]`, `#[when]`, `#[then]`, `#[step]`.
pub struct RustStep {
    pub keyword: StepKeyword,
    pub pattern: &'static str,
    /// True for `regex = "…"`, false for Cucumber expressions.
    pub regex: bool,
    pub file: &'static str,
    /// `module_path!()` where the step was written: tells the built-in library from user steps.
    pub module: &'static str,
    pub line: u32,
    pub func: RustStepFn,
    pub timeout_ms: Option<u64>,
    /// What the step does, for `ferridriver steps` and docs/steps.md.
    pub description: Option<&'static str>,
    /// An example use, as a feature file would write it.
    pub example: Option<&'static str>,
}

/// A Rust hook, as submitted by `#[before]`, `#[after]`, `#[before_all]`….
pub struct RustHook {
    pub kind: HookKind,
    pub tags: Option<&'static str>,
    pub name: Option<&'static str>,
    pub order: i32,
    pub file: &'static str,
    pub line: u32,
    pub func: RustHookFn,
    pub timeout_ms: Option<u64>,
}

/// A Rust parameter-type transformer: capture groups in, value out (or why not).
pub type RustTransformFn = fn(&[Option<&str>]) -> Result<ArgValue, String>;

/// A custom parameter type defined in Rust.
pub struct RustParameterType {
    pub name: &'static str,
    pub regexps: &'static [&'static str],
    /// Turns the captured groups into a value; `None` keeps the matched text.
    pub transformer: Option<RustTransformFn>,
    pub use_for_snippets: bool,
    pub prefer_for_regexp_match: bool,
    pub file: &'static str,
    pub line: u32,
}

impl RustStep {
    /// Whether the step belongs to ferridriver's built-in step library (which user steps shadow).
    pub fn is_builtin(&self) -> bool {
        self.module.starts_with("ferridriver_steps::builtin")
    }
}

inventory::collect!(RustStep);
inventory::collect!(RustHook);
inventory::collect!(RustParameterType);
