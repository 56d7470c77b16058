//! One QuickJS VM: a runtime and context with our natives and prelude, the bundle's bytecode
//! loaded and evaluated (which registers every definition), and calls into it by index.

use crate::compile::Compiled;
use crate::convert::{self, Attachment, CallResult};
use crate::host_kind::HostKind;
use crate::natives;
use crate::playwright::Session;
use crate::script::ScriptSandbox;
use ferridriver_steps::registry::Invocation;
use rquickjs::context::EvalOptions;
use rquickjs::{Array, AsyncContext, AsyncRuntime, CatchResultExt, Function, Module, Object, Persistent, Promise};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const ASYNC_CONTEXT_PRELUDE: &str = include_str!("js/async_context.js");
const NODE_PRELUDE: &str = include_str!("js/node.js");
const NODE_BUFFER_PRELUDE: &str = include_str!("js/node_buffer.js");
const ABORT_PRELUDE: &str = include_str!("js/abort.js");
const STREAMS_PRELUDE: &str = include_str!("js/streams.js");
const WEB_PRELUDE: &str = include_str!("js/web.js");
const NODE_EXTRA_PRELUDE: &str = include_str!("js/node_extra.js");
const NODE_INSPECT_PRELUDE: &str = include_str!("js/node_inspect.js");
const NODE_REQUIRE_PRELUDE: &str = include_str!("js/node_require.js");
const NODE_VM_PRELUDE: &str = include_str!("js/node_vm.js");
const NODE_PUNYCODE_PRELUDE: &str = include_str!("js/node_punycode.js");
const NODE_URL_LEGACY_PRELUDE: &str = include_str!("js/node_url_legacy.js");
const NODE_STREAMS_PRELUDE: &str = include_str!("js/node_streams.js");
const NODE_STREAM_CLASSES_PRELUDE: &str = include_str!("js/node_stream_classes.js");
const NODE_FS_STREAMS_PRELUDE: &str = include_str!("js/node_fs_streams.js");
const NODE_FS_FD_PRELUDE: &str = include_str!("js/node_fs_fd.js");
const NODE_ZLIB_HTTP_PRELUDE: &str = include_str!("js/node_zlib_http.js");
const NODE_HTTP_CLIENT_PRELUDE: &str = include_str!("js/node_http_client.js");
const NODE_CHILD_PROCESS_PRELUDE: &str = include_str!("js/node_child_process.js");
const CUCUMBER_SCOPE_PRELUDE: &str = include_str!("js/cucumber_scope.js");
const FORMATTER_HELPERS_PRELUDE: &str = include_str!("js/formatter_helpers.js");
const CUCUMBER_PRELUDE: &str = include_str!("js/cucumber.js");
const PLAYWRIGHT_PRELUDE: &str = include_str!("js/playwright.js");
const BROWSER_CONTEXT_PRELUDE: &str = include_str!("js/browser_context.js");
const API_REQUEST_PRELUDE: &str = include_str!("js/api_request.js");
const UNSUPPORTED_PRELUDE: &str = include_str!("js/unsupported.js");
const EMITTER_PRELUDE: &str = include_str!("js/emitter.js");
const PAGE_EVENTS_PRELUDE: &str = include_str!("js/page_events.js");
const CONTEXT_EVENTS_PRELUDE: &str = include_str!("js/context_events.js");
const PAGE_EXTRAS_PRELUDE: &str = include_str!("js/page_extras.js");
const CLOCK_PRELUDE: &str = include_str!("js/clock.js");
const COVERAGE_PRELUDE: &str = include_str!("js/coverage.js");
const ELEMENT_HANDLES_PRELUDE: &str = include_str!("js/element_handles.js");
const JS_HANDLES_PRELUDE: &str = include_str!("js/js_handles.js");
const LAUNCHERS_PRELUDE: &str = include_str!("js/launchers.js");
const PAGE_ROUTES_PRELUDE: &str = include_str!("js/page_routes.js");
const HAR_ROUTES_PRELUDE: &str = include_str!("js/har_routes.js");
const RESPONSE_DETAILS_PRELUDE: &str = include_str!("js/response_details.js");
const LOCATOR_HANDLERS_PRELUDE: &str = include_str!("js/locator_handlers.js");
const WEBSOCKET_ROUTES_PRELUDE: &str = include_str!("js/websocket_routes.js");
const WORKERS_PRELUDE: &str = include_str!("js/workers.js");
const WEBSOCKET_EVENTS_PRELUDE: &str = include_str!("js/websocket_events.js");
const SCREENSHOTS_PRELUDE: &str = include_str!("js/screenshots.js");
const FILE_CHOOSER_PRELUDE: &str = include_str!("js/file_chooser.js");
const EXPOSE_PRELUDE: &str = include_str!("js/expose.js");
const PAGE_TAGS_PRELUDE: &str = include_str!("js/page_tags.js");
const FRAMES_PRELUDE: &str = include_str!("js/frames.js");
const EVALUATE_VALUES_PRELUDE: &str = include_str!("js/evaluate_values.js");
const DEVICES_PRELUDE: &str = include_str!("js/devices.js");
const FRAME_NAVIGATION_PRELUDE: &str = include_str!("js/frame_navigation.js");
const EXPECT_PRELUDE: &str = include_str!("js/expect.js");
const SCRIPT_PRELUDE: &str = include_str!("js/script.js");

/// Limits of one VM.
#[derive(Debug, Clone, Copy)]
pub struct VmLimits {
    /// QuickJS heap limit; past it JS gets `out of memory` and the VM is rebuilt.
    pub memory_bytes: usize,
    /// Maximum JS stack size.
    pub stack_bytes: usize,
}

impl Default for VmLimits {
    fn default() -> Self {
        VmLimits { memory_bytes: 512 << 20, stack_bytes: 1 << 20 }
    }
}

/// The bundle a VM evaluates, and the tools in it that the program leaves out (see
/// `JsProgram::without_files`).
#[derive(Clone, Copy)]
pub struct VmCode<'a> {
    /// The bundle and its bytecode.
    pub compiled: &'a Compiled,
    /// Tools taken out of `plugins[...]` once the bundle is evaluated.
    pub hidden_tools: &'a [String],
    /// Plugins whose event handlers never fire.
    pub hidden_plugins: &'a [String],
    /// What `process.env` starts with, as if this VM had set it ([`crate::JsConfig::preset_env`]).
    pub preset_env: &'a [(String, String)],
}

/// A failure of the VM itself (not a definition's result): it cannot load, or a call was
/// interrupted. `stack` is in bundle positions.
#[derive(Debug, Clone, PartialEq)]
pub struct VmError {
    /// The exception's name (`Error`, `InternalError`…).
    pub exception_type: String,
    /// The exception's message.
    pub message: String,
    /// The stack, in bundle positions.
    pub stack: Option<String>,
    /// The call ran past its deadline and the interrupt handler stopped it.
    pub timed_out: bool,
    /// The call was still waiting (no JS running) at its deadline and was left pending, as
    /// cucumber-js leaves a timed-out step's promise: nothing was interrupted, so the VM and
    /// its module state stay usable. Implies `timed_out`.
    pub abandoned: bool,
}

/// What to call.
pub enum Call {
    /// Step definition `i` with its arguments.
    Step(usize, Invocation),
    /// Hook `i` with its argument as JSON (cucumber-js's `{ pickle, result, … }`).
    Hook(usize, String),
}

/// A loaded VM. It must stay on the thread that created it.
pub struct Vm {
    /// The prelude's bridge object, kept here rather than on the global object (user code
    /// must not reach it). Declared first: it must be freed before the runtime.
    pub(crate) bridge: Bridge,
    pub(crate) context: AsyncContext,
    runtime: AsyncRuntime,
    /// Milliseconds since `epoch` after which the interrupt handler stops JS; `u64::MAX` = never.
    pub(crate) deadline: Arc<AtomicU64>,
    pub(crate) epoch: (Instant, Duration),
    /// Whether [`Vm::drive`] is running (the interrupt handler tells its stops apart).
    driving: Arc<std::sync::atomic::AtomicBool>,
    /// JS driven beside a Rust step was interrupted at its deadline; the interrupted job may
    /// have left the VM's JS state half-done, so the host rebuilds it.
    overran: Arc<std::sync::atomic::AtomicBool>,
}

impl Vm {
    /// Starts a VM and evaluates the bundle in it; `session` gives its steps the browser.
    pub async fn new(
        code: Option<VmCode<'_>>,
        root: &Path,
        host: HostKind,
        limits: VmLimits,
        session: Option<Arc<Session>>,
        sandbox: Option<&ScriptSandbox>,
        commands: Option<Arc<crate::commands::CommandContext>>,
    ) -> Result<Vm, VmError> {
        Vm::start(code, root, host, limits, session, sandbox, commands, None).await
    }

    /// [`Vm::new`], with `plain_env` deciding `process.env` where no tool chain does (a
    /// configuration file's VM).
    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn start(
        code: Option<VmCode<'_>>,
        root: &Path,
        host: HostKind,
        limits: VmLimits,
        session: Option<Arc<Session>>,
        sandbox: Option<&ScriptSandbox>,
        commands: Option<Arc<crate::commands::CommandContext>>,
        plain_env: Option<crate::natives::PlainEnv>,
    ) -> Result<Vm, VmError> {
        let runtime = AsyncRuntime::new().map_err(|e| plain_error(format!("cannot start QuickJS: {e}")))?;
        runtime.set_memory_limit(limits.memory_bytes).await;
        runtime.set_max_stack_size(limits.stack_bytes).await;
        let deadline = Arc::new(AtomicU64::new(u64::MAX));
        // The VM's clock: time since it was made, minus the uncounted time since then.
        let epoch = (Instant::now(), ferridriver_steps::uncounted::total());
        let watched = Arc::clone(&deadline);
        let deadline_seen = Arc::clone(&deadline);
        let driving = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let overran = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (drive_flag, overrun_flag) = (Arc::clone(&driving), Arc::clone(&overran));
        runtime
            .set_interrupt_handler(Some(Box::new(move || {
                let stop = counted_ms(epoch) >= watched.load(Ordering::Relaxed);
                // JS stopped while driven beside a Rust step: its state may be half-done.
                if stop && drive_flag.load(Ordering::Relaxed) {
                    overrun_flag.store(true, Ordering::Relaxed);
                }
                stop
            })))
            .await;
        let context =
            AsyncContext::full(&runtime).await.map_err(|e| plain_error(format!("cannot start QuickJS: {e}")))?;
        let root = root.to_path_buf();
        let bytecode = code.map(|c| c.compiled.bytecode.clone());
        let sandbox = sandbox.cloned();
        let hidden_tools = code.map(|c| c.hidden_tools.to_vec()).unwrap_or_default();
        let hidden_plugins = code.map(|c| c.hidden_plugins.to_vec()).unwrap_or_default();
        let preset_env = code
            .filter(|c| !c.preset_env.is_empty())
            .map(|c| serde_json::to_string(c.preset_env).unwrap_or_default())
            .unwrap_or_default();
        let bridge = context
            .async_with(async move |ctx| -> Result<Bridge, VmError> {
                let fail = |e: rquickjs::CaughtError<'_>| exception_error(e, false);
                let (for_children, children_session) = (commands.clone(), session.clone());
                natives::install(&ctx, &root, host.name(), session, sandbox.as_ref(), commands, plain_env)
                    .catch(&ctx)
                    .map_err(fail)?;
                {
                    let native: rquickjs::Object =
                        ctx.globals().get("__ferridriver_native").catch(&ctx).map_err(fail)?;
                    let past_deadline = Arc::new(move || counted_ms(epoch) >= deadline_seen.load(Ordering::Relaxed));
                    crate::child_process::install(
                        &ctx,
                        &native,
                        host.name(),
                        for_children,
                        children_session,
                        &root,
                        past_deadline,
                    )
                    .catch(&ctx)
                    .map_err(fail)?;
                }
                if !preset_env.is_empty() {
                    // Read once by js/web.js's `process.env` (the natives are hidden after the preludes).
                    let native: rquickjs::Object =
                        ctx.globals().get("__ferridriver_native").catch(&ctx).map_err(fail)?;
                    native.set("presetEnv", preset_env).catch(&ctx).map_err(fail)?;
                }
                let preludes = [
                    ("async_context.js", ASYNC_CONTEXT_PRELUDE),
                    ("node.js", NODE_PRELUDE),
                    ("node_buffer.js", NODE_BUFFER_PRELUDE),
                    ("abort.js", ABORT_PRELUDE),
                    ("streams.js", STREAMS_PRELUDE),
                    ("web.js", WEB_PRELUDE),
                    ("node_extra.js", NODE_EXTRA_PRELUDE),
                    ("node_inspect.js", NODE_INSPECT_PRELUDE),
                    ("node_require.js", NODE_REQUIRE_PRELUDE),
                    ("node_vm.js", NODE_VM_PRELUDE),
                    ("node_punycode.js", NODE_PUNYCODE_PRELUDE),
                    ("node_url_legacy.js", NODE_URL_LEGACY_PRELUDE),
                    ("node_streams.js", NODE_STREAMS_PRELUDE),
                    ("node_stream_classes.js", NODE_STREAM_CLASSES_PRELUDE),
                    ("node_fs_streams.js", NODE_FS_STREAMS_PRELUDE),
                    ("node_fs_fd.js", NODE_FS_FD_PRELUDE),
                    ("node_zlib_http.js", NODE_ZLIB_HTTP_PRELUDE),
                    ("node_http_client.js", NODE_HTTP_CLIENT_PRELUDE),
                    ("node_child_process.js", NODE_CHILD_PROCESS_PRELUDE),
                    ("cucumber.js", CUCUMBER_PRELUDE),
                    ("cucumber_scope.js", CUCUMBER_SCOPE_PRELUDE),
                    ("formatter_helpers.js", FORMATTER_HELPERS_PRELUDE),
                    ("evaluate_values.js", EVALUATE_VALUES_PRELUDE),
                    ("playwright.js", PLAYWRIGHT_PRELUDE),
                    ("browser_context.js", BROWSER_CONTEXT_PRELUDE),
                    ("api_request.js", API_REQUEST_PRELUDE),
                    ("launchers.js", LAUNCHERS_PRELUDE),
                    ("devices.js", DEVICES_PRELUDE),
                    ("emitter.js", EMITTER_PRELUDE),
                    ("page_events.js", PAGE_EVENTS_PRELUDE),
                    ("expose.js", EXPOSE_PRELUDE),
                    ("response_details.js", RESPONSE_DETAILS_PRELUDE),
                    ("locator_handlers.js", LOCATOR_HANDLERS_PRELUDE),
                    ("context_events.js", CONTEXT_EVENTS_PRELUDE),
                    ("page_extras.js", PAGE_EXTRAS_PRELUDE),
                    ("clock.js", CLOCK_PRELUDE),
                    ("coverage.js", COVERAGE_PRELUDE),
                    ("element_handles.js", ELEMENT_HANDLES_PRELUDE),
                    ("file_chooser.js", FILE_CHOOSER_PRELUDE),
                    ("page_routes.js", PAGE_ROUTES_PRELUDE),
                    ("har_routes.js", HAR_ROUTES_PRELUDE),
                    ("page_tags.js", PAGE_TAGS_PRELUDE),
                    ("frames.js", FRAMES_PRELUDE),
                    ("frame_navigation.js", FRAME_NAVIGATION_PRELUDE),
                    ("websocket_routes.js", WEBSOCKET_ROUTES_PRELUDE),
                    ("workers.js", WORKERS_PRELUDE),
                    ("websocket_events.js", WEBSOCKET_EVENTS_PRELUDE),
                    ("screenshots.js", SCREENSHOTS_PRELUDE),
                    ("js_handles.js", JS_HANDLES_PRELUDE),
                    ("unsupported.js", UNSUPPORTED_PRELUDE),
                    ("expect.js", EXPECT_PRELUDE),
                ];
                let script_prelude = (host != HostKind::Bdd).then_some(("script.js", SCRIPT_PRELUDE));
                for (name, source) in preludes.into_iter().chain(script_prelude) {
                    let mut options = EvalOptions::default();
                    options.global = true;
                    options.strict = false;
                    options.filename = Some(format!("ferridriver:{name}"));
                    ctx.eval_with_options::<(), _>(source, options).catch(&ctx).map_err(fail)?;
                }
                let bridge = seal(&ctx).catch(&ctx).map_err(fail)?;
                if let Some(bytecode) = bytecode {
                    // SAFETY: the bytecode was written by `Module::write` of this same QuickJS
                    // build in this process (compile.rs), never read from disk.
                    let module = unsafe { Module::load(ctx.clone(), &bytecode) }.catch(&ctx).map_err(fail)?;
                    let (_, evaluated) = module.eval().catch(&ctx).map_err(fail)?;
                    evaluated.into_future::<()>().await.catch(&ctx).map_err(fail)?;
                }
                let finish: Function = bridge.get("finishLoading").catch(&ctx).map_err(fail)?;
                finish.call::<_, ()>((hidden_tools, hidden_plugins)).catch(&ctx).map_err(fail)?;
                Ok(Bridge(Persistent::save(&ctx, bridge)))
            })
            .await?;
        Ok(Vm { runtime, context, bridge, deadline, epoch, driving, overran })
    }

    /// Stops JS that runs past `limit` from now, until the guard is dropped (then no deadline).
    pub(crate) fn deadline_in(&self, limit: Duration) -> impl Drop + '_ {
        struct Reset<'a>(&'a Vm);
        impl Drop for Reset<'_> {
            fn drop(&mut self) {
                self.0.deadline.store(u64::MAX, Ordering::Relaxed);
            }
        }
        self.deadline.store(counted_ms(self.epoch).saturating_add(limit.as_millis() as u64), Ordering::Relaxed);
        Reset(self)
    }

    /// Sets the heap limit (a script call's `memory_limit_mb`).
    pub async fn set_memory_limit(&self, bytes: usize) {
        self.runtime.set_memory_limit(bytes).await;
    }

    /// The definitions the bundle registered, as the prelude's manifest JSON.
    pub async fn manifest(&self) -> Result<String, VmError> {
        let bridge = self.bridge.clone();
        self.context
            .async_with(async |ctx| {
                let f: Function = bridge
                    .restore(&ctx)
                    .and_then(|b| b.get("manifest"))
                    .catch(&ctx)
                    .map_err(|e| exception_error(e, false))?;
                f.call::<_, String>(()).catch(&ctx).map_err(|e| exception_error(e, false))
            })
            .await
    }

    /// Builds a fresh World for the next test case (`setWorldConstructor` or the default).
    pub async fn new_world(&self, parameters_json: String) -> Result<(), VmError> {
        let bridge = self.bridge.clone();
        self.context
            .async_with(async move |ctx| {
                let f: Function = bridge
                    .restore(&ctx)
                    .and_then(|b| b.get("newWorld"))
                    .catch(&ctx)
                    .map_err(|e| exception_error(e, false))?;
                f.call::<_, ()>((parameters_json,)).catch(&ctx).map_err(|e| exception_error(e, false))
            })
            .await
    }

    /// Runs the VM's pending work (listeners waiting for page events, timers) for as long as
    /// the returned future is polled (it never ends by itself); JS that runs past `limit` is
    /// interrupted. For the time a Rust step runs in the same scenario. The context's own
    /// driver is used rather than `AsyncRuntime::idle`, which prints job errors to stdout.
    pub async fn drive(&self, limit: Duration) {
        let until = counted_ms(self.epoch).saturating_add(limit.as_millis() as u64);
        self.deadline.store(until, Ordering::Relaxed);
        self.driving.store(true, Ordering::Relaxed);
        // Back to "no deadline" when the caller drops this future.
        struct Reset<'a>(&'a Vm);
        impl Drop for Reset<'_> {
            fn drop(&mut self) {
                self.0.deadline.store(u64::MAX, Ordering::Relaxed);
                self.0.driving.store(false, Ordering::Relaxed);
            }
        }
        let _reset = Reset(self);
        self.context.async_with(async |_ctx| std::future::pending::<()>().await).await;
    }

    /// Whether driven JS ran into its deadline since the last call (see [`Vm::drive`]).
    pub fn take_overrun(&self) -> bool {
        self.overran.swap(false, Ordering::Relaxed)
    }

    /// Calls a definition, stopping it after `timeout`; returns its result and what it attached
    /// (attachments are returned even when the VM failed).
    pub async fn invoke(&self, call: Call, timeout: Duration) -> (Result<CallResult, VmError>, Vec<Attachment>) {
        let limit = counted_ms(self.epoch).saturating_add(timeout.as_millis() as u64);
        // The interrupt comes a little after the deadline: a call that is only waiting then is
        // left pending instead (below), and only JS still busy past it is stopped mid-way.
        self.deadline.store(limit.saturating_add(INTERRUPT_GRACE_MS), Ordering::Relaxed);
        let deadline = Arc::clone(&self.deadline);
        let epoch = self.epoch;
        let bridge = self.bridge.clone();
        self.context
            .async_with(async move |ctx| {
                let started: rquickjs::Result<Promise> = (|| {
                    let b = bridge.restore(&ctx)?;
                    match &call {
                        Call::Step(index, invocation) => {
                            let (values, transforms) = convert::step_arguments(&ctx, invocation)?;
                            let table = convert::data_table(&ctx, invocation)?;
                            let f: Function = b.get("invokeStep")?;
                            f.call((*index, values, transforms, table, invocation.doc_string.clone()))
                        }
                        Call::Hook(index, argument) => {
                            b.get::<_, Function>("invokeHook")?.call((*index, argument.clone()))
                        }
                    }
                })();
                let result = match started.catch(&ctx) {
                    Ok(p) => match settled_before(p.into_future::<Object>(), epoch, limit).await {
                        Some(settled) => settled.catch(&ctx).map(|o| Ok(convert::call_result(&o))),
                        None => Ok(Err(abandoned_at_deadline())),
                    },
                    Err(e) => Err(e),
                };
                // The interrupt handler only stops JS past the deadline, so a failure after it
                // is the timeout (QuickJS's uncatchable `InternalError: interrupted`).
                let result =
                    result.map_err(|e| exception_error(e, counted_ms(epoch) >= limit)).and_then(std::convert::identity);
                deadline.store(u64::MAX, Ordering::Relaxed);
                let attachments = bridge
                    .restore(&ctx)
                    .and_then(|b| b.get::<_, Function>("takeAttachments"))
                    .and_then(|f| f.call::<_, Array>(()))
                    .map(|a| convert::attachments(&a))
                    .unwrap_or_default();
                (result, attachments)
            })
            .await
    }
}

/// How long after a call's deadline JS still running is interrupted; a call merely waiting is
/// left pending at the deadline itself.
const INTERRUPT_GRACE_MS: u64 = 100;

/// Awaits `promise` until `limit` (counted milliseconds since `epoch`, which leave out the
/// time a browser took to start); `None` when the deadline came first.
async fn settled_before<F: std::future::Future>(
    promise: F,
    epoch: (Instant, Duration),
    limit: u64,
) -> Option<F::Output> {
    let mut promise = std::pin::pin!(promise);
    loop {
        let left = limit.saturating_sub(counted_ms(epoch));
        if left == 0 {
            return None;
        }
        if let Ok(settled) = tokio::time::timeout(Duration::from_millis(left), promise.as_mut()).await {
            return Some(settled);
        }
    }
}

/// A call left pending at its deadline.
fn abandoned_at_deadline() -> VmError {
    VmError {
        exception_type: "TimeoutError".into(),
        message: "the call was still waiting at its deadline".into(),
        stack: None,
        timed_out: true,
        abandoned: true,
    }
}

impl Vm {
    /// Calls the bridge's async `function` with `args` and awaits its promise for at most
    /// `wait` (not at all with `None`); JS running past `limit` is interrupted. `Ok(false)`:
    /// the wait ran out before the promise settled (it is left as it is).
    pub(crate) async fn call_bridge(
        &self,
        function: &'static str,
        args: (String, String),
        limit: Duration,
        wait: Option<Duration>,
    ) -> Result<bool, VmError> {
        let until = counted_ms(self.epoch).saturating_add(limit.as_millis() as u64);
        self.deadline.store(until, Ordering::Relaxed);
        let bridge = self.bridge.clone();
        let epoch = self.epoch;
        let result = self
            .context
            .async_with(async move |ctx| {
                let started: rquickjs::Result<Promise> =
                    bridge.restore(&ctx).and_then(|b| b.get::<_, Function>(function)).and_then(|f| f.call(args));
                let timed_out = || counted_ms(epoch) >= until;
                let promise = started.catch(&ctx).map_err(|e| exception_error(e, timed_out()))?;
                let Some(wait) = wait else { return Ok(false) };
                match tokio::time::timeout(wait, promise.into_future::<()>()).await {
                    Ok(done) => done.catch(&ctx).map(|()| true).map_err(|e| exception_error(e, timed_out())),
                    Err(_) => Ok(false),
                }
            })
            .await;
        self.deadline.store(u64::MAX, Ordering::Relaxed);
        result
    }

    /// Runs plugin `name`'s `setup` or `teardown` (`which`) and waits for it, for at most
    /// `limit`: past it a busy loop is interrupted and a pending promise abandoned.
    pub(crate) async fn plugin_lifecycle(&self, name: &str, which: &str, limit: Duration) -> Result<(), VmError> {
        match self.call_bridge("pluginLifecycle", (name.to_string(), which.to_string()), limit, Some(limit)).await? {
            true => Ok(()),
            false => Err(VmError {
                exception_type: "TimeoutError".into(),
                message: format!("did not finish within {} s", limit.as_secs()),
                stack: None,
                timed_out: true,
                abandoned: false,
            }),
        }
    }
}

/// The prelude's bridge object, held from Rust.
#[derive(Clone)]
pub(crate) struct Bridge(Persistent<Object<'static>>);

// SAFETY: a `Bridge` is only restored inside `async_with` of the context it was saved from,
// which holds that runtime's lock (rquickjs's `parallel` feature); the VM never leaves its
// thread anyway. `Persistent` is `!Send` only because it cannot know this.
unsafe impl Send for Bridge {}
unsafe impl Sync for Bridge {}

impl Bridge {
    /// Holds `object` of `ctx` from Rust (any object a host keeps across calls).
    pub(crate) fn save<'js>(ctx: &rquickjs::Ctx<'js>, object: Object<'js>) -> Bridge {
        Bridge(Persistent::save(ctx, object))
    }

    /// The bridge object in `ctx` (the context it was saved from).
    pub(crate) fn restore<'js>(&self, ctx: &rquickjs::Ctx<'js>) -> rquickjs::Result<Object<'js>> {
        self.0.clone().restore(ctx)
    }
}

/// Takes the bridge off the global object and removes every internal global that leads to a
/// native, before any user code runs (the preludes captured what they need).
fn seal<'js>(ctx: &rquickjs::Ctx<'js>) -> rquickjs::Result<Object<'js>> {
    // The module map the bundles' virtual modules read (`plugin.rs`): frozen, and the global
    // that holds it fixed, so code loaded first cannot swap another file's imports. `process`
    // stays the global object packages patch (graceful-fs replaces `process.cwd`), as in Node,
    // and so do the two modules that are base classes (`Stream`, `EventEmitter`): subclasses
    // set statics of their own (`Readable.Stream = …`), which a frozen parent's would forbid.
    // The preludes reach them through the frozen map, never through their own properties.
    ctx.eval::<(), _>(
        "(() => { const m = globalThis.__ferridriver_modules; \
         for (const k of Object.keys(m)) if (k !== 'process' && k !== 'events' && k !== 'stream') Object.freeze(m[k]); \
         Object.freeze(m); Object.defineProperty(globalThis, '__ferridriver_modules', \
         { value: m, writable: false, configurable: false, enumerable: false }); })()",
    )?;
    let globals = ctx.globals();
    let bridge: Object = globals.get("__ferridriver")?;
    for name in [
        "__ferridriver",
        "__ferridriver_native",
        "__ferridriver_playwright",
        "__ferridriver_console",
        "__ferridriver_values",
    ] {
        globals.remove(name)?;
    }
    Ok(bridge)
}

fn plain_error(message: String) -> VmError {
    VmError { exception_type: "Error".into(), message, stack: None, timed_out: false, abandoned: false }
}

pub(crate) fn exception_error(e: rquickjs::CaughtError<'_>, timed_out: bool) -> VmError {
    let (exception_type, message, stack) = convert::caught(e);
    VmError { exception_type, message, stack, timed_out, abandoned: false }
}

/// Milliseconds since `epoch` that step timeouts count: the worker's uncounted time (a browser
/// launch, see `ferridriver_steps::uncounted`) left out. The VM runs on its worker's thread,
/// so the interrupt handler reads that thread's clock.
pub(crate) fn counted_ms((start, uncounted_then): (Instant, Duration)) -> u64 {
    let uncounted_since = ferridriver_steps::uncounted::total().saturating_sub(uncounted_then);
    start.elapsed().saturating_sub(uncounted_since).as_millis() as u64
}
