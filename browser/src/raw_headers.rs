//! Response headers as the server sent them: DevTools reports them apart from the response
//! (`Network.responseReceivedExtraInfo`, which keeps `Set-Cookie`; the response event leaves
//! cookies out). A page keeps its last responses' here for Playwright's `allHeaders`,
//! `headersArray` and `headerValue(s)`, which wait for them as Playwright's do: until they
//! came, or the request ended without them (a cached or served-by-worker response has none).

use serde_json::{Map, Value};
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Mutex, PoisonError};

/// How many requests a page remembers (the oldest are forgotten first).
const KEPT: usize = 1000;

/// One response's status and headers as the server sent them.
type StatusHeaders = (i64, Map<String, Value>);

#[derive(Default)]
struct Kept {
    /// By request id, each response's status and headers in the order they came (a redirect's
    /// hops share the request's id; two of them may share a status too).
    headers: HashMap<String, Vec<StatusHeaders>>,
    /// Requests that ended (finished or failed): nothing more will come for them.
    ended: HashSet<String>,
    order: VecDeque<String>,
    /// Whether the browser said a response will have its headers reported apart
    /// (`hasExtraInfo`): without, nothing is waited for; with, they are waited for even past
    /// the request's end (the report may come after it).
    has_extra: HashMap<String, bool>,
    /// Bumped when the page's watcher lost events: a wait that began before gives up.
    epoch: u64,
    /// The page is gone: no waiting.
    closed: bool,
}

impl Kept {
    fn remember(&mut self, id: &str) {
        if !self.order.iter().any(|i| i == id) {
            self.order.push_back(id.to_string());
        }
        while self.order.len() > KEPT {
            if let Some(old) = self.order.pop_front() {
                self.headers.remove(&old);
                self.ended.remove(&old);
                self.has_extra.remove(&old);
            }
        }
    }
}

/// One page's raw response headers.
#[derive(Default)]
pub(crate) struct RawHeaders {
    kept: Mutex<Kept>,
    changed: tokio::sync::Notify,
}

impl RawHeaders {
    fn kept(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes one of the page's DevTools events.
    pub(crate) fn observe(&self, method: &str, params: &Value) {
        let Some(id) = params["requestId"].as_str() else { return };
        {
            let mut kept = self.kept();
            match method {
                "Network.responseReceivedExtraInfo" => {
                    let status = params["statusCode"].as_i64().unwrap_or(0);
                    let headers = params["headers"].as_object().cloned().unwrap_or_default();
                    kept.headers.entry(id.to_string()).or_default().push((status, headers));
                }
                "Network.loadingFinished" | "Network.loadingFailed" => {
                    kept.ended.insert(id.to_string());
                }
                // Known from here on (a wait for it is never taken for one of a forgotten id).
                "Network.responseReceived" => {
                    let extra = params.pointer("/response/hasExtraInfo").and_then(Value::as_bool).unwrap_or(false);
                    kept.has_extra.insert(id.to_string(), extra);
                }
                _ => return,
            }
            kept.remember(id);
        }
        self.changed.notify_waiters();
    }

    /// The page's watcher missed events: the waits going on now give up (what they wait for
    /// may have gone by unseen).
    pub(crate) fn lost_track(&self) {
        self.kept().epoch += 1;
        self.changed.notify_waiters();
    }

    /// The page is gone: whoever waits stops.
    pub(crate) fn close(&self) {
        self.kept().closed = true;
        self.changed.notify_waiters();
    }

    /// The raw headers of request `id`'s `nth` response (from 0) of `status`, once they came;
    /// `None` when the request ended (or the page went) without them.
    pub(crate) async fn of(&self, id: &str, status: i64, nth: usize) -> Option<Map<String, Value>> {
        let began = self.kept().epoch;
        loop {
            let changed = self.changed.notified();
            {
                let kept = self.kept();
                let mut same_status = kept.headers.get(id).into_iter().flatten().filter(|(s, _)| *s == status);
                if let Some((_, headers)) = same_status.nth(nth) {
                    return Some(headers.clone());
                }
                let forgotten = !kept.order.iter().any(|i| i == id) && kept.order.len() >= KEPT;
                let over = match kept.has_extra.get(id) {
                    Some(false) => true,
                    Some(true) => false,
                    None => kept.ended.contains(id),
                };
                if kept.closed || kept.epoch != began || forgotten || over {
                    return None;
                }
            }
            changed.await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[tokio::test]
    async fn headers_that_came_are_given_and_an_ended_request_without_them_gets_none() {
        let raw = RawHeaders::default();
        raw.observe(
            "Network.responseReceivedExtraInfo",
            &json!({ "requestId": "1", "statusCode": 200, "headers": { "Set-Cookie": "a=1" } }),
        );
        assert_eq!(raw.of("1", 200, 0).await.unwrap()["Set-Cookie"], "a=1");
        raw.observe("Network.loadingFinished", &json!({ "requestId": "2" }));
        assert!(raw.of("2", 200, 0).await.is_none());
        let waiting = raw.of("3", 302, 0);
        raw.observe(
            "Network.responseReceivedExtraInfo",
            &json!({ "requestId": "3", "statusCode": 302, "headers": {} }),
        );
        assert!(waiting.await.is_some(), "headers that come later are waited for");
    }

    #[tokio::test]
    async fn hops_that_share_a_status_keep_their_own_headers() {
        let raw = RawHeaders::default();
        for (status, hop) in [(302, "first"), (302, "second"), (200, "final")] {
            raw.observe(
                "Network.responseReceivedExtraInfo",
                &json!({ "requestId": "6", "statusCode": status, "headers": { "X-Hop": hop } }),
            );
        }
        assert_eq!(raw.of("6", 302, 0).await.unwrap()["X-Hop"], "first");
        assert_eq!(raw.of("6", 302, 1).await.unwrap()["X-Hop"], "second");
        assert_eq!(raw.of("6", 200, 0).await.unwrap()["X-Hop"], "final");
    }

    #[tokio::test]
    async fn a_response_without_a_report_and_lost_events_end_the_wait() {
        let raw = std::sync::Arc::new(RawHeaders::default());
        raw.observe("Network.responseReceived", &json!({ "requestId": "4", "response": { "hasExtraInfo": false } }));
        assert!(raw.of("4", 200, 0).await.is_none(), "nothing will come: not waited for");
        raw.observe("Network.responseReceived", &json!({ "requestId": "5", "response": { "hasExtraInfo": true } }));
        let waiting = tokio::spawn({
            let raw = std::sync::Arc::clone(&raw);
            async move { raw.of("5", 200, 0).await }
        });
        tokio::task::yield_now().await;
        raw.lost_track();
        assert!(waiting.await.unwrap().is_none(), "events went by unseen: the wait gives up");
    }
}
