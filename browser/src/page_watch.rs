//! A page's life after it is attached: the constructor that attaches to a target and the
//! watcher that follows the page's events for as long as it lives (dialogs, console errors,
//! downloads, paused requests in the order `network.rs` decides, trace frames).

use crate::connection::{CdpEvent, Connection};
use crate::error::Result;
use crate::page::{Page, PageInner};
use chromiumoxide_cdp::cdp::browser_protocol::target::{AttachToTargetParams, TargetId};
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast;

impl Page {
    /// Attaches to `target` over a session of its own: the page, watched, with nothing turned
    /// on yet (see [`crate::page_setup::Setup::enable`]).
    pub(crate) async fn attach(
        connection: Connection,
        target: TargetId,
        trace: crate::trace::recorder::TraceSlot,
    ) -> Result<Page> {
        let attached =
            connection.call(AttachToTargetParams { target_id: target.clone(), flatten: Some(true) }, None).await?;
        let session = attached.session_id.inner().clone();
        Ok(Page::adopt(connection, target, session, trace))
    }

    /// The page of `target` over the existing `session` (one we attached, or one the browser
    /// attached for us), watched from now on: subscribed before any of its domains is turned
    /// on, so the lifecycle events that turning them on replays for the current document
    /// reach the watcher instead of going by unseen.
    pub(crate) fn adopt(
        connection: Connection,
        target: TargetId,
        session: String,
        trace: crate::trace::recorder::TraceSlot,
    ) -> Page {
        let events = connection.subscribe();
        let inner = Arc::new(PageInner {
            screenshots: Arc::new(tokio::sync::Mutex::new(())),
            connection: connection.clone(),
            session: session.clone(),
            action_timeout: Duration::from_secs(5),
            console_errors: std::sync::Mutex::new(Vec::new()),
            recent: std::sync::Mutex::default(),
            dialogs: std::sync::Mutex::new(Vec::new()),
            handles: std::sync::Mutex::new(crate::page::Handles::default()),
            events: broadcast::channel(crate::events::EVENT_BUFFER).0,
            network_watched: std::sync::atomic::AtomicBool::new(false),
            manual_dialogs: std::sync::atomic::AtomicBool::new(false),
            modifiers: std::sync::atomic::AtomicI64::new(0),
            mouse_at: std::sync::Mutex::new((0.0, 0.0)),
            mouse_down: std::sync::atomic::AtomicBool::new(false),
            frame_id: target.inner().clone(),
            downloads: std::sync::Mutex::default(),
            known_url: std::sync::Mutex::new("about:blank".to_string()),
            viewport: std::sync::Mutex::new(crate::defaults::DEFAULT_VIEWPORT),
            device: std::sync::Mutex::new((1.0, false)),
            media: std::sync::Mutex::default(),
            origins: std::sync::Mutex::default(),
            init_scripts: std::sync::Mutex::default(),
            extra_headers: std::sync::Mutex::default(),
            network: crate::network::Network::default(),
            trace,
            har: std::sync::OnceLock::new(),
            raw_headers: crate::raw_headers::RawHeaders::default(),
            requests: std::sync::Mutex::default(),
            // The first document (about:blank) counts as loaded, as in Playwright; its loader
            // id comes with the frame tree (`Setup::enable`) unless an event names one first.
            lifecycle: std::sync::Mutex::new((
                String::new(),
                ["DOMContentLoaded", "load", "networkIdle"].map(str::to_string).to_vec(),
            )),
            moved: tokio::sync::watch::Sender::new(0),
            seen: tokio::sync::watch::Sender::new(0),
            committed: std::sync::atomic::AtomicBool::new(false),
            frames: std::sync::Mutex::default(),
            binding_added: std::sync::atomic::AtomicBool::new(false),
            helpers: std::sync::Mutex::default(),
            coverage: std::sync::Mutex::default(),
            locator_handlers: Default::default(),
            workers: std::sync::Mutex::default(),
            workers_changed: tokio::sync::Notify::new(),
            opener: std::sync::OnceLock::new(),
            opener_page: std::sync::OnceLock::new(),
            announced: std::sync::atomic::AtomicBool::new(false),
            opened: std::sync::Mutex::default(),
            unclaimed_routes: std::sync::Mutex::default(),
            popups: std::sync::Mutex::default(),
            gone: std::sync::atomic::AtomicBool::new(false),
            video: std::sync::Mutex::default(),
            touch: std::sync::atomic::AtomicBool::new(false),
        });
        tokio::spawn(watch_page(Arc::downgrade(&inner), events));
        Page::from_parts(inner, connection, session, target)
    }
}

/// Watches one page's events for as long as the page is alive: dismisses dialogs so that they
/// never block the page, and collects console errors for the report.
async fn watch_page(page: std::sync::Weak<PageInner>, mut events: broadcast::Receiver<Arc<CdpEvent>>) {
    // The last event handled to the end: published whenever the loop waits for the next one,
    // so `PageInner::caught_up` knows the page's state includes every event before it.
    let mut handled = 0;
    loop {
        match page.upgrade() {
            Some(page) => page.seen.send_if_modified(|seen| std::mem::replace(seen, handled) != handled),
            None => return,
        };
        let event = match events.recv().await {
            Ok(e) => e,
            Err(broadcast::error::RecvError::Lagged(_)) => {
                // Events went by unseen: waits look at the page again rather than wait for them.
                match page.upgrade() {
                    Some(page) => {
                        handled = page.connection.events_arrived();
                        page.helpers.lock().unwrap_or_else(std::sync::PoisonError::into_inner).lost_track();
                        page.raw_headers.lost_track();
                        crate::workers::lost_track(&page);
                        page.moved.send_modify(|n| *n += 1)
                    }
                    None => return,
                }
                continue;
            }
            Err(broadcast::error::RecvError::Closed) => return,
        };
        handled = event.seq;
        let Some(page) = page.upgrade() else { return };
        if event.method == "ferridriver.disconnected" {
            page.end_video();
            page.raw_headers.close();
            return;
        }
        // Downloads are reported by the browser, not the page's session.
        if event.method.starts_with("Browser.download") {
            if let Some(e) = download_event(&page, &event) {
                let _ = page.events.send(e);
            }
            continue;
        }
        // The page's workers: their start and end, and their console.
        if crate::workers::observe(&page, &event) {
            continue;
        }
        if event.session_id.as_deref() != Some(page.session.as_str()) {
            continue;
        }
        // A paused request's fate is decided once, before anyone sees it (network.rs); a
        // refused one never reaches routes or listeners.
        let paused = (event.method == "Fetch.requestPaused").then(|| page.network.decide(&event.params));
        if let Some(crate::network::Paused::Refused(reason)) = paused.clone() {
            crate::page_network::refuse(&page, &event.params, reason).await;
            continue;
        }
        if event.method == "Page.screencastFrame" {
            page.screencast_frame(crate::trace::recorder::current(&page.trace), &event);
            continue;
        }
        // What the event stands for, translated once for the last requests and the listeners
        // (only when one of them needs it: events are built for nobody otherwise).
        let network = event.method.starts_with("Network.");
        let routed = paused == Some(crate::network::Paused::Routed);
        let mut translated = match network || routed || page.events.receiver_count() > 0 {
            true => crate::events::translate(&event),
            false => Vec::new(),
        };
        if network {
            // A response says which of its request's reported ones it is (raw_headers.rs).
            if let Some(number) = page.raw_headers.observe(&event.method, &event.params) {
                for e in &mut translated {
                    if let crate::events::PageEvent::Response { extra_info, .. } = e {
                        *extra_info = Some(number);
                    }
                }
            }
            if let Ok(mut requests) = page.requests.lock() {
                requests.observe(&translated);
            }
            if let Some(tracer) = crate::trace::recorder::current(&page.trace) {
                tracer.network_event(&page.trace_id(), &event, &page.connection, &page.session);
            }
            for har in page.har.get().map(crate::har_recorder::recorders).unwrap_or_default() {
                har.network_event(&page.trace_id(), &event, &page.connection, &page.session);
            }
        }
        // Events are only built while someone listens; a paused request must reach someone
        // (`popups.rs`): it waits for its answer.
        // Asked after the page's own bookkeeping, as a listener that came meanwhile gets it.
        if page.events.receiver_count() > 0 {
            if translated.is_empty() && !network && !routed {
                translated = crate::events::translate(&event);
            }
            for e in translated {
                let _ = page.events.send(e);
            }
        } else if paused == Some(crate::network::Paused::Routed) {
            crate::popups::route_unheard(&page, translated);
        }
        if let Some(paused) = &paused {
            crate::page_network::pass(&page, &event.params, paused).await;
        }
        if matches!(
            event.method.as_str(),
            "Page.frameAttached" | "Page.frameNavigated" | "Page.navigatedWithinDocument" | "Page.frameDetached"
        ) {
            if let Ok(mut frames) = page.frames.lock() {
                frames.apply(&event.method, &event.params);
            }
        }
        if matches!(
            event.method.as_str(),
            "Debugger.scriptParsed" | "CSS.styleSheetAdded" | "Runtime.executionContextsCleared"
        ) {
            page.coverage
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .observe(&event.method, &event.params);
        }
        if event.method.starts_with("Runtime.executionContext") {
            let mut helpers = page.helpers.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            helpers.observe(&event.method, &event.params, &page.frame_id);
        }
        if event.method == "Page.frameNavigated" {
            let origin = event.params.pointer("/frame/securityOrigin").and_then(Value::as_str).unwrap_or("");
            if origin.starts_with("http") {
                if let Ok(mut origins) = page.origins.lock() {
                    origins.insert(origin.to_string());
                }
            }
        }
        match event.method.as_str() {
            "Page.frameNavigated" if event.params.pointer("/frame/parentId").is_none() => {
                page.committed.store(true, std::sync::atomic::Ordering::Relaxed);
                if let Ok(mut recent) = page.recent.lock() {
                    recent.navigated();
                }
                let frame = &event.params["frame"];
                let url =
                    format!("{}{}", frame["url"].as_str().unwrap_or(""), frame["urlFragment"].as_str().unwrap_or(""));
                if let Ok(mut known) = page.known_url.lock() {
                    *known = url;
                }
            }
            "Page.lifecycleEvent" if event.params["frameId"].as_str() == Some(page.frame_id.as_str()) => {
                let loader = event.params["loaderId"].as_str().unwrap_or("");
                let name = event.params["name"].as_str().unwrap_or("");
                if let Ok(mut state) = page.lifecycle.lock() {
                    // `init` starts a document: a new loader's, or new content in the same one
                    // (`setContent`), whose load is still to come.
                    if state.0 != loader || name == "init" {
                        *state = (loader.to_string(), Vec::new());
                    }
                    state.1.push(name.to_string());
                }
                for har in page.har.get().map(crate::har_recorder::recorders).unwrap_or_default() {
                    har.main_frame_lifecycle(&page.trace_id(), name, &page.connection, &page.session);
                }
            }
            // A document that stopped loading (`window.stop()`) fires no `load`; as Playwright,
            // count the stop as its DOMContentLoaded and load.
            "Page.frameStoppedLoading" if event.params["frameId"].as_str() == Some(page.frame_id.as_str()) => {
                if let Ok(mut state) = page.lifecycle.lock() {
                    for name in ["DOMContentLoaded", "load"] {
                        if !state.1.iter().any(|n| n == name) {
                            state.1.push(name.to_string());
                        }
                    }
                }
            }
            "Page.navigatedWithinDocument" if event.params["frameId"].as_str() == Some(page.frame_id.as_str()) => {
                if let Ok(mut known) = page.known_url.lock() {
                    *known = event.params["url"].as_str().unwrap_or("").to_string();
                }
            }
            "Fetch.authRequired" => crate::page_network::answer_challenge(&page, &event.params).await,
            // The page closed (by itself, `window.close()`, or through another handle).
            // Waits look again, and find the page crashed (`waits.rs`).
            "Inspector.targetCrashed" => page.moved.send_modify(|n| *n += 1),
            "Inspector.detached" => {
                page.gone.store(true, std::sync::atomic::Ordering::Relaxed);
                page.end_video();
                page.raw_headers.close();
                for har in page.har.get().map(crate::har_recorder::recorders).unwrap_or_default() {
                    har.page_closed(&page.trace_id());
                }
            }
            "Page.javascriptDialogOpening" => {
                // A listener answers it (see `set_manual_dialogs`); only dismissed ones are noted.
                if page.manual_dialogs.load(std::sync::atomic::Ordering::Relaxed) {
                    continue;
                }
                let message = event.params["message"].as_str().unwrap_or("").to_string();
                if let Ok(mut d) = page.dialogs.lock() {
                    d.push(message);
                }
                let accept = event.params["type"].as_str() == Some("beforeunload");
                let _ = page
                    .connection
                    .call_raw(
                        "Page.handleJavaScriptDialog",
                        serde_json::json!({ "accept": accept }),
                        Some(&page.session),
                    )
                    .await;
            }
            "Runtime.consoleAPICalled" | "Runtime.exceptionThrown" | "Log.entryAdded" => {
                if let Ok(mut recent) = page.recent.lock() {
                    crate::events::translate(&event).iter().for_each(|e| recent.observe(e));
                }
                watch_console(&page, &event);
            }
            _ => {}
        }
        // After the state above is written: a wait that wakes on this reads it up to date.
        if crate::waits::moves(&event) {
            page.moved.send_modify(|n| *n += 1);
        }
    }
}

/// A console message or uncaught error: into the trace, and an error into the report's list.
pub(crate) fn watch_console(page: &PageInner, event: &CdpEvent) {
    match event.method.as_str() {
        "Runtime.consoleAPICalled" => {
            let text = crate::events::console_text(&event.params);
            let kind = event.params["type"].as_str().unwrap_or("log");
            if let Some(tracer) = crate::trace::recorder::current(&page.trace) {
                let frame = event.params.pointer("/stackTrace/callFrames/0").unwrap_or(&Value::Null);
                let at = (
                    frame["url"].as_str().unwrap_or(""),
                    frame["lineNumber"].as_u64().unwrap_or(0),
                    frame["columnNumber"].as_u64().unwrap_or(0),
                );
                tracer.console(&page.trace_id(), kind, &text, at);
            }
            if kind == "error" {
                if let Ok(mut e) = page.console_errors.lock() {
                    e.push(format!("console.error: {text}"));
                }
            }
        }
        "Runtime.exceptionThrown" => {
            let text = crate::events::exception_text(&event.params["exceptionDetails"]);
            if let Some(tracer) = crate::trace::recorder::current(&page.trace) {
                let details = &event.params["exceptionDetails"];
                let message = details.pointer("/exception/description").and_then(Value::as_str).unwrap_or(&text);
                let name = details.pointer("/exception/className").and_then(Value::as_str).unwrap_or("Error");
                let first_line = message.lines().next().unwrap_or("");
                let message = first_line.strip_prefix(&format!("{name}: ")).unwrap_or(first_line);
                tracer.page_error(&page.trace_id(), name, message, &text);
            }
            if let Ok(mut e) = page.console_errors.lock() {
                e.push(format!("uncaught: {text}"));
            }
        }
        _ => {}
    }
}

/// A browser download event that concerns `page`: one its main frame started, or the end of
/// one of those.
fn download_event(page: &PageInner, event: &CdpEvent) -> Option<crate::events::PageEvent> {
    let p = &event.params;
    let guid = p["guid"].as_str()?.to_string();
    let mut mine = page.downloads.lock().ok()?;
    match event.method.as_str() {
        "Browser.downloadWillBegin" if p["frameId"].as_str() == Some(page.frame_id.as_str()) => {
            mine.insert(guid.clone());
            Some(crate::events::PageEvent::Download {
                guid,
                url: p["url"].as_str().unwrap_or("").to_string(),
                suggested_filename: p["suggestedFilename"].as_str().unwrap_or("").to_string(),
            })
        }
        "Browser.downloadProgress" if mine.contains(&guid) => {
            let state = p["state"].as_str().unwrap_or("");
            if state == "inProgress" {
                return None;
            }
            mine.remove(&guid);
            Some(crate::events::PageEvent::DownloadFinished { guid, state: state.to_string() })
        }
        _ => None,
    }
}
