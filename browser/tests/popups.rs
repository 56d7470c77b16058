//! Pages that pages open (`target=_blank` links, `window.open`) in real Chromium: announced to
//! their opener once they have a document, with their context's settings in place before
//! their first script runs, its `file:` gate before their first request, and closed by a
//! context reset.

mod support;

use ferridriver_browser::{file_roots_gate, ContextOptions, Page, PageEvent};
use std::time::Duration;

const PAGES: &[(&str, &str)] = &[
    (
        "/",
        r#"<!DOCTYPE html><title>Opener</title>
<a id=tab href="/popup" target=_blank>new tab</a>
<button id=open onclick="window.open('/popup?scripted')">open</button>"#,
    ),
    // What the popup saw while its first document ran: its settings were there before it.
    (
        "/popup",
        r#"<!DOCTYPE html><title>Popup</title><script>
document.title = [innerWidth, matchMedia('(prefers-color-scheme: dark)').matches, window.__init].join(' ');
</script>"#,
    ),
    ("/popup?scripted", r#"<!DOCTYPE html><title>Scripted</title>"#),
];

/// The next popup `opener` announces (fails after ten seconds).
async fn next_popup(opener: &Page, events: &mut tokio::sync::broadcast::Receiver<PageEvent>) -> (Page, String) {
    tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            if let Ok(PageEvent::Popup { target, url }) = events.recv().await {
                return (opener.take_popup(&target).expect("the announced popup"), url);
            }
        }
    })
    .await
    .expect("a popup is announced")
}

/// The page targets of `context` the browser has open.
async fn open_targets(browser: &ferridriver_browser::Browser, context: &str) -> usize {
    let targets = browser.connection().call_raw("Target.getTargets", serde_json::json!({}), None).await.unwrap();
    targets["targetInfos"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["type"] == "page" && t["browserContextId"] == context)
        .count()
}

/// The browser context of the page showing `url`.
async fn context_of(browser: &ferridriver_browser::Browser, url: &str) -> String {
    let targets = browser.connection().call_raw("Target.getTargets", serde_json::json!({}), None).await.unwrap();
    let found = targets["targetInfos"].as_array().unwrap().iter().find(|t| t["url"] == url).expect("the page's target");
    found["browserContextId"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "current_thread")]
async fn popups_are_announced_with_their_contexts_settings_and_closed_by_a_reset() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let browser = ferridriver_browser::Browser::launch(&ferridriver_browser::LaunchOptions::default()).await.unwrap();
    let options = ContextOptions::from_json(serde_json::json!({
        "viewport": { "width": 640, "height": 480 },
        "colorScheme": "dark",
    }))
    .unwrap();
    let context = browser.new_context_with(&options).await.unwrap();
    context.add_init_script("window.__init = 'init'").await.unwrap();
    let page = context.new_page().await.unwrap();
    page.goto(&format!("{base}/")).await.unwrap();
    let mut events = page.events();

    // A link with target=_blank (no opener access, as Chromium makes it by default).
    page.locator("#tab").click().await.unwrap();
    let (popup, url) = next_popup(&page, &mut events).await;
    assert_eq!(url, format!("{base}/popup"), "announced once its document committed");
    popup.wait_for_load_state("load").await.unwrap();
    assert_eq!(popup.title().await.unwrap(), "640 true init", "settings before its first script");

    // A page's own window.open.
    // The opener stays a page that paints (its actions wait for frames) behind its popup.
    let painted = page.evaluate("new Promise(r => requestAnimationFrame(() => r(document.visibilityState)))");
    assert_eq!(painted.await.unwrap(), "visible");
    page.locator("#open").click().await.unwrap();
    let (scripted, url) = next_popup(&page, &mut events).await;
    assert_eq!(url, format!("{base}/popup?scripted"));
    scripted.wait_for_load_state("load").await.unwrap();
    assert_eq!(scripted.title().await.unwrap(), "Scripted");

    // A reset keeps one page: the popups go with the scenario.
    let id = context_of(&browser, &format!("{base}/")).await;
    assert_eq!(open_targets(&browser, &id).await, 3);
    context.reset(&page, &options).await.unwrap();
    assert_eq!(open_targets(&browser, &id).await, 1, "a reset closes the popups");
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_popup_meets_the_file_gate_before_its_first_request() {
    if !support::browser_available() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("ferridriver-popup-gate-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let allowed = dir.join("allowed");
    std::fs::create_dir_all(&allowed).unwrap();
    let secret = dir.join("secret.html");
    std::fs::write(&secret, "<title>secret</title>the secret").unwrap();
    let opener = allowed.join("index.html");
    let secret_url = format!("file://{}", secret.display());
    std::fs::write(&opener, format!("<button id=open onclick=\"window.open('{secret_url}')\">open</button>")).unwrap();

    let browser = ferridriver_browser::Browser::launch(&ferridriver_browser::LaunchOptions::default()).await.unwrap();
    let context = browser.new_context().await.unwrap();
    context.gate_file_urls(file_roots_gate(vec![allowed.clone()])).await.unwrap();
    let page = context.new_page().await.unwrap();
    page.goto(&format!("file://{}", opener.display())).await.unwrap();
    let mut events = page.events();
    page.locator("#open").click().await.unwrap();
    let (popup, _) = next_popup(&page, &mut events).await;
    let text = popup.evaluate("String(document.documentElement && document.documentElement.innerText)").await.unwrap();
    assert!(!text.to_string().contains("the secret"), "the gate held before the popup loaded: {text}");
    browser.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
