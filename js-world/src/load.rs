//! Loading the JS world once per process: discover the step files, bundle them, compile the
//! bundle to bytecode, evaluate it in a manifest VM and read back what it registered.
//!
//! A file that fails to bundle is reported and skipped (bundle.rs). A file that throws while
//! its top level runs is found through the source-mapped stack, reported, and the bundle is
//! rebuilt without it, so the other files still load.

use crate::bundle::bundle;
use crate::cache::{self, Cache};
use crate::compile::Compiled;
use crate::discover::{discover, slash_path, JsConfig};
use crate::manifest::Manifest;
use crate::sourcemap::SourceMapper;
use crate::vm::{Vm, VmLimits};
use ferridriver_steps::registry::Registry;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// The JS world of a run, built once and shared by every worker.
#[derive(Debug)]
pub struct JsProgram {
    /// The bundle and its bytecode.
    pub compiled: Compiled,
    /// Bundle positions back to the original files.
    pub mapper: SourceMapper,
    /// What the bundle registered.
    pub manifest: Manifest,
    /// The project root (`node:fs` scope, source locations).
    pub root: PathBuf,
    /// Limits of every VM running it.
    pub limits: VmLimits,
}

impl JsProgram {
    /// Adds the JS definitions to `registry` (see [`Manifest::register`]).
    pub fn register(&self, registry: &mut Registry) {
        self.manifest.register(registry);
    }

    /// The step files in the bundle.
    pub fn files(&self) -> &[PathBuf] {
        &self.compiled.bundle.files
    }
}

/// What loading found: the program (none when there are no step files or none loads), and one
/// message per problem, each naming the file (`file:line:col`) and saying what to do.
#[derive(Debug, Clone, Default)]
pub struct LoadReport {
    /// The loaded program, if any file loaded.
    pub program: Option<Arc<JsProgram>>,
    /// One message per problem (file, what happened, a hint).
    pub errors: Vec<String>,
}

fn programs() -> &'static Cache<LoadReport> {
    static PROGRAMS: OnceLock<Cache<LoadReport>> = OnceLock::new();
    PROGRAMS.get_or_init(Cache::default)
}

/// Loads the JS world on a thread of its own (safe to call from inside or outside an async
/// runtime). Cached per process by the step files' paths and contents.
pub fn load(config: &JsConfig) -> LoadReport {
    let config = config.clone();
    let worker = std::thread::Builder::new().name("ferridriver-js-load".into()).spawn(move || {
        match tokio::runtime::Builder::new_current_thread().enable_all().build() {
            Ok(rt) => rt.block_on(load_async(&config)),
            Err(e) => {
                LoadReport { program: None, errors: vec![format!("cannot start a runtime to load JS steps: {e}")] }
            }
        }
    });
    match worker.map(|h| h.join()) {
        Ok(Ok(report)) => report,
        Ok(Err(_)) => LoadReport { program: None, errors: vec!["loading the JS steps stopped unexpectedly".into()] },
        Err(e) => LoadReport { program: None, errors: vec![format!("cannot start a thread to load JS steps: {e}")] },
    }
}

/// [`load`] on the caller's runtime.
pub async fn load_async(config: &JsConfig) -> LoadReport {
    let (files, mut errors) = discover(config);
    if files.is_empty() {
        return LoadReport { program: None, errors };
    }
    let key = cache::key(&files);
    if let Some(report) = programs().lookup(key) {
        errors.extend(report.errors.iter().cloned());
        return LoadReport { program: report.program.clone(), errors };
    }
    let (program, load_errors, inputs) = build(config, files).await;
    let report = LoadReport { program: program.map(Arc::new), errors: load_errors };
    programs().store(key, Arc::new(report.clone()), &inputs);
    errors.extend(report.errors.iter().cloned());
    LoadReport { program: report.program, errors }
}

/// Bundles, compiles and evaluates, leaving out files that fail; also returns every file the
/// attempt read (for the cache).
async fn build(config: &JsConfig, mut files: Vec<PathBuf>) -> (Option<JsProgram>, Vec<String>, Vec<PathBuf>) {
    let root = &config.root;
    let mut errors = Vec::new();
    let mut inputs = files.clone();
    let hint = "\n  hint: fix the file; the other step files are still loaded";
    let limits = VmLimits::default();
    // Each failing evaluation removes one file, so this ends.
    while !files.is_empty() {
        let (bundled, bundle_errors) = bundle(root, &files).await;
        for e in bundle_errors {
            let at = e.file.as_ref().map(|f| format!("{}: ", relative(root, f))).unwrap_or_default();
            errors.push(format!("{at}cannot bundle:\n{}{hint}", e.message.trim_end()));
        }
        let Some(bundled) = bundled else { break };
        inputs.extend(bundled.modules.iter().cloned());
        files = bundled.files.clone();
        let mapper = SourceMapper::new(&bundled.map_json, root);
        let compiled = match Compiled::new(bundled) {
            Ok(c) => c,
            Err(e) => {
                errors.push(e);
                break;
            }
        };
        match Vm::new(&compiled, root, "bdd", limits, None).await {
            Ok(vm) => {
                let manifest = match vm.manifest().await {
                    Ok(json) => Manifest::parse(&json, &mapper),
                    Err(e) => Err(e.message),
                };
                return match manifest {
                    Ok(manifest) => {
                        (Some(JsProgram { compiled, mapper, manifest, root: root.clone(), limits }), errors, inputs)
                    }
                    Err(e) => {
                        errors.push(e);
                        (None, errors, inputs)
                    }
                };
            }
            Err(e) => {
                let stack = e.stack.as_deref().map(|s| mapper.rewrite_stack(s)).unwrap_or_default();
                // The first frame in one of our step files names the culprit.
                let culprit = files.iter().position(|f| stack.contains(&format!("{}:", relative(root, f))));
                let location = culprit
                    .and_then(|i| first_frame_in(&stack, &relative(root, &files[i])))
                    .unwrap_or_else(|| "step files".into());
                errors.push(format!(
                    "{location}: {}: {} (while loading)\n{}{hint}",
                    e.exception_type,
                    e.message,
                    stack.trim_end()
                ));
                match culprit {
                    Some(i) => {
                        files.remove(i);
                    }
                    None => break,
                }
            }
        }
    }
    (None, errors, inputs)
}

/// `path` relative to the root, with `/`.
fn relative(root: &std::path::Path, path: &std::path::Path) -> String {
    slash_path(path.strip_prefix(root).unwrap_or(path))
}

/// The `file:line:col` of the first stack frame in `file`.
fn first_frame_in(stack: &str, file: &str) -> Option<String> {
    let needle = format!("{file}:");
    let at = stack.find(&needle)?;
    let (line, col, _) = crate::sourcemap::parse_line_col(&stack[at + needle.len()..])?;
    Some(format!("{file}:{line}:{col}"))
}
