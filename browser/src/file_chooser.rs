//! Playwright's `filechooser` event: while a page intercepts file choosers, an input opening
//! one (a click on it, or `input.click()` from the page) is reported as
//! `PageEvent::FileChooser` instead of a dialog, and the input is pinned as an element handle
//! so the test can set its files.

use crate::error::{BrowserError, Result};
use crate::page::Page;
use crate::resolve::Element;
use serde_json::json;

impl Page {
    /// Whether the page's file choosers are reported (`PageEvent::FileChooser`) rather than
    /// opened.
    pub async fn intercept_file_choosers(&self, on: bool) -> Result<()> {
        self.send("Page.setInterceptFileChooserDialog", json!({ "enabled": on })).await.map(|_| ())
    }

    /// Pins the element DevTools names `backend_node_id` (a file chooser's input) in its
    /// document, as [`crate::Locator::pin`] does: its number.
    pub async fn pin_backend_node(&self, backend_node_id: i64) -> Result<u64> {
        let node = self.send("DOM.resolveNode", json!({ "backendNodeId": backend_node_id })).await?;
        let object_id = node
            .pointer("/object/objectId")
            .and_then(serde_json::Value::as_str)
            .ok_or_else(|| BrowserError::Evaluation("the file chooser's input is gone".into()))?
            .to_string();
        let id = self.inner.helper_value(&Element { object_id }, "pin", vec![]).await?;
        Ok(id.as_u64().unwrap_or_default())
    }
}
