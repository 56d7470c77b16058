//! What a script host adds to a VM's natives: the session's `vars` store and the scoped file
//! trees (`fs`, `artifacts`). The JS faces are in `js/script.js`.

use super::sandbox_fs::{FsError, ScopedDir};
use crate::bytes::Bytes;
use crate::JsErrorName;
use rquickjs::{Ctx, Exception, Function, Object, TypedArray};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

/// Most keys a session's `vars` may hold, and most bytes of keys plus values: a string store
/// for a few tokens and cursors, not a database.
const MAX_VARS: usize = 10_000;
const MAX_VAR_BYTES: usize = 16 << 20;

/// A session's `vars`: string keys to string values, kept across VM rebuilds until the session
/// ends.
#[derive(Debug, Default)]
pub struct Vars {
    map: Mutex<BTreeMap<String, String>>,
}

impl Vars {
    fn map(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, String>> {
        self.map.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<String> {
        self.map().get(key).cloned()
    }

    /// Sets `key`, unless the store would pass its limits.
    pub fn set(&self, key: String, value: String) -> Result<(), String> {
        let mut map = self.map();
        let used: usize = map.iter().filter(|(k, _)| **k != key).map(|(k, v)| k.len() + v.len()).sum();
        if used + key.len() + value.len() > MAX_VAR_BYTES {
            return Err(format!("vars.set: the store would exceed {} MiB", MAX_VAR_BYTES >> 20));
        }
        if !map.contains_key(&key) && map.len() >= MAX_VARS {
            return Err(format!("vars.set: the store holds {MAX_VARS} keys already"));
        }
        map.insert(key, value);
        Ok(())
    }

    /// Removes `key`; whether it was there.
    pub fn delete(&self, key: &str) -> bool {
        self.map().remove(key).is_some()
    }

    /// The keys, sorted.
    pub fn keys(&self) -> Vec<String> {
        self.map().keys().cloned().collect()
    }

    /// How many keys are set.
    pub fn len(&self) -> usize {
        self.map().len()
    }

    /// Whether no key is set.
    pub fn is_empty(&self) -> bool {
        self.map().is_empty()
    }
}

/// Where a script session's files live, and its `vars`.
#[derive(Debug, Clone)]
pub struct ScriptSandbox {
    /// `fs`, `path` scripts and relative imports: script_root.
    pub fs: ScopedDir,
    /// `artifacts`: artifacts_root.
    pub artifacts: ScopedDir,
    /// The session's `vars` (shared with the host, which keeps it across VM rebuilds).
    pub vars: Arc<Vars>,
    /// The context part of the session's name (`context.name` in JS).
    pub context_name: String,
}

impl ScriptSandbox {
    /// A sandbox with these roots and a fresh `vars`.
    pub fn new(script_root: PathBuf, artifacts_root: PathBuf) -> Self {
        ScriptSandbox {
            fs: ScopedDir::new("fs", script_root),
            artifacts: ScopedDir::new("artifacts", artifacts_root),
            vars: Arc::default(),
            context_name: "default".into(),
        }
    }

    fn dir(&self, which: &str) -> &ScopedDir {
        if which == "artifacts" {
            &self.artifacts
        } else {
            &self.fs
        }
    }
}

/// Throws `error` in JS: a sandbox violation as `SandboxViolationError` (the script result's
/// `sandbox_violation` kind), an I/O failure as a plain `Error` with Node's code in front.
pub(crate) fn throw(ctx: &Ctx<'_>, error: FsError) -> rquickjs::Error {
    let (name, message) = match error {
        FsError::Violation(m) => (JsErrorName::SandboxViolation.as_str(), m),
        FsError::Io(m) => (JsErrorName::Error.as_str(), m),
    };
    match Exception::from_message(ctx.clone(), &message) {
        Ok(e) => {
            let _ = e.as_object().set("name", name);
            ctx.throw(e.into_value())
        }
        Err(e) => e,
    }
}

/// Adds the sandbox natives to `native`.
pub(crate) fn install<'js>(ctx: &Ctx<'js>, native: &Object<'js>, sandbox: &ScriptSandbox) -> rquickjs::Result<()> {
    native.set("contextName", sandbox.context_name.as_str())?;
    let vars = Arc::clone(&sandbox.vars);
    native.set("varsGet", Function::new(ctx.clone(), move |k: String| vars.get(&k))?)?;
    let vars = Arc::clone(&sandbox.vars);
    native.set(
        "varsSet",
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, k: String, v: String| -> rquickjs::Result<()> {
            vars.set(k, v).map_err(|m| Exception::throw_range(&ctx, &m))
        })?,
    )?;
    let vars = Arc::clone(&sandbox.vars);
    native.set("varsDelete", Function::new(ctx.clone(), move |k: String| vars.delete(&k))?)?;
    let vars = Arc::clone(&sandbox.vars);
    native.set("varsKeys", Function::new(ctx.clone(), move || vars.keys())?)?;

    let s = sandbox.clone();
    native.set(
        "fsRead",
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, which: String, path: String| -> rquickjs::Result<Bytes> {
            s.dir(&which).read(&path).map(Bytes).map_err(|e| throw(&ctx, e))
        })?,
    )?;
    let s = sandbox.clone();
    native.set(
        "fsWrite",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'_>, which: String, path: String, bytes: TypedArray<'_, u8>| -> rquickjs::Result<()> {
                let data = crate::bytes::copy(&bytes);
                s.dir(&which).write(&path, &data).map_err(|e| throw(&ctx, e))
            },
        )?,
    )?;
    let s = sandbox.clone();
    native.set(
        "fsExists",
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, which: String, path: String| -> rquickjs::Result<bool> {
            s.dir(&which).exists(&path).map_err(|e| throw(&ctx, e))
        })?,
    )?;
    let s = sandbox.clone();
    native.set(
        "fsReaddir",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'_>, which: String, path: String| -> rquickjs::Result<Vec<String>> {
                s.dir(&which).read_dir(&path).map_err(|e| throw(&ctx, e))
            },
        )?,
    )?;
    let s = sandbox.clone();
    native.set(
        "fsList",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'_>, which: String, path: String| -> rquickjs::Result<Vec<String>> {
                s.dir(&which).list_files(&path).map_err(|e| throw(&ctx, e))
            },
        )?,
    )?;
    let s = sandbox.clone();
    native.set(
        "fsRemove",
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, which: String, path: String| -> rquickjs::Result<bool> {
            s.dir(&which).remove(&path).map_err(|e| throw(&ctx, e))
        })?,
    )?;
    Ok(())
}
