//! HTTP authentication credentials (`httpCredentials`); `network.rs` answers a server's 401
//! challenges with them, as Playwright does — only to the credentials' origin when one is
//! given, never proactively.

use serde::{Deserialize, Serialize};

/// Credentials for HTTP authentication.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HttpCredentials {
    pub username: String,
    pub password: String,
    /// Only challenges from this origin (`https://example.com`) are answered.
    #[serde(default)]
    pub origin: Option<String>,
}
