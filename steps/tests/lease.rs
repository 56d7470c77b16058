//! A session's browser lease on a real Chromium: one page for callers at the same time, the
//! `file:` gate on every context it opens, and nothing usable after it was given back.

use ferridriver_browser::{file_roots_gate, ContextOptions};
use ferridriver_steps::lease::{BrowserLease, BrowserSource, WorkerBrowser};
use std::path::PathBuf;
use std::sync::Arc;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime")
}

fn local() -> Arc<dyn BrowserSource> {
    Arc::new(WorkerBrowser::new(Arc::default()))
}

/// A fresh directory under the system's temporary one.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fd-lease-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

#[test]
fn callers_at_the_same_time_get_one_page_and_nothing_after_the_end() {
    runtime().block_on(async {
        let lease = BrowserLease::new(local());
        assert!(lease.current().is_none(), "nothing opens before it is asked for");
        let (a, b) = tokio::join!(lease.page(), lease.page());
        let (a, b) = (a.expect("a page"), b.expect("a page"));
        a.evaluate("window.marker = 42").await.expect("evaluate");
        assert_eq!(b.evaluate("window.marker").await.expect("evaluate"), serde_json::json!(42), "one page");
        lease.end().await;
        assert!(lease.current().is_none());
        let after = lease.page().await.err().expect("the lease was given back");
        assert!(after.contains("given back"), "{after}");
        let context = lease.new_context(&ContextOptions::default()).await.err().expect("no new contexts either");
        assert!(context.contains("given back"), "{context}");
        lease.end().await;
    });
}

#[test]
fn a_gated_lease_holds_the_scenario_page_and_every_extra_context_to_its_gate() {
    let allowed = scratch("allowed");
    let outside = scratch("outside");
    std::fs::write(outside.join("secret.html"), "<p>SECRET-4711</p>").unwrap();
    let secret = format!("file://{}", outside.join("secret.html").display());
    std::fs::write(allowed.join("mine.html"), format!("<title>Mine</title><a href=\"{secret}\">go</a>")).unwrap();
    let mine = format!("file://{}", allowed.join("mine.html").display());
    runtime().block_on(async {
        let lease = BrowserLease::gated(local(), file_roots_gate(vec![allowed.clone()]));
        let page = lease.page().await.expect("a page");
        page.goto(&mine).await.expect("a file below the root opens");
        assert_eq!(page.title().await.unwrap(), "Mine");
        // A click is not checked by anyone but the page's own gate.
        page.locator("a").click().await.expect("click");
        // The gate says so among the page's console errors when it refuses the request.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let mut refused = Vec::new();
        while refused.is_empty() && std::time::Instant::now() < deadline {
            refused = page.take_console_errors().into_iter().filter(|e| e.contains("refused")).collect();
            tokio::task::yield_now().await;
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        assert!(!refused.is_empty(), "the click's request was not refused");
        let html = page.content().await.unwrap();
        assert!(!html.contains("SECRET-4711"), "a click reached a file outside the root");
        let extra = lease.new_context(&ContextOptions::default()).await.expect("an extra context");
        let other = extra.new_page().await.expect("a page in it");
        let _ = other.goto(&secret).await;
        let shown = other.evaluate("document.documentElement ? document.documentElement.outerHTML : ''").await.unwrap();
        assert!(!shown.to_string().contains("SECRET-4711"), "an extra context was not gated");
        lease.end().await;
    });
    let _ = std::fs::remove_dir_all(allowed);
    let _ = std::fs::remove_dir_all(outside);
}
