//! What `page.consoleMessages()` and `page.pageErrors()` answer: a page's last console messages
//! and uncaught errors, kept whether or not anyone listens. As in Playwright, each list holds at
//! most 200 (past that its oldest 20 go), and answers by default only what came after the main
//! frame last moved to a new document (`all` answers every one kept).

use crate::events::PageEvent;
use std::collections::VecDeque;

/// How many of each kind a page keeps.
const KEPT: usize = 200;
/// How many of the oldest go when one more would pass [`KEPT`].
const DROPPED: usize = KEPT / 10;

/// The console messages and page errors of one page.
#[derive(Default)]
pub(crate) struct RecentEvents {
    console: Kept,
    errors: Kept,
}

/// One list and where its current document's part starts.
#[derive(Default)]
struct Kept {
    events: VecDeque<PageEvent>,
    /// Index of the first event after the last main-frame navigation.
    since_navigation: usize,
}

impl Kept {
    fn push(&mut self, event: PageEvent) {
        self.events.push_back(event);
        if self.events.len() > KEPT {
            self.events.drain(..DROPPED);
            self.since_navigation = self.since_navigation.saturating_sub(DROPPED);
        }
    }

    fn list(&self, all: bool) -> Vec<PageEvent> {
        let from = if all { 0 } else { self.since_navigation };
        self.events.iter().skip(from).cloned().collect()
    }
}

impl RecentEvents {
    /// Keeps `event` if it is a console message or a page error.
    pub(crate) fn observe(&mut self, event: &PageEvent) {
        match event {
            PageEvent::Console { .. } => self.console.push(event.clone()),
            PageEvent::PageError { .. } => self.errors.push(event.clone()),
            _ => {}
        }
    }

    /// The main frame moved to a new document: what came before is no longer its.
    pub(crate) fn navigated(&mut self) {
        self.console.since_navigation = self.console.events.len();
        self.errors.since_navigation = self.errors.events.len();
    }

    /// Forgets everything (the page is handed to another test case).
    pub(crate) fn clear(&mut self) {
        *self = RecentEvents::default();
    }

    /// Forgets the console messages (`page.clearConsoleMessages`).
    pub(crate) fn clear_console(&mut self) {
        self.console = Kept::default();
    }

    /// Forgets the page errors (`page.clearPageErrors`).
    pub(crate) fn clear_errors(&mut self) {
        self.errors = Kept::default();
    }

    /// The console messages kept, oldest first: the current document's, or with `all` all.
    pub(crate) fn console(&self, all: bool) -> Vec<PageEvent> {
        self.console.list(all)
    }

    /// The page errors kept, as [`RecentEvents::console`].
    pub(crate) fn errors(&self, all: bool) -> Vec<PageEvent> {
        self.errors.list(all)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(n: usize) -> PageEvent {
        PageEvent::Console {
            kind: "log".into(),
            text: format!("m{n}"),
            location: serde_json::Value::Null,
            timestamp: 0.0,
            worker: None,
        }
    }

    fn texts(list: Vec<PageEvent>) -> Vec<String> {
        list.into_iter()
            .map(|e| match e {
                PageEvent::Console { text, .. } => text,
                other => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn keeps_two_hundred_dropping_the_oldest_twenty_past_that() {
        let mut recent = RecentEvents::default();
        for n in 0..250 {
            recent.observe(&message(n));
        }
        // 201 → 181, …: after 250 pushes 190 are left, the oldest m60.
        let kept = texts(recent.console.list(true));
        assert_eq!((kept.len(), kept[0].as_str(), kept[kept.len() - 1].as_str()), (190, "m60", "m249"));
    }

    #[test]
    fn answers_the_current_document_unless_asked_for_all() {
        let mut recent = RecentEvents::default();
        recent.observe(&message(1));
        recent.observe(&PageEvent::PageError { message: "Error: boom".into() });
        recent.navigated();
        recent.observe(&message(2));
        assert_eq!(texts(recent.console.list(false)), ["m2"]);
        assert_eq!(texts(recent.console.list(true)), ["m1", "m2"]);
        assert!(recent.errors.list(false).is_empty());
        assert_eq!(recent.errors.list(true).len(), 1);
        // Once the navigation's mark is dropped, every message kept counts.
        for n in 3..220 {
            recent.observe(&message(n));
        }
        assert_eq!(recent.console.list(false).len(), recent.console.list(true).len());
        recent.clear();
        assert!(recent.console.list(true).is_empty());
    }
}
