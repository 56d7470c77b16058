//! The run's own BeforeAll / AfterAll hooks, on the coordinator thread: the Rust ones, and the
//! JS ones `on: HookTarget.COORDINATOR`, which run in a VM of the coordinator's own. One
//! runtime and (when a JS hook needs it) one session serve the whole run, so what a
//! coordinator BeforeAll sets up (a server, module state) is there for its AfterAll.

use super::browsers::Worker;
use super::global_hooks::{global_hooks, run_global_hooks, GlobalScope};
use super::workers::HostFactory;
use super::{RunContext, RunOptions};
use ferridriver_js_world::HostSession;
use ferridriver_steps::registry::{HookBody, HookKind, Registry};

/// The coordinator's runtime and, when a JS run hook needs one, its own session.
pub struct Coordinator {
    runtime: Option<tokio::runtime::Runtime>,
    worker: Option<Worker<'static>>,
}

impl Coordinator {
    /// Prepares what the run's hooks need (nothing when there are none).
    pub fn new(registry: &Registry, options: &RunOptions, hosts: &HostFactory) -> Coordinator {
        let hooks: Vec<_> = [HookKind::BeforeAll, HookKind::AfterAll]
            .into_iter()
            .flat_map(|kind| global_hooks(registry, kind, GlobalScope::Run))
            .collect();
        if hooks.is_empty() || options.dry_run {
            return Coordinator { runtime: None, worker: None };
        }
        let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
            Ok(rt) => Some(rt),
            Err(e) => {
                eprintln!("error: cannot start a runtime for the run's BeforeAll/AfterAll hooks: {e}");
                None
            }
        };
        let needs_vm = hooks.iter().any(|h| matches!(h.body, HookBody::External(_)));
        let worker = needs_vm.then(|| Worker {
            session: HostSession::bdd(hosts(usize::MAX), options.browsers.unshared(), options.world_parameters.clone()),
            id: None,
        });
        Coordinator { runtime, worker }
    }

    /// Runs the run's BeforeAll (or AfterAll) hooks; true when all passed.
    pub fn run_hooks(
        &mut self,
        ctx: &RunContext,
        registry: &Registry,
        kind: HookKind,
        run_id: &str,
        options: &RunOptions,
    ) -> bool {
        let hooks = global_hooks(registry, kind, GlobalScope::Run);
        if hooks.is_empty() || options.dry_run {
            return true;
        }
        let Some(runtime) = &self.runtime else { return false };
        let ok = runtime.block_on(run_global_hooks(ctx, &hooks, run_id, options, self.worker.as_mut()));
        ctx.flush();
        ok
    }
}

impl Drop for Coordinator {
    /// The session's VM and browser go on the thread and runtime they were made on.
    fn drop(&mut self) {
        if let (Some(runtime), Some(worker)) = (&self.runtime, self.worker.take()) {
            let _guard = runtime.enter();
            drop(worker);
        }
    }
}
