//! Isolation by reset at the browser layer (the runner's `--isolation reset` is tested through
//! the binary in tests/isolation_reset.rs): a context dirtied by a page (cookies, local and
//! session storage, an extra page, a pushed history entry) is clean after `reset`, twice in a
//! row. CI runs this under the fault-injecting transport too.

mod support;

use ferridriver_browser::{Browser, ContextOptions, LaunchOptions};

const DIRTY: &str = "<title>dirty</title><script>document.cookie = 'seen=yes; path=/'; \
    localStorage.setItem('kept', 'yes'); sessionStorage.setItem('tab', 'yes'); \
    history.pushState({}, '', '/dirty/pushed');</script>";

static PAGES: &[(&str, &str)] = &[("/dirty", DIRTY), ("/clean", "<title>clean</title>")];

#[tokio::test(flavor = "current_thread")]
async fn a_reset_context_keeps_nothing_a_scenario_left() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let browser = Browser::launch(&LaunchOptions::default()).await.expect("chromium launches");
    let options = ContextOptions::default();
    let context = browser.new_context_with(&options).await.unwrap();
    let page = context.new_page().await.unwrap();
    for round in 0..2 {
        page.goto(&format!("{base}/dirty")).await.unwrap();
        let extra = context.new_page().await.unwrap();
        extra.goto(&format!("{base}/clean")).await.unwrap();
        assert_eq!(page.url().await.unwrap(), format!("{base}/dirty/pushed"));
        assert_eq!(context.cookies(&[]).await.unwrap().len(), 1, "round {round}: the page set a cookie");

        context.reset(&page, &options).await.unwrap();

        assert_eq!(page.url().await.unwrap(), "about:blank", "round {round}");
        assert!(context.cookies(&[]).await.unwrap().is_empty(), "round {round}: cookies cleared");
        assert!(extra.evaluate("1").await.is_err(), "round {round}: the extra page is closed");
        page.goto(&format!("{base}/clean")).await.unwrap();
        let storage = page.evaluate("[localStorage.length, sessionStorage.length, history.length]").await.unwrap();
        assert_eq!(storage, serde_json::json!([0, 0, 2]), "round {round}: storage and history are fresh");
    }
    browser.close().await;
}
