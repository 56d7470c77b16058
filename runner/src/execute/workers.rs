//! The worker pool: long-lived OS threads, each with its own single-threaded async runtime and
//! its own step host (JS VM and browser), taking test cases from one shared queue after its
//! BeforeAll hooks ran.

use super::attempt::run_attempt;
use super::browsers::Worker;
use super::global_hooks::{global_hooks, run_global_hooks, GlobalScope};
use super::invoke::StepHost;
use super::threads::{spawn_worker, Job};
use super::{PlannedCase, RunContext, RunOptions};
use ferridriver_js_world::HostSession;
use ferridriver_messages::TestStepResultStatus;
use ferridriver_steps::registry::{HookKind, Registry};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Makes the per-worker host (one per thread, created on that thread).
pub type HostFactory = Arc<dyn Fn(usize) -> Box<dyn StepHost> + Send + Sync>;

/// The final status of every test case that ran: `(test case id, pickle id, status)`.
pub type Outcomes = Vec<CaseOutcome>;

/// How one test case ended.
#[derive(Debug, Clone)]
pub struct CaseOutcome {
    pub test_case_id: String,
    pub pickle_id: String,
    /// The final attempt's status.
    pub status: TestStepResultStatus,
    /// It passed only on a retry: an earlier attempt failed.
    pub flaky: bool,
}

/// What the worker pool reports back.
#[derive(Debug, Default)]
pub struct PoolOutcome {
    /// The final status of every test case that ran.
    pub outcomes: Outcomes,
    /// Whether every worker started, ran its BeforeAll and AfterAll hooks green and ended
    /// normally.
    pub hooks_passed: bool,
}

/// Starts `workers` threads. Each runs the JS BeforeAll hooks on its own VM and reports whether
/// they passed; then `plan` is called once with the verdict of all of them (and of the Rust
/// hooks before) and returns the test cases, which the workers take from one shared queue.
/// At the end each worker runs its AfterAll hooks.
pub fn run_workers(
    ctx: &RunContext,
    registry: Arc<Registry>,
    options: Arc<RunOptions>,
    hosts: HostFactory,
    workers: usize,
    run_id: &str,
    plan: impl FnOnce(bool) -> Vec<Arc<PlannedCase>>,
) -> PoolOutcome {
    let queue = Arc::new(Mutex::new(VecDeque::<Arc<PlannedCase>>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let hooks_failed = Arc::new(AtomicBool::new(false));
    let outcomes = Arc::new(Mutex::new(Vec::new()));
    let (ready_tx, ready_rx) = std::sync::mpsc::channel::<bool>();
    // Opened once the test cases are queued (or are known to be none).
    let (gate_tx, gate_rx) = tokio::sync::watch::channel(false);
    let workers = workers.max(1);
    let pool = options.threads.clone();
    let handles: Vec<_> = (0..workers)
        .map(|n| {
            let (ctx, registry, queue, stop, hooks_failed, outcomes, options, hosts) = (
                ctx.clone(),
                Arc::clone(&registry),
                Arc::clone(&queue),
                Arc::clone(&stop),
                Arc::clone(&hooks_failed),
                Arc::clone(&outcomes),
                Arc::clone(&options),
                Arc::clone(&hosts),
            );
            let (ready_tx, mut gate_rx, run_id) = (ready_tx.clone(), gate_rx.clone(), run_id.to_string());
            let job: Job = Box::new(move |runtime: &tokio::runtime::Runtime| {
                let worker_id = (workers > 1).then(|| n.to_string());
                let session =
                    HostSession::bdd(hosts(n), options.browsers.for_worker(n), options.world_parameters.clone());
                let mut worker = Worker { session, id: worker_id.as_deref() };
                let worker_hooks = |kind| {
                    if options.dry_run {
                        Vec::new()
                    } else {
                        global_hooks(&registry, kind, GlobalScope::Worker, options.parallel <= 1)
                    }
                };
                let (before_all, after_all) = (worker_hooks(HookKind::BeforeAll), worker_hooks(HookKind::AfterAll));
                runtime.block_on(async {
                    if !options.dry_run {
                        fire_run_event(&mut worker, "runStart").await;
                    }
                    let ok = run_global_hooks(&ctx, &before_all, &run_id, &options, Some(&mut worker)).await;
                    ctx.flush();
                    let _ = ready_tx.send(ok);
                    drop(ready_tx);
                    // An error means the coordinator is gone; then the queue stays empty.
                    let _ = gate_rx.wait_for(|open| *open).await;
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let next = queue.lock().map(|mut q| q.pop_front()).unwrap_or(None);
                        let Some(case) = next else { break };
                        let (status, attempts) = run_case(&ctx, &registry, &case, &options, &mut worker).await;
                        if options.fail_fast && fails_run(status, &options) {
                            stop.store(true, Ordering::Relaxed);
                        }
                        if let Ok(mut o) = outcomes.lock() {
                            o.push(CaseOutcome {
                                test_case_id: case.test_case_id.clone(),
                                pickle_id: case.pickle.id.clone(),
                                status,
                                flaky: attempts > 1 && status == TestStepResultStatus::Passed,
                            });
                        }
                        // A rebuilt VM lost what BeforeAll set up: set it up again (ADR 0011).
                        if worker.session.host().restarted()
                            && !run_global_hooks(&ctx, &before_all, &run_id, &options, Some(&mut worker)).await
                        {
                            hooks_failed.store(true, Ordering::Relaxed);
                        }
                    }
                    let after_ok = run_global_hooks(&ctx, &after_all, &run_id, &options, Some(&mut worker)).await;
                    if !options.dry_run {
                        fire_run_event(&mut worker, "runEnd").await;
                    }
                    if !(ok && after_ok) {
                        hooks_failed.store(true, Ordering::Relaxed);
                    }
                });
            });
            spawn_worker(pool.as_deref(), n, job)
        })
        .collect();
    drop(ready_tx);
    // Every worker that started reports once; a worker that died early closes its sender.
    // Read every verdict (no short cut) so that all BeforeAll hooks finish before planning. A
    // worker that died before reporting (its sender dropped) counts as a failed BeforeAll.
    let verdicts: Vec<bool> = ready_rx.iter().collect();
    let cases = plan(verdicts.len() == workers && verdicts.iter().all(|ok| *ok));
    if let Ok(mut q) = queue.lock() {
        q.extend(cases);
    }
    // The workers' envelopes must follow the test cases: hand over what is buffered first.
    ctx.flush();
    let _ = gate_tx.send(true);
    for h in handles {
        let ended =
            h.and_then(|h| h.join().map_err(|reason| format!("a worker thread stopped unexpectedly: {reason}")));
        if let Err(e) = ended {
            eprintln!("error: {e}");
            hooks_failed.store(true, Ordering::Relaxed);
        }
    }
    PoolOutcome {
        outcomes: Arc::try_unwrap(outcomes).ok().and_then(|m| m.into_inner().ok()).unwrap_or_default(),
        hooks_passed: !hooks_failed.load(Ordering::Relaxed),
    }
}

/// Whether a final status fails the run. In a dry run nothing executes, so undefined and
/// ambiguous steps are reported without failing it (as cucumber-js documents).
pub fn fails_run(status: TestStepResultStatus, options: &RunOptions) -> bool {
    match status {
        TestStepResultStatus::Ambiguous | TestStepResultStatus::Undefined => !options.dry_run,
        TestStepResultStatus::Failed => true,
        TestStepResultStatus::Pending => options.strict,
        _ => false,
    }
}

/// All attempts of one test case: the final status and how many attempts it took.
async fn run_case(
    ctx: &RunContext,
    registry: &Registry,
    case: &PlannedCase,
    options: &RunOptions,
    worker: &mut Worker<'_>,
) -> (TestStepResultStatus, u32) {
    let tags: Vec<&str> = case.pickle.tags.iter().map(|t| t.name.as_str()).collect();
    let retries = if options.retry_tag_filter.as_ref().is_none_or(|f| f.evaluate(&tags)) { options.retry } else { 0 };
    let mut attempt = 0;
    loop {
        let can_retry = attempt < retries;
        let status = run_attempt(ctx, registry, case, attempt, can_retry, options, worker).await;
        if !(can_retry && status == TestStepResultStatus::Failed) {
            return (status, attempt + 1);
        }
        attempt += 1;
    }
}

/// Hands a worker's `runStart` / `runEnd` to its host's plugins (ADR 0028: each worker's VM
/// hears them, as it runs its own BeforeAll hooks), in a World of their own.
pub(super) async fn fire_run_event(worker: &mut super::browsers::Worker<'_>, name: &'static str) {
    let mut world = worker.session.world_for_test_case(None);
    let data = serde_json::json!({ "worker": worker.id });
    let event = ferridriver_steps::registry::LifecycleEvent { name, data };
    if let Some(fire) = worker.session.host().lifecycle(event, &mut world) {
        fire.await;
    }
    for teardown in world.take_teardowns() {
        let _ = tokio::time::timeout(std::time::Duration::from_secs(10), teardown).await;
    }
}
