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
        // `./features/a.feature` and `features/a.feature` are one file.
        let path = PathBuf::from(uri_of(Path::new(&path)));
        if !path.exists() && is_glob(&path.to_string_lossy()) {
            // cucumber-js's `paths` take globs (`features/**/*.feature`).
            let found = expand_glob(&path.to_string_lossy())?;
            if found.is_empty() {
                return Err(format!(
                    "no feature file matches {}\n  hint: the glob is matched from the working directory",
                    path.display()
                ));
            }
            add_whole(&mut targets, found);
        } else if path.is_dir() {
            let mut found = Vec::new();
            walk(&path, &mut found).map_err(|e| format!("cannot read directory {}: {e}", path.display()))?;
            found.sort();
            add_whole(&mut targets, found.iter().map(|p| PathBuf::from(uri_of(p))).collect());
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

/// Adds whole files (all their scenarios), each once: a file already listed for some lines
/// becomes whole.
fn add_whole(targets: &mut Vec<FeatureTarget>, files: Vec<PathBuf>) {
    for path in files {
        match targets.iter_mut().find(|t| t.path == path) {
            Some(t) => t.lines.clear(),
            None => targets.push(FeatureTarget { path, lines: Vec::new() }),
        }
    }
}

/// The step globs for a run that names none: ferridriver's defaults, plus, as cucumber-js
/// derives them, the folder of each feature file (or its nearest ancestor named `features`)
/// when the defaults do not cover it. Empty when they cover every feature (the defaults
/// apply). The project root itself is never walked for step files.
pub fn support_globs_beside(targets: &[FeatureTarget]) -> Vec<String> {
    let mut folders: Vec<String> = Vec::new();
    for target in targets {
        let file = PathBuf::from(uri_of(&target.path));
        let mut folder = file.parent().map(Path::to_path_buf).unwrap_or_default();
        if let Some(features) = folder.ancestors().find(|a| a.file_name().is_some_and(|n| n == "features")) {
            folder = features.to_path_buf();
        }
        let folder = uri_of(&folder);
        let covered = folder.is_empty() || folder == "." || folder == "features" || folder.starts_with("features/");
        if !covered && !folders.contains(&folder) {
            folders.push(folder);
        }
    }
    if folders.is_empty() {
        return Vec::new();
    }
    let defaults = ferridriver_js_world::DEFAULT_STEP_GLOBS.iter().map(|g| g.to_string());
    defaults.chain(folders.into_iter().map(|f| format!("{f}/**/*.{{js,mjs,cjs,ts,mts,cts}}"))).collect()
}

/// Whether a path argument is a glob pattern.
fn is_glob(path: &str) -> bool {
    path.contains(['*', '?', '[', '{'])
}

/// The feature files a glob matches, sorted: files it names, and those below folders it names
/// (cucumber-js's `features/*`); only its literal leading folders are walked.
fn expand_glob(glob: &str) -> Result<Vec<PathBuf>, String> {
    let glob = glob.replace('\\', "/");
    let glob = glob.strip_prefix("./").unwrap_or(&glob).to_string();
    fast_glob::validate(&glob).map_err(|e| format!("the path {glob} is not a valid glob: {e:?}"))?;
    let parts: Vec<&str> = glob.split('/').collect();
    let literal: Vec<&str> =
        parts.iter().take(parts.len().saturating_sub(1)).take_while(|p| !is_glob(p)).copied().collect();
    let base = if literal.is_empty() { PathBuf::from(".") } else { PathBuf::from(literal.join("/")) };
    let mut found = Vec::new();
    if base.is_dir() {
        walk(&base, &mut found).map_err(|e| format!("cannot read directory {}: {e}", base.display()))?;
    }
    let matches = |file: &Path| {
        file.ancestors()
            .take_while(|a| !a.as_os_str().is_empty() && *a != Path::new("."))
            .any(|a| fast_glob::glob_match(glob.as_str(), uri_of(a).as_str()))
    };
    let mut matched: Vec<PathBuf> =
        found.into_iter().map(|p| PathBuf::from(uri_of(&p))).filter(|p| matches(p)).collect();
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
        let folders = discover(&[format!("{}/spec*/*", dir.display()), format!("{}/specs/a.feature", dir.display())]);
        let names: Vec<String> =
            folders.unwrap().iter().map(|t| t.path.strip_prefix(&dir).unwrap().display().to_string()).collect();
        assert_eq!(
            names,
            ["specs/a.feature", "specs/deep/b.feature"],
            "a matched folder stands for its features, once each"
        );
        let none = discover(&[format!("{}/specs/**/*.feeture", dir.display())]).unwrap_err();
        assert!(none.contains("no feature file matches"), "{none}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn step_files_beside_features_outside_the_default_folders() {
        let target = |p: &str| FeatureTarget { path: PathBuf::from(p), lines: Vec::new() };
        assert!(support_globs_beside(&[target("features/a.feature"), target("features/x/b.feature")]).is_empty());
        let globs = support_globs_beside(&[target("test/e2e/features/login/a.feature"), target("./specs/b.feature")]);
        assert_eq!(
            &globs[globs.len() - 2..],
            ["test/e2e/features/**/*.{js,mjs,cjs,ts,mts,cts}", "specs/**/*.{js,mjs,cjs,ts,mts,cts}"]
        );
        assert!(globs.contains(&"steps/**/*.{js,ts}".to_string()), "the defaults stay: {globs:?}");
        assert!(support_globs_beside(&[target("root.feature")]).is_empty(), "the project root is not walked");
    }

    #[test]
    fn splits_lines_off_paths() {
        assert_eq!(split_path_lines("a/b.feature:3:10"), ("a/b.feature".into(), vec![3, 10]));
        assert_eq!(split_path_lines("a/b.feature"), ("a/b.feature".into(), vec![]));
        assert_eq!(split_path_lines("C:/x.feature:4"), ("C:/x.feature".into(), vec![4]));
    }
}
