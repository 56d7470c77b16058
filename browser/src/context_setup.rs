//! Creating a context (its new pages held for it, `popups.rs`) with Playwright's context
//! options: its settings for new pages, permissions and storage state; and closing it.

use crate::connection::Connection;
use crate::context::BrowserContext;
use crate::error::Result;

impl BrowserContext {
    /// Creates a fresh context on a browser connection (what `Browser::new_context` does; usable
    /// where only the connection can travel, e.g. into a task that prepares the next context).
    pub async fn create(connection: Connection) -> Result<BrowserContext> {
        BrowserContext::create_through(connection, None).await
    }

    /// A fresh context whose requests go through `proxy` (server, bypass list) when given.
    async fn create_through(connection: Connection, proxy: Option<(String, Option<String>)>) -> Result<BrowserContext> {
        let (proxy_server, proxy_bypass_list) = proxy.map_or((None, None), |(server, bypass)| (Some(server), bypass));
        let params = chromiumoxide_cdp::cdp::browser_protocol::target::CreateBrowserContextParams {
            dispose_on_detach: Some(true),
            proxy_server,
            proxy_bypass_list,
            ..Default::default()
        };
        let created = connection.call(params, None).await?;
        let context = BrowserContext::new(connection, created.browser_context_id);
        // Pages that its pages open are held for it from now on (`popups.rs`).
        crate::popups::track(&context).await?;
        Ok(context)
    }

    /// Closes the context and every page in it.
    pub async fn close(self) -> Result<()> {
        crate::popups::untrack(&self);
        self.dispose().await
    }

    /// A fresh context with Playwright's context `options` (see [`crate::context_options::ContextOptions`]).
    pub async fn create_with(
        connection: Connection,
        options: &crate::context_options::ContextOptions,
    ) -> Result<BrowserContext> {
        let proxy = options
            .proxy
            .as_ref()
            .map(|p| p.for_chromium())
            .transpose()
            .map_err(crate::error::BrowserError::Evaluation)?;
        let context = BrowserContext::create_through(connection, proxy).await?;
        context.configure(options).await?;
        Ok(context)
    }

    /// Applies creation options to this context before it has pages.
    async fn configure(&self, options: &crate::context_options::ContextOptions) -> Result<()> {
        self.set_page_settings(options)?;
        if let Some(record) = &options.record_har {
            crate::har_recorder::recorders_push(
                &self.har_slot(),
                crate::har_recorder::HarRecorder::start(record.clone(), None),
            );
        }
        if options.accept_downloads == Some(false) {
            let params = serde_json::json!({ "behavior": "deny", "browserContextId": self.id() });
            self.connection().call_raw("Browser.setDownloadBehavior", params, None).await?;
        }
        if let Some(permissions) = &options.permissions {
            let names: Vec<&str> = permissions.iter().map(String::as_str).collect();
            self.grant_permissions(&names, None).await?;
        }
        match &options.storage_state {
            Some(crate::context_options::StorageStateSource::Path(path)) => {
                self.load_storage_state(&crate::storage_state::StorageState::read(path)?).await?
            }
            Some(crate::context_options::StorageStateSource::State(state)) => self.load_storage_state(state).await?,
            None => {}
        }
        Ok(())
    }
}
