//! Finding feature files from the command-line paths (`dir`, `file.feature`, `file.feature:12:30`).

use std::path::{Path, PathBuf};

/// One feature file to load, with the lines a `PATH:LINE` argument selected (empty = all).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeatureTarget {
    pub path: PathBuf,
    pub lines: Vec<u32>,
}

/// Whether a file name is a Gherkin source.
pub fn is_feature_file(path: &Path) -> bool {
    let name = path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default();
    name.ends_with(".feature") || name.ends_with(".feature.md")
}

/// Splits `features/a.feature:3:10` into the path and its lines.
pub fn split_path_lines(arg: &str) -> (String, Vec<u32>) {
    let mut parts: Vec<&str> = arg.split(':').collect();
    let mut lines = Vec::new();
    while parts.len() > 1 {
        match parts.last().and_then(|p| p.parse::<u32>().ok()) {
            Some(n) => {
                lines.push(n);
                parts.pop();
            }
            None => break,
        }
    }
    lines.reverse();
    (parts.join(":"), lines)
}

/// Expands arguments into feature files, sorted by path within each directory argument.
/// `@rerun.txt` reads paths (one `path:line…` per line) from a file.
pub fn discover(args: &[String]) -> Result<Vec<FeatureTarget>, String> {
    let mut expanded: Vec<String> = Vec::new();
    for arg in args {
        if let Some(list) = arg.strip_prefix('@') {
            let text = std::fs::read_to_string(list)
                .map_err(|e| format!("cannot read {list}: {e}\n  hint: @FILE reads feature paths from a rerun file"))?;
            expanded.extend(text.split_whitespace().map(str::to_string));
        } else {
            expanded.push(arg.clone());
        }
    }
    let mut targets: Vec<FeatureTarget> = Vec::new();
    for arg in expanded {
        let (path, lines) = split_path_lines(&arg);
        let path = PathBuf::from(path);
        if path.is_dir() {
            let mut found = Vec::new();
            walk(&path, &mut found).map_err(|e| format!("cannot read directory {}: {e}", path.display()))?;
            found.sort();
            targets.extend(found.into_iter().map(|p| FeatureTarget { path: p, lines: Vec::new() }));
        } else if path.is_file() {
            match targets.iter_mut().find(|t| t.path == path) {
                Some(t) if !t.lines.is_empty() && !lines.is_empty() => t.lines.extend(lines),
                Some(t) => t.lines.clear(),
                None => targets.push(FeatureTarget { path, lines }),
            }
        } else {
            return Err(format!(
                "no such file or directory: {}\n  hint: pass feature files or directories (default: features/)",
                path.display()
            ));
        }
    }
    Ok(targets)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n == "node_modules" || n.to_string_lossy().starts_with('.')) {
                continue;
            }
            walk(&path, out)?;
        } else if is_feature_file(&path) {
            out.push(path);
        }
    }
    Ok(())
}

/// The URI a feature gets in messages: its path with `/` separators, without a leading `./`.
pub fn uri_of(path: &Path) -> String {
    let s = path.to_string_lossy().replace('\\', "/");
    s.strip_prefix("./").map(str::to_string).unwrap_or(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_lines_off_paths() {
        assert_eq!(split_path_lines("a/b.feature:3:10"), ("a/b.feature".into(), vec![3, 10]));
        assert_eq!(split_path_lines("a/b.feature"), ("a/b.feature".into(), vec![]));
        assert_eq!(split_path_lines("C:/x.feature:4"), ("C:/x.feature".into(), vec![4]));
    }
}
