//! Page events, named as Playwright's `page.on(...)` names them: console messages, uncaught
//! errors, dialogs, network requests and responses, load states and main-frame navigations.
//! They are translated from the page session's DevTools events and fanned out to every
//! subscriber of `Page::events`; nothing is built while nobody listens.

use crate::connection::CdpEvent;
use serde::Serialize;
use serde_json::{Map, Value};

/// How many events a slow subscriber may fall behind before it misses some.
pub(crate) const EVENT_BUFFER: usize = 1024;

/// Something that happened on a page. Serialised with an `event` tag and camelCase fields,
/// which is the shape the JS world hands to `page.on` listeners.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum PageEvent {
    /// `console.log` and friends; `kind` is Playwright's message type (`log`, `error`,
    /// `warning`, `info`, `debug`, …).
    Console {
        #[serde(rename = "type")]
        kind: String,
        text: String,
        /// Where the call was made (the first frame of its stack), as Playwright's
        /// `ConsoleMessage.location()`: `{ url, lineNumber, columnNumber }`, 0-based.
        location: Value,
        /// When, in milliseconds since the Unix epoch.
        timestamp: f64,
        /// The session of the dedicated worker that logged it (`None`: the page).
        #[serde(skip_serializing_if = "Option::is_none")]
        worker: Option<String>,
    },
    /// An exception nobody caught in the page.
    PageError { message: String },
    /// The page's renderer crashed: nothing on it can be done any more.
    Crash,
    /// An `alert`, `confirm`, `prompt` or `beforeunload` dialog opened.
    Dialog {
        #[serde(rename = "type")]
        kind: String,
        message: String,
        #[serde(rename = "defaultValue")]
        default_value: String,
    },
    /// A request is about to be sent (needs `Page::watch_network`).
    Request {
        id: String,
        url: String,
        method: String,
        #[serde(rename = "resourceType")]
        resource_type: String,
        headers: Map<String, Value>,
        #[serde(rename = "postData")]
        post_data: Option<String>,
        #[serde(rename = "isNavigation")]
        is_navigation: bool,
        /// The frame that made it.
        #[serde(rename = "frameId")]
        frame_id: String,
        /// When it was sent: the browser's monotonic clock, in milliseconds.
        timestamp: f64,
        /// When it was sent, in seconds since the Unix epoch.
        #[serde(rename = "wallTime")]
        wall_time: f64,
    },
    /// Response headers arrived (needs `Page::watch_network`).
    Response {
        id: String,
        url: String,
        status: i64,
        #[serde(rename = "statusText")]
        status_text: String,
        headers: Map<String, Value>,
        /// A redirect hop's response: its request goes on under the same id, so it has no
        /// body of its own.
        #[serde(rename = "isRedirect")]
        is_redirect: bool,
        /// The server's address, the protocol, TLS, the headers as named.
        #[serde(flatten)]
        details: Box<crate::response_details::ResponseDetails>,
        /// Which of its request's reported responses this is (`Page::raw_response_headers`
        /// takes it), `None` when the browser reports none for it (a cached response).
        #[serde(rename = "extraInfo")]
        extra_info: Option<usize>,
    },
    /// A response body was received completely (`timestamp` as in [`PageEvent::Request`]).
    RequestFinished { id: String, timestamp: f64 },
    /// A request failed (network error, aborted, blocked).
    RequestFailed {
        id: String,
        #[serde(rename = "errorText")]
        error_text: String,
        timestamp: f64,
    },
    /// The main document's `DOMContentLoaded`.
    DomContentLoaded,
    /// The main document's `load`.
    Load,
    /// The main frame committed a navigation.
    FrameNavigated { url: String },
    /// A download started on this page (needs [`crate::context::BrowserContext::accept_downloads`]).
    Download {
        guid: String,
        url: String,
        #[serde(rename = "suggestedFilename")]
        suggested_filename: String,
    },
    /// A download of this page ended: `state` is `completed` or `canceled`.
    DownloadFinished { guid: String, state: String },
    /// The page opened another page (`window.open`, a `target=_blank` link or form),
    /// announced once the new page committed its first document (its `url`); the new page is
    /// already one of the context's pages, with the context's settings, and
    /// `Page::take_popup(target)` on the opener gives it.
    Popup { target: String, url: String },
    /// The page called a function exposed with [`crate::Page::expose_binding`]: `id` is what
    /// [`crate::Page::answer_binding`] takes with `context`; `frame` is the calling document's
    /// window name and URL.
    Binding { name: String, id: String, args: Value, context: i64, frame: Value },
    /// A request paused by routing (`Page::set_routing`); `id` is what
    /// `Page::fulfill_route`, `Page::abort_route` or `Page::continue_route` take.
    Route {
        id: String,
        /// The id of the same request in [`PageEvent::Request`] (when network events are on).
        #[serde(rename = "networkId")]
        network_id: String,
        url: String,
        method: String,
        #[serde(rename = "resourceType")]
        resource_type: String,
        headers: Map<String, Value>,
        #[serde(rename = "postData")]
        post_data: Option<String>,
    },
    /// A request of a popup that nobody listens to yet, paused by its context's routes
    /// (`route` is its [`PageEvent::Route`]): heard by the opener's listeners, whose context
    /// routes answer it through the popup (`Page::opened_page(target)`) — before the popup
    /// is announced, as Playwright's context routes see a popup's first request.
    PopupRoute { target: String, route: Box<PageEvent> },
    /// An action or assertion found the overlay of the locator handler `uid` visible
    /// (`Page::add_locator_handler`) and waits for the handler to run and answer with
    /// `Page::resolve_locator_handler`.
    /// `trigger` numbers the page's triggers: the event is sent again while unanswered (one
    /// lost to a lagging listener), and the same trigger runs the handler once.
    #[serde(rename = "locatorhandler")]
    LocatorHandler { uid: u64, trigger: u64 },
    /// A document's JavaScript context went (`id` as [`PageEvent::Binding`]'s `context`): its
    /// frame navigated or was removed.
    #[serde(rename = "contextdestroyed")]
    ContextDestroyed { id: i64 },
    /// Every JavaScript context of the page went (its main frame navigated).
    #[serde(rename = "contextscleared")]
    ContextsCleared,
    /// The page started a dedicated worker, reached through `session`.
    Worker { session: String, url: String },
    /// The worker reached through `session` ended.
    #[serde(rename = "workerclosed")]
    WorkerClosed { session: String },
    /// An input opened a file chooser while the page intercepts them
    /// (`Page::intercept_file_choosers`): DevTools' node id of the input, in frame `frame_id`.
    #[serde(rename = "filechooser")]
    FileChooser {
        #[serde(rename = "backendNodeId")]
        backend_node_id: i64,
        multiple: bool,
        #[serde(rename = "frameId")]
        frame_id: String,
    },
    /// Something happened to the page's WebSocket `id` (needs `Page::watch_network`).
    #[serde(rename = "websocket")]
    WebSocket {
        id: String,
        #[serde(flatten)]
        what: WebSocketEvent,
    },
}

/// What happened to a page's WebSocket, in the order DevTools reports it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum WebSocketEvent {
    /// The page made it (`new WebSocket(url)`).
    Created { url: String },
    /// Its opening handshake is being sent: Playwright announces the socket here.
    Handshake,
    /// The server answered the handshake.
    Response {
        status: i64,
        #[serde(rename = "statusText")]
        status_text: String,
    },
    /// A frame went out (`opcode` 1 is text, 2 is binary with `data` in base64).
    Sent { opcode: i64, data: String },
    /// A frame came in (as `Sent`).
    Received { opcode: i64, data: String },
    /// The socket failed.
    Error { message: String },
    /// The socket closed.
    Closed,
}

/// The binding every function `Page::expose_binding` gives a page calls through.
pub(crate) const BINDING: &str = "__ferridriver_binding";

/// A call of an exposed function, from a `Runtime.bindingCalled` event: name, call id,
/// arguments, execution context and the calling frame's `[name, url]`.
pub(crate) fn call_of(params: &Value) -> Option<(String, String, Value, i64, Value)> {
    if params["name"].as_str() != Some(BINDING) {
        return None;
    }
    let payload: Value = serde_json::from_str(params["payload"].as_str()?).ok()?;
    Some((
        payload["name"].as_str()?.to_string(),
        payload["id"].as_str()?.to_string(),
        payload.get("args").cloned().unwrap_or(Value::Array(Vec::new())),
        params["executionContextId"].as_i64()?,
        payload.get("frame").cloned().unwrap_or(Value::Null),
    ))
}

/// The events a DevTools event of the page's session stands for (usually one; a redirect is
/// the previous hop's response and end, then the new request).
pub(crate) fn translate(event: &CdpEvent) -> Vec<PageEvent> {
    let p = &event.params;
    let text = |pointer: &str| p.pointer(pointer).and_then(Value::as_str).unwrap_or("").to_string();
    let headers = |pointer: &str| p.pointer(pointer).and_then(Value::as_object).cloned().unwrap_or_default();
    // DevTools gives seconds on a monotonic clock.
    let timestamp = p.get("timestamp").and_then(Value::as_f64).unwrap_or(0.0) * 1000.0;
    let mut events = Vec::new();
    if event.method == "Network.requestWillBeSent" && p.get("redirectResponse").is_some() {
        // The same request id goes on with a new URL: the previous hop ends here.
        events.push(PageEvent::Response {
            id: text("/requestId"),
            url: text("/redirectResponse/url"),
            status: p.pointer("/redirectResponse/status").and_then(Value::as_f64).unwrap_or(0.0) as i64,
            status_text: text("/redirectResponse/statusText"),
            headers: headers("/redirectResponse/headers"),
            is_redirect: true,
            details: Box::new(crate::response_details::ResponseDetails::of(&p["redirectResponse"])),
            extra_info: None,
        });
        events.push(PageEvent::RequestFinished { id: text("/requestId"), timestamp });
    }
    events.push(match event.method.as_str() {
        "Runtime.consoleAPICalled" => {
            let frame = p.pointer("/stackTrace/callFrames/0");
            let at = |key: &str| frame.and_then(|f| f.get(key)).cloned().unwrap_or(Value::from(0));
            let location = serde_json::json!({
                "url": frame.and_then(|f| f["url"].as_str()).unwrap_or(""),
                "lineNumber": at("lineNumber"),
                "columnNumber": at("columnNumber"),
            });
            PageEvent::Console {
                kind: p["type"].as_str().unwrap_or("log").to_string(),
                text: console_text(p),
                location,
                timestamp: p["timestamp"].as_f64().unwrap_or(0.0),
                worker: None,
            }
        }
        // The browser's own messages (a resource that failed to load, a blocked request, a
        // deprecation): console messages of their level, as Playwright reports them; a
        // worker's come through the worker.
        "Log.entryAdded" if p.pointer("/entry/source").and_then(Value::as_str) != Some("worker") => {
            let entry = &p["entry"];
            PageEvent::Console {
                kind: entry["level"].as_str().unwrap_or("info").to_string(),
                text: entry["text"].as_str().unwrap_or("").to_string(),
                location: serde_json::json!({
                    "url": entry["url"].as_str().unwrap_or(""),
                    "lineNumber": entry["lineNumber"].as_u64().unwrap_or(0),
                    "columnNumber": 0,
                }),
                timestamp: entry["timestamp"].as_f64().unwrap_or(0.0),
                worker: None,
            }
        }
        "Runtime.exceptionThrown" => PageEvent::PageError { message: exception_text(&p["exceptionDetails"]) },
        "Inspector.targetCrashed" => PageEvent::Crash,
        "Page.javascriptDialogOpening" => {
            PageEvent::Dialog { kind: text("/type"), message: text("/message"), default_value: text("/defaultPrompt") }
        }
        "Network.requestWillBeSent" => PageEvent::Request {
            id: text("/requestId"),
            url: text("/request/url"),
            method: text("/request/method"),
            resource_type: text("/type").to_lowercase(),
            headers: headers("/request/headers"),
            post_data: p.pointer("/request/postData").and_then(Value::as_str).map(str::to_string),
            is_navigation: p["requestId"] == p["loaderId"] && p["type"].as_str() == Some("Document"),
            frame_id: text("/frameId"),
            timestamp,
            wall_time: p["wallTime"].as_f64().unwrap_or(0.0),
        },
        "Network.responseReceived" => PageEvent::Response {
            id: text("/requestId"),
            url: text("/response/url"),
            status: p.pointer("/response/status").and_then(Value::as_f64).unwrap_or(0.0) as i64,
            status_text: text("/response/statusText"),
            headers: headers("/response/headers"),
            is_redirect: false,
            details: Box::new(crate::response_details::ResponseDetails::of(&p["response"])),
            extra_info: None,
        },
        "Network.loadingFinished" => PageEvent::RequestFinished { id: text("/requestId"), timestamp },
        "Network.loadingFailed" => {
            PageEvent::RequestFailed { id: text("/requestId"), error_text: text("/errorText"), timestamp }
        }
        "Page.domContentEventFired" => PageEvent::DomContentLoaded,
        "Page.loadEventFired" => PageEvent::Load,
        "Fetch.requestPaused" => PageEvent::Route {
            id: text("/requestId"),
            network_id: text("/networkId"),
            url: text("/request/url"),
            method: text("/request/method"),
            resource_type: text("/resourceType").to_lowercase(),
            headers: headers("/request/headers"),
            post_data: p.pointer("/request/postData").and_then(Value::as_str).map(str::to_string),
        },
        "Runtime.bindingCalled" => match call_of(p) {
            Some((name, id, args, context, frame)) => PageEvent::Binding { name, id, args, context, frame },
            None => return events,
        },
        "Page.frameNavigated" if p.pointer("/frame/parentId").is_none() => {
            PageEvent::FrameNavigated { url: text("/frame/url") }
        }
        "Runtime.executionContextDestroyed" => match p["executionContextId"].as_i64() {
            Some(id) => PageEvent::ContextDestroyed { id },
            None => return events,
        },
        "Runtime.executionContextsCleared" => PageEvent::ContextsCleared,
        "Page.fileChooserOpened" => match p["backendNodeId"].as_i64() {
            Some(backend_node_id) => PageEvent::FileChooser {
                backend_node_id,
                multiple: p["mode"].as_str() == Some("selectMultiple"),
                frame_id: text("/frameId"),
            },
            None => return events,
        },
        method if method.starts_with("Network.webSocket") => match web_socket_event(method, p) {
            Some(what) => PageEvent::WebSocket { id: text("/requestId"), what },
            None => return events,
        },
        _ => return events,
    });
    events
}

/// What a DevTools `Network.webSocket*` event says about its socket.
fn web_socket_event(method: &str, p: &Value) -> Option<WebSocketEvent> {
    let text = |pointer: &str| p.pointer(pointer).and_then(Value::as_str).unwrap_or("").to_string();
    let frame = || (p.pointer("/response/opcode").and_then(Value::as_i64).unwrap_or(0), text("/response/payloadData"));
    Some(match method {
        "Network.webSocketCreated" => WebSocketEvent::Created { url: text("/url") },
        "Network.webSocketWillSendHandshakeRequest" => WebSocketEvent::Handshake,
        "Network.webSocketHandshakeResponseReceived" => WebSocketEvent::Response {
            status: p.pointer("/response/status").and_then(Value::as_i64).unwrap_or(0),
            status_text: text("/response/statusText"),
        },
        "Network.webSocketFrameSent" => {
            let (opcode, data) = frame();
            WebSocketEvent::Sent { opcode, data }
        }
        "Network.webSocketFrameReceived" => {
            let (opcode, data) = frame();
            WebSocketEvent::Received { opcode, data }
        }
        "Network.webSocketFrameError" => WebSocketEvent::Error { message: text("/errorMessage") },
        "Network.webSocketClosed" => WebSocketEvent::Closed,
        _ => return None,
    })
}

/// A console call's arguments as one line, the way the console shows primitives.
pub(crate) fn console_text(params: &Value) -> String {
    let parts: Vec<String> = params["args"]
        .as_array()
        .map(|args| {
            args.iter()
                .map(|a| match a.get("value") {
                    Some(Value::String(s)) => s.clone(),
                    Some(v) => v.to_string(),
                    None => a["description"].as_str().unwrap_or("").to_string(),
                })
                .collect()
        })
        .unwrap_or_default();
    parts.join(" ")
}

/// The text of a DevTools `exceptionDetails`: the exception's description (message and
/// stack) when there is one, else the summary line.
pub(crate) fn exception_text(details: &Value) -> String {
    details
        .pointer("/exception/description")
        .and_then(Value::as_str)
        .or_else(|| details["text"].as_str())
        .unwrap_or("exception")
        .to_string()
}
