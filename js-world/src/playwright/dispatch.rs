//! The one native behind the JS Playwright classes: `__ferridriver_native.browser(json)` takes
//! `{target, page, parts, op, args, timeout, not}` and answers `{ok}` or `{error, name}`.
//! JSON both ways keeps the native free of JS lifetimes across awaits; the JS side turns an
//! error reply into an `Error` thrown at the user's call site (its stack captured before the
//! first await, since QuickJS has no async stack traces).

use super::locator::TextSpec;
use super::session::Session;
use base64::Engine;
use ferridriver_browser::{Cookie, Locator, Page, RedirectCheck, RequestOptions};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

/// The filter of `context.clearCookies(filter)` and `context.deleteCookie(name, options)`.
#[derive(Debug, Default, Deserialize)]
pub(super) struct CookieFilter {
    name: Option<String>,
    domain: Option<String>,
    path: Option<String>,
}

use super::gates::Admitted;
use super::operations::{self, BrowserOp, ContextOp, LocatorOp, Op, PageOp, RequestOp};
use super::request::{locator_of, page_of, Failure, Request};

type Reply = Result<Value, Failure>;

/// Runs one request from JS on `session` and returns the JSON reply (never fails: errors are
/// part of the reply).
pub async fn handle(session: Option<Arc<Session>>, request: String, running: Option<usize>) -> String {
    let parsed = serde_json::from_str::<Request>(&request).map(|r| Request { running, ..r });
    let reply = match (session, parsed) {
        (None, _) => Err(Failure::from(
            "the browser is not available here (only in steps and hooks of a test run, as this.page)",
        )),
        (_, Err(e)) => Err(Failure::type_error(format!("bad browser request: {e}"))),
        (Some(session), Ok(r)) if r.generation.is_some_and(|g| g != session.generation()) => Err(Failure::from(
            "this browser object belongs to a test case that has ended (a listener or route left running?)",
        )),
        (Some(session), Ok(r)) => match lookup(r) {
            Err(e) => Err(e),
            Ok(r) => {
                let ended = r.generation.map(|_| session.ended());
                let run = async {
                    match r.site.as_deref().and_then(|s| session.call_site(s)) {
                        Some(at) => ferridriver_browser::with_call_site(at, dispatch(&session, &r)).await,
                        None => dispatch(&session, &r).await,
                    }
                };
                match ended {
                    // A test case's object still at work when its test case ends (a step left
                    // waiting at its timeout): stopped, so it cannot act on the next one's page.
                    Some(ended) => tokio::select! {
                        reply = run => reply,
                        () = ended => Err(Failure::from(
                            "this browser call's test case has ended (the step that made it ran out of time?)",
                        )),
                    },
                    None => run.await,
                }
            }
        },
    };
    match reply {
        Ok(value) => json!({ "ok": value }).to_string(),
        Err(f) => json!({ "error": f.message, "name": f.name }).to_string(),
    }
}

/// Finds `r`'s row of the table: an operation the table lacks, or more arguments than its row
/// names, is a `TypeError` here, before anything runs.
fn lookup(mut r: Request) -> Result<Request, Failure> {
    let Some(operation) = operations::find(&r.target, &r.op) else {
        return Err(Failure::type_error(format!("{}.{} is not supported", r.target, r.op)));
    };
    if r.args.len() > operation.args.len() {
        return Err(Failure::type_error(format!(
            "{}: takes {} argument(s) ({}), got {}",
            operation.label(),
            operation.args.len(),
            operation.args.join(", "),
            r.args.len()
        )));
    }
    r.operation = Some(operation);
    Ok(r)
}

async fn dispatch(session: &Session, r: &Request) -> Reply {
    let Some(operation) = r.operation else { return Err(Failure::from("internal: a request was not looked up")) };
    let admitted = super::gates::admit(session, operation, r)?;
    match operation.op {
        Op::Page(op) => page_op(session, r, op, admitted).await,
        Op::Event(op) => super::events::event_op(session, r, op, admitted).await,
        Op::Video(op) => super::video::video_op(session, r, op, admitted).await,
        Op::Locator(op) => locator_op(session, r, op, admitted).await,
        Op::ExpectPage(op) => super::assert::expect_page(session, r, op).await,
        Op::ExpectLocator(op) => super::assert::expect_locator(session, r, op).await,
        Op::Context(op) => context_op(session, r, op, admitted).await,
        Op::Request(RequestOp::Fetch) => request_op(session, r, admitted).await,
        Op::Browser(BrowserOp::Version) => Ok(Value::String(session.browser_version().await?)),
        Op::Browser(BrowserOp::NewContext) => {
            let mut options = ferridriver_browser::ContextOptions::from_json(r.arg(0)?)
                .map_err(|e| Failure::type_error(format!("browser.newContext: {e}")))?;
            // The directory the gate checked, as it really is (not what the script wrote); never
            // one it did not.
            if let Some(record) = options.record_video.as_mut() {
                let dir = match &record.dir {
                    Some(_) => admitted.path.clone().ok_or("internal: recordVideo.dir was not checked")?,
                    // Playwright's artifacts folder, inside the project here so that the suite
                    // can read `video.path()`; each file goes with its video.
                    None => {
                        record.scratch = true;
                        super::files::project_directory("browser.newContext: recordVideo", ".ferridriver/videos")?
                    }
                };
                record.dir = Some(dir.to_string_lossy().into_owned());
            }
            if let Some(record) = options.record_har.as_mut() {
                let path = admitted.har_path.as_ref().ok_or("internal: recordHar.path was not checked")?;
                record.path = path.to_string_lossy().into_owned();
            }
            Ok(json!(session.new_context(options).await?))
        }
    }
}

/// Writes `bytes` where the operation's `ProjectWrite` gate admitted a path, if the script gave
/// one.
fn write_admitted(admitted: &Admitted, bytes: &[u8]) -> Result<(), Failure> {
    match &admitted.path {
        Some(path) => std::fs::write(path, bytes)
            .map_err(|e| Failure::from(format!("{}: {}: {e}", admitted.what, path.display()))),
        None => Ok(()),
    }
}

/// Reads the URL after an operation (the page then remembers it), so the synchronous
/// `page.url()` in JS sees where the operation led.
async fn with_url(page: &Page, value: Value) -> Reply {
    let _ = page.url().await;
    Ok(value)
}

/// The `waitUntil` option at argument `i` (default `load`).
fn wait_until_of(r: &Request, i: usize) -> Result<ferridriver_browser::WaitUntil, Failure> {
    match r.arg::<Option<String>>(i)? {
        None => Ok(ferridriver_browser::WaitUntil::Load),
        Some(w) => ferridriver_browser::WaitUntil::parse(&w).map_err(|e| Failure::type_error(format!("{}: {e}", r.op))),
    }
}

/// `{ waitUntil, timeout }` of a navigation (waitUntil is the last argument).
fn navigate_options(r: &Request) -> Result<ferridriver_browser::NavigateOptions, Failure> {
    let at = r.operation.and_then(|o| o.args.iter().position(|a| *a == "waitUntil")).unwrap_or(0);
    Ok(ferridriver_browser::NavigateOptions { wait_until: wait_until_of(r, at)?, timeout: r.timeout() })
}

async fn page_op(session: &Session, r: &Request, op: PageOp, admitted: Admitted) -> Reply {
    let page = page_of(session, r).await?;
    let value = match op {
        PageOp::Goto => {
            let url = admitted.url()?;
            // Playwright's goto answers the main response: watch the network for it.
            page.watch_network().await?;
            serde_json::to_value(page.goto_with(url, navigate_options(r)?).await?).unwrap_or(Value::Null)
        }
        PageOp::FrameGoto => {
            // A child frame's (the main frame's goto is the page's).
            let url = admitted.url()?;
            page.watch_network().await?;
            let frame = r.arg::<String>(0)?;
            serde_json::to_value(page.goto_frame(&frame, url, navigate_options(r)?).await?).unwrap_or(Value::Null)
        }
        PageOp::Reload => {
            page.watch_network().await?;
            serde_json::to_value(page.reload_with(navigate_options(r)?).await?).unwrap_or(Value::Null)
        }
        PageOp::GoBack | PageOp::GoForward => {
            page.watch_network().await?;
            let delta = if op == PageOp::GoBack { -1 } else { 1 };
            let response = page.history_with(delta, navigate_options(r)?).await?.flatten();
            serde_json::to_value(response).unwrap_or(Value::Null)
        }
        PageOp::EmulateMedia => {
            let emulation: ferridriver_browser::MediaEmulation = r.arg(0)?;
            page.emulate_media(&emulation).await?;
            Value::Null
        }
        PageOp::Pdf => {
            let options: Option<ferridriver_browser::PdfOptions> = r.arg(0)?;
            let pdf = page.pdf(&options.unwrap_or_default()).await?;
            write_admitted(&admitted, &pdf)?;
            Value::String(base64::engine::general_purpose::STANDARD.encode(pdf))
        }
        // Its identifier: what `dispose()` of the answer hands back.
        PageOp::AddInitScript => Value::String(page.add_init_script(&r.arg::<String>(0)?).await?),
        PageOp::RemoveInitScript => page.remove_init_script(&r.arg::<String>(0)?).await.map(|_| Value::Null)?,
        PageOp::Title => Value::String(page.title().await?),
        // As page events are handed to listeners (js/page_events.js makes the objects).
        PageOp::ConsoleMessages => {
            serde_json::to_value(page.console_messages(r.arg::<Option<bool>>(0)? == Some(true))).unwrap_or_default()
        }
        PageOp::PageErrors => {
            serde_json::to_value(page.page_errors(r.arg::<Option<bool>>(0)? == Some(true))).unwrap_or_default()
        }
        PageOp::Requests => serde_json::to_value(page.recent_requests()).unwrap_or_default(),
        PageOp::ClearConsoleMessages | PageOp::ClearPageErrors => {
            page.clear_recent(op == PageOp::ClearPageErrors);
            Value::Null
        }
        PageOp::RequestGc => page.request_gc().await.map(|_| Value::Null)?,
        PageOp::TouchscreenTap => page.touchscreen_tap(r.arg(0)?, r.arg(1)?).await.map(|_| Value::Null)?,
        PageOp::BringToFront => page.bring_to_front().await.map(|_| Value::Null)?,
        PageOp::CoverageStartJs => page.start_js_coverage(r.arg(0)?).await.map(|_| Value::Null)?,
        PageOp::CoverageStopJs => serde_json::to_value(page.stop_js_coverage(r.arg(0)?).await?).unwrap_or_default(),
        PageOp::CoverageStartCss => page.start_css_coverage(r.arg(0)?).await.map(|_| Value::Null)?,
        PageOp::CoverageStopCss => serde_json::to_value(page.stop_css_coverage().await?).unwrap_or_default(),
        PageOp::Markdown => Value::String(page.markdown().await?),
        PageOp::AriaSnapshot => Value::String(page.aria_snapshot().await?),
        PageOp::Content => Value::String(page.content().await?),
        PageOp::SetContent => {
            let until = r.arg::<Option<String>>(1)?.unwrap_or_else(|| "load".into());
            page.set_content_until(&r.arg::<String>(0)?, &until).await.map(|_| Value::Null)?
        }
        // A string of page code comes with the encoder of its value; a function's call is
        // encoded already (js/evaluate_values.js).
        PageOp::Evaluate => match r.arg::<Option<String>>(1)? {
            Some(encoder) => page.evaluate_expression(&r.arg::<String>(0)?, &encoder).await?,
            None => page.evaluate(&r.arg::<String>(0)?).await?,
        },
        // A child frame's string of page code, run as the frame's own script; null when its
        // context is not known here (js/frames.js then goes through the frame's elements).
        PageOp::EvaluateInFrame => {
            let (frame, expression, encoder) = (r.arg::<String>(0)?, r.arg::<String>(1)?, r.arg::<String>(2)?);
            page.evaluate_expression_in_frame(&frame, &expression, &encoder).await?.unwrap_or(Value::Null)
        }
        PageOp::Screenshot => {
            let options = super::screenshots::options(&page, r.arg(0)?).map_err(Failure::type_error)?;
            let image = page.screenshot_with(&options).await?;
            write_admitted(&admitted, &image)?;
            Value::String(base64::engine::general_purpose::STANDARD.encode(image))
        }
        PageOp::WaitForUrl => {
            let wait_until = wait_until_of(r, 1)?;
            page.wait_for_url_with(r.arg::<TextSpec>(0)?.to_exact_match(), wait_until).await?;
            Value::Null
        }
        PageOp::WaitForNavigation => {
            // The main resource's response is what it answers: watch the network for it.
            page.watch_network().await?;
            let url = r.arg::<Option<TextSpec>>(0)?.map(|s| s.to_exact_match());
            let options =
                ferridriver_browser::NavigateOptions { wait_until: wait_until_of(r, 1)?, timeout: r.timeout() };
            serde_json::to_value(page.wait_for_navigation(url, options).await?).unwrap_or(Value::Null)
        }
        PageOp::FrameWaitForNavigation => {
            // A child frame's (the main frame's is the page's), answering its document response.
            page.watch_network().await?;
            let frame = r.arg::<String>(0)?;
            let url = r.arg::<Option<TextSpec>>(1)?.map(|s| s.to_exact_match());
            let options =
                ferridriver_browser::NavigateOptions { wait_until: wait_until_of(r, 2)?, timeout: r.timeout() };
            serde_json::to_value(page.wait_for_frame_navigation(&frame, url, options).await?).unwrap_or(Value::Null)
        }
        PageOp::WaitForLoadState => {
            let state = r.arg::<Option<String>>(0)?.unwrap_or_else(|| "load".into());
            page.wait_for_load_state(&state).await.map(|_| Value::Null)?
        }
        PageOp::SetExtraHttpHeaders => {
            let headers: std::collections::BTreeMap<String, String> = r.arg(0)?;
            let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            page.set_extra_http_headers(&headers).await?;
            Value::Null
        }
        PageOp::KeyboardPress => page.keyboard_press(&r.arg::<String>(0)?).await.map(|_| Value::Null)?,
        PageOp::KeyboardType => page.keyboard_type(&r.arg::<String>(0)?).await.map(|_| Value::Null)?,
        PageOp::SetViewportSize => page.set_viewport_size(r.arg(0)?, r.arg(1)?).await.map(|_| Value::Null)?,
        PageOp::KeyboardDown => page.keyboard_down(&r.arg::<String>(0)?).await.map(|_| Value::Null)?,
        PageOp::KeyboardUp => page.keyboard_up(&r.arg::<String>(0)?).await.map(|_| Value::Null)?,
        PageOp::KeyboardInsertText => page.keyboard_insert_text(&r.arg::<String>(0)?).await.map(|_| Value::Null)?,
        PageOp::MouseDown => page.mouse_down().await.map(|_| Value::Null)?,
        PageOp::MouseUp => page.mouse_up().await.map(|_| Value::Null)?,
        PageOp::MouseWheel => page.mouse_wheel(r.arg(0)?, r.arg(1)?).await.map(|_| Value::Null)?,
        PageOp::MouseDblclick => page.mouse_dblclick(r.arg(0)?, r.arg(1)?).await.map(|_| Value::Null)?,
        PageOp::MouseMove => page.mouse_move(r.arg(0)?, r.arg(1)?).await.map(|_| Value::Null)?,
        PageOp::MouseClick => page.mouse_click(r.arg(0)?, r.arg(1)?).await.map(|_| Value::Null)?,
        PageOp::Close => {
            let mut page = page;
            page.close().await?;
            session.closed(r.page);
            return Ok(Value::Null);
        }
    };
    with_url(&page, value).await
}

async fn locator_op(session: &Session, r: &Request, op: LocatorOp, admitted: Admitted) -> Reply {
    let page = page_of(session, r).await?;
    let l = locator_of(&page, r)?;
    // Actions may navigate, so the URL is noted after them; reads do not pay for that.
    let action = match op {
        LocatorOp::Click | LocatorOp::Dblclick | LocatorOp::Hover => {
            // Without options, the plain actions (their own checks and trace titles).
            let options = r.arg::<Option<ferridriver_browser::ClickOptions>>(0)?.unwrap_or_default();
            let plain = options == ferridriver_browser::ClickOptions::default();
            match (op, plain) {
                (LocatorOp::Click, true) => l.click().await,
                (LocatorOp::Click, false) => l.click_with(&options).await,
                (LocatorOp::Dblclick, true) => l.dblclick().await,
                (LocatorOp::Dblclick, false) => l.dblclick_with(&options).await,
                (_, true) => l.hover().await,
                (_, false) => l.hover_with(&options).await,
            }
        }
        LocatorOp::Tap => {
            let options = r.arg::<Option<ferridriver_browser::ClickOptions>>(0)?.unwrap_or_default();
            l.tap_with(&options).await
        }
        LocatorOp::DragTo => {
            let parts: Vec<super::locator::PartSpec> = r.arg(0)?;
            let target = super::locator::build(&page, &parts).map_err(Failure::type_error)?;
            let target = match r.timeout() {
                Some(t) => target.with_timeout(t),
                None => target,
            };
            #[derive(serde::Deserialize)]
            struct Position {
                x: f64,
                y: f64,
            }
            let at = |i: usize| -> Result<Option<(f64, f64)>, Failure> {
                Ok(r.arg::<Option<Position>>(i)?.map(|p| (p.x, p.y)))
            };
            let options = ferridriver_browser::DragOptions { source_position: at(1)?, target_position: at(2)? };
            l.drag_to(&target, options).await
        }
        LocatorOp::Fill => l.fill(&r.arg::<String>(0)?).await,
        LocatorOp::SetInputFiles => {
            let payloads: Vec<InputFilePayload> = r.arg(0)?;
            let files = payloads
                .into_iter()
                .map(|p| {
                    let bytes = base64::engine::general_purpose::STANDARD
                        .decode(p.buffer.as_bytes())
                        .map_err(|e| Failure::type_error(format!("setInputFiles: {}: {e}", p.name)))?;
                    Ok(ferridriver_browser::InputFile { name: p.name, mime_type: p.mime_type, bytes })
                })
                .collect::<Result<Vec<_>, Failure>>()?;
            l.set_input_files(&files).await
        }
        LocatorOp::Clear => l.fill("").await,
        LocatorOp::Press => l.press(&r.arg::<String>(0)?).await,
        LocatorOp::Type | LocatorOp::PressSequentially => l.type_text(&r.arg::<String>(0)?).await,
        LocatorOp::Check | LocatorOp::Uncheck | LocatorOp::SetChecked => {
            // check(options), uncheck(options), setChecked(checked, options).
            let (wanted, at) = match op {
                LocatorOp::Check => (true, 0),
                LocatorOp::Uncheck => (false, 0),
                _ => (r.arg::<bool>(0)?, 1),
            };
            let options = r.arg::<Option<ferridriver_browser::ClickOptions>>(at)?.unwrap_or_default();
            l.set_checked_with(wanted, &options).await
        }
        read => return locator_read(r, read, admitted, &page, &l).await,
    };
    action?;
    with_url(&page, Value::Null).await
}

async fn locator_read(r: &Request, op: LocatorOp, admitted: Admitted, page: &Page, l: &Locator) -> Reply {
    let text = |v: String| Value::String(v);
    let value = match op {
        LocatorOp::SelectOption => {
            let specs: Vec<ferridriver_browser::OptionSpec> = r.arg(0)?;
            return with_url(page, json!(l.select_options(&specs).await?)).await;
        }
        LocatorOp::TextContent => text(l.text_content().await?),
        LocatorOp::Dispose => {
            l.dispose().await?;
            Value::Null
        }
        // Element handles: the numbers of the elements pinned now (js/element_handles.js).
        LocatorOp::FrameIds => {
            let (owner, content) = l.frame_ids().await?;
            json!({ "owner": owner, "content": content })
        }
        LocatorOp::Pin => {
            let which = match r.arg::<String>(0)?.as_str() {
                "all" => ferridriver_browser::PinWhich::All,
                "one" => ferridriver_browser::PinWhich::One,
                _ => ferridriver_browser::PinWhich::First,
            };
            json!({ "ids": l.pin(which).await?, "from": l.description() })
        }
        LocatorOp::Screenshot => {
            let options = super::screenshots::options(page, r.arg(0)?).map_err(Failure::type_error)?;
            let image = l.screenshot_with(&options).await?;
            write_admitted(&admitted, &image)?;
            Value::String(base64::engine::general_purpose::STANDARD.encode(image))
        }
        // The element may have navigated the page (a click in the function): refresh the URL.
        LocatorOp::Evaluate => {
            let value = l.evaluate(&r.arg::<String>(0)?, r.args.get(1).cloned().unwrap_or(Value::Null)).await?;
            return with_url(page, value).await;
        }
        LocatorOp::EvaluateAll => {
            let value = l.evaluate_all(&r.arg::<String>(0)?, r.args.get(1).cloned().unwrap_or(Value::Null)).await?;
            return with_url(page, value).await;
        }
        LocatorOp::InnerText => text(l.inner_text().await?),
        LocatorOp::InnerHtml => text(l.inner_html().await?),
        LocatorOp::AriaSnapshot => text(l.aria_snapshot().await?),
        LocatorOp::InputValue => text(l.input_value().await?),
        LocatorOp::GetAttribute => json!(l.get_attribute(&r.arg::<String>(0)?).await?),
        LocatorOp::Count => json!(l.count().await?),
        LocatorOp::IsVisible => json!(l.is_visible().await?),
        LocatorOp::IsHidden => json!(l.is_hidden().await?),
        LocatorOp::IsEnabled => json!(l.is_enabled().await?),
        LocatorOp::IsDisabled => json!(l.is_disabled().await?),
        LocatorOp::IsChecked => json!(l.is_checked().await?),
        LocatorOp::IsEditable => json!(l.is_editable().await?),
        // The actions, answered by `locator_op`.
        LocatorOp::Click
        | LocatorOp::Tap
        | LocatorOp::Dblclick
        | LocatorOp::Hover
        | LocatorOp::DragTo
        | LocatorOp::Fill
        | LocatorOp::SetInputFiles
        | LocatorOp::Clear
        | LocatorOp::Press
        | LocatorOp::Type
        | LocatorOp::PressSequentially
        | LocatorOp::Check
        | LocatorOp::Uncheck
        | LocatorOp::SetChecked => return Err(Failure::from("internal: an action reached the reads")),
    };
    Ok(value)
}

async fn context_op(session: &Session, r: &Request, op: ContextOp, admitted: Admitted) -> Reply {
    let context = session.context_by_id(r.context).await?;
    Ok(match op {
        ContextOp::Close if r.context == 0 => {
            return Err(Failure::from(
                "the scenario's own context closes when the scenario ends; close the ones from browser.newContext()",
            ))
        }
        ContextOp::Close => {
            context.close().await?;
            session.context_closed(r.context);
            Value::Null
        }
        ContextOp::StorageState => {
            let state = context.storage_state().await?;
            write_admitted(&admitted, serde_json::to_string_pretty(&state).unwrap_or_default().as_bytes())?;
            json!(state)
        }
        ContextOp::SetStorageState => {
            let state: ferridriver_browser::StorageState = r.arg(0)?;
            context.set_storage_state(&state).await.map(|_| Value::Null)?
        }
        ContextOp::Cookies => {
            let urls: Vec<String> = r.arg::<Option<Vec<String>>>(0)?.unwrap_or_default();
            let urls: Vec<&str> = urls.iter().map(String::as_str).collect();
            json!(context.cookies(&urls).await?)
        }
        ContextOp::AddCookies => {
            let cookies: Vec<Value> = r.arg(0)?;
            let cookies = cookies.into_iter().map(cookie).collect::<Result<Vec<_>, _>>()?;
            context.add_cookies(&cookies).await.map(|_| Value::Null)?
        }
        ContextOp::ClearCookies => {
            // Playwright's optional filter `{ name, domain, path }`.
            let filter: Option<CookieFilter> = r.arg(0)?;
            match filter {
                Some(f) if f.name.is_some() || f.domain.is_some() || f.path.is_some() => {
                    json!(context.delete_cookies(f.name.as_deref(), f.domain.as_deref(), f.path.as_deref()).await?)
                }
                _ => context.clear_cookies().await.map(|_| Value::Null)?,
            }
        }
        ContextOp::ClearPermissions => context.clear_permissions().await.map(|_| Value::Null)?,
        ContextOp::GrantPermissions => {
            let permissions: Vec<String> = r.arg(0)?;
            let permissions: Vec<&str> = permissions.iter().map(String::as_str).collect();
            let origin: Option<String> = r.arg(1)?;
            context.grant_permissions(&permissions, origin.as_deref()).await.map(|_| Value::Null)?
        }
        ContextOp::SetGeolocation => {
            let (latitude, longitude): (f64, f64) = (r.arg(0)?, r.arg(1)?);
            context.set_geolocation(latitude, longitude).await.map(|_| Value::Null)?
        }
        ContextOp::SetOffline => context.set_offline(r.arg(0)?).await.map(|_| Value::Null)?,
        ContextOp::SetExtraHttpHeaders => {
            let headers: std::collections::BTreeMap<String, String> = r.arg(0)?;
            let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            context.set_extra_http_headers(&headers).await.map(|_| Value::Null)?
        }
        ContextOp::AddInitScript => context.add_init_script(&r.arg::<String>(0)?).await.map(|_| Value::Null)?,
        ContextOp::RemoveInitScript => context.remove_init_script(&r.arg::<String>(0)?).await.map(|_| Value::Null)?,
        // The clock's replay script, swapped in one call: the new one first, so that no
        // document starts with neither.
        ContextOp::ReplaceInitScript => {
            context.add_init_script(&r.arg::<String>(1)?).await?;
            if let Some(previous) = r.arg::<Option<String>>(0)? {
                context.remove_init_script(&previous).await?;
            }
            Value::Null
        }
        ContextOp::NewPage => json!(session.add_page(context.new_page().await?)),
        ContextOp::RouteNewPages => {
            context.route_new_pages(r.arg(0)?);
            Value::Null
        }
        ContextOp::TracingStart => {
            let options: Option<TracingOptions> = r.arg(0)?;
            let options = options.unwrap_or_default();
            let start = ferridriver_browser::TracingStart {
                title: options.title,
                snapshots: options.snapshots.unwrap_or(false),
                screenshots: options.screenshots.unwrap_or(false),
            };
            context.tracing_start(start).await.map(|_| Value::Null)?
        }
        ContextOp::TracingStartChunk => context.tracing_start_chunk().map(|_| Value::Null)?,
        ContextOp::TracingGroup => context.tracing_group(Some(&r.arg::<String>(0)?)).map(|_| Value::Null)?,
        ContextOp::TracingGroupEnd => context.tracing_group(None).map(|_| Value::Null)?,
        ContextOp::HarStart => {
            let path = admitted.path.as_ref().ok_or("internal: the HAR's path was not checked")?;
            let options: HarOptions = r.arg(1)?;
            // Checked as the path is: inside the project, symlinks followed.
            let resources_dir = match &options.resources_dir {
                Some(dir) => Some(
                    super::files::project_directory(&format!("{}: resourcesDir", admitted.what), dir)
                        .map_err(|f| Failure { name: crate::JsErrorName::SandboxViolation, message: f.message })?
                        .to_string_lossy()
                        .into_owned(),
                ),
                None => None,
            };
            let record = ferridriver_browser::RecordHar {
                path: path.to_string_lossy().into_owned(),
                content: options.content,
                mode: options.mode,
                url_filter: options.url_filter,
                omit_content: None,
                resources_dir,
            };
            let page = match r.arg::<Option<usize>>(2)? {
                Some(id) => Some(session.page(id).await?),
                None => None,
            };
            json!(context.start_har(record, page.as_ref()).await?)
        }
        ContextOp::HarStop => context.stop_har(r.arg(0)?).await.map(|_| Value::Null)?,
        ContextOp::TracingStop | ContextOp::TracingStopChunk => {
            let path = admitted.path.as_deref();
            match op {
                ContextOp::TracingStop => context.tracing_stop(path).await,
                _ => context.tracing_stop_chunk(path).await,
            }
            .map(|_| Value::Null)?
        }
    })
}

/// A Playwright cookie: `{name, value, url}` or `{name, value, domain, path}`.
fn cookie(mut value: Value) -> Result<Cookie, Failure> {
    if let (Some(url), None) = (value.get("url").and_then(Value::as_str), value.get("domain")) {
        let rest = url.split_once("://").map_or(url, |(_, r)| r);
        let (host, path) = rest.split_once('/').map_or((rest, "/".to_string()), |(h, p)| (h, format!("/{p}")));
        let host = host.rsplit_once(':').map_or(host, |(h, _)| h).to_string();
        let dir = path.rsplit_once('/').map_or("/".to_string(), |(d, _)| format!("{d}/"));
        value["domain"] = Value::String(host);
        if value.get("path").is_none() {
            value["path"] = Value::String(dir);
        }
    }
    serde_json::from_value(value).map_err(|e| Failure::type_error(format!("addCookies: {e}")))
}

async fn request_op(session: &Session, r: &Request, admitted: Admitted) -> Reply {
    let method: String = r.arg(0)?;
    let url = admitted.url()?.to_string();
    #[derive(Deserialize, Default)]
    struct Options {
        #[serde(default)]
        headers: std::collections::BTreeMap<String, String>,
        #[serde(default)]
        data: Option<String>,
    }
    let options: Option<Options> = r.arg(2)?;
    let options = options.unwrap_or_default();
    let options = RequestOptions {
        headers: options.headers.into_iter().collect(),
        data: options.data,
        redirect_check: admitted.redirect_check.map(RedirectCheck),
    };
    let response =
        session.context_by_id(r.context).await?.request().fetch(&method.to_uppercase(), &url, options).await?;
    Ok(json!({
        "status": response.status,
        "statusText": response.status_text,
        "url": response.url,
        "headers": response.headers,
        "body": base64::engine::general_purpose::STANDARD.encode(&response.body),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_with_a_url_get_domain_and_path() {
        let c = cookie(json!({"name": "a", "value": "1", "url": "http://127.0.0.1:8080/app/x"})).unwrap();
        assert_eq!((c.domain.as_str(), c.path.as_str()), ("127.0.0.1", "/app/"));
        let c = cookie(json!({"name": "a", "value": "1", "domain": "example.com"})).unwrap();
        assert_eq!(c.path, "/");
    }
}

/// The options of `tracing.start` that ferridriver reads (`sources` is accepted and has no
/// effect: the steps' sources are the feature files).
#[derive(Debug, Default, serde::Deserialize)]
struct TracingOptions {
    title: Option<String>,
    snapshots: Option<bool>,
    screenshots: Option<bool>,
    #[allow(dead_code)]
    sources: Option<bool>,
    #[allow(dead_code)]
    name: Option<String>,
}

/// What `tracing.startHar` and `routeFromHAR({ update: true })` record (`js/har_routes.js`, `js/page_extras.js`).
#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct HarOptions {
    content: Option<String>,
    mode: Option<String>,
    url_filter: Option<ferridriver_browser::UrlFilter>,
    resources_dir: Option<String>,
}

/// One file of `locator.setInputFiles`, read by the JS side (base64).
#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct InputFilePayload {
    name: String,
    mime_type: String,
    buffer: String,
}
