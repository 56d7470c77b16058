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
        (Some(session), Ok(r)) => match r.site.as_deref().and_then(|s| session.call_site(s)) {
            Some(at) => ferridriver_browser::with_call_site(at, dispatch(&session, &r)).await,
            None => dispatch(&session, &r).await,
        },
    };
    match reply {
        Ok(value) => json!({ "ok": value }).to_string(),
        Err(f) => json!({ "error": f.message, "name": f.name }).to_string(),
    }
}

async fn dispatch(session: &Session, r: &Request) -> Reply {
    match r.target.as_str() {
        "page" => page_op(session, r).await,
        "locator" => locator_op(session, r).await,
        "expect" => super::assert::expect(session, r).await,
        "context" => context_op(session, r).await,
        "request" => request_op(session, r).await,
        "browser" => match r.op.as_str() {
            "version" => Ok(Value::String(session.browser_version().await?)),
            "newContext" => {
                let options = ferridriver_browser::ContextOptions::from_json(r.arg(0, "options")?)
                    .map_err(|e| Failure::type_error(format!("browser.newContext: {e}")))?;
                Ok(json!(session.new_context(options).await?))
            }
            op => Err(Failure::type_error(format!("browser.{op} is not supported"))),
        },
        t => Err(Failure::type_error(format!("unknown browser target {t}"))),
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
    match r.arg::<Option<String>>(i, "waitUntil")? {
        None => Ok(ferridriver_browser::WaitUntil::Load),
        Some(w) => ferridriver_browser::WaitUntil::parse(&w).map_err(|e| Failure::type_error(format!("{}: {e}", r.op))),
    }
}

/// `{ waitUntil, timeout }` of a navigation (waitUntil is the last argument).
fn navigate_options(r: &Request) -> Result<ferridriver_browser::NavigateOptions, Failure> {
    let at = if r.op == "goto" { 1 } else { 0 };
    Ok(ferridriver_browser::NavigateOptions { wait_until: wait_until_of(r, at)?, timeout: r.timeout() })
}

async fn page_op(session: &Session, r: &Request) -> Reply {
    if let Some(reply) = super::events::event_op(session, r).await {
        return reply;
    }
    let page = page_of(session, r).await?;
    let value = match r.op.as_str() {
        "goto" => {
            let url = session.resolve(&r.arg::<String>(0, "url")?)?;
            session.check_navigation(&url).map_err(|message| Failure { name: "SandboxViolationError", message })?;
            // Playwright's goto answers the main response: watch the network for it.
            page.watch_network().await?;
            serde_json::to_value(page.goto_with(&url, navigate_options(r)?).await?).unwrap_or(Value::Null)
        }
        "reload" => {
            page.watch_network().await?;
            serde_json::to_value(page.reload_with(navigate_options(r)?).await?).unwrap_or(Value::Null)
        }
        "goBack" | "goForward" => {
            page.watch_network().await?;
            let delta = if r.op == "goBack" { -1 } else { 1 };
            let response = page.history_with(delta, navigate_options(r)?).await?.flatten();
            serde_json::to_value(response).unwrap_or(Value::Null)
        }
        "emulateMedia" => {
            let emulation: ferridriver_browser::MediaEmulation = r.arg(0, "options")?;
            page.emulate_media(&emulation).await?;
            Value::Null
        }
        "pdf" => {
            let options: Option<ferridriver_browser::PdfOptions> = r.arg(0, "options")?;
            let pdf = page.pdf(&options.unwrap_or_default()).await?;
            if let Some(path) = r.arg::<Option<String>>(1, "path")? {
                super::files::write_in_project("page.pdf", &path, &pdf)?;
            }
            Value::String(base64::engine::general_purpose::STANDARD.encode(pdf))
        }
        "addInitScript" => {
            page.add_init_script(&r.arg::<String>(0, "script")?).await?;
            Value::Null
        }
        "title" => Value::String(page.title().await?),
        "markdown" => Value::String(page.markdown().await?),
        "ariaSnapshot" => Value::String(page.aria_snapshot().await?),
        "url" => Value::Null,
        "content" => Value::String(page.content().await?),
        "setContent" => page.set_content(&r.arg::<String>(0, "html")?).await.map(|_| Value::Null)?,
        "evaluate" => page.evaluate(&r.arg::<String>(0, "expression")?).await?,
        "screenshot" => {
            let png = if r.arg::<Option<bool>>(0, "fullPage")?.unwrap_or(false) {
                page.screenshot_full_page().await?
            } else {
                page.screenshot().await?
            };
            if let Some(path) = r.arg::<Option<String>>(1, "path")? {
                super::files::write_in_project("page.screenshot", &path, &png)?;
            }
            Value::String(base64::engine::general_purpose::STANDARD.encode(png))
        }
        "waitForURL" => {
            let wait_until = wait_until_of(r, 1)?;
            page.wait_for_url_with(r.arg::<TextSpec>(0, "url")?.to_exact_match(), wait_until).await?;
            Value::Null
        }
        "waitForNavigation" => {
            // The main resource's response is what it answers: watch the network for it.
            page.watch_network().await?;
            let url = r.arg::<Option<TextSpec>>(0, "url")?.map(|s| s.to_exact_match());
            let options =
                ferridriver_browser::NavigateOptions { wait_until: wait_until_of(r, 1)?, timeout: r.timeout() };
            serde_json::to_value(page.wait_for_navigation(url, options).await?).unwrap_or(Value::Null)
        }
        "waitForLoadState" => {
            let state = r.arg::<Option<String>>(0, "state")?.unwrap_or_else(|| "load".into());
            page.wait_for_load_state(&state).await.map(|_| Value::Null)?
        }
        "keyboardPress" => page.keyboard_press(&r.arg::<String>(0, "key")?).await.map(|_| Value::Null)?,
        "keyboardType" => page.keyboard_type(&r.arg::<String>(0, "text")?).await.map(|_| Value::Null)?,
        "setViewportSize" => {
            page.set_viewport_size(r.arg(0, "width")?, r.arg(1, "height")?).await.map(|_| Value::Null)?
        }
        "keyboardDown" => page.keyboard_down(&r.arg::<String>(0, "key")?).await.map(|_| Value::Null)?,
        "keyboardUp" => page.keyboard_up(&r.arg::<String>(0, "key")?).await.map(|_| Value::Null)?,
        "keyboardInsertText" => page.keyboard_insert_text(&r.arg::<String>(0, "text")?).await.map(|_| Value::Null)?,
        "mouseDown" => page.mouse_down().await.map(|_| Value::Null)?,
        "mouseUp" => page.mouse_up().await.map(|_| Value::Null)?,
        "mouseWheel" => page.mouse_wheel(r.arg(0, "deltaX")?, r.arg(1, "deltaY")?).await.map(|_| Value::Null)?,
        "mouseDblclick" => page.mouse_dblclick(r.arg(0, "x")?, r.arg(1, "y")?).await.map(|_| Value::Null)?,
        "mouseMove" => page.mouse_move(r.arg(0, "x")?, r.arg(1, "y")?).await.map(|_| Value::Null)?,
        "mouseClick" => page.mouse_click(r.arg(0, "x")?, r.arg(1, "y")?).await.map(|_| Value::Null)?,
        "close" => {
            let mut page = page;
            page.close().await?;
            session.closed(r.page);
            return Ok(Value::Null);
        }
        op => return Err(Failure::type_error(format!("page.{op} is not supported"))),
    };
    with_url(&page, value).await
}

async fn locator_op(session: &Session, r: &Request) -> Reply {
    let page = page_of(session, r).await?;
    let l = locator_of(&page, r)?;
    // Actions may navigate, so the URL is noted after them; reads do not pay for that.
    let action = match r.op.as_str() {
        "click" => l.click().await,
        "dblclick" => l.dblclick().await,
        "hover" => l.hover().await,
        "dragTo" => {
            let parts: Vec<super::locator::PartSpec> = r.arg(0, "target")?;
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
            let at = |i: usize, what: &str| -> Result<Option<(f64, f64)>, Failure> {
                Ok(r.arg::<Option<Position>>(i, what)?.map(|p| (p.x, p.y)))
            };
            let options = ferridriver_browser::DragOptions {
                source_position: at(1, "sourcePosition")?,
                target_position: at(2, "targetPosition")?,
            };
            l.drag_to(&target, options).await
        }
        "fill" => l.fill(&r.arg::<String>(0, "value")?).await,
        "setInputFiles" => {
            let payloads: Vec<InputFilePayload> = r.arg(0, "files")?;
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
        "clear" => l.fill("").await,
        "press" => l.press(&r.arg::<String>(0, "key")?).await,
        "type" | "pressSequentially" => l.type_text(&r.arg::<String>(0, "text")?).await,
        "check" => l.check().await,
        "uncheck" => l.uncheck().await,
        "setChecked" if r.arg::<bool>(0, "checked")? => l.check().await,
        "setChecked" => l.uncheck().await,
        _ => return locator_read(r, &page, &l).await,
    };
    action?;
    with_url(&page, Value::Null).await
}

async fn locator_read(r: &Request, page: &Page, l: &Locator) -> Reply {
    let text = |v: String| Value::String(v);
    let value = match r.op.as_str() {
        "selectOption" => {
            let values: Vec<String> = r.arg(0, "values")?;
            let values: Vec<&str> = values.iter().map(String::as_str).collect();
            return with_url(page, json!(l.select_option(&values).await?)).await;
        }
        "textContent" => text(l.text_content().await?),
        "dispose" => {
            l.dispose().await?;
            Value::Null
        }
        // Element handles: the numbers of the elements pinned now (js/element_handles.js).
        "pin" => {
            let which = match r.arg::<String>(0, "which")?.as_str() {
                "all" => ferridriver_browser::PinWhich::All,
                "one" => ferridriver_browser::PinWhich::One,
                _ => ferridriver_browser::PinWhich::First,
            };
            json!({ "ids": l.pin(which).await?, "from": l.description() })
        }
        "screenshot" => {
            let png = l.screenshot().await?;
            if let Some(path) = r.arg::<Option<String>>(0, "path")? {
                super::files::write_in_project("locator.screenshot", &path, &png)?;
            }
            Value::String(base64::engine::general_purpose::STANDARD.encode(png))
        }
        // The element may have navigated the page (a click in the function): refresh the URL.
        "evaluate" => {
            let value =
                l.evaluate(&r.arg::<String>(0, "function")?, r.args.get(1).cloned().unwrap_or(Value::Null)).await?;
            return with_url(page, value).await;
        }
        "evaluateAll" => {
            let value =
                l.evaluate_all(&r.arg::<String>(0, "function")?, r.args.get(1).cloned().unwrap_or(Value::Null)).await?;
            return with_url(page, value).await;
        }
        "innerText" => text(l.inner_text().await?),
        "innerHTML" => text(l.inner_html().await?),
        "ariaSnapshot" => text(l.aria_snapshot().await?),
        "inputValue" => text(l.input_value().await?),
        "getAttribute" => json!(l.get_attribute(&r.arg::<String>(0, "name")?).await?),
        "count" => json!(l.count().await?),
        "isVisible" => json!(l.is_visible().await?),
        "isHidden" => json!(l.is_hidden().await?),
        "isEnabled" => json!(l.is_enabled().await?),
        "isDisabled" => json!(l.is_disabled().await?),
        "isChecked" => json!(l.is_checked().await?),
        "isEditable" => json!(l.is_editable().await?),
        op => return Err(Failure::type_error(format!("locator.{op} is not supported"))),
    };
    Ok(value)
}

async fn context_op(session: &Session, r: &Request) -> Result<Value, Failure> {
    let context = session.context_by_id(r.context).await?;
    Ok(match r.op.as_str() {
        "close" if r.context == 0 => {
            return Err(Failure::from(
                "the scenario's own context closes when the scenario ends; close the ones from browser.newContext()",
            ))
        }
        "close" => {
            context.close().await?;
            session.context_closed(r.context);
            Value::Null
        }
        "storageState" => {
            let state = context.storage_state().await?;
            if let Some(path) = r.arg::<Option<String>>(0, "path")? {
                let text = serde_json::to_string_pretty(&state).unwrap_or_default();
                super::files::write_in_project("context.storageState", &path, text.as_bytes())?;
            }
            json!(state)
        }
        "cookies" => {
            let urls: Vec<String> = r.arg::<Option<Vec<String>>>(0, "urls")?.unwrap_or_default();
            let urls: Vec<&str> = urls.iter().map(String::as_str).collect();
            json!(context.cookies(&urls).await?)
        }
        "addCookies" => {
            let cookies: Vec<Value> = r.arg(0, "cookies")?;
            let cookies = cookies.into_iter().map(cookie).collect::<Result<Vec<_>, _>>()?;
            context.add_cookies(&cookies).await.map(|_| Value::Null)?
        }
        "clearCookies" => {
            // Playwright's optional filter `{ name, domain, path }`.
            let filter: Option<CookieFilter> = r.arg(0, "filter")?;
            match filter {
                Some(f) if f.name.is_some() || f.domain.is_some() || f.path.is_some() => {
                    json!(context.delete_cookies(f.name.as_deref(), f.domain.as_deref(), f.path.as_deref()).await?)
                }
                _ => context.clear_cookies().await.map(|_| Value::Null)?,
            }
        }
        "clearPermissions" => context.clear_permissions().await.map(|_| Value::Null)?,
        "grantPermissions" => {
            let permissions: Vec<String> = r.arg(0, "permissions")?;
            let permissions: Vec<&str> = permissions.iter().map(String::as_str).collect();
            let origin: Option<String> = r.arg(1, "origin")?;
            context.grant_permissions(&permissions, origin.as_deref()).await.map(|_| Value::Null)?
        }
        "setGeolocation" => {
            let (latitude, longitude): (f64, f64) = (r.arg(0, "latitude")?, r.arg(1, "longitude")?);
            context.set_geolocation(latitude, longitude).await.map(|_| Value::Null)?
        }
        "setOffline" => context.set_offline(r.arg(0, "offline")?).await.map(|_| Value::Null)?,
        "setExtraHTTPHeaders" => {
            let headers: std::collections::BTreeMap<String, String> = r.arg(0, "headers")?;
            let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            context.set_extra_http_headers(&headers).await.map(|_| Value::Null)?
        }
        "addInitScript" => context.add_init_script(&r.arg::<String>(0, "script")?).await.map(|_| Value::Null)?,
        "setViewport" => {
            context.set_viewport(r.arg(0, "width")?, r.arg(1, "height")?);
            Value::Null
        }
        "newPage" => json!(session.add_page(context.new_page().await?)),
        "tracingStart" => {
            let options: Option<TracingOptions> = r.arg(0, "options")?;
            let options = options.unwrap_or_default();
            let start = ferridriver_browser::TracingStart {
                title: options.title,
                snapshots: options.snapshots.unwrap_or(false),
                screenshots: options.screenshots.unwrap_or(false),
            };
            context.tracing_start(start).await.map(|_| Value::Null)?
        }
        "tracingStartChunk" => context.tracing_start_chunk().map(|_| Value::Null)?,
        "tracingGroup" => context.tracing_group(Some(&r.arg::<String>(0, "name")?)).map(|_| Value::Null)?,
        "tracingGroupEnd" => context.tracing_group(None).map(|_| Value::Null)?,
        "tracingStop" | "tracingStopChunk" => {
            let what = if r.op == "tracingStop" { "tracing.stop" } else { "tracing.stopChunk" };
            let path = match r.arg::<Option<String>>(0, "path")? {
                Some(path) => Some(super::files::project_target(what, &path)?),
                None => None,
            };
            match r.op.as_str() {
                "tracingStop" => context.tracing_stop(path.as_deref()).await,
                _ => context.tracing_stop_chunk(path.as_deref()).await,
            }
            .map(|_| Value::Null)?
        }
        op => return Err(Failure::type_error(format!("context.{op} is not supported"))),
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

async fn request_op(session: &Session, r: &Request) -> Result<Value, Failure> {
    let method: String = r.arg(0, "method")?;
    let url = session.resolve(&r.arg::<String>(1, "url")?)?;
    #[derive(Deserialize, Default)]
    struct Options {
        #[serde(default)]
        headers: std::collections::BTreeMap<String, String>,
        #[serde(default)]
        data: Option<String>,
    }
    let options: Option<Options> = r.arg(2, "options")?;
    let options = options.unwrap_or_default();
    let check = session
        .net()
        .admit(r.running, &url)
        .map_err(|refusal| Failure { name: refusal.name, message: refusal.message })?;
    let options = RequestOptions {
        headers: options.headers.into_iter().collect(),
        data: options.data,
        redirect_check: check.map(RedirectCheck),
    };
    let response =
        session.context_by_id(r.context).await?.request().fetch(&method.to_uppercase(), &url, options).await?;
    Ok(json!({
        "status": response.status,
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

/// One file of `locator.setInputFiles`, read by the JS side (base64).
#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct InputFilePayload {
    name: String,
    mime_type: String,
    buffer: String,
}
