//! The `html` report as a person sees it: a run with passing, failing (with a screenshot),
//! retried and undefined scenarios, data tables, doc strings and attachments is written with
//! `--format html:…`, then opened from disk in headless Chromium through our own browser layer;
//! the summary, statuses, errors with their `.ts` lines, the screenshot, the failed scenario's
//! video, the filters, the search and the tag expression are checked on the page.

#[path = "../browser/tests/support/mod.rs"]
mod support;

use ferridriver_browser::{expect, Browser, LaunchOptions};
use std::process::Command;

const PAGES: &[(&str, &str)] = &[("/shop", "<title>Shop</title><h1>Welcome to the shop</h1>")];

const STEPS: &str = r#"import { Given, When, Then } from '@cucumber/cucumber'
import assert from 'node:assert'

let flaky = 0
Given('a table of prices', function (table: any) {
  this.log('prices: ' + JSON.stringify(table.raw()))
  this.link('https://example.com/docs')
})
When('I describe it as', function (doc: string) {
  this.attach(JSON.stringify({ doc }), 'application/json')
})
Then('the total is {int}', function (n: number) {
  assert.equal(n, 42, 'the total is wrong')
})
Then('it passes the second time', function () {
  flaky++
  if (flaky < 2) throw new Error('flaky first attempt')
})
"#;

const FEATURE: &str = r#"@reporting
Feature: Report showcase
  Scenario: A page that passes
    Given I open "/shop"
    Then I should see "Welcome to the shop"

  Scenario: A page that fails
    Given I open "/shop"
    Then I should see "Closed for the day"

  @money
  Scenario: A wrong total
    Given a table of prices
      | item | price |
      | tea  | 3     |
    When I describe it as
      """markdown
      A **short** note
      """
    Then the total is 41

  Scenario: A flaky check
    Then it passes the second time

  Scenario: Undefined
    Given nobody wrote this step
"#;

#[tokio::test(flavor = "current_thread")]
async fn the_report_opens_from_disk_and_shows_the_run() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let dir = std::env::temp_dir().join(format!("ferridriver-html-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("features")).unwrap();
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    std::fs::write(dir.join("steps/report.ts"), STEPS).unwrap();
    std::fs::write(dir.join("features/report.feature"), FEATURE).unwrap();
    let config = format!("[test]\nsteps = [\"steps/*.ts\"]\nparallel = 1\nretry = 1\ntimeout = 15000\nvideo = \"retain-on-failure\"\n\n[browser]\nbaseURL = \"{base}\"\n");
    std::fs::write(dir.join("ferridriver.toml"), config).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "--format", "html:report.html"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(!html.contains("<script src") && !html.contains("<link "), "self-contained: nothing loaded from elsewhere");

    let browser = Browser::launch(&LaunchOptions::default()).await.unwrap();
    let page = browser.new_context().await.unwrap().new_page().await.unwrap();
    page.goto(&format!("file://{}", dir.join("report.html").display())).await.unwrap();
    let text = |selector: &'static str| {
        let page = page.clone();
        async move { page.locator(selector).first().inner_text().await.unwrap() }
    };
    assert!(text("header.run").await.contains("Failed"));
    let summary = text("section[aria-label=Summary]").await;
    assert!(
        summary.contains("5 scenarios")
            && summary.contains("1 passed")
            && summary.contains("1 flaky")
            && summary.contains("2 failed")
            && summary.contains("1 undefined"),
        "{summary}"
    );
    let shown = || async { page.locator(".shown").inner_text().await.unwrap() };
    assert_eq!(shown().await, "5 of 5 scenarios shown");

    // Failures are open, with their error, where it happened and the screenshot.
    let failed = page.locator("article[data-status=failed]").filter_has_text("A wrong total");
    let body = failed.inner_text().await.unwrap();
    assert!(body.contains("the total is wrong") && body.contains("steps/report.ts:"), "{body}");
    assert!(body.contains("features/report.feature:20"), "the step's line: {body}");
    assert!(
        body.contains("tea") && body.contains("A **short** note") && body.contains("\"doc\""),
        "table, doc string, JSON: {body}"
    );
    assert!(body.contains("https://example.com/docs") && body.contains("prices: "), "link and log: {body}");
    let shot = page
        .evaluate("(() => { const img = [...document.querySelectorAll('article[data-status=failed] img')][0]; return img ? img.naturalWidth : 0 })()")
        .await
        .unwrap();
    assert!(shot.as_u64().unwrap_or(0) > 100, "the failure screenshot is shown inline: {shot}");
    // `[test] video`: the one failed scenario that used a page has its video, played in place.
    let video = page
        .evaluate(
            "(async () => { const all = [...document.querySelectorAll('article[data-status=failed] video')]; \
             if (all.length !== 1) return 'videos: ' + all.length; const v = all[0]; \
             if (v.readyState < 1) await new Promise((ok, fail) => { v.onloadedmetadata = ok; v.onerror = () => fail(new Error('cannot play ' + v.src)); }); \
             return v.videoWidth; })()",
        )
        .await
        .unwrap();
    assert!(video.as_u64().unwrap_or(0) > 100, "the failed scenario's video plays in the report: {video}");
    let flaky = page.locator("article[data-status=flaky]").filter_has_text("A flaky check").inner_text().await.unwrap();
    assert!(flaky.contains("2 attempts"), "a scenario that passed on a retry is flaky: {flaky}");
    let article = page.locator("article").filter_has_text("A flaky check");
    article.locator("summary").first().click().await.unwrap();
    // The body is built when the scenario opens.
    expect(&article).to_contain_text("Attempt 2 of 2").await.unwrap();
    expect(&article).to_contain_text("Attempt 1 — failed").await.unwrap();
    let undefined = page.locator("article[data-status=undefined]").inner_text().await.unwrap();
    assert!(undefined.contains("Given('nobody wrote this step'"), "the snippet: {undefined}");

    // Filters: by status, by text, by tag expression.
    let shown_is = |text: &'static str| {
        let page = page.clone();
        async move { expect(&page.locator(".shown")).to_have_text(text).await.unwrap() }
    };
    page.locator("#status-flaky").uncheck().await.unwrap();
    shown_is("4 of 5 scenarios shown").await;
    page.locator("#status-flaky").check().await.unwrap();
    page.locator("#status-passed").uncheck().await.unwrap();
    shown_is("4 of 5 scenarios shown").await;
    assert!(!page.locator("article").filter_has_text("A page that passes").is_visible().await.unwrap());
    page.locator("#status-passed").check().await.unwrap();
    page.get_by_label("Search").fill("WRONG total").await.unwrap();
    shown_is("1 of 5 scenarios shown").await;
    page.get_by_label("Search").fill("").await.unwrap();
    page.get_by_label("Tag expression").fill("@reporting and not @money").await.unwrap();
    shown_is("4 of 5 scenarios shown").await;
    page.get_by_label("Tag expression").fill("@money and").await.unwrap();
    expect(&page.locator(".tag-error")).to_contain_text("Invalid tag expression").await.unwrap();
    browser.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
