//! A worker's own browser: launched on first use (or attached with `--cdp-endpoint`, or a
//! session on a Selenium Grid with `--grid`), started again for the next scenario when it died,
//! closed (or its Grid session deleted) when the worker drops it. Each
//! scenario gets a fresh context and page, prepared in the background while the previous
//! scenario ran; under `--isolation reset` one context and page per worker, reset between
//! scenarios.

use super::source::{start_browser, BrowserSettings, BrowserSource, Isolation, SourceFuture};
use ferridriver_browser::{Browser, BrowserContext, Page};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use tokio::task::JoinHandle;

/// A fresh context and page prepared while the previous scenario ran.
type Spare = JoinHandle<Result<(BrowserContext, Page), String>>;

/// A worker's own browser. Used from the worker's thread only (its connection's tasks live on
/// that thread's runtime), shared by `Arc` between the leases of its scenarios.
pub struct WorkerBrowser {
    settings: Arc<BrowserSettings>,
    /// Serialises launches: two callers at once must not start two browsers.
    browser: tokio::sync::Mutex<Option<StartedBrowser>>,
    state: Mutex<Prepared>,
}

/// A started browser, and the Grid session it lives in (deleted when this is dropped).
pub struct StartedBrowser {
    browser: Arc<Browser>,
    grid: Option<super::grid::GridSession>,
}

impl StartedBrowser {
    /// Starts a browser as `settings` say: a session on their Grid, a connection to their
    /// `--cdp-endpoint`, or a local launch.
    pub async fn start(settings: &BrowserSettings) -> Result<StartedBrowser, String> {
        match &settings.grid {
            Some(grid) => super::grid::GridSession::start(settings, grid)
                .await
                .map(|(browser, session)| StartedBrowser { browser: Arc::new(browser), grid: Some(session) }),
            None => start_browser(settings).await.map(|b| StartedBrowser { browser: Arc::new(b), grid: None }),
        }
    }

    /// The browser.
    pub fn browser(&self) -> &Arc<Browser> {
        &self.browser
    }

    /// Gives the browser up from async code: its Grid session (if any) is deleted without
    /// blocking the runtime; a launched browser goes when its last handle does.
    pub async fn end(mut self) {
        if let Some(grid) = self.grid.take() {
            grid.end().await;
        }
    }
}

/// What is prepared for the next scenario.
#[derive(Default)]
struct Prepared {
    /// The next scenario's context and page, created in the background: creating them costs
    /// more than most steps, and a context nobody has used is as fresh as a new one.
    spare: Option<Spare>,
    /// Under `--isolation reset`: the worker's one context and page.
    kept: Option<(BrowserContext, Page)>,
    /// The reset of the kept pair after the last scenario (the next scenario awaits it).
    resetting: Option<JoinHandle<Result<(), String>>>,
    /// The kept pair was used since its last successful reset: it is handed out again only
    /// after a reset that is seen to succeed (a wait for one that was cut short does not count).
    dirty: bool,
}

impl WorkerBrowser {
    /// A browser that `settings` say how to start (nothing starts before it is needed).
    pub fn new(settings: Arc<BrowserSettings>) -> Self {
        WorkerBrowser { settings, browser: tokio::sync::Mutex::default(), state: Mutex::default() }
    }

    fn state(&self) -> MutexGuard<'_, Prepared> {
        // Every write is one assignment: a panic elsewhere cannot leave it half-written.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Forgets what was prepared on a browser that is gone.
    fn forget_prepared(&self) {
        let mut state = self.state();
        if let Some(spare) = state.spare.take() {
            spare.abort();
        }
        if let Some(reset) = state.resetting.take() {
            reset.abort();
        }
        state.kept = None;
    }

    /// A fresh pair: the prepared one if it is ready, else a new one; then prepares the next.
    async fn fresh(&self, browser: &Browser) -> Result<(BrowserContext, Page), String> {
        let spare = self.state().spare.take();
        let ready = match spare {
            Some(task) => task.await.ok().and_then(Result::ok),
            None => None,
        };
        let pair = match ready {
            Some(pair) => pair,
            None => new_pair(browser, &self.settings).await?,
        };
        let (connection, settings) = (browser.connection().clone(), Arc::clone(&self.settings));
        let next = tokio::spawn(async move {
            let context =
                BrowserContext::create_with(connection, &settings.context).await.map_err(|e| e.to_string())?;
            let page = context.new_page().await.map_err(|e| e.to_string())?;
            Ok((context, page))
        });
        self.state().spare = Some(next);
        Ok(pair)
    }

    /// The kept pair, clean: the last reset awaited, or a new pair when there is none (or the
    /// reset failed).
    async fn kept(&self, browser: &Browser) -> Result<(BrowserContext, Page), String> {
        let resetting = self.state().resetting.take();
        let reset_ok = match resetting {
            Some(task) => matches!(task.await, Ok(Ok(()))),
            None => !self.state().dirty,
        };
        let kept = self.state().kept.clone();
        if let Some((context, page)) = kept {
            if reset_ok && browser.is_connected() && !page.is_closed() {
                self.state().dirty = true;
                return Ok((context, page));
            }
            tokio::spawn(async move {
                let _ = context.close().await;
            });
        }
        let pair = new_pair(browser, &self.settings).await?;
        let mut state = self.state();
        state.kept = Some(pair.clone());
        state.dirty = true;
        Ok(pair)
    }
}

async fn new_pair(browser: &Browser, settings: &BrowserSettings) -> Result<(BrowserContext, Page), String> {
    let context = browser.new_context_with(&settings.context).await.map_err(|e| e.to_string())?;
    let page = context.new_page().await.map_err(|e| e.to_string())?;
    Ok((context, page))
}

impl BrowserSource for WorkerBrowser {
    fn configured(&self) -> Option<&ferridriver_browser::ContextOptions> {
        Some(&self.settings.context)
    }

    fn browser(&self) -> SourceFuture<'_, Arc<Browser>> {
        Box::pin(async move {
            let mut slot = self.browser.lock().await;
            if let Some(started) = slot.as_ref().filter(|s| s.browser.is_connected()) {
                return Ok(Arc::clone(&started.browser));
            }
            // What was prepared on a browser that is gone is gone too (and its Grid session).
            self.forget_prepared();
            *slot = None;
            // Not charged to the step that happens to need the browser first (as Playwright's
            // worker fixture is not charged to a test); nor is waiting in a Grid's queue.
            let started = crate::uncounted::run(StartedBrowser::start(&self.settings)).await?;
            let browser = Arc::clone(&started.browser);
            *slot = Some(started);
            Ok(browser)
        })
    }

    fn open(&self) -> SourceFuture<'_, (BrowserContext, Page)> {
        Box::pin(async move {
            let mut browser = self.browser().await?;
            // A browser that died between scenarios may not be noticed yet; a scenario must
            // start on one that answers (the failed round trip marks it closed, so asking again
            // relaunches).
            if !browser.answers().await {
                browser = self.browser().await?;
            }
            match self.settings.isolation {
                Isolation::Reset => self.kept(&browser).await,
                Isolation::Context => self.fresh(&browser).await,
            }
        })
    }

    fn release(&self, context: BrowserContext, page: Page) -> Pin<Box<dyn Future<Output = ()> + Send + '_>> {
        Box::pin(async move {
            // Both in the background: the next scenario need not wait for the disposal, and
            // awaits the reset only when it opens its page.
            if self.settings.isolation == Isolation::Reset {
                let settings = Arc::clone(&self.settings);
                let task =
                    tokio::spawn(
                        async move { context.reset(&page, &settings.context).await.map_err(|e| e.to_string()) },
                    );
                self.state().resetting = Some(task);
            } else {
                tokio::spawn(async move {
                    let _ = context.close().await;
                });
            }
        })
    }
}

impl Drop for WorkerBrowser {
    fn drop(&mut self) {
        // Background work on the browser ends with it.
        self.forget_prepared();
    }
}
