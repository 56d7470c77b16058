//! Queries from the document run through the in-page helper kept in the main frame's document
//! context (named by the runtime's context events). These tests move the main frame between
//! documents in the ways that change that context — another site (another renderer, whose
//! context ids start again), the history, the back-forward cache (a browser without our
//! launch switches keeps it on), new content — and check that every query reads the document
//! shown at that moment.

mod support;

use ferridriver_browser::{Browser, Page};
use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};

static PAGES: &[(&str, &str)] = &[
    ("/a", "<title>A</title><h1>Page A</h1><button>Alpha</button>"),
    ("/b", "<title>B</title><h1>Page B</h1><button>Beta</button>"),
];

/// What the document shown now says, read by a CSS query and a role query.
async fn shown(page: &Page) -> (String, String) {
    let heading = page.locator("h1").text_content().await.unwrap();
    let button = page.get_by_role("button", None).text_content().await.unwrap();
    (heading, button)
}

fn expect(page: &str) -> (String, String) {
    match page {
        "a" => ("Page A".into(), "Alpha".into()),
        _ => ("Page B".into(), "Beta".into()),
    }
}

async fn walk(page: &Page, base: &str) {
    let other_site = base.replace("127.0.0.1", "localhost");
    page.goto(&format!("{base}/a")).await.unwrap();
    assert_eq!(shown(page).await, expect("a"));
    page.goto(&format!("{other_site}/b")).await.unwrap();
    assert_eq!(shown(page).await, expect("b"), "another site, another renderer");
    page.goto(&format!("{base}/a")).await.unwrap();
    assert_eq!(shown(page).await, expect("a"), "back on the first site");
    page.go_back().await.unwrap();
    assert_eq!(shown(page).await, expect("b"), "history back");
    page.go_forward().await.unwrap();
    assert_eq!(shown(page).await, expect("a"), "history forward");
    page.set_content("<h1>Written</h1><button>Gamma</button>").await.unwrap();
    assert_eq!(shown(page).await, ("Written".into(), "Gamma".into()), "new content");
    // Navigations the page starts itself, without anyone waiting for them.
    for round in 0..4 {
        let to = if round % 2 == 0 { format!("{other_site}/b") } else { format!("{base}/a") };
        page.evaluate(&format!("setTimeout(() => {{ location.href = '{to}' }}, 0); 1")).await.unwrap();
        page.wait_for_url(to.as_str()).await.unwrap();
        let want = if round % 2 == 0 { expect("b") } else { expect("a") };
        assert_eq!(shown(page).await, want, "round {round}");
    }
}

#[tokio::test(flavor = "current_thread")]
async fn document_queries_read_the_document_shown_now() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let browser = Browser::launch(&Default::default()).await.expect("chromium launches");
    let page = browser.new_context().await.unwrap().new_page().await.unwrap();
    walk(&page, &base).await;
    browser.close().await;
}

/// A browser this test started: killed with its process group and its profile removed when
/// the test ends, also when it fails.
struct Started {
    child: Child,
    profile: std::path::PathBuf,
}

impl Drop for Started {
    fn drop(&mut self) {
        let _ = Command::new("kill").arg("--").arg(format!("-{}", self.child.id())).status();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// A Chromium started without our switches: its back-forward cache is on.
fn browser_with_back_forward_cache(profile: &std::path::Path) -> (Started, String) {
    let chromium = ferridriver_browser::find_browser(None).unwrap();
    let mut child = Command::new(chromium)
        .args(["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--remote-debugging-port=0"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("about:blank")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let ws = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|l| l.split("DevTools listening on ").nth(1).map(|u| u.trim().to_string()))
        .expect("the browser prints its endpoint");
    std::thread::spawn(move || for _ in lines {});
    (Started { child, profile: profile.to_path_buf() }, ws)
}

/// Waits until `condition` holds in the page (an evaluation while the page changes documents
/// may fail: it is asked again).
async fn until(page: &Page, condition: &str) {
    for _ in 0..200 {
        if page.evaluate(condition).await.is_ok_and(|held| held == true) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("never held: {condition}");
}

#[tokio::test(flavor = "current_thread")]
async fn document_queries_follow_pages_restored_from_the_back_forward_cache() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let profile = std::env::temp_dir().join(format!("ferridriver-bfcache-{}", std::process::id()));
    let (_started, ws) = browser_with_back_forward_cache(&profile);
    let browser = Browser::connect(&ws).await.unwrap();
    let page = browser.new_context().await.unwrap().new_page().await.unwrap();
    page.goto(&format!("{base}/a")).await.unwrap();
    page.evaluate("window.kept = 'still here'; 1").await.unwrap();
    assert_eq!(shown(&page).await, expect("a"));
    page.goto(&format!("{}/b", base.replace("127.0.0.1", "localhost"))).await.unwrap();
    assert_eq!(shown(&page).await, expect("b"));
    // A restored document fires no `load` again (Playwright's `goBack` waits for one in vain,
    // which is why both launch with the cache off): ours ends at the restore. Not
    // `history.back()` in an evaluation: the browser may swap the document before the answer
    // of that evaluation reaches us, and the evaluation then fails ("target navigated").
    assert!(page.go_back().await.unwrap(), "a page to go back to");
    // The document came back from the cache, its script state the one it left with…
    until(&page, "window.kept === 'still here'").await;
    // …and queries read it, not the page it replaced.
    assert_eq!(shown(&page).await, expect("a"), "after a restore");
    assert!(page.go_forward().await.unwrap(), "a page to go forward to");
    until(&page, "location.pathname === '/b'").await;
    assert_eq!(shown(&page).await, expect("b"), "forward, restored too");
    browser.close().await;
}
