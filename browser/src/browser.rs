//! A launched (or attached) browser.

use crate::connection::Connection;
use crate::context::BrowserContext;
use crate::error::Result;
use crate::launch::{BrowserProcess, LaunchOptions};
use chromiumoxide_cdp::cdp::browser_protocol::browser::{CloseParams, GetVersionParams};
use std::time::Duration;

/// One browser: a process we started (killed with its profile when dropped) or a remote one.
pub struct Browser {
    connection: Connection,
    process: Option<BrowserProcess>,
}

impl Browser {
    /// Starts a local browser and connects to it.
    pub async fn launch(options: &LaunchOptions) -> Result<Browser> {
        let process = BrowserProcess::launch(options)?;
        let connection = Connection::connect(&process.ws_url).await?;
        Ok(Browser { connection, process: Some(process) })
    }

    /// [`Browser::launch`] with the browser's messages delayed and reordered per `plan`
    /// (tests only).
    #[cfg(feature = "fault-injection")]
    pub async fn launch_with_faults(options: &LaunchOptions, plan: crate::connection::FaultPlan) -> Result<Browser> {
        let process = BrowserProcess::launch(options)?;
        let connection = Connection::connect_with_faults(&process.ws_url, plan).await?;
        Ok(Browser { connection, process: Some(process) })
    }

    /// Connects to a browser someone else runs (`--cdp-endpoint ws://…`).
    pub async fn connect(ws_url: &str) -> Result<Browser> {
        Browser::connect_with_headers(ws_url, &[]).await
    }

    /// [`Browser::connect`] sending `headers` with the WebSocket upgrade (`--cdp-header`).
    pub async fn connect_with_headers(ws_url: &str, headers: &[(String, String)]) -> Result<Browser> {
        Ok(Browser { connection: Connection::connect_with_headers(ws_url, headers).await?, process: None })
    }

    /// The DevTools connection.
    pub fn connection(&self) -> &Connection {
        &self.connection
    }

    /// The browser's process id, when we launched it.
    pub fn pid(&self) -> Option<u32> {
        self.process.as_ref().map(|p| p.pid())
    }

    /// The temporary profile directory of a browser we launched (removed when it closes).
    pub fn profile_dir(&self) -> Option<&std::path::Path> {
        self.process.as_ref().map(|p| p.profile.as_path())
    }

    /// The product and version, e.g. `Chrome/148.0.7778.167`.
    pub async fn version(&self) -> Result<String> {
        Ok(self.connection.call(GetVersionParams::default(), None).await?.product)
    }

    /// A fresh, isolated (incognito-like) context: its own cookies, storage and cache.
    pub async fn new_context(&self) -> Result<BrowserContext> {
        BrowserContext::create(self.connection.clone()).await
    }

    /// A fresh context with Playwright's context options.
    pub async fn new_context_with(&self, options: &crate::context_options::ContextOptions) -> Result<BrowserContext> {
        BrowserContext::create_with(self.connection.clone(), options).await
    }

    /// Whether the connection is still up.
    pub fn is_connected(&self) -> bool {
        self.connection.closed_reason().is_none()
    }

    /// Whether the browser answers a command now. A browser that died since the last command
    /// is only noticed when its connection's reader sees the socket close, which can come after
    /// the next caller has started; this round trip waits for either the answer or that close,
    /// so a caller that checks first never starts work on a dead browser.
    pub async fn answers(&self) -> bool {
        self.is_connected() && self.connection.call(GetVersionParams::default(), None).await.is_ok()
    }

    /// Closes the browser; a launched one is then reaped and its profile removed.
    pub async fn close(mut self) {
        let _ = tokio::time::timeout(Duration::from_secs(2), self.connection.call(CloseParams::default(), None)).await;
        if let Some(mut p) = self.process.take() {
            p.shutdown(Duration::from_secs(2));
        }
    }
}
