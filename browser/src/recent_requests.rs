//! What `page.requests()` answers: the page's last requests (100, Playwright's number), each
//! with its response and how it ended, kept from the page's network events whether or not
//! anyone listens (the Network domain must be on, as for `page.on('request')`).

use crate::events::PageEvent;
use serde::Serialize;
use std::collections::VecDeque;

/// How many requests a page keeps.
const KEPT: usize = 100;

/// One request and what became of it.
#[derive(Debug, Clone, Serialize)]
pub struct KeptRequest {
    /// Its [`PageEvent::Request`].
    pub request: PageEvent,
    /// Its [`PageEvent::Response`], once one came.
    pub response: Option<PageEvent>,
    /// Why it failed, if it did.
    pub failure: Option<String>,
    /// Whether it ended (finished or failed).
    pub ended: bool,
}

/// The last requests of one page, oldest first.
#[derive(Default)]
pub(crate) struct RecentRequests {
    kept: VecDeque<KeptRequest>,
}

impl RecentRequests {
    /// Takes the page events one DevTools event became (`events::translate`).
    pub(crate) fn observe(&mut self, events: &[PageEvent]) {
        for event in events {
            match event {
                // The browser's own favicon fetch is not the page's (Playwright lists none).
                PageEvent::Request { url, .. } if url.ends_with("/favicon.ico") => {}
                PageEvent::Request { .. } => {
                    self.kept.push_back(KeptRequest {
                        request: event.clone(),
                        response: None,
                        failure: None,
                        ended: false,
                    });
                    if self.kept.len() > KEPT {
                        self.kept.pop_front();
                    }
                }
                PageEvent::Response { id, .. } => {
                    if let Some(kept) = self.open(id) {
                        kept.response = Some(event.clone());
                    }
                }
                PageEvent::RequestFinished { id, .. } => {
                    if let Some(kept) = self.open(id) {
                        kept.ended = true;
                    }
                }
                PageEvent::RequestFailed { id, error_text, .. } => {
                    if let Some(kept) = self.open(id) {
                        kept.failure = Some(error_text.clone());
                        kept.ended = true;
                    }
                }
                _ => {}
            }
        }
    }

    /// The newest request of `id` that has not ended (a redirect's hops share the id).
    fn open(&mut self, id: &str) -> Option<&mut KeptRequest> {
        self.kept
            .iter_mut()
            .rev()
            .find(|k| !k.ended && matches!(&k.request, PageEvent::Request { id: i, .. } if i == id))
    }

    /// The requests kept, oldest first.
    pub(crate) fn list(&self) -> Vec<KeptRequest> {
        self.kept.iter().cloned().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(id: &str, url: &str) -> PageEvent {
        PageEvent::Request {
            id: id.into(),
            url: url.into(),
            method: "GET".into(),
            resource_type: "document".into(),
            headers: Default::default(),
            post_data: None,
            is_navigation: true,
            frame_id: String::new(),
            timestamp: 0.0,
            wall_time: 0.0,
        }
    }

    #[test]
    fn keeps_the_last_hundred_with_their_ends_a_redirect_as_two() {
        let mut recent = RecentRequests::default();
        recent.observe(&[request("1", "/go")]);
        recent.observe(&[PageEvent::RequestFinished { id: "1".into(), timestamp: 0.0 }, request("1", "/h")]);
        recent.observe(&[PageEvent::RequestFailed {
            id: "1".into(),
            error_text: "net::ERR_FAILED".into(),
            timestamp: 0.0,
        }]);
        let list = recent.list();
        assert_eq!(list.len(), 2);
        assert!(list[0].ended && list[0].failure.is_none());
        assert_eq!(list[1].failure.as_deref(), Some("net::ERR_FAILED"));
        for n in 0..150 {
            recent.observe(&[request(&n.to_string(), "/x")]);
        }
        assert_eq!(recent.list().len(), 100);
    }
}
