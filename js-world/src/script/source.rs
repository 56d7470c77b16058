//! Preparing a script's source: is it a module (top-level `import`/`export`, bundled) or inline
//! code (run as the body of an async function)? Inline code keeps the user's line numbers: the
//! wrapper opens on the user's first line, and its top-level `var` and `function` declarations
//! are made global so that they persist across calls, as the spec's `globalThis` promises.

use oxc::allocator::Allocator;
use oxc::ast::ast::{BindingPattern, Function, Statement, VariableDeclaration, VariableDeclarationKind};
use oxc::ast_visit::Visit;
use oxc::parser::{ParseOptions, Parser};
use oxc::span::{GetSpan, SourceType};
use oxc::syntax::scope::ScopeFlags;

/// The name inline scripts carry in stack traces (`eval_script:LINE:COL`).
pub const INLINE_NAME: &str = "eval_script";

/// What the wrapper puts before the user's first line; columns on line 1 shift by its length.
const PREFIX: &str = "(async function () {";

/// Inline source ready to evaluate.
#[derive(Debug, Clone, PartialEq)]
pub struct InlineScript {
    /// The code to evaluate: an expression whose value is the async function.
    pub code: String,
    /// Global `var` names to declare before the call (a global declaration keeps any value).
    pub globals: Vec<String>,
    /// How many columns line 1 of `code` is ahead of the user's line 1.
    pub first_line_shift: u32,
}

/// How a source must run.
#[derive(Debug, Clone, PartialEq)]
pub enum ScriptKind {
    /// Plain statements (with `return` and top-level `await`).
    Inline(InlineScript),
    /// Has top-level `import`/`export`: bundle it and use its default export.
    Module,
}

/// Decides how `source` runs and prepares inline code. A source oxc cannot parse is wrapped
/// unchanged, so that QuickJS reports the syntax error with its own position.
pub fn prepare(source: &str) -> ScriptKind {
    let allocator = Allocator::default();
    let options = ParseOptions { allow_return_outside_function: true, ..ParseOptions::default() };
    let parsed = Parser::new(&allocator, source, SourceType::mjs()).with_options(options).parse();
    if parsed.program.body.iter().any(Statement::is_module_declaration) {
        return ScriptKind::Module;
    }
    let mut hoist = Hoist::default();
    if !parsed.panicked && !parsed.diagnostics.has_errors() {
        for statement in &parsed.program.body {
            if let Statement::FunctionDeclaration(f) = statement {
                if let Some(id) = &f.id {
                    hoist.functions.push(id.name.to_string());
                }
            }
            hoist.visit_statement(statement);
        }
    }
    ScriptKind::Inline(wrap(source, &hoist))
}

/// Wraps `source` as an async function; a top-level `var` whose declarators are all plain names
/// loses its keyword (same length of spaces, so positions stay) and assigns the global of the
/// same name; a top-level function is also copied onto the global object at the start.
fn wrap(source: &str, hoist: &Hoist) -> InlineScript {
    let mut body = source.to_string();
    // From the end, so earlier offsets stay valid.
    let mut blanks = hoist.var_keywords.clone();
    blanks.sort_unstable();
    for start in blanks.into_iter().rev() {
        let start = start as usize;
        if body.get(start..start + 3) == Some("var") {
            body.replace_range(start..start + 3, "   ");
        }
    }
    let mut prefix = PREFIX.to_string();
    for name in &hoist.functions {
        prefix.push_str(&format!("globalThis.{name} = {name};"));
    }
    let code = format!("{prefix}{body}\n}})");
    let mut globals = hoist.var_names.clone();
    globals.sort();
    globals.dedup();
    InlineScript { code, globals, first_line_shift: prefix.chars().count() as u32 }
}

/// Collects the top-level `var` declarations (in any block, not inside nested functions) and
/// the offsets of their `var` keywords.
#[derive(Default)]
struct Hoist {
    functions: Vec<String>,
    var_names: Vec<String>,
    var_keywords: Vec<u32>,
}

impl<'a> Visit<'a> for Hoist {
    fn visit_variable_declaration(&mut self, it: &VariableDeclaration<'a>) {
        if it.kind == VariableDeclarationKind::Var {
            let names: Option<Vec<String>> = it
                .declarations
                .iter()
                .map(|d| match &d.id {
                    BindingPattern::BindingIdentifier(id) => Some(id.name.to_string()),
                    _ => None,
                })
                .collect();
            // A destructuring `var` cannot lose its keyword (`{a} = o` is a block): it stays local.
            if let Some(names) = names {
                self.var_names.extend(names);
                self.var_keywords.push(it.span().start);
            }
        }
        oxc::ast_visit::walk::walk_variable_declaration(self, it);
    }

    // Declarations inside functions belong to them.
    fn visit_function(&mut self, _it: &Function<'a>, _flags: ScopeFlags) {}
    fn visit_arrow_function_expression(&mut self, _it: &oxc::ast::ast::ArrowFunctionExpression<'a>) {}
    fn visit_class(&mut self, _it: &oxc::ast::ast::Class<'a>) {}
}

/// Lines around `line` (1-based) of `source`: two before, the line marked with `>>> `, one
/// after, each numbered (`14: >>> await page.click('.foo')`).
pub fn snippet(source: &str, line: u32) -> Option<String> {
    let lines: Vec<&str> = source.lines().collect();
    let index = (line as usize).checked_sub(1)?;
    if index >= lines.len() {
        return None;
    }
    let from = index.saturating_sub(2);
    let to = (index + 1).min(lines.len() - 1);
    let out: Vec<String> = (from..=to)
        .map(|i| {
            let mark = if i == index { ">>> " } else { "" };
            format!("{}: {mark}{}", i + 1, lines[i])
        })
        .collect();
    Some(out.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inline(source: &str) -> InlineScript {
        match prepare(source) {
            ScriptKind::Inline(s) => s,
            ScriptKind::Module => panic!("not inline"),
        }
    }

    #[test]
    fn modules_are_told_apart() {
        assert_eq!(prepare("import x from './x.js';\nexport default x;"), ScriptKind::Module);
        assert!(matches!(prepare("return 1 + 1"), ScriptKind::Inline(_)));
        assert!(matches!(prepare("const m = await import('x'); return m"), ScriptKind::Inline(_)));
    }

    #[test]
    fn top_level_var_and_function_become_global() {
        let s = inline("var a = 1, b;\nfunction f() { var inner = 2; }\nif (true) { var c = 3; }\nreturn a;");
        assert_eq!(s.globals, vec!["a", "b", "c"]);
        assert!(s.code.contains("globalThis.f = f;"));
        assert!(s.code.contains("    a = 1, b;"), "{}", s.code);
        assert!(s.code.contains("var inner"), "nested var stays: {}", s.code);
        assert_eq!(s.code.lines().count(), 5);
    }

    #[test]
    fn destructuring_var_stays_local() {
        let s = inline("var { x } = { x: 1 };\nreturn x;");
        assert!(s.globals.is_empty());
        assert!(s.code.contains("var { x }"));
    }

    #[test]
    fn snippet_marks_the_line() {
        let text = "a\nb\nc\nd\ne";
        assert_eq!(snippet(text, 3).unwrap(), "1: a\n2: b\n3: >>> c\n4: d");
        assert_eq!(snippet(text, 1).unwrap(), "1: >>> a\n2: b");
        assert!(snippet(text, 9).is_none());
    }
}
