//! Where each worker's browser comes from: a `WorkerBrowser` of its own, started from the run's
//! settings when a step first needs it. Watch mode keeps them between runs, one per pooled
//! worker thread (whose runtime their connections live on), so re-runs find them warm.

use ferridriver_js_world::HostSession;
use ferridriver_steps::lease::{BrowserSettings, BrowserSource, WorkerBrowser};
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

/// What one worker runs with: its session (step host and browser, ADR 0022) and its id in the
/// messages (none when the run has one worker).
pub struct Worker<'a> {
    pub session: HostSession<Box<dyn ferridriver_steps::registry::StepHost>>,
    pub id: Option<&'a str>,
}
