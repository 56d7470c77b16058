//! A page that stops answering (its main thread in an endless loop) while an action or a
//! web-first assertion waits on it: the wait ends at its own deadline with its own message, not
//! when the protocol's 30 s command limit runs out with a message about `Runtime.callFunctionOn`.

mod support;

use ferridriver_browser::expect;
use std::time::Duration;

// Hangs 100 ms after it has loaded, so `goto` returns first.
const PAGES: &[(&str, &str)] = &[(
    "/hang",
    "<!DOCTYPE html><title>Hang</title><p>soon busy</p>\
     <script>addEventListener('load', () => setTimeout(() => { for (;;) {} }, 100));</script>",
)];

#[tokio::test(flavor = "current_thread")]
async fn an_action_and_an_assertion_end_at_their_own_deadline_on_a_page_that_stopped_answering() {
    let Some((browser, page, _)) = support::open_at(PAGES, "/hang").await else { return };
    let missing = page.locator("#nothing").with_timeout(Duration::from_millis(1500));
    let error = missing.click().await.expect_err("nothing to click").to_string();
    assert!(
        error.contains("#nothing") && error.contains("to click") && error.contains("1500"),
        "the action's own time-out: {error}"
    );
    assert!(!error.contains("Runtime."), "not the protocol's inner wait: {error}");

    let failed = expect(&missing).timeout(Duration::from_millis(1500)).to_be_visible().await.expect_err("not visible");
    let message = failed.to_string();
    assert!(message.contains("Timeout: 1500ms") && message.contains("Error: element(s) not found"), "{message}");
    assert!(!message.contains("Runtime."), "{message}");

    let mut waiting = page.clone();
    waiting.timeout = Duration::from_millis(1500);
    let error = waiting.wait_for_url("**/never").await.expect_err("never there").to_string();
    assert!(error.contains("URL") && error.contains("1500"), "the wait's own time-out: {error}");
    assert!(!error.contains("Page.getNavigationHistory"), "not the protocol's inner wait: {error}");
    browser.close().await;
}

/// A command the page never answers (a promise that never settles) when the page closes under
/// it: it fails as soon as the page's session is gone, instead of holding its caller for the
/// protocol's 30 s limit (a trace waiting for its last snapshot used to stall so).
#[tokio::test(flavor = "current_thread")]
async fn a_command_left_unanswered_by_a_page_that_closes_fails_at_once() {
    let Some((browser, page, _)) = support::open_at(PAGES, "/hang").await else { return };
    let mut other = page.clone();
    let started = std::time::Instant::now();
    let (answer, _) = tokio::join!(page.evaluate("new Promise(() => {})"), async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let _ = other.close().await;
    });
    let error = answer.expect_err("the page closed before it answered").to_string();
    assert!(started.elapsed() < Duration::from_secs(10), "failed when the page closed: {:?}", started.elapsed());
    assert!(error.contains("closed"), "{error}");
    browser.close().await;
}
