//! Running one script in a VM: inline code through its async-function wrapper, or a bundled
//! module through its default export, with the interrupt handler armed at the deadline. What
//! comes back is raw (bundle positions, exception fields); `host_run.rs` turns it into the
//! envelope.

use super::source::{InlineScript, INLINE_NAME};
use crate::convert;
use crate::vm::{Vm, VmError};
use rquickjs::context::EvalOptions;
use rquickjs::{CatchResultExt, Function, Module, Object, Promise, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Code ready to run.
pub(crate) enum Prepared {
    /// Inline statements.
    Inline(InlineScript),
    /// A bundled ES module (its name in stack traces, its code).
    Module { name: String, code: String },
}

/// Why a run failed, and whether it failed before any user code ran (a syntax error).
pub(crate) struct RunFailure {
    pub error: VmError,
    pub compile: bool,
}

/// A run's raw result: the value as JSON, or the failure; and the console as the prelude
/// reports it (`{entries, dropped}`), when it could still be read.
pub(crate) struct RawRun {
    pub result: Result<String, RunFailure>,
    pub console_json: Option<String>,
}

/// A fresh module name per run: QuickJS keeps evaluated modules by name.
pub(crate) fn module_name() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    format!("script-{}.js", NEXT.fetch_add(1, Ordering::Relaxed))
}

impl Vm {
    /// Runs `prepared` with `args_json` as the `args` global, stopping JS after `timeout`.
    pub(crate) async fn run_script(&self, prepared: &Prepared, args_json: String, timeout: Duration) -> RawRun {
        let limit = crate::vm::counted_ms(self.epoch).saturating_add(timeout.as_millis() as u64);
        self.deadline.store(limit, Ordering::Relaxed);
        let (deadline, epoch, bridge) = (self.deadline.clone(), self.epoch, self.bridge.clone());
        self.context
            .async_with(async move |ctx| {
                let timed_out = move || crate::vm::counted_ms(epoch) >= limit;
                let fail = |compile: bool| {
                    move |e: rquickjs::CaughtError<'_>| {
                        let (exception_type, message, stack) = convert::caught(e);
                        RunFailure {
                            error: VmError { exception_type, message, stack, timed_out: timed_out(), abandoned: false },
                            compile,
                        }
                    }
                };
                let result: Result<String, RunFailure> = async {
                    let bridge: Object = bridge.restore(&ctx).catch(&ctx).map_err(fail(false))?;
                    let begin: Function = bridge.get("beginScript").catch(&ctx).map_err(fail(false))?;
                    begin.call::<_, ()>((args_json,)).catch(&ctx).map_err(fail(false))?;
                    let promise: Promise = match prepared {
                        Prepared::Inline(script) => {
                            if !script.globals.is_empty() {
                                let declare = format!("var {};", script.globals.join(", "));
                                ctx.eval::<(), _>(declare).catch(&ctx).map_err(fail(true))?;
                            }
                            let mut options = EvalOptions::default();
                            options.global = true;
                            options.strict = false;
                            options.filename = Some(INLINE_NAME.to_string());
                            let function: Function =
                                ctx.eval_with_options(script.code.as_str(), options).catch(&ctx).map_err(fail(true))?;
                            let run: Function = bridge.get("runInline").catch(&ctx).map_err(fail(false))?;
                            run.call((function,)).catch(&ctx).map_err(fail(false))?
                        }
                        Prepared::Module { name, code } => {
                            let declared = Module::declare(ctx.clone(), name.as_str(), code.as_str())
                                .catch(&ctx)
                                .map_err(fail(true))?;
                            let (module, evaluated) = declared.eval().catch(&ctx).map_err(fail(false))?;
                            evaluated.into_future::<Value>().await.catch(&ctx).map_err(fail(false))?;
                            let namespace = module.namespace().catch(&ctx).map_err(fail(false))?;
                            let run: Function = bridge.get("runModule").catch(&ctx).map_err(fail(false))?;
                            run.call((namespace,)).catch(&ctx).map_err(fail(false))?
                        }
                    };
                    promise.into_future::<String>().await.catch(&ctx).map_err(fail(false))
                }
                .await;
                // Reading the console is ours, not the script's: no deadline for it.
                deadline.store(u64::MAX, Ordering::Relaxed);
                let console_json = bridge
                    .restore(&ctx)
                    .and_then(|b| b.get::<_, Function>("takeConsole"))
                    .and_then(|f| f.call::<_, String>(()))
                    .ok();
                RawRun { result, console_json }
            })
            .await
    }

    /// The console of an abandoned call, if the VM can still answer.
    pub(crate) async fn take_console(&self) -> Option<String> {
        let bridge = self.bridge.clone();
        self.context
            .async_with(async move |ctx| {
                bridge.restore(&ctx).and_then(|b| b.get::<_, Function>("takeConsole")).and_then(|f| f.call(())).ok()
            })
            .await
    }
}
