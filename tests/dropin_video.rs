//! Videos the way cucumber-js + Playwright suites record them, run unchanged: a `Before` hook
//! opens a context with `recordVideo`, the `After` hook closes page and context, then attaches
//! the video of a failed scenario (`fs.readFileSync(await page.video().path())`) and deletes
//! the others; one scenario keeps its video with `saveAs`. Paths outside the project are
//! refused. (The files themselves are played by Chromium in browser/tests/video.rs.)

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::process::Command;

const PAGES: &[(&str, &str)] = &[
    ("/", "<!doctype html><title>Shop</title><h1>Welcome</h1><a href=\"/basket\">Basket</a>"),
    ("/basket", "<!doctype html><title>Basket</title><h1>Your basket</h1><p id=count>0 items</p>"),
];

const HOOKS: &str = r#"import { Before, After, Status, setDefaultTimeout } from '@cucumber/cucumber'
import { chromium, Browser, BrowserContext, Page } from 'playwright'
import * as fs from 'fs'

setDefaultTimeout(20000)

Before(async function () {
  const browser: Browser = await chromium.launch()
  this.context = await browser.newContext({ recordVideo: { dir: 'test-results/videos', size: { width: 640, height: 360 } } })
  this.page = await this.context.newPage()
})

After(async function ({ result, pickle }) {
  const page: Page = this.page
  const video = page.video()
  if (!video) throw new Error('no video')
  const path = await video.path()
  if (!path.endsWith('.webm') || !path.includes('test-results/videos/')) throw new Error('odd path ' + path)
  await page.close()
  await (this.context as BrowserContext).close()
  if (pickle.name.includes('keep')) {
    await video.saveAs('test-results/kept.webm')
  }
  if (result?.status === Status.FAILED) {
    this.attach(fs.readFileSync(path), 'video/webm')
  } else {
    await video.delete()
  }
})
"#;

const STEPS: &str = r#"import { Given, When, Then } from '@cucumber/cucumber'
import { expect } from '@playwright/test'
import { chromium } from 'playwright'

Given('I am on the shop', async function () {
  await this.page.goto(this.parameters.baseUrl + '/')
})

When('I open the basket', async function () {
  await this.page.getByRole('link', { name: 'Basket' }).click()
})

Then('the basket holds {int} items', async function (n: number) {
  await expect(this.page.locator('#count')).toHaveText(`${n} items`, { timeout: 500 })
})

Then('videos cannot be written outside the project', async function () {
  const refusals: string[] = []
  await this.page.video().saveAs('/tmp/elsewhere.webm').catch((e: Error) => refusals.push(e.message))
  const browser = await chromium.launch()
  await browser.newContext({ recordVideo: { dir: '../outside' } }).catch((e: Error) => refusals.push(e.message))
  // The option's other spelling is judged the same way.
  await browser.newContext({ record_video: { dir: '/tmp/fd-outside' } } as any).catch((e: Error) => refusals.push(e.message))
  expect(refusals).toHaveLength(3)
  expect(refusals[0]).toContain('outside the project')
  expect(refusals[1]).toContain('recordVideo.dir')
  expect(refusals[2]).toContain('recordVideo.dir')
  // One video per page, whichever way the page is reached.
  expect(this.context.pages()[0].video()).toBe(this.page.video())
})
"#;

const FEATURE: &str = "Feature: Basket\n\n  Scenario: An empty basket\n    Given I am on the shop\n    When I open the basket\n    Then the basket holds 0 items\n\n  Scenario: A basket that should hold more\n    Given I am on the shop\n    When I open the basket\n    Then the basket holds 3 items\n\n  Scenario: keep this one\n    Given I am on the shop\n    Then videos cannot be written outside the project\n";

#[test]
fn a_suite_that_records_videos_in_its_hooks_runs_unchanged() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let dir = js_suite::project_dir("dropin-video");
    js_suite::write_files(
        &dir,
        &[
            ("features/support/hooks.ts", HOOKS),
            ("features/step_definitions/shop.ts", STEPS),
            ("features/basket.feature", FEATURE),
        ],
    );
    let params = format!("{{\"baseUrl\":\"{base}\"}}");
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "--format", "summary", "--format", "message:messages.ndjson", "--world-parameters", &params])
        .current_dir(&dir)
        .output()
        .expect("binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let report = format!("{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "one scenario fails: {report}");
    assert!(stdout.contains("3 scenarios (2 passed, 1 failed)"), "{report}");

    // The failed scenario's video is attached; the passed ones' are deleted.
    let messages = std::fs::read_to_string(dir.join("messages.ndjson")).unwrap();
    let videos: Vec<serde_json::Value> = messages
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|m| m.get("attachment").cloned())
        .filter(|a| a["mediaType"] == "video/webm")
        .collect();
    assert_eq!(videos.len(), 1, "{messages}");
    use base64::Engine;
    let attached = base64::engine::general_purpose::STANDARD.decode(videos[0]["body"].as_str().unwrap()).unwrap();
    assert_eq!(&attached[..4], b"\x1a\x45\xdf\xa3", "a WebM file");
    let left: Vec<_> =
        std::fs::read_dir(dir.join("test-results/videos")).unwrap().flatten().map(|e| e.path()).collect();
    assert_eq!(left.len(), 1, "only the failed scenario's video stays: {left:?}");
    assert_eq!(std::fs::read(&left[0]).unwrap(), attached, "the attachment is the whole file");
    let kept = std::fs::read(dir.join("test-results/kept.webm")).expect("saveAs kept a copy");
    assert_eq!(&kept[..4], b"\x1a\x45\xdf\xa3");
    assert!(!std::path::Path::new("/tmp/elsewhere.webm").exists());
    assert!(!dir.join("../outside").exists());
    assert!(!std::path::Path::new("/tmp/fd-outside").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Playwright 1.65's `recordVideo` without `dir`: videos go to a scratch folder (inside the
/// project here, `.ferridriver/videos`, so that `fs.readFileSync(await video.path())` works as
/// in Playwright), each file removed with its video once the run lets it go; `fps` checked in
/// Playwright's words; `showActions` refused by name.
#[test]
fn videos_without_a_folder_and_their_other_options() {
    support::browser_available();
    let base = support::serve(PAGES);
    let dir = js_suite::project_dir("video-scratch");
    let script = r#"
import fs from 'node:fs';
const out = {};
const context = await browser.newContext({ recordVideo: {} });
const page = await context.newPage();
await page.goto(args[0] + '/');
const video = page.video();
const path = await video.path();
out.path = path.replace(/^.*(\.ferridriver\/videos\/)[0-9a-f]+\.webm$/i, '$1NAME.webm');
await context.close();
out.read = Array.from(fs.readFileSync(path).subarray(0, 4));
await video.saveAs('kept.webm');
for (const [key, recordVideo] of [['fps0', { fps: 0 }], ['show', { showActions: { duration: 500 } }], ['fps5', { fps: 5, dir: 'videos' }]]) {
  try { const c = await browser.newContext({ recordVideo }); await (await c.newPage()).goto(args[0] + '/'); await c.close(); out[key] = 'ok'; }
  catch (e) { out[key] = String(e.message).split('\n')[0]; }
}
export default out;
"#;
    std::fs::write(dir.join("probe.mjs"), script).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "--json", "probe.mjs", "--", &base])
        .current_dir(&dir)
        .output()
        .expect("binary runs");
    let envelope: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    let value = &envelope["value"];
    assert_eq!(value["path"], ".ferridriver/videos/NAME.webm", "{envelope}");
    assert_eq!(value["read"], serde_json::json!([0x1a, 0x45, 0xdf, 0xa3]), "a WebM file: {envelope}");
    assert_eq!(value["fps0"], "browser.newContext: \"recordVideo.fps\" must be a positive number, got 0");
    assert!(value["show"].as_str().unwrap().contains("recordVideo.showActions is not supported by ferridriver yet"));
    assert_eq!(value["fps5"], "ok");
    assert_eq!(&std::fs::read(dir.join("kept.webm")).unwrap()[..4], b"\x1a\x45\xdf\xa3");
    let left: Vec<_> = std::fs::read_dir(dir.join(".ferridriver/videos")).unwrap().flatten().collect();
    assert!(left.is_empty(), "scratch videos go with the run: {left:?}");
    assert_eq!(std::fs::read_dir(dir.join("videos")).unwrap().count(), 1, "a named folder keeps its video");
    let _ = std::fs::remove_dir_all(&dir);
}
