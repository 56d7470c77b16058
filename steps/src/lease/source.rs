//! Where a session's browser comes from, and the settings of the local one.

use ferridriver_browser::{Browser, BrowserContext, LaunchOptions, Page};
use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Arc;

/// What a source's operations return.
pub type SourceFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, String>> + Send + 'a>>;

/// Where a session's browser comes from: a worker's own browser, the MCP server's instance
/// browser (shared by that instance's sessions), later a Grid session. Shared by `Arc`; the
/// source supervises its browser (relaunches it when it died), leases only borrow it.
pub trait BrowserSource: Send + Sync {
    /// The browser: launched or connected on first use, and again after it died.
    fn browser(&self) -> SourceFuture<'_, Arc<Browser>>;

    /// A context and page for a new scenario (a fresh pair unless the source says otherwise).
    fn open(&self) -> SourceFuture<'_, (BrowserContext, Page)> {
        Box::pin(async move {
            let browser = self.browser().await?;
            let context = browser.new_context().await.map_err(|e| e.to_string())?;
            let page = context.new_page().await.map_err(|e| e.to_string())?;
            Ok((context, page))
        })
    }

    /// The options the scenario's context is made with, when the source has some of its own
    /// (`[browser]`): read before the context opens (the page's selector shortcuts ask whether
    /// they are strict).
    fn configured(&self) -> Option<&ferridriver_browser::ContextOptions> {
        None
    }

    /// Takes back a scenario's context and page when it ends (closes them unless the source
    /// keeps them). Resolves when the next scenario may start.
    fn release(&self, context: BrowserContext, _page: Page) -> Pin<Box<dyn Future<Output = ()> + Send + '_>> {
        Box::pin(async move {
            let _ = tokio::time::timeout(std::time::Duration::from_secs(5), context.close()).await;
        })
    }
}

/// How a local browser is launched or attached (from the command line and `[browser]`).
#[derive(Debug, Clone, Default)]
pub struct BrowserSettings {
    pub executable: Option<PathBuf>,
    pub headed: bool,
    /// A browser someone else runs: its DevTools WebSocket (`ws://`, `wss://`), or an
    /// `http(s)://` address whose `/json/version` names it (`--cdp-endpoint`). Each worker
    /// opens its own connection.
    pub cdp_endpoint: Option<String>,
    /// Headers sent to `cdp_endpoint` (`--cdp-header "Authorization: …"`).
    pub cdp_headers: Vec<(String, String)>,
    /// Options of every scenario's context (`[browser]` in the config file).
    pub context: ferridriver_browser::ContextOptions,
    /// How scenarios are kept apart (`--isolation`).
    pub isolation: Isolation,
    /// Take each worker's browser from this Selenium Grid instead (`--grid`).
    pub grid: Option<super::GridSettings>,
    /// More Chromium switches for every browser launched (`[browser] args`).
    pub args: Vec<String>,
}

/// How scenarios are kept apart.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Isolation {
    /// A fresh incognito context and page per scenario.
    #[default]
    Context,
    /// One context and page per worker, reset to the configured state between scenarios
    /// (`BrowserContext::reset`).
    Reset,
}

impl Isolation {
    /// Reads `context` or `reset`.
    pub fn parse(value: &str) -> Result<Isolation, String> {
        match value {
            "context" => Ok(Isolation::Context),
            "reset" => Ok(Isolation::Reset),
            other => Err(format!("isolation must be `context` or `reset`, not {other:?}")),
        }
    }
}

/// Launches a browser (or attaches to one) as `settings` say.
pub async fn start_browser(settings: &BrowserSettings) -> Result<Browser, String> {
    match &settings.cdp_endpoint {
        Some(url) => {
            let ws = resolve_endpoint(url, &settings.cdp_headers).await?;
            Browser::connect_with_headers(&ws, &settings.cdp_headers).await
        }
        None => {
            let options = LaunchOptions {
                executable: settings.executable.clone(),
                headless: !settings.headed,
                args: settings.args.clone(),
                ..Default::default()
            };
            Browser::launch(&options).await
        }
    }
    .map_err(|e| e.to_string())
}

/// The DevTools WebSocket of `endpoint`: itself when it is one, else what the `http(s)://`
/// address's `/json/version` names (its host and port replaced by the address's, which is what
/// this machine can reach).
async fn resolve_endpoint(endpoint: &str, headers: &[(String, String)]) -> Result<String, String> {
    if endpoint.starts_with("ws://") || endpoint.starts_with("wss://") {
        return Ok(endpoint.to_string());
    }
    if !(endpoint.starts_with("http://") || endpoint.starts_with("https://")) {
        return Err(format!(
            "--cdp-endpoint {endpoint:?} is neither a ws(s):// DevTools socket nor an http(s):// address\n  hint: e.g. ws://127.0.0.1:9222/devtools/browser/… or http://127.0.0.1:9222"
        ));
    }
    let _ = rustls::crypto::ring::default_provider().install_default();
    let client = reqwest::Client::builder()
        .connect_timeout(std::time::Duration::from_secs(5))
        .timeout(std::time::Duration::from_secs(15))
        .build()
        .map_err(|e| e.to_string())?;
    let mut request = client.get(format!("{}/json/version", endpoint.trim_end_matches('/')));
    for (name, value) in headers {
        request = request.header(name.as_str(), value.as_str());
    }
    let version: serde_json::Value = request
        .send()
        .await
        .and_then(reqwest::Response::error_for_status)
        .map_err(|e| format!("cannot read {endpoint}/json/version: {e}"))?
        .json()
        .await
        .map_err(|e| format!("{endpoint}/json/version is not JSON: {e}"))?;
    let ws = version["webSocketDebuggerUrl"].as_str().ok_or_else(|| {
        format!(
            "{endpoint}/json/version names no webSocketDebuggerUrl\n  hint: pass the browser's ws:// endpoint instead"
        )
    })?;
    Ok(reachable(ws, endpoint))
}

/// A DevTools WebSocket URL as this machine can reach it: a remote browser or a Grid behind a
/// router or in a container names its own host (`localhost`, an internal address), while the
/// address we were given (`address`) serves the same path. Its host and port replace the
/// socket's (and `https` makes it `wss`) unless they are the same already.
pub(crate) fn reachable(socket: &str, address: &str) -> String {
    let (Ok(mut endpoint), Ok(address)) = (url::Url::parse(socket), url::Url::parse(address)) else {
        return socket.to_string();
    };
    if endpoint.host_str() == address.host_str() && endpoint.port_or_known_default() == address.port_or_known_default()
    {
        return socket.to_string();
    }
    let _ = endpoint.set_scheme(if address.scheme() == "https" { "wss" } else { "ws" });
    let _ = endpoint.set_host(address.host_str());
    let _ = endpoint.set_port(address.port_or_known_default());
    endpoint.to_string()
}
