//! Bundling a module script (a `.ts` file, or source with top-level `import`/`export`) with
//! rolldown. Only script_root is reachable: relative imports must stay inside it, bare
//! specifiers are refused (no `node_modules` at run time), except our own virtual modules
//! (`@playwright/test`, `node:assert`…), which scripts may import as step files do.

use super::outcome::{ErrorKind, ScriptError};
use crate::plugin::{virtual_code, virtual_module, VIRTUAL_PREFIX};
use crate::rolldown_run::{run_rolldown, Bundle};
use rolldown_plugin::{
    HookLoadArgs, HookLoadOutput, HookLoadReturn, HookResolveIdArgs, HookResolveIdOutput, HookResolveIdReturn,
    HookTransformArgs, HookTransformOutput, HookTransformReturn, HookUsage, Plugin, PluginContext,
    SharedLoadPluginContext, SharedTransformPluginContext,
};
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

/// The file name inline module source is bundled as (inside script_root, so that its relative
/// imports resolve from there).
pub const INLINE_MODULE: &str = "eval_script.mjs";

#[derive(Debug)]
struct ScriptPlugin {
    /// script_root, canonical.
    root: PathBuf,
    /// The inline source, served as `<root>/eval_script.mjs`; `None` for a file.
    inline: Option<(PathBuf, String)>,
    /// The first import that left the root (rolldown's report hides a plugin's own message).
    violation: Arc<Mutex<Option<String>>>,
}

impl ScriptPlugin {
    fn refuse(&self, message: String) -> HookResolveIdReturn {
        Err(anyhow::anyhow!(message))
    }
}

impl Plugin for ScriptPlugin {
    fn name(&self) -> Cow<'static, str> {
        Cow::Borrowed("ferridriver-script")
    }

    async fn resolve_id(&self, _ctx: &PluginContext, args: &HookResolveIdArgs<'_>) -> HookResolveIdReturn {
        if let Some((path, _)) = &self.inline {
            if args.is_entry {
                return Ok(Some(HookResolveIdOutput::from_id(path.to_string_lossy().into_owned())));
            }
        }
        if let Some((key, _)) = virtual_module(args.specifier) {
            return Ok(Some(HookResolveIdOutput::from_id(format!("{VIRTUAL_PREFIX}{key}"))));
        }
        let spec = args.specifier;
        if args.is_entry || spec.starts_with("./") || spec.starts_with("../") {
            // rolldown resolves it; `load` checks that it stayed inside the root.
            return Ok(None);
        }
        if spec.starts_with('/') || spec.starts_with("file:") {
            return self.refuse(format!(
                "import '{spec}': absolute paths are not allowed in scripts; import files relative to script_root ({})",
                self.root.display()
            ));
        }
        self.refuse(format!(
            "import '{spec}': bare specifiers are not resolved in scripts (there is no node_modules at run time); \
             import a file under script_root with a relative path ('./{spec}.js')"
        ))
    }

    async fn load(&self, _ctx: SharedLoadPluginContext, args: &HookLoadArgs<'_>) -> HookLoadReturn {
        if let Some(key) = args.id.strip_prefix(VIRTUAL_PREFIX) {
            return Ok(virtual_code(key).map(|code| HookLoadOutput { code: code.into(), ..Default::default() }));
        }
        if let Some((path, code)) = &self.inline {
            if Path::new(args.id) == path {
                return Ok(Some(HookLoadOutput { code: code.clone().into(), ..Default::default() }));
            }
        }
        let real = Path::new(args.id).canonicalize().unwrap_or_else(|_| PathBuf::from(args.id));
        if !real.starts_with(&self.root) {
            let message = format!("import of '{}' leaves script_root ({})", args.id, self.root.display());
            self.violation.lock().unwrap_or_else(PoisonError::into_inner).get_or_insert(message.clone());
            return Err(anyhow::anyhow!("SandboxViolationError: {message}"));
        }
        Ok(None)
    }

    /// A script's `import.meta.url`/`dirname`/`filename` are its file's, as under Node (the
    /// inline source's are those of `<root>/eval_script.mjs`).
    async fn transform(&self, _ctx: SharedTransformPluginContext, args: &HookTransformArgs<'_>) -> HookTransformReturn {
        if args.id.starts_with('\0') || !args.code.contains("import.meta.") {
            return Ok(None);
        }
        let mut code = string_wizard::MagicString::new(args.code.as_str());
        for (start, end, value) in crate::import_meta::edits(args.code, args.id) {
            code.update(start, end, value).map_err(anyhow::Error::msg)?;
        }
        let map = code.source_map(string_wizard::SourceMapOptions {
            include_content: true,
            source: args.id.into(),
            hires: string_wizard::Hires::Boundary,
        });
        Ok(Some(HookTransformOutput { code: Some(code.to_string()), map: map.into(), ..Default::default() }))
    }

    fn register_hook_usage(&self) -> HookUsage {
        HookUsage::ResolveId | HookUsage::Load | HookUsage::Transform
    }
}

/// Bundles the script file `entry` (absolute, inside `root`). An import that leaves the root
/// is a sandbox violation; anything else rolldown reports is a syntax error.
pub async fn bundle_file(root: &Path, entry: &Path) -> Result<Bundle, ScriptError> {
    bundle_with(root, entry.to_path_buf(), None).await
}

/// Bundles inline module source as if it were `<root>/eval_script.mjs`.
pub async fn bundle_inline(root: &Path, source: &str) -> Result<Bundle, ScriptError> {
    let root = canonical(root)?;
    let path = root.join(INLINE_MODULE);
    bundle_with(&root, path.clone(), Some((path, source.to_string()))).await
}

async fn bundle_with(root: &Path, entry: PathBuf, inline: Option<(PathBuf, String)>) -> Result<Bundle, ScriptError> {
    let root = canonical(root)?;
    let violation = Arc::new(Mutex::new(None));
    let plugin = Arc::new(ScriptPlugin { root: root.clone(), inline, violation: Arc::clone(&violation) });
    run_rolldown(&root, &entry.to_string_lossy(), plugin).await.map_err(|report| {
        match violation.lock().unwrap_or_else(PoisonError::into_inner).take() {
            Some(message) => ScriptError::new(ErrorKind::SandboxViolation, format!("SandboxViolationError: {message}")),
            None => ScriptError::new(ErrorKind::Syntax, report),
        }
    })
}

fn canonical(root: &Path) -> Result<PathBuf, ScriptError> {
    root.canonicalize().map_err(|e| {
        ScriptError::new(ErrorKind::Syntax, format!("script_root {} is not a readable directory: {e}", root.display()))
    })
}
