//! A browser context: an isolated session (cookies, storage, permissions) holding pages.
//! Settings that DevTools applies per page (offline, extra headers, init scripts, geolocation)
//! are remembered here and applied to every page, present and future.

use crate::connection::Connection;
use crate::cookie::Cookie;
use crate::defaults::DEFAULT_VIEWPORT;
use crate::error::{BrowserError, Result};
use crate::page::Page;
use crate::page_setup::Setup;
use chromiumoxide_cdp::cdp::browser_protocol::browser::BrowserContextId;
use chromiumoxide_cdp::cdp::browser_protocol::target::{CreateTargetParams, DisposeBrowserContextParams};
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};

#[derive(Default)]
struct Settings {
    /// The viewport of new pages; [`DEFAULT_VIEWPORT`] when unset.
    viewport: Option<(u32, u32)>,
    /// `viewport: null`: new pages emulate no viewport (the window's size).
    window: bool,
    offline: bool,
    headers: serde_json::Map<String, Value>,
    init_scripts: Vec<String>,
    geolocation: Option<(f64, f64)>,
    /// The creation options applied to each new page (emulation, user agent…).
    page_options: crate::context_options::ContextOptions,
}

struct Inner {
    connection: Connection,
    id: BrowserContextId,
    settings: Mutex<Settings>,
    pages: Mutex<Vec<Page>>,
    /// Where accepted downloads go (`context_downloads.rs`); removed with the context.
    pub(crate) downloads: Mutex<Option<std::path::PathBuf>>,
    /// The `file:` gate every page of the context gets (kept across a reset).
    file_gate: Mutex<Option<crate::file_gate::UrlGate>>,
    /// The tracer recording this context's pages, if it is traced.
    trace: crate::trace::recorder::TraceSlot,
    /// The recording JS started with `context.tracing.start` (`trace/tracing_api.rs`).
    user_tracing: Mutex<Option<crate::trace::user_recording::UserTracing>>,
    /// The run's videos every page of the context goes into, while it is filmed (`--video`).
    filming: Mutex<Option<crate::video::Filming>>,
    /// The HARs the context records (`har_recorder.rs`), shared with its pages.
    har: crate::har_recorder::HarSlot,
    /// Whether the context has routes (the JS world's `context.route`): its new pages route
    /// from their first request, before anyone listens to them (`popups.rs`).
    routed: std::sync::atomic::AtomicBool,
    /// The permissions granted so far (Playwright's names), by origin (`None`: every origin):
    /// DevTools replaces an origin's permissions with each grant, Playwright adds to them.
    granted: Mutex<Vec<(Option<String>, Vec<String>)>>,
}

impl Drop for Inner {
    fn drop(&mut self) {
        if let Some(dir) = self.downloads.get_mut().ok().and_then(|d| d.take()) {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// A context that is not kept alive by this handle.
#[derive(Clone)]
pub(crate) struct WeakContext(std::sync::Weak<Inner>);

impl WeakContext {
    /// The context, while it lives.
    pub(crate) fn upgrade(&self) -> Option<BrowserContext> {
        self.0.upgrade().map(|inner| BrowserContext { inner })
    }
}

/// One isolated context. Each scenario gets a fresh one. Clones share the context.
#[derive(Clone)]
pub struct BrowserContext {
    inner: Arc<Inner>,
}

impl BrowserContext {
    pub(crate) fn new(connection: Connection, id: BrowserContextId) -> Self {
        BrowserContext {
            inner: Arc::new(Inner {
                connection,
                id,
                settings: Mutex::default(),
                pages: Mutex::default(),
                downloads: Mutex::default(),
                file_gate: Mutex::default(),
                trace: Arc::default(),
                user_tracing: Mutex::default(),
                filming: Mutex::default(),
                har: Arc::default(),
                routed: std::sync::atomic::AtomicBool::new(false),
                granted: Mutex::new(Vec::new()),
            }),
        }
    }

    /// The context's id in the browser.
    pub(crate) fn id(&self) -> &str {
        self.inner.id.inner()
    }

    fn conn(&self) -> &Connection {
        &self.inner.connection
    }

    /// The context's pages that are still open (popups included, once they are set up).
    pub fn open_pages(&self) -> Vec<Page> {
        self.pages()
    }

    /// Records `options`' settings for the pages this context opens (viewport, offline,
    /// headers, geolocation and the rest of the options).
    pub(crate) fn set_page_settings(&self, options: &crate::context_options::ContextOptions) -> Result<()> {
        let mut s = self.inner.settings.lock().map_err(|_| poisoned())?;
        s.viewport = options.fixed_viewport().map(|v| (v.width, v.height));
        s.window = options.window_viewport();
        s.offline = options.offline.unwrap_or(false);
        s.headers = options.extra_http_headers.iter().flatten().map(|(k, v)| (k.clone(), json!(v))).collect();
        s.geolocation = options.geolocation.map(|g| (g.latitude, g.longitude));
        s.page_options = options.clone();
        Ok(())
    }

    /// Closes every page of this context the browser has but `keep`, also those the context
    /// never counted (one opened without an opener, one still being set up): nothing of a
    /// scenario outlives it.
    pub(crate) async fn close_other_targets(&self, keep: &Page) {
        let Ok(targets) = self.conn().call_raw("Target.getTargets", json!({}), None).await else { return };
        for target in targets["targetInfos"].as_array().into_iter().flatten() {
            let ours = target["browserContextId"].as_str() == Some(self.inner.id.inner());
            let id = target["targetId"].as_str().unwrap_or("");
            if ours && target["type"] == "page" && id != keep.inner.frame_id {
                let _ = self.conn().call_raw("Target.closeTarget", json!({ "targetId": id }), None).await;
            }
        }
    }

    /// Drops every page but `keep` from the context's list (they were closed).
    pub(crate) fn forget_pages_except(&self, keep: &Page) {
        if let Ok(mut pages) = self.inner.pages.lock() {
            pages.retain(|p| p.inner.frame_id == keep.inner.frame_id);
        }
    }

    /// Puts the per-page settings back to `options` on the context and on `keep`.
    pub(crate) async fn reset_settings(
        &self,
        keep: &Page,
        options: &crate::context_options::ContextOptions,
    ) -> Result<()> {
        self.clear_permissions().await?;
        if let Some(permissions) = &options.permissions {
            let names: Vec<&str> = permissions.iter().map(String::as_str).collect();
            self.grant_permissions(&names, None).await?;
        }
        let configured_headers: serde_json::Map<String, Value> =
            options.extra_http_headers.iter().flatten().map(|(k, v)| (k.clone(), json!(v))).collect();
        let configured_geo = options.geolocation.map(|g| (g.latitude, g.longitude));
        let configured_offline = options.offline.unwrap_or(false);
        let (offline, headers, geo) = {
            let mut s = self.inner.settings.lock().map_err(|_| poisoned())?;
            let before = (s.offline, s.headers.clone(), s.geolocation);
            s.viewport = options.fixed_viewport().map(|v| (v.width, v.height));
            s.window = options.window_viewport();
            s.offline = configured_offline;
            s.headers = configured_headers.clone();
            s.geolocation = configured_geo;
            s.init_scripts.clear();
            before
        };
        if offline != configured_offline {
            apply_offline(keep, configured_offline).await?;
        }
        // The kept page's own headers (`page.setExtraHTTPHeaders`) go with the scenario.
        let had_own_headers = keep.forget_own_headers();
        if headers != configured_headers || had_own_headers {
            apply_headers(keep, &configured_headers).await?;
        }
        if geo != configured_geo {
            match configured_geo {
                Some((lat, lon)) => apply_geolocation(keep, lat, lon).await?,
                None => keep.send("Emulation.clearGeolocationOverride", json!({})).await.map(|_| ())?,
            }
        }
        if options.window_viewport() {
            // The window's own size again, whatever `setViewportSize` set.
            keep.send("Emulation.clearDeviceMetricsOverride", json!({})).await?;
            if let Ok(mut v) = keep.inner.viewport.lock() {
                *v = DEFAULT_VIEWPORT;
            }
            return Ok(());
        }
        let viewport = options.fixed_viewport().map(|v| (v.width, v.height)).unwrap_or(DEFAULT_VIEWPORT);
        if keep.viewport_size() != viewport {
            keep.set_viewport_size(viewport.0, viewport.1).await?;
            options.apply_to_page(keep).await?;
        }
        Ok(())
    }

    /// The `httpCredentials` the context was created with (none: empty).
    pub(crate) fn http_credentials(&self) -> Vec<crate::credentials::HttpCredentials> {
        let settings = self.inner.settings.lock();
        settings
            .ok()
            .and_then(|s| s.page_options.http_credentials.as_ref().map(|c| c.all().to_vec()))
            .unwrap_or_default()
    }

    /// The `baseURL` the context was created with.
    pub fn base_url(&self) -> Option<String> {
        self.inner.settings.lock().ok().and_then(|s| s.page_options.base_url.clone())
    }

    /// Every origin a page of this context showed, its closed pages' too.
    pub(crate) fn origins_seen(&self) -> std::collections::BTreeSet<String> {
        let pages = self.inner.pages.lock().map(|p| p.clone()).unwrap_or_default();
        pages
            .iter()
            .flat_map(|p| p.inner.origins.lock().map(|o| o.iter().cloned().collect::<Vec<_>>()).unwrap_or_default())
            .collect()
    }

    fn pages(&self) -> Vec<Page> {
        self.inner.pages.lock().map(|p| p.iter().filter(|p| !p.is_closed()).cloned().collect()).unwrap_or_default()
    }

    /// Opens a new page (tab) in this context, at `about:blank`, with the context's settings.
    pub async fn new_page(&self) -> Result<Page> {
        let params = CreateTargetParams {
            browser_context_id: Some(self.inner.id.clone()),
            ..CreateTargetParams::new("about:blank")
        };
        let created = self.conn().call(params, None).await?;
        let page = Page::attach(self.conn().clone(), created.target_id, Arc::clone(&self.inner.trace)).await?;
        self.set_up(&page, false).await?;
        self.remember(page.clone());
        Ok(page)
    }

    /// Gives a new page of this context everything its pages start with (domains, viewport,
    /// headers, init scripts, emulation, the `file:` gate, tracing), queued in one go. A
    /// `held` page (a popup, `popups.rs`) loads nothing until it is let go: its `file:` gate
    /// is in place and answered first, and it is let go once the rest is queued, so its first
    /// document already meets every setting.
    pub(crate) async fn set_up(&self, page: &Page, held: bool) -> Result<()> {
        let (viewport, window, offline, headers, scripts, geo, options) = {
            let s = self.inner.settings.lock().map_err(|_| poisoned())?;
            (
                s.viewport.unwrap_or(DEFAULT_VIEWPORT),
                s.window,
                s.offline,
                s.headers.clone(),
                s.init_scripts.clone(),
                s.geolocation,
                s.page_options.clone(),
            )
        };
        let gate = self.inner.file_gate.lock().ok().and_then(|g| g.clone());
        let routed = self.inner.routed.load(std::sync::atomic::Ordering::SeqCst);
        if routed {
            page.inner.network.set_routing(true);
        }
        // Before anything is sent: a video that cannot start fails the page before a held one
        // (a popup) is waiting for its release. Filmed from its first document on.
        if let Some(record) = &options.record_video {
            let size = record.size.map_or_else(|| crate::video::default_size(viewport), |s| (s.width, s.height));
            let dir = record.dir.as_ref().map_or_else(crate::video::scratch_dir, std::path::PathBuf::from);
            let gap = crate::video::frame_gap(record.fps);
            let scratch = record.scratch || record.dir.is_none();
            let video = crate::video::Video::start(&dir, page.target_id(), size, gap, scratch)
                .map_err(BrowserError::Evaluation)?;
            *page.inner.video.lock().map_err(|_| poisoned())? = Some(video);
        } else if let Some(filming) = self.inner.filming.lock().ok().and_then(|f| f.clone()) {
            let video = filming
                .start(page.target_id(), crate::video::default_size(viewport))
                .map_err(BrowserError::Evaluation)?;
            *page.inner.video.lock().map_err(|_| poisoned())? = Some(video);
        }
        let agent = options.browser_user_agent(self.conn()).await?;
        let tracer = crate::trace::recorder::current(&self.inner.trace);
        let _ = page.inner.har.set(Arc::clone(&self.inner.har));
        let hars = crate::har_recorder::recorders(&self.inner.har);
        if let Some(gate) = &gate {
            page.inner.network.set_file_gate(gate.clone());
        }
        // A held page's gate and routes are in place before anything else is sent.
        if held && (gate.is_some() || routed) {
            let mut first = Setup::new(page);
            first.interception();
            first.finish().await?;
        }
        let mut setup = Setup::new(page);
        setup.enable();
        if let Some(tracer) = &tracer {
            tracer.page_opened(&page.inner.trace_id());
        }
        for har in &hars {
            har.page_opened(&page.inner.trace_id());
        }
        if tracer.is_some() || !hars.is_empty() {
            page.inner.network_watched.store(true, std::sync::atomic::Ordering::SeqCst);
            setup.send("Network.enable", json!({}));
        }
        // Chromium's own headless window is 780×493; tests are written against Playwright's
        // 1280×720 unless the context asked for the window (`viewport: null`).
        if !window {
            setup.viewport(viewport.0, viewport.1);
        }
        if offline {
            setup.offline();
        }
        if !headers.is_empty() {
            setup.context_headers(&headers);
        }
        if let Some((lat, lon)) = geo {
            setup.geolocation(lat, lon);
        }
        options.plan(&mut setup, agent.as_deref())?;
        // Last: a script that runs at once in a new page's blank document already sees the
        // context's emulation (agent, locale, zone, media, device).
        for script in &scripts {
            setup.init_script(script, !held);
        }
        if (gate.is_some() || routed) && !held {
            setup.interception();
        }
        if tracer.is_some_and(|t| t.screenshots()) || page.inner.video().is_some() {
            setup.send("Page.startScreencast", page.inner.screencast_params());
        }
        if held {
            setup.send("Runtime.runIfWaitingForDebugger", json!({}));
        }
        setup.finish().await?;
        Ok(())
    }

    /// Counts `page` among the context's pages.
    pub(crate) fn remember(&self, page: Page) {
        if let Ok(mut pages) = self.inner.pages.lock() {
            pages.push(page);
        }
    }

    /// The open page of this context whose target (main frame) id is `target`.
    pub(crate) fn page_by_target(&self, target: &str) -> Option<Page> {
        self.pages().into_iter().find(|p| p.inner.frame_id == target)
    }

    /// A handle that does not keep the context alive (`popups.rs` holds one per context).
    pub(crate) fn downgrade(&self) -> WeakContext {
        WeakContext(Arc::downgrade(&self.inner))
    }

    /// The DevTools connection the context lives on.
    pub(crate) fn connection(&self) -> &Connection {
        self.conn()
    }

    /// The HAR recordings of this context (`context_har.rs`), shared with its pages.
    pub(crate) fn har_slot(&self) -> crate::har_recorder::HarSlot {
        Arc::clone(&self.inner.har)
    }

    /// Whether the context has routes: its new pages (popups included) then route from their
    /// first request (the JS world's `context.route` says so; its routes answer).
    pub fn route_new_pages(&self, on: bool) {
        self.inner.routed.store(on, std::sync::atomic::Ordering::SeqCst);
    }

    /// The slot of the tracer recording this context (its pages share it).
    pub(crate) fn trace_slot(&self) -> crate::trace::recorder::TraceSlot {
        Arc::clone(&self.inner.trace)
    }

    /// Fails the `file:` requests `gate` refuses, on every page of this context (those open
    /// now and those opened later).
    pub async fn gate_file_urls(&self, gate: crate::file_gate::UrlGate) -> Result<()> {
        if let Ok(mut g) = self.inner.file_gate.lock() {
            *g = Some(gate.clone());
        }
        for page in self.pages() {
            page.gate_file_urls(gate.clone()).await?;
        }
        Ok(())
    }

    /// Records this context's pages in `tracer` from now on (`None`: stops recording). The
    /// pages open now are announced to it, so that their actions have a page in the trace.
    pub async fn set_tracer(&self, tracer: Option<crate::trace::recorder::Tracer>) {
        let tracer_now = tracer.clone();
        if let Some(tracer) = &tracer {
            for page in self.pages() {
                tracer.page_opened(&page.inner.trace_id());
            }
        }
        let before =
            std::mem::replace(&mut *self.inner.trace.lock().unwrap_or_else(std::sync::PoisonError::into_inner), tracer);
        // Untraced before and after: nothing to stop (the common case costs no round trip).
        if before.is_none() && tracer_now.is_none() {
            return;
        }
        for page in self.pages() {
            match &tracer_now {
                Some(tracer) => page.inner.start_tracing(tracer),
                None => page.inner.release_screencast().await,
            }
        }
    }

    /// Films every page of the context into `filming` (`bdd --video`): the pages open now from
    /// this moment, later ones from their first document; a page its context films already
    /// (`recordVideo`) keeps its own video. `None` ends the videos `filming` made (the pages stay
    /// open, no longer filmed).
    pub async fn set_filming(&self, filming: Option<crate::video::Filming>) -> Result<()> {
        let before = std::mem::replace(&mut *self.inner.filming.lock().map_err(|_| poisoned())?, filming.clone());
        if filming.is_none() {
            // Every video ends before anything is sent: a browser that stopped answering must
            // not keep a later page's video open.
            if let Some(before) = &before {
                before.end_all();
            }
        }
        for page in self.pages() {
            let inner = &page.inner;
            match &filming {
                Some(filming) if inner.video().is_none() => {
                    let viewport = *inner.viewport.lock().map_err(|_| poisoned())?;
                    let video = filming
                        .start(page.target_id(), crate::video::default_size(viewport))
                        .map_err(BrowserError::Evaluation)?;
                    *inner.video.lock().map_err(|_| poisoned())? = Some(video);
                    inner.start_screencast().await;
                }
                Some(_) => {}
                None => {
                    let taken = {
                        let mut slot = inner.video.lock().map_err(|_| poisoned())?;
                        let made = slot.as_ref().is_some_and(|v| before.as_ref().is_some_and(|b| b.made(v)));
                        made.then(|| slot.take()).flatten()
                    };
                    let Some(video) = taken else { continue };
                    video.end();
                    inner.release_screencast().await;
                }
            }
        }
        Ok(())
    }

    /// The recording `context.tracing.start` made (see `trace/tracing_api.rs`).
    pub(crate) fn user_tracing_slot(
        &self,
    ) -> std::sync::MutexGuard<'_, Option<crate::trace::user_recording::UserTracing>> {
        self.inner.user_tracing.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The tracer recording this context, if any.
    pub fn tracer(&self) -> Option<crate::trace::recorder::Tracer> {
        crate::trace::recorder::current(&self.inner.trace)
    }

    /// The viewport of the pages opened from now on (Playwright's `viewport` context option).
    pub fn set_viewport(&self, width: u32, height: u32) {
        if let Ok(mut s) = self.inner.settings.lock() {
            s.viewport = Some((width, height));
        }
    }

    /// All cookies of the context (optionally only those sent to one of `urls`).
    pub async fn cookies(&self, urls: &[&str]) -> Result<Vec<Cookie>> {
        let reply =
            self.conn().call_raw("Storage.getCookies", json!({ "browserContextId": self.inner.id }), None).await?;
        let all: Vec<Cookie> = serde_json::from_value(reply["cookies"].clone())
            .map_err(|e| BrowserError::Decode { method: "Storage.getCookies".into(), reason: e.to_string() })?;
        if urls.is_empty() {
            return Ok(all);
        }
        Ok(all.into_iter().filter(|c| urls.iter().any(|u| cookie_matches(c, u))).collect())
    }

    /// Adds cookies.
    pub async fn add_cookies(&self, cookies: &[Cookie]) -> Result<()> {
        let list: Vec<Value> = cookies
            .iter()
            .map(|c| {
                let mut v = serde_json::to_value(c).unwrap_or(Value::Null);
                if c.expires < 0.0 {
                    if let Some(o) = v.as_object_mut() {
                        o.remove("expires");
                    }
                }
                v
            })
            .collect();
        self.conn()
            .call_raw("Storage.setCookies", json!({ "cookies": list, "browserContextId": self.inner.id }), None)
            .await
            .map(|_| ())
    }

    /// Removes every cookie.
    pub async fn clear_cookies(&self) -> Result<()> {
        self.conn()
            .call_raw("Storage.clearCookies", json!({ "browserContextId": self.inner.id }), None)
            .await
            .map(|_| ())
    }

    /// Removes the cookies matching every given part of the filter (name, domain, path), as
    /// Playwright's `clearCookies(filter)`; returns how many were removed.
    pub async fn delete_cookies(&self, name: Option<&str>, domain: Option<&str>, path: Option<&str>) -> Result<usize> {
        let all = self.cookies(&[]).await?;
        let doomed = |c: &Cookie| {
            name.is_none_or(|n| c.name == n)
                && domain.is_none_or(|d| c.domain.trim_start_matches('.') == d.trim_start_matches('.'))
                && path.is_none_or(|p| c.path == p)
        };
        let (removed, kept): (Vec<Cookie>, Vec<Cookie>) = all.into_iter().partition(doomed);
        if !removed.is_empty() {
            self.clear_cookies().await?;
            if !kept.is_empty() {
                self.add_cookies(&kept).await?;
            }
        }
        Ok(removed.len())
    }

    /// Withdraws every permission granted with [`BrowserContext::grant_permissions`].
    pub async fn clear_permissions(&self) -> Result<()> {
        if let Ok(mut granted) = self.inner.granted.lock() {
            granted.clear();
        }
        self.conn()
            .call_raw("Browser.resetPermissions", json!({ "browserContextId": self.inner.id }), None)
            .await
            .map(|_| ())
    }

    /// Grants permissions (`geolocation`, `notifications`, `clipboard-read`…), for one origin or
    /// all, besides those granted before (as Playwright's); an unknown name is refused.
    pub async fn grant_permissions(&self, permissions: &[&str], origin: Option<&str>) -> Result<()> {
        if let Some(unknown) = permissions.iter().find(|p| protocol_permission(p, false).is_none()) {
            return Err(crate::BrowserError::Evaluation(format!("Unknown permission: {unknown}")));
        }
        // Playwright's key: the origin of the URL given (`https://a.com/` is `https://a.com`).
        let origin =
            origin.map(|o| url::Url::parse(o).map(|u| u.origin().ascii_serialization()).unwrap_or(o.to_string()));
        // What this origin had, and the new ones after it.
        let mut names: Vec<String> = self
            .inner
            .granted
            .lock()
            .ok()
            .and_then(|granted| granted.iter().find(|(o, _)| *o == origin).map(|(_, kept)| kept.clone()))
            .unwrap_or_default();
        for permission in permissions {
            if !names.iter().any(|n| n == permission) {
                names.push((*permission).to_string());
            }
        }
        let send = |fallback: bool| {
            let protocol: Vec<&str> =
                names.iter().flat_map(|n| protocol_permission(n, fallback).unwrap_or(&[])).copied().collect();
            let mut params = json!({ "permissions": protocol, "browserContextId": self.inner.id });
            if let Some(o) = &origin {
                params["origin"] = json!(o);
            }
            self.conn().call_raw("Browser.grantPermissions", params, None)
        };
        // A Chromium that does not know the newer local-network names takes the older one.
        if send(false).await.is_err() {
            send(true).await?;
        }
        if let Ok(mut granted) = self.inner.granted.lock() {
            match granted.iter_mut().find(|(o, _)| *o == origin) {
                Some((_, kept)) => *kept = names,
                None => granted.push((origin, names)),
            }
        }
        Ok(())
    }

    /// Takes the context offline (or back online).
    pub async fn set_offline(&self, offline: bool) -> Result<()> {
        if let Ok(mut s) = self.inner.settings.lock() {
            s.offline = offline;
        }
        for page in self.pages() {
            apply_offline(&page, offline).await?;
        }
        Ok(())
    }

    /// Headers added to every request of every page.
    pub async fn set_extra_http_headers(&self, headers: &[(&str, &str)]) -> Result<()> {
        let map: serde_json::Map<String, Value> = headers.iter().map(|(k, v)| (k.to_string(), json!(v))).collect();
        if let Ok(mut s) = self.inner.settings.lock() {
            s.headers = map.clone();
        }
        for page in self.pages() {
            apply_headers(&page, &map).await?;
        }
        Ok(())
    }

    /// A script run in every new document before the page's own scripts.
    pub async fn add_init_script(&self, script: &str) -> Result<()> {
        if let Ok(mut s) = self.inner.settings.lock() {
            s.init_scripts.push(script.to_string());
        }
        for page in self.pages() {
            page.add_script_of(script, true).await?;
        }
        Ok(())
    }

    /// Undoes one [`BrowserContext::add_init_script`] of `script`: new pages no longer get it,
    /// and the open pages' new documents no longer run it.
    pub async fn remove_init_script(&self, script: &str) -> Result<()> {
        if let Ok(mut s) = self.inner.settings.lock() {
            if let Some(at) = s.init_scripts.iter().position(|kept| kept == script) {
                s.init_scripts.remove(at);
            }
        }
        // Each page's copy that came from the context (the page's own stay); a page that
        // closed meanwhile has nothing left to stop.
        for page in self.pages() {
            let id = page.inner.init_scripts.lock().ok().and_then(|ids| {
                ids.iter().find(|(_, source, of_context)| *of_context && source == script).map(|(id, _, _)| id.clone())
            });
            if let Some(id) = id {
                let _ = page.remove_init_script(&id).await;
            }
        }
        Ok(())
    }

    /// Where `navigator.geolocation` says the user is (grant `geolocation` too).
    pub async fn set_geolocation(&self, latitude: f64, longitude: f64) -> Result<()> {
        if let Ok(mut s) = self.inner.settings.lock() {
            s.geolocation = Some((latitude, longitude));
        }
        for page in self.pages() {
            apply_geolocation(&page, latitude, longitude).await?;
        }
        Ok(())
    }

    /// Whether the context was made with `strictSelectors: true`.
    pub fn strict_selectors(&self) -> bool {
        self.inner.settings.lock().is_ok_and(|s| s.page_options.strict_selectors == Some(true))
    }

    /// Whether the context was made with `acceptDownloads: false`.
    pub fn refuses_downloads(&self) -> bool {
        self.inner.settings.lock().is_ok_and(|s| s.page_options.accept_downloads == Some(false))
    }

    /// Where accepted downloads go (`context_downloads.rs`).
    pub(crate) fn downloads_slot(&self) -> &Mutex<Option<std::path::PathBuf>> {
        &self.inner.downloads
    }

    /// Ends the context in the browser (its pages go with it) and removes its downloads.
    pub(crate) async fn dispose(&self) -> Result<()> {
        // The HARs' bodies are read while the pages still live; they are written once closed.
        let hars = self.settled_hars().await;
        let closed = self.conn().call(DisposeBrowserContextParams::new(self.inner.id.clone()), None).await.map(|_| ());
        // A HAR that cannot be written is the close's error, after the rest was done.
        let written = hars.write().await;
        if let Some(dir) = self.inner.downloads.lock().ok().and_then(|mut d| d.take()) {
            let _ = std::fs::remove_dir_all(dir);
        }
        // As Playwright's: once the context is closed, its pages' videos are complete. All end
        // first (at the same moment, and even if this wait is cut short); an encoder's error is
        // the video's to report (`path`, `saveAs`), not the close's.
        let videos: Vec<_> =
            self.inner.pages.lock().map(|p| p.iter().filter_map(Page::video).collect()).unwrap_or_default();
        for video in &videos {
            video.end();
        }
        for video in &videos {
            let _ = video.finished().await;
        }
        closed.and(written)
    }
}

fn poisoned() -> BrowserError {
    BrowserError::Evaluation("context settings are unavailable after a panic".into())
}

async fn apply_offline(page: &Page, offline: bool) -> Result<()> {
    page.send("Network.enable", json!({})).await?;
    page.send("Network.emulateNetworkConditions", crate::page_setup::network_conditions(offline)).await.map(|_| ())
}

/// Makes `headers` the context's extra headers on `page` (its own still win).
async fn apply_headers(page: &Page, headers: &serde_json::Map<String, Value>) -> Result<()> {
    if let Ok(mut h) = page.inner.extra_headers.lock() {
        h.context = headers.clone();
    }
    page.apply_extra_headers().await
}

async fn apply_geolocation(page: &Page, latitude: f64, longitude: f64) -> Result<()> {
    page.send("Emulation.setGeolocationOverride", crate::page_setup::geolocation_params(latitude, longitude))
        .await
        .map(|_| ())
}

/// Playwright's permission names to the protocol's (Playwright's table for Chromium; with
/// `fallback`, the older name of local network access); `None` for a name Playwright does not
/// know, which it refuses.
fn protocol_permission(name: &str, fallback: bool) -> Option<&'static [&'static str]> {
    Some(match name {
        "geolocation" => &["geolocation"],
        "midi" => &["midi"],
        "notifications" => &["notifications"],
        "camera" => &["videoCapture"],
        "microphone" => &["audioCapture"],
        "background-sync" => &["backgroundSync"],
        "ambient-light-sensor" | "accelerometer" | "gyroscope" | "magnetometer" => &["sensors"],
        "clipboard-read" => &["clipboardReadWrite"],
        "clipboard-write" => &["clipboardSanitizedWrite"],
        "payment-handler" => &["paymentHandler"],
        "midi-sysex" => &["midiSysex"],
        "storage-access" => &["storageAccess"],
        "local-fonts" => &["localFonts"],
        "local-network-access" if fallback => &["localNetworkAccess"],
        "local-network-access" => &["localNetworkAccess", "localNetwork", "loopbackNetwork"],
        "screen-wake-lock" => &["wakeLockScreen"],
        _ => return None,
    })
}

/// Whether a cookie would be sent to `url` (domain and path; secure cookies only over https).
pub(crate) fn cookie_matches(c: &Cookie, url: &str) -> bool {
    let Some(rest) = url.split("://").nth(1) else { return false };
    let host_port = rest.split('/').next().unwrap_or("");
    let host = host_port.split(':').next().unwrap_or("");
    let path = format!("/{}", rest.split_once('/').map(|(_, p)| p).unwrap_or(""));
    let domain = c.domain.trim_start_matches('.');
    let domain_ok = host == domain || host.ends_with(&format!(".{domain}"));
    let secure_ok = !c.secure || url.starts_with("https://");
    domain_ok && secure_ok && path.starts_with(&c.path)
}
