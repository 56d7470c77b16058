//! Plugins' events (ADR 0028): `on: { navigate, console, network, pageError, scenarioStart,
//! scenarioEnd, runStart, runEnd, sessionStart, sessionEnd }` handlers run in the VM where the
//! event happened — a `bdd` worker's, an MCP or `run` session's — so they share its
//! `globalThis` with the steps, tools and scripts there.
//!
//! Fire-and-forget: the host starts every handler and goes on (each handler on its own, with a
//! 5 s limit kept in JS); page events reach handlers through the page's own event pump
//! (js/page_events.js), lifecycle events through [`JsHost::fire`]. Only the final events of a
//! worker or session wait for their handlers (bounded), since the VM goes away after them. A
//! handler that throws or runs out of time is reported on stderr with its plugin, its event and
//! the `.ts` line, at the host's next lifecycle point.

use crate::host::{user_frames, Between, JsHost};
use crate::load::JsProgram;
use crate::playwright::Session;
use crate::vm::{Vm, VmError};
use ferridriver_browser::Page;
use ferridriver_steps::lease::OpenObserver;
use ferridriver_steps::registry::{LifecycleEvent, World};
use rquickjs::Function;
use serde::Deserialize;
use std::sync::Arc;
use std::time::Duration;

/// The page events, which need the World's pages watched from the scenario's (or session's)
/// start.
const PAGE_EVENTS: &[&str] = &["navigate", "console", "network", "pageError"];
/// How long the synchronous start of the handlers may run (a busy loop is interrupted).
const START_LIMIT: Duration = Duration::from_secs(5);
/// How long a final event waits for its handlers: their own 5 s limit, and a margin.
const SETTLE_LIMIT: Duration = Duration::from_secs(6);

/// Whether `program`'s plugins need to hear of `event` (a start also when they listen to
/// page events: that is when the pages come into view).
pub(crate) fn wanted(program: &JsProgram, event: &str) -> bool {
    let manifest = &program.manifest;
    manifest.listens_to(event)
        || (matches!(event, "scenarioStart" | "sessionStart") && PAGE_EVENTS.iter().any(|e| manifest.listens_to(e)))
}

/// A handler that threw or ran out of time, as the VM recorded it.
#[derive(Debug, Deserialize)]
struct EventFailure {
    plugin: String,
    event: String,
    #[serde(rename = "type")]
    kind: String,
    message: String,
    stack: String,
}

impl Vm {
    /// Starts every handler of `event` with `data` (a JSON object); with `settle`, drives the
    /// VM until they have all finished or it passed (then they are left: the VM is going away).
    async fn emit_plugin_event(&self, event: &str, data: &str, settle: Option<Duration>) -> Result<(), VmError> {
        let limit = settle.unwrap_or(START_LIMIT);
        self.call_bridge("emitPluginEvent", (event.to_string(), data.to_string()), limit, settle).await.map(|_| ())
    }

    /// The handlers that failed since the last call.
    async fn take_event_failures(&self) -> Vec<EventFailure> {
        let bridge = self.bridge.clone();
        let json = self
            .context
            .async_with(async move |ctx| {
                bridge
                    .restore(&ctx)
                    .and_then(|b| b.get::<_, Function>("takePluginEventFailures"))
                    .and_then(|f| f.call::<_, String>(()))
                    .unwrap_or_default()
            })
            .await;
        serde_json::from_str(&json).unwrap_or_default()
    }
}

/// The session's page (a scenario's, or an MCP/`run` session's) is watched from the moment it
/// opens — whoever opens it, a Rust step or JS — so its first document's events are not lost;
/// the plugins' tap on the JS page (js/page_events.js) then reads the same feed.
fn watch_from_the_start(session: &Arc<Session>, network: bool) {
    let Ok(lease) = session.lease() else { return };
    let watcher = Arc::clone(session);
    let observer: OpenObserver = Box::new(move |page: Page| {
        Box::pin(async move {
            watcher.feed(0, &page);
            if network {
                let _ = page.watch_network().await;
            }
        })
    });
    if !lease.on_open(observer) {
        // Already open (a session's page from before its VM): watched from now on.
        if let Some((page, _)) = lease.current() {
            session.feed(0, &page);
        }
    }
}

impl JsHost {
    /// Hands `event` to the plugins' handlers in this host's VM (built if needed; a scenario's
    /// start also builds its World, whose pages are then watched for page events).
    pub(crate) async fn fire(&mut self, event: LifecycleEvent, world: &mut World) {
        let between = if self.kind == crate::HostKind::Bdd { Between::TestCase } else { Between::Calls };
        if self.enter(world, between).await.is_err() {
            self.in_flight = false;
            return;
        }
        let Some(vm) = self.vm.as_ref() else { return };
        if event.name == "scenarioStart" && !self.world_ready {
            if vm.new_world(world.parameters.to_string()).await.is_err() {
                // The scenario's first call reports the World's failure.
                self.in_flight = false;
                return;
            }
            self.world_ready = true;
        }
        let program = self.program.as_deref();
        let starts = matches!(event.name, "scenarioStart" | "sessionStart");
        if starts && program.is_some_and(|p| PAGE_EVENTS.iter().any(|e| p.manifest.listens_to(e))) {
            let network = program.is_some_and(|p| p.manifest.listens_to("network"));
            watch_from_the_start(&self.session, network);
        }
        let settle = event.is_final().then_some(SETTLE_LIMIT);
        let emitted = vm.emit_plugin_event(event.name, &event.data.to_string(), settle).await;
        let failures = vm.take_event_failures().await;
        self.in_flight = false;
        if let Err(e) = emitted {
            // A handler's start ran into its limit: the VM's state may be half-done.
            self.poisoned |= e.timed_out;
            eprintln!("warning: plugins' {} handlers: {}: {}", event.name, e.exception_type, e.message);
        }
        self.report_event_failures(failures);
    }

    /// Between two calls of an agent host: the VM's pending work runs as it comes — plugins'
    /// page-event handlers hear a page's events when they happen, not at the next call. JS that
    /// runs past `limit` since this future started is interrupted (the next call then rebuilds
    /// the VM). `None` when no plugin listens to page events (the VM then waits for the call).
    pub fn between_calls(&self, limit: Duration) -> Option<impl std::future::Future<Output = ()> + '_> {
        let listens = self.program.as_deref().is_some_and(|p| PAGE_EVENTS.iter().any(|e| p.manifest.listens_to(e)));
        if !listens || self.in_flight {
            return None;
        }
        self.vm.as_ref().map(|vm| vm.drive(limit))
    }

    /// Reports handlers that failed since the last look (after a call that may have run them).
    pub(crate) async fn report_pending_event_failures(&mut self) {
        let listening = self.program.as_ref().is_some_and(|p| p.manifest.plugins().any(|p| !p.events.is_empty()));
        if let (true, Some(vm)) = (listening, self.vm.as_ref()) {
            let failures = vm.take_event_failures().await;
            self.report_event_failures(failures);
        }
    }

    fn report_event_failures(&self, failures: Vec<EventFailure>) {
        for f in failures {
            let frames = user_frames(&self.rewrite_stack(&f.stack));
            let at = frames.lines().find(|l| l.contains(':')).map(str::trim).unwrap_or("");
            let at = if at.is_empty() { String::new() } else { format!("\n    {at}") };
            eprintln!("warning: plugin \"{}\": on.{} failed: {}: {}{at}", f.plugin, f.event, f.kind, f.message);
        }
    }
}
