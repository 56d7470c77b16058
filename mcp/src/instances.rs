//! Browser instances: the `instance` half of a session name. Each instance is one browser,
//! launched when a session of it first needs a page and shared by that instance's sessions
//! (each with its own isolated context). Browsers are launched on the server's runtime, so their
//! connection outlives the session thread that asked first.

use ferridriver_browser::Browser;
use ferridriver_steps::lease::{BrowserSettings, BrowserSource, SourceFuture, StartedBrowser};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// One instance's browser slot.
#[derive(Default)]
pub struct Instance {
    browser: tokio::sync::Mutex<Option<StartedBrowser>>,
    /// Bumped at every (re)launch: a session whose page came from an older generation has lost
    /// its browser and resets.
    generation: AtomicU64,
}

impl Instance {
    /// How many times this instance's browser was launched.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Relaxed)
    }

    /// Whether the browser is up and answers (one round trip; see [`Browser::answers`]).
    pub async fn answers(&self) -> bool {
        let browser = self.browser.lock().await.as_ref().map(|b| Arc::clone(b.browser()));
        match browser {
            Some(browser) => browser.answers().await,
            None => false,
        }
    }

    async fn get_or_launch(
        &self,
        settings: &BrowserSettings,
        runtime: &tokio::runtime::Handle,
    ) -> Result<Arc<Browser>, String> {
        let mut slot = self.browser.lock().await;
        if let Some(started) = slot.as_ref().filter(|s| s.browser().is_connected()) {
            return Ok(Arc::clone(started.browser()));
        }
        // A lost browser's Grid session (if any) is deleted before a new one is asked for.
        if let Some(lost) = slot.take() {
            lost.end().await;
        }
        let settings = settings.clone();
        let started = runtime
            .spawn(async move { StartedBrowser::start(&settings).await })
            .await
            .map_err(|e| format!("the browser launch stopped: {e}"))??;
        let browser = Arc::clone(started.browser());
        *slot = Some(started);
        self.generation.fetch_add(1, Ordering::Relaxed);
        Ok(browser)
    }

    /// Closes the browser (when the instance's last session ended, or at shutdown); a Grid
    /// session is deleted.
    pub async fn close(&self) {
        if let Some(started) = self.browser.lock().await.take() {
            let browser = Arc::clone(started.browser());
            started.end().await;
            if let Ok(browser) = Arc::try_unwrap(browser) {
                browser.close().await;
            }
        }
    }
}

/// Every instance of the server.
pub struct Instances {
    map: Mutex<HashMap<String, Arc<Instance>>>,
    settings: BrowserSettings,
    runtime: tokio::runtime::Handle,
}

impl Instances {
    /// Instances launching browsers with `settings` on `runtime`.
    pub fn new(settings: BrowserSettings, runtime: tokio::runtime::Handle) -> Self {
        Instances { map: Mutex::default(), settings, runtime }
    }

    /// Instance `name`, created on first use.
    pub fn get(&self, name: &str) -> Arc<Instance> {
        let mut map = self.map.lock().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(map.entry(name.to_string()).or_default())
    }

    /// Removes instance `name` and closes its browser.
    pub async fn remove(&self, name: &str) {
        let instance = self.map.lock().unwrap_or_else(PoisonError::into_inner).remove(name);
        if let Some(instance) = instance {
            instance.close().await;
        }
    }

    /// Closes every browser.
    pub async fn close_all(&self) {
        let all: Vec<Arc<Instance>> =
            self.map.lock().unwrap_or_else(PoisonError::into_inner).drain().map(|(_, i)| i).collect();
        for instance in all {
            instance.close().await;
        }
    }

    /// Where the Worlds of instance `name`'s sessions take their browser.
    pub fn source(self: &Arc<Self>, name: &str) -> Arc<dyn BrowserSource> {
        Arc::new(InstanceBrowser { instance: self.get(name), instances: Arc::clone(self) })
    }
}

/// One instance's browser as its sessions see it: launched on the server's runtime when a
/// session first needs a page, shared by the instance's sessions, each scenario in a fresh
/// context of its own (the default `open` and `release`).
struct InstanceBrowser {
    instance: Arc<Instance>,
    instances: Arc<Instances>,
}

impl BrowserSource for InstanceBrowser {
    fn browser(&self) -> SourceFuture<'_, Arc<Browser>> {
        Box::pin(self.instance.get_or_launch(&self.instances.settings, &self.instances.runtime))
    }
}
