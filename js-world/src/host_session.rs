//! `HostSession`: a script host's whole session wired in one place — its VM (`JsHost`), its
//! World and the World's browser lease, gated by the session's `file:` roots in the
//! constructor, so no host can forget the gate. The MCP server keeps one per session and
//! `ferridriver run` one per script; `bdd` keeps a `JsHost` per worker and a World per test
//! case (the runner owns those Worlds).

use crate::host::JsHost;
use crate::host_kind::HostKind;
use crate::load::JsProgram;
use crate::script::{ScriptOutcome, ScriptRequest, ScriptSandbox};
use crate::tool_call::ToolFailure;
use ferridriver_browser::Tracer;
use ferridriver_steps::lease::{BrowserLease, BrowserSource};
use ferridriver_steps::registry::{ToolDefinition, World};
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;

/// One script session: a VM, a World that lives until the session ends or starts over, and
/// where its browser comes from.
pub struct HostSession {
    host: JsHost,
    world: World,
    source: Arc<dyn BrowserSource>,
    parameters: Value,
}

impl HostSession {
    /// A session of host `kind`: `HostKind::Mcp` (one per MCP session, on its instance's
    /// browser) or `HostKind::Script` (`ferridriver run`, on a browser of its own). `program` is
    /// the project's step files and extensions (if any), `sandbox` the session's roots and
    /// `vars`.
    pub fn new(
        kind: HostKind,
        program: Option<Arc<JsProgram>>,
        sandbox: ScriptSandbox,
        fallback_timeout: Duration,
        source: Arc<dyn BrowserSource>,
        parameters: Value,
        policy: crate::policy::HostPolicy,
    ) -> Self {
        let host = JsHost::for_scripts(program, kind, sandbox, fallback_timeout, policy);
        let world = world_for(&host, &source, &parameters, None);
        HostSession { host, world, source, parameters }
    }

    /// Records the session's browser in `tracer` from now on (call before anything opened the
    /// page: the World is made again with a traced lease).
    pub fn record_trace(&mut self, tracer: Tracer) {
        self.world = world_for(&self.host, &self.source, &self.parameters, Some(&tracer));
    }

    /// The tracer recording this session, if any (the host opens a group per call in it).
    pub fn tracer(&self) -> Option<Tracer> {
        self.world.browser().tracer().cloned()
    }

    /// Runs a script in the session (its globals persist between calls).
    pub async fn run_script(&mut self, request: ScriptRequest) -> ScriptOutcome {
        self.host.run_script(&mut self.world, request).await
    }

    /// Calls an extension tool (its arguments already checked against its schema); `timeout`
    /// applies when the tool declares none.
    pub async fn invoke_tool(
        &mut self,
        tool: &ToolDefinition,
        args: &Value,
        timeout: Duration,
    ) -> Result<Value, ToolFailure> {
        self.host.invoke_tool(&mut self.world, tool, args, timeout).await
    }

    /// The VM and the World, for running the suite's steps in the session (the runner's step
    /// path takes both).
    pub fn parts(&mut self) -> (&mut JsHost, &mut World) {
        (&mut self.host, &mut self.world)
    }

    /// Whether the session's page is open.
    pub fn has_page(&self) -> bool {
        self.world.browser().current().is_some()
    }

    /// Whether a VM is loaded (scripts ran since the last reset).
    pub fn is_warm(&self) -> bool {
        self.host.is_warm()
    }

    /// Runs a new load of the project from the next call on (the page and `vars` stay).
    pub fn set_program(&mut self, program: Option<Arc<JsProgram>>) {
        self.host.set_program(program);
    }

    /// Runs extension tools under `policy` from the next call on (ADR 0025); its `fileRoots`
    /// apply to sessions started after it (the World's gate is the one it started with).
    pub fn set_policy(&mut self, policy: crate::policy::HostPolicy) {
        self.host.set_policy(policy);
    }

    /// Drops only the VM, reclaiming its memory; the page and `vars` stay.
    pub fn reset_vm(&mut self) {
        self.host.reset_vm();
    }

    /// Starts over after the browser was lost: the World's browser objects are given back, a
    /// fresh World is made, and `globalThis` starts over; `vars` stay.
    pub async fn start_over(&mut self) {
        let tracer = self.tracer();
        end_world(&mut self.world).await;
        self.world = world_for(&self.host, &self.source, &self.parameters, tracer.as_ref());
        self.host.reset();
    }

    /// Ends the session: runs the World's teardowns, the last of which gives its browser
    /// contexts back.
    pub async fn close(mut self) {
        end_world(&mut self.world).await;
    }
}

/// A World on `source` whose lease carries `host`'s `file:` gate (and records in `tracer`).
fn world_for(host: &JsHost, source: &Arc<dyn BrowserSource>, parameters: &Value, tracer: Option<&Tracer>) -> World {
    let lease = match host.file_gate() {
        Some(gate) => BrowserLease::gated(Arc::clone(source), gate),
        None => BrowserLease::new(Arc::clone(source)),
    };
    let lease = match tracer {
        Some(tracer) => lease.traced(tracer.clone()),
        None => lease,
    };
    World::with_browser(parameters.clone(), Arc::new(lease))
}

async fn end_world(world: &mut World) {
    for teardown in world.take_teardowns() {
        let _ = tokio::time::timeout(Duration::from_secs(5), teardown).await;
    }
}
