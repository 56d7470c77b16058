//! Which project files the JS world may write for the user (download.saveAs, screenshots with
//! `path`) or read for it (a `storageState` file): only inside the project, the root `node:fs`
//! reads from.

use super::request::Failure;
use std::path::{Path, PathBuf};

/// Where `what` (`download.saveAs`, `page.screenshot`…) may write `path`: relative to the
/// project root (the working directory), or absolute inside it, and staying inside it with
/// symlinks followed; its directories are made.
pub(super) fn project_target(what: &str, path: &str) -> Result<PathBuf, Failure> {
    let outside = || {
        Failure::from(format!(
            "{what}: '{path}' is outside the project\n  hint: give a path inside the project directory, e.g. 'downloads/report.csv'"
        ))
    };
    let (root, relative) = within_root(what, path)?.ok_or_else(outside)?;
    let name = relative.file_name().ok_or_else(outside)?.to_owned();
    let target = root.join(&relative);
    let parent = target.parent().ok_or_else(outside)?;
    if !made_inside(&root, parent) {
        return Err(outside());
    }
    std::fs::create_dir_all(parent).map_err(|e| format!("{what}: {}: {e}", parent.display()))?;
    // A symlinked directory or file could lead out of the project: judge where it really is.
    let real_parent = parent.canonicalize().map_err(|e| format!("{what}: {}: {e}", parent.display()))?;
    let real_target = real_parent.join(name);
    let is_link = std::fs::symlink_metadata(&real_target).map(|m| m.file_type().is_symlink()).unwrap_or(false);
    if !real_parent.starts_with(&root) || is_link {
        return Err(outside());
    }
    Ok(real_target)
}

/// Where `what` (`browser.newContext: recordVideo.dir`) may write files: the directory `path`,
/// relative to the project root or absolute inside it, made if missing and staying inside the
/// project with symlinks followed.
pub(super) fn project_directory(what: &str, path: &str) -> Result<PathBuf, Failure> {
    let outside = || {
        Failure::from(format!(
            "{what}: '{path}' is outside the project\n  hint: give a directory inside the project, e.g. 'test-results/videos'"
        ))
    };
    let (root, relative) = within_root(what, path)?.ok_or_else(outside)?;
    let target = root.join(relative);
    if !made_inside(&root, &target) {
        return Err(outside());
    }
    std::fs::create_dir_all(&target).map_err(|e| format!("{what}: {}: {e}", target.display()))?;
    let real = target.canonicalize().map_err(|e| format!("{what}: {}: {e}", target.display()))?;
    if !real.starts_with(&root) {
        return Err(outside());
    }
    Ok(real)
}

/// Whether making `dir` (and its missing parents) stays inside `root`: nothing is made through
/// a symlink that leads out, so the deepest existing directory is judged where it really is
/// before anything is made below it.
fn made_inside(root: &Path, dir: &Path) -> bool {
    let existing = dir.ancestors().find(|a| a.exists()).unwrap_or(root);
    existing.canonicalize().is_ok_and(|real| real.starts_with(root))
}

/// The project root (the working directory) and `path` relative to it, when `path` is relative
/// or absolute inside the root and names nothing above it (`..`); `None` when it escapes.
fn within_root(what: &str, path: &str) -> Result<Option<(PathBuf, PathBuf)>, Failure> {
    use std::path::Component;
    let root = std::env::current_dir()
        .and_then(|d| d.canonicalize())
        .map_err(|e| format!("{what}: no working directory: {e}"))?;
    let given = Path::new(path);
    let relative = given.strip_prefix(&root).unwrap_or(given).to_path_buf();
    let escapes = relative.components().any(|c| !matches!(c, Component::Normal(_) | Component::CurDir));
    Ok((!escapes).then_some((root, relative)))
}

/// Checks that `what` (`browser.newContext: storageState`…) may read `path`: a file inside the
/// project root (the working directory), symlinks followed; the message says why not.
pub(super) fn project_source(what: &str, path: &str) -> Result<PathBuf, String> {
    let root = std::env::current_dir()
        .and_then(|d| d.canonicalize())
        .map_err(|e| format!("{what}: no working directory: {e}"))?;
    let real = root
        .join(path)
        .canonicalize()
        .map_err(|e| format!("{what}: cannot read '{path}': {e}\n  hint: give a file inside the project"))?;
    if !real.starts_with(&root) {
        return Err(format!(
            "{what}: '{path}' is outside the project\n  hint: give a file inside the project directory"
        ));
    }
    Ok(real)
}
