//! Creating a context with Playwright's context options: its settings for new pages,
//! permissions and storage state.

use crate::connection::Connection;
use crate::context::BrowserContext;
use crate::error::Result;

impl BrowserContext {
    /// A fresh context with Playwright's context `options` (see [`crate::context_options::ContextOptions`]).
    pub async fn create_with(
        connection: Connection,
        options: &crate::context_options::ContextOptions,
    ) -> Result<BrowserContext> {
        let context = BrowserContext::create(connection).await?;
        context.configure(options).await?;
        Ok(context)
    }

    /// Applies creation options to this context before it has pages.
    async fn configure(&self, options: &crate::context_options::ContextOptions) -> Result<()> {
        self.set_page_settings(options)?;
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
