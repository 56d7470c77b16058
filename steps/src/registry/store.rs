//! Building the registry: parameter types first, then step definitions and hooks, each with a
//! stable id and its source location. Problems are collected, never fatal: one bad definition
//! must not hide the others.

use super::definitions::*;
use super::inventory_steps::{RustHook, RustParameterType, RustStep};
use super::tools::ToolDefinition;
use crate::expressions::{
    CucumberExpression, Expression, ExpressionError, ParameterType, ParameterTypeRegistry, RegularExpression,
    Transformer,
};
use crate::tag_expressions::TagExpression;
use ferridriver_messages::IdGenerator;
use std::sync::Arc;
use std::time::Duration;

/// A definition that could not be registered, with where it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct DefinitionError {
    pub source: SourceLocation,
    pub message: String,
}

impl std::fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.source, self.message)
    }
}

/// Everything the hosts can run: parameter types, step definitions, hooks.
pub struct Registry {
    pub parameter_types: ParameterTypeRegistry,
    /// Custom parameter types with their message ids and sources, in definition order.
    pub custom_parameter_types: Vec<(String, Arc<ParameterType>, Option<SourceLocation>)>,
    pub steps: Vec<StepDefinition>,
    pub hooks: Vec<HookDefinition>,
    /// Extension tools, in definition order.
    pub tools: Vec<ToolDefinition>,
    /// Expressions that name a parameter type nobody defined: `(expression, name)`.
    pub undefined_parameter_types: Vec<(String, String)>,
    pub errors: Vec<DefinitionError>,
    ids: Arc<IdGenerator>,
}

impl Registry {
    /// An empty registry (built-in parameter types only) drawing ids from `ids`.
    pub fn new(ids: Arc<IdGenerator>) -> Self {
        Registry {
            parameter_types: ParameterTypeRegistry::new(),
            custom_parameter_types: Vec::new(),
            steps: Vec::new(),
            hooks: Vec::new(),
            tools: Vec::new(),
            undefined_parameter_types: Vec::new(),
            errors: Vec::new(),
            ids,
        }
    }

    /// A registry with every Rust definition linked into the binary, in source order
    /// (file, then line) so that ids and messages are reproducible.
    pub fn from_inventory(ids: Arc<IdGenerator>) -> Self {
        Self::from_inventory_where(ids, |_| true)
    }

    /// Like [`Registry::from_inventory`], keeping only definitions whose source file (as
    /// `file!()` gives it) passes `keep`. Tests use it to give each suite its own definitions.
    pub fn from_inventory_where(ids: Arc<IdGenerator>, keep: impl Fn(&str) -> bool) -> Self {
        Self::from_inventory_with(ids, keep, true)
    }

    /// Every Rust definition linked into the binary; with `builtin_steps` false the built-in
    /// step library is left out entirely (`--no-builtin-steps`).
    pub fn from_inventory_builtin(ids: Arc<IdGenerator>, builtin_steps: bool) -> Self {
        Self::from_inventory_with(ids, |_| true, builtin_steps)
    }

    fn from_inventory_with(ids: Arc<IdGenerator>, keep: impl Fn(&str) -> bool, builtin_steps: bool) -> Self {
        let mut registry = Registry::new(ids);
        let mut types: Vec<&RustParameterType> =
            inventory::iter::<RustParameterType>.into_iter().filter(|t| keep(t.file)).collect();
        types.sort_by_key(|t| (t.file, t.line));
        for t in types {
            let transformer = match t.transformer {
                Some(f) => Transformer::rust(f),
                None => Transformer::rust(|groups: &[Option<&str>]| {
                    Ok(crate::expressions::ArgValue::Str(groups.first().copied().flatten().unwrap_or("").to_string()))
                }),
            };
            registry.add_parameter_type(
                t.name,
                t.regexps.iter().map(|r| r.to_string()).collect(),
                transformer,
                t.use_for_snippets,
                t.prefer_for_regexp_match,
                Some(SourceLocation { uri: t.file.to_string(), line: t.line }),
            );
        }
        // Steps and hooks interleaved in source order, as a reader of the files sees them.
        enum Def<'a> {
            Step(&'a RustStep),
            Hook(&'a RustHook),
        }
        let mut defs: Vec<(&str, u32, Def)> = inventory::iter::<RustStep>
            .into_iter()
            .map(|s| (s.file, s.line, Def::Step(s)))
            .chain(inventory::iter::<RustHook>.into_iter().map(|h| (h.file, h.line, Def::Hook(h))))
            .filter(|(file, _, _)| keep(file))
            .filter(|(_, _, def)| builtin_steps || !matches!(def, Def::Step(s) if s.is_builtin()))
            .collect();
        defs.sort_by_key(|(f, l, _)| (*f, *l));
        for (file, line, def) in defs {
            let source = SourceLocation { uri: file.to_string(), line };
            match def {
                Def::Step(s) => {
                    let before = registry.steps.len();
                    registry.add_step(
                        s.keyword,
                        s.pattern,
                        if s.regex { PatternKind::RegularExpression } else { PatternKind::CucumberExpression },
                        source,
                        StepBody::Rust(s.func),
                        s.timeout_ms.map(Duration::from_millis),
                    );
                    if registry.steps.len() > before {
                        registry.steps[before].builtin = s.is_builtin();
                    }
                }
                Def::Hook(h) => registry.add_hook(
                    h.kind,
                    h.name.map(str::to_string),
                    h.tags,
                    h.order,
                    source,
                    HookBody::Rust(h.func),
                    h.timeout_ms.map(Duration::from_millis),
                ),
            }
        }
        registry
    }

    /// Defines a custom parameter type; a problem is recorded with its source.
    pub fn add_parameter_type(
        &mut self,
        name: &str,
        regexps: Vec<String>,
        transformer: Transformer,
        use_for_snippets: bool,
        prefer_for_regexp_match: bool,
        source: Option<SourceLocation>,
    ) {
        let defined = ParameterType::new(name, regexps, transformer)
            .map(|t| t.with_use_for_snippets(use_for_snippets).with_prefer_for_regexp_match(prefer_for_regexp_match))
            .and_then(|t| self.parameter_types.define(t));
        match defined {
            Ok(t) => self.custom_parameter_types.push((self.ids.next_id(), t, source)),
            Err(e) => self.errors.push(DefinitionError {
                source: source.unwrap_or(SourceLocation { uri: "<parameter type>".into(), line: 0 }),
                message: format!("parameter type {{{name}}}: {e}"),
            }),
        }
    }

    /// Adds a step definition. An expression naming an unknown parameter type is recorded in
    /// `undefined_parameter_types` (the step cannot match); other errors in `errors`.
    pub fn add_step(
        &mut self,
        keyword: StepKeyword,
        pattern: &str,
        kind: PatternKind,
        source: SourceLocation,
        body: StepBody,
        timeout: Option<Duration>,
    ) {
        let compiled = match kind {
            PatternKind::CucumberExpression => {
                CucumberExpression::new(pattern, &self.parameter_types).map(Expression::Cucumber)
            }
            PatternKind::RegularExpression => {
                RegularExpression::new(pattern, &self.parameter_types).map(Expression::Regular)
            }
        };
        match compiled {
            Ok(expression) => self.steps.push(StepDefinition {
                id: self.ids.next_id(),
                keyword,
                pattern: pattern.to_string(),
                kind,
                expression,
                source,
                body,
                timeout,
                builtin: false,
            }),
            Err(ExpressionError::UndefinedParameterType { name, expression, .. }) => {
                self.undefined_parameter_types.push((expression, name));
            }
            Err(e) => self.errors.push(DefinitionError { source, message: e.to_string() }),
        }
    }

    /// Adds a hook; a malformed tag expression is recorded in `errors`.
    #[allow(clippy::too_many_arguments)]
    pub fn add_hook(
        &mut self,
        kind: HookKind,
        name: Option<String>,
        tags: Option<&str>,
        order: i32,
        source: SourceLocation,
        body: HookBody,
        timeout: Option<Duration>,
    ) {
        let tags = match tags.filter(|t| !t.trim().is_empty()) {
            None => None,
            Some(t) => match TagExpression::parse(t) {
                Ok(e) => Some((t.to_string(), e)),
                Err(e) => {
                    self.errors.push(DefinitionError { source, message: e.to_string() });
                    return;
                }
            },
        };
        let once_per_run = false;
        self.hooks.push(HookDefinition {
            id: self.ids.next_id(),
            kind,
            name,
            tags,
            order,
            source,
            body,
            timeout,
            once_per_run,
        });
    }

    /// Adds an extension tool.
    pub fn add_tool(&mut self, tool: ToolDefinition) {
        self.tools.push(tool);
    }

    /// The tool named `name`.
    pub fn tool(&self, name: &str) -> Option<&ToolDefinition> {
        self.tools.iter().find(|t| t.name == name)
    }

    /// Hooks of one kind in the order they run: Before-like hooks in definition order,
    /// After-like hooks in reverse (as cucumber-js), then by `order`.
    pub fn hooks_of(&self, kind: HookKind) -> Vec<&HookDefinition> {
        let mut hooks: Vec<&HookDefinition> = self.hooks.iter().filter(|h| h.kind == kind).collect();
        if matches!(kind, HookKind::After | HookKind::AfterAll | HookKind::AfterStep) {
            hooks.reverse();
        }
        hooks.sort_by_key(|h| h.order);
        hooks
    }
}
