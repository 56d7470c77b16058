//! Navigation semantics against pages that behave like real sites, in real Chromium: redirect
//! chains, pages that send the browser elsewhere while they load (script, `location.replace`,
//! meta refresh), same-document navigations, 204s, downloads, refused connections, slow
//! resources under each `waitUntil`, iframes that load on their own, navigations the page
//! aborts (`window.stop`), and the history.

mod support;

use ferridriver_browser::{Browser, BrowserError, LaunchOptions, NavigateOptions, Page, WaitUntil};
use std::time::{Duration, Instant};

const OK: &str = "<title>Landed</title><h1>Landed</h1>";

static PAGES: &[(&str, &str)] = &[
    ("/ok", OK),
    // Where the form submits (a GET with no fields).
    ("/ok?", OK),
    ("/hop1", "<title>hop</title>"),
    ("/script-away", "<title>away</title><script>location.href = '/ok'</script>"),
    ("/replace", "<title>replace</title><script>location.replace('/ok')</script>"),
    ("/onload-away", "<title>onload</title><script>addEventListener('load', () => { location.href = '/ok' })</script>"),
    ("/refresh", "<meta http-equiv=\"refresh\" content=\"0;url=/ok\"><title>refresh</title>"),
    ("/refresh-soon", "<meta http-equiv=\"refresh\" content=\"1;url=/ok\"><title>refresh soon</title>"),
    ("/refresh-later", "<meta http-equiv=\"refresh\" content=\"30;url=/ok\"><title>refresh later</title>"),
    ("/slow", "<title>slow</title><p>text</p><img src=\"/__slow?ms=1500\">"),
    (
        "/late-away",
        "<title>late</title><img src=\"/__slow?ms=3000\"><script>setTimeout(() => { location.href = '/ok' }, 100)</script>",
    ),
    ("/framed", "<title>framed</title><iframe src=\"/ok\"></iframe><img src=\"/__slow?ms=1500\">"),
    ("/form", "<title>form</title><form action=\"/ok\"><button>Go</button></form>"),
    ("/search", "<title>search</title><form action=\"/ok\"><input name=\"q\" aria-label=\"Query\"></form>"),
    ("/ok?q=tea", OK),
    // The document stops its own loading (window.stop) while a slow image holds `load`.
    ("/stopped", "<title>stopped</title><img src=\"/__slow?ms=5000\"><script>window.stop()</script>"),
    (
        "/away-then-stop",
        "<title>away then stop</title><script>location.href = '/__slow?ms=4000'; setTimeout(() => window.stop(), 300)</script>",
    ),
    // A link to a page that takes its time, and a click that stops the navigation it started.
    (
        "/stop-click",
        "<title>stop click</title><a id=\"go\" href=\"/__slow?ms=4000\" onclick=\"setTimeout(() => window.stop(), 200)\">go</a>",
    ),
];

async fn page() -> Option<(Browser, Page, String)> {
    if !support::browser_available() {
        return None;
    }
    let base = support::serve(PAGES);
    let browser = Browser::launch(&LaunchOptions::default()).await.expect("chromium launches");
    let page = browser.new_context().await.unwrap().new_page().await.unwrap();
    page.watch_network().await.unwrap();
    Some((browser, page, base))
}

fn with(wait_until: WaitUntil) -> NavigateOptions {
    NavigateOptions { wait_until, timeout: Some(Duration::from_secs(10)) }
}

#[tokio::test(flavor = "current_thread")]
async fn redirects_and_pages_that_send_you_elsewhere_end_on_the_final_document() {
    let Some((browser, page, base)) = page().await else { return };
    // A server redirect chain: the response is the final document's.
    let response =
        page.goto_with(&format!("{base}/__redirect?to=/__redirect?to=/ok"), with(WaitUntil::Load)).await.unwrap();
    let response = response.expect("the main response");
    assert_eq!((response.status, response.url.as_str()), (200, format!("{base}/ok").as_str()));
    assert_eq!(response.headers.get("x-served-by").map(String::as_str), Some("fixture"));

    // A refresh in a second is followed too (the document's stop, which comes after its load,
    // used to end the wait on it).
    for path in ["/script-away", "/replace", "/refresh", "/refresh-soon", "/onload-away"] {
        let started = Instant::now();
        let response = page.goto_with(&format!("{base}{path}"), with(WaitUntil::Load)).await.unwrap().unwrap();
        assert_eq!(page.title().await.unwrap(), "Landed", "{path} ends on the page it sends you to");
        assert_eq!(response.url, format!("{base}/ok"), "{path}: the response of the final document");
        assert!(started.elapsed() < Duration::from_secs(5), "{path} took {:?}", started.elapsed());
    }
    // A refresh far in the future: the page has loaded; goto does not wait for it.
    let started = Instant::now();
    page.goto(&format!("{base}/refresh-later")).await.unwrap();
    assert_eq!(page.title().await.unwrap(), "refresh later");
    assert!(started.elapsed() < Duration::from_secs(2));
    // Replaced by another navigation before it loaded: the replacement's load counts.
    let started = Instant::now();
    page.goto(&format!("{base}/late-away")).await.unwrap();
    assert_eq!(page.title().await.unwrap(), "Landed");
    assert!(started.elapsed() < Duration::from_secs(2), "did not wait for the abandoned page's slow image");
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn failures_say_what_happened_and_never_hang() {
    let Some((browser, page, base)) = page().await else { return };
    page.goto(&format!("{base}/ok")).await.unwrap();
    let started = Instant::now();
    let no_content = page.goto(&format!("{base}/__status?code=204")).await.unwrap_err();
    assert_eq!(no_content.to_string(), format!("net::ERR_ABORTED at {base}/__status?code=204"));
    let download = page.goto(&format!("{base}/__download")).await.unwrap_err();
    assert!(download.to_string().starts_with("net::ERR_ABORTED (the response is a download"), "{download}");
    assert_eq!(page.title().await.unwrap(), "Landed", "the page stays where it was");
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let refused = page.goto(&format!("http://127.0.0.1:{port}/")).await.unwrap_err();
    assert!(matches!(refused, BrowserError::Navigation { .. }));
    assert_eq!(refused.to_string(), format!("net::ERR_CONNECTION_REFUSED at http://127.0.0.1:{port}/"));
    assert!(started.elapsed() < Duration::from_secs(5));
    // A 404 is a response, not an error.
    let missing = page.goto_with(&format!("{base}/missing"), with(WaitUntil::Load)).await.unwrap().unwrap();
    assert_eq!(missing.status, 404);
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn aborted_navigations_resolve_or_fail_at_once() {
    let Some((browser, page, base)) = page().await else { return };
    // A page that stops its own loading has loaded: goto resolves without the slow image.
    let started = Instant::now();
    page.goto(&format!("{base}/stopped")).await.unwrap();
    assert_eq!(page.title().await.unwrap(), "stopped");
    page.wait_for_load_state("load").await.expect("a stopped document counts as loaded");
    assert!(started.elapsed() < Duration::from_secs(3), "waited {:?} for an aborted image", started.elapsed());
    // A page that sends the browser elsewhere and then stops that navigation before it
    // commits: goto ends on the page itself, loaded, rather than waiting for the abandoned one.
    let started = Instant::now();
    page.goto(&format!("{base}/away-then-stop")).await.unwrap();
    assert!(started.elapsed() < Duration::from_secs(3), "took {:?}", started.elapsed());
    assert_eq!(page.title().await.unwrap(), "away then stop");
    // A click whose navigation is stopped returns, and the page stays.
    page.goto(&format!("{base}/stop-click")).await.unwrap();
    let started = Instant::now();
    page.locator("#go").click().await.unwrap();
    assert!(started.elapsed() < Duration::from_secs(3), "the click waited {:?}", started.elapsed());
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(page.title().await.unwrap(), "stop click");
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn wait_until_picks_the_moment_and_only_the_main_frame_counts() {
    let Some((browser, page, base)) = page().await else { return };
    let slow = format!("{base}/slow");
    for (wait_until, at_least, at_most) in [
        (WaitUntil::Commit, 0, 1000),
        (WaitUntil::DomContentLoaded, 0, 1000),
        (WaitUntil::Load, 1400, 5000),
        (WaitUntil::NetworkIdle, 1800, 6000),
    ] {
        let started = Instant::now();
        page.goto_with(&slow, with(wait_until)).await.unwrap();
        let ms = started.elapsed().as_millis();
        assert!((at_least..at_most).contains(&ms), "{wait_until:?} resolved after {ms} ms");
    }
    // The iframe loads at once; the page's own load waits for its slow image, also on reload.
    page.goto(&format!("{base}/framed")).await.unwrap();
    let started = Instant::now();
    page.reload().await.unwrap();
    assert!(started.elapsed() >= Duration::from_millis(1400), "reload resolved at the iframe's load");
    // The load state of the current document, reached or awaited.
    page.wait_for_load_state("networkidle").await.unwrap();
    assert!(page.wait_for_load_state("sideways").await.is_err());
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn same_document_navigations_and_history_resolve_at_once() {
    let Some((browser, page, base)) = page().await else { return };
    page.goto(&format!("{base}/ok")).await.unwrap();
    let started = Instant::now();
    assert_eq!(page.goto_with(&format!("{base}/ok#part"), with(WaitUntil::Load)).await.unwrap(), None);
    page.evaluate("history.pushState({}, '', '/ok/pushed')").await.unwrap();
    assert_eq!(page.url().await.unwrap(), format!("{base}/ok/pushed"));
    assert!(page.go_back().await.unwrap(), "a same-document entry");
    assert_eq!(page.url().await.unwrap(), format!("{base}/ok#part"));
    assert!(started.elapsed() < Duration::from_secs(2), "no wait for a load that never comes");

    page.goto(&format!("{base}/form")).await.unwrap();
    let back = page.history_with(-1, with(WaitUntil::Load)).await.unwrap().expect("an entry");
    assert_eq!(back.as_ref().map(|r| r.status), Some(200), "{back:?}");
    assert_eq!(page.title().await.unwrap(), "Landed", "{back:?} {}", page.url().await.unwrap());
    assert!(page.go_forward().await.unwrap());
    assert_eq!(page.title().await.unwrap(), "form");
    assert!(!page.go_forward().await.unwrap(), "nowhere further");

    // An action that navigates returns once the new document is committed (as Playwright's),
    // then waiting for the URL waits for its load.
    page.locator("button").click().await.unwrap();
    assert_eq!(page.url().await.unwrap(), format!("{base}/ok?"), "the click waited for the navigation it started");
    page.wait_for_url(format!("{base}/ok?")).await.unwrap();
    assert_eq!(page.title().await.unwrap(), "Landed");
    // So does Enter in a field that submits its form.
    page.goto(&format!("{base}/search")).await.unwrap();
    page.get_by_label("Query").fill("tea").await.unwrap();
    page.get_by_label("Query").press("Enter").await.unwrap();
    assert_eq!(page.url().await.unwrap(), format!("{base}/ok?q=tea"), "Enter waited for the submission");
    browser.close().await;
}

/// The input's answer and the page's events reach us on different channels, so a click could
/// return before the event of the navigation it started arrives. Each click here must come back
/// on the submitted page (without the page round trip after the input, about one in six did not).
#[tokio::test(flavor = "current_thread")]
async fn a_click_that_submits_always_waits_for_its_navigation() {
    let Some((browser, page, base)) = support::open_at(PAGES, "/form").await else { return };
    for round in 0..30 {
        page.goto(&format!("{base}/form")).await.unwrap();
        page.locator("button").click().await.unwrap();
        assert_eq!(
            page.url().await.unwrap(),
            format!("{base}/ok?"),
            "round {round}: the click returned before its navigation"
        );
    }
    browser.close().await;
}

/// A fragment navigation is committed by the page's renderer; the browser may answer
/// `Page.navigate` before that (always when the renderer is busy, as on a loaded machine).
/// `goto` returns only once the page reports the new URL.
#[tokio::test(flavor = "current_thread")]
async fn a_fragment_goto_returns_once_the_page_reports_the_fragment() {
    let Some((browser, page, base)) = page().await else { return };
    for round in 0..5 {
        page.goto(&format!("{base}/ok")).await.unwrap();
        // Keep the renderer's main thread busy for a moment, as a loaded machine does.
        page.evaluate("setTimeout(() => { const t = Date.now(); while (Date.now() - t < 300) {} }, 0); 1")
            .await
            .unwrap();
        let target = format!("{base}/ok#section{round}");
        page.goto(&target).await.unwrap();
        assert_eq!(page.url().await.unwrap(), target, "round {round}: goto returned before the fragment was committed");
    }
    // The same fragment again is a navigation too, and returns at once.
    let started = Instant::now();
    page.goto(&format!("{base}/ok#section4")).await.unwrap();
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    browser.close().await;
}

/// A page that sends the browser to another site while it loads swaps its renderer; commands
/// that reach the page in between (reads of its URL, locator queries) are sent again once the
/// new document is there, so no caller ever sees the protocol's "Not attached to an active page".
#[tokio::test(flavor = "current_thread")]
async fn commands_during_a_cross_site_swap_reach_the_new_document() {
    let Some((browser, page, base)) = page().await else { return };
    let other_site = base.replace("127.0.0.1", "localhost");
    for round in 0..6 {
        page.goto(&format!("{base}/ok")).await.unwrap();
        // Leave by script, to the other site (another renderer), without waiting for it.
        page.evaluate(&format!("setTimeout(() => {{ location.href = '{other_site}/ok' }}, 0); 1")).await.unwrap();
        let started = Instant::now();
        let heading = page.locator("h1");
        while started.elapsed() < Duration::from_millis(400) {
            let (url, heading) = tokio::join!(page.url(), heading.text_content());
            for e in [url.err(), heading.err()].into_iter().flatten() {
                assert!(!e.to_string().contains("Not attached"), "round {round}: {e}");
            }
        }
        page.wait_for_url(format!("{other_site}/ok")).await.unwrap();
    }
    browser.close().await;
}
