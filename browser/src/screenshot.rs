//! Screenshots with Playwright's options: the image type and quality, a clip (trimmed to the
//! viewport or, with `full_page`, to the document), a transparent background, masked elements,
//! a style sheet for the shot, the text caret hidden (Playwright's default) and finite CSS
//! animations finished / infinite ones paused for the shot. The page is put back after.

use crate::error::{BrowserError, Result};
use crate::locator::{Locator, Part};
use crate::page::{Page, PageInner};
use base64::Engine;
use serde_json::{json, Value};
use std::sync::Arc;

/// The image format of a screenshot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ImageType {
    #[default]
    Png,
    Jpeg,
    Webp,
}

/// A rectangle in CSS pixels.
#[derive(Debug, Clone, Copy, PartialEq, serde::Deserialize)]
pub struct Clip {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

/// What a screenshot takes besides the page or element (Playwright's option names).
#[derive(Clone, Default)]
pub struct ScreenshotOptions {
    pub image: ImageType,
    /// JPEG/WebP quality, 0–100 (80 for JPEG and 100 for WebP when unset, as Playwright).
    pub quality: Option<u32>,
    /// The part of the viewport (or of the document, with `full_page`) to take.
    pub clip: Option<Clip>,
    pub full_page: bool,
    /// No white default background (PNG and WebP only; ignored for JPEG, as Playwright).
    pub omit_background: bool,
    /// Leave the text caret as it is (Playwright's `caret: 'initial'`); hidden otherwise.
    pub keep_caret: bool,
    /// A style sheet in force while the shot is taken.
    pub style: Option<String>,
    /// Finite CSS animations finished and infinite ones stopped for the shot.
    pub disable_animations: bool,
    /// Elements covered by a box of `mask_color` (`#FF00FF` when unset).
    pub mask: Vec<Locator>,
    pub mask_color: Option<String>,
    /// One image pixel per CSS pixel (Playwright's `scale: 'css'`), not per device pixel.
    pub css_scale: bool,
}

/// Put into the page before the shot: the shot's style sheet, the hidden caret and the
/// stopped animations, with what undoes them kept on the window.
const PREPARE: &str = r#"async (style, hideCaret, stopAnimations) => {
  // The document and every open shadow root in it.
  const roots = [];
  const collect = (root) => {
    roots.push(root);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.shadowRoot) collect(node.shadowRoot);
  };
  collect(document);
  const undo = [];
  if (style) {
    for (const root of roots) {
      const sheet = document.createElement('style');
      sheet.textContent = style;
      (root === document ? document.documentElement : root).append(sheet);
      undo.push(() => sheet.remove());
    }
  }
  if (hideCaret) {
    const kept = [];
    for (const root of roots) {
      for (const el of root.querySelectorAll('input,textarea,[contenteditable]')) {
        kept.push([el, el.style.getPropertyValue('caret-color'), el.style.getPropertyPriority('caret-color')]);
        el.style.setProperty('caret-color', 'transparent', 'important');
      }
    }
    undo.push(() => kept.forEach(([el, value, priority]) => el.style.setProperty('caret-color', value, priority)));
  }
  if (stopAnimations) {
    const paused = new Set();
    const stop = () => {
      for (const animation of document.getAnimations()) {
        if (!animation.effect || animation.playbackRate === 0 || paused.has(animation)) continue;
        try {
          if (Number.isFinite(animation.effect.getComputedTiming().endTime)) animation.finish();
          else { animation.cancel(); paused.add(animation); }
        } catch (_) {}
      }
    };
    stop();
    for (const root of roots) {
      root.addEventListener('transitionrun', stop);
      root.addEventListener('animationstart', stop);
    }
    undo.push(() => {
      for (const root of roots) {
        root.removeEventListener('transitionrun', stop);
        root.removeEventListener('animationstart', stop);
      }
      paused.forEach((a) => { try { a.play(); } catch (_) {} });
    });
  }
  window.__ferridriverScreenshotDone = () => { undo.forEach((f) => f()); delete window.__ferridriverScreenshotDone; };
  // Web fonts still loading would be missing from the picture.
  await document.fonts.ready;
  return [window.innerWidth, window.innerHeight, window.devicePixelRatio];
}"#;

/// Boxes of `color` over the given document rectangles, in the top document.
const MASK: &str = r#"(rects, color) => {
  for (const [x, y, w, h] of rects) {
    const box = document.createElement('x-ferridriver-mask');
    box.style.cssText = `position:absolute;left:${x}px;top:${y}px;width:${w}px;height:${h}px;z-index:2147483647;pointer-events:none;display:block;margin:0;padding:0;border:0`;
    box.style.backgroundColor = color;
    document.documentElement.append(box);
  }
}"#;

/// Puts the page back: the prepared changes undone, the masks gone.
const UNDO: &str = "window.__ferridriverScreenshotDone && window.__ferridriverScreenshotDone(); \
    document.querySelectorAll('x-ferridriver-mask').forEach((m) => m.remove())";

/// The viewport's size and pixel ratio.
const SIZE: &str = "[window.innerWidth, window.innerHeight, window.devicePixelRatio]";

impl Page {
    /// A screenshot of the viewport (or the whole page) with Playwright's options.
    pub async fn screenshot_with(&self, options: &ScreenshotOptions) -> Result<Vec<u8>> {
        PageInner::shoot(&self.inner, None, options).await
    }
}

impl Locator {
    /// A screenshot of the element, once it is visible and stable (scrolled into view first;
    /// the shot's style and stopped animations already in force, as Playwright's), with
    /// Playwright's options (`full_page` and `clip` do not apply).
    pub async fn screenshot_with(&self, options: &ScreenshotOptions) -> Result<Vec<u8>> {
        self.traced(
            "screenshot",
            json!({}),
            Some("Screenshot".to_string()),
            self.op("screenshot", PageInner::shoot(&self.page, Some(self), options)),
        )
        .await
    }
}

/// Puts the page back if a shot is given up half-way (its step failed or timed out), keeping
/// the page's turn until it is back, so the next shot never starts on a page still prepared.
struct PutBack {
    page: Option<Arc<PageInner>>,
    turn: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl Drop for PutBack {
    fn drop(&mut self) {
        if let (Some(page), Ok(runtime)) = (self.page.take(), tokio::runtime::Handle::try_current()) {
            let turn = self.turn.take();
            runtime.spawn(async move {
                page.put_back(true).await;
                drop(turn);
            });
        }
    }
}

impl PageInner {
    async fn evaluate_here(&self, expression: &str) -> Result<Value> {
        let reply = self
            .connection
            .call_raw(
                "Runtime.evaluate",
                json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
                Some(&self.session),
            )
            .await?;
        if let Some(details) = reply.get("exceptionDetails") {
            return Err(BrowserError::Evaluation(crate::events::exception_text(details)));
        }
        Ok(reply.pointer("/result/value").cloned().unwrap_or(Value::Null))
    }

    /// One shot at a time per page (Playwright queues them): the page prepared, the element
    /// (when `of`) waited for, the picture taken, the page put back whatever happened.
    async fn shoot(page: &Arc<PageInner>, of: Option<&Locator>, o: &ScreenshotOptions) -> Result<Vec<u8>> {
        let turn = Arc::clone(&page.screenshots).lock_owned().await;
        let mut put_back = PutBack { page: Some(Arc::clone(page)), turn: Some(turn) };
        let shot = async {
            let call = format!(
                "({PREPARE})({}, {}, {})",
                serde_json::to_string(&o.style).unwrap_or_else(|_| "null".into()),
                !o.keep_caret,
                o.disable_animations
            );
            // The viewport's size once the page is ready (fonts loaded, or 5 s gone).
            let size = match tokio::time::timeout(std::time::Duration::from_secs(5), page.evaluate_here(&call)).await {
                Ok(size) => size?,
                Err(_) => page.evaluate_here(SIZE).await?,
            };
            let element = match of {
                Some(locator) => {
                    Some(locator.wait_for_point("screenshot", &["visible", "stable", "inView"], false).await?.0)
                }
                None => None,
            };
            page.take(element.as_ref(), o, &size).await
        }
        .await;
        put_back.page = None;
        page.put_back(o.omit_background).await;
        drop(put_back);
        shot
    }

    /// Undoes what a shot put into the page (style, caret, animations, masks, and the
    /// background when it was made transparent).
    async fn put_back(&self, background: bool) {
        let _ = self.evaluate_here(UNDO).await;
        if background {
            let _ = self.set_background(json!({})).await;
        }
    }

    async fn take(
        &self,
        element: Option<&crate::resolve::Element>,
        o: &ScreenshotOptions,
        size: &Value,
    ) -> Result<Vec<u8>> {
        let at = |i: usize| size.get(i).and_then(Value::as_f64).unwrap_or(0.0);
        let viewport = (at(0), at(1));
        let device_scale = if at(2) > 0.0 { at(2) } else { 1.0 };
        // The area: a document rectangle (element, full page), or one of the viewport.
        let (document_rect, viewport_rect, fits) = match element {
            Some(el) => {
                let Clip { x, y, width: w, height: h } = self.bounds(el).await?.ok_or_else(|| {
                    BrowserError::Evaluation("Node is either not visible or not an HTMLElement".into())
                })?;
                if w == 0.0 {
                    return Err(BrowserError::Evaluation("Node has 0 width.".into()));
                }
                if h == 0.0 {
                    return Err(BrowserError::Evaluation("Node has 0 height.".into()));
                }
                (Some(enclosing_int_rect(x, y, w, h)), None, w <= viewport.0 && h <= viewport.1)
            }
            None if o.full_page => {
                let full = self.evaluate_here(FULL_SIZE).await?;
                let (w, h) = (full[0].as_f64().unwrap_or(0.0), full[1].as_f64().unwrap_or(0.0));
                let whole = Clip { x: 0.0, y: 0.0, width: w, height: h };
                let rect = match o.clip {
                    Some(clip) => trim(clip, (w, h))?,
                    None => whole,
                };
                (Some(rect), None, w <= viewport.0 && h <= viewport.1)
            }
            None => {
                let rect = match o.clip {
                    Some(clip) => trim(clip, viewport)?,
                    None => Clip { x: 0.0, y: 0.0, width: viewport.0, height: viewport.1 },
                };
                (None, Some(rect), true)
            }
        };
        let transparent = o.omit_background && o.image != ImageType::Jpeg;
        if transparent {
            self.set_background(json!({ "color": { "r": 0, "g": 0, "b": 0, "a": 0 } })).await?;
        }
        self.add_masks(o).await?;
        self.capture(o, document_rect, viewport_rect, fits, device_scale).await
    }

    /// The box around every box of an element (an inline one wrapping over lines has one per
    /// line), in the top document's CSS pixels.
    async fn bounds(&self, el: &crate::resolve::Element) -> Result<Option<Clip>> {
        let quads = json!({ "objectId": el.object_id });
        let reply = self.connection.call_raw("DOM.getContentQuads", quads, Some(&self.session)).await?;
        let points: Vec<f64> = reply["quads"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_array)
            .flatten()
            .filter_map(Value::as_f64)
            .collect();
        if points.len() < 8 {
            return Ok(None);
        }
        let (xs, ys): (Vec<f64>, Vec<f64>) = points.chunks(2).map(|p| (p[0], p[1])).unzip();
        let min = |v: &[f64]| v.iter().copied().fold(f64::MAX, f64::min);
        let max = |v: &[f64]| v.iter().copied().fold(f64::MIN, f64::max);
        let metrics = self.connection.call_raw("Page.getLayoutMetrics", json!({}), Some(&self.session)).await?;
        let offset =
            |key: &str| metrics.pointer(&format!("/cssVisualViewport/{key}")).and_then(Value::as_f64).unwrap_or(0.0);
        let (left, top) = (min(&xs), min(&ys));
        Ok(Some(Clip {
            x: left + offset("pageX"),
            y: top + offset("pageY"),
            width: max(&xs) - left,
            height: max(&ys) - top,
        }))
    }

    async fn set_background(&self, params: Value) -> Result<()> {
        self.connection
            .call_raw("Emulation.setDefaultBackgroundColorOverride", params, Some(&self.session))
            .await
            .map(|_| ())
    }

    /// Covers every element each mask locator matches now (none waited for).
    async fn add_masks(&self, o: &ScreenshotOptions) -> Result<()> {
        if o.mask.is_empty() {
            return Ok(());
        }
        let mut rects = Vec::new();
        for locator in &o.mask {
            let parts: &[Part] = &locator.parts;
            for el in locator.page.resolve(parts).await? {
                if let Some(b) = self.bounds(&el).await? {
                    rects.push(json!([b.x, b.y, b.width, b.height]));
                }
            }
        }
        let color = o.mask_color.clone().unwrap_or_else(|| "#F0F".into());
        let call = format!("({MASK})({}, {})", Value::Array(rects), serde_json::to_string(&color).unwrap_or_default());
        self.evaluate_here(&call).await.map(|_| ())
    }

    async fn capture(
        &self,
        o: &ScreenshotOptions,
        document_rect: Option<Clip>,
        viewport_rect: Option<Clip>,
        fits: bool,
        device_scale: f64,
    ) -> Result<Vec<u8>> {
        let metrics = self.connection.call_raw("Page.getLayoutMetrics", json!({}), Some(&self.session)).await?;
        let visual = |key: &str| metrics.pointer(&format!("/cssVisualViewport/{key}")).and_then(Value::as_f64);
        let zoom = visual("zoom").unwrap_or(1.0);
        let rect = match (document_rect, viewport_rect) {
            (Some(rect), _) => rect,
            (None, Some(v)) => Clip {
                x: visual("pageX").unwrap_or(0.0) + v.x,
                y: visual("pageY").unwrap_or(0.0) + v.y,
                width: (v.width / zoom + 1e-3).floor(),
                height: (v.height / zoom + 1e-3).floor(),
            },
            (None, None) => return Err(BrowserError::Evaluation("screenshot: nothing to capture".into())),
        };
        let mut scale = if document_rect.is_none() { zoom } else { 1.0 };
        if o.css_scale {
            scale /= device_scale;
        }
        let (format, quality) = match o.image {
            ImageType::Png => ("png", None),
            ImageType::Jpeg => ("jpeg", Some(o.quality.unwrap_or(80))),
            ImageType::Webp => ("webp", Some(o.quality.unwrap_or(100))),
        };
        let mut params = json!({
            "format": format,
            "clip": { "x": rect.x, "y": rect.y, "width": rect.width, "height": rect.height, "scale": scale },
            "captureBeyondViewport": !fits,
        });
        if let Some(q) = quality {
            params["quality"] = json!(q);
        }
        let shot = self.connection.call_raw("Page.captureScreenshot", params, Some(&self.session)).await?;
        // Capturing beyond the viewport turned the page's touch emulation off in older Chromium
        // builds; Playwright turns it back on, and so do we (Chromium 148 keeps it either way).
        if !fits && self.touch.load(std::sync::atomic::Ordering::Relaxed) {
            let touch = json!({ "enabled": true, "maxTouchPoints": 1 });
            self.connection.call_raw("Emulation.setTouchEmulationEnabled", touch, Some(&self.session)).await?;
        }
        base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().unwrap_or(""))
            .map_err(|e| BrowserError::Decode { method: "Page.captureScreenshot".into(), reason: e.to_string() })
    }
}

/// The document's full size, as Playwright measures it.
const FULL_SIZE: &str = "(() => { const b = document.body, d = document.documentElement; if (!b || !d) return [0, 0]; \
    return [Math.max(b.scrollWidth, d.scrollWidth, b.offsetWidth, d.offsetWidth, b.clientWidth, d.clientWidth), \
    Math.max(b.scrollHeight, d.scrollHeight, b.offsetHeight, d.offsetHeight, b.clientHeight, d.clientHeight)]; })()";

/// `clip` within `(width, height)`, or Playwright's error when nothing of it is left.
fn trim(clip: Clip, (width, height): (f64, f64)) -> Result<Clip> {
    let x1 = clip.x.min(width).max(0.0);
    let y1 = clip.y.min(height).max(0.0);
    let x2 = (clip.x + clip.width).min(width).max(0.0);
    let y2 = (clip.y + clip.height).min(height).max(0.0);
    if x2 - x1 <= 0.0 || y2 - y1 <= 0.0 {
        return Err(BrowserError::Evaluation("Clipped area is either empty or outside the resulting image".into()));
    }
    Ok(Clip { x: x1, y: y1, width: x2 - x1, height: y2 - y1 })
}

/// The smallest whole-pixel rectangle around `(x, y, w, h)`.
fn enclosing_int_rect(x: f64, y: f64, w: f64, h: f64) -> Clip {
    let (left, top) = ((x + 1e-3).floor(), (y + 1e-3).floor());
    let (right, bottom) = ((x + w - 1e-3).ceil(), (y + h - 1e-3).ceil());
    Clip { x: left, y: top, width: right - left, height: bottom - top }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clip_is_trimmed_to_the_image() {
        let clip = Clip { x: 1200.0, y: 700.0, width: 500.0, height: 500.0 };
        assert_eq!(trim(clip, (1280.0, 720.0)).unwrap(), Clip { x: 1200.0, y: 700.0, width: 80.0, height: 20.0 });
        let away = Clip { x: 5000.0, y: 0.0, width: 10.0, height: 10.0 };
        assert!(trim(away, (1280.0, 720.0)).is_err());
    }

    #[test]
    fn element_boxes_cover_whole_pixels() {
        assert_eq!(enclosing_int_rect(10.5, 3.2, 20.0, 5.5), Clip { x: 10.0, y: 3.0, width: 21.0, height: 6.0 });
    }
}
