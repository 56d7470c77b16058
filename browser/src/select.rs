//! `selectOption`: options of a `<select>` chosen by value, label or index, as Playwright's. An
//! option that is not there yet (a list a request fills) is waited for, as Playwright waits,
//! until the action's deadline.

use crate::actions::BACKOFF_MS;
use crate::error::{BrowserError, Result};
use crate::locator::Locator;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::time::{Duration, Instant};

/// One option to select, as Playwright's `selectOption` takes it: a string (its value or its
/// label), or `{ value, label, index }`, all of which given must hold.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OptionSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_or_label: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
}

impl Locator {
    /// Selects options of a `<select>` by value or label; returns the selected values.
    pub async fn select_option(&self, values: &[&str]) -> Result<Vec<String>> {
        let specs: Vec<OptionSpec> =
            values.iter().map(|v| OptionSpec { value_or_label: Some(v.to_string()), ..Default::default() }).collect();
        self.select_options(&specs).await
    }

    /// Selects the options `specs` name, once each is there; returns the selected values.
    pub async fn select_options(&self, specs: &[OptionSpec]) -> Result<Vec<String>> {
        let body = async {
            let timeout = self.timeout();
            let deadline = Instant::now() + timeout;
            for attempt in 0.. {
                let left = deadline.saturating_duration_since(Instant::now());
                let pause = Duration::from_millis(BACKOFF_MS[attempt.min(BACKOFF_MS.len() - 1)]);
                tokio::time::sleep(pause.min(left)).await;
                let one = self.with_timeout(deadline.saturating_duration_since(Instant::now()));
                let el = one.wait_for_one("selectOption", &["visible", "enabled"]).await?;
                let answer = self.page.helper_value(&el, "selectOption", vec![json!(specs)]).await?;
                if let Some(selected) = answer["selected"].as_array() {
                    return Ok(selected.iter().filter_map(|v| v.as_str().map(str::to_string)).collect());
                }
                if Instant::now() >= deadline {
                    break;
                }
            }
            Err(BrowserError::Timeout {
                what: format!("{} (did not find some options) to selectOption", self.description()),
                ms: timeout.as_millis(),
            })
        };
        self.traced("selectOption", json!({ "options": specs }), None, self.op("selectOption", body)).await
    }
}
