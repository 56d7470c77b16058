//! Storage state, as Playwright's `context.storageState()` and the `storageState` option: the
//! context's cookies and each origin's `localStorage`, saved to JSON and loaded into a fresh
//! context — so a suite signs in once and every scenario starts signed in.

use crate::cookie::Cookie;
use crate::error::{BrowserError, Result};
use serde::{Deserialize, Serialize};

/// One `localStorage` entry.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
pub struct NameValue {
    pub name: String,
    pub value: String,
}

/// The `localStorage` of one origin.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OriginState {
    pub origin: String,
    #[serde(default)]
    pub local_storage: Vec<NameValue>,
}

/// Cookies and local storage, in Playwright's file format.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
pub struct StorageState {
    #[serde(default)]
    pub cookies: Vec<Cookie>,
    #[serde(default)]
    pub origins: Vec<OriginState>,
}

impl StorageState {
    /// Reads a file written by [`BrowserContext::storage_state`] (or by Playwright).
    pub fn read(path: &str) -> Result<StorageState> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            BrowserError::Evaluation(format!(
                "storageState: cannot read {path}: {e}\n  hint: write it first with context.storageState({{ path }})"
            ))
        })?;
        serde_json::from_str(&text)
            .map_err(|e| BrowserError::Evaluation(format!("storageState: {path} is not a storage state: {e}")))
    }
}
