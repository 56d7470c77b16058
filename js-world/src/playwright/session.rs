//! The scenario's browser objects as the JS world sees them. The page and contexts come from
//! the World's `BrowserLease`, the same one the built-in Rust steps use, so JS and Rust steps
//! mix in one scenario and JS opens the page itself (ADR 0022). A scenario that never touches
//! the page launches nothing.

use ferridriver_browser::{BrowserContext, Page, PageEvent};
use ferridriver_steps::builtin::resolve_url_in;
use ferridriver_steps::lease::BrowserLease;
use ferridriver_steps::registry::World;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::{broadcast, watch};

/// A page's event subscription, shared by the calls that read it (one at a time).
pub(crate) type EventFeed = Arc<tokio::sync::Mutex<broadcast::Receiver<PageEvent>>>;

/// What this worker's JS world may drive right now; shared by the natives of its VM.
pub struct Session {
    state: Mutex<State>,
    /// Bumped when a test case ends, which ends the event reads still waiting for its pages.
    generation: watch::Sender<u64>,
    /// In the script hosts, the check `file:` pages must pass (below script_root or
    /// artifacts_root); `None` under bdd, which opens local files freely.
    file_gate: Mutex<Option<ferridriver_browser::UrlGate>>,
    /// Whose navigation the gate is deciding (its audit line names them).
    navigation_for: Mutex<crate::policy::NavigationFor>,
    /// The `allow.net` lists of the handlers running now.
    net: crate::net_policy::NetPolicies,
    /// The program the VM runs, whose source map names the `.ts` line of a call.
    program: Mutex<Option<Arc<crate::load::JsProgram>>>,
    /// `[browser] testIdAttribute`: what `getByTestId` matches until `selectors` changes it.
    test_id_attribute: Mutex<Option<String>>,
    /// The switches the workers' browsers run with (`None`: not known here, such as a browser
    /// reached over `--cdp-endpoint`), for `chromium.launch({ args })`'s warning.
    launch_switches: Mutex<Option<Vec<String>>>,
}

#[derive(Default)]
struct State {
    /// The current World's browser (`None` outside a test case or call).
    lease: Option<Arc<BrowserLease>>,
    /// Whether JS closed the scenario page (page 0).
    scenario_page_closed: bool,
    /// Pages opened with `context.newPage()`: page id `n` is `pages[n - 1]`, `None` once closed.
    pages: Vec<Option<Page>>,
    /// Contexts opened with `browser.newContext()`; context id `n` is `extra[n - 1]`, `None`
    /// once closed.
    extra: Vec<Option<BrowserContext>>,
    /// The world parameters (for `baseUrl`).
    parameters: serde_json::Value,
    /// Event subscriptions by page id (made when JS adds its first listener to a page).
    feeds: HashMap<usize, EventFeed>,
    /// The videos of the pages JS knows, by page id: kept after their page closed, when
    /// `video.saveAs`/`delete` are used.
    videos: HashMap<usize, ferridriver_browser::Video>,
}

/// A session for one VM (its host attaches each call's World).
pub fn session() -> Arc<Session> {
    Arc::new(Session {
        state: Mutex::new(State::default()),
        generation: watch::channel(0).0,
        file_gate: Mutex::new(None),
        navigation_for: Mutex::new(crate::policy::NavigationFor::default()),
        net: crate::net_policy::NetPolicies::default(),
        program: Mutex::new(None),
        test_id_attribute: Mutex::new(None),
        // A host that says nothing else starts its browsers as ferridriver does by default.
        launch_switches: Mutex::new(Some(ferridriver_browser::browser_switches(&Default::default()))),
    })
}

const OUTSIDE: &str =
    "the browser is only available while a step or hook runs (this.page in a step, not at the top level of a file)";

const UNGATED: &str =
    "this session may only open local files below its roots, and its World's browser has no file gate (a host that forgot BrowserLease::gated)";

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
    /// `on_behalf` is the slot the gate reads to name whose navigation it decides.
    pub fn restrict_files(&self, gate: ferridriver_browser::UrlGate, on_behalf: crate::policy::NavigationFor) {
        *self.file_gate.lock().unwrap_or_else(PoisonError::into_inner) = Some(gate);
        *self.navigation_for.lock().unwrap_or_else(PoisonError::into_inner) = on_behalf;
    }

    /// Sets the test id attribute the VMs built from now on start with.
    pub fn set_test_id_attribute(&self, attribute: Option<String>) {
        *self.test_id_attribute.lock().unwrap_or_else(PoisonError::into_inner) = attribute;
    }

    /// The switches the workers' browsers run with, when this host knows them.
    pub fn set_launch_switches(&self, switches: Option<Vec<String>>) {
        *self.launch_switches.lock().unwrap_or_else(PoisonError::into_inner) = switches;
    }

    /// Whether the workers' browsers run with `switch` (unknown: no).
    pub(crate) fn has_launch_switch(&self, switch: &str) -> bool {
        let switches = self.launch_switches.lock().unwrap_or_else(PoisonError::into_inner);
        switches.as_ref().is_some_and(|all| all.iter().any(|s| s == switch))
    }

    /// The test id attribute VMs start with (`data-testid` unless configured).
    pub(crate) fn test_id_attribute(&self) -> String {
        self.test_id_attribute
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
            .unwrap_or_else(|| "data-testid".into())
    }

    /// The `file:` gate of the script hosts; their Worlds' leases must carry it
    /// (`BrowserLease::gated`), or this session refuses their browser.
    pub fn file_gate(&self) -> Option<ferridriver_browser::UrlGate> {
        self.file_gate.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Whether navigating to `url` is allowed: anything but `file:` always; a `file:` URL only
    /// when the gate (if any) lets it through. Checked here for a clear error before the page
    /// is touched; the page's own gate catches what a click or redirect reaches.
    /// `running` is the chain whose code asked (its innermost tool or plugin is named in the
    /// audit line).
    pub(crate) fn check_navigation(&self, url: &str, running: Option<usize>) -> Result<(), String> {
        let Some(gate) = self.file_gate() else { return Ok(()) };
        let slot = self.navigation_for.lock().unwrap_or_else(PoisonError::into_inner).clone();
        *slot.lock().unwrap_or_else(PoisonError::into_inner) = self.who(running);
        let decision = gate(url).map_err(|reason| format!("navigation to {reason}"));
        *slot.lock().unwrap_or_else(PoisonError::into_inner) = None;
        decision
    }

    /// The plugin (none: the project's) and the name of the innermost code of chain `running`.
    fn who(&self, running: Option<usize>) -> Option<(Option<String>, String)> {
        match self.net.chain(running)?.last()? {
            crate::running::Actor::Tool(i) => {
                let program = self.program.lock().unwrap_or_else(PoisonError::into_inner).clone()?;
                let tool = program.manifest.tools().nth(*i)?;
                Some((tool.plugin.clone(), tool.name.clone()))
            }
            crate::running::Actor::Plugin(p) => Some((Some(p.clone()), crate::running::events_label(p))),
        }
    }

    /// Forgets the previous test case's browser objects (its World gave them back).
    pub fn reset(&self) {
        *self.state() = State::default();
        self.generation.send_modify(|g| *g += 1);
    }

    /// The program the VM runs (its source map places the calls traces show).
    pub fn set_program(&self, program: Option<Arc<crate::load::JsProgram>>) {
        *self.program.lock().unwrap_or_else(PoisonError::into_inner) = program;
    }

    /// The original place of the first bundle frame of a call's stack (`file:line:col` in the
    /// user's `.ts`), if the program's source map knows it.
    pub(crate) fn call_site(&self, stack: &str) -> Option<ferridriver_browser::SourceLocation> {
        let program = self.program.lock().unwrap_or_else(PoisonError::into_inner).clone()?;
        let needle = format!("{}:", crate::sourcemap::BUNDLE_NAME);
        let at = stack.find(&needle)?;
        let (line, column, _) = crate::sourcemap::parse_line_col(&stack[at + needle.len()..])?;
        let original = program.mapper.original(line, column)?;
        Some(ferridriver_browser::SourceLocation { file: original.file, line: original.line, column: original.column })
    }

    /// Before each call: the World whose browser and parameters the call uses.
    pub fn attach(&self, world: &World) {
        let mut state = self.state();
        state.parameters = world.parameters.clone();
        state.lease = Some(Arc::clone(world.browser()));
    }

    /// The current World's browser, if this session may use it.
    pub(crate) fn lease(&self) -> Result<Arc<BrowserLease>, String> {
        let lease = self.state().lease.clone().ok_or(OUTSIDE)?;
        if self.file_gate().is_some() && lease.file_gate().is_none() {
            return Err(UNGATED.into());
        }
        Ok(lease)
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

    /// Page `id`'s URL as last seen: what its navigations reported (`about:blank` before
    /// anything happened).
    pub fn url(&self, id: usize) -> String {
        if id == 0 {
            let lease = self.state().lease.clone();
            return match lease.and_then(|l| l.current()) {
                Some((page, _)) => page.last_known_url(),
                None => "about:blank".into(),
            };
        }
        match self.state().pages.get(id - 1) {
            Some(Some(page)) => page.last_known_url(),
            _ => "about:blank".into(),
        }
    }

    /// Page `id`'s frames as last seen (none while the page is not open).
    pub fn frames(&self, id: usize) -> Vec<ferridriver_browser::FrameInfo> {
        self.open_page(id).map(|p| p.frames()).unwrap_or_default()
    }

    /// The dedicated workers of page `id` now (none when it is not open).
    pub fn workers(&self, id: usize) -> Vec<ferridriver_browser::WorkerInfo> {
        self.open_page(id).map(|p| p.workers()).unwrap_or_default()
    }

    /// Page `id` when it is open (the scenario's page once used), without opening it.
    fn open_page(&self, id: usize) -> Option<Page> {
        if id == 0 {
            self.state().lease.clone().and_then(|l| l.current()).map(|(page, _)| page)
        } else {
            self.state().pages.get(id - 1).cloned().flatten()
        }
    }

    /// Playwright's text of a locator of page `id` (what `String(locator)` says, as
    /// `locator('text=Sign in').first()`); `None` when the page is not open (the scenario page
    /// before its first use) or the chain is not a locator.
    pub fn describe_locator(&self, id: usize, parts: &str) -> Option<String> {
        let page = match id {
            0 => self.state().lease.clone()?.current()?.0,
            _ => self.state().pages.get(id - 1)?.clone()?,
        };
        let specs: Vec<super::locator::PartSpec> = serde_json::from_str(parts).ok()?;
        super::locator::build(&page, &specs).ok().map(|locator| locator.description())
    }

    /// Page `id` (0: the scenario page, opened on first use).
    pub(crate) async fn page(&self, id: usize) -> Result<Page, String> {
        if id == 0 {
            if self.state().scenario_page_closed {
                return Err("the page has been closed".into());
            }
            return self.lease()?.page().await;
        }
        match self.state().pages.get(id - 1) {
            Some(Some(p)) => Ok(p.clone()),
            Some(None) => Err("the page has been closed".into()),
            None => Err(format!("no page {id} in this scenario")),
        }
    }

    /// Page `id` once it is open (the scenario page is opened by whatever uses it first, never
    /// here); `None` when the test case ends first or the page is gone.
    pub(crate) async fn when_open(&self, id: usize) -> Option<Page> {
        if id != 0 {
            return self.page(id).await.ok();
        }
        let lease = self.lease().ok()?;
        let ended = self.ended();
        tokio::select! {
            page = lease.when_open() => page,
            () = ended => None,
        }
    }

    /// The scenario's context (opened with its page on first use).
    pub(crate) async fn context(&self) -> Result<BrowserContext, String> {
        self.lease()?.context().await
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
        let context = self.lease()?.new_context(&options).await?;
        let mut state = self.state();
        state.extra.push(Some(context));
        Ok(state.extra.len())
    }

    /// The product and version of the World's browser (launching it if needed).
    pub(crate) async fn browser_version(&self) -> Result<String, String> {
        self.lease()?.browser_version().await
    }

    /// Marks context `id` (not the scenario's) closed.
    pub(crate) fn context_closed(&self, id: usize) {
        let mut state = self.state();
        if let Some(slot) = id.checked_sub(1).and_then(|i| state.extra.get_mut(i)) {
            *slot = None;
        }
    }

    /// The scenario's context if it is already open (never opens one: `fetch` shares its
    /// cookies but must not launch a browser).
    pub(crate) fn open_context(&self) -> Option<BrowserContext> {
        self.lease().ok()?.current().map(|(_, context)| context)
    }

    /// Remembers a page opened from JS (or a popup); returns its id, the one it already has if
    /// it was remembered before.
    pub(crate) fn add_page(&self, page: Page) -> usize {
        let mut state = self.state();
        if let Some(i) = state.pages.iter().position(|p| p.as_ref().is_some_and(|p| p.target_id() == page.target_id()))
        {
            return i + 1;
        }
        let video = page.video();
        state.pages.push(Some(page));
        let id = state.pages.len();
        if let Some(video) = video {
            state.videos.insert(id, video);
        }
        id
    }

    /// Page `id`'s video, open or closed; `None` when its context records none. Looked up on
    /// the page while it is open (a popup may be known before its video starts) and kept.
    pub(crate) fn video(&self, id: usize) -> Option<ferridriver_browser::Video> {
        let mut state = self.state();
        if let Some(video) = state.videos.get(&id) {
            return Some(video.clone());
        }
        let video = id.checked_sub(1).and_then(|i| state.pages.get(i)).cloned().flatten()?.video()?;
        state.videos.insert(id, video.clone());
        Some(video)
    }

    /// Whether context `id` (0 the scenario's) was made with `strictSelectors: true`.
    pub fn strict_selectors(&self, id: usize) -> bool {
        let state = self.state();
        match id {
            0 => state.lease.as_ref().is_some_and(|l| l.strict_selectors()),
            n => state.extra.get(n - 1).cloned().flatten().is_some_and(|c| c.strict_selectors()),
        }
    }

    /// The ids of context `id`'s open pages (0 is the scenario page), each with the id of the
    /// page that opened it, remembering the ones JS has not seen yet (popups nobody listened
    /// for); none while the context is not open.
    pub fn context_pages(&self, id: usize) -> Vec<(usize, Option<usize>)> {
        let (context, scenario) = {
            let state = self.state();
            let current = state.lease.clone().and_then(|l| l.current());
            let scenario = current.as_ref().map(|(page, _)| page.target_id().to_string());
            let context = match id {
                0 => current.map(|(_, context)| context),
                n => state.extra.get(n - 1).cloned().flatten(),
            };
            (context, scenario)
        };
        let Some(context) = context else { return Vec::new() };
        let pages = context.open_pages();
        let id_of = |page: &Page| match &scenario {
            Some(target) if id == 0 && page.target_id() == target => 0,
            _ => self.add_page(page.clone()),
        };
        pages
            .iter()
            .map(|page| {
                let opener = page.opener_target_id().and_then(|t| pages.iter().find(|p| p.target_id() == t)).map(id_of);
                (id_of(page), opener)
            })
            .collect()
    }

    /// Marks page `id` closed.
    pub(crate) fn closed(&self, id: usize) {
        let mut state = self.state();
        if id == 0 {
            state.scenario_page_closed = true;
        } else if let Some(slot) = state.pages.get_mut(id - 1) {
            // Its video outlives it (`video.saveAs` after `page.close()`).
            if let Some(video) = slot.take().and_then(|page| page.video()) {
                state.videos.entry(id).or_insert(video);
            }
        }
    }

    /// A URL as the built-in `I open` step resolves it (`baseUrl`, else a local file).
    pub(crate) fn resolve(&self, target: &str) -> Result<String, String> {
        let parameters = self.state().parameters.clone();
        resolve_url_in(&parameters, target)
    }
}
