//! The worker pool: long-lived OS threads, each with its own single-threaded async runtime and
//! (later) its own JS VM and browser, taking test cases from one shared queue.

use super::attempt::run_attempt;
use super::invoke::{StepHost, WORKER_THREAD_PREFIX};
use super::{PlannedCase, RunContext, RunOptions};
use ferridriver_messages::TestStepResultStatus;
use ferridriver_steps::registry::Registry;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Makes the per-worker host (one per thread, created on that thread).
pub type HostFactory = Arc<dyn Fn(usize) -> Box<dyn StepHost> + Send + Sync>;

/// The final status of every test case that ran, by test case id.
pub type Outcomes = Vec<(String, TestStepResultStatus)>;

/// Runs `cases` on `options.parallel` workers and returns each case's final status.
pub fn run_workers(
    ctx: &RunContext,
    registry: Arc<Registry>,
    cases: Vec<Arc<PlannedCase>>,
    options: Arc<RunOptions>,
    hosts: HostFactory,
) -> Outcomes {
    let queue = Arc::new(Mutex::new(cases.into_iter().collect::<VecDeque<_>>()));
    let stop = Arc::new(AtomicBool::new(false));
    let outcomes = Arc::new(Mutex::new(Vec::new()));
    let workers = options.parallel.max(1);
    let handles: Vec<_> = (0..workers)
        .map(|n| {
            let (ctx, registry, queue, stop, outcomes, options, hosts) = (
                ctx.clone(),
                Arc::clone(&registry),
                Arc::clone(&queue),
                Arc::clone(&stop),
                Arc::clone(&outcomes),
                Arc::clone(&options),
                Arc::clone(&hosts),
            );
            std::thread::Builder::new().name(format!("{WORKER_THREAD_PREFIX}{n}")).spawn(move || {
                let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                    Ok(rt) => rt,
                    Err(e) => {
                        eprintln!("error: worker {n} could not start its runtime: {e}");
                        return;
                    }
                };
                let mut host = hosts(n);
                let worker_id = (workers > 1).then(|| n.to_string());
                runtime.block_on(async {
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let next = queue.lock().map(|mut q| q.pop_front()).unwrap_or(None);
                        let Some(case) = next else { break };
                        let status =
                            run_case(&ctx, &registry, &case, &options, host.as_mut(), worker_id.as_deref()).await;
                        if options.fail_fast && fails_run(status, options.strict) {
                            stop.store(true, Ordering::Relaxed);
                        }
                        if let Ok(mut o) = outcomes.lock() {
                            o.push((case.test_case_id.clone(), status));
                        }
                    }
                });
            })
        })
        .collect();
    for h in handles {
        match h {
            Ok(h) => {
                if h.join().is_err() {
                    eprintln!("error: a worker thread stopped unexpectedly");
                }
            }
            Err(e) => eprintln!("error: could not start a worker thread: {e}"),
        }
    }
    Arc::try_unwrap(outcomes).ok().and_then(|m| m.into_inner().ok()).unwrap_or_default()
}

/// Whether a final status fails the run.
pub fn fails_run(status: TestStepResultStatus, strict: bool) -> bool {
    match status {
        TestStepResultStatus::Failed | TestStepResultStatus::Ambiguous | TestStepResultStatus::Undefined => true,
        TestStepResultStatus::Pending => strict,
        _ => false,
    }
}

/// All attempts of one test case.
async fn run_case(
    ctx: &RunContext,
    registry: &Registry,
    case: &PlannedCase,
    options: &RunOptions,
    host: &mut dyn StepHost,
    worker_id: Option<&str>,
) -> TestStepResultStatus {
    let tags: Vec<&str> = case.pickle.tags.iter().map(|t| t.name.as_str()).collect();
    let retries = if options.retry_tag_filter.as_ref().is_none_or(|f| f.evaluate(&tags)) { options.retry } else { 0 };
    let mut attempt = 0;
    loop {
        let can_retry = attempt < retries;
        let status = run_attempt(ctx, registry, case, attempt, can_retry, options, host, worker_id).await;
        if !(can_retry && status == TestStepResultStatus::Failed) {
            return status;
        }
        attempt += 1;
    }
}
