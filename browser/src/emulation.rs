//! What Playwright's `page.emulateMedia` sets: the CSS media type and the user-preference media
//! features the page's stylesheets and `matchMedia` see (applied by `page_api.rs`).

use crate::error::{BrowserError, Result};
use serde::Deserialize;
use serde_json::{json, Value};

/// What the page's media queries see. In a change, `None` keeps what is emulated now and an
/// empty string goes back to the browser's own value (Playwright's `null`).
#[derive(Debug, Default, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MediaEmulation {
    /// `screen` or `print`.
    pub media: Option<String>,
    /// `light`, `dark` or `no-preference` (`prefers-color-scheme`).
    pub color_scheme: Option<String>,
    /// `reduce` or `no-preference` (`prefers-reduced-motion`).
    pub reduced_motion: Option<String>,
    /// `active` or `none` (`forced-colors`).
    pub forced_colors: Option<String>,
    /// `more` or `no-preference` (`prefers-contrast`).
    pub contrast: Option<String>,
}

/// Each option, the media feature it sets and the values Playwright accepts.
const FEATURES: [(&str, &str, &[&str]); 4] = [
    ("colorScheme", "prefers-color-scheme", &["light", "dark", "no-preference"]),
    ("reducedMotion", "prefers-reduced-motion", &["reduce", "no-preference"]),
    ("forcedColors", "forced-colors", &["active", "none"]),
    ("contrast", "prefers-contrast", &["more", "no-preference"]),
];

impl MediaEmulation {
    /// The `Emulation.setEmulatedMedia` parameters, or which value is not allowed.
    pub(crate) fn params(&self) -> Result<Value> {
        let bad = |what: &str, value: &str, allowed: &[&str]| {
            BrowserError::Evaluation(format!(
                "emulateMedia: {what} must be one of {}, not {value:?}",
                allowed.join(", ")
            ))
        };
        let media = self.media.as_deref().unwrap_or("");
        if !["", "screen", "print"].contains(&media) {
            return Err(bad("media", media, &["screen", "print"]));
        }
        let values = [&self.color_scheme, &self.reduced_motion, &self.forced_colors, &self.contrast];
        let mut features = Vec::new();
        for ((option, feature, allowed), value) in FEATURES.iter().zip(values) {
            if let Some(value) = value.as_ref().filter(|v| !v.is_empty()) {
                if !allowed.contains(&value.as_str()) {
                    return Err(bad(option, value, allowed));
                }
                features.push(json!({ "name": feature, "value": value }));
            }
        }
        Ok(json!({ "media": media, "features": features }))
    }

    /// `self` over `now`: what `self` leaves `None` stays as it is.
    pub(crate) fn over(&self, now: &MediaEmulation) -> MediaEmulation {
        let pick = |new: &Option<String>, old: &Option<String>| new.clone().or_else(|| old.clone());
        MediaEmulation {
            media: pick(&self.media, &now.media),
            color_scheme: pick(&self.color_scheme, &now.color_scheme),
            reduced_motion: pick(&self.reduced_motion, &now.reduced_motion),
            forced_colors: pick(&self.forced_colors, &now.forced_colors),
            contrast: pick(&self.contrast, &now.contrast),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_become_media_features_and_bad_values_are_refused() {
        let e = MediaEmulation { media: Some("print".into()), color_scheme: Some("dark".into()), ..Default::default() };
        assert_eq!(
            e.params().unwrap(),
            json!({ "media": "print", "features": [{ "name": "prefers-color-scheme", "value": "dark" }] })
        );
        assert_eq!(MediaEmulation::default().params().unwrap(), json!({ "media": "", "features": [] }));
        let wrong = MediaEmulation { reduced_motion: Some("slow".into()), ..Default::default() };
        assert!(wrong.params().unwrap_err().to_string().contains("reducedMotion must be one of reduce, no-preference"));
        let now = MediaEmulation { color_scheme: Some("dark".into()), ..Default::default() };
        let print = MediaEmulation { media: Some("print".into()), ..Default::default() };
        assert_eq!(print.over(&now).color_scheme.as_deref(), Some("dark"), "what a change leaves out stays");
        let reset = MediaEmulation { color_scheme: Some(String::new()), ..Default::default() };
        assert_eq!(reset.over(&now).params().unwrap()["features"], json!([]), "an empty value resets");
    }
}
