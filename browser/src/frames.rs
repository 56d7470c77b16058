//! A page's frames (`frame_tree.rs` keeps them from its events), and a frame's owner element
//! (the `<iframe>`, which the browser names by frame id): a frame's elements are found
//! through it.

use crate::error::{BrowserError, Result};
use crate::frame_tree::FrameInfo;
use crate::page::{Page, PageInner};
use crate::resolve::{Element, GROUP};
use serde_json::{json, Value};

impl Page {
    /// The page's frames now: the main frame first, then every frame after its parent.
    pub fn frames(&self) -> Vec<FrameInfo> {
        self.inner.frames.lock().map(|t| t.list()).unwrap_or_default()
    }
}

impl PageInner {
    /// The `<iframe>` element of frame `id`; a frame that is gone is Playwright's error.
    pub(crate) async fn frame_owner(&self, id: &str) -> Result<Element> {
        let detached = || BrowserError::Evaluation("Frame was detached".into());
        let owner = self
            .connection
            .call_raw("DOM.getFrameOwner", json!({ "frameId": id }), Some(&self.session))
            .await
            .map_err(|_| detached())?;
        let node = owner["backendNodeId"].as_i64().ok_or_else(detached)?;
        let resolved = self
            .connection
            .call_raw("DOM.resolveNode", json!({ "backendNodeId": node, "objectGroup": GROUP }), Some(&self.session))
            .await
            .map_err(|_| detached())?;
        let object_id = resolved.pointer("/object/objectId").and_then(Value::as_str).ok_or_else(detached)?;
        Ok(Element { object_id: object_id.to_string() })
    }
}
