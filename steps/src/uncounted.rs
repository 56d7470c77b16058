//! Time that step timeouts do not count: a worker's browser starting. Playwright launches the
//! browser in a worker fixture, outside any test's timeout; here the first step that needs the
//! browser launches it, and on a busy machine the launch alone can take longer than a step's
//! whole timeout. The launch is timed on the worker thread and the step's deadline moves by as
//! much (both the runner's timer and the JS VM's interrupt deadline read this clock).

use std::cell::Cell;
use std::future::Future;
use std::time::{Duration, Instant};

thread_local! {
    /// Uncounted time that has ended.
    static ENDED: Cell<Duration> = const { Cell::new(Duration::ZERO) };
    /// Since when uncounted work has been running, and how many such pieces run now (a step's
    /// timer may fire in the middle of one; the time it has taken so far counts as uncounted).
    static RUNNING: Cell<(Option<Instant>, u32)> = const { Cell::new((None, 0)) };
}

/// All uncounted time on this thread so far, the work still running included; a deadline
/// moves by how much this grows.
pub fn total() -> Duration {
    let running = RUNNING.with(Cell::get).0.map_or(Duration::ZERO, |since| since.elapsed());
    ENDED.with(Cell::get) + running
}

/// Runs `work` and adds the time it takes to this thread's uncounted time.
pub async fn run<F: Future>(work: F) -> F::Output {
    RUNNING.with(|r| {
        let (since, depth) = r.get();
        r.set((since.or_else(|| Some(Instant::now())), depth + 1));
    });
    // Ends the piece also when the future is dropped half-way.
    struct End;
    impl Drop for End {
        fn drop(&mut self) {
            RUNNING.with(|r| {
                let (since, depth) = r.get();
                if depth <= 1 {
                    ENDED.with(|e| e.set(e.get() + since.map_or(Duration::ZERO, |s| s.elapsed())));
                    r.set((None, 0));
                } else {
                    r.set((since, depth - 1));
                }
            });
        }
    }
    let _end = End;
    work.await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "current_thread")]
    async fn uncounted_work_adds_its_time_also_while_it_runs() {
        let before = total();
        let work = run(tokio::time::sleep(Duration::from_millis(60)));
        let watch = async {
            tokio::time::sleep(Duration::from_millis(30)).await;
            total() - before
        };
        let ((), during) = tokio::join!(work, watch);
        assert!(during >= Duration::from_millis(30), "{during:?}");
        assert!(total() - before >= Duration::from_millis(60));
        let after = total();
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(total(), after, "counted time again once the work ended");
    }
}
