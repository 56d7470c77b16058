//! The Selenium Grid flags `bdd`, `mcp` and `run` share.

use ferridriver_steps::lease::GridSettings;

/// `--grid`, `--grid-capabilities`, `--grid-timeout`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct GridFlags {
    /// Take browsers from this Selenium Grid 4 (`http://host:4444`, basic auth in the URL
    /// allowed; also FERRIDRIVER_GRID, and `[browser] grid` for bdd): one session per worker or
    /// browser instance, driven over the DevTools endpoint the Grid proxies, deleted when it ends.
    #[arg(long, value_name = "URL", conflicts_with = "cdp_endpoint")]
    pub grid: Option<String>,

    /// More W3C capabilities for Grid sessions, as a JSON object merged over ours
    /// (e.g. '{"platformName":"linux"}').
    #[arg(long, value_name = "JSON")]
    pub grid_capabilities: Option<String>,

    /// How long a Grid session request may wait in the Grid's queue, in seconds (default 60).
    #[arg(long, value_name = "SECONDS")]
    pub grid_timeout: Option<u64>,
}

impl GridFlags {
    /// The Grid these flags name (else FERRIDRIVER_GRID, else `fallback`), checked.
    pub fn settings(&self, fallback: Option<String>) -> Result<Option<GridSettings>, String> {
        GridSettings::from_flags(self.grid.clone(), fallback, self.grid_capabilities.as_deref(), self.grid_timeout)
    }
}
