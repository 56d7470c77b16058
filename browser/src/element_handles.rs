//! Element handles (`page.$`, `page.$$`, `locator.elementHandle(s)`, `page.waitForSelector`):
//! a handle names one element for as long as it lives, wherever it moves, as Playwright's do.
//! The page keeps the pinned elements in a registry on their document (numbered, held until
//! `dispose` or until the document goes); a handle is a locator whose last part looks its
//! element up there, so every locator query and assertion works on it, a removed element stays
//! readable (as a Playwright handle's does) while actions on it fail at once, and a handle
//! never names another element that matches the same selector now.

use crate::error::Result;
use crate::locator::{Locator, Part};

/// Which of a locator's current matches to pin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PinWhich {
    /// The first (`page.$`): none pinned when nothing matches.
    First,
    /// Every match (`page.$$`, `locator.elementHandles`).
    All,
    /// The only match (`locator.elementHandle`): several are a strict mode violation.
    One,
}

impl Locator {
    /// Pins the elements this locator finds now (no waiting) and gives their numbers; make
    /// handles of them with [`Locator::pinned`].
    pub async fn pin(&self, which: PinWhich) -> Result<Vec<u64>> {
        let found = self.page.resolve(&self.parts).await?;
        if which == PinWhich::One && found.len() > 1 {
            return Err(self.strict_violation("elementHandle", &found).await);
        }
        let take = if which == PinWhich::All { found.len() } else { found.len().min(1) };
        let mut ids = Vec::with_capacity(take);
        for el in &found[..take] {
            let id = self.page.helper_value(el, "pin", vec![]).await?;
            ids.push(id.as_u64().unwrap_or_default());
        }
        Ok(ids)
    }

    /// Lets the page forget a handle's element (`elementHandle.dispose()`); nothing for a
    /// locator that is not a handle.
    pub async fn dispose(&self) -> Result<()> {
        let Some(Part::Pinned { id, .. }) = self.parts.last() else { return Ok(()) };
        for el in self.page.resolve(&self.parts).await? {
            self.page.helper_value(&el, "unpin", vec![serde_json::json!(id)]).await?;
        }
        Ok(())
    }

    /// Whether this locator is an element handle (its last part names a pinned element).
    pub fn is_element_handle(&self) -> bool {
        matches!(self.parts.last(), Some(Part::Pinned { .. }))
    }

    /// The handle of element `id` pinned from this locator: the frames this locator entered,
    /// then that element.
    pub fn pinned(&self, id: u64) -> Locator {
        let frames = self.parts.iter().rposition(|p| matches!(p, Part::EnterFrame)).map_or(0, |i| i + 1);
        let mut parts = self.parts[..frames].to_vec();
        parts.push(Part::Pinned { id, from: self.description() });
        Locator { parts, ..self.clone() }
    }
}

impl Locator {
    /// The frames of the one element (waited for): the id of the frame whose document holds it
    /// (Playwright's `ownerFrame`) and, for an `<iframe>`/`<frame>`, of the frame it shows
    /// (`contentFrame`); `None` where the browser names none (a detached document, a frame not
    /// loaded yet).
    pub async fn frame_ids(&self) -> Result<(Option<String>, Option<String>)> {
        self.op("ownerFrame", async {
            let el = self.wait_for_one("ownerFrame", &[]).await?;
            let session = Some(self.page.session.as_str());
            let frame_of = |reply: serde_json::Value| reply.pointer("/node/frameId").and_then(|v| v.as_str()).map(str::to_string);
            let describe = |object_id: String| {
                self.page.connection.call_raw("DOM.describeNode", serde_json::json!({ "objectId": object_id }), session)
            };
            // Only a frame's owner shows one (the root element names its own document's).
            let node = describe(el.object_id.clone()).await?;
            let content = match node.pointer("/node/localName").and_then(|v| v.as_str()) {
                Some("iframe" | "frame") => frame_of(node),
                _ => None,
            };
            // The browser names a document's frame on its root element.
            let root = self
                .page
                .connection
                .call_raw(
                    "Runtime.callFunctionOn",
                    serde_json::json!({
                        "functionDeclaration": "function() { const d = this.ownerDocument || this; return d.documentElement; }",
                        "objectId": el.object_id,
                    }),
                    session,
                )
                .await?;
            let owner = match root.pointer("/result/objectId").and_then(|v| v.as_str()) {
                Some(id) => {
                    let owner = frame_of(describe(id.to_string()).await?);
                    let _ = self
                        .page
                        .connection
                        .call_raw("Runtime.releaseObject", serde_json::json!({ "objectId": id }), session)
                        .await;
                    owner
                }
                None => None,
            };
            Ok((owner, content))
        })
        .await
    }

    /// The handle of element `id` (pinned in the document this locator's matches live in).
    pub fn element_handle(&self, id: u64, from: &str) -> Locator {
        let mut handle = self.clone();
        handle.parts.push(Part::Pinned { id, from: from.to_string() });
        handle
    }
}

impl crate::page::Page {
    /// The handle of element `id`, pinned in the page's main document.
    pub fn element_handle(&self, id: u64, from: &str) -> Locator {
        Locator::root(std::sync::Arc::clone(&self.inner)).element_handle(id, from)
    }
}

impl crate::frame_locator::FrameLocator {
    /// The handle of element `id`, pinned in this frame's document.
    pub fn element_handle(&self, id: u64, from: &str) -> Locator {
        self.owner().enter_frame().element_handle(id, from)
    }
}
