//! Loading the JS world once per process: discover the step files, bundle them, compile the
//! bundle to bytecode, evaluate it in a manifest VM and read back what it registered.
//!
//! A file that fails to bundle is reported and skipped (bundle.rs). A file that throws while
//! its top level runs is found through the source-mapped stack (or, when the throw came from a
//! module it imports, by loading each file on its own), reported, and the bundle is rebuilt
//! without it, so the other files still load.
//!
//! Two caches avoid the work: per process, the whole result (cache.rs); across processes, the
//! bundle of a clean load on disk (disk_cache.rs), so an unchanged project skips rolldown.

use crate::bundle::{bundle, Bundle};
use crate::cache::{self, Cache};
use crate::compile::Compiled;
use crate::discover::{discover, slash_path, JsConfig};
use crate::disk_cache;
use crate::manifest::Manifest;
use crate::sourcemap::SourceMapper;
use crate::vm::{Vm, VmCode, VmLimits};
use ferridriver_steps::registry::Registry;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// The JS world of a run, built once and shared by every worker.
#[derive(Debug)]
pub struct JsProgram {
    /// The bundle and its bytecode.
    pub compiled: Arc<Compiled>,
    /// Bundle positions back to the original files.
    pub mapper: Arc<SourceMapper>,
    /// What the bundle registered.
    pub manifest: Manifest,
    /// The project root (`node:fs` scope, source locations).
    pub root: PathBuf,
    /// Limits of every VM running it.
    pub limits: VmLimits,
    /// Tools in the bundle that are not part of the program (their file was left out after
    /// loading, see [`JsProgram::without_files`]): each VM takes them out of `plugins[...]`.
    pub hidden_tools: Vec<String>,
    /// Plugins left out the same way: their event handlers never fire.
    pub hidden_plugins: Vec<String>,
    /// What every VM's `process.env` starts with ([`crate::JsConfig::preset_env`]).
    pub preset_env: Arc<[(String, String)]>,
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

    /// The same program without anything registered from the files `uris` (relative to the
    /// root, as definitions' sources are): the bytecode is shared and still evaluates them, but
    /// nothing of theirs is registered or reachable through `plugins[...]`.
    pub fn without_files(&self, uris: &[String]) -> JsProgram {
        let mut manifest = self.manifest.clone();
        let (mut hidden_tools, mut hidden_plugins) = (self.hidden_tools.clone(), self.hidden_plugins.clone());
        for uri in uris {
            let (tools, plugins) = manifest.without_file(uri);
            hidden_tools.extend(tools);
            hidden_plugins.extend(plugins);
        }
        JsProgram {
            compiled: Arc::clone(&self.compiled),
            mapper: Arc::clone(&self.mapper),
            manifest,
            root: self.root.clone(),
            limits: self.limits,
            hidden_tools,
            hidden_plugins,
            preset_env: Arc::clone(&self.preset_env),
        }
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
    /// Where the program came from (which caches hit).
    pub origin: LoadOrigin,
}

/// How a [`LoadReport`] was obtained.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum LoadOrigin {
    /// rolldown bundled the files (or there was nothing to bundle).
    #[default]
    Bundled,
    /// The bundle came from `<root>/.ferridriver/cache/`; it was compiled and evaluated.
    DiskCache,
    /// This process had already loaded the same files.
    MemoryCache,
}

/// Which caches [`load_with`] may use. Both by default; tests turn the in-memory one off to
/// act as a fresh process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CacheMode {
    /// The per-process cache of whole load results.
    pub memory: bool,
    /// The on-disk bundle cache under `<root>/.ferridriver/cache/`.
    pub disk: bool,
}

impl Default for CacheMode {
    fn default() -> Self {
        CacheMode { memory: true, disk: true }
    }
}

fn programs() -> &'static Cache<LoadReport> {
    static PROGRAMS: OnceLock<Cache<LoadReport>> = OnceLock::new();
    PROGRAMS.get_or_init(Cache::default)
}

/// Loads the JS world on a thread of its own (safe to call from inside or outside an async
/// runtime). Cached per process by the step files' paths and contents, and on disk (the bundle).
pub fn load(config: &JsConfig) -> LoadReport {
    load_with(config, CacheMode::default())
}

/// [`load`] with a choice of caches.
pub fn load_with(config: &JsConfig, mode: CacheMode) -> LoadReport {
    let config = config.clone();
    let worker = std::thread::Builder::new().name("ferridriver-js-load".into()).spawn(move || {
        // Multi-threaded so that the per-file bundles after a failed bundle run in parallel.
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).min(4);
        match tokio::runtime::Builder::new_multi_thread().worker_threads(threads).enable_all().build() {
            Ok(rt) => rt.block_on(load_async_with(&config, mode)),
            Err(e) => LoadReport::failed(format!("cannot start a runtime to load JS steps: {e}")),
        }
    });
    match worker.map(|h| h.join()) {
        Ok(Ok(report)) => report,
        Ok(Err(_)) => LoadReport::failed("loading the JS steps stopped unexpectedly".into()),
        Err(e) => LoadReport::failed(format!("cannot start a thread to load JS steps: {e}")),
    }
}

/// [`load`] on the caller's runtime.
pub async fn load_async(config: &JsConfig) -> LoadReport {
    load_async_with(config, CacheMode::default()).await
}

/// [`load_with`] on the caller's runtime.
pub async fn load_async_with(config: &JsConfig, mode: CacheMode) -> LoadReport {
    let (files, mut errors) = discover(config);
    if files.is_empty() {
        return LoadReport { program: None, errors, origin: LoadOrigin::Bundled };
    }
    // The same files register differently per host (`ferridriver.host`).
    let key = cache::key(&files).wrapping_add(config.host as u64);
    if let Some(report) = programs().lookup(key).filter(|_| mode.memory) {
        errors.extend(report.errors.iter().cloned());
        return LoadReport { program: report.program.clone(), errors, origin: LoadOrigin::MemoryCache };
    }
    let cached = if mode.disk { disk_cache::read(&config.root, &files) } else { None };
    let from_disk = cached.is_some();
    let mut built = build(config, files.clone(), cached).await;
    if from_disk && !built.bundled && (built.program.is_none() || !built.errors.is_empty()) {
        // A clean load was cached, so a failure now is the cache's (or the world's) doing:
        // bundle afresh rather than trust it.
        built = build(config, files.clone(), None).await;
    }
    let origin = if built.bundled { LoadOrigin::Bundled } else { LoadOrigin::DiskCache };
    // Only a clean, freshly bundled load is persisted: a cached failure could outlive its fix
    // (say, `npm install` of a missing package) since the key covers only the step files.
    if mode.disk && built.bundled && built.errors.is_empty() {
        if let Some(program) = &built.program {
            disk_cache::write(&config.root, &files, &program.compiled.bundle);
        }
    }
    let report = LoadReport { program: built.program.map(Arc::new), errors: built.errors, origin };
    if mode.memory {
        programs().store(key, Arc::new(report.clone()), &built.inputs);
    }
    errors.extend(report.errors.iter().cloned());
    LoadReport { program: report.program, errors, origin }
}

impl LoadReport {
    fn failed(message: String) -> LoadReport {
        LoadReport { program: None, errors: vec![message], origin: LoadOrigin::Bundled }
    }
}

/// What [`build`] produced.
struct Built {
    program: Option<JsProgram>,
    errors: Vec<String>,
    /// Every file the attempt read (for the in-memory cache).
    inputs: Vec<PathBuf>,
    /// rolldown ran (the cached bundle was missing or had to be redone without a file).
    bundled: bool,
}

/// Bundles (unless `cached` is given), compiles and evaluates, leaving out files that fail.
async fn build(config: &JsConfig, mut files: Vec<PathBuf>, mut cached: Option<Bundle>) -> Built {
    let root = &config.root;
    let mut errors = Vec::new();
    let mut inputs = files.clone();
    let mut bundled_any = false;
    let hint = "\n  hint: fix the file (watch mode and the MCP server go on with the other files meanwhile)";
    let limits = VmLimits::default();
    let done = |program, errors, inputs, bundled| Built { program, errors, inputs, bundled };
    // Each failing evaluation removes one file, so this ends.
    while !files.is_empty() {
        let bundled = match cached.take() {
            Some(b) => Some(b),
            None => {
                bundled_any = true;
                let (bundled, bundle_errors) = bundle(root, &files, config.keep_bundler).await;
                for e in bundle_errors {
                    let at = e.file.as_ref().map(|f| format!("{}: ", relative(root, f))).unwrap_or_default();
                    errors.push(format!("{at}cannot bundle:\n{}{hint}", e.message.trim_end()));
                }
                bundled
            }
        };
        let Some(bundled) = bundled else { break };
        inputs.extend(bundled.modules.iter().cloned());
        files = bundled.files.clone();
        let mapper = SourceMapper::new(&bundled.code, &bundled.map_json, root);
        let compiled = match Compiled::new(bundled) {
            Ok(c) => c,
            Err(e) => {
                errors.push(e);
                break;
            }
        };
        match Vm::new(
            Some(VmCode {
                compiled: &compiled,
                hidden_tools: &[],
                hidden_plugins: &[],
                preset_env: &config.preset_env,
            }),
            root,
            config.host,
            limits,
            None,
            None,
            None,
        )
        .await
        {
            Ok(vm) => {
                let manifest = match vm.manifest().await {
                    Ok(json) => Manifest::parse(&json, &mapper),
                    Err(e) => Err(e.message),
                };
                return match manifest {
                    Ok(manifest) => {
                        let program = JsProgram {
                            compiled: Arc::new(compiled),
                            mapper: Arc::new(mapper),
                            manifest,
                            root: root.clone(),
                            limits,
                            hidden_tools: Vec::new(),
                            hidden_plugins: Vec::new(),
                            preset_env: config.preset_env.clone().into(),
                        };
                        done(Some(program), errors, inputs, bundled_any)
                    }
                    Err(e) => {
                        errors.push(e);
                        done(None, errors, inputs, bundled_any)
                    }
                };
            }
            Err(e) => {
                let stack = e.stack.as_deref().map(|s| mapper.rewrite_stack(s)).unwrap_or_default();
                // The first frame in one of our step files names the culprit; when the throw
                // came from a module they import (a plugin package's own file), the files
                // that fail on their own are the culprits.
                let culprit = files.iter().position(|f| stack.contains(&format!("{}:", relative(root, f))));
                let culprits = match culprit {
                    Some(i) => vec![i],
                    None if files.len() > 1 => failing_alone(config, &files, limits).await,
                    None => Vec::new(),
                };
                let location = culprits
                    .first()
                    .map(|&i| {
                        first_frame_in(&stack, &relative(root, &files[i])).unwrap_or_else(|| relative(root, &files[i]))
                    })
                    .unwrap_or_else(|| "step files".into());
                errors.push(format!(
                    "{location}: {}: {} (while loading)\n{}{hint}",
                    e.exception_type,
                    e.message,
                    stack.trim_end()
                ));
                if culprits.is_empty() {
                    break;
                }
                for i in culprits.into_iter().rev() {
                    files.remove(i);
                }
            }
        }
    }
    done(None, errors, inputs, bundled_any)
}

/// The indexes (ascending) of the files among `files` whose top level throws when loaded on
/// its own: for a throw whose stack names none of them. Only on that failure path, so the cost
/// of one bundle and VM per file is paid when something is broken.
async fn failing_alone(config: &JsConfig, files: &[PathBuf], limits: VmLimits) -> Vec<usize> {
    let mut failing = Vec::new();
    for (i, file) in files.iter().enumerate() {
        let (bundled, _) = bundle(&config.root, std::slice::from_ref(file), false).await;
        let Some(compiled) = bundled.and_then(|b| Compiled::new(b).ok()) else {
            failing.push(i);
            continue;
        };
        let code =
            VmCode { compiled: &compiled, hidden_tools: &[], hidden_plugins: &[], preset_env: &config.preset_env };
        if Vm::new(Some(code), &config.root, config.host, limits, None, None, None).await.is_err() {
            failing.push(i);
        }
    }
    failing
}

/// `path` relative to the root, with `/`.
fn relative(root: &std::path::Path, path: &std::path::Path) -> String {
    slash_path(path.strip_prefix(root).unwrap_or(path))
}

/// The `file:line:col` of the first stack frame in `file`.
pub(crate) fn first_frame_in(stack: &str, file: &str) -> Option<String> {
    let needle = format!("{file}:");
    let at = stack.find(&needle)?;
    let (line, col, _) = crate::sourcemap::parse_line_col(&stack[at + needle.len()..])?;
    Some(format!("{file}:{line}:{col}"))
}
