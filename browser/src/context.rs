//! A browser context: an isolated session (cookies, storage) holding pages.

use crate::connection::Connection;
use crate::page::Page;
use crate::Result;
use chromiumoxide::cdp::browser_protocol::browser::BrowserContextId;
use chromiumoxide::cdp::browser_protocol::target::{CreateTargetParams, DisposeBrowserContextParams};

/// One isolated context. Each scenario gets a fresh one.
pub struct BrowserContext {
    connection: Connection,
    id: BrowserContextId,
}

impl BrowserContext {
    pub(crate) fn new(connection: Connection, id: BrowserContextId) -> Self {
        BrowserContext { connection, id }
    }

    /// Opens a new page (tab) in this context, at `about:blank`.
    pub async fn new_page(&self) -> Result<Page> {
        let params =
            CreateTargetParams { browser_context_id: Some(self.id.clone()), ..CreateTargetParams::new("about:blank") };
        let created = self.connection.call(params, None).await?;
        Page::attach(self.connection.clone(), created.target_id).await
    }

    /// Closes the context and every page in it.
    pub async fn close(self) -> Result<()> {
        self.connection.call(DisposeBrowserContextParams::new(self.id), None).await.map(|_| ())
    }
}
