//! The line a definition was registered on. A definition's place comes from the stack of its
//! `Given(…)`/`Before(…)`/`defineTool(…)` call, and QuickJS reports a call at the last part of
//! its arguments it evaluated: in a bundle with lowered async functions (lower_async.rs) that is
//! the wrapper's closing `}()`, on the definition's last line. Snapping the mapped position to
//! the start of the innermost call around it gives the line a reader expects (cucumber-js
//! reports the line of the call), lowered or not.

use oxc::allocator::Allocator;
use oxc::ast::ast::CallExpression;
use oxc::ast_visit::{walk, Visit};
use oxc::parser::Parser;
use oxc::span::{SourceType, Span};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The call spans of the files asked about so far (a file is read and parsed once).
#[derive(Default)]
pub struct CallSites {
    root: PathBuf,
    files: HashMap<String, Option<Parsed>>,
}

struct Parsed {
    /// Byte offset where each line starts.
    line_starts: Vec<u32>,
    calls: Vec<Span>,
}

impl CallSites {
    /// Files are named relative to `root`.
    pub fn new(root: &Path) -> Self {
        CallSites { root: root.to_path_buf(), files: HashMap::new() }
    }

    /// The first line of the innermost call around `line:column` (1-based) of `file`; `line`
    /// itself when the file cannot be read or parsed, or no call is there.
    pub fn start_line(&mut self, file: &str, line: u32, column: u32) -> u32 {
        let root = self.root.clone();
        let parsed = self.files.entry(file.to_string()).or_insert_with(|| parse(&root.join(file)));
        let Some(parsed) = parsed else { return line };
        let Some(start) = parsed.line_starts.get(line.saturating_sub(1) as usize) else { return line };
        let offset = start + column.saturating_sub(1);
        let innermost =
            parsed.calls.iter().filter(|s| s.start <= offset && offset < s.end).min_by_key(|s| s.end - s.start);
        match innermost {
            Some(span) => parsed.line_starts.partition_point(|&l| l <= span.start) as u32,
            None => line,
        }
    }
}

fn parse(path: &Path) -> Option<Parsed> {
    let source = std::fs::read_to_string(path).ok()?;
    let allocator = Allocator::default();
    let source_type = SourceType::from_path(path).unwrap_or_else(|_| SourceType::ts());
    let parsed = Parser::new(&allocator, &source, source_type).parse();
    if parsed.panicked {
        return None;
    }
    let mut calls = Calls::default();
    calls.visit_program(&parsed.program);
    let line_starts = std::iter::once(0).chain(source.match_indices('\n').map(|(i, _)| i as u32 + 1)).collect();
    Some(Parsed { line_starts, calls: calls.0 })
}

#[derive(Default)]
struct Calls(Vec<Span>);

impl<'a> Visit<'a> for Calls {
    fn visit_call_expression(&mut self, call: &CallExpression<'a>) {
        self.0.push(call.span);
        walk::walk_call_expression(self, call);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_inside_a_call_snaps_to_its_first_line() {
        let dir = std::env::temp_dir().join(format!("ferridriver-call-sites-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("a.ts"),
            "import x from 'y';\n\nWhen('a {string}', async function (s: string) {\n  await x(s);\n});\nconst n = 1;\n",
        )
        .unwrap();
        let mut sites = CallSites::new(&dir);
        assert_eq!(sites.start_line("a.ts", 5, 2), 3, "the closing `)` of the When call");
        assert_eq!(sites.start_line("a.ts", 3, 1), 3);
        assert_eq!(sites.start_line("a.ts", 4, 9), 4, "the innermost call");
        assert_eq!(sites.start_line("a.ts", 6, 1), 6, "no call there");
        assert_eq!(sites.start_line("missing.ts", 9, 1), 9);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
