//! Bundling the step files in-process with rolldown into one ESM chunk and its source map.
//!
//! One broken file must not hide the others: when the bundle of every file fails, each file is
//! bundled alone to find the broken ones, which are reported (`file:line:col`, rolldown's
//! diagnostic) and left out of a second bundle of the rest. An import that does not resolve
//! counts as broken too, since QuickJS has no loader to find it at run time. The files are
//! bundled alone concurrently (tokio tasks), and reported in file order.

use crate::plugin::{entry_code, WorldPlugin, ENTRY};
use crate::rolldown_run::run_rolldown;
pub use crate::rolldown_run::Bundle;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

/// A file that could not be bundled, with rolldown's report.
#[derive(Debug, Clone, PartialEq)]
pub struct BundleError {
    /// The broken file (`None` when the files only fail together).
    pub file: Option<PathBuf>,
    /// rolldown's diagnostic, with `file:line:col` and a code frame.
    pub message: String,
}

/// Bundles `files` (absolute, sorted). Returns the bundle of the files that worked (none when
/// no file did) and one error per broken file.
pub async fn bundle(root: &Path, files: &[PathBuf], keep_bundler: bool) -> (Option<Bundle>, Vec<BundleError>) {
    if files.is_empty() {
        return (None, Vec::new());
    }
    match bundle_once(root, files, keep_bundler).await {
        Ok(b) => return (Some(b), Vec::new()),
        Err(_) if files.len() > 1 => {}
        Err(message) => return (None, vec![BundleError { file: files.first().cloned(), message }]),
    }
    let mut good = Vec::new();
    let mut errors = Vec::new();
    for (file, result) in files.iter().zip(bundle_each(root, files).await) {
        match result {
            Ok(()) => good.push(file.clone()),
            Err(message) => errors.push(BundleError { file: Some(file.clone()), message }),
        }
    }
    if good.is_empty() {
        return (None, errors);
    }
    match bundle_once(root, &good, keep_bundler).await {
        Ok(b) => (Some(b), errors),
        // Each file bundles alone but not together (e.g. conflicting top-level code): report it.
        Err(message) => {
            errors.push(BundleError { file: None, message });
            (None, errors)
        }
    }
}

/// Bundles every file alone, several at a time; the results are in `files`' order.
async fn bundle_each(root: &Path, files: &[PathBuf]) -> Vec<Result<(), String>> {
    // rolldown parallelises inside one bundle too; a few bundles at once keep the cores busy
    // without a burst of one bundler per file.
    let permits = Arc::new(Semaphore::new(std::thread::available_parallelism().map_or(4, |n| n.get()).min(8)));
    let mut tasks = JoinSet::new();
    for (i, file) in files.iter().enumerate() {
        let (root, file, permits) = (root.to_path_buf(), file.clone(), Arc::clone(&permits));
        tasks.spawn(async move {
            let _permit = permits.acquire_owned().await;
            (i, bundle_once(&root, std::slice::from_ref(&file), false).await.map(|_| ()))
        });
    }
    let mut results: Vec<Result<(), String>> = vec![Err("the bundler stopped unexpectedly".into()); files.len()];
    while let Some(joined) = tasks.join_next().await {
        if let Ok((i, result)) = joined {
            if let Some(slot) = results.get_mut(i) {
                *slot = result;
            }
        }
    }
    results
}

async fn bundle_once(root: &Path, files: &[PathBuf], keep_bundler: bool) -> Result<Bundle, String> {
    // Handlers' continuations must be attributable (allow.net, commands, process.env), which
    // needs lowered `await`s; suites without tools or plugins keep native async functions. The
    // step and extension files tell most of the time; when a module they import is the one
    // that defines tools or plugins (a plugin package's own modules, a helper file), the
    // bundle is made again, lowered.
    let lower_async = defines_extensions(files);
    let bundle = generate(root, files, keep_bundler, lower_async).await?;
    if !lower_async && defines_extensions(&bundle.modules) {
        return generate(root, files, keep_bundler, true).await;
    }
    Ok(bundle)
}

/// Whether one of `files` registers tools or plugins (by its text: a mention is enough).
fn defines_extensions(files: &[PathBuf]) -> bool {
    files.iter().any(|f| {
        std::fs::read_to_string(f).is_ok_and(|code| code.contains("defineTool") || code.contains("definePlugin"))
    })
}

async fn generate(root: &Path, files: &[PathBuf], keep_bundler: bool, lower_async: bool) -> Result<Bundle, String> {
    let paths: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let parsed = Arc::new(AtomicUsize::new(0));
    let plugin = WorldPlugin { entry_code: entry_code(&paths), lower_async, parsed: Arc::clone(&parsed) };
    let mut bundle = if keep_bundler {
        crate::kept_bundlers::generate(root, files, plugin).await?
    } else {
        let mut bundle = run_rolldown(root, ENTRY, Arc::new(plugin)).await?;
        bundle.rebuilt = parsed.load(Ordering::Relaxed);
        bundle
    };
    bundle.files = files.to_vec();
    Ok(bundle)
}
