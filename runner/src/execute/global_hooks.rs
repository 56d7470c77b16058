//! BeforeAll / AfterAll hooks. Rust hooks run once per run on the coordinator thread: their
//! state lives in the process. JS hooks run on every worker, on that worker's VM, because what
//! they set up (globals, module state) exists only there; cucumber-js's parallel mode does the
//! same and reports each run with the worker's id (ADR 0011). A JS hook `on:
//! HookTarget.COORDINATOR` runs once per run, on a VM of the coordinator's own that lives from
//! the first BeforeAll to the last AfterAll, as cucumber-js 13.2 runs it in its coordinator.

use super::attachments::{attachment_message, AttachTo};
use super::invoke::invoke;
use super::{RunContext, RunOptions};
use ferridriver_messages::*;
use ferridriver_steps::registry::{HookBody, HookContext, HookDefinition, HookKind, Registry, SessionWorlds};

/// Where a BeforeAll/AfterAll hook runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GlobalScope {
    /// Once per run, outside the workers (Rust hooks, and JS hooks on the coordinator).
    Run,
    /// Once on each worker, inside its VM (the other JS hooks).
    Worker,
}

/// The BeforeAll (or AfterAll) hooks of `scope`, in execution order. In a `serial` run (one
/// worker) the coordinator's JS hooks run on that worker, beside the others in definition
/// order and sharing the steps' module state, as cucumber-js runs them without workers.
pub fn global_hooks(registry: &Registry, kind: HookKind, scope: GlobalScope, serial: bool) -> Vec<&HookDefinition> {
    registry
        .hooks_of(kind)
        .into_iter()
        .filter(|h| match h.body {
            HookBody::Rust(_) => scope == GlobalScope::Run,
            HookBody::External(_) if h.once_per_run && !serial => scope == GlobalScope::Run,
            HookBody::External(_) => scope == GlobalScope::Worker,
        })
        .collect()
}

/// Runs `hooks` one after another, each even after an earlier one failed, and reports them;
/// true when all passed. `host` runs the external ones (a worker's VM).
pub async fn run_global_hooks(
    ctx: &RunContext,
    hooks: &[&HookDefinition],
    run_id: &str,
    options: &RunOptions,
    worker: Option<&mut super::browsers::Worker<'_>>,
) -> bool {
    // Without a worker (the run's own Rust hooks), a browser of their own.
    let mut world = match &worker {
        Some(w) => w.session.world_for_test_case(None),
        None => SessionWorlds::new(options.browsers.unshared(), options.world_parameters.clone()).world(None),
    };
    let worker_id = worker.as_ref().and_then(|w| w.id);
    let mut host = worker.map(|w| w.session.host().as_mut());
    let mut ok = true;
    for hook in hooks {
        let started_id = ctx.id();
        ctx.emit(TestRunHookStarted {
            id: started_id.clone(),
            test_run_started_id: run_id.to_string(),
            hook_id: hook.id.clone(),
            worker_id: worker_id.map(str::to_string),
            timestamp: ctx.now(),
        });
        let timeout = hook.timeout.unwrap_or(options.default_timeout);
        let result = match (hook.body, host.as_deref_mut()) {
            (HookBody::Rust(f), _) => invoke(f(&mut world), timeout).await,
            // BeforeAll/AfterAll hooks get no test case (cucumber-js passes them nothing).
            (HookBody::External(i), Some(host)) => {
                super::invoke::invoke_hosted(host.invoke_hook(i, &mut world, &HookContext::default()), timeout).await
            }
            (HookBody::External(_), None) => super::invoke::instant_result(
                TestStepResultStatus::Failed,
                Some("this hook needs a step host and none was given".to_string()),
            ),
        };
        for a in world.take_attachments() {
            ctx.emit(attachment_message(a, AttachTo::TestRunHook { test_run_hook_started_id: &started_id }, ctx.now()));
        }
        ok &= result.status == TestStepResultStatus::Passed;
        ctx.emit(TestRunHookFinished { test_run_hook_started_id: started_id, result, timestamp: ctx.now() });
    }
    // Gives the hooks' browser context back (their World is gone after this).
    for teardown in world.take_teardowns() {
        let _ = tokio::time::timeout(std::time::Duration::from_secs(10), teardown).await;
    }
    ok
}
