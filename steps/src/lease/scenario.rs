//! One session's share of a browser source: the scenario's context and page (opened on first
//! use), the extra contexts it opened, and the `file:` gate all of them carry. Held by `Arc` by
//! the World and by the JS natives, so either can open the page.

use super::source::BrowserSource;
use ferridriver_browser::{BrowserContext, ContextOptions, Filming, Page, Tracer, UrlGate};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// A session's browser objects. Nothing is launched or opened until a step or script asks for
/// the page; [`BrowserLease::end`] gives everything back.
pub struct BrowserLease {
    source: Arc<dyn BrowserSource>,
    /// Which `file:` URLs this session's pages may load (`None`: all, as under `bdd`). Fixed
    /// when the lease is made, so no context it opens can miss it.
    gate: Option<UrlGate>,
    /// Records every context this lease opens while it holds them (`--trace`).
    tracer: Option<Tracer>,
    /// Films every page of the contexts this lease opens while it holds them (`--video`).
    filming: Option<Filming>,
    /// Held while the scenario's pair is being opened: callers at the same time get one pair.
    opening: tokio::sync::Mutex<()>,
    held: Mutex<Held>,
    /// Bumped when the scenario's pair is opened and when the lease ends ([`Self::when_open`]).
    changes: tokio::sync::watch::Sender<u64>,
}

/// Work to do on the scenario's page as it opens, before anyone gets it (see
/// [`BrowserLease::on_open`]).
pub type OpenObserver = Box<dyn FnOnce(Page) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>> + Send>;

#[derive(Default)]
struct Held {
    scenario: Option<(BrowserContext, Page)>,
    /// Run when the scenario's page opens, before it is handed out.
    observers: Vec<OpenObserver>,
    /// Contexts of `browser.newContext()`, closed when the lease ends.
    extra: Vec<BrowserContext>,
    ended: bool,
}

const ENDED: &str = "the browser of this scenario was already given back (its test case or session ended)";

impl BrowserLease {
    /// A lease on `source` whose pages may load any `file:` URL.
    pub fn new(source: Arc<dyn BrowserSource>) -> Self {
        BrowserLease {
            source,
            gate: None,
            tracer: None,
            filming: None,
            opening: tokio::sync::Mutex::new(()),
            held: Mutex::default(),
            changes: tokio::sync::watch::Sender::new(0),
        }
    }

    /// This lease, recording its contexts in `tracer` from the moment it opens them until it
    /// gives them back.
    pub fn traced(self, tracer: Tracer) -> Self {
        BrowserLease { tracer: Some(tracer), ..self }
    }

    /// This lease, filming the pages of its contexts into `filming` from the moment it opens
    /// them until it gives them back.
    pub fn filmed(self, filming: Filming) -> Self {
        BrowserLease { filming: Some(filming), ..self }
    }

    /// The tracer recording this lease's contexts, if any.
    pub fn tracer(&self) -> Option<&Tracer> {
        self.tracer.as_ref()
    }

    /// A lease on `source` whose contexts fail the `file:` requests `gate` refuses (agents are
    /// steered by what they read: a page must not become a way to read the user's files).
    pub fn gated(source: Arc<dyn BrowserSource>, gate: UrlGate) -> Self {
        BrowserLease { gate: Some(gate), ..BrowserLease::new(source) }
    }

    fn held(&self) -> MutexGuard<'_, Held> {
        // Every write is one assignment: a panic elsewhere cannot leave it half-written.
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The `file:` gate of this lease's contexts, if it has one.
    pub fn file_gate(&self) -> Option<UrlGate> {
        self.gate.clone()
    }

    /// Whether the scenario's context is (or will be, once opened) made with `strictSelectors:
    /// true`; never opens anything.
    pub fn strict_selectors(&self) -> bool {
        match self.current() {
            Some((_, context)) => context.strict_selectors(),
            None => self.source.configured().is_some_and(|o| o.strict_selectors == Some(true)),
        }
    }

    /// The scenario's page and context if something opened them; never opens anything.
    pub fn current(&self) -> Option<(Page, BrowserContext)> {
        self.held().scenario.as_ref().map(|(context, page)| (page.clone(), context.clone()))
    }

    /// The scenario's page once something opened it (never opens it itself); `None` when the
    /// lease ends first. For observers that must not start a browser (plugins' page events).
    pub async fn when_open(&self) -> Option<Page> {
        // Subscribed before looking, so an opening in between is not missed.
        let mut changes = self.changes.subscribe();
        loop {
            {
                let held = self.held();
                if held.ended {
                    return None;
                }
                if let Some((_, page)) = &held.scenario {
                    return Some(page.clone());
                }
            }
            changes.changed().await.ok()?;
        }
    }

    /// Runs `observer` on the scenario's page when it opens, before the page is handed to
    /// anyone, so it sees everything that happens on it (plugins' page events). `false` when the
    /// page is already open or the lease ended: the observer was not kept.
    pub fn on_open(&self, observer: OpenObserver) -> bool {
        let mut held = self.held();
        if held.ended || held.scenario.is_some() {
            return false;
        }
        held.observers.push(observer);
        true
    }

    /// The scenario's page: its source's context and page the first time.
    pub async fn page(&self) -> Result<Page, String> {
        Ok(self.opened().await?.1)
    }

    /// The scenario's context (opened with its page on first use).
    pub async fn context(&self) -> Result<BrowserContext, String> {
        Ok(self.opened().await?.0)
    }

    async fn opened(&self) -> Result<(BrowserContext, Page), String> {
        let _opening = self.opening.lock().await;
        {
            let held = self.held();
            if held.ended {
                return Err(ENDED.into());
            }
            if let Some(pair) = &held.scenario {
                return Ok(pair.clone());
            }
        }
        let (context, page) = self.source.open().await?;
        // Gated before anyone can use it: a page whose gate failed is never handed out.
        if let Err(e) = self.gate(&context).await {
            self.source.release(context, page).await;
            return Err(e);
        }
        context.set_tracer(self.tracer.clone()).await;
        if let Err(e) = self.film(&context).await {
            let _ = context.set_filming(None).await;
            context.set_tracer(None).await;
            self.source.release(context, page).await;
            return Err(e);
        }
        let (ended, observers) = {
            let mut held = self.held();
            if !held.ended {
                held.scenario = Some((context.clone(), page.clone()));
            }
            (held.ended, std::mem::take(&mut held.observers))
        };
        if !ended {
            // Before anyone has the page: observers miss nothing that happens on it.
            for observer in observers {
                // An observer that hangs (a browser that stopped answering) must not keep the
                // page from the step that opened it for ever.
                let _ = tokio::time::timeout(std::time::Duration::from_secs(10), observer(page.clone())).await;
            }
        }
        self.changes.send_modify(|n| *n += 1);
        if ended {
            // Ended while the pair was being opened: it goes back at once.
            let _ = context.set_filming(None).await;
            context.set_tracer(None).await;
            self.source.release(context, page).await;
            return Err(ENDED.into());
        }
        Ok((context, page))
    }

    /// Another fresh context on the session's browser, for a scenario with several users
    /// (Playwright's `browser.newContext(options)`); closed when the lease ends.
    pub async fn new_context(&self, options: &ContextOptions) -> Result<BrowserContext, String> {
        if self.held().ended {
            return Err(ENDED.into());
        }
        let browser = self.source.browser().await?;
        let context = browser.new_context_with(options).await.map_err(|e| e.to_string())?;
        let ended = {
            let mut held = self.held();
            if !held.ended {
                held.extra.push(context.clone());
            }
            held.ended
        };
        if ended {
            // The lease ended while the context was being made: nobody would close it.
            let _ = tokio::time::timeout(std::time::Duration::from_secs(5), context.close()).await;
            return Err(ENDED.into());
        }
        // On failure the context stays listed (and is closed when the lease ends) but unused.
        self.gate(&context).await?;
        context.set_tracer(self.tracer.clone()).await;
        self.film(&context).await?;
        Ok(context)
    }

    /// Starts filming `context` when the lease films.
    async fn film(&self, context: &BrowserContext) -> Result<(), String> {
        match &self.filming {
            Some(filming) => context.set_filming(Some(filming.clone())).await.map_err(|e| format!("--video: {e}")),
            None => Ok(()),
        }
    }

    /// The product and version of the session's browser (starting it if needed).
    pub async fn browser_version(&self) -> Result<String, String> {
        self.source.browser().await?.version().await.map_err(|e| e.to_string())
    }

    async fn gate(&self, context: &BrowserContext) -> Result<(), String> {
        match &self.gate {
            Some(gate) => context.gate_file_urls(gate.clone()).await.map_err(|e| e.to_string()),
            None => Ok(()),
        }
    }

    /// Gives everything back: closes the extra contexts and releases the scenario's pair to its
    /// source. Later calls of [`page`](Self::page) fail; ending twice does nothing.
    pub async fn end(&self) {
        let (scenario, extra) = {
            let mut held = self.held();
            held.ended = true;
            held.observers.clear();
            (held.scenario.take(), std::mem::take(&mut held.extra))
        };
        self.changes.send_modify(|n| *n += 1);
        // The scenario's pair first: a hung extra context must not keep it from its source.
        // Untraced first: the next session's use of a kept context is not this one's.
        if let Some((context, page)) = scenario {
            if self.filming.is_some() {
                let _ = context.set_filming(None).await;
            }
            context.set_tracer(None).await;
            // Its routes went with the scenario's JS world: its next pages are not held for them.
            context.route_new_pages(false);
            // So did its locator handlers.
            context.forget_locator_handlers();
            // Its HARs (`routeFromHAR` with `update`, `tracing.startHar`) end with the scenario,
            // as they would when it closed.
            if let Err(e) = context.end_hars().await {
                eprintln!("ferridriver: {e}");
            }
            self.source.release(context, page).await;
        }
        for context in extra {
            if self.filming.is_some() {
                let _ = context.set_filming(None).await;
            }
            context.set_tracer(None).await;
            // Its HARs first, on a time of their own (their last bodies are waited for a few
            // seconds): a hung close must not lose them, nor they keep the context open.
            match tokio::time::timeout(std::time::Duration::from_secs(10), context.end_hars()).await {
                Ok(Err(e)) => eprintln!("ferridriver: {e}"),
                Err(_) => eprintln!("ferridriver: a HAR of the scenario's context was not written in time"),
                Ok(Ok(())) => {}
            }
            let _ = tokio::time::timeout(std::time::Duration::from_secs(2), context.close()).await;
        }
    }
}
