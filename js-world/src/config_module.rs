//! Reading a configuration file written as a module: cucumber-js's `cucumber.js`, `.cjs`,
//! `.mjs` or `.ts`. The file is bundled like a step file (its imports, `node_modules` and the
//! Node built-ins we provide resolve as they do there) and evaluated in a VM of its own, with
//! no browser, and `process.env` showing only the variables `[scripting] allowEnv` lists; what
//! it exports comes back as JSON. The runner turns that into options
//! (`runner/src/cucumber_config.rs`).

use crate::module_vm::bundle_module;
use crate::natives::PlainEnv;
use crate::vm::{exception_error, Vm};
use rquickjs::{CatchResultExt, Promise};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// How long the file may take to load and settle (a default export that is an async function).
const SETTLE_LIMIT: Duration = Duration::from_secs(30);

/// What a configuration module gave.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfigModule {
    /// Its profiles, as JSON.
    pub definitions: serde_json::Value,
    /// Environment variables it read that are set but not listed in `allowEnv` (it saw them
    /// undefined).
    pub hidden_env: Vec<String>,
    /// The variables it set in `process.env` (`dotenv.config()` in the file): cucumber-js
    /// runs the file in the process that loads the steps, so the steps see them.
    pub set_env: Vec<(String, String)>,
}

/// Where the entry module leaves the file's namespace for [`READ_DEFINITIONS`].
const SLOT: &str = "Symbol.for('ferridriver.configModule')";

/// The file's profiles as cucumber-js reads them: a CommonJS file's `module.exports`, an ES
/// module's exports (its default export is the `default` profile); a default export that is a
/// function is called and its (awaited) answer gives the profiles.
const READ_DEFINITIONS: &str = r#"(async (esm) => {
  const namespace = globalThis[SLOT];
  delete globalThis[SLOT];
  const exported = esm ? namespace : namespace.default;
  if (exported === null || typeof exported !== 'object') {
    throw new TypeError('the file does not export an object of profiles (module.exports = { default: { ... } } or export default { ... })');
  }
  let definitions = { ...exported };
  if (typeof definitions.default === 'function') {
    if (Object.keys(definitions).length > 1) {
      throw new TypeError('Invalid profiles specified: if a default function definition is provided, no other static profiles should be specified');
    }
    definitions = { default: {}, ...(await definitions.default()) };
  }
  const env = Object.keys(process.env).map((name) => [name, String(process.env[name])]);
  return JSON.stringify({ definitions, env });
})"#;

/// Evaluates the module `file` (inside `root`) and returns what it exports as profiles (see
/// [`READ_DEFINITIONS`]); `allowed_env` are the variables `process.env` shows. Errors name the
/// file, and the line when the file itself threw.
pub fn read_config_module(root: &Path, file: &Path, allowed_env: &[String]) -> Result<ConfigModule, String> {
    let (root, file) = (root.to_path_buf(), file.to_path_buf());
    let shown = file.display().to_string();
    let env = PlainEnv { allowed: Arc::new(allowed_env.to_vec()), hidden_reads: Default::default() };
    let hidden = Arc::clone(&env.hidden_reads);
    let (sender, answer) = std::sync::mpsc::channel();
    let worker = std::thread::Builder::new().name("ferridriver-config".into()).spawn(move || {
        let result = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start a runtime to read {}: {e}", file.display()))
            .and_then(|runtime| runtime.block_on(read(&root, &file, env)));
        let _ = sender.send(result);
    });
    if let Err(e) = worker {
        return Err(format!("cannot start a thread to read the configuration file: {e}"));
    }
    // A file that loops forever at its top level cannot be interrupted from here (its VM's
    // deadline covers calls, not the module's own evaluation): it is left behind, and the
    // run stops with an error.
    let definitions = match answer.recv_timeout(SETTLE_LIMIT + Duration::from_secs(5)) {
        Ok(result) => result?,
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            return Err(format!("{shown}: did not finish loading within {} s", SETTLE_LIMIT.as_secs()))
        }
        Err(_) => return Err("reading the configuration file stopped unexpectedly".into()),
    };
    let hidden_env = hidden.lock().unwrap_or_else(std::sync::PoisonError::into_inner).iter().cloned().collect();
    let (definitions, shown_env) = definitions;
    // What the file set: what `process.env` showed at the end and the process's environment
    // does not hold. A variable the process has but `allowEnv` hides is never passed on,
    // whatever the file set it to: its real value wins in Node (dotenv does not override it),
    // and passing the file's value only when it differs would tell the steps the real one.
    let set_env = shown_env
        .into_iter()
        .filter(|(name, _)| std::env::var_os(name).is_none() || allowed_env.iter().any(|a| a == name))
        .filter(|(name, value)| std::env::var(name).ok().as_ref() != Some(value))
        .collect();
    Ok(ConfigModule { definitions, hidden_env, set_env })
}

/// The file's profiles and what its `process.env` showed once they were read.
type Read = (serde_json::Value, Vec<(String, String)>);

async fn read(root: &Path, file: &Path, env: PlainEnv) -> Result<Read, String> {
    let shown = file.strip_prefix(root).unwrap_or(file).to_string_lossy().replace('\\', "/");
    let code = std::fs::read_to_string(file).map_err(|e| format!("{shown}: cannot read: {e}"))?;
    let esm = has_module_syntax(&code, file);
    let module = bundle_module(root, file, SLOT).await.map_err(|e| format!("{shown}: {e}"))?;
    let failed = |e: crate::vm::VmError| {
        let stack = e.stack.as_deref().map(|s| module.mapper.rewrite_stack(s)).unwrap_or_default();
        let at = crate::load::first_frame_in(&stack, &shown).unwrap_or_else(|| shown.clone());
        format!("{at}: {}: {} (while reading the configuration)\n{}", e.exception_type, e.message, stack.trim_end())
    };
    let vm = module.start(root, Some(env)).await.map_err(failed)?;
    let read = READ_DEFINITIONS.replace("SLOT", SLOT);
    let json = tokio::time::timeout(SETTLE_LIMIT, vm.call_async_reader(&read, esm))
        .await
        .map_err(|_| format!("{shown}: its default export did not settle within {} s", SETTLE_LIMIT.as_secs()))?
        .map_err(failed)?;
    #[derive(serde::Deserialize)]
    struct Answer {
        definitions: serde_json::Value,
        env: Vec<(String, String)>,
    }
    let answer: Answer =
        serde_json::from_str(&json).map_err(|e| format!("{shown}: its profiles are not plain data: {e}"))?;
    Ok((answer.definitions, answer.env))
}

impl Vm {
    /// Evaluates `function_source` (an async function of one boolean) and awaits its call with
    /// `argument`; the answer must be a string.
    async fn call_async_reader(&self, function_source: &str, argument: bool) -> Result<String, crate::vm::VmError> {
        self.context
            .async_with(async |ctx| {
                let fail = |e| exception_error(e, false);
                let function: rquickjs::Function = ctx.eval(function_source).catch(&ctx).map_err(fail)?;
                let promise: Promise = function.call((argument,)).catch(&ctx).map_err(fail)?;
                promise.into_future::<String>().await.catch(&ctx).map_err(fail)
            })
            .await
    }
}

/// Whether the file is an ES module (has `import`/`export`): its exports are the profiles.
/// Otherwise it is CommonJS and `module.exports` is, whatever its extension says (Node loads
/// an ES module through `require` too).
fn has_module_syntax(code: &str, path: &Path) -> bool {
    let Ok(source_type) = oxc::span::SourceType::from_path(path) else { return false };
    let allocator = oxc::allocator::Allocator::default();
    let parsed = oxc::parser::Parser::new(&allocator, code, source_type).parse();
    parsed.module_record.has_module_syntax
}

#[cfg(test)]
mod tests {
    use super::has_module_syntax;
    use std::path::Path;

    #[test]
    fn module_syntax_decides_where_the_profiles_are() {
        assert!(has_module_syntax("export default { parallel: 2 }", Path::new("cucumber.mjs")));
        assert!(has_module_syntax("import x from './x.js'\nexport const ci = x", Path::new("cucumber.js")));
        assert!(!has_module_syntax("module.exports = { default: {} }", Path::new("cucumber.js")));
        assert!(!has_module_syntax("exports.default = { paths: [] }", Path::new("cucumber.cjs")));
        assert!(has_module_syntax("const c: object = {}\nexport default c", Path::new("cucumber.ts")));
    }
}
