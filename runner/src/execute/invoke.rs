//! Calling one step or hook body: with a timeout, with panics caught, and with the result
//! turned into a `TestStepResult`.

use ferridriver_messages::{Exception, TestStepResult, TestStepResultStatus};
use ferridriver_steps::registry::{FailureOutcome, StepFuture, StepOutcome};
use futures::FutureExt;
use std::cell::RefCell;
use std::panic::AssertUnwindSafe;
use std::time::{Duration, Instant};

pub use ferridriver_steps::registry::{NoHost, StepHost};

thread_local! {
    /// The last panic on this thread, recorded by our panic hook instead of printed.
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Makes panics on worker threads silent (they become failed steps with the panic message);
/// panics elsewhere are reported as before. Idempotent.
pub fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let on_worker = std::thread::current().name().is_some_and(|n| n.starts_with(WORKER_THREAD_PREFIX));
            if on_worker {
                let message = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "panic".to_string());
                let at = info.location().map(|l| format!("\n    at {}:{}:{}", l.file(), l.line(), l.column()));
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{message}{}", at.unwrap_or_default())));
            } else {
                previous(info);
            }
        }));
    });
}

/// Worker threads are named with this prefix (the panic hook recognises them by it).
pub const WORKER_THREAD_PREFIX: &str = "ferridriver-worker-";

/// How much longer than its timeout the runner waits for a JS body: the VM itself stops the
/// call at its timeout (leaving the VM usable when the call was only waiting, as cucumber-js
/// leaves a timed-out step), so the runner's timer is only the fallback for a VM that does
/// not answer; were it first, the call would be dropped half-way and the VM rebuilt.
const HOSTED_SLACK: Duration = Duration::from_secs(2);

/// Runs one Rust body and reports its result.
pub async fn invoke(body: StepFuture<'_>, timeout: Duration) -> TestStepResult {
    invoke_within(body, timeout, Duration::ZERO).await
}

/// Runs one body of the JS host (which keeps the step's time itself) and reports its result.
pub async fn invoke_hosted(body: StepFuture<'_>, timeout: Duration) -> TestStepResult {
    invoke_within(body, timeout, HOSTED_SLACK).await
}

/// Runs `body`, stopping it `slack` after `timeout`, and reports its result.
async fn invoke_within(body: StepFuture<'_>, timeout: Duration, slack: Duration) -> TestStepResult {
    let started = Instant::now();
    let uncounted_before = ferridriver_steps::uncounted::total();
    let mut body = std::pin::pin!(AssertUnwindSafe(body).catch_unwind());
    // The deadline moves by the time the body spent on uncounted work (a browser launch).
    // What the browser was busy with when the time ran out (read before the body is dropped).
    let mut pending: Option<String> = None;
    let outcome = loop {
        let excluded = ferridriver_steps::uncounted::total().saturating_sub(uncounted_before);
        // Never in the past while uncounted work runs (a body polled late would spin).
        let due = started + timeout.saturating_add(slack).saturating_add(excluded);
        let deadline = if excluded.is_zero() { due } else { due.max(Instant::now() + Duration::from_millis(1)) };
        let deadline = tokio::time::Instant::from_std(deadline);
        match tokio::time::timeout_at(deadline, &mut body).await {
            Ok(output) => break Ok(output),
            Err(_) if ferridriver_steps::uncounted::total().saturating_sub(uncounted_before) > excluded => continue,
            Err(elapsed) => {
                pending = ferridriver_browser::pending_action();
                break Err(elapsed);
            }
        }
    };
    let duration = started.elapsed().into();
    let failed = |kind: &str, message: String| TestStepResult {
        duration,
        message: Some(message.clone()),
        status: TestStepResultStatus::Failed,
        exception: Some(Exception { exception_type: kind.to_string(), message: Some(message), stack_trace: None }),
    };
    match outcome {
        Err(_) => failed(
            ferridriver_js_world::JsErrorName::TimeoutError.as_str(),
            ferridriver_browser::timed_out(timeout, pending.as_deref()),
        ),
        Ok(Err(_)) => {
            let message = LAST_PANIC.with(|p| p.borrow_mut().take()).unwrap_or_else(|| "panicked".into());
            failed("Panic", message)
        }
        Ok(Ok(Err(failure))) => TestStepResult {
            duration,
            message: Some(failure.message.clone()),
            status: match failure.outcome {
                FailureOutcome::Failed => TestStepResultStatus::Failed,
                FailureOutcome::Pending => TestStepResultStatus::Pending,
                FailureOutcome::Skipped => TestStepResultStatus::Skipped,
            },
            exception: Some(Exception {
                exception_type: failure.exception_type,
                message: Some(failure.message),
                stack_trace: None,
            }),
        },
        Ok(Ok(Ok(outcome))) => TestStepResult {
            duration,
            message: None,
            status: match outcome {
                StepOutcome::Passed => TestStepResultStatus::Passed,
                StepOutcome::Pending => TestStepResultStatus::Pending,
                StepOutcome::Skipped => TestStepResultStatus::Skipped,
            },
            exception: None,
        },
    }
}

/// A result with a status and no duration (skipped, undefined…).
pub fn instant_result(status: TestStepResultStatus, message: Option<String>) -> TestStepResult {
    TestStepResult { duration: Default::default(), message, status, exception: None }
}
