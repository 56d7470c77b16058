//! `page.on(...)` for the JS world: JS subscribes to a page's events once it has a listener,
//! then keeps one `nextEvents` call pending, which answers with every event that arrived (at
//! least one) or `null` when the page or the test case is gone. Listeners run while the
//! scenario's JS runs (a JS step or hook awaiting anything) and while its Rust steps run (the
//! worker drives the VM next to them, `StepHost::background`).

use super::gates::Admitted;
use super::operations::EventOp;
use super::request::{page_of, Failure, Request};
use super::session::Session;
use base64::Engine;
use ferridriver_browser::PageEvent;
use serde_json::{json, Value};
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

/// The page operations about events, dialogs, routes and downloads.
pub(super) async fn event_op(
    session: &Session,
    r: &Request,
    op: EventOp,
    admitted: Admitted,
) -> Result<Value, Failure> {
    match op {
        EventOp::Subscribe => subscribe(session, r).await,
        EventOp::NextEvents => Ok(next_events(session, r.page).await),
        // Plugins' page events watch a page without opening it (js/page_events.js `tapPage`).
        EventOp::AwaitOpen => Ok(Value::Bool(session.when_open(r.page).await.is_some())),
        EventOp::DialogMode => dialog_mode(session, r).await,
        EventOp::FileChooserMode => {
            let page = page_of(session, r).await?;
            page.intercept_file_choosers(r.arg::<bool>(0)?).await?;
            Ok(Value::Null)
        }
        EventOp::PinFileChooser => {
            let page = page_of(session, r).await?;
            Ok(json!(page.pin_backend_node(r.arg::<i64>(0)?).await?))
        }
        EventOp::DialogAccept => match page_of(session, r).await {
            Ok(page) => {
                let text = r.arg::<Option<String>>(0);
                match text {
                    Ok(text) => page.accept_dialog(text.as_deref()).await.map(|_| Value::Null).map_err(Failure::from),
                    Err(e) => Err(e),
                }
            }
            Err(e) => Err(e),
        },
        EventOp::DialogDismiss => match page_of(session, r).await {
            Ok(page) => page.dismiss_dialog().await.map(|_| Value::Null).map_err(Failure::from),
            Err(e) => Err(e),
        },
        EventOp::ResponseBody => response_body(session, r).await,
        EventOp::ResponseHeaders => match page_of(session, r).await {
            Ok(page) => {
                // Which reported response: its number, or -1 for the request's last one.
                let (id, which): (String, i64) = (r.arg(0)?, r.arg(1)?);
                let which = match usize::try_from(which) {
                    Ok(n) => ferridriver_browser::ReportedResponse::Nth(n),
                    Err(_) => ferridriver_browser::ReportedResponse::Last,
                };
                Ok(page.raw_response_headers(&id, which).await.map_or(Value::Null, Value::Object))
            }
            Err(e) => Err(e),
        },
        EventOp::ExposeFunction => match page_of(session, r).await {
            Ok(page) => match r.arg::<String>(0) {
                Ok(name) => page.expose_binding(&name).await.map(Value::String).map_err(Failure::from),
                Err(e) => Err(e),
            },
            Err(e) => Err(e),
        },
        EventOp::RemoveBinding => match page_of(session, r).await {
            Ok(page) => match (r.arg::<String>(0), r.arg::<String>(1)) {
                (Ok(name), Ok(id)) => page.remove_binding(&name, &id).await.map(|_| Value::Null).map_err(Failure::from),
                (Err(e), _) | (_, Err(e)) => Err(e),
            },
            Err(e) => Err(e),
        },
        EventOp::AnswerBinding => answer_binding(session, r).await,
        EventOp::WorkerEvaluate => {
            let page = page_of(session, r).await?;
            let (worker, expression): (String, String) = (r.arg(0)?, r.arg(1)?);
            Ok(page.worker_evaluate(&worker, &expression).await?)
        }
        EventOp::AddLocatorHandler | EventOp::ResolveLocatorHandler | EventOp::RemoveLocatorHandler => {
            locator_handler_op(session, r, op).await
        }
        EventOp::Routing => match page_of(session, r).await {
            Ok(page) => match r.arg::<bool>(0) {
                Ok(on) => page.set_routing(on).await.map(|_| Value::Null).map_err(Failure::from),
                Err(e) => Err(e),
            },
            Err(e) => Err(e),
        },
        EventOp::RouteFulfill | EventOp::RouteAbort | EventOp::RouteContinue => {
            super::routes::answer(session, r, op).await
        }
        EventOp::WatchDownloads
        | EventOp::DownloadPath
        | EventOp::DownloadSaveAs
        | EventOp::DownloadDelete
        | EventOp::DownloadCancel
        | EventOp::DownloadRead => download_op(session, r, op, admitted).await,
    }
}

/// `[network]`: starts collecting the page's events (and its network events when asked).
async fn subscribe(session: &Session, r: &Request) -> Result<Value, Failure> {
    let page = page_of(session, r).await?;
    session.feed(r.page, &page);
    if r.arg::<Option<bool>>(0)?.unwrap_or(false) {
        page.watch_network().await?;
    }
    Ok(Value::Null)
}

/// `[manual]`: whether dialogs wait for a listener's answer.
async fn dialog_mode(session: &Session, r: &Request) -> Result<Value, Failure> {
    let page = page_of(session, r).await?;
    page.set_manual_dialogs(r.arg::<bool>(0)?);
    Ok(Value::Null)
}

/// Every event that is there, waiting for the first; `null` once there will be none.
async fn next_events(session: &Session, page: usize) -> Value {
    let Some(feed) = session.existing_feed(page) else { return Value::Null };
    let ended = session.ended();
    let mut feed = feed.lock().await;
    let first = tokio::select! {
        _ = ended => return Value::Null,
        first = async {
            loop {
                match feed.recv().await {
                    Ok(e) => return Some(e),
                    Err(RecvError::Lagged(_)) => continue,
                    Err(RecvError::Closed) => return None,
                }
            }
        } => first,
    };
    let Some(first) = first else { return Value::Null };
    let mut events = vec![first];
    loop {
        match feed.try_recv() {
            Ok(e) => events.push(e),
            Err(TryRecvError::Lagged(_)) => continue,
            Err(_) => break,
        }
    }
    // The page the events are about: its popups are taken from it.
    let opener = match events.iter().any(|e| matches!(e, PageEvent::Popup { .. } | PageEvent::PopupRoute { .. })) {
        true => session.page(page).await.ok(),
        false => None,
    };
    Value::Array(events.into_iter().filter_map(|e| event_json(session, opener.as_ref(), e)).collect())
}

/// An event as JS takes it; a popup becomes one of the session's pages, named by its id (none
/// when the opener is gone).
fn event_json(session: &Session, opener: Option<&ferridriver_browser::Page>, event: PageEvent) -> Option<Value> {
    match event {
        PageEvent::Popup { target, url } => {
            let popup = opener.and_then(|o| o.take_popup(&target))?;
            Some(json!({ "event": "popup", "page": session.add_page(popup), "url": url }))
        }
        // Answered through the popup, which becomes one of the session's pages now (its
        // `popup` event comes once it has a document).
        PageEvent::PopupRoute { target, route } => {
            let popup = opener.and_then(|o| o.opened_page(&target))?;
            Some(json!({ "event": "popuproute", "page": session.add_page(popup), "route": route }))
        }
        other => Some(json!(other)),
    }
}

/// `[context, call, ok, value]`: settles a call of an exposed function (`value` is the error
/// message when not `ok`).
async fn answer_binding(session: &Session, r: &Request) -> Result<Value, Failure> {
    let page = page_of(session, r).await?;
    let (context, call, ok, value) = (r.arg::<i64>(0)?, r.arg::<String>(1)?, r.arg::<bool>(2)?, r.arg::<Value>(3)?);
    let answer = if ok { Ok(value) } else { Err(value.as_str().unwrap_or("the exposed function failed").to_string()) };
    page.answer_binding(context, &call, answer).await?;
    Ok(Value::Null)
}

/// `[requestId]`: a finished response's body, base64.
async fn response_body(session: &Session, r: &Request) -> Result<Value, Failure> {
    let page = page_of(session, r).await?;
    let body = page.response_body(&r.arg::<String>(0)?).await?;
    Ok(Value::String(base64::engine::general_purpose::STANDARD.encode(body)))
}

/// Downloads of the page's context: `watchDownloads` accepts them; `downloadPath [guid]`,
/// `downloadSaveAs [guid, path]` (a path inside the project), `downloadDelete [guid]`,
/// `downloadCancel [guid]`, `downloadRead [guid]` (the file, base64).
async fn download_op(session: &Session, r: &Request, op: EventOp, admitted: Admitted) -> Result<Value, Failure> {
    let context = session.context_by_id(r.context).await?;
    if op == EventOp::WatchDownloads {
        if context.refuses_downloads() {
            context.announce_refused_downloads().await?;
        } else {
            context.accept_downloads().await?;
        }
        return Ok(Value::Null);
    }
    let guid: String = r.arg(0)?;
    let dir = context.downloads_dir().ok_or("downloads are not accepted in this context")?;
    // The guid names a file in our directory: nothing else may come through it.
    if guid.is_empty() || !guid.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return Err(Failure::from("not a download of this page"));
    }
    let file = dir.join(&guid);
    match (op, admitted.path) {
        (EventOp::DownloadPath, _) => Ok(Value::String(file.to_string_lossy().into_owned())),
        (EventOp::DownloadDelete, _) => {
            let _ = std::fs::remove_file(&file);
            Ok(Value::Null)
        }
        (EventOp::DownloadCancel, _) => {
            context.cancel_download(&guid).await?;
            Ok(Value::Null)
        }
        (EventOp::DownloadRead, _) => {
            let bytes = std::fs::read(&file).map_err(|e| format!("download.createReadStream: {e}"))?;
            Ok(Value::String(base64::engine::general_purpose::STANDARD.encode(bytes)))
        }
        // The gate admitted the target inside the project.
        (EventOp::DownloadSaveAs, Some(target)) => {
            std::fs::copy(&file, &target).map_err(|e| format!("download.saveAs: {}: {e}", target.display()))?;
            Ok(Value::Null)
        }
        (EventOp::DownloadSaveAs, None) => Err(Failure::type_error("download.saveAs: pass a path".into())),
        (other, _) => Err(Failure::from(format!("internal: {other:?} is not a download operation"))),
    }
}

/// `page.addLocatorHandler` (`[parts, noWaitAfter]`, answers its id), a handler's answer
/// (`[uid, remove, error]`) and `removeLocatorHandler` (`[uid]`): see js/locator_handlers.js.
async fn locator_handler_op(session: &Session, r: &Request, op: EventOp) -> Result<Value, Failure> {
    let page = page_of(session, r).await?;
    match op {
        EventOp::AddLocatorHandler => {
            let parts: Vec<super::locator::PartSpec> = r.arg(0)?;
            let locator = super::locator::build(&page, &parts).map_err(Failure::type_error)?;
            Ok(json!(page.add_locator_handler(&locator, r.arg::<bool>(1)?)?))
        }
        EventOp::ResolveLocatorHandler => {
            page.resolve_locator_handler(r.arg(0)?, r.arg(1)?, r.arg::<Option<String>>(2)?)?;
            Ok(Value::Null)
        }
        _ => {
            page.remove_locator_handler(r.arg(0)?)?;
            Ok(Value::Null)
        }
    }
}
