//! What a step file is made of, for watch mode: each top-level step definition (`Given(…)`,
//! `When(…)`, `Then(…)`, `defineStep(…)`) with its lines and a hash of its text, and one hash
//! of everything else (imports, helpers, hooks, parameter types, the world). A saved file then
//! tells which definitions changed; a change anywhere else may affect every scenario.

use oxc::allocator::Allocator;
use oxc::ast::ast::{Expression, Statement};
use oxc::parser::Parser;
use oxc::span::{GetSpan, SourceType};
use std::hash::{Hash, Hasher};
use std::path::Path;

/// The callees that define steps (the cucumber-js names the JS world provides).
const STEP_DEFINERS: &[&str] = &["Given", "When", "Then", "And", "But", "defineStep"];

/// One step definition's place and content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefinitionShape {
    /// First and last line (1-based) of the definition's statement.
    pub lines: (u32, u32),
    /// Hash of the statement's text.
    pub hash: u64,
}

/// A step file cut into its definitions and the rest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileShape {
    pub definitions: Vec<DefinitionShape>,
    /// Hash of the file with the definitions cut out.
    pub rest: u64,
}

impl FileShape {
    /// The hash of the definition whose statement holds `line` (a registered definition's line).
    pub fn definition_at(&self, line: u32) -> Option<u64> {
        self.definitions.iter().find(|d| d.lines.0 <= line && line <= d.lines.1).map(|d| d.hash)
    }
}

/// Cuts `source` (the file at `path`; its extension picks JS or TS) into definitions and the
/// rest. `None` when it does not parse: the caller cannot tell what changed.
pub fn file_shape(path: &Path, source: &str) -> Option<FileShape> {
    let allocator = Allocator::default();
    let source_type = SourceType::from_path(path).unwrap_or_else(|_| SourceType::ts());
    let parsed = Parser::new(&allocator, source, source_type).parse();
    if parsed.panicked || parsed.diagnostics.has_errors() {
        return None;
    }
    let line_of = |offset: u32| source[..offset as usize].matches('\n').count() as u32 + 1;
    let mut definitions = Vec::new();
    let mut rest = String::with_capacity(source.len());
    let mut from = 0usize;
    for statement in &parsed.program.body {
        let Statement::ExpressionStatement(e) = statement else { continue };
        let Expression::CallExpression(call) = &e.expression else { continue };
        let Expression::Identifier(callee) = &call.callee else { continue };
        if !STEP_DEFINERS.contains(&callee.name.as_str()) {
            continue;
        }
        let span = statement.span();
        let text = &source[span.start as usize..span.end as usize];
        definitions.push(DefinitionShape { lines: (line_of(span.start), line_of(span.end)), hash: hash(text) });
        rest.push_str(&source[from..span.start as usize]);
        from = span.end as usize;
    }
    rest.push_str(&source[from..]);
    // Blank lines and indentation around the definitions do not change what runs.
    let rest: String = rest.split_whitespace().collect::<Vec<_>>().join(" ");
    Some(FileShape { definitions, rest: hash(&rest) })
}

fn hash(text: &str) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    const STEPS: &str = "import { Given, Then, Before } from '@cucumber/cucumber'

Before(function () {})

Given('a basket with {int} items', function (n: number) {
  this.items = n
})

Then('the basket holds {int} items', function (n: number) {
  if (this.items !== n) throw new Error('no')
})
";

    #[test]
    fn definitions_and_the_rest_change_independently() {
        let path = Path::new("steps/basket.ts");
        let before = file_shape(path, STEPS).unwrap();
        assert_eq!(before.definitions.iter().map(|d| d.lines).collect::<Vec<_>>(), vec![(5, 7), (9, 11)]);
        assert_eq!(before.definition_at(5), before.definition_at(6));
        assert_eq!(before.definition_at(3), None, "a hook is not a step definition");

        let edited = file_shape(path, &STEPS.replace("throw new Error('no')", "throw new Error('wrong')")).unwrap();
        assert_eq!(edited.rest, before.rest);
        assert_eq!(edited.definitions[0].hash, before.definitions[0].hash);
        assert_ne!(edited.definitions[1].hash, before.definitions[1].hash);

        let hook = file_shape(path, &STEPS.replace("Before(function () {})", "Before(function () { this.x = 1 })"));
        assert_ne!(hook.unwrap().rest, before.rest, "hooks are part of the rest: every scenario may change");

        let moved = file_shape(path, &STEPS.replace("\n\nGiven(", "\n\n\n\nGiven(")).unwrap();
        assert_eq!(moved.rest, before.rest, "blank lines do not count");
        assert_eq!(moved.definitions[0].hash, before.definitions[0].hash);
        assert_eq!(moved.definitions[0].lines, (7, 9));

        assert_eq!(file_shape(path, "Given('x', function () {"), None);
    }
}
