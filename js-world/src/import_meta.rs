//! Each file's own `import.meta.url`, `.dirname` and `.filename`, written into its code while
//! bundling: QuickJS runs one module for the whole bundle, so what `import.meta` says must be
//! fixed while it is still known which file the code came from. Found by the parser, so the
//! same words in a string or a comment stay as they are.

use oxc::allocator::Allocator;
use oxc::ast::ast::{Expression, StaticMemberExpression};
use oxc::ast_visit::{walk, Visit};
use oxc::parser::Parser;
use oxc::span::{SourceType, Span};
use std::path::Path;

/// Where `code` (the file at `id`, absolute) reads `import.meta.url`, `.dirname` or
/// `.filename`: the byte range of each read and the JS literal it becomes. None for code that
/// is not JavaScript or TypeScript, or does not parse (the bundler reports that).
pub(crate) fn edits(code: &str, id: &str) -> Vec<(u32, u32, String)> {
    if !code.contains("import.meta") {
        return Vec::new();
    }
    let Ok(source_type) = SourceType::from_path(id) else { return Vec::new() };
    let allocator = Allocator::default();
    let parsed = Parser::new(&allocator, code, source_type).parse();
    if parsed.panicked {
        return Vec::new();
    }
    let mut reads = Reads::default();
    reads.visit_program(&parsed.program);
    let path = Path::new(id);
    let quote = |s: &str| serde_json::Value::String(s.to_string()).to_string();
    // As Node's `pathToFileURL`: `#`, `%` and the like escaped, so `new URL(import.meta.url)`
    // and `fileURLToPath` give the path back.
    let url = url::Url::from_file_path(path).map(String::from).unwrap_or_else(|()| format!("file://{id}"));
    let dir = path.parent().map(|d| d.to_string_lossy().into_owned()).unwrap_or_default();
    reads
        .0
        .into_iter()
        .map(|(span, name)| {
            let value = match name {
                "url" => quote(&url),
                "dirname" => quote(&dir),
                _ => quote(id),
            };
            (span.start, span.end, value)
        })
        .collect()
}

#[derive(Default)]
struct Reads(Vec<(Span, &'static str)>);

impl<'a> Visit<'a> for Reads {
    fn visit_static_member_expression(&mut self, read: &StaticMemberExpression<'a>) {
        if matches!(read.object, Expression::ImportMeta(_)) {
            if let Some(name) = ["url", "dirname", "filename"].into_iter().find(|n| *n == read.property.name.as_str()) {
                self.0.push((read.span, name));
                return;
            }
        }
        walk::walk_static_member_expression(self, read);
    }
}

#[cfg(test)]
mod tests {
    use super::edits;

    fn applied(code: &str, id: &str) -> String {
        let mut out = code.to_string();
        for (start, end, text) in edits(code, id).into_iter().rev() {
            out.replace_range(start as usize..end as usize, &text);
        }
        out
    }

    #[test]
    fn only_the_reads_are_written_and_the_url_is_escaped() {
        let code = "const u = import.meta.url, d = import.meta?.dirname;\n\
                    const s = \"import.meta.url is unset\"; // import.meta.filename\n\
                    const f = import.meta.filename, x = import.meta.urlFoo, m = import.meta;\n";
        assert_eq!(
            applied(code, "/p/a #1/x.ts"),
            "const u = \"file:///p/a%20%231/x.ts\", d = \"/p/a #1\";\n\
             const s = \"import.meta.url is unset\"; // import.meta.filename\n\
             const f = \"/p/a #1/x.ts\", x = import.meta.urlFoo, m = import.meta;\n"
        );
        assert!(edits("{\"a\": \"import.meta.url\"}", "/p/data.json").is_empty());
        assert!(edits("const = import.meta.url", "/p/bad.js").is_empty(), "a syntax error is the bundler's to report");
    }
}
