//! `require.resolve('name')` and `require(<computed name>)` in bundled code, which has no
//! `require` at run time. Node's `require.resolve` answers the file a `require` would load;
//! packages use it to find a file to read (axe-playwright reads `axe-core/axe.min.js` that
//! way): each call with a literal name is replaced while bundling by what the bundler's
//! resolver answers for a `require` of that name from the same file — an absolute path, the
//! built-in's own name, or a call that throws Node's `MODULE_NOT_FOUND` when it runs (where
//! Node would throw). A `require` or `require.resolve` whose name is computed gets the file's
//! own folder instead (`__ferridriver_modules.requireFrom(dir)`, js/node_require.js), which loads
//! built-ins and JSON files at run time.

use oxc::ast::ast::{Argument, CallExpression, Expression};
use oxc::ast_visit::{walk, Visit};
use oxc::semantic::{Scoping, SemanticBuilder};
use oxc::span::{GetSpan, SourceType};

/// One `require.resolve(<literal>)` call: where it is (byte offsets) and the name it asks for;
/// or (`specifier` None) the `require` of a call whose name is computed, with the folder its
/// name starts with when the code says (`context`, see [`context_of`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ResolveCall {
    pub start: u32,
    pub end: u32,
    pub specifier: Option<String>,
    pub context: Option<String>,
    /// A `require.resolve` (which needs the files' paths, not the files bundled).
    pub resolve_only: bool,
}

/// Whether `code` may hold a call this module rewrites: `require.resolve`, or `require(` whose
/// argument does not start with a quote. A cheap look before parsing (most files that mention
/// `require` only name literals, which the bundler handles).
pub(crate) fn worth_parsing(code: &str) -> bool {
    if code.contains("require.resolve") || code.contains("require).resolve") {
        return true;
    }
    code.match_indices("require").any(|(at, found)| {
        let Some(rest) = code[at + found.len()..].trim_start().strip_prefix('(') else { return false };
        !literal_alone(rest.trim_start())
    })
}

/// Whether `rest` starts with a quoted string that is the whole argument (`'a')`, `"a",`).
fn literal_alone(rest: &str) -> bool {
    let mut chars = rest.char_indices();
    let Some((_, quote)) = chars.next().filter(|(_, c)| *c == '\'' || *c == '"') else { return false };
    let mut escaped = false;
    for (at, c) in chars {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '\n' => return false,
            _ if c == quote => {
                let after = rest[at + c.len_utf8()..].trim_start();
                return after.starts_with(')') || after.starts_with(',');
            }
            _ => {}
        }
    }
    false
}

/// The `require.resolve` calls in `code` (the module at `path`) whose one argument is a string
/// literal and whose `require` is the global one (not a binding of the file's own).
pub(crate) fn resolve_calls(code: &str, path: &str) -> Vec<ResolveCall> {
    if !code.contains("require") {
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
        if let Some(found) = self.found(call) {
            self.calls.push(found);
        }
        walk::walk_call_expression(self, call);
    }
}

impl Finder<'_> {
    fn found(&self, call: &CallExpression<'_>) -> Option<ResolveCall> {
        if call.arguments.len() != 1 {
            return None;
        }
        let literal = literal(&call.arguments[0]);
        match call.callee.without_parentheses() {
            // `require(<computed>)`: its `require` is replaced.
            Expression::Identifier(callee) if self.global_require(callee) && literal.is_none() => {
                let span = callee.span();
                let context = call.arguments[0].as_expression().and_then(context_of);
                Some(ResolveCall { start: span.start, end: span.end, specifier: None, context, resolve_only: false })
            }
            Expression::StaticMemberExpression(member) if member.property.name == "resolve" => {
                let Expression::Identifier(object) = member.object.without_parentheses() else { return None };
                if !self.global_require(object) {
                    return None;
                }
                // A literal name: the whole call; a computed one: its `require`.
                let span = if literal.is_some() { call.span() } else { object.span() };
                let context =
                    if literal.is_none() { call.arguments[0].as_expression().and_then(context_of) } else { None };
                Some(ResolveCall { start: span.start, end: span.end, specifier: literal, context, resolve_only: true })
            }
            _ => None,
        }
    }

    /// `require` that is not a binding of the file's own.
    fn global_require(&self, identifier: &oxc::ast::ast::IdentifierReference<'_>) -> bool {
        // A TypeScript `declare const require` names the runtime's, which the bundle lacks.
        identifier.name == "require"
            && identifier.reference_id.get().is_none_or(|id| {
                self.scoping
                    .get_reference(id)
                    .symbol_id()
                    .is_none_or(|symbol| self.scoping.symbol_flags(symbol).is_ambient())
            })
    }
}

/// The folder, relative to the requiring file's own, that a computed name starts in, when the
/// code spells it out: `path.join(__dirname, 'lib', name)` (or `resolve`) gives `lib`,
/// `` `./locale/${name}` `` and `'./locale/' + name` give `./locale`, `__dirname + '/x/' + n`
/// gives `x`. Plugin loaders and locale tables are written this way; the files of that folder
/// are what such a `require` can load (require_context.rs).
fn context_of(argument: &Expression<'_>) -> Option<String> {
    let prefix = match argument.without_parentheses() {
        Expression::CallExpression(call) => {
            let Expression::StaticMemberExpression(member) = call.callee.without_parentheses() else { return None };
            if !matches!(member.property.name.as_str(), "join" | "resolve") {
                return None;
            }
            let mut args = call.arguments.iter().map(|a| a.as_expression());
            if !args.next().flatten().is_some_and(is_dirname) {
                return None;
            }
            let literals: Vec<String> = args
                .map_while(|a| match a?.without_parentheses() {
                    Expression::StringLiteral(s) => Some(s.value.to_string()),
                    _ => None,
                })
                .collect();
            // The last literal may itself be part of the name (`join(__dirname, 'lib', n + '.js')`
            // never is: that argument is not a literal), so every literal is a folder.
            return Some(if literals.is_empty() { ".".into() } else { literals.join("/") });
        }
        Expression::TemplateLiteral(t) if !t.expressions.is_empty() => {
            let first = t.quasis[0].value.cooked.as_ref()?.to_string();
            if first.is_empty() && is_dirname(&t.expressions[0]) {
                format!(".{}", t.quasis.get(1)?.value.cooked.as_ref()?)
            } else {
                first
            }
        }
        Expression::BinaryExpression(_) => {
            let mut operands = Vec::new();
            flatten_sum(argument.without_parentheses(), &mut operands);
            match operands.as_slice() {
                [Expression::StringLiteral(s), ..] => s.value.to_string(),
                [first, Expression::StringLiteral(s), ..] if is_dirname(first) => format!(".{}", s.value),
                _ => return None,
            }
        }
        _ => return None,
    };
    // Only a relative start names a folder; the name's own part begins after the last `/`.
    if !(prefix.starts_with("./") || prefix.starts_with("../")) {
        return None;
    }
    prefix.rfind('/').map(|at| prefix[..at].to_string())
}

fn is_dirname(expression: &Expression<'_>) -> bool {
    matches!(expression.without_parentheses(), Expression::Identifier(id) if id.name == "__dirname")
}

/// The operands of `a + b + c`, left to right.
fn flatten_sum<'e, 'a>(expression: &'e Expression<'a>, out: &mut Vec<&'e Expression<'a>>) {
    match expression {
        Expression::BinaryExpression(sum) if sum.operator == oxc::ast::ast::BinaryOperator::Addition => {
            flatten_sum(sum.left.without_parentheses(), out);
            flatten_sum(sum.right.without_parentheses(), out);
        }
        other => out.push(other),
    }
}

/// The name a literal argument gives (a string or a template without substitutions).
fn literal(argument: &Argument<'_>) -> Option<String> {
    match argument {
        Argument::StringLiteral(s) => Some(s.value.to_string()),
        Argument::TemplateLiteral(t) if t.expressions.is_empty() && t.quasis.len() == 1 => {
            t.quasis[0].value.cooked.as_ref().map(ToString::to_string)
        }
        _ => None,
    }
}

/// What replaces the `require` of a call whose name is computed: the run-time loader for the
/// file at `importer` (its folder is where relative names start), with the table of the files
/// the name's folder holds when the code names one (require_context.rs).
pub(crate) fn computed_require(importer: &str, context: Option<&str>, loaders: bool) -> String {
    let dir = std::path::Path::new(importer).parent().map(|d| d.to_string_lossy().into_owned()).unwrap_or_default();
    let table = context.and_then(|relative| crate::require_context::context_table(importer, relative, loaders));
    let dir = serde_json::Value::String(dir);
    match table {
        Some(table) => format!("globalThis.__ferridriver_modules.requireFrom({dir}, {table})"),
        None => format!("globalThis.__ferridriver_modules.requireFrom({dir})"),
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
        let found = |code: &str| {
            resolve_calls(code, "a.js")
                .into_iter()
                .map(|c| c.specifier.unwrap_or_else(|| format!("computed:{}", &code[c.start as usize..c.end as usize])))
                .collect::<Vec<_>>()
        };
        assert_eq!(found("const p = require.resolve('axe-core/axe.min.js')"), ["axe-core/axe.min.js"]);
        assert_eq!(found("f(require.resolve(`x/y.js`), (require).resolve(\"z\"))"), ["x/y.js", "z"]);
        assert_eq!(found("const p = require.resolve(name)"), ["computed:require"], "the loader resolves it");
        assert_eq!(found("const data = require(`./data/${env}.json`)"), ["computed:require"]);
        assert!(found("const fs = require('fs')").is_empty(), "a literal require is the bundler's");
        assert!(found("require.resolve('a', { paths: ['.'] })").is_empty(), "paths are not taken");
        assert!(
            found("function f(require) { return require.resolve(a) + require(b) }").is_empty(),
            "a binding of its own"
        );
        assert!(found("other.resolve('a')").is_empty());
        assert!(!super::worth_parsing("const a = require('a'), b = require( \"b\")"));
        assert!(super::worth_parsing("require('./data/' + env + '.json')"), "a literal that is not the whole name");
        assert!(super::worth_parsing("require (x)") && super::worth_parsing("require\n(x)"));
        let ts = |code: &str| resolve_calls(code, "a.ts").len();
        assert_eq!(ts("declare const require: any\nconst d = require(name)"), 1, "a declared require is the runtime's");
        assert!(super::worth_parsing("require(`./${x}`)") && super::worth_parsing("require.resolve('a')"));
        let context = |code: &str| resolve_calls(code, "a.js").pop().and_then(|c| c.context);
        assert_eq!(context("require(path.join(__dirname, 'lib', name))").as_deref(), Some("lib"));
        assert_eq!(context("require(p.resolve(__dirname, name))").as_deref(), Some("."));
        assert_eq!(context("require(`./locale/${name}`)").as_deref(), Some("./locale"));
        assert_eq!(context("require(`${__dirname}/lib/${name}`)").as_deref(), Some("./lib"));
        assert_eq!(context("require('./locale/' + name + '.js')").as_deref(), Some("./locale"));
        assert_eq!(context("require(__dirname + '/x/' + name)").as_deref(), Some("./x"));
        assert_eq!(context("require(name)"), None, "a bare or unknown name has no folder");
        assert_eq!(context("require('pkg-' + name)"), None);
        assert_eq!(context("require(path.join(root, name))"), None, "a folder not the file's own");
        let code = "x = require.resolve('m')";
        let call = &resolve_calls(code, "a.js")[0];
        assert_eq!(&code[call.start as usize..call.end as usize], "require.resolve('m')");
    }
}
