//! The World: per-scenario state handed to every step and hook of one test case attempt.

use crate::lease::{BrowserLease, WorkerBrowser};
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// Work to do when the scenario ends (closing its browser context, say).
pub type Teardown = Pin<Box<dyn Future<Output = ()> + Send>>;

/// Gathers evidence after a failed step (a screenshot, say).
pub type EvidenceFn = Box<dyn FnMut() -> Pin<Box<dyn Future<Output = Vec<PendingAttachment>> + Send>> + Send>;

/// Something a step attached, turned into an `attachment` message after the step.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingAttachment {
    /// The body: text as is, bytes base64-encoded by the runner.
    pub body: Vec<u8>,
    /// True when `body` is text (`IDENTITY` encoding), false for binary (`BASE64`).
    pub is_text: bool,
    pub media_type: String,
    pub file_name: Option<String>,
}

/// Per-scenario state. A fresh World is built for every test case attempt, so nothing leaks
/// from one scenario into the next.
///
/// Rust steps receive `&mut World` directly, or `&mut T` for any `T: Default + 'static` of
/// their own, which lives in the World's typed state (created on first use).
pub struct World {
    /// The run's `--world-parameters` (a JSON object; `{}` when none were given).
    pub parameters: serde_json::Value,
    /// This scenario's browser (shared with the JS natives of its host).
    browser: Arc<BrowserLease>,
    state: HashMap<TypeId, Box<dyn Any + Send>>,
    attachments: Vec<PendingAttachment>,
    teardowns: Vec<Teardown>,
    evidence: Vec<EvidenceFn>,
    step_end: Vec<EvidenceFn>,
}

impl std::fmt::Debug for World {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("World").field("parameters", &self.parameters).field("state", &self.state.len()).finish()
    }
}

impl Default for World {
    fn default() -> Self {
        World::new(serde_json::Value::Null)
    }
}

impl World {
    /// A World with the run's parameters and a browser of its own (launched only if a step
    /// needs it) with default settings.
    pub fn new(parameters: serde_json::Value) -> Self {
        let source = Arc::new(WorkerBrowser::new(Arc::default()));
        World::with_browser(parameters, Arc::new(BrowserLease::new(source)))
    }

    /// A World whose browser is `lease`. The lease ends with the World's last teardown (so
    /// teardowns registered by steps still find the page), and a failed step's screenshot and
    /// each step's console errors come from whatever page it has at that moment.
    pub fn with_browser(parameters: serde_json::Value, lease: Arc<BrowserLease>) -> Self {
        let ending = Arc::clone(&lease);
        let (shot, console) = (Arc::clone(&lease), Arc::clone(&lease));
        World {
            parameters,
            browser: lease,
            state: HashMap::new(),
            attachments: Vec::new(),
            teardowns: vec![Box::pin(async move { ending.end().await })],
            evidence: vec![Box::new(move || {
                let page = shot.current().map(|(page, _)| page);
                Box::pin(async move {
                    match page {
                        Some(page) => screenshot(&page).await,
                        None => Vec::new(),
                    }
                })
            })],
            step_end: vec![Box::new(move || {
                let errors = console.current().map(|(page, _)| page.take_console_errors()).unwrap_or_default();
                Box::pin(async move { errors.into_iter().map(console_error).collect() })
            })],
        }
    }

    /// This scenario's browser: its page and contexts, opened on first use.
    pub fn browser(&self) -> &Arc<BrowserLease> {
        &self.browser
    }

    /// The typed state `T` of this scenario, created with `T::default()` on first use.
    /// `world.state::<World>()` is the World itself.
    pub fn state<T: Any + Send + Default>(&mut self) -> &mut T {
        if TypeId::of::<T>() == TypeId::of::<World>() {
            let this: &mut dyn Any = self;
            // The TypeIds are equal, so this downcast cannot fail.
            return this.downcast_mut::<T>().expect("World is World");
        }
        self.state
            .entry(TypeId::of::<T>())
            .or_insert_with(|| Box::new(T::default()))
            .downcast_mut::<T>()
            .expect("state entries are stored under their own TypeId")
    }

    /// Attaches text with a media type (e.g. `text/plain`, `application/json`).
    pub fn attach_text(&mut self, text: impl Into<String>, media_type: impl Into<String>) {
        self.attachments.push(PendingAttachment {
            body: text.into().into_bytes(),
            is_text: true,
            media_type: media_type.into(),
            file_name: None,
        });
    }

    /// Attaches bytes (e.g. a PNG screenshot), optionally with a file name.
    pub fn attach_bytes(
        &mut self,
        bytes: impl Into<Vec<u8>>,
        media_type: impl Into<String>,
        file_name: Option<String>,
    ) {
        self.attachments.push(PendingAttachment {
            body: bytes.into(),
            is_text: false,
            media_type: media_type.into(),
            file_name,
        });
    }

    /// Logs a line into the report (`text/x.cucumber.log+plain`), as cucumber-js `this.log`.
    pub fn log(&mut self, text: impl Into<String>) {
        self.attach_text(text, "text/x.cucumber.log+plain");
    }

    /// Attaches a link (`text/uri-list`), as cucumber-js `this.link`.
    pub fn link(&mut self, url: impl Into<String>) {
        self.attach_text(url, "text/uri-list");
    }

    /// Registers work for the end of the scenario; the runner awaits it after the last step,
    /// whatever the outcome.
    pub fn on_teardown(&mut self, teardown: Teardown) {
        self.teardowns.push(teardown);
    }

    /// Takes the teardowns, most recent first.
    pub fn take_teardowns(&mut self) -> Vec<Teardown> {
        let mut t = std::mem::take(&mut self.teardowns);
        t.reverse();
        t
    }

    /// Registers a source of failure evidence (the runner calls it after a failed step).
    pub fn on_failure_evidence(&mut self, evidence: EvidenceFn) {
        self.evidence.push(evidence);
    }

    /// Collects evidence from every registered source and attaches it.
    pub async fn gather_evidence(&mut self) {
        let mut sources = std::mem::take(&mut self.evidence);
        for source in sources.iter_mut() {
            let found = source().await;
            self.attachments.extend(found);
        }
        self.evidence = sources;
    }

    /// Registers something to attach after every step (a page's console errors, say).
    pub fn on_step_end(&mut self, source: EvidenceFn) {
        self.step_end.push(source);
    }

    /// Runs the step-end sources (the runner calls this after each step).
    pub async fn gather_step_end(&mut self) {
        let mut sources = std::mem::take(&mut self.step_end);
        for source in sources.iter_mut() {
            let found = source().await;
            self.attachments.extend(found);
        }
        self.step_end = sources;
    }

    /// Takes what was attached since the last call (the runner calls this after each step).
    pub fn take_attachments(&mut self) -> Vec<PendingAttachment> {
        std::mem::take(&mut self.attachments)
    }
}

/// The page as a PNG attachment (nothing when the page cannot be photographed).
async fn screenshot(page: &ferridriver_browser::Page) -> Vec<PendingAttachment> {
    match page.screenshot().await {
        Ok(png) => vec![PendingAttachment {
            body: png,
            is_text: false,
            media_type: "image/png".into(),
            file_name: Some("screenshot.png".into()),
        }],
        Err(_) => Vec::new(),
    }
}

/// A console error of the page as a log attachment.
fn console_error(text: String) -> PendingAttachment {
    PendingAttachment {
        body: text.into_bytes(),
        is_text: true,
        media_type: "text/x.cucumber.log+plain".into(),
        file_name: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Cart(u32);

    #[test]
    fn typed_state_lives_per_world() {
        let mut w = World::default();
        w.state::<Cart>().0 += 2;
        w.state::<Cart>().0 += 1;
        assert_eq!(w.state::<Cart>().0, 3);
        w.state::<World>().log("hello");
        assert_eq!(w.take_attachments().len(), 1);
        assert_eq!(World::default().state::<Cart>().0, 0);
    }
}
