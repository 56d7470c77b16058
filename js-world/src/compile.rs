//! Compiling the bundle to QuickJS bytecode. Bytecode is tied to this exact QuickJS build,
//! which is why it only ever lives in memory (see cache.rs).

use crate::bundle::Bundle;
use crate::sourcemap::BUNDLE_NAME;
use rquickjs::{Context, Module, Runtime, WriteOptions};

/// A bundle and its bytecode.
#[derive(Debug)]
pub struct Compiled {
    /// The bundled code and map.
    pub bundle: Bundle,
    /// QuickJS bytecode of `bundle.code`, debug info included.
    pub bytecode: Vec<u8>,
}

impl Compiled {
    /// Compiles `bundle`.
    pub fn new(bundle: Bundle) -> Result<Compiled, String> {
        let bytecode = to_bytecode(&bundle.code)?;
        Ok(Compiled { bundle, bytecode })
    }
}

/// Compiles ESM source to bytecode in a throwaway runtime. Debug info is kept: stack traces
/// (and the definitions' source locations) need it.
pub fn to_bytecode(code: &str) -> Result<Vec<u8>, String> {
    let rt = Runtime::new().map_err(|e| format!("cannot start QuickJS: {e}"))?;
    let ctx = Context::full(&rt).map_err(|e| format!("cannot start QuickJS: {e}"))?;
    ctx.with(|ctx| {
        let module = Module::declare(ctx.clone(), BUNDLE_NAME, code).map_err(|e| {
            let detail = ctx.catch();
            let text = detail
                .as_exception()
                .map(|x| format!("{}\n{}", x.message().unwrap_or_default(), x.stack().unwrap_or_default()));
            format!("QuickJS cannot compile the bundle: {}", text.unwrap_or_else(|| e.to_string()))
        })?;
        module.write(WriteOptions::default()).map_err(|e| format!("cannot write bytecode: {e}"))
    })
}
