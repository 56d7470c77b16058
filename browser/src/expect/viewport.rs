//! `toBeInViewport`: how much of the one element the viewport shows, as the browser's own
//! IntersectionObserver measures it (what Playwright asks too), compared with `ratio`.

use super::LocatorAssertions;
use crate::expect::ExpectError;
use serde_json::{json, Value};

/// Resolves to the element's intersection ratio with the viewport (0 to 1), from the first
/// report of an IntersectionObserver (it reports at once for an observed element).
const VIEWPORT_RATIO: &str = "function() { return new Promise((resolve) => { \
    const observer = new IntersectionObserver((entries) => { observer.disconnect(); resolve(entries[0].intersectionRatio); }); \
    observer.observe(this); requestAnimationFrame(() => {}); }); }";

impl LocatorAssertions<'_> {
    /// The element intersects the viewport: any part of it (`ratio` 0 or none), or at least
    /// `ratio` of it. No element is not in the viewport (so `.not` passes then), as in
    /// Playwright 1.65 (recorded with it).
    pub async fn to_be_in_viewport(&self, ratio: Option<f64>) -> Result<(), ExpectError> {
        let page = &self.locator.page;
        let wanted = ratio.unwrap_or(0.0);
        self.on_one_or("toBeInViewport", "in viewport", Some(false), |el| async move {
            let params = json!({ "functionDeclaration": VIEWPORT_RATIO, "objectId": el.object_id,
                "returnByValue": true, "awaitPromise": true });
            let reply = page.connection.call_raw("Runtime.callFunctionOn", params, Some(&page.session)).await?;
            let seen = reply.pointer("/result/value").and_then(Value::as_f64).unwrap_or(0.0);
            Ok((seen > 0.0 && seen > wanted - 1e-9, format!("viewport ratio {seen}")))
        })
        .await
    }
}
