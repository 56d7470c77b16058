//! The DevTools connection: one WebSocket, requests matched to responses by `id`, events fanned
//! out to subscribers. Messages are read as plain JSON first and only then deserialised into
//! typed responses or events, which keeps float-bearing events intact under
//! `arbitrary_precision` (a typed struct parses them; chromiumoxide's untagged envelope does not).
//! Knows messages, not pages: may not decide anything about navigation or the network.

// Delays and reorders incoming messages in tests (feature `fault-injection`).
#[cfg(feature = "fault-injection")]
mod faults;
#[cfg(feature = "fault-injection")]
pub use faults::FaultPlan;

use crate::error::{BrowserError, Result};
use async_tungstenite::tungstenite::Message;
use chromiumoxide_types::Command;
use futures::StreamExt;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, oneshot};

/// An event from the browser, with its parameters still as JSON.
#[derive(Debug, Clone)]
pub struct CdpEvent {
    /// Its place among the connection's events (1, 2, …), in the order they arrived.
    pub seq: u64,
    pub method: String,
    pub session_id: Option<String>,
    pub params: Value,
}

impl CdpEvent {
    /// The parameters as a typed chromiumoxide event struct.
    pub fn parse<E: DeserializeOwned>(&self) -> Result<E> {
        serde_json::from_value(self.params.clone())
            .map_err(|e| BrowserError::Decode { method: self.method.clone(), reason: e.to_string() })
    }
}

/// Commands sent and not answered yet, by id: the method, the session it went to, and where
/// its answer goes.
type Pending = HashMap<u64, (String, Option<String>, oneshot::Sender<Result<Value>>)>;

/// How long the DevTools WebSocket may take to open (as long as a launch may take to print it).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

struct Inner {
    next_id: AtomicU64,
    pending: Mutex<Pending>,
    outgoing: mpsc::UnboundedSender<String>,
    events: broadcast::Sender<Arc<CdpEvent>>,
    /// How many events arrived (the last one's `seq`).
    event_seq: AtomicU64,
    closed: Mutex<Option<String>>,
    /// What other parts of the crate keep once per connection, one value per type (the
    /// popup watch of `popups.rs`); the connection itself never looks inside.
    kept: Mutex<Vec<Arc<dyn std::any::Any + Send + Sync>>>,
    /// Lossless subscriptions to one event method each (see [`Connection::tap`]).
    taps: Mutex<Vec<(String, mpsc::UnboundedSender<Arc<CdpEvent>>)>>,
    /// The page sessions whose renderer crashed: their commands fail at once.
    crashed: Mutex<std::collections::HashSet<String>>,
}

/// A DevTools connection; cheap to clone, shared by the browser, its contexts and pages.
#[derive(Clone)]
pub struct Connection {
    inner: Arc<Inner>,
    /// How long a command may take before it is abandoned.
    pub command_timeout: Duration,
}

impl Connection {
    /// Connects to a DevTools WebSocket endpoint. Must be called inside a tokio runtime; the
    /// reader and writer run as tasks on it.
    pub async fn connect(ws_url: &str) -> Result<Connection> {
        Connection::connect_with_headers(ws_url, &[]).await
    }

    /// [`Connection::connect`] sending `headers` with the WebSocket upgrade (a remote
    /// endpoint's `Authorization`, say).
    pub async fn connect_with_headers(ws_url: &str, headers: &[(String, String)]) -> Result<Connection> {
        #[cfg(feature = "fault-injection")]
        if let Some(plan) = FaultPlan::from_env() {
            return Connection::open(ws_url, headers, Some(plan)).await;
        }
        Connection::open(ws_url, headers, None).await
    }

    /// [`Connection::connect`] with incoming messages delayed and reordered per `plan`.
    #[cfg(feature = "fault-injection")]
    pub async fn connect_with_faults(ws_url: &str, plan: FaultPlan) -> Result<Connection> {
        Connection::open(ws_url, &[], Some(plan)).await
    }

    #[cfg(not(feature = "fault-injection"))]
    async fn open(ws_url: &str, headers: &[(String, String)], _plan: Option<()>) -> Result<Connection> {
        Connection::open_with(ws_url, headers, |reader| {
            (Box::new(move |text: String| dispatch(&reader, &text)), Duration::ZERO)
        })
        .await
    }

    #[cfg(feature = "fault-injection")]
    async fn open(ws_url: &str, headers: &[(String, String)], plan: Option<FaultPlan>) -> Result<Connection> {
        let Some(plan) = plan else {
            return Connection::open_with(ws_url, headers, |reader| {
                (Box::new(move |text: String| dispatch(&reader, &text)), Duration::ZERO)
            })
            .await;
        };
        Connection::open_with(ws_url, headers, move |reader| {
            let target = Arc::clone(&reader);
            let faults = Arc::new(faults::Faults::new(plan, Arc::new(move |text: &str| dispatch(&target, text))));
            // The end comes after every message received before it.
            let linger = plan.max_event_delay.max(plan.max_reply_delay) * 2 + Duration::from_millis(5);
            (Box::new(move |text: String| faults.receive(text)) as Box<dyn Fn(String) + Send>, linger)
        })
        .await
    }

    /// Opens the WebSocket; `receiver` makes what each incoming text goes to (dispatch, or the
    /// fault layer in front of it).
    async fn open_with(
        ws_url: &str,
        headers: &[(String, String)],
        receiver: impl FnOnce(Arc<Inner>) -> (Box<dyn Fn(String) + Send>, Duration),
    ) -> Result<Connection> {
        use async_tungstenite::tungstenite::client::IntoClientRequest;
        use async_tungstenite::tungstenite::http::{HeaderName, HeaderValue};
        let bad = |e: String| BrowserError::Disconnected(format!("cannot connect to {ws_url}: {e}"));
        let mut request = ws_url.into_client_request().map_err(|e| bad(e.to_string()))?;
        for (name, value) in headers {
            let name = HeaderName::from_bytes(name.as_bytes()).map_err(|e| bad(format!("header {name:?}: {e}")))?;
            let value = HeaderValue::from_str(value).map_err(|e| bad(format!("header {name}: {e}")))?;
            request.headers_mut().insert(name, value);
        }
        // Bounded: a browser (or remote endpoint) that never answers the upgrade must not hold
        // the caller for ever (its wait is also left out of step timeouts, see steps::uncounted).
        let connecting = async_tungstenite::tokio::connect_async(request);
        let (socket, _) = tokio::time::timeout(CONNECT_TIMEOUT, connecting)
            .await
            .map_err(|_| {
                let within = CONNECT_TIMEOUT.as_secs();
                BrowserError::Disconnected(format!("cannot connect to {ws_url}: no answer within {within} s"))
            })?
            .map_err(|e| BrowserError::Disconnected(format!("cannot connect to {ws_url}: {e}")))?;
        let (mut sink, mut stream) = socket.split();
        let (outgoing, mut to_send) = mpsc::unbounded_channel::<String>();
        let (events, _) = broadcast::channel(4096);
        let inner = Arc::new(Inner {
            next_id: AtomicU64::new(1),
            pending: Mutex::new(HashMap::new()),
            outgoing,
            events,
            event_seq: AtomicU64::new(0),
            closed: Mutex::new(None),
            kept: Mutex::new(Vec::new()),
            taps: Mutex::new(Vec::new()),
            crashed: Mutex::default(),
        });
        tokio::spawn(async move {
            while let Some(text) = to_send.recv().await {
                if sink.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
            let _ = sink.close(None).await;
        });
        let reader = Arc::clone(&inner);
        let (receive, linger) = receiver(Arc::clone(&inner));
        tokio::spawn(async move {
            let reason = loop {
                match stream.next().await {
                    Some(Ok(Message::Text(text))) => receive(text.as_str().to_string()),
                    Some(Ok(Message::Binary(bytes))) => receive(String::from_utf8_lossy(&bytes).into_owned()),
                    Some(Ok(Message::Close(_))) | None => break "the browser closed the connection".to_string(),
                    Some(Ok(_)) => {}
                    Some(Err(e)) => break e.to_string(),
                }
            };
            if !linger.is_zero() {
                tokio::time::sleep(linger).await;
            }
            close_all(&reader, reason);
        });
        Ok(Connection { inner, command_timeout: Duration::from_secs(30) })
    }

    /// Sends a typed command (to a page when `session` is given) and returns its typed response.
    pub async fn call<C: Command>(&self, command: C, session: Option<&str>) -> Result<C::Response> {
        let method = command.identifier().to_string();
        let params = serde_json::to_value(&command)
            .map_err(|e| BrowserError::Decode { method: method.clone(), reason: e.to_string() })?;
        let value = self.call_raw(&method, params, session).await?;
        C::response_from_value(value).map_err(|e| BrowserError::Decode { method, reason: e.to_string() })
    }

    /// Sends a command given by name and JSON parameters.
    pub async fn call_raw(&self, method: &str, params: Value, session: Option<&str>) -> Result<Value> {
        self.queue_raw(method, params, session).await
    }

    /// Queues a command now (before anything queued after this call returns) and gives the
    /// future of its answer: a caller can go on and collect the answer later.
    pub fn queue_raw(
        &self,
        method: &str,
        params: Value,
        session: Option<&str>,
    ) -> impl std::future::Future<Output = Result<Value>> + Send + 'static {
        let queued = self.queue_now(method, params, session);
        let (connection, method) = (self.clone(), method.to_string());
        async move {
            let (id, rx) = queued?;
            match tokio::time::timeout(connection.command_timeout, rx).await {
                Ok(Ok(result)) => result,
                Ok(Err(_)) => {
                    Err(BrowserError::Disconnected(connection.closed_reason().unwrap_or_else(|| "closed".into())))
                }
                Err(_) => {
                    if let Ok(mut p) = connection.inner.pending.lock() {
                        p.remove(&id);
                    }
                    Err(BrowserError::Timeout { what: method, ms: connection.command_timeout.as_millis() })
                }
            }
        }
    }

    /// Writes a command to the outgoing queue; its id and where its answer will come.
    fn queue_now(
        &self,
        method: &str,
        params: Value,
        session: Option<&str>,
    ) -> Result<(u64, oneshot::Receiver<Result<Value>>)> {
        if let Some(reason) = self.closed_reason() {
            return Err(BrowserError::Disconnected(reason));
        }
        let id = self.inner.next_id.fetch_add(1, Ordering::Relaxed);
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(s) = session {
            message["sessionId"] = Value::String(s.to_string());
        }
        let (tx, rx) = oneshot::channel();
        if let Ok(mut p) = self.inner.pending.lock() {
            p.insert(id, (method.to_string(), session.map(str::to_string), tx));
        }
        // Checked once the command is pending: a crash noted in between fails it either here
        // or with the others that were waiting (the crash is noted before they are failed).
        if session.is_some_and(|s| self.crashed(s)) {
            if let Ok(mut p) = self.inner.pending.lock() {
                p.remove(&id);
            }
            return Err(BrowserError::TargetCrashed);
        }
        if self.inner.outgoing.send(message.to_string()).is_err() {
            return Err(BrowserError::Disconnected("the connection is closed".into()));
        }
        Ok((id, rx))
    }

    /// Queues a command whose answer nobody waits for (it is dropped when it comes). Commands
    /// reach the browser in the order they are queued.
    pub fn send_detached(&self, method: &str, params: Value, session: Option<&str>) {
        let id = self.inner.next_id.fetch_add(1, Ordering::Relaxed);
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(s) = session {
            message["sessionId"] = Value::String(s.to_string());
        }
        let _ = self.inner.outgoing.send(message.to_string());
    }

    /// Every event named `method` from now on, none lost however far the reader falls behind
    /// (unlike [`Connection::subscribe`]); the connection's end closes the channel. Dropping
    /// the receiver ends the subscription.
    pub(crate) fn tap(&self, method: &str) -> mpsc::UnboundedReceiver<Arc<CdpEvent>> {
        let (tx, rx) = mpsc::unbounded_channel();
        if let Ok(mut taps) = self.inner.taps.lock() {
            taps.push((method.to_string(), tx));
        }
        rx
    }

    /// How many events arrived so far: every event up to this `seq` came before any reply
    /// read after this call (one reader keeps the browser's order).
    pub(crate) fn events_arrived(&self) -> u64 {
        self.inner.event_seq.load(Ordering::SeqCst)
    }

    /// Events from now on. Subscribe before the command whose consequences you wait for.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<CdpEvent>> {
        self.inner.events.subscribe()
    }

    /// The value of type `T` kept for this connection, made by `make` on first use.
    pub(crate) fn kept<T: std::any::Any + Send + Sync>(&self, make: impl FnOnce() -> T) -> Arc<T> {
        let mut kept = self.inner.kept.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(found) = kept.iter().find_map(|k| Arc::clone(k).downcast::<T>().ok()) {
            return found;
        }
        let made = Arc::new(make());
        kept.push(Arc::clone(&made) as Arc<dyn std::any::Any + Send + Sync>);
        made
    }

    /// Whether the renderer of the page on `session` crashed.
    pub(crate) fn crashed(&self, session: &str) -> bool {
        self.inner.crashed.lock().is_ok_and(|c| c.contains(session))
    }

    /// Why the connection closed, if it did.
    pub fn closed_reason(&self) -> Option<String> {
        self.inner.closed.lock().ok().and_then(|c| c.clone())
    }
}

fn dispatch(inner: &Inner, text: &str) {
    let Ok(mut value) = serde_json::from_str::<Value>(text) else { return };
    if let Some(id) = value.get("id").and_then(Value::as_u64) {
        let waiter = inner.pending.lock().ok().and_then(|mut p| p.remove(&id));
        if let Some((method, _, tx)) = waiter {
            let result = match value.get_mut("error") {
                Some(error) => Err(BrowserError::Protocol {
                    method,
                    message: error.get("message").and_then(Value::as_str).unwrap_or("unknown error").to_string(),
                }),
                None => Ok(value.get_mut("result").map(Value::take).unwrap_or(Value::Null)),
            };
            let _ = tx.send(result);
        }
        return;
    }
    if let Some(method) = value.get("method").and_then(Value::as_str).map(str::to_string) {
        let event = CdpEvent {
            seq: inner.event_seq.fetch_add(1, Ordering::SeqCst) + 1,
            method,
            session_id: value.get("sessionId").and_then(Value::as_str).map(str::to_string),
            params: value.get_mut("params").map(Value::take).unwrap_or(Value::Null),
        };
        if event.method == "Target.detachedFromTarget" {
            if let Some(session) = event.params["sessionId"].as_str() {
                if let Ok(mut crashed) = inner.crashed.lock() {
                    crashed.remove(session);
                }
                fail_unanswered(inner, session, |method| BrowserError::Protocol {
                    method,
                    message: "the page's session closed before it answered (Target closed)".into(),
                });
            }
        }
        // A crashed renderer never answers: what waits on it fails now, and so will what comes.
        if event.method == "Inspector.targetCrashed" {
            if let Some(session) = event.session_id.as_deref() {
                if let Ok(mut crashed) = inner.crashed.lock() {
                    crashed.insert(session.to_string());
                }
                fail_unanswered(inner, session, |_| BrowserError::TargetCrashed);
            }
        }
        let event = Arc::new(event);
        if let Ok(mut taps) = inner.taps.lock() {
            taps.retain(|(method, tx)| *method != event.method || tx.send(Arc::clone(&event)).is_ok());
        }
        // No subscriber is fine: nobody is waiting for this event.
        let _ = inner.events.send(event);
    }
}

/// Fails the commands still waiting on `session`, which went away (its page closed, was
/// detached or crashed) with the error `error` makes of each method: the browser never answers
/// them, and they would otherwise wait out the command timeout — holding whoever waits for
/// them, such as a trace collecting its last snapshot.
fn fail_unanswered(inner: &Inner, session: &str, error: impl Fn(String) -> BrowserError) {
    let gone: Vec<(String, oneshot::Sender<Result<Value>>)> = match inner.pending.lock() {
        Ok(mut pending) => {
            let ids: Vec<u64> =
                pending.iter().filter(|(_, (_, s, _))| s.as_deref() == Some(session)).map(|(id, _)| *id).collect();
            ids.into_iter().filter_map(|id| pending.remove(&id)).map(|(method, _, tx)| (method, tx)).collect()
        }
        Err(_) => return,
    };
    for (method, tx) in gone {
        let _ = tx.send(Err(error(method)));
    }
}

fn close_all(inner: &Inner, reason: String) {
    if let Ok(mut c) = inner.closed.lock() {
        c.get_or_insert(reason.clone());
    }
    // Taps end with the connection.
    if let Ok(mut taps) = inner.taps.lock() {
        taps.clear();
    }
    let waiters: Vec<_> = inner.pending.lock().map(|mut p| p.drain().collect()).unwrap_or_default();
    for (_, (_, _, tx)) in waiters {
        let _ = tx.send(Err(BrowserError::Disconnected(reason.clone())));
    }
    let _ = inner.events.send(Arc::new(CdpEvent {
        seq: inner.event_seq.fetch_add(1, Ordering::SeqCst) + 1,
        method: "ferridriver.disconnected".into(),
        session_id: None,
        params: Value::String(reason),
    }));
}
