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

/// Which of a request's reported responses to give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportedResponse {
    /// The `n`th (from 0) of the responses the browser said it would report, in order (a
    /// redirect's hops share the request's id).
    Nth(usize),
    /// The request's last response (a navigation's own, after its redirects).
    Last,
}

#[derive(Default)]
struct Kept {
    /// By request id: the reports that came, in order.
    headers: HashMap<String, Vec<Map<String, Value>>>,
    /// By request id: how many of its responses will be reported (`hasExtraInfo`), and
    /// whether its last one will (known once its final response came).
    announced: HashMap<String, (usize, Option<bool>)>,
    /// Requests that ended (finished or failed).
    ended: HashSet<String>,
    order: VecDeque<String>,
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
                self.announced.remove(&old);
            }
        }
    }

    /// A response of `id` came: its number among the reported ones, when it will be reported.
    fn announce(&mut self, id: &str, reported: bool, last: bool) -> Option<usize> {
        let (count, final_reported) = self.announced.entry(id.to_string()).or_default();
        if last {
            *final_reported = Some(reported);
        }
        reported.then(|| {
            *count += 1;
            *count - 1
        })
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

    /// Takes one of the page's DevTools events; for one that brings a response (a redirect hop's
    /// or the final one), answers which of its request's reported responses it is, if it will
    /// be reported (see [`ReportedResponse::Nth`]).
    pub(crate) fn observe(&self, method: &str, params: &Value) -> Option<usize> {
        let id = params["requestId"].as_str()?;
        let number = {
            let mut kept = self.kept();
            let number = match method {
                "Network.responseReceivedExtraInfo" => {
                    let headers = params["headers"].as_object().cloned().unwrap_or_default();
                    kept.headers.entry(id.to_string()).or_default().push(headers);
                    None
                }
                // DevTools says it on the event itself (`redirectHasExtraInfo`, `hasExtraInfo`).
                "Network.requestWillBeSent" => match params.get("redirectResponse") {
                    Some(_) => kept.announce(id, params["redirectHasExtraInfo"].as_bool() == Some(true), false),
                    None => return None,
                },
                "Network.responseReceived" => {
                    let reported = params["hasExtraInfo"].as_bool() == Some(true);
                    kept.announce(id, reported, true)
                }
                "Network.loadingFinished" | "Network.loadingFailed" => {
                    kept.ended.insert(id.to_string());
                    None
                }
                _ => return None,
            };
            kept.remember(id);
            number
        };
        self.changed.notify_waiters();
        number
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

    /// The headers the server sent with request `id`'s `which` response, once the browser
    /// reported them; `None` when it will not (not announced as reported, the request ended
    /// before its final response, the page went, or events were lost).
    pub(crate) async fn of(&self, id: &str, which: ReportedResponse) -> Option<Map<String, Value>> {
        let began = self.kept().epoch;
        loop {
            let changed = self.changed.notified();
            {
                let kept = self.kept();
                let reports = kept.headers.get(id).map_or(&[][..], Vec::as_slice);
                let announced = kept.announced.get(id).copied();
                let wanted = match which {
                    ReportedResponse::Nth(n) => Some(n),
                    // The last one: once the final response came, and only if it is reported.
                    ReportedResponse::Last => match announced {
                        Some((count, Some(true))) => Some(count.saturating_sub(1)),
                        Some((_, Some(false))) => return None,
                        _ => None,
                    },
                };
                if let Some(headers) = wanted.and_then(|n| reports.get(n)) {
                    return Some(headers.clone());
                }
                let forgotten = !kept.order.iter().any(|i| i == id) && kept.order.len() >= KEPT;
                // Never announced (as asked) and the request is over: nothing will come.
                let hopeless = match which {
                    ReportedResponse::Nth(n) => {
                        announced.is_none_or(|(count, _)| n >= count) && kept.ended.contains(id)
                    }
                    ReportedResponse::Last => wanted.is_none() && kept.ended.contains(id),
                };
                if kept.closed || kept.epoch != began || forgotten || hopeless {
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

    fn report(raw: &RawHeaders, id: &str, hop: &str) {
        raw.observe(
            "Network.responseReceivedExtraInfo",
            &json!({ "requestId": id, "statusCode": 200, "headers": { "X-Hop": hop } }),
        );
    }

    #[tokio::test]
    async fn each_reported_response_gets_its_own_headers_in_order() {
        let raw = RawHeaders::default();
        let hop = |n: bool| json!({ "requestId": "1", "redirectResponse": {}, "redirectHasExtraInfo": n });
        assert_eq!(raw.observe("Network.requestWillBeSent", &hop(true)), Some(0));
        // A hop the browser will not report (a cached redirect) has no number.
        assert_eq!(raw.observe("Network.requestWillBeSent", &hop(false)), None);
        assert_eq!(raw.observe("Network.requestWillBeSent", &hop(true)), Some(1));
        let last = json!({ "requestId": "1", "response": {}, "hasExtraInfo": true });
        assert_eq!(raw.observe("Network.responseReceived", &last), Some(2));
        for name in ["first", "second", "final"] {
            report(&raw, "1", name);
        }
        assert_eq!(raw.of("1", ReportedResponse::Nth(1)).await.unwrap()["X-Hop"], "second");
        assert_eq!(raw.of("1", ReportedResponse::Last).await.unwrap()["X-Hop"], "final");
    }

    #[tokio::test]
    async fn headers_that_come_later_are_waited_for_and_unreported_ones_are_not() {
        let raw = std::sync::Arc::new(RawHeaders::default());
        raw.observe("Network.responseReceived", &json!({ "requestId": "2", "response": {}, "hasExtraInfo": true }));
        let waiting = tokio::spawn({
            let raw = std::sync::Arc::clone(&raw);
            async move { raw.of("2", ReportedResponse::Nth(0)).await }
        });
        tokio::task::yield_now().await;
        // Even past the request's end: the report may come after it.
        raw.observe("Network.loadingFinished", &json!({ "requestId": "2" }));
        report(&raw, "2", "late");
        assert_eq!(waiting.await.unwrap().unwrap()["X-Hop"], "late");
        raw.observe("Network.responseReceived", &json!({ "requestId": "3", "response": {}, "hasExtraInfo": false }));
        assert!(raw.of("3", ReportedResponse::Last).await.is_none(), "a cached response has no report");
        raw.observe("Network.loadingFinished", &json!({ "requestId": "4" }));
        assert!(raw.of("4", ReportedResponse::Nth(0)).await.is_none(), "never announced, and over");
    }

    #[tokio::test]
    async fn lost_events_end_the_wait() {
        let raw = std::sync::Arc::new(RawHeaders::default());
        raw.observe("Network.responseReceived", &json!({ "requestId": "5", "response": {}, "hasExtraInfo": true }));
        let waiting = tokio::spawn({
            let raw = std::sync::Arc::clone(&raw);
            async move { raw.of("5", ReportedResponse::Last).await }
        });
        tokio::task::yield_now().await;
        raw.lost_track();
        assert!(waiting.await.unwrap().is_none(), "events went by unseen: the wait gives up");
    }
}
