//! A page whose renderer dies (out of memory on a busy CI machine, killed) fails what waits on
//! it at once with Playwright's "Target crashed", instead of waiting out its timeout and then
//! reporting that nothing was found.

mod support;

use std::time::{Duration, Instant};

const PAGES: &[(&str, &str)] = &[
    ("/", "<!doctype html><title>Alive</title><p>alive</p>"),
    ("/slow", "<!doctype html><title>Slow</title><img src=\"/__slow?ms=20000\">"),
];

/// Kills the renderers of the browser whose profile is `profile`; how many there were.
fn kill_renderers(profile: &str) -> usize {
    let mut killed = 0;
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else { continue };
        let text = String::from_utf8_lossy(&cmdline);
        if text.contains(profile) && text.contains("--type=renderer") {
            let pid = entry.file_name().to_string_lossy().into_owned();
            if std::process::Command::new("kill").args(["-9", &pid]).status().is_ok_and(|s| s.success()) {
                killed += 1;
            }
        }
    }
    killed
}

#[tokio::test(flavor = "current_thread")]
async fn a_crashed_page_fails_what_waits_on_it_at_once_with_playwrights_words() {
    let Some((browser, page, _)) = support::open_at(PAGES, "/").await else { return };
    let profile = browser.profile_dir().expect("a launched browser has a profile").to_string_lossy().into_owned();
    let started = Instant::now();
    let never = page.locator("#never");
    let assertion = ferridriver_browser::expect(&never).timeout(Duration::from_secs(20));
    let waiting = assertion.to_be_visible();
    let crash = async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        kill_renderers(&profile)
    };
    let (waited, killed) = tokio::join!(waiting, crash);
    assert!(killed > 0, "the page had a renderer to kill");
    let error = waited.expect_err("nothing can become visible on a crashed page").to_string();
    assert!(error.contains("Target crashed"), "{error}");
    assert!(started.elapsed() < Duration::from_secs(10), "failed at once, not after 20 s: {:?}", started.elapsed());

    // What comes after fails at once too.
    let started = Instant::now();
    let error = page.evaluate("1 + 1").await.expect_err("a crashed page evaluates nothing").to_string();
    assert_eq!(error, "Target crashed");
    let error = page.locator("p").click().await.expect_err("nor clicks").to_string();
    assert!(error.contains("Target crashed"), "{error}");
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    browser.close().await;
}

#[tokio::test(flavor = "current_thread")]
async fn a_navigation_or_load_wait_under_way_ends_when_the_renderer_crashes() {
    let Some((browser, page, base)) = support::open_at(PAGES, "/").await else { return };
    let profile = browser.profile_dir().expect("a launched browser has a profile").to_string_lossy().into_owned();
    let crash = async {
        tokio::time::sleep(Duration::from_millis(500)).await;
        kill_renderers(&profile)
    };
    // A page whose load waits on a resource that takes 20 s.
    let started = Instant::now();
    let slow = format!("{base}/slow");
    let (went, killed) = tokio::join!(page.goto(&slow), crash);
    assert!(killed > 0);
    let error = went.expect_err("the load never ends").to_string();
    assert!(error.contains("Target crashed"), "{error}");
    assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
    browser.close().await;
}
