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
        if !path.exists() && is_glob(&path.to_string_lossy()) {
            // cucumber-js's `paths` take globs (`features/**/*.feature`).
            let found = expand_glob(&path.to_string_lossy())?;
            if found.is_empty() {
                return Err(format!(
                    "no feature file matches {}\n  hint: the glob is matched from the working directory",
                    path.display()
                ));
            }
            for p in found {
                if !targets.iter().any(|t| t.path == p) {
                    targets.push(FeatureTarget { path: p, lines: Vec::new() });
                }
            }
        } else if path.is_dir() {
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

/// Whether a path argument is a glob pattern.
fn is_glob(path: &str) -> bool {
    path.contains(['*', '?', '[', '{'])
}

/// The feature files a glob matches, sorted; only its literal leading folders are walked.
fn expand_glob(glob: &str) -> Result<Vec<PathBuf>, String> {
    let glob = glob.strip_prefix("./").unwrap_or(glob).replace('\\', "/");
    fast_glob::validate(&glob).map_err(|e| format!("the path {glob} is not a valid glob: {e:?}"))?;
    let parts: Vec<&str> = glob.split('/').collect();
    let literal: Vec<&str> =
        parts.iter().take(parts.len().saturating_sub(1)).take_while(|p| !is_glob(p)).copied().collect();
    let base = if literal.is_empty() { PathBuf::from(".") } else { PathBuf::from(literal.join("/")) };
    let mut found = Vec::new();
    if base.is_dir() {
        walk(&base, &mut found).map_err(|e| format!("cannot read directory {}: {e}", base.display()))?;
    }
    let mut matched: Vec<PathBuf> = found
        .into_iter()
        .map(|p| PathBuf::from(uri_of(&p)))
        .filter(|p| fast_glob::glob_match(glob.as_str(), uri_of(p).as_str()))
        .collect();
    matched.sort();
    Ok(matched)
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
    fn globs_expand_to_the_feature_files_they_match() {
        let dir = std::env::temp_dir().join(format!("ferridriver-discovery-{}", std::process::id()));
        for f in ["specs/a.feature", "specs/deep/b.feature", "specs/deep/c.txt", "other/d.feature"] {
            std::fs::create_dir_all(dir.join(f).parent().unwrap()).unwrap();
            std::fs::write(dir.join(f), "Feature: x\n").unwrap();
        }
        let glob = format!("{}/specs/**/*.feature", dir.display());
        let found = discover(&[glob]).unwrap();
        let names: Vec<String> =
            found.iter().map(|t| t.path.strip_prefix(&dir).unwrap().display().to_string()).collect();
        assert_eq!(names, ["specs/a.feature", "specs/deep/b.feature"]);
        let none = discover(&[format!("{}/specs/**/*.feeture", dir.display())]).unwrap_err();
        assert!(none.contains("no feature file matches"), "{none}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn splits_lines_off_paths() {
        assert_eq!(split_path_lines("a/b.feature:3:10"), ("a/b.feature".into(), vec![3, 10]));
        assert_eq!(split_path_lines("a/b.feature"), ("a/b.feature".into(), vec![]));
        assert_eq!(split_path_lines("C:/x.feature:4"), ("C:/x.feature".into(), vec![4]));
    }
}
