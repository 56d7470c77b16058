//! Taps (`locator.tap`, `page.tap`): one touch at the element, on the pages of a context with
//! touch (`hasTouch`, or a mobile device), after click's actionability checks; with click's
//! `position`, `modifiers`, `force` and `trial`. And `page.touchscreen.tap(x, y)`: one touch at
//! a point, no checks.

use crate::click::ClickOptions;
use crate::error::{BrowserError, Result};
use crate::locator::Locator;
use serde_json::json;

impl Locator {
    /// Taps the element with `options` (its `button`, `clickCount` and `delay` do not apply).
    pub async fn tap_with(&self, options: &ClickOptions) -> Result<()> {
        let params = json!({ "modifiers": options.modifiers.clone().unwrap_or_default() });
        self.traced("tap", params, None, self.op("tap", self.touch(options))).await
    }

    async fn touch(&self, options: &ClickOptions) -> Result<()> {
        if !self.page.touch.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(BrowserError::Evaluation(
                "The page does not support tap. Use hasTouch context option to enable touch support.".into(),
            ));
        }
        let modifiers = options.modifiers.clone().unwrap_or_default();
        crate::click::known_modifiers("tap", &modifiers)?;
        let checks: &[&str] =
            if options.force == Some(true) { &[] } else { &["visible", "stable", "enabled", "receivesEvents"] };
        let at = options.position.map(|p| (p.x, p.y));
        // A touch, not the mouse: nothing hovers the element first.
        let (_, x, y) = self.wait_for_point_at("tap", checks, false, at).await?;
        if options.trial == Some(true) {
            return Ok(());
        }
        let mut events = self.page.connection.subscribe();
        // The keys are pressed around the touch, as around a click.
        let touch = async {
            let mask = self.page.modifiers.load(std::sync::atomic::Ordering::Relaxed);
            let point = json!([{ "x": x, "y": y }]);
            for (kind, points) in [("touchStart", point), ("touchEnd", json!([]))] {
                let params = json!({ "type": kind, "touchPoints": points, "modifiers": mask });
                self.page.connection.call_raw("Input.dispatchTouchEvent", params, Some(&self.page.session)).await?;
            }
            Ok(())
        };
        crate::click::holding(&self.page, &modifiers, touch).await?;
        crate::navigation::settle_started_navigation(&self.page, &mut events).await;
        Ok(())
    }
}

impl crate::page::Page {
    /// One touch at `(x, y)` (CSS pixels of the viewport), as Playwright's `touchscreen.tap`:
    /// the keys held by the keyboard go with it.
    pub async fn touchscreen_tap(&self, x: f64, y: f64) -> Result<()> {
        if !self.inner.touch.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(BrowserError::Evaluation(
                "hasTouch must be enabled on the browser context before using the touchscreen.".into(),
            ));
        }
        let mut events = self.inner.connection.subscribe();
        let mask = self.inner.modifiers.load(std::sync::atomic::Ordering::Relaxed);
        for (kind, points) in [("touchStart", json!([{ "x": x, "y": y }])), ("touchEnd", json!([]))] {
            let params = json!({ "type": kind, "touchPoints": points, "modifiers": mask });
            self.send("Input.dispatchTouchEvent", params).await?;
        }
        crate::navigation::settle_started_navigation(&self.inner, &mut events).await;
        Ok(())
    }
}
