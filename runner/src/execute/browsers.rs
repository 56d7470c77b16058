//! Where each worker's browser comes from: a `WorkerBrowser` of its own, started from the run's
//! settings when a step first needs it. Watch mode keeps them between runs, one per pooled
//! worker thread (whose runtime their connections live on), so re-runs find them warm.

use ferridriver_steps::lease::{BrowserLease, BrowserSettings, BrowserSource, WorkerBrowser};
use ferridriver_steps::registry::World;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

/// The browsers kept per worker number.
type Kept = Arc<Mutex<HashMap<usize, Arc<WorkerBrowser>>>>;

/// The run's browser settings and, in watch mode, the workers' browsers kept between runs.
#[derive(Clone, Default)]
pub struct WorkerBrowsers {
    settings: Arc<BrowserSettings>,
    kept: Option<Kept>,
}

impl std::fmt::Debug for WorkerBrowsers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WorkerBrowsers").field("settings", &self.settings).field("kept", &self.kept.is_some()).finish()
    }
}

impl WorkerBrowsers {
    /// Browsers started as `settings` say, one per worker and run.
    pub fn new(settings: BrowserSettings) -> Self {
        WorkerBrowsers { settings: Arc::new(settings), kept: None }
    }

    /// The same, but each worker number keeps its browser from one run to the next (only for
    /// pooled worker threads: worker `n` must always run on the same thread).
    pub fn kept_between_runs(self) -> Self {
        WorkerBrowsers { kept: Some(Arc::default()), ..self }
    }

    /// The settings browsers are started with.
    pub fn settings(&self) -> &BrowserSettings {
        &self.settings
    }

    /// A browser of its own for a caller outside the workers (the run's Rust BeforeAll and
    /// AfterAll hooks), never kept.
    pub fn unshared(&self) -> Arc<dyn BrowserSource> {
        Arc::new(WorkerBrowser::new(Arc::clone(&self.settings)))
    }

    /// Worker `n`'s browser.
    pub fn for_worker(&self, n: usize) -> Arc<dyn BrowserSource> {
        match &self.kept {
            Some(kept) => {
                let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
                let browser = kept.entry(n).or_insert_with(|| Arc::new(WorkerBrowser::new(Arc::clone(&self.settings))));
                Arc::clone(browser) as Arc<dyn BrowserSource>
            }
            None => Arc::new(WorkerBrowser::new(Arc::clone(&self.settings))),
        }
    }
}

/// What one worker runs with: its step host (its VM), its browser, and its id in the messages
/// (none when the run has one worker).
pub struct Worker<'a> {
    pub host: &'a mut dyn ferridriver_steps::registry::StepHost,
    pub browser: Arc<dyn BrowserSource>,
    pub id: Option<&'a str>,
}

/// A fresh World for one test case (or one round of global hooks) on `browser`, its contexts
/// recorded in `tracer` when there is one.
pub fn world_on(
    parameters: &serde_json::Value,
    browser: &Arc<dyn BrowserSource>,
    tracer: Option<&ferridriver_browser::Tracer>,
) -> World {
    let lease = BrowserLease::new(Arc::clone(browser));
    let lease = match tracer {
        Some(tracer) => lease.traced(tracer.clone()),
        None => lease,
    };
    World::with_browser(parameters.clone(), Arc::new(lease))
}
