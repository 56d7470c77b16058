//! `bdd --video`: a WebM of the pages each scenario used (Playwright's `video` option and its
//! modes), named after the scenario, attached to its test case (`video/webm`, with its path),
//! deleted when the mode does not keep it; a page kept between scenarios (`--isolation reset`)
//! gets a video per scenario. (Chromium plays the files in browser/tests/video.rs.)

#[path = "../browser/tests/support/mod.rs"]
mod support;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const PAGES: &[(&str, &str)] = &[
    ("/shop", "<!doctype html><title>Shop</title><h1>Welcome</h1><label>Item <input></label>"),
    ("/basket", "<!doctype html><title>Basket</title><h1>Your basket</h1>"),
];

const FEATURE: &str = r#"Feature: shop
  Scenario: browsing
    Given I open "/shop"
    Then I should see "Welcome"

  Scenario: a basket that never fills
    Given I open "/basket"
    Then I should see "3 items"
"#;

fn project(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fd-video-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("shop.feature"), FEATURE).unwrap();
    dir
}

fn bdd(dir: &Path, base: &str, more: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "shop.feature", "--world-parameters", &format!("{{\"baseUrl\":\"{base}\"}}"), "-f", "message"])
        .args(["--timeout", "20000"])
        .args(more)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// The `video/webm` attachments of the run, each with the name of its test case's pickle.
fn videos(out: &Output) -> Vec<(String, Value)> {
    let messages: Vec<Value> =
        String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    let name_of = |started: &str| {
        let case = messages.iter().find_map(|m| {
            let s = &m["testCaseStarted"];
            (s["id"] == started).then(|| s["testCaseId"].clone())
        })?;
        let pickle =
            messages.iter().find_map(|m| (m["testCase"]["id"] == case).then(|| m["testCase"]["pickleId"].clone()))?;
        messages
            .iter()
            .find_map(|m| (m["pickle"]["id"] == pickle).then(|| m["pickle"]["name"].as_str().unwrap().to_string()))
    };
    messages
        .iter()
        .filter(|m| m["attachment"]["mediaType"] == "video/webm")
        .map(|m| {
            let a = m["attachment"].clone();
            (name_of(a["testCaseStartedId"].as_str().unwrap()).unwrap_or_default(), a)
        })
        .collect()
}

/// The `.webm` files in `dir`, sorted.
fn webm_files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.retain(|n| n.ends_with(".webm"));
    names.sort();
    names
}

/// Whether `path` is a WebM file with frames in it: its EBML header, and more than a header.
fn is_webm(path: &Path) -> bool {
    let bytes = std::fs::read(path).unwrap_or_default();
    bytes.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]) && bytes.len() > 1000
}

#[test]
fn retain_on_failure_keeps_and_attaches_the_failed_scenarios_video_only() {
    support::browser_available();
    let base = support::serve(PAGES);
    let dir = project("retain");
    let out = bdd(&dir, &base, &["--video", "retain-on-failure", "--output", "out"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "one scenario fails: {stderr}");
    let attached = videos(&out);
    assert_eq!(attached.len(), 1, "{attached:?}\n{stderr}");
    let (scenario, attachment) = &attached[0];
    assert_eq!(scenario, "a basket that never fills");
    assert_eq!(attachment["fileName"], "shop-6-a-basket-that-never-fills.webm", "{attachment}");
    let url = attachment["url"].as_str().unwrap();
    assert!(is_webm(&dir.join(url)), "{url} is a WebM with frames");
    // The passing scenario's video was deleted: only the kept one is left.
    assert_eq!(webm_files(&dir.join("out")), ["shop-6-a-basket-that-never-fills.webm"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn on_films_every_scenario_also_on_a_page_kept_between_scenarios() {
    support::browser_available();
    let base = support::serve(PAGES);
    let dir = project("on-reset");
    let out = bdd(&dir, &base, &["--video", "on", "--isolation", "reset"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let attached = videos(&out);
    let names: Vec<&str> = attached.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["browsing", "a basket that never fills"], "{stderr}");
    for (_, attachment) in &attached {
        assert!(is_webm(&dir.join(attachment["url"].as_str().unwrap())), "{attachment}");
    }
    assert_eq!(
        webm_files(&dir.join(".ferridriver/videos")),
        ["shop-2-browsing.webm", "shop-6-a-basket-that-never-fills.webm"],
        "the default folder, one file per scenario"
    );
    // A mode that is not Playwright's is refused by name.
    let wrong = bdd(&dir, &base, &["--video", "always"]);
    let text = String::from_utf8_lossy(&wrong.stderr);
    assert!(wrong.status.code() != Some(0) && text.contains("--video 'always' must be on, off"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
