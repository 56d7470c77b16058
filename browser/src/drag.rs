//! `locator.dragTo(target)` / `page.dragAndDrop`: press on the source, move to the target,
//! release, as a user drags. An element that starts an HTML5 drag (`draggable`, `dragstart`
//! not cancelled) gets the drag and drop events from the browser itself: Chromium hands the
//! drag to us (`Input.setInterceptDrags`) and we deliver it over the target
//! (`Input.dispatchDragEvent`), as a real drop would; any other element (a slider, a sortable
//! list driven by mouse events) sees the plain press, move and release.

use crate::error::{BrowserError, Result};
use crate::locator::Locator;
use crate::resolve::Element;
use serde_json::{json, Value};
use std::time::Instant;

/// Where on the source and the target the pointer goes (relative to each element's top left);
/// the centers when not given.
#[derive(Debug, Clone, Copy, Default)]
pub struct DragOptions {
    /// On the source.
    pub source_position: Option<(f64, f64)>,
    /// On the target.
    pub target_position: Option<(f64, f64)>,
}

/// Watches the source's window for the `dragstart` the press and move cause (a capture
/// listener, removed again when the drag is over).
const WATCH_DRAGSTART: &str = "function() { const w = this.ownerDocument.defaultView; \
    if (w.__ferridriverDragOff) w.__ferridriverDragOff(); w.__ferridriverDrag = null; \
    const seen = (e) => { w.__ferridriverDrag = e; }; w.addEventListener('dragstart', seen, true); \
    w.__ferridriverDragOff = () => w.removeEventListener('dragstart', seen, true); }";

/// After the move has been handled (the next frame): whether an HTML5 drag started.
const DRAG_STARTED: &str = "async function() { const w = this.ownerDocument.defaultView; \
    await new Promise((r) => w.requestAnimationFrame(r)); const e = w.__ferridriverDrag; \
    if (w.__ferridriverDragOff) w.__ferridriverDragOff(); w.__ferridriverDragOff = null; \
    return !!e && !e.defaultPrevented; }";

impl Locator {
    /// Drags this element onto `target` (Playwright's `locator.dragTo`): both must be visible
    /// and stable and receive the pointer where it goes.
    pub async fn drag_to(&self, target: &Locator, options: DragOptions) -> Result<()> {
        let params = json!({ "target": target.description() });
        self.traced("dragTo", params, None, self.op("dragTo", self.drag_untraced(target, options))).await
    }

    async fn drag_untraced(&self, target: &Locator, options: DragOptions) -> Result<()> {
        let started = Instant::now();
        let checks = ["visible", "stable", "enabled", "receivesEvents"];
        let (source, mut x, mut y) = self.wait_for_point("dragTo", &checks, true).await?;
        if let Some(offset) = options.source_position {
            (x, y) = self.point_in(&source, offset).await?;
            self.page.mouse_event("mouseMoved", x, y, 0).await?;
        }
        self.call_on(&source, WATCH_DRAGSTART).await?;
        let mut events = self.page.connection.subscribe();
        let session = Some(self.page.session.as_str());
        // A browser that cannot hand drags over still gets the plain press, move and release.
        let intercepting =
            self.page.connection.call_raw("Input.setInterceptDrags", json!({ "enabled": true }), session).await.is_ok();
        let result = async {
            self.page.mouse_event("mousePressed", x, y, 1).await?;
            let (target_el, mut tx, mut ty) =
                // With the button held, no locator handler runs (as Playwright's drop).
                target.without_locator_handlers().wait_for_point("dragTo", &["visible", "stable", "receivesEvents"], false).await?;
            if let Some(offset) = options.target_position {
                (tx, ty) = target.point_in(&target_el, offset).await?;
            }
            self.page.mouse_event("mouseMoved", tx, ty, 0).await?;
            let html5 = intercepting && self.call_on(&source, DRAG_STARTED).await?.as_bool() == Some(true);
            if !html5 {
                return self.page.mouse_event("mouseReleased", tx, ty, 1).await;
            }
            let deadline = started + self.timeout();
            let data = loop {
                let left = deadline.saturating_duration_since(Instant::now());
                match tokio::time::timeout(left, events.recv()).await {
                    Ok(Ok(e)) if e.method == "Input.dragIntercepted" && e.session_id.as_deref() == session => {
                        break e.params["data"].clone();
                    }
                    Ok(Ok(_)) | Ok(Err(tokio::sync::broadcast::error::RecvError::Lagged(_))) => continue,
                    Ok(Err(_)) => return Err(BrowserError::Disconnected("event stream closed".into())),
                    Err(_) => {
                        return Err(BrowserError::Timeout {
                            what: format!("the browser to start dragging {}", self.description()),
                            ms: self.timeout().as_millis(),
                        })
                    }
                }
            };
            let delivered = async {
                for kind in ["dragEnter", "dragOver", "drop"] {
                    let event = json!({ "type": kind, "x": tx, "y": ty, "data": data });
                    self.page.connection.call_raw("Input.dispatchDragEvent", event, session).await?;
                }
                Ok(())
            }
            .await;
            if delivered.is_err() {
                // The browser handed the drag over and waits for its end: a drag that failed
                // half-way is cancelled, or the page stays in the middle of a drag.
                let cancel = json!({ "type": "dragCancel", "x": tx, "y": ty, "data": data });
                let _ = self.page.connection.call_raw("Input.dispatchDragEvent", cancel, session).await;
            }
            delivered?;
            self.page.mouse_event("mouseReleased", tx, ty, 1).await
        }
        .await;
        if intercepting {
            let _ =
                self.page.connection.call_raw("Input.setInterceptDrags", json!({ "enabled": false }), session).await;
        }
        result
    }

    /// The page point `offset` from `el`'s top left.
    async fn point_in(&self, el: &Element, offset: (f64, f64)) -> Result<(f64, f64)> {
        let corner =
            self.call_on(el, "function() { const r = this.getBoundingClientRect(); return [r.left, r.top]; }").await?;
        let at = |i: usize| corner.get(i).and_then(Value::as_f64).unwrap_or(0.0);
        Ok((at(0) + offset.0, at(1) + offset.1))
    }

    /// Calls `declaration` on `el`, promises awaited; its value.
    async fn call_on(&self, el: &Element, declaration: &str) -> Result<Value> {
        let reply = self.page.call_function_on(&el.object_id, declaration, Vec::new(), true).await?;
        Ok(reply.get("value").cloned().unwrap_or(Value::Null))
    }
}
