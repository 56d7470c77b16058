//! The browser lifecycle and basic page driving, in real Chromium against pages served on
//! 127.0.0.1.

mod support;

use ferridriver_browser::{Browser, LaunchOptions};

const PAGES: &[(&str, &str)] = &[
    ("/", "<!DOCTYPE html><title>Home</title><h1>Welcome</h1><a href=\"/about\">About</a>"),
    ("/about", "<title>About us</title><p id=\"who\">We test browsers.</p>"),
    ("/slow-script", "<title>Later</title><script>setTimeout(() => document.title = 'Done', 50)</script>"),
    (
        "/covered",
        "<title>Covered</title><div id=\"under\" style=\"width:50px;height:40px\">x</div><div style=\"position:fixed;inset:0;background:rgba(0,0,0,.2)\"></div>",
    ),
    (
        "/tall",
        "<title>Tall</title><body style=\"margin:0\"><div id=\"box\" style=\"width:120px;height:60px;margin-top:1500px;background:red\"></div><div style=\"height:2000px\"></div></body>",
    ),
];

/// Width and height of a PNG, from its header.
fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[1..4], b"PNG", "a PNG");
    let be = |i: usize| u32::from_be_bytes([png[i], png[i + 1], png[i + 2], png[i + 3]]);
    (be(16), be(20))
}

#[tokio::test(flavor = "current_thread")]
async fn screenshots_of_the_viewport_the_whole_page_and_one_element() {
    let Some((browser, page, _)) = support::open_at(PAGES, "/tall").await else { return };
    assert_eq!(png_size(&page.screenshot().await.unwrap()), (1280, 720));
    let (width, height) = png_size(&page.screenshot_full_page().await.unwrap());
    assert_eq!(width, 1280);
    assert_eq!(height, 1500 + 60 + 2000, "the whole document");
    // Below the fold: scrolled into view and clipped to its box.
    assert_eq!(png_size(&page.locator("#box").screenshot().await.unwrap()), (120, 60));
    // Under an overlay: it has a picture even though it would not get a click.
    page.goto(&page.url().await.unwrap().replace("/tall", "/covered")).await.unwrap();
    assert_eq!(png_size(&page.locator("#under").screenshot().await.unwrap()), (50, 40));
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn launches_navigates_evaluates_and_leaves_nothing_behind() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let browser = Browser::launch(&LaunchOptions::default()).await.expect("chromium launches");
    assert!(browser.version().await.unwrap().contains("Chrome"));
    let pid = browser.pid().expect("we launched it");
    // This browser's own profile: other tests' browsers run meanwhile.
    let profile = browser.profile_dir().expect("a launched browser has a profile").to_path_buf();
    assert!(support::processes_mentioning(&profile.to_string_lossy()) > 0, "its processes name their profile");
    let context = browser.new_context().await.unwrap();
    let mut page = context.new_page().await.unwrap();

    // Page.lifecycleEvent carries a float timestamp: navigation completing proves such events
    // survive `arbitrary_precision` (trap 2 of the dependency notes).
    page.goto(&format!("{base}/")).await.unwrap();
    assert_eq!(page.title().await.unwrap(), "Home");
    assert_eq!(page.url().await.unwrap(), format!("{base}/"));
    assert!(page.content().await.unwrap().starts_with("<!DOCTYPE html><html><head><title>Home</title>"));

    // Playwright's viewport by default, resizable per page, settable per context.
    assert_eq!(page.evaluate("innerWidth + 'x' + innerHeight").await.unwrap(), "1280x720");
    page.set_viewport_size(400, 300).await.unwrap();
    assert_eq!(page.evaluate("innerWidth + 'x' + innerHeight").await.unwrap(), "400x300");
    assert_eq!(page.viewport_size(), (400, 300));
    assert!(page.set_viewport_size(0, 10).await.is_err());
    let phone = browser.new_context().await.unwrap();
    phone.set_viewport(390, 844);
    let small = phone.new_page().await.unwrap();
    assert_eq!(small.evaluate("innerWidth + 'x' + innerHeight").await.unwrap(), "390x844");
    phone.close().await.unwrap();

    assert_eq!(page.evaluate("1 + 2").await.unwrap(), serde_json::json!(3));
    assert_eq!(page.evaluate("({a: [1, 'x'], b: 2.5})").await.unwrap(), serde_json::json!({"a": [1, "x"], "b": 2.5}));
    assert_eq!(page.evaluate("Promise.resolve('later')").await.unwrap(), serde_json::json!("later"));
    let err = page.evaluate("(() => { throw new Error('boom') })()").await.unwrap_err();
    assert!(err.to_string().contains("boom"), "{err}");

    page.goto(&format!("{base}/about")).await.unwrap();
    assert_eq!(page.evaluate("document.querySelector('#who').textContent").await.unwrap(), "We test browsers.");
    assert!(page.go_back().await.unwrap());
    assert_eq!(page.title().await.unwrap(), "Home");
    assert!(page.go_forward().await.unwrap());
    assert_eq!(page.title().await.unwrap(), "About us");
    page.reload().await.unwrap();
    assert_eq!(page.title().await.unwrap(), "About us");

    page.set_content("<title>Set</title><b>bold</b>").await.unwrap();
    assert_eq!(page.title().await.unwrap(), "Set");
    let png = page.screenshot().await.unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");

    let closed_port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let err = page.goto(&format!("http://127.0.0.1:{closed_port}/")).await.unwrap_err();
    assert!(err.to_string().contains("ERR_CONNECTION_REFUSED"), "{err}");

    page.close().await.unwrap();
    assert!(page.is_closed());
    context.close().await.unwrap();
    browser.close().await;
    // No grace period: when close returns, every process of this browser is gone.
    assert!(!std::path::Path::new(&format!("/proc/{pid}")).exists(), "the browser process is gone");
    assert_eq!(support::processes_mentioning(&profile.to_string_lossy()), 0, "no process of this browser outlives it");
    assert!(!profile.exists(), "its profile directory is removed");
}

#[tokio::test(flavor = "current_thread")]
async fn goto_s_time_limit_covers_a_server_slow_to_answer() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let browser = Browser::launch(&LaunchOptions::default()).await.unwrap();
    let page = browser.new_context().await.unwrap().new_page().await.unwrap();
    let started = std::time::Instant::now();
    let quick = ferridriver_browser::NavigateOptions {
        timeout: Some(std::time::Duration::from_millis(300)),
        ..Default::default()
    };
    // The server holds its answer (headers too) for 3 s.
    let error = page.goto_with(&format!("{base}/__slow?ms=3000"), quick).await.unwrap_err();
    assert!(started.elapsed() < std::time::Duration::from_secs(2), "waited {:?} for the headers", started.elapsed());
    assert!(error.to_string().starts_with("timed out after 300 ms waiting for"), "{error}");
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn goto_follows_a_page_that_replaces_itself_while_loading() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(&[
        ("/hop", "<title>Hop</title><script>location.replace('/landed')</script><p>leaving</p>"),
        ("/landed", "<title>Landed</title><h1>Landed</h1>"),
    ]);
    let browser = Browser::launch(&LaunchOptions::default()).await.unwrap();
    let page = browser.new_context().await.unwrap().new_page().await.unwrap();
    let started = std::time::Instant::now();
    page.goto(&format!("{base}/hop")).await.unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(10), "goto did not wait for a load that never comes");
    assert_eq!(page.title().await.unwrap(), "Landed");
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn contexts_are_isolated() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let browser = Browser::launch(&LaunchOptions::default()).await.unwrap();
    let (a, b) = (browser.new_context().await.unwrap(), browser.new_context().await.unwrap());
    let (pa, pb) = (a.new_page().await.unwrap(), b.new_page().await.unwrap());
    pa.goto(&format!("{base}/")).await.unwrap();
    pb.goto(&format!("{base}/")).await.unwrap();
    pa.evaluate("localStorage.setItem('k', 'from a')").await.unwrap();
    assert_eq!(pa.evaluate("localStorage.getItem('k')").await.unwrap(), "from a");
    assert_eq!(pb.evaluate("localStorage.getItem('k')").await.unwrap(), serde_json::Value::Null);
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_killed_browser_fails_calls_with_a_clear_error() {
    if !support::browser_available() {
        return;
    }
    let browser = Browser::launch(&LaunchOptions::default()).await.unwrap();
    let context = browser.new_context().await.unwrap();
    let page = context.new_page().await.unwrap();
    let pid = browser.pid().unwrap() as i32;
    // SAFETY: signalling a child process group we created; no memory is involved.
    unsafe {
        libc_kill(-pid);
    }
    let err = page.evaluate("1").await.unwrap_err();
    assert!(err.to_string().contains("connection"), "{err}");
    assert!(!browser.is_connected());
    browser.close().await;
}

unsafe fn libc_kill(pid: i32) {
    extern "C" {
        fn kill(pid: i32, sig: i32) -> i32;
    }
    kill(pid, 9);
}

#[tokio::test(flavor = "current_thread")]
async fn dialogs_are_dismissed_and_console_errors_collected() {
    if !support::browser_available() {
        return;
    }
    let browser = Browser::launch(&LaunchOptions::default()).await.unwrap();
    let page = browser.new_context().await.unwrap().new_page().await.unwrap();
    page.set_content("<title>t</title>").await.unwrap();
    assert_eq!(page.evaluate("confirm('sure?')").await.unwrap(), serde_json::json!(false), "dismissed, not blocking");
    assert_eq!(page.dismissed_dialogs(), vec!["sure?".to_string()]);
    page.evaluate("console.error('broken', 42); setTimeout(() => { throw new Error('kaboom') }, 0)").await.unwrap();
    let mut errors = Vec::new();
    for _ in 0..50 {
        errors.extend(page.take_console_errors());
        if errors.len() >= 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert_eq!(errors[0], "console.error: broken 42");
    assert!(errors[1].starts_with("uncaught: Error: kaboom"), "{errors:?}");
    browser.close().await;
}

/// A page that has not navigated yet is loaded (its about:blank), as in Playwright: every load
/// state is reached at once, and `waitForURL('about:blank')` too, whatever order the browser's
/// replayed lifecycle events and the page's attach come in (several pages, so a lucky order on
/// one does not hide a miss).
#[tokio::test(flavor = "current_thread")]
async fn a_fresh_page_is_loaded() {
    support::browser_available();
    let browser = Browser::launch(&LaunchOptions::default()).await.expect("chromium launches");
    let context = browser.new_context().await.unwrap();
    for _ in 0..5 {
        let mut page = context.new_page().await.unwrap();
        page.timeout = std::time::Duration::from_secs(2);
        for state in ["domcontentloaded", "load", "networkidle"] {
            page.wait_for_load_state(state).await.unwrap_or_else(|e| panic!("{state} on a fresh page: {e}"));
        }
    }
}

#[tokio::test(flavor = "current_thread")]
async fn content_of_a_document_without_its_root_is_its_doctype_as_playwright_answers() {
    let Some((browser, page, _)) = support::open_at(PAGES, "/").await else { return };
    page.set_content("<!doctype html><p>x</p>").await.unwrap();
    page.evaluate("document.documentElement.remove()").await.unwrap();
    // Playwright 1.65.1 answers "<!DOCTYPE html>" here (between two documents too).
    assert_eq!(page.content().await.unwrap(), "<!DOCTYPE html>");
    browser.close().await;
}
