//! `require.resolve('name')` in bundled code. Node answers the file a `require` would load;
//! packages use it to find a file to read (axe-playwright reads `axe-core/axe.min.js` that
//! way). The bundle has no `require` at run time, so each call with a literal name is replaced
//! while bundling by what the bundler's resolver answers for a `require` of that name from the
//! same file: an absolute path, the built-in's own name, or a call that throws Node's
//! `MODULE_NOT_FOUND` when it runs (where Node would throw). A computed name is left as it is.

use oxc::ast::ast::{Argument, CallExpression, Expression};
use oxc::ast_visit::{walk, Visit};
use oxc::semantic::{Scoping, SemanticBuilder};
use oxc::span::{GetSpan, SourceType};

/// One `require.resolve(<literal>)` call: where it is (byte offsets) and the name it asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ResolveCall {
    pub start: u32,
    pub end: u32,
    pub specifier: String,
}

/// The `require.resolve` calls in `code` (the module at `path`) whose one argument is a string
/// literal and whose `require` is the global one (not a binding of the file's own).
pub(crate) fn resolve_calls(code: &str, path: &str) -> Vec<ResolveCall> {
    if !code.contains("resolve") {
        return Vec::new();
    }
    let Ok(source_type) = SourceType::from_path(path) else { return Vec::new() };
    let allocator = oxc::allocator::Allocator::default();
    let parsed = oxc::parser::Parser::new(&allocator, code, source_type).parse();
    if parsed.panicked {
        return Vec::new();
    }
    let semantic = SemanticBuilder::new().build(&parsed.program).semantic;
    let mut finder = Finder { scoping: semantic.scoping(), calls: Vec::new() };
    finder.visit_program(&parsed.program);
    finder.calls
}

struct Finder<'s> {
    scoping: &'s Scoping,
    calls: Vec<ResolveCall>,
}

impl<'a> Visit<'a> for Finder<'_> {
    fn visit_call_expression(&mut self, call: &CallExpression<'a>) {
        if let Some(specifier) = self.literal_resolve(call) {
            let span = call.span();
            self.calls.push(ResolveCall { start: span.start, end: span.end, specifier });
        }
        walk::walk_call_expression(self, call);
    }
}

impl Finder<'_> {
    fn literal_resolve(&self, call: &CallExpression<'_>) -> Option<String> {
        let Expression::StaticMemberExpression(member) = call.callee.without_parentheses() else { return None };
        let Expression::Identifier(object) = member.object.without_parentheses() else { return None };
        if object.name != "require" || member.property.name != "resolve" || call.arguments.len() != 1 {
            return None;
        }
        let global = object.reference_id.get().is_none_or(|id| self.scoping.get_reference(id).symbol_id().is_none());
        if !global {
            return None;
        }
        match &call.arguments[0] {
            Argument::StringLiteral(s) => Some(s.value.to_string()),
            Argument::TemplateLiteral(t) if t.expressions.is_empty() && t.quasis.len() == 1 => {
                t.quasis[0].value.cooked.as_ref().map(ToString::to_string)
            }
            _ => None,
        }
    }
}

/// The code that replaces a call: the resolved path (or built-in name) as a string, or — when
/// nothing resolves — what throws Node's error when the call runs.
pub(crate) fn replacement(specifier: &str, resolved: Option<&str>, importer: &str) -> String {
    let quote = |s: &str| serde_json::Value::String(s.to_string()).to_string();
    match resolved {
        Some(path) => quote(path),
        None => format!(
            "(() => {{ const e = new Error({}); e.code = 'MODULE_NOT_FOUND'; throw e; }})()",
            quote(&format!("Cannot find module '{specifier}'\nRequire stack:\n- {importer}"))
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::resolve_calls;

    #[test]
    fn only_literal_calls_of_the_global_require_are_found() {
        let found = |code: &str| resolve_calls(code, "a.js").into_iter().map(|c| c.specifier).collect::<Vec<_>>();
        assert_eq!(found("const p = require.resolve('axe-core/axe.min.js')"), ["axe-core/axe.min.js"]);
        assert_eq!(found("f(require.resolve(`x/y.js`), (require).resolve(\"z\"))"), ["x/y.js", "z"]);
        assert!(found("const p = require.resolve(name)").is_empty(), "a computed name stays");
        assert!(found("require.resolve('a', { paths: ['.'] })").is_empty(), "paths are not taken");
        assert!(found("function f(require) { return require.resolve('a') }").is_empty(), "a binding of its own");
        assert!(found("other.resolve('a')").is_empty());
        let code = "x = require.resolve('m')";
        let call = &resolve_calls(code, "a.js")[0];
        assert_eq!(&code[call.start as usize..call.end as usize], "require.resolve('m')");
    }
}
