//! The run's own BeforeAll / AfterAll hooks: the Rust ones, and the JS ones `on:
//! HookTarget.COORDINATOR`, which run in a VM of the coordinator's own. They run on a thread of
//! their own whose runtime keeps going between the BeforeAll and the AfterAll hooks, as
//! cucumber-js's coordinator process does: what a coordinator BeforeAll starts (a server
//! whose output is read, a browser connection, the VM's timers) keeps running while the
//! workers run the scenarios, and is there for its AfterAll.

use super::browsers::Worker;
use super::global_hooks::{global_hooks, run_global_hooks, GlobalScope};
use super::workers::{fire_run_event, HostFactory};
use super::{RunContext, RunOptions};
use ferridriver_js_world::HostSession;
use ferridriver_steps::registry::{HookBody, HookKind, Registry};
use std::sync::Arc;
use std::time::Duration;

/// Run hooks to run, and how the answer comes back.
struct Request {
    kind: HookKind,
    reply: std::sync::mpsc::Sender<bool>,
}

/// The coordinator's thread (none when the run has no hooks of its own).
pub struct Coordinator {
    requests: Option<tokio::sync::mpsc::UnboundedSender<Request>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Coordinator {
    /// Starts the thread when the run has hooks of its own.
    pub fn new(
        ctx: &RunContext,
        registry: &Arc<Registry>,
        options: &Arc<RunOptions>,
        hosts: &HostFactory,
        run_id: &str,
    ) -> Coordinator {
        let none = Coordinator { requests: None, thread: None };
        let hooks: Vec<_> = [HookKind::BeforeAll, HookKind::AfterAll]
            .into_iter()
            .flat_map(|kind| global_hooks(registry, kind, GlobalScope::Run, options.parallel <= 1))
            .collect();
        if hooks.is_empty() || options.dry_run {
            return none;
        }
        let needs_vm = hooks.iter().any(|h| matches!(h.body, HookBody::External(_)));
        let (requests, incoming) = tokio::sync::mpsc::unbounded_channel::<Request>();
        let (ctx, registry, options, hosts, run_id) =
            (ctx.clone(), Arc::clone(registry), Arc::clone(options), Arc::clone(hosts), run_id.to_string());
        let thread = std::thread::Builder::new()
            .name("ferridriver-coordinator".into())
            .spawn(move || serve(ctx, registry, options, hosts, run_id, needs_vm, incoming));
        match thread {
            Ok(thread) => Coordinator { requests: Some(requests), thread: Some(thread) },
            Err(e) => {
                eprintln!("error: cannot start a thread for the run's BeforeAll/AfterAll hooks: {e}");
                Coordinator { requests: None, thread: None }
            }
        }
    }

    /// Runs the run's BeforeAll (or AfterAll) hooks; true when all passed (and when there
    /// are none).
    pub fn run_hooks(&mut self, registry: &Registry, kind: HookKind, options: &RunOptions) -> bool {
        if options.dry_run || global_hooks(registry, kind, GlobalScope::Run, options.parallel <= 1).is_empty() {
            return true;
        }
        let (reply, answer) = std::sync::mpsc::channel();
        let sent = self.requests.as_ref().is_some_and(|r| r.send(Request { kind, reply }).is_ok());
        sent && answer.recv().unwrap_or(false)
    }
}

impl Drop for Coordinator {
    /// Ends the thread; its session's VM and browser go with it, on the thread they were made on.
    fn drop(&mut self) {
        self.requests = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The coordinator thread: runs each request's hooks, and between them drives the runtime
/// (and, once a JS run hook ran, the VM's pending work) until the requests end.
fn serve(
    ctx: RunContext,
    registry: Arc<Registry>,
    options: Arc<RunOptions>,
    hosts: HostFactory,
    run_id: String,
    needs_vm: bool,
    mut incoming: tokio::sync::mpsc::UnboundedReceiver<Request>,
) {
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start a runtime for the run's BeforeAll/AfterAll hooks: {e}");
            return;
        }
    };
    runtime.block_on(async move {
        let mut worker = needs_vm.then(|| Worker {
            session: HostSession::bdd(hosts(usize::MAX), options.browsers.unshared(), options.world_parameters.clone()),
            id: None,
        });
        if let Some(worker) = worker.as_mut() {
            fire_run_event(worker, "runStart").await;
        }
        let mut ended = false;
        loop {
            // The VM's pending work runs between requests; JS that runs 30 s on end (a timer
            // that loops) is stopped, and the drive is made again every 10 s so that work that
            // yields is never near the limit.
            let request = {
                let driving = worker.as_mut().and_then(|w| w.session.host().background(Duration::from_secs(30)));
                match driving {
                    Some(driving) => tokio::select! {
                        request = incoming.recv() => request,
                        () = tokio::time::sleep(Duration::from_secs(10)) => continue,
                        // A drive that ends by itself leaves only the requests to wait for.
                        () = driving => incoming.recv().await,
                    },
                    None => incoming.recv().await,
                }
            };
            let Some(Request { kind, reply }) = request else { break };
            let hooks = global_hooks(&registry, kind, GlobalScope::Run, options.parallel <= 1);
            let ok = run_global_hooks(&ctx, &hooks, &run_id, &options, worker.as_mut()).await;
            ctx.flush();
            if kind == HookKind::AfterAll {
                if let Some(worker) = worker.as_mut() {
                    fire_run_event(worker, "runEnd").await;
                    ctx.flush();
                }
                ended = true;
            }
            let _ = reply.send(ok);
        }
        // A run without AfterAll hooks of its own still ends for the plugins that heard it start.
        if let (false, Some(worker)) = (ended, worker.as_mut()) {
            fire_run_event(worker, "runEnd").await;
            ctx.flush();
        }
    });
}
