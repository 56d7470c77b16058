//! The options of `page.screenshot` and `locator.screenshot` as js/screenshots.js checked and
//! sent them, turned into the browser's `ScreenshotOptions` (mask locators built on the page).

use super::locator::PartSpec;
use ferridriver_browser::{Clip, ImageType, Page, ScreenshotOptions};
use serde::Deserialize;

/// What JS sends (`shotArgs` in js/screenshots.js).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Sent {
    #[serde(rename = "type")]
    image: ImageType,
    quality: Option<u32>,
    clip: Option<Clip>,
    full_page: bool,
    omit_background: bool,
    caret: String,
    animations: String,
    scale: String,
    style: Option<String>,
    mask: Vec<Vec<PartSpec>>,
    mask_color: Option<String>,
}

/// The browser's options for `sent`, or why they are not options.
pub(super) fn options(page: &Page, sent: serde_json::Value) -> Result<ScreenshotOptions, String> {
    let sent: Sent = serde_json::from_value(sent).map_err(|e| format!("screenshot options: {e}"))?;
    let mask = sent.mask.iter().map(|parts| super::locator::build(page, parts)).collect::<Result<Vec<_>, _>>()?;
    Ok(ScreenshotOptions {
        image: sent.image,
        quality: sent.quality,
        clip: sent.clip,
        full_page: sent.full_page,
        omit_background: sent.omit_background,
        keep_caret: sent.caret == "initial",
        style: sent.style,
        disable_animations: sent.animations == "disabled",
        mask,
        mask_color: sent.mask_color,
        css_scale: sent.scale == "css",
    })
}
