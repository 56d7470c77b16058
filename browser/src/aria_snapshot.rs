//! `ariaSnapshot()` of a locator's element or of the whole page (see aria.rs for the format).

use crate::aria::{document_node, node_for_backend, snapshot};
use crate::error::{BrowserError, Result};
use crate::locator::Locator;
use crate::page::Page;
use serde_json::{json, Value};

impl Page {
    /// The accessibility snapshot of the page (its main frame).
    pub async fn aria_snapshot(&self) -> Result<String> {
        let nodes = ax_tree(&self.inner.connection, &self.inner.session).await?;
        let root = document_node(&nodes)
            .ok_or_else(|| BrowserError::Evaluation("the page has no accessibility tree".into()))?;
        Ok(snapshot(&nodes, &root))
    }
}

/// The main frame's accessibility tree, as Chromium reports it.
async fn ax_tree(connection: &crate::connection::Connection, session: &str) -> Result<Vec<Value>> {
    let reply = connection.call_raw("Accessibility.getFullAXTree", json!({}), Some(session)).await?;
    Ok(reply["nodes"].as_array().cloned().unwrap_or_default())
}

impl Locator {
    /// The accessibility snapshot of the one element this locator finds (waiting for it).
    pub async fn aria_snapshot(&self) -> Result<String> {
        self.op("ariaSnapshot", async {
            let el = self.wait_for_one("ariaSnapshot", &[]).await?;
            let described = self
                .page
                .connection
                .call_raw("DOM.describeNode", json!({ "objectId": el.object_id }), Some(&self.page.session))
                .await?;
            let backend = described.pointer("/node/backendNodeId").and_then(Value::as_i64).unwrap_or_default();
            let nodes = ax_tree(&self.page.connection, &self.page.session).await?;
            let root = node_for_backend(&nodes, backend).ok_or_else(|| {
                BrowserError::Evaluation(format!(
                    "{} has no node in the page's accessibility tree (elements inside iframes are not snapshotted yet)",
                    self.description()
                ))
            })?;
            Ok(snapshot(&nodes, &root))
        })
        .await
    }
}
