//! Where worker bodies run. A plain run gives each worker a fresh OS thread and runtime, ended
//! with the run (its browser closes with it). Watch mode keeps a [`WorkerThreads`] pool
//! instead: the same threads, each with one runtime kept for the whole session, run every
//! re-run, so the browser each worker keeps in a thread-local (and its DevTools connection,
//! whose tasks live on that runtime) stays warm between runs.

use super::invoke::WORKER_THREAD_PREFIX;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Mutex;
use std::thread::JoinHandle;

/// A worker body: runs on a worker thread with that thread's runtime.
pub type Job = Box<dyn FnOnce(&tokio::runtime::Runtime) + Send>;

/// Waits for a job to end; `Err` carries why it did not end normally.
pub enum JobHandle {
    Thread(JoinHandle<()>),
    Pooled(Receiver<Result<(), String>>),
}

impl JobHandle {
    /// Blocks until the job ended.
    pub fn join(self) -> Result<(), String> {
        match self {
            JobHandle::Thread(h) => h.join().map_err(|payload| panic_reason(payload.as_ref())),
            JobHandle::Pooled(rx) => rx.recv().unwrap_or_else(|_| Err("the worker thread is gone".into())),
        }
    }
}

fn panic_reason(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".into())
}

/// Runs `job` as worker `n`: on `pool`'s thread `n` when there is a pool, else on a new thread.
pub fn spawn_worker(pool: Option<&WorkerThreads>, n: usize, job: Job) -> Result<JobHandle, String> {
    match pool {
        Some(pool) => pool.run(n, job),
        None => std::thread::Builder::new()
            .name(format!("{WORKER_THREAD_PREFIX}{n}"))
            .spawn(move || match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                Ok(runtime) => job(&runtime),
                Err(e) => panic!("worker {n} could not start its runtime: {e}"),
            })
            .map(JobHandle::Thread)
            .map_err(|e| e.to_string()),
    }
}

type Request = (Job, Sender<Result<(), String>>);

/// Long-lived worker threads, started on first use. Dropping the pool ends them (and with them
/// their browsers).
#[derive(Default)]
pub struct WorkerThreads {
    threads: Mutex<Vec<(Sender<Request>, JoinHandle<()>)>>,
}

impl std::fmt::Debug for WorkerThreads {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.threads.lock().map(|t| t.len()).unwrap_or(0);
        write!(f, "WorkerThreads({n})")
    }
}

impl WorkerThreads {
    fn run(&self, n: usize, job: Job) -> Result<JobHandle, String> {
        let mut threads = self.threads.lock().map_err(|_| "the worker pool is poisoned".to_string())?;
        while threads.len() <= n {
            let next = start_thread(threads.len())?;
            threads.push(next);
        }
        let (done_tx, done_rx) = channel();
        threads[n].0.send((job, done_tx)).map_err(|_| format!("worker {n} is gone"))?;
        Ok(JobHandle::Pooled(done_rx))
    }
}

fn start_thread(n: usize) -> Result<(Sender<Request>, JoinHandle<()>), String> {
    let (tx, rx) = channel::<Request>();
    let handle = std::thread::Builder::new()
        .name(format!("{WORKER_THREAD_PREFIX}{n}"))
        .spawn(move || {
            let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                Ok(rt) => rt,
                Err(e) => {
                    for (_, done) in rx {
                        let _ = done.send(Err(format!("worker {n} could not start its runtime: {e}")));
                    }
                    return;
                }
            };
            for (job, done) in rx {
                let outcome = catch_unwind(AssertUnwindSafe(|| job(&runtime))).map_err(|p| panic_reason(p.as_ref()));
                let _ = done.send(outcome);
            }
        })
        .map_err(|e| e.to_string())?;
    Ok((tx, handle))
}

impl Drop for WorkerThreads {
    fn drop(&mut self) {
        let threads = match self.threads.get_mut() {
            Ok(t) => std::mem::take(t),
            Err(poisoned) => std::mem::take(poisoned.into_inner()),
        };
        for (tx, handle) in threads {
            drop(tx);
            let _ = handle.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static RUNS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    }

    #[test]
    fn pooled_jobs_share_their_thread_and_survive_a_panic() {
        let pool = WorkerThreads::default();
        let (tx, rx) = channel();
        for _ in 0..3 {
            let tx = tx.clone();
            let job: Job = Box::new(move |_| {
                RUNS.with(|r| r.set(r.get() + 1));
                tx.send(RUNS.with(|r| r.get())).unwrap();
            });
            spawn_worker(Some(&pool), 0, job).unwrap().join().unwrap();
        }
        assert_eq!(rx.try_iter().collect::<Vec<_>>(), vec![1, 2, 3], "the thread-local persisted");
        let boom: Job = Box::new(|_| panic!("boom"));
        assert_eq!(spawn_worker(Some(&pool), 0, boom).unwrap().join(), Err("boom".to_string()));
        let after: Job = Box::new(move |_| tx.send(RUNS.with(|r| r.get())).unwrap());
        spawn_worker(Some(&pool), 0, after).unwrap().join().unwrap();
        assert_eq!(rx.recv().unwrap(), 3, "the same thread keeps serving");
        let fresh: Job = Box::new(|_| assert_eq!(RUNS.with(|r| r.get()), 0));
        spawn_worker(None, 0, fresh).unwrap().join().unwrap();
    }
}
