//! Bundlers kept between loads of the same file set, for the hosts that load again after a
//! save (the MCP server's extension watcher, `bdd --watch`): rolldown's incremental build keeps
//! the module graph, so a rebuild parses, transforms and lowers only the modules whose files
//! changed. Other hosts load once and bundle from scratch.

use crate::plugin::{WorldPlugin, ENTRY};
use crate::rolldown_run::{collect, options, Bundle};
use rolldown::Bundler;
use rolldown_common::ScanMode;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex, PoisonError};
use std::time::SystemTime;

/// By file set (root, lowering, files).
static KEPT: LazyLock<Mutex<HashMap<String, Kept>>> = LazyLock::new(Mutex::default);

/// What says a file changed: its modification time and length.
type Fingerprint = (Option<SystemTime>, u64);

struct Kept {
    bundler: Bundler,
    /// The kept plugin's count of parsed modules.
    parsed: Arc<AtomicUsize>,
    /// The files of the last build's modules as they were then.
    modules: Vec<(PathBuf, Fingerprint)>,
}

fn fingerprint(path: &Path) -> Fingerprint {
    let meta = std::fs::metadata(path).ok();
    (meta.as_ref().and_then(|m| m.modified().ok()), meta.map_or(0, |m| m.len()))
}

/// Bundles `files` with `plugin`, on the kept bundler of this file set when there is one
/// (then only the changed modules are parsed again).
pub(crate) async fn generate(root: &Path, files: &[PathBuf], plugin: WorldPlugin) -> Result<Bundle, String> {
    let names: Vec<String> = files.iter().map(|f| f.to_string_lossy().into_owned()).collect();
    let key = format!("{}\0{}\0{}", root.display(), plugin.lower_async, names.join("\0"));
    let taken = KEPT.lock().unwrap_or_else(PoisonError::into_inner).remove(&key);
    let (mut kept, scan) = match taken {
        Some(kept) => {
            let changed = kept
                .modules
                .iter()
                .filter(|(path, before)| fingerprint(path) != *before)
                .map(|(path, _)| arcstr::ArcStr::from(path.to_string_lossy().as_ref()))
                .collect();
            (kept, ScanMode::Partial(changed))
        }
        None => {
            let parsed = Arc::clone(&plugin.parsed);
            let bundler = Bundler::with_plugins(options(root, ENTRY, true), vec![Arc::new(plugin)])
                .map_err(|e| crate::rolldown_run::report(root, &e.into_vec()))?;
            (Kept { bundler, parsed, modules: Vec::new() }, ScanMode::Full)
        }
    };
    kept.parsed.store(0, Ordering::Relaxed);
    // A failed build drops the kept bundler: the next load starts from scratch.
    let mut bundle = collect(root, kept.bundler.incremental_generate(scan).await)?;
    bundle.rebuilt = kept.parsed.load(Ordering::Relaxed);
    kept.modules = bundle.modules.iter().map(|m| (m.clone(), fingerprint(m))).collect();
    KEPT.lock().unwrap_or_else(PoisonError::into_inner).insert(key, kept);
    Ok(bundle)
}
