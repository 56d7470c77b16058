//! Playwright's `page.addLocatorHandler`: an overlay (a cookie banner, a sign-up dialog) that
//! may cover the page at any moment is dealt with by the suite's own handler, run before an
//! action or an assertion goes on.
//!
//! Before each attempt of an action that checks actionability (not a forced one), and before
//! each look of a web-first assertion or `waitFor`, the page asks whether one of its handlers'
//! locators is visible. If so, the handler is *triggered*: a [`PageEvent::LocatorHandler`] goes
//! to whoever registered it (the JS world runs the handler, then answers with
//! [`Page::resolve_locator_handler`]), and the action waits for that answer and — unless the
//! handler was added with `noWaitAfter` — for the locator to be hidden, all within its own time.
//! While a handler runs, or waits to run, no checkpoint of the page triggers another one (the
//! handler's own actions would otherwise wait for themselves), as in Playwright; checkpoints
//! that see the overlay at the same moment share one trigger (Playwright's would run the
//! handler once each). The event is sent again while unanswered (one lost to a lagging
//! listener is not waited for in vain; JS runs each trigger once), and a page that closes or a
//! browser that goes ends the wait at once.

use crate::error::{BrowserError, Result};
use crate::events::PageEvent;
use crate::locator::Locator;
use crate::page::{Page, PageInner};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// The handlers of one page and whether one is running.
#[derive(Default)]
pub(crate) struct LocatorHandlers {
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    next_uid: u64,
    /// The last trigger's number (see [`PageEvent::LocatorHandler`]).
    triggers: u64,
    handlers: Vec<Handler>,
    /// Checkpoints waiting for a handler now (its own actions must not wait for it).
    running: usize,
}

struct Handler {
    uid: u64,
    locator: Locator,
    no_wait_after: bool,
    /// Set while the handler was triggered and has not answered: `Some(error)` once it has
    /// (`None` inside when it finished, the handler's error message when it threw).
    answer: Option<watch::Sender<Option<Option<String>>>>,
    /// The number of its pending trigger.
    trigger: u64,
}

/// What a checkpoint's wait for a handler came to.
enum Outcome {
    /// The handler finished and its locator is hidden (or is not waited for).
    Done,
    /// The handler threw: the action fails with its error.
    Threw(String),
    /// The action's time ran out while waiting: why, for its timeout message.
    OutOfTime(String),
    /// The page closed (or the browser went) meanwhile.
    Gone,
}

impl LocatorHandlers {
    /// Forgets every handler (the JS world that registered them ended); checkpoints waiting for
    /// one go on.
    pub(crate) fn clear(&self) {
        let Ok(mut state) = self.state.lock() else { return };
        for handler in state.handlers.drain(..) {
            if let Some(answer) = handler.answer {
                answer.send_replace(Some(None));
            }
        }
    }
}

impl crate::context::BrowserContext {
    /// Forgets the locator handlers of its pages (the JS world that added them ended: nobody is
    /// left to run them).
    pub fn forget_locator_handlers(&self) {
        for page in self.open_pages() {
            page.inner.locator_handlers.clear();
        }
    }
}

impl Page {
    /// Registers `locator` (of this page's main frame) as a handler's overlay; returns the id the
    /// [`PageEvent::LocatorHandler`] events and the other handler methods name it by.
    pub fn add_locator_handler(&self, locator: &Locator, no_wait_after: bool) -> Result<u64> {
        let mut state = self.inner.locator_handlers.state.lock().map_err(|_| poisoned())?;
        state.next_uid += 1;
        let uid = state.next_uid;
        let mut locator = locator.clone();
        locator.timeout = None;
        state.handlers.push(Handler { uid, locator, no_wait_after, answer: None, trigger: 0 });
        Ok(uid)
    }

    /// The handler `uid` has run (`error`: the message it threw); `remove` when it will not run
    /// again (its `times` are used up). The checkpoint that triggered it goes on.
    pub fn resolve_locator_handler(&self, uid: u64, remove: bool, error: Option<String>) -> Result<()> {
        let mut state = self.inner.locator_handlers.state.lock().map_err(|_| poisoned())?;
        if let Some(handler) = state.handlers.iter_mut().find(|h| h.uid == uid) {
            if let Some(answer) = handler.answer.take() {
                answer.send_replace(Some(error));
            }
        }
        if remove {
            state.handlers.retain(|h| h.uid != uid);
        }
        Ok(())
    }

    /// Removes the handler `uid` (`page.removeLocatorHandler`); a checkpoint waiting for it goes
    /// on.
    pub fn remove_locator_handler(&self, uid: u64) -> Result<()> {
        self.resolve_locator_handler(uid, true, None)
    }
}

/// The checkpoint before an attempt or a look: runs the handler whose locator is visible now, if
/// any, within `deadline`. `Ok(None)` to go on; `Ok(Some(reason))` when the time ran out in it
/// (the caller's timeout names `reason`); an error when a handler's locator matches several
/// elements, the handler threw, or the page went meanwhile — the action fails with it, as
/// Playwright's does.
pub(crate) async fn checkpoint(page: &Arc<PageInner>, action: &str, deadline: Instant) -> Result<Option<String>> {
    let handlers: Vec<(u64, Locator, bool)> = {
        let Ok(state) = page.locator_handlers.state.lock() else { return Ok(None) };
        if state.running > 0 || state.handlers.iter().any(|h| h.answer.is_some()) || state.handlers.is_empty() {
            return Ok(None);
        }
        state.handlers.iter().map(|h| (h.uid, h.locator.clone(), h.no_wait_after)).collect()
    };
    for (uid, locator, no_wait_after) in handlers {
        if !visible(&locator, action).await? {
            continue;
        }
        let Some(trigger) = trigger(page, uid) else { continue };
        let description = locator.description();
        crate::trace::traced::action_log(&format!("  found {description}, intercepting action to run the handler"));
        let outcome = {
            let _running = Running::start(page);
            wait_for_handler(page, &locator, trigger, no_wait_after, deadline).await
        };
        match outcome {
            Outcome::Done => crate::trace::traced::action_log("  interception handler has finished, continuing"),
            Outcome::Threw(message) => {
                return Err(BrowserError::Evaluation(format!(
                    "locator.{action}: the locator handler of {description} threw: {message}"
                )))
            }
            Outcome::Gone => {
                return Err(BrowserError::Evaluation("Target page, context or browser has been closed".into()))
            }
            Outcome::OutOfTime(reason) => return Ok(Some(reason)),
        }
    }
    Ok(None)
}

/// Whether `locator` shows an element now (Playwright checks it strictly: several matches are
/// the action's error).
async fn visible(locator: &Locator, action: &str) -> Result<bool> {
    let found = match locator.page.resolve(&locator.parts).await {
        Ok(found) => found,
        // Between two documents: nothing to intercept yet.
        Err(e) if crate::page::swapping(&e) => return Ok(false),
        Err(e) => return Err(e),
    };
    match found.len() {
        0 => Ok(false),
        1 => Ok(locator.page.helper_value(&found[0], "isVisible", vec![]).await.ok().and_then(|v| v.as_bool())
            == Some(true)),
        _ => {
            // Playwright's words: the error of the check inside the action.
            let strict = locator.strict_violation(action, &found).await.to_string();
            Err(BrowserError::StrictMode(strict.replacen(
                &format!("locator.{action}: "),
                &format!("locator.{action}: Error: "),
                1,
            )))
        }
    }
}

/// A trigger of one handler: its number, whether this checkpoint made it (and so tells the JS
/// world), and where its answer comes.
struct Trigger {
    uid: u64,
    number: u64,
    made_here: bool,
    answered: watch::Receiver<Option<Option<String>>>,
}

/// Marks the handler `uid` triggered, unless it went meanwhile; a checkpoint that finds it
/// triggered already (another action saw the overlay at the same time) waits for the same
/// answer instead of running the handler again.
fn trigger(page: &PageInner, uid: u64) -> Option<Trigger> {
    let mut state = page.locator_handlers.state.lock().ok()?;
    state.triggers += 1;
    let number = state.triggers;
    let handler = state.handlers.iter_mut().find(|h| h.uid == uid)?;
    if let Some(answer) = &handler.answer {
        return Some(Trigger { uid, number: handler.trigger, made_here: false, answered: answer.subscribe() });
    }
    let (tell, answered) = watch::channel(None);
    handler.answer = Some(tell);
    handler.trigger = number;
    Some(Trigger { uid, number, made_here: true, answered })
}

/// How often an unanswered trigger is sent again and the page looked at.
const RESEND: Duration = Duration::from_millis(1000);
const LOOK: Duration = Duration::from_millis(50);

/// Sends the trigger (again every [`RESEND`] while unanswered) and waits for the handler's
/// answer, then (unless `no_wait_after`) for its locator to be hidden, until `deadline`; a page
/// that closes or a browser that goes ends the wait at once.
async fn wait_for_handler(
    page: &PageInner,
    locator: &Locator,
    mut trigger: Trigger,
    no_wait_after: bool,
    deadline: Instant,
) -> Outcome {
    let description = locator.description();
    let gone = || page.gone.load(std::sync::atomic::Ordering::Relaxed) || page.connection.closed_reason().is_some();
    let mut sent: Option<Instant> = None;
    let error = loop {
        if gone() {
            return Outcome::Gone;
        }
        if trigger.made_here && sent.is_none_or(|at| at.elapsed() >= RESEND) {
            let _ = page.events.send(PageEvent::LocatorHandler { uid: trigger.uid, trigger: trigger.number });
            sent = Some(Instant::now());
        }
        let now = Instant::now();
        if now >= deadline {
            return Outcome::OutOfTime(format!("the locator handler of {description} did not finish"));
        }
        let until = deadline.min(now + LOOK);
        // The answer is read out at once: its guard must not live across the waits below.
        let answer = tokio::time::timeout_at(until.into(), trigger.answered.wait_for(Option::is_some))
            .await
            .map(|seen| seen.map(|answer| answer.clone().flatten()));
        match answer {
            Err(_) => continue,
            // The handler was forgotten (its JS world ended): nothing more will come.
            Ok(Err(_)) => break None,
            Ok(Ok(error)) => break error,
        }
    };
    if let Some(message) = error {
        return Outcome::Threw(message);
    }
    if no_wait_after {
        crate::trace::traced::action_log("  locator handler has finished");
        return Outcome::Done;
    }
    crate::trace::traced::action_log(&format!(
        "  locator handler has finished, waiting for {description} to be hidden"
    ));
    let mut pause = 0u64;
    loop {
        if gone() {
            return Outcome::Gone;
        }
        // Not strict, as Playwright's wait for `hidden` here: the first match decides.
        let hidden = match locator.page.resolve(&locator.parts).await {
            Ok(found) => match found.first() {
                None => true,
                Some(el) => {
                    locator.page.helper_value(el, "isVisible", vec![]).await.ok().and_then(|v| v.as_bool())
                        == Some(false)
                }
            },
            Err(_) => false,
        };
        if hidden {
            return Outcome::Done;
        }
        if Instant::now() >= deadline {
            return Outcome::OutOfTime(format!("{description} was still visible after its locator handler ran"));
        }
        pause = (pause * 2).clamp(20, 250);
        tokio::time::sleep(Duration::from_millis(pause).min(deadline.saturating_duration_since(Instant::now()))).await;
    }
}

/// Counts a checkpoint waiting for a handler while it lives.
struct Running<'p>(&'p PageInner);

impl<'p> Running<'p> {
    fn start(page: &'p PageInner) -> Self {
        if let Ok(mut state) = page.locator_handlers.state.lock() {
            state.running += 1;
        }
        Running(page)
    }
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        if let Ok(mut state) = self.0.locator_handlers.state.lock() {
            state.running -= 1;
        }
    }
}

fn poisoned() -> BrowserError {
    BrowserError::Evaluation("the page's locator handlers were poisoned by a panic".into())
}
