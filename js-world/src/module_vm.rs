//! A module run on its own: bundled like a step file (its imports, `node_modules` and our Node
//! built-ins resolve as there), compiled, and evaluated in a VM of its own, its namespace left
//! at a global slot for the host to read. The cucumber-js configuration file
//! (`config_module.rs`) and custom formatters (`formatter_host.rs`) are loaded this way.

use crate::compile::Compiled;
use crate::host_kind::HostKind;
use crate::natives::PlainEnv;
use crate::plugin::{WorldPlugin, ENTRY};
use crate::rolldown_run::run_rolldown;
use crate::sourcemap::SourceMapper;
use crate::vm::{Vm, VmCode, VmError, VmLimits};
use std::path::Path;
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;

/// A bundled module, ready to start, and the map of its positions back to the sources.
pub(crate) struct BundledModule {
    compiled: Compiled,
    pub mapper: SourceMapper,
}

/// Bundles `file` with an entry that puts its namespace at `globalThis[slot]` (`slot` is page
/// code naming it). The error is rolldown's report or the compiler's, for the caller to place.
pub(crate) async fn bundle_module(root: &Path, file: &Path, slot: &str) -> Result<BundledModule, String> {
    let entry_code = format!(
        "import * as module from {};\nglobalThis[{slot}] = module;\n",
        serde_json::Value::String(file.to_string_lossy().into_owned())
    );
    let plugin = WorldPlugin { entry_code, lower_async: false, parsed: Arc::new(AtomicUsize::new(0)) };
    let bundle =
        run_rolldown(root, ENTRY, Arc::new(plugin)).await.map_err(|e| format!("cannot bundle:\n{}", e.trim_end()))?;
    let mapper = SourceMapper::new(&bundle.code, &bundle.map_json, root);
    let compiled = Compiled::new(bundle)?;
    Ok(BundledModule { compiled, mapper })
}

impl BundledModule {
    /// Evaluates the module in a new VM (no browser); `plain_env` decides its `process.env`.
    pub(crate) async fn start(&self, root: &Path, plain_env: Option<PlainEnv>) -> Result<Vm, VmError> {
        let code = VmCode { compiled: &self.compiled, hidden_tools: &[], hidden_plugins: &[], preset_env: &[] };
        Vm::start(Some(code), root, HostKind::Bdd, VmLimits::default(), None, None, None, plain_env).await
    }
}
