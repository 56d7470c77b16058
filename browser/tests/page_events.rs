//! Page events in real Chromium: console messages, uncaught errors, network requests and
//! responses with bodies, load states, navigations, and dialogs answered by the test.

mod support;

use ferridriver_browser::PageEvent;
use std::time::Duration;
use tokio::sync::broadcast;

const PAGES: &[(&str, &str)] = &[
    (
        "/events",
        r#"<!DOCTYPE html><title>Events</title>
<button id=load onclick="fetch('/data', {method: 'POST', body: 'q=1'}).then(r => r.text()).then(t => document.getElementById('out').textContent = t)">Load</button>
<button id=ask onclick="document.getElementById('out').textContent = 'name: ' + prompt('Your name?', 'nobody')">Ask</button>
<button id=boom onclick="setTimeout(() => { throw new Error('kaboom') })">Boom</button>
<p id=out></p>
<script>console.log('hello', 42); console.warn('careful')</script>"#,
    ),
    ("/data", "the data"),
];

/// Collects events until `wanted` says stop (or two seconds pass).
async fn collect(
    events: &mut broadcast::Receiver<PageEvent>,
    mut wanted: impl FnMut(&PageEvent) -> bool,
) -> Vec<PageEvent> {
    let mut seen = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        while let Ok(e) = events.recv().await {
            let last = wanted(&e);
            seen.push(e);
            if last {
                break;
            }
        }
    })
    .await;
    seen
}

#[tokio::test(flavor = "current_thread")]
async fn page_events_report_console_errors_network_and_dialogs() {
    // Subscribed before the fixture page loads: its own events are checked first.
    let Some((browser, page, base)) = support::open_at(PAGES, "/").await else { return };
    let mut events = page.events();
    page.watch_network().await.unwrap();
    page.goto(&format!("{base}/events")).await.unwrap();
    let seen = collect(&mut events, |e| *e == PageEvent::Load).await;
    let console = |kind: &str, text: &str| {
        seen.iter().find_map(|e| match e {
            PageEvent::Console { kind: k, text: t, location, .. } if k == kind && t == text => Some(location.clone()),
            _ => None,
        })
    };
    // Both calls are on line 6 (0-based 5) of the page, the warning further right.
    let log = console("log", "hello 42").unwrap_or_else(|| panic!("{seen:?}"));
    let warning = console("warning", "careful").unwrap_or_else(|| panic!("{seen:?}"));
    assert_eq!((log["url"].as_str(), log["lineNumber"].as_u64()), (Some(format!("{base}/events").as_str()), Some(5)));
    assert!(warning["columnNumber"].as_u64() > log["columnNumber"].as_u64(), "{log} {warning}");
    assert!(seen.contains(&PageEvent::FrameNavigated { url: format!("{base}/events") }), "{seen:?}");
    assert!(seen.contains(&PageEvent::DomContentLoaded), "{seen:?}");
    let document = seen.iter().find_map(|e| match e {
        PageEvent::Request { url, is_navigation, resource_type, .. } if url.ends_with("/events") => {
            Some((*is_navigation, resource_type.clone()))
        }
        _ => None,
    });
    assert_eq!(document, Some((true, "document".to_string())), "{seen:?}");

    // A fetch: its request (method, body), response (status) and body.
    page.locator("#load").click().await.unwrap();
    let mut data_id = None;
    let seen = collect(&mut events, |e| match e {
        PageEvent::Request { id, url, .. } if url.ends_with("/data") => {
            data_id = Some(id.clone());
            false
        }
        PageEvent::RequestFinished { id, .. } => data_id.as_ref() == Some(id),
        _ => false,
    })
    .await;
    let (id, method, post) = seen
        .iter()
        .find_map(|e| match e {
            PageEvent::Request { id, url, method, post_data, .. } if url.ends_with("/data") => {
                Some((id.clone(), method.clone(), post_data.clone()))
            }
            _ => None,
        })
        .expect("the fetch is reported");
    assert_eq!((method.as_str(), post.as_deref()), ("POST", Some("q=1")));
    let time = |finished: bool| {
        seen.iter().find_map(|e| match e {
            PageEvent::Request { id: rid, timestamp, .. } if *rid == id && !finished => Some(*timestamp),
            PageEvent::RequestFinished { id: rid, timestamp } if *rid == id && finished => Some(*timestamp),
            _ => None,
        })
    };
    let (sent, done) = (time(false).unwrap(), time(true).unwrap());
    assert!(sent > 0.0 && done >= sent, "the browser's times, in order: {sent} {done}");
    let status = seen.iter().find_map(|e| match e {
        PageEvent::Response { id: rid, status, .. } if *rid == id => Some(*status),
        _ => None,
    });
    assert_eq!(status, Some(200));
    assert_eq!(page.response_body(&id).await.unwrap(), b"the data");

    // An uncaught error.
    page.locator("#boom").click().await.unwrap();
    let seen = collect(&mut events, |e| matches!(e, PageEvent::PageError { .. })).await;
    let error = seen.iter().find_map(|e| match e {
        PageEvent::PageError { message } => Some(message.clone()),
        _ => None,
    });
    assert!(error.as_deref().is_some_and(|m| m.contains("kaboom")), "{seen:?}");

    // A prompt answered by the test instead of the default dismissal.
    page.set_manual_dialogs(true);
    let clicking = page.clone();
    let click = tokio::spawn(async move { clicking.locator("#ask").click().await });
    let seen = collect(&mut events, |e| matches!(e, PageEvent::Dialog { .. })).await;
    let dialog = seen.iter().find(|e| matches!(e, PageEvent::Dialog { .. })).cloned();
    assert_eq!(
        dialog,
        Some(PageEvent::Dialog { kind: "prompt".into(), message: "Your name?".into(), default_value: "nobody".into() })
    );
    page.accept_dialog(Some("Ada")).await.unwrap();
    click.await.unwrap().unwrap();
    assert_eq!(page.locator("#out").text_content().await.unwrap(), "name: Ada");

    // Back to the default: dismissed at once, so the prompt answers null.
    page.set_manual_dialogs(false);
    page.locator("#ask").click().await.unwrap();
    assert_eq!(page.locator("#out").text_content().await.unwrap(), "name: null");
    browser.close().await;
}

const ROUTED: &[(&str, &str)] = &[
    (
        "/route",
        r#"<!DOCTYPE html><title>Routes</title>
<button id=get onclick="fetch('/data').then(r => document.getElementById('out').textContent = r.status + ' ' + r.headers.get('x-mock'))">Get</button>
<button id=text onclick="fetch('/data').then(r => r.text()).then(t => document.getElementById('out').textContent = t, () => document.getElementById('out').textContent = 'failed')">Text</button>
<p id=out></p>"#,
    ),
    ("/data", "the data"),
    ("/other", "other data"),
];

/// What the responder does with requests for `/data`.
#[derive(Clone)]
enum Answer {
    Fulfill,
    Abort,
    Redirect(String),
}

#[tokio::test(flavor = "current_thread")]
async fn routes_fulfil_abort_and_continue_requests() {
    use ferridriver_browser::{RouteOverrides, RouteResponse};
    use std::sync::{Arc, Mutex};
    let Some((browser, page, base)) = support::open_at(ROUTED, "/route").await else { return };
    let answer = Arc::new(Mutex::new(Answer::Fulfill));
    let mut events = page.events();
    page.set_routing(true).await.unwrap();
    let (responder_page, responder_answer) = (page.clone(), Arc::clone(&answer));
    // Answers every paused request: `/data` as told, anything else goes on unchanged.
    tokio::spawn(async move {
        while let Ok(event) = events.recv().await {
            let PageEvent::Route { id, url, .. } = event else { continue };
            let answer = responder_answer.lock().unwrap().clone();
            let page = &responder_page;
            let _ = match answer {
                _ if !url.ends_with("/data") => page.continue_route(&id, &RouteOverrides::default()).await,
                Answer::Fulfill => {
                    let response = RouteResponse {
                        status: 201,
                        headers: vec![("x-mock".into(), "yes".into()), ("content-type".into(), "text/plain".into())],
                        body: b"mocked".to_vec(),
                    };
                    page.fulfill_route(&id, &response).await
                }
                Answer::Abort => page.abort_route(&id, "connectionrefused").await,
                Answer::Redirect(to) => {
                    page.continue_route(&id, &RouteOverrides { url: Some(to), ..Default::default() }).await
                }
            };
        }
    });
    let out = page.locator("#out");
    page.locator("#get").click().await.unwrap();
    ferridriver_browser::expect(&out).to_have_text("201 yes").await.unwrap();
    page.locator("#text").click().await.unwrap();
    ferridriver_browser::expect(&out).to_have_text("mocked").await.unwrap();
    *answer.lock().unwrap() = Answer::Abort;
    page.locator("#text").click().await.unwrap();
    ferridriver_browser::expect(&out).to_have_text("failed").await.unwrap();
    *answer.lock().unwrap() = Answer::Redirect(format!("{base}/other"));
    page.locator("#text").click().await.unwrap();
    ferridriver_browser::expect(&out).to_have_text("other data").await.unwrap();
    let err = page.abort_route("no-such-request", "nonsense").await.unwrap_err().to_string();
    assert!(err.contains("unknown error code 'nonsense'") && err.contains("hint"), "{err}");
    // Routing off: the real server answers again.
    page.set_routing(false).await.unwrap();
    page.locator("#text").click().await.unwrap();
    ferridriver_browser::expect(&out).to_have_text("the data").await.unwrap();
    browser.close().await;
}

const DOWNLOADS: &[(&str, &str)] = &[
    ("/files", r#"<!DOCTYPE html><title>Files</title><a href="/report.txt" download="report.txt">Get the report</a>"#),
    ("/report.txt", "the report"),
];

#[tokio::test(flavor = "current_thread")]
async fn downloads_land_in_the_contexts_own_directory() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(DOWNLOADS);
    let browser = ferridriver_browser::Browser::launch(&ferridriver_browser::LaunchOptions::default()).await.unwrap();
    let context = browser.new_context().await.unwrap();
    let page = context.new_page().await.unwrap();
    page.goto(&format!("{base}/files")).await.unwrap();
    let dir = context.accept_downloads().await.unwrap();
    let mut events = page.events();
    page.get_by_text("Get the report").click().await.unwrap();
    let seen = collect(&mut events, |e| matches!(e, PageEvent::DownloadFinished { .. })).await;
    let (guid, name) = seen
        .iter()
        .find_map(|e| match e {
            PageEvent::Download { guid, suggested_filename, url } => {
                assert!(url.ends_with("/report.txt"), "{url}");
                Some((guid.clone(), suggested_filename.clone()))
            }
            _ => None,
        })
        .expect("the download is reported");
    assert_eq!(name, "report.txt");
    assert!(seen.contains(&PageEvent::DownloadFinished { guid: guid.clone(), state: "completed".into() }), "{seen:?}");
    assert_eq!(std::fs::read_to_string(dir.join(&guid)).unwrap(), "the report");
    context.close().await.unwrap();
    assert!(!dir.exists(), "the downloads go with their context");
    browser.close().await;
}

const WEBGL: &[(&str, &str)] = &[(
    "/webgl",
    r#"<!DOCTYPE html><title>WebGL</title><canvas id=c width=4 height=4></canvas>
<script>
const gl = document.getElementById('c').getContext('webgl');
let pixel = 'no context';
if (gl) {
  gl.clearColor(1, 0, 0, 1);
  gl.clear(gl.COLOR_BUFFER_BIT);
  const out = new Uint8Array(4);
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, out);
  pixel = Array.from(out).join(',');
}
document.title = pixel;
</script>"#,
)];

/// A headless Chromium without a GPU draws WebGL in software (SwiftShader). Chromium only
/// does so for a browser that opted in: without the switch it warns that the automatic
/// fallback is deprecated, and a later version turns WebGL off, which a three.js page then
/// reports as its own failure. Playwright opts in for the same reason.
#[tokio::test(flavor = "current_thread")]
async fn webgl_draws_in_software_without_the_deprecated_fallback() {
    let Some((browser, page, base)) = support::open_at(WEBGL, "/").await else { return };
    let mut events = page.events();
    page.goto(&format!("{base}/webgl")).await.unwrap();
    let seen = collect(&mut events, |e| *e == PageEvent::Load).await;
    assert_eq!(page.evaluate("document.title").await.unwrap(), "255,0,0,255");
    // The deprecation warning comes when the context is made; give it a moment to arrive.
    let mut later = collect(&mut events, |_| false).await;
    later.extend(seen);
    let warned = later
        .iter()
        .any(|e| matches!(e, PageEvent::Console { text, .. } if text.contains("fallback to software WebGL")));
    assert!(!warned, "{later:?}");
    browser.close().await;
}
