//! Pages that pages open themselves: `window.open`, links and forms with `target=_blank`.
//!
//! Asked once per connection (when its first context is made), Chromium holds every new page
//! of the browser before it loads anything and reports it (`Target.attachedToTarget` with
//! `waitingForDebugger`). Each held page is then:
//! - opened by a page of one of our contexts (a popup): set up with its context's settings —
//!   the `file:` gate first and answered, the rest queued — then let go, counted among the
//!   context's pages and announced to its opener ([`PageEvent::Popup`]) once its first
//!   document committed, as Playwright's `popup` event. A popup that cannot be set up is
//!   closed, never let go half set up;
//! - made by one of our contexts itself (`new_page`, which attaches its own session): let go;
//! - anyone else's (a browser shared with other clients): left to its owner (our session
//!   detaches without letting it go).

use crate::connection::{CdpEvent, Connection};
use crate::context::{BrowserContext, WeakContext};
use crate::error::Result;
use crate::events::PageEvent;
use crate::page::Page;
use chromiumoxide_cdp::cdp::browser_protocol::target::TargetId;
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;
use tokio::sync::broadcast;

/// How long a popup may take to commit its first document before it is announced anyway (a
/// server that never answers must not hide the page from its opener for ever).
const FIRST_COMMIT: Duration = Duration::from_secs(30);

/// One connection's contexts, by browser context id, and whether new pages are held.
#[derive(Default)]
struct Popups {
    contexts: Mutex<HashMap<String, WeakContext>>,
    armed: tokio::sync::OnceCell<()>,
}

/// Holds the new pages of `context`'s browser for it from now on (see the module's comment).
pub(crate) async fn track(context: &BrowserContext) -> Result<()> {
    let connection = context.connection().clone();
    let popups = connection.kept(Popups::default);
    popups
        .contexts
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(context.id().to_string(), context.downgrade());
    popups
        .armed
        .get_or_try_init(|| async {
            // The pages there are now get attached too (not held): they are let go again.
            let targets = connection.call_raw("Target.getTargets", json!({}), None).await?;
            let existing: HashSet<String> = targets["targetInfos"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|t| t["targetId"].as_str().map(str::to_string))
                .collect();
            // Tapped before asking, losslessly: a held page that went by unseen would stay held.
            let reports = connection.tap("Target.attachedToTarget");
            let params = json!({
                "autoAttach": true,
                "waitForDebuggerOnStart": true,
                "flatten": true,
                "filter": [{ "type": "page" }],
            });
            connection.call_raw("Target.setAutoAttach", params, None).await?;
            // Only once asking worked: a second try must not start a second watch.
            tokio::spawn(watch(connection.clone(), Arc::downgrade(&popups), reports, existing));
            Ok::<(), crate::error::BrowserError>(())
        })
        .await
        .map(|_| ())
}

/// Forgets `context` (it is closing): its pages are no longer held for it.
pub(crate) fn untrack(context: &BrowserContext) {
    let popups = context.connection().kept(Popups::default);
    popups.contexts.lock().unwrap_or_else(PoisonError::into_inner).remove(context.id());
}

async fn watch(
    connection: Connection,
    popups: Weak<Popups>,
    mut reports: tokio::sync::mpsc::UnboundedReceiver<Arc<CdpEvent>>,
    existing: HashSet<String>,
) {
    while let Some(event) = reports.recv().await {
        if event.session_id.is_some() {
            continue;
        }
        let Some(popups) = popups.upgrade() else { return };
        popups.held(&connection, &event.params, &existing);
    }
}

impl Popups {
    /// Decides about one page the browser attached us to.
    fn held(&self, connection: &Connection, params: &Value, existing: &HashSet<String>) {
        let session = params["sessionId"].as_str().unwrap_or("").to_string();
        let info = &params["targetInfo"];
        // Pages that existed before are attached but not held: let go of them again. Our own
        // `attachToTarget`s are reported too, and stay.
        if params["waitingForDebugger"].as_bool() != Some(true) {
            if info["targetId"].as_str().is_some_and(|t| existing.contains(t)) {
                connection.send_detached("Target.detachFromTarget", json!({ "sessionId": session }), None);
            }
            return;
        }
        let context_id = info["browserContextId"].as_str().unwrap_or("");
        let context = {
            let mut contexts = self.contexts.lock().unwrap_or_else(PoisonError::into_inner);
            let found = contexts.get(context_id).map(WeakContext::upgrade);
            if found.as_ref().is_some_and(Option::is_none) {
                contexts.remove(context_id);
            }
            found.flatten()
        };
        let opener = info["openerId"].as_str().filter(|o| !o.is_empty()).map(str::to_string);
        match (context, opener) {
            (Some(context), Some(opener)) => {
                let target = info["targetId"].as_str().unwrap_or("").to_string();
                tokio::spawn(take_popup(context, target, session, opener));
            }
            (Some(_), None) => {
                connection.send_detached("Runtime.runIfWaitingForDebugger", json!({}), Some(&session));
                connection.send_detached("Target.detachFromTarget", json!({ "sessionId": session }), None);
            }
            (None, _) => connection.send_detached("Target.detachFromTarget", json!({ "sessionId": session }), None),
        }
    }
}

/// Sets a popup up, lets it go, and announces it to its opener once it has a document.
async fn take_popup(context: BrowserContext, target: String, session: String, opener: String) {
    let connection = context.connection().clone();
    let page = Page::adopt(connection.clone(), TargetId::from(target.clone()), session, context.trace_slot());
    let _ = page.inner.opener.set(opener.clone());
    // Counted at once, so that a reset meanwhile closes it with the scenario it belongs to.
    context.remember(page.clone());
    // Known to its opener before it loads anything: its first requests may be routed there.
    if let Some(opener) = context.page_by_target(&opener) {
        let _ = page.inner.opener_page.set(Arc::downgrade(&opener.inner));
        if let Ok(mut opened) = opener.inner.opened.lock() {
            opened.retain(|_, p| p.strong_count() > 0);
            opened.insert(target.clone(), Arc::downgrade(&page.inner));
        }
    }
    if context.set_up(&page, true).await.is_err() {
        let _ = connection.call_raw("Target.closeTarget", json!({ "targetId": target }), None).await;
        return;
    }
    first_commit(&page).await;
    if let Some(opener) = context.page_by_target(&opener) {
        // Kept for whoever hears the event (nobody listening: nobody will ask for it).
        if opener.inner.events.receiver_count() > 0 {
            if let Ok(mut popups) = opener.inner.popups.lock() {
                popups.insert(target.clone(), page.clone());
            }
        }
        // From now on its paused requests wait for its own listeners (`route_unheard`).
        page.inner.announced.store(true, std::sync::atomic::Ordering::SeqCst);
        let _ = opener.inner.events.send(PageEvent::Popup { target, url: page.last_known_url() });
    }
}

impl Page {
    /// The page announced by this page's [`PageEvent::Popup`] for `target` (once).
    pub fn take_popup(&self, target: &str) -> Option<Page> {
        self.inner.popups.lock().ok()?.remove(target)
    }

    /// The page this page opened as `target`, while it lives ([`PageEvent::PopupRoute`]).
    pub fn opened_page(&self, target: &str) -> Option<Page> {
        let inner = self.inner.opened.lock().ok()?.get(target)?.upgrade()?;
        Some(Page::from_inner(inner))
    }
}

/// Requests of `page` its routing paused while nobody listens to it (`events`, its Route
/// events): a popup's go to its opener's listeners (its context's routes answer them there),
/// else they wait for the page's first listener.
pub(crate) fn route_unheard(page: &crate::page::PageInner, events: Vec<PageEvent>) {
    // Only before the popup is announced: after that, JS takes the popup itself and listens.
    let announced = page.announced.load(std::sync::atomic::Ordering::SeqCst);
    let opener = page.opener_page.get().and_then(Weak::upgrade).filter(|o| !announced && o.events.receiver_count() > 0);
    // Under the lock `Page::events` takes to subscribe: a listener that came meanwhile hears
    // them itself, one that comes later finds them kept.
    let mut unclaimed = page.unclaimed_routes.lock().unwrap_or_else(PoisonError::into_inner);
    for event in events.into_iter().filter(|e| matches!(e, PageEvent::Route { .. })) {
        if page.events.receiver_count() > 0 {
            let _ = page.events.send(event);
        } else if let Some(opener) = &opener {
            let forwarded = PageEvent::PopupRoute { target: page.frame_id.clone(), route: Box::new(event) };
            let _ = opener.events.send(forwarded);
        } else {
            unclaimed.push(event);
        }
    }
}

/// Waits until the page's main frame committed a document, or the page went away (a popup
/// that closes itself at once is still announced, as Playwright's), at most [`FIRST_COMMIT`].
async fn first_commit(page: &Page) {
    let mut moved = page.inner.moved.subscribe();
    let mut events = page.connection().subscribe();
    let session = page.session_id().to_string();
    let committed = async {
        while !page.inner.committed.load(std::sync::atomic::Ordering::Relaxed) {
            if moved.changed().await.is_err() {
                return;
            }
        }
    };
    let gone = async {
        loop {
            match events.recv().await {
                Ok(e)
                    if e.method == "Target.detachedFromTarget" && e.params["sessionId"].as_str() == Some(&session) =>
                {
                    return
                }
                Ok(e) if e.method == "ferridriver.disconnected" => return,
                Err(broadcast::error::RecvError::Closed) => return,
                _ => {}
            }
        }
    };
    let _ = tokio::time::timeout(FIRST_COMMIT, async {
        tokio::select! {
            () = committed => {}
            () = gone => {}
        }
    })
    .await;
}
