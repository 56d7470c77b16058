//! Playwright's defaults that several layers share (contexts, pages, traces).

/// Playwright's default viewport, in CSS pixels.
pub(crate) const DEFAULT_VIEWPORT: (u32, u32) = (1280, 720);
