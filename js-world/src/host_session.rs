//! `HostSession`: one host's session wired in one place — its step host (the VM), the Worlds it
//! runs in (each with a browser lease on the session's source, gated by the session's `file:`
//! roots in the constructor, so no host can forget the gate) and its world parameters. Every
//! host is a constructor: `bdd` (a worker; watch mode is the same on browsers kept between
//! runs), `mcp` (one per MCP session) and `script` (`ferridriver run`).

use crate::host::JsHost;
use crate::host_kind::HostKind;
use crate::load::JsProgram;
use crate::script::{ScriptOutcome, ScriptRequest, ScriptSandbox};
use crate::tool_call::ToolFailure;
use ferridriver_browser::Tracer;
use ferridriver_steps::lease::BrowserSource;
use ferridriver_steps::registry::{LifecycleEvent, SessionWorlds, StepHost, ToolDefinition, World};
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;

/// One host's session: a step host `H` (a `JsHost`, or under `bdd` a boxed host that may have
/// no VM) and the Worlds it runs in. Script hosts keep one World for the whole session;
/// `bdd` makes one per test case with [`HostSession::world_for_test_case`].
pub struct HostSession<H: StepHost = JsHost> {
    host: H,
    worlds: SessionWorlds,
    /// The session's own World (script hosts), made on first use.
    world: Option<World>,
    tracer: Option<Tracer>,
    /// `ferridriver.host` of the session, for its plugins' `sessionStart`/`sessionEnd`.
    kind: HostKind,
    /// The first call began the session for its plugins (`sessionStart` fired).
    started: bool,
}

/// What a script host's session (MCP or `run`) is made of.
pub struct ScriptSessionParts {
    /// The project's step files and extensions, if any.
    pub program: Option<Arc<JsProgram>>,
    /// The session's roots and `vars`.
    pub sandbox: ScriptSandbox,
    /// The time limit of a call that names none.
    pub fallback_timeout: Duration,
    /// Where the session's browser comes from.
    pub source: Arc<dyn BrowserSource>,
    /// The world parameters (`baseUrl`…).
    pub parameters: Value,
    /// What its extension tools may use (ADR 0025).
    pub policy: crate::policy::HostPolicy,
    /// What `getByTestId` matches (`[browser] testIdAttribute`; default `data-testid`).
    pub test_id_attribute: Option<String>,
}

impl HostSession<Box<dyn StepHost>> {
    /// A `bdd` worker's session: its step host (its VM, or none for a Rust-only suite) on its
    /// own browser (`watch` passes one kept between runs), without a `file:` gate (the suite is
    /// the project's own code).
    pub fn bdd(host: Box<dyn StepHost>, source: Arc<dyn BrowserSource>, parameters: Value) -> Self {
        HostSession {
            host,
            worlds: SessionWorlds::new(source, parameters),
            world: None,
            tracer: None,
            kind: HostKind::Bdd,
            started: false,
        }
    }
}

impl<H: StepHost> HostSession<H> {
    /// The step host, to run steps and hooks in a World of this session.
    pub fn host(&mut self) -> &mut H {
        &mut self.host
    }

    /// A fresh World for one test case (or one round of global hooks), its contexts recorded
    /// in `tracer` when there is one.
    pub fn world_for_test_case(&self, tracer: Option<&Tracer>) -> World {
        self.worlds.world(tracer)
    }

    /// A fresh World for one attempt of a test case, traced and filmed as the run asks.
    pub fn world_for_attempt(&self, tracer: Option<&Tracer>, filming: Option<&ferridriver_browser::Filming>) -> World {
        self.worlds.recorded_world(tracer, filming)
    }

    /// The session's own World and its step host (the runner's step path takes both).
    pub fn parts(&mut self) -> (&mut H, &mut World) {
        let world = self.world.get_or_insert_with(|| self.worlds.world(self.tracer.as_ref()));
        (&mut self.host, world)
    }

    /// Before a call of a script host: the first one starts the session for its plugins
    /// (`sessionStart`, ADR 0028). `run_script` and `invoke_tool` call it themselves.
    pub async fn begin(&mut self) {
        // A VM rebuilt since (after a time-out or running out of memory) starts the session
        // over for its plugins: what their handlers kept and the page watch were in the old one.
        if self.host.restarted() {
            self.started = false;
        }
        if std::mem::replace(&mut self.started, true) {
            return;
        }
        self.fire("sessionStart").await;
    }

    /// Hands the session's event `name` to its host's plugins, in the session's World.
    async fn fire(&mut self, name: &'static str) {
        let event = LifecycleEvent { name, data: serde_json::json!({ "host": self.kind.name() }) };
        let (host, world) = self.parts();
        if let Some(fire) = host.lifecycle(event, world) {
            fire.await;
        }
    }

    /// Ends the session: its plugins hear `sessionEnd` (and get their time to finish), then
    /// its World's teardowns run, the last of which gives its browser contexts back.
    pub async fn close(mut self) {
        if self.started {
            self.fire("sessionEnd").await;
        }
        if let Some(mut world) = self.world.take() {
            end_world(&mut world).await;
        }
    }
}

impl HostSession<JsHost> {
    /// One MCP session on its instance's browser; the `file:` gate of its sandbox and policy is
    /// on every World.
    pub fn mcp(parts: ScriptSessionParts) -> Self {
        Self::for_scripts(HostKind::Mcp, parts)
    }

    /// `ferridriver run`: one script on a browser of its own, gated as [`HostSession::mcp`].
    pub fn script(parts: ScriptSessionParts) -> Self {
        Self::for_scripts(HostKind::Script, parts)
    }

    fn for_scripts(kind: HostKind, parts: ScriptSessionParts) -> Self {
        let ScriptSessionParts { program, sandbox, fallback_timeout, source, parameters, policy, test_id_attribute } =
            parts;
        let mut host = JsHost::for_scripts(program, kind, sandbox, fallback_timeout, policy);
        if test_id_attribute.is_some() {
            host.set_test_id_attribute(test_id_attribute);
        }
        // The script hosts' JsHost always has a gate (its sandbox's roots); the JS session also
        // refuses an ungated World.
        let worlds = match host.file_gate() {
            Some(gate) => SessionWorlds::gated(source, parameters, gate),
            None => SessionWorlds::new(source, parameters),
        };
        HostSession { host, worlds, world: None, tracer: None, kind, started: false }
    }

    /// Records the session's browser in `tracer` from now on (call before anything opened the
    /// page: the session's World is made again with a traced lease).
    pub fn record_trace(&mut self, tracer: Tracer) {
        self.tracer = Some(tracer);
        self.world = None;
    }

    /// The tracer recording this session, if any (the host opens a group per call in it).
    pub fn tracer(&self) -> Option<Tracer> {
        self.tracer.clone()
    }

    /// Runs a script in the session (its globals persist between calls).
    pub async fn run_script(&mut self, request: ScriptRequest) -> ScriptOutcome {
        self.begin().await;
        let (host, world) = self.parts();
        host.run_script(world, request).await
    }

    /// Calls an extension tool (its arguments already checked against its schema); `timeout`
    /// applies when the tool declares none.
    pub async fn invoke_tool(
        &mut self,
        tool: &ToolDefinition,
        args: &Value,
        timeout: Duration,
    ) -> Result<Value, ToolFailure> {
        self.begin().await;
        let (host, world) = self.parts();
        host.invoke_tool(world, tool, args, timeout).await
    }

    /// What the session's VM does between two calls (see [`JsHost::between_calls`]): only
    /// after the session started for its plugins.
    pub fn between_calls(&self, limit: Duration) -> Option<impl std::future::Future<Output = ()> + '_> {
        if !self.started {
            return None;
        }
        self.host.between_calls(limit)
    }

    /// Whether the session's page is open.
    pub fn has_page(&self) -> bool {
        self.world.as_ref().is_some_and(|w| w.browser().current().is_some())
    }

    /// Whether a VM is loaded (scripts ran since the last reset).
    pub fn is_warm(&self) -> bool {
        self.host.is_warm()
    }

    /// Runs a new load of the project from the next call on (the page and `vars` stay).
    pub fn set_program(&mut self, program: Option<Arc<JsProgram>>) {
        self.host.set_program(program);
        self.started = false;
    }

    /// Runs extension tools under `policy` from the next call on (ADR 0025); its `fileRoots`
    /// apply to sessions started after it (the World's gate is the one it started with).
    pub fn set_policy(&mut self, policy: crate::policy::HostPolicy) {
        self.host.set_policy(policy);
        self.started = false;
    }

    /// Drops only the VM, reclaiming its memory; the page and `vars` stay.
    pub fn reset_vm(&mut self) {
        self.host.reset_vm();
        self.started = false;
    }

    /// Starts over after the browser was lost: the World's browser objects are given back, a
    /// fresh World is made on next use, and `globalThis` starts over; `vars` stay.
    pub async fn start_over(&mut self) {
        if let Some(mut world) = self.world.take() {
            end_world(&mut world).await;
        }
        self.host.reset();
        self.started = false;
    }
}

async fn end_world(world: &mut World) {
    for teardown in world.take_teardowns() {
        let _ = tokio::time::timeout(Duration::from_secs(5), teardown).await;
    }
}
