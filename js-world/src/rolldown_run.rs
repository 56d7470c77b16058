//! Running rolldown once: the options every bundle shares, the one chunk of a build with its
//! source map, and rolldown's diagnostics as `file:line:col` reports. Used by the step-file
//! bundles (`bundle.rs`), the kept bundlers of the reloading hosts (`kept_bundlers.rs`) and
//! module scripts (`script/bundle.rs`).

use rolldown::{Bundler, BundlerOptions, InputItem, OutputFormat, Platform, ResolveOptions, SourceMapType};
use rolldown_common::Output;
use std::path::{Path, PathBuf};

/// The bundled code of a set of step files.
#[derive(Debug, Clone)]
pub struct Bundle {
    /// One ESM chunk with every import inlined.
    pub code: String,
    /// Its source map (JSON); sources are relative to `<root>/dist`.
    pub map_json: String,
    /// The step files it contains, sorted.
    pub files: Vec<PathBuf>,
    /// Every file it inlined (step files, helpers, packages).
    pub modules: Vec<PathBuf>,
    /// How many modules were parsed for it (all, unless a kept bundler rebuilt only the
    /// changed ones; 0 when it came from the disk cache).
    pub rebuilt: usize,
}

/// Bundles the module `entry` (a specifier `plugin` resolves) into one chunk; `files` of the
/// result is empty.
pub(crate) async fn run_rolldown(
    root: &Path,
    entry: &str,
    plugin: rolldown_plugin::__inner::SharedPluginable,
) -> Result<Bundle, String> {
    let mut bundler =
        Bundler::with_plugins(options(root, entry, false), vec![plugin]).map_err(|e| report(root, &e.into_vec()))?;
    let generated = bundler.generate().await;
    let _ = bundler.close().await;
    collect(root, generated)
}

/// The bundler options of every bundle; `incremental` keeps the module graph for rebuilds.
pub(crate) fn options(root: &Path, entry: &str, incremental: bool) -> BundlerOptions {
    BundlerOptions {
        input: Some(vec![InputItem { name: Some("bundle".into()), import: entry.into() }]),
        cwd: Some(root.to_path_buf()),
        format: Some(OutputFormat::Esm),
        // Neutral: QuickJS is neither Node nor a browser; our plugin provides the built-ins.
        platform: Some(Platform::Neutral),
        sourcemap: Some(SourceMapType::Hidden),
        resolve: Some(ResolveOptions {
            // As Node resolves: `main` (Node never reads `module`, the fallback), and an
            // `exports` map's `import` or `require` by how the file names the package — which
            // rolldown adds itself per import kind — then `default`. Listing `import`
            // (or the bundlers' `module`) here would hand a `require()` the ESM build, whose
            // namespace object cannot be assigned to.
            main_fields: Some(vec!["main".into(), "module".into()]),
            condition_names: Some(vec!["default".into()]),
            ..Default::default()
        }),
        experimental: incremental
            .then(|| rolldown_common::ExperimentalOptions { incremental_build: Some(true), ..Default::default() }),
        ..Default::default()
    }
}

/// rolldown's diagnostics, with `file:line:col` relative to `root` and code frames.
pub(crate) fn report(root: &Path, diagnostics: &[rolldown_error::BuildDiagnostic]) -> String {
    let diag = rolldown_error::DiagnosticOptions { cwd: root.to_path_buf() };
    diagnostics
        .iter()
        .map(|d| {
            let text = d.to_diagnostic_with(&diag).to_string();
            // A plugin's error comes with the Rust backtrace of where it was made when
            // RUST_BACKTRACE is set: that is ours to debug, not the user's to read.
            match text.find("\n\nStack backtrace:\n") {
                Some(at) => text[..at].to_string(),
                None => text,
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Node built-ins a package may import that ferridriver does not provide (their messages say
/// so instead of suggesting npm).
const NODE_ONLY: &[&str] = &[
    "child_process",
    "net",
    "tls",
    "http2",
    "worker_threads",
    "cluster",
    "dgram",
    "dns",
    "readline",
    "perf_hooks",
    "async_hooks",
    "module",
    "querystring",
];

/// The one chunk of a build (`files` empty), or why there is none.
pub(crate) fn collect(
    root: &Path,
    generated: rolldown_error::BuildResult<rolldown::BundleOutput>,
) -> Result<Bundle, String> {
    let output = generated.map_err(|e| report(root, &e.into_vec()))?;
    let unresolved: Vec<_> =
        output.warnings.into_iter().filter(|w| w.kind().to_string() == "UNRESOLVED_IMPORT").collect();
    if !unresolved.is_empty() {
        let text = report(root, &unresolved);
        // A Node built-in we do not provide is not something npm can install.
        let quoted = |m: &str| text.contains(&format!("'{m}'")) || text.contains(&format!("\"{m}\""));
        let builtin = text.contains("'node:") || text.contains("\"node:") || NODE_ONLY.iter().any(|m| quoted(m));
        // rolldown's note about package "main" fields is about packages, not built-ins.
        let text = if builtin {
            text.lines().filter(|l| !l.contains("Main fields must be configured")).collect::<Vec<_>>().join("\n")
        } else {
            text
        };
        let hint = if builtin {
            format!(
                "that Node built-in is not provided by ferridriver (provided: {}); QuickJS runs the steps, not Node",
                crate::plugin::node_builtins().join(", ")
            )
        } else {
            "install the package (npm install) or fix the import path; QuickJS cannot load modules at run time".into()
        };
        return Err(format!("{text}\n  hint: {hint}"));
    }
    for asset in output.assets {
        if let Output::Chunk(chunk) = asset {
            let map_json = chunk.map.as_ref().map(|m| m.to_json_string()).unwrap_or_default();
            if !chunk.imports.is_empty() {
                return Err(format!("the bundle still imports {:?}; those modules are not available", chunk.imports));
            }
            let modules = chunk
                .module_ids
                .iter()
                .map(|m| m.as_str())
                .filter(|m| !m.starts_with('\0'))
                .map(PathBuf::from)
                .collect();
            return Ok(Bundle { code: chunk.code.clone(), map_json, files: Vec::new(), modules, rebuilt: 0 });
        }
    }
    Err("rolldown produced no chunk".into())
}
