//! The browser behind the built-in steps: one per worker thread, launched on first use (or
//! attached with `--cdp-endpoint`), and a fresh context and page per scenario, closed when the
//! scenario ends. A browser that died is relaunched for the next scenario.

use crate::registry::{PendingAttachment, World};
use ferridriver_browser::{Browser, BrowserContext, LaunchOptions, Page};
use std::cell::RefCell;
use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};

/// How workers get their browser (from the command line).
#[derive(Debug, Clone, Default)]
pub struct BrowserSettings {
    pub executable: Option<PathBuf>,
    pub headed: bool,
    pub cdp_endpoint: Option<String>,
    /// Options of every scenario's context (`[browser]` in the config file).
    pub context: ferridriver_browser::ContextOptions,
    /// How scenarios are kept apart (`--isolation`).
    pub isolation: Isolation,
}

/// How scenarios are kept apart.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Isolation {
    /// A fresh incognito context and page per scenario.
    #[default]
    Context,
    /// One context and page per worker, reset to the configured state between scenarios
    /// (`BrowserContext::reset`).
    Reset,
}

impl Isolation {
    /// Reads `context` or `reset`.
    pub fn parse(value: &str) -> Result<Isolation, String> {
        match value {
            "context" => Ok(Isolation::Context),
            "reset" => Ok(Isolation::Reset),
            other => Err(format!("isolation must be `context` or `reset`, not {other:?}")),
        }
    }
}

static SETTINGS: OnceLock<BrowserSettings> = OnceLock::new();

/// Sets the browser settings for this process (the first call wins).
pub fn configure_browser(settings: BrowserSettings) {
    let _ = SETTINGS.set(settings);
}

/// A fresh context and page prepared while the previous scenario ran.
type Spare = tokio::task::JoinHandle<Result<(BrowserContext, Page), String>>;

thread_local! {
    /// The worker's browser. Workers are threads, so a thread-local is exactly "one browser per
    /// worker"; it is closed (and its process killed) when the thread ends.
    static WORKER_BROWSER: RefCell<Option<Arc<Browser>>> = const { RefCell::new(None) };
    /// The next scenario's context and page, created in the background: creating them costs
    /// more than most steps, and a context nobody has used is as fresh as a new one.
    static SPARE: RefCell<Option<Spare>> = const { RefCell::new(None) };
    /// Under `--isolation reset`: the worker's one context and page, and the reset that
    /// cleans them after a scenario (run in the background; the next scenario awaits it).
    static KEPT: RefCell<Option<(BrowserContext, Page)>> = const { RefCell::new(None) };
    static RESETTING: RefCell<Option<tokio::task::JoinHandle<Result<(), String>>>> = const { RefCell::new(None) };
}

/// The worker's kept context and page, clean: the reset of the last scenario awaited, or a new
/// pair when there is none (or the reset failed, or the browser is new).
async fn kept_page(browser: &Browser) -> Result<(BrowserContext, Page), String> {
    let resetting = RESETTING.with(|r| r.borrow_mut().take());
    let reset_ok = match resetting {
        Some(task) => matches!(task.await, Ok(Ok(()))),
        None => true,
    };
    let kept = KEPT.with(|k| k.borrow().clone());
    if let Some((context, page)) = kept {
        if reset_ok && browser.is_connected() && !page.is_closed() {
            return Ok((context, page));
        }
        tokio::spawn(async move {
            let _ = context.close().await;
        });
    }
    let context = browser.new_context_with(&settings().context).await.map_err(|e| e.to_string())?;
    let page = context.new_page().await.map_err(|e| e.to_string())?;
    KEPT.with(|k| *k.borrow_mut() = Some((context.clone(), page.clone())));
    Ok((context, page))
}

/// Resets the kept context when the scenario ends, in the background.
fn reset_at_teardown(world: &mut World, context: BrowserContext, page: Page) {
    world.on_teardown(Box::pin(async move {
        let task =
            tokio::spawn(async move { context.reset(&page, &settings().context).await.map_err(|e| e.to_string()) });
        RESETTING.with(|r| *r.borrow_mut() = Some(task));
    }));
}

/// Starts preparing the next scenario's context and page on this worker.
fn prepare_spare(browser: &Browser) {
    let connection = browser.connection().clone();
    let task = tokio::spawn(async move {
        let options = &settings().context;
        let context = BrowserContext::create_with(connection, options).await.map_err(|e| e.to_string())?;
        let page = context.new_page().await.map_err(|e| e.to_string())?;
        Ok((context, page))
    });
    SPARE.with(|s| *s.borrow_mut() = Some(task));
}

/// A fresh context and page: the prepared ones if they are ready, else new ones.
async fn fresh_page(browser: &Browser) -> Result<(BrowserContext, Page), String> {
    if let Some(task) = SPARE.with(|s| s.borrow_mut().take()) {
        if let Ok(Ok(ready)) = task.await {
            return Ok(ready);
        }
    }
    let context = browser.new_context_with(&settings().context).await.map_err(|e| e.to_string())?;
    let page = context.new_page().await.map_err(|e| e.to_string())?;
    Ok((context, page))
}

/// This process's browser settings (defaults until `configure_browser`).
fn settings() -> &'static BrowserSettings {
    static DEFAULT: OnceLock<BrowserSettings> = OnceLock::new();
    SETTINGS.get().unwrap_or_else(|| DEFAULT.get_or_init(BrowserSettings::default))
}

/// Closes `context` when the scenario ends, in the background: the next scenario need not
/// wait for its disposal.
fn close_at_teardown(world: &mut World, context: BrowserContext) {
    world.on_teardown(Box::pin(async move {
        tokio::spawn(async move {
            let _ = context.close().await;
        });
    }));
}

/// Launches a browser (or attaches to one) as `settings` say.
pub async fn start_browser(settings: &BrowserSettings) -> Result<Browser, String> {
    match &settings.cdp_endpoint {
        Some(url) => Browser::connect(url).await,
        None => {
            let options = LaunchOptions {
                executable: settings.executable.clone(),
                headless: !settings.headed,
                ..Default::default()
            };
            Browser::launch(&options).await
        }
    }
    .map_err(|e| e.to_string())
}

/// Where a World's browser comes from when it is not the worker's own: the MCP server gives
/// each session the browser of its instance, shared by the instance's contexts (ADR 0013).
pub type BrowserSource =
    Arc<dyn Fn() -> Pin<Box<dyn Future<Output = Result<Arc<Browser>, String>> + Send>> + Send + Sync>;

/// The World's browser source, if the host set one.
#[derive(Default)]
struct SourceOfBrowser(Option<BrowserSource>);

/// The browser of this World: its host's source, else the worker's.
async fn browser_for(world: &mut World) -> Result<Arc<Browser>, String> {
    match world.state::<SourceOfBrowser>().0.clone() {
        Some(source) => source().await,
        None => worker_browser().await,
    }
}

async fn worker_browser() -> Result<Arc<Browser>, String> {
    if let Some(b) = WORKER_BROWSER.with(|b| b.borrow().clone()).filter(|b| b.is_connected()) {
        return Ok(b);
    }
    // The prepared (or kept) context of a browser that is gone is gone too.
    if let Some(spare) = SPARE.with(|s| s.borrow_mut().take()) {
        spare.abort();
    }
    KEPT.with(|k| k.borrow_mut().take());
    if let Some(reset) = RESETTING.with(|r| r.borrow_mut().take()) {
        reset.abort();
    }
    let settings = SETTINGS.get().cloned().unwrap_or_default();
    // Not charged to the step that happens to need the browser first (as Playwright's worker
    // fixture is not charged to a test).
    let browser = Arc::new(crate::uncounted::run(start_browser(&settings)).await?);
    WORKER_BROWSER.with(|b| *b.borrow_mut() = Some(Arc::clone(&browser)));
    Ok(browser)
}

/// The scenario's page, created on first use.
#[derive(Default)]
pub struct Browsing {
    page: Option<Page>,
    context: Option<BrowserContext>,
    /// The last HTTP response of the API steps.
    pub(crate) response: Option<super::http::Response>,
}

/// The `file:` gate of this World's contexts (set by the MCP and script hosts).
#[derive(Default)]
struct FileGate(Option<ferridriver_browser::UrlGate>);

/// Puts this World's file gate on `context`, when it has one.
async fn gate(world: &mut World, context: &BrowserContext) -> Result<(), String> {
    match world.state::<FileGate>().0.clone() {
        Some(gate) => context.gate_file_urls(gate).await.map_err(|e| e.to_string()),
        None => Ok(()),
    }
}

impl Browsing {
    /// Makes every context this World opens fail the `file:` requests `gate` refuses (agents
    /// are steered by what they read: a page must not become a way to read the user's files).
    pub fn gate_file_urls(world: &mut World, gate: ferridriver_browser::UrlGate) {
        world.state::<FileGate>().0 = Some(gate);
    }

    /// Makes this World take its browser from `source` instead of the worker's own.
    pub fn use_browser(world: &mut World, source: BrowserSource) {
        world.state::<SourceOfBrowser>().0 = Some(source);
    }

    /// The scenario's page and context if a step already opened them; never launches anything
    /// (the JS world asks this before each call, so a scenario that never browses stays cheap).
    pub fn current(world: &mut World) -> Option<(Page, BrowserContext)> {
        let state = world.state::<Browsing>();
        Some((state.page.clone()?, state.context.clone()?))
    }

    /// The scenario's browser context (created with its page on first use).
    pub async fn context(world: &mut World) -> Result<BrowserContext, String> {
        Browsing::page(world).await?;
        world.state::<Browsing>().context.clone().ok_or_else(|| "the scenario has no browser context".to_string())
    }

    /// Another fresh context on this worker's browser, for a scenario with several users
    /// (Playwright's `browser.newContext(options)`); closed when the scenario ends.
    pub async fn extra_context(
        world: &mut World,
        options: &ferridriver_browser::ContextOptions,
    ) -> Result<BrowserContext, String> {
        let browser = browser_for(world).await?;
        let context = browser.new_context_with(options).await.map_err(|e| e.to_string())?;
        close_at_teardown(world, context.clone());
        gate(world, &context).await?;
        Ok(context)
    }

    /// The product and version of this World's browser (launching it if needed).
    pub async fn browser_version(world: &mut World) -> Result<String, String> {
        browser_for(world).await?.version().await.map_err(|e| e.to_string())
    }

    /// The scenario's page: a new browser context and page the first time.
    pub async fn page(world: &mut World) -> Result<Page, String> {
        if let Some(p) = &world.state::<Browsing>().page {
            return Ok(p.clone());
        }
        let shared = world.state::<SourceOfBrowser>().0.is_some();
        let browser = browser_for(world).await?;
        let reset = !shared && settings().isolation == Isolation::Reset;
        let (context, page) = if shared {
            // A shared browser has no worker to prepare spares for.
            let context = browser.new_context().await.map_err(|e| e.to_string())?;
            let page = context.new_page().await.map_err(|e| e.to_string())?;
            (context, page)
        } else if reset {
            kept_page(&browser).await?
        } else {
            let ready = fresh_page(&browser).await?;
            prepare_spare(&browser);
            ready
        };
        let state = world.state::<Browsing>();
        state.page = Some(page.clone());
        state.context = Some(context.clone());
        if reset {
            reset_at_teardown(world, context.clone(), page.clone());
        } else {
            close_at_teardown(world, context.clone());
        }
        gate(world, &context).await?;
        let shot = page.clone();
        world.on_failure_evidence(Box::new(move || {
            let page = shot.clone();
            Box::pin(async move {
                match page.screenshot().await {
                    Ok(png) => vec![PendingAttachment {
                        body: png,
                        is_text: false,
                        media_type: "image/png".into(),
                        file_name: Some("screenshot.png".into()),
                    }],
                    Err(_) => Vec::new(),
                }
            })
        }));
        let console = page.clone();
        world.on_step_end(Box::new(move || {
            let errors = console.take_console_errors();
            Box::pin(async move {
                errors
                    .into_iter()
                    .map(|e| PendingAttachment {
                        body: e.into_bytes(),
                        is_text: true,
                        media_type: "text/x.cucumber.log+plain".into(),
                        file_name: None,
                    })
                    .collect()
            })
        }));
        Ok(page)
    }
}
