//! The scenario's browser objects as the JS world sees them. The page and context are the
//! same ones the built-in Rust steps use (`Browsing`), so JS and Rust steps mix in one
//! scenario. Opening them needs the `World`, which only the host holds during a call: a native
//! that needs a page it does not have yet sends a demand, and the host serves it next to the
//! running call (`Provider::serve`). A scenario that never touches the page launches nothing.

use ferridriver_browser::{BrowserContext, Page, PageEvent};
use ferridriver_steps::builtin::{resolve_url_in, Browsing};
use ferridriver_steps::registry::World;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::{broadcast, mpsc, oneshot, watch};

/// A page's event subscription, shared by the calls that read it (one at a time).
pub(crate) type EventFeed = Arc<tokio::sync::Mutex<broadcast::Receiver<PageEvent>>>;

/// What JS needs the World for; answered when it is ready.
enum Demand {
    /// The scenario's page and context.
    Open(oneshot::Sender<Result<(), String>>),
    /// Another context (`browser.newContext()`); its id in the session.
    NewContext(Box<ferridriver_browser::ContextOptions>, oneshot::Sender<Result<usize, String>>),
    /// The browser's product and version (`browser.version()`).
    Version(oneshot::Sender<Result<String, String>>),
}

/// What this worker's JS world may drive right now; shared by the natives of its VM.
pub struct Session {
    state: Mutex<State>,
    demands: mpsc::UnboundedSender<Demand>,
    /// Bumped when a test case ends, which ends the event reads still waiting for its pages.
    generation: watch::Sender<u64>,
    /// Whether the host is serving demands now (during a JS call, not beside a Rust step).
    serving: std::sync::atomic::AtomicBool,
    /// In the script hosts, the check `file:` pages must pass (below script_root or
    /// artifacts_root); `None` under bdd, which opens local files freely.
    file_gate: Mutex<Option<ferridriver_browser::UrlGate>>,
    /// The `allow.net` lists of the handlers running now.
    net: crate::net_policy::NetPolicies,
}

#[derive(Default)]
struct State {
    /// Page 0 is the scenario page; `context.newPage()` adds more. `None` once closed from JS.
    pages: Vec<Option<Page>>,
    /// The URL of each page after its last operation (`page.url()` is synchronous in JS).
    urls: Vec<String>,
    context: Option<BrowserContext>,
    /// Contexts opened with `browser.newContext()`; context id `n` is `extra[n - 1]`, `None`
    /// once closed.
    extra: Vec<Option<BrowserContext>>,
    /// The world parameters (for `baseUrl`).
    parameters: serde_json::Value,
    /// Event subscriptions by page id (made when JS adds its first listener to a page).
    feeds: HashMap<usize, EventFeed>,
}

/// The host's end: opens the page and context when JS asks for them.
pub struct Provider {
    demands: mpsc::UnboundedReceiver<Demand>,
}

/// A session and the provider that serves it.
pub fn session() -> (Arc<Session>, Provider) {
    let (tx, rx) = mpsc::unbounded_channel();
    let session = Session {
        state: Mutex::new(State::default()),
        demands: tx,
        generation: watch::channel(0).0,
        serving: std::sync::atomic::AtomicBool::new(false),
        file_gate: Mutex::new(None),
        net: crate::net_policy::NetPolicies::default(),
    };
    (Arc::new(session), Provider { demands: rx })
}

impl Session {
    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic elsewhere cannot leave State half-written (every write is one assignment).
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The network policies of the running handlers.
    pub(crate) fn net(&self) -> &crate::net_policy::NetPolicies {
        &self.net
    }

    /// Limits `file:` navigation to files below `roots` (agents can be steered by what they
    /// read: a page must not become a way to read the user's files).
    pub fn restrict_files(&self, roots: Vec<std::path::PathBuf>) {
        *self.file_gate.lock().unwrap_or_else(PoisonError::into_inner) =
            Some(ferridriver_browser::file_roots_gate(roots));
    }

    /// The `file:` gate of the script hosts (the World's contexts get it too).
    pub fn file_gate(&self) -> Option<ferridriver_browser::UrlGate> {
        self.file_gate.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Whether navigating to `url` is allowed: anything but `file:` always; a `file:` URL only
    /// when the gate (if any) lets it through. Checked here for a clear error before the page
    /// is touched; the page's own gate catches what a click or redirect reaches.
    pub(crate) fn check_navigation(&self, url: &str) -> Result<(), String> {
        match self.file_gate() {
            Some(gate) => gate(url).map_err(|reason| format!("navigation to {reason}")),
            None => Ok(()),
        }
    }

    /// Forgets the previous test case's page and context (its World closed them).
    pub fn reset(&self) {
        *self.state() = State::default();
        self.generation.send_modify(|g| *g += 1);
    }

    /// Marks whether demands are served now (the host sets it around each JS call).
    pub fn set_serving(&self, on: bool) {
        self.serving.store(on, std::sync::atomic::Ordering::Relaxed);
    }

    /// Sends a demand only when someone will serve it: a demand queued beside a Rust step
    /// would wait for the next JS call, possibly of the next test case.
    fn demand(&self, demand: Demand) -> Result<(), String> {
        if !self.serving.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(NOT_SERVING.to_string());
        }
        self.demands.send(demand).map_err(|_| OUTSIDE.to_string())
    }

    /// Which test case this is (it changes whenever one starts or ends). JS objects remember
    /// the value they were made in, so a leftover call of an earlier test case is refused.
    pub fn generation(&self) -> u64 {
        *self.generation.borrow()
    }

    /// Page `id`'s event feed, subscribing on first use.
    pub(crate) fn feed(&self, id: usize, page: &Page) -> EventFeed {
        let mut state = self.state();
        Arc::clone(state.feeds.entry(id).or_insert_with(|| Arc::new(tokio::sync::Mutex::new(page.events()))))
    }

    /// Page `id`'s event feed if JS subscribed to it.
    pub(crate) fn existing_feed(&self, id: usize) -> Option<EventFeed> {
        self.state().feeds.get(&id).cloned()
    }

    /// Resolves when the current test case ends.
    pub(crate) fn ended(&self) -> impl std::future::Future<Output = ()> + 'static {
        let mut generation = self.generation.subscribe();
        async move {
            // An error means the session is gone, which ends the test case too.
            let _ = generation.changed().await;
        }
    }

    /// Before each call: the world parameters, and the page a Rust step may have opened.
    pub fn sync(&self, world: &mut World) {
        let current = Browsing::current(world);
        let mut state = self.state();
        state.parameters = world.parameters.clone();
        if state.context.is_none() {
            if let Some((page, context)) = current {
                state.pages = vec![Some(page)];
                state.urls = vec![String::new()];
                state.context = Some(context);
            }
        }
    }

    /// Before each call: the scenario page's URL, which a Rust step may have changed.
    pub async fn refresh(&self) {
        let page = self.state().pages.first().cloned().flatten();
        if let Some(page) = page {
            // A page busy in a script loop must not hold up the step; the old URL then stays.
            if let Ok(Ok(url)) = tokio::time::timeout(std::time::Duration::from_secs(1), page.url()).await {
                self.set_url(0, url);
            }
        }
    }

    /// Page `id`'s URL as last seen: what its navigations reported, else what the last
    /// operation read (`about:blank` before anything happened).
    pub fn url(&self, id: usize) -> String {
        let state = self.state();
        if let Some(Some(page)) = state.pages.get(id) {
            return page.last_known_url();
        }
        state.urls.get(id).filter(|u| !u.is_empty()).cloned().unwrap_or_else(|| "about:blank".into())
    }

    pub(crate) fn set_url(&self, id: usize, url: String) {
        if let Some(slot) = self.state().urls.get_mut(id) {
            *slot = url;
        }
    }

    /// Page `id` (0: the scenario page, opened on first use).
    pub(crate) async fn page(&self, id: usize) -> Result<Page, String> {
        if id == 0 {
            self.open().await?;
        }
        match self.state().pages.get(id) {
            Some(Some(p)) => Ok(p.clone()),
            Some(None) => Err("the page has been closed".into()),
            None => Err(format!("no page {id} in this scenario")),
        }
    }

    /// The scenario's context (opened with its page on first use).
    pub(crate) async fn context(&self) -> Result<BrowserContext, String> {
        self.open().await?;
        self.state().context.clone().ok_or_else(|| "the scenario has no browser context".into())
    }

    /// Context `id`: 0 is the scenario's, others come from `browser.newContext()`.
    pub(crate) async fn context_by_id(&self, id: usize) -> Result<BrowserContext, String> {
        if id == 0 {
            return self.context().await;
        }
        match self.state().extra.get(id - 1) {
            Some(Some(c)) => Ok(c.clone()),
            Some(None) => Err("the browser context has been closed".into()),
            None => Err(format!("no browser context {id} in this scenario")),
        }
    }

    /// Opens another context for this scenario; returns its id.
    pub(crate) async fn new_context(&self, options: ferridriver_browser::ContextOptions) -> Result<usize, String> {
        let (tx, rx) = oneshot::channel();
        self.demand(Demand::NewContext(Box::new(options), tx))?;
        rx.await.map_err(|_| OUTSIDE.to_string())?
    }

    /// The product and version of the World's browser (launching it if needed).
    pub(crate) async fn browser_version(&self) -> Result<String, String> {
        let (tx, rx) = oneshot::channel();
        self.demand(Demand::Version(tx))?;
        rx.await.map_err(|_| OUTSIDE.to_string())?
    }

    /// Marks context `id` (not the scenario's) closed.
    pub(crate) fn context_closed(&self, id: usize) {
        let mut state = self.state();
        if let Some(slot) = id.checked_sub(1).and_then(|i| state.extra.get_mut(i)) {
            *slot = None;
        }
    }

    fn add_context(&self, context: BrowserContext) -> usize {
        let mut state = self.state();
        state.extra.push(Some(context));
        state.extra.len()
    }

    /// The scenario's context if it is already open (never opens one: `fetch` shares its
    /// cookies but must not launch a browser).
    pub(crate) fn open_context(&self) -> Option<BrowserContext> {
        self.state().context.clone()
    }

    /// Remembers a page opened from JS; returns its id.
    pub(crate) fn add_page(&self, page: Page) -> usize {
        let mut state = self.state();
        // Id 0 is the scenario's page, even before it opens (a BeforeAll's own context).
        if state.pages.is_empty() {
            state.pages.push(None);
            state.urls.push(String::new());
        }
        state.pages.push(Some(page));
        state.urls.push(String::new());
        state.pages.len() - 1
    }

    /// Marks page `id` closed.
    pub(crate) fn closed(&self, id: usize) {
        if let Some(slot) = self.state().pages.get_mut(id) {
            *slot = None;
        }
    }

    /// A URL as the built-in `I open` step resolves it (`baseUrl`, else a local file).
    pub(crate) fn resolve(&self, target: &str) -> Result<String, String> {
        let parameters = self.state().parameters.clone();
        resolve_url_in(&parameters, target)
    }

    async fn open(&self) -> Result<(), String> {
        if self.state().context.is_some() {
            return Ok(());
        }
        let (tx, rx) = oneshot::channel();
        self.demand(Demand::Open(tx))?;
        rx.await.map_err(|_| OUTSIDE.to_string())?
    }

    fn adopt(&self, page: Page, context: BrowserContext) {
        let mut state = self.state();
        if state.context.is_none() {
            if state.pages.is_empty() {
                state.pages.push(None);
                state.urls.push(String::new());
            }
            state.pages[0] = Some(page);
            state.urls[0] = String::new();
            state.context = Some(context);
        }
    }
}

const NOT_SERVING: &str = "the browser can only be opened while a JS step or hook runs (a listener or timer running beside a Rust step can use pages that are already open)";

const OUTSIDE: &str =
    "the browser is only available while a step or hook runs (this.page in a step, not at the top level of a file)";

impl Provider {
    /// Drops demands nobody will serve any more (their callers get an error).
    pub fn drain(&mut self) {
        while self.demands.try_recv().is_ok() {}
    }

    /// Serves demands for as long as it is polled (the host races it with the running call).
    pub async fn serve(&mut self, session: &Session, world: &mut World) {
        while let Some(demand) = self.demands.recv().await {
            match demand {
                Demand::Open(reply) => {
                    let opened = match Browsing::page(world).await {
                        Ok(page) => Browsing::context(world).await.map(|context| session.adopt(page, context)),
                        Err(e) => Err(e),
                    };
                    let _ = reply.send(opened);
                }
                Demand::NewContext(options, reply) => {
                    let _ = reply.send(Browsing::extra_context(world, &options).await.map(|c| session.add_context(c)));
                }
                Demand::Version(reply) => {
                    let _ = reply.send(Browsing::browser_version(world).await);
                }
            }
        }
        // The session is gone (cannot happen while the host holds it): wait for the call.
        std::future::pending::<()>().await;
    }
}
