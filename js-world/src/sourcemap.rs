//! Mapping bundle positions (what QuickJS reports) back to the original `.ts`/`.js` files.

use crate::discover::slash_path;
use std::path::{Component, Path, PathBuf};

/// The module name the bundle is compiled under; stack frames mention it.
pub const BUNDLE_NAME: &str = "bundle.js";

/// A position in an original file: path relative to the project root, 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OriginalPosition {
    /// Relative to the project root, with `/`.
    pub file: String,
    /// 1-based.
    pub line: u32,
    /// 1-based.
    pub column: u32,
}

/// The bundle's source map, flattened into a sorted token list (owned, so it can be shared
/// between threads without the borrowing lookup table of `oxc_sourcemap`).
#[derive(Debug, Default)]
pub struct SourceMapper {
    /// `(bundle line, bundle column, source id, source line, source column)`, 0-based, sorted.
    tokens: Vec<(u32, u32, u32, u32, u32)>,
    /// Source paths relative to the project root (`None` for virtual modules).
    sources: Vec<Option<String>>,
    /// For each bundle line, which `//#region` of the bundle it is in (rolldown marks each
    /// module); empty when the bundle has no such marks.
    regions: Vec<u32>,
    /// The project root the source paths are relative to.
    root: PathBuf,
}

impl SourceMapper {
    /// Reads the map of bundle `code`, whose sources are relative to `<root>/dist`. A map that
    /// does not parse gives a mapper that maps nothing (positions are then reported in the
    /// bundle).
    pub fn new(code: &str, map_json: &str, root: &Path) -> Self {
        let Ok(map) = oxc_sourcemap::SourceMap::from_json_string(map_json) else { return Self::default() };
        let out_dir = root.join("dist");
        let sources = map
            .get_sources()
            .map(|s| {
                if s.starts_with('\0') || s.contains("\0ferridriver:") {
                    return None;
                }
                let absolute = normalise(&out_dir.join(s));
                Some(match absolute.strip_prefix(root) {
                    Ok(rel) => slash_path(rel),
                    Err(_) => slash_path(&absolute),
                })
            })
            .collect();
        let mut tokens: Vec<_> = map
            .get_tokens()
            .filter_map(|t| {
                Some((t.get_dst_line(), t.get_dst_col(), t.get_source_id()?, t.get_src_line(), t.get_src_col()))
            })
            .collect();
        tokens.sort_unstable();
        let mut region = 0;
        let regions = code
            .lines()
            .map(|line| {
                if line.starts_with("//#region") || line.starts_with("//#endregion") {
                    region += 1;
                }
                region
            })
            .collect::<Vec<u32>>();
        let regions = if region == 0 { Vec::new() } else { regions };
        SourceMapper { tokens, sources, regions, root: root.to_path_buf() }
    }

    /// The project root the mapped paths are relative to.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Whether bundle lines `earlier` and `line` (0-based) are of the same module: in the same
    /// region, or (without region marks) at most two lines apart.
    fn same_module(&self, earlier: u32, line: u32) -> bool {
        match (self.regions.get(earlier as usize), self.regions.get(line as usize)) {
            (Some(a), Some(b)) => a == b,
            _ => self.regions.is_empty() && line - earlier <= 2,
        }
    }

    /// The original position of bundle `line:column` (1-based), if the map knows it.
    pub fn original(&self, line: u32, column: u32) -> Option<OriginalPosition> {
        let (line, column) = (line.checked_sub(1)?, column.saturating_sub(1));
        let end = self.tokens.partition_point(|t| (t.0, t.1) <= (line, column));
        let on_line = |i: usize| self.tokens.get(i).filter(|t| t.0 == line);
        // The token at or before the column; a position before the line's first token uses it.
        // A line with no token at all (the closing `}()` of a lowered async function, where
        // QuickJS puts the enclosing call) takes the last token above it in the same module.
        let near = |i: usize| self.tokens.get(i).filter(|t| t.0 < line && self.same_module(t.0, line));
        let token = end
            .checked_sub(1)
            .and_then(on_line)
            .or_else(|| on_line(end))
            .or_else(|| end.checked_sub(1).and_then(near))?;
        let file = self.sources.get(token.2 as usize)?.clone()?;
        Some(OriginalPosition { file, line: token.3 + 1, column: token.4 + 1 })
    }

    /// Rewrites every `bundle.js:LINE:COL` in a stack trace to its original `file:line:col`.
    pub fn rewrite_stack(&self, stack: &str) -> String {
        self.rewrite_stack_of(stack, BUNDLE_NAME)
    }

    /// Rewrites every `<module>:LINE:COL` in a stack trace to its original `file:line:col`.
    pub fn rewrite_stack_of(&self, stack: &str, module: &str) -> String {
        let needle = format!("{module}:");
        let mut out = String::with_capacity(stack.len());
        let mut rest = stack;
        while let Some(at) = rest.find(&needle) {
            out.push_str(&rest[..at]);
            let after = &rest[at + needle.len()..];
            match parse_line_col(after) {
                Some((line, col, used)) => {
                    match self.original(line, col) {
                        Some(p) => out.push_str(&format!("{}:{}:{}", p.file, p.line, p.column)),
                        None => out.push_str(&rest[at..at + needle.len() + used]),
                    }
                    rest = &after[used..];
                }
                None => {
                    out.push_str(&needle);
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// `LINE:COL` at the start of `s`: the numbers and how many bytes they took.
pub fn parse_line_col(s: &str) -> Option<(u32, u32, usize)> {
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let n = digits(s);
    let line = s.get(..n)?.parse().ok()?;
    let rest = s.get(n..)?.strip_prefix(':')?;
    let m = digits(rest);
    let col = rest.get(..m)?.parse().ok()?;
    Some((line, col, n + 1 + m))
}

/// Removes `.` and `..` components without touching the file system.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other.as_os_str()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_without_tokens_takes_the_statement_just_above() {
        let map = r#"{"version":3,"file":"bundle.js","sources":["../steps/a.ts"],"names":[],"mappings":";AAAA"}"#;
        let mapper = SourceMapper::new("", map, Path::new("/p"));
        assert_eq!(mapper.original(2, 1).map(|p| (p.file, p.line)), Some(("steps/a.ts".to_string(), 1)));
        assert_eq!(mapper.original(4, 3).map(|p| p.line), Some(1), "two lines below");
        assert_eq!(mapper.original(5, 1), None, "too far without region marks: could be another module");
        assert_eq!(mapper.original(1, 1), None, "nothing above");
        let code = "//#region steps/a.ts\nf(1);\n\n\n\n}()\n//#endregion\n//#region helper\nhelper();\n";
        let mapper = SourceMapper::new(code, map, Path::new("/p"));
        assert_eq!(mapper.original(6, 1).map(|p| p.line), Some(1), "same region, far below");
        assert_eq!(mapper.original(9, 1), None, "another region");
    }

    #[test]
    fn parses_positions() {
        assert_eq!(parse_line_col("12:5)"), Some((12, 5, 4)));
        assert_eq!(parse_line_col("x"), None);
        assert_eq!(normalise(Path::new("/a/dist/../steps/./b.ts")), PathBuf::from("/a/steps/b.ts"));
    }
}
