//! Clicks, double clicks and hovers with Playwright's options: which button, modifier keys
//! held, a point other than the element's center, several clicks, a pause between press and
//! release, `force` (no actionability checks) and `trial` (the checks only).

use crate::error::{BrowserError, Result};
use crate::locator::Locator;
use serde::Deserialize;
use serde_json::json;
use std::time::Duration;

/// A point in CSS pixels from an element's top-left corner.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
pub struct Position {
    pub x: f64,
    pub y: f64,
}

/// Playwright's click options (besides `timeout`).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClickOptions {
    /// `left` (default), `right` or `middle`.
    pub button: Option<String>,
    /// Keys held during the click: `Alt`, `Control`, `ControlOrMeta`, `Meta`, `Shift`.
    pub modifiers: Option<Vec<String>>,
    pub position: Option<Position>,
    /// How many clicks (2: a double click's events).
    pub click_count: Option<i64>,
    /// Milliseconds between press and release.
    pub delay: Option<f64>,
    /// No actionability checks: clicks where the element is.
    pub force: Option<bool>,
    /// The checks only: nothing is clicked.
    pub trial: Option<bool>,
    /// Accepted and ignored (as in Playwright, which deprecated it).
    pub no_wait_after: Option<bool>,
}

const MODIFIER_KEYS: [&str; 5] = ["Alt", "Control", "ControlOrMeta", "Meta", "Shift"];

/// Refuses a modifier key Playwright does not know, naming `action` (`click`, `tap`).
/// Runs `act` with the modifier keys of `modifiers` pressed: those not held yet are pressed
/// first and released after, in reverse order; keys already held (`keyboard.down`) stay held,
/// as Playwright does around a click or a tap.
pub(crate) async fn holding(
    page: &crate::page::PageInner,
    modifiers: &[String],
    act: impl std::future::Future<Output = Result<()>>,
) -> Result<()> {
    let held = page.modifiers.load(std::sync::atomic::Ordering::Relaxed);
    let mut down = Vec::new();
    let mut outcome = Ok(());
    for key in modifiers.iter().filter(|m| crate::keyboard::modifier_bit(m).is_some_and(|bit| held & bit == 0)) {
        outcome = page.key_down(key).await;
        if outcome.is_err() {
            break;
        }
        down.push(key);
    }
    let acted = match outcome {
        Ok(()) => act.await,
        Err(e) => Err(e),
    };
    for key in down.iter().rev() {
        page.key_up(key).await?;
    }
    acted
}

pub(crate) fn known_modifiers(action: &str, modifiers: &[String]) -> Result<()> {
    match modifiers.iter().find(|m| !MODIFIER_KEYS.contains(&m.as_str())) {
        Some(bad) => Err(BrowserError::Evaluation(format!(
            "{action}: unknown modifier {bad:?}\n  hint: use Alt, Control, ControlOrMeta, Meta or Shift"
        ))),
        None => Ok(()),
    }
}

impl Locator {
    /// Clicks the element with `options`.
    pub async fn click_with(&self, options: &ClickOptions) -> Result<()> {
        self.pointer_action("click", options, options.click_count.unwrap_or(1)).await
    }

    /// Double-clicks the element with `options` (two clicks unless `clickCount` says more).
    pub async fn dblclick_with(&self, options: &ClickOptions) -> Result<()> {
        self.pointer_action("dblclick", options, options.click_count.unwrap_or(2)).await
    }

    /// Moves the mouse over the element with `options` (`position`, `modifiers`, `force`,
    /// `trial`; no button is pressed).
    pub async fn hover_with(&self, options: &ClickOptions) -> Result<()> {
        self.pointer_action("hover", options, 0).await
    }

    /// Checks (`wanted`) or unchecks the element as Playwright's `check`/`uncheck`/`setChecked`
    /// with click's `force`, `position` and `trial`: nothing is done (or waited for) when it is
    /// already in that state; otherwise it is clicked and must then be in it.
    pub async fn set_checked_with(&self, wanted: bool, options: &ClickOptions) -> Result<()> {
        let action = if wanted { "check" } else { "uncheck" };
        let body = async {
            let el = self.wait_for_one(action, &[]).await?;
            if self.page.helper_value(&el, "isChecked", vec![]).await?.as_bool() == Some(wanted) {
                return Ok(());
            }
            if !wanted {
                let read = |name: &str| self.page.helper_value(&el, "read", vec![json!("property"), json!(name)]);
                if read("localName").await? == "input" && read("type").await? == "radio" {
                    return Err(BrowserError::Evaluation(format!(
                        "{}: a checked radio button cannot be unchecked; check another radio button of its group instead",
                        self.description()
                    )));
                }
            }
            self.pointer(action, options, 1).await?;
            if options.trial == Some(true) {
                return Ok(());
            }
            let el = self.wait_for_one(action, &[]).await?;
            if self.page.helper_value(&el, "isChecked", vec![]).await?.as_bool() != Some(wanted) {
                return Err(BrowserError::Evaluation(format!(
                    "{}: clicking did not change its state",
                    self.description()
                )));
            }
            Ok(())
        };
        let mut params = serde_json::Map::new();
        for (key, set) in [("force", options.force), ("trial", options.trial)] {
            if let Some(set) = set {
                params.insert(key.into(), set.into());
            }
        }
        let params = serde_json::Value::Object(params);
        self.traced(action, params, None, self.op(action, body)).await
    }

    /// The mouse at the element (checked as `action` needs unless forced), then `clicks`
    /// clicks with the options' button and modifiers; traced as `action`.
    async fn pointer_action(&self, action: &str, options: &ClickOptions, clicks: i64) -> Result<()> {
        let params = match action {
            "hover" => json!({ "modifiers": options.modifiers.clone().unwrap_or_default() }),
            _ => json!({
                "button": options.button.as_deref().unwrap_or("left"),
                "modifiers": options.modifiers.clone().unwrap_or_default(),
                "clickCount": clicks.clamp(0, 16),
            }),
        };
        self.traced(action, params, None, self.op(action, self.pointer(action, options, clicks))).await
    }

    /// What [`Self::pointer_action`] does, untraced.
    async fn pointer(&self, action: &str, options: &ClickOptions, clicks: i64) -> Result<()> {
        let button = options.button.as_deref().unwrap_or("left");
        if !["left", "right", "middle"].contains(&button) {
            return Err(BrowserError::Evaluation(format!(
                "click: button must be left, right or middle, not {button:?}"
            )));
        }
        let modifiers = options.modifiers.clone().unwrap_or_default();
        known_modifiers("click", &modifiers)?;
        let clicks = clicks.clamp(0, 16);
        {
            let checks: &[&str] = match (options.force == Some(true), action) {
                (true, _) => &[],
                (false, "hover") => &["visible", "stable", "receivesEvents"],
                (false, _) => &["visible", "stable", "enabled", "receivesEvents"],
            };
            let at = options.position.map(|p| (p.x, p.y));
            // A trial checks without moving the mouse; a forced action moves it unchecked (below).
            let hover = options.force != Some(true) && options.trial != Some(true);
            let (_, x, y) = self.wait_for_point_at(action, checks, hover, at).await?;
            if options.trial == Some(true) {
                return Ok(());
            }
            if options.force == Some(true) {
                // Not checked to be under the mouse, but the mouse still goes there.
                self.page.mouse_event_with("mouseMoved", x, y, 0, "left").await?;
            }
            let mut events = self.page.connection.subscribe();
            holding(&self.page, &modifiers, self.press_and_release(x, y, button, clicks, options.delay)).await?;
            crate::navigation::settle_started_navigation(&self.page, &mut events).await;
            Ok(())
        }
    }

    /// `clicks` press/release pairs at the mouse's place (it is already there), counting up
    /// (none: a hover).
    async fn press_and_release(&self, x: f64, y: f64, button: &str, clicks: i64, delay: Option<f64>) -> Result<()> {
        for n in 1..=clicks {
            self.page.mouse_event_with("mousePressed", x, y, n, button).await?;
            if let Some(ms) = delay.filter(|ms| *ms > 0.0) {
                tokio::time::sleep(Duration::from_millis(ms as u64)).await;
            }
            self.page.mouse_event_with("mouseReleased", x, y, n, button).await?;
        }
        Ok(())
    }
}
