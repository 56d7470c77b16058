//! A cookie, as Playwright describes it (`context.cookies()`, `storageState`, `addCookies`).

/// One cookie, as Playwright describes it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Cookie {
    pub name: String,
    pub value: String,
    pub domain: String,
    #[serde(default = "root_path")]
    pub path: String,
    /// Seconds since the epoch; -1 for a session cookie.
    #[serde(default = "session")]
    pub expires: f64,
    #[serde(default)]
    pub http_only: bool,
    #[serde(default)]
    pub secure: bool,
}

fn root_path() -> String {
    "/".into()
}

fn session() -> f64 {
    -1.0
}
