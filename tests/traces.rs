//! `--trace`: the zips a run writes are opened with Playwright's own trace reader (npm
//! `playwright` 1.65.1 in tests/playwright-probe, no browser download) and read like a
//! Playwright test's: a group per Gherkin step, the browser actions inside it with their
//! locators, the failed assertion with its error, the page's console.

#[path = "common/mcp_stdio.rs"]
mod mcp_stdio;
#[path = "../browser/tests/support/mod.rs"]
mod support;

use mcp_stdio::McpStdio;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const SHOP: &str = r#"<!doctype html><title>Shop</title>
<label>Item <input id="item"></label>
<button onclick="document.querySelector('#basket').textContent = 'Basket: ' + item.value; console.log('added ' + item.value); fetch('/__echo?item=' + item.value)">Add</button>
<p id="basket"></p>"#;

const PAGES: &[(&str, &str)] = &[("/shop", SHOP)];

/// A page with a same-origin iframe holding a form field.
const FRAME_PAGES: &[(&str, &str)] = &[
    ("/outer", r#"<!DOCTYPE html><title>Outer</title><h1>Checkout</h1><iframe src="/inner"></iframe>"#),
    ("/inner", r#"<!DOCTYPE html><title>Inner</title><label>Code <input></label>"#),
];

const STEPS: &str = r#"import { When } from '@cucumber/cucumber'

When('I add {string} from a script', async function (this: any, item: string) {
  await this.page.waitForURL(/shop/)
  await this.page.waitForLoadState('domcontentloaded')
  await this.page.getByLabel('Item').fill(item)
  await this.page.getByRole('button', { name: 'Add' }).click()
})
"#;

const FEATURE: &str = r#"Feature: shop
  Scenario: adding tea
    Given I open "/shop"
    When I add "tea" from a script
    Then I should see "Basket: tea"

  Scenario: a total that never shows
    Given I open "/__redirect?to=/shop"
    When I fill "Item" with "cake"
    And I click the "Add" button
    Then I should see "Total: 3 €"
"#;

/// Playwright's reader, installed by `npm ci` in tests/playwright-probe (`.ci/run` does).
fn reader() -> PathBuf {
    let bin = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/playwright-probe/node_modules/.bin/playwright");
    assert!(
        bin.is_file(),
        "the trace tests read traces with Playwright's reader: run `npm ci` in tests/playwright-probe (.ci/run does)"
    );
    bin
}

/// `npx playwright trace <args>` run in `dir` (the reader keeps the opened trace there).
fn read(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(reader()).arg("trace").args(args).current_dir(dir).output().expect("run the reader");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "trace {args:?}: {text}{}", String::from_utf8_lossy(&out.stderr));
    text
}

fn project(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fd-traces-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    std::fs::write(dir.join("steps/shop.ts"), STEPS).unwrap();
    std::fs::write(dir.join("shop.feature"), FEATURE).unwrap();
    dir
}

fn bdd(dir: &Path, base: &str, more: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "shop.feature", "--world-parameters", &format!("{{\"baseUrl\":\"{base}\"}}"), "-f", "message"])
        // Steps get room on a loaded machine; the failing assertion fails on its own 5 s.
        .args(["--timeout", "20000"])
        .args(more)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn messages(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| serde_json::from_str(l).ok()).collect()
}

fn zips(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

/// The number the reader gives the first action whose line contains `title`.
fn action_number(actions: &str, title: &str) -> String {
    let line = actions.lines().find(|l| l.contains(title)).unwrap_or_else(|| panic!("{title:?} in\n{actions}"));
    line.trim().split('.').next().unwrap().to_string()
}

/// Serves action `number`'s snapshot at `phase` with the reader (`trace snapshot --serve`) and
/// runs `script` on it in Chromium (`ferridriver run`); what the script returned.
fn in_snapshot(dir: &Path, number: &str, phase: &str, script: &str) -> String {
    use std::io::BufRead;
    let mut serving = Command::new(reader())
        .args(["trace", "snapshot", number, "--phase", phase, "--serve"])
        .current_dir(dir)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("serve the snapshot");
    let mut lines = std::io::BufReader::new(serving.stdout.take().unwrap()).lines();
    let url = lines
        .find_map(|l| l.ok().and_then(|l| l.split_whitespace().find(|w| w.starts_with("http://")).map(str::to_string)))
        .expect("the reader says where it serves the snapshot");
    // The page registers the viewer's service worker, then replaces itself with the snapshot.
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "-e"])
        .arg(format!("await page.goto('{url}'); await page.waitForURL(/\\/snapshot\\//); {script}"))
        .current_dir(dir)
        .output()
        .unwrap();
    let _ = serving.kill();
    let _ = serving.wait();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

#[test]
fn a_failed_scenario_leaves_a_trace_that_playwrights_reader_opens() {
    support::browser_available();
    reader();
    let base = support::serve(PAGES);
    let dir = project("failure");
    let reports = ["-f", "summary:summary.txt", "-f", "html:report.html"];
    let out = bdd(
        &dir,
        &base,
        &[&["--trace", "retain-on-failure", "--retry", "1", "--output", "traces"][..], &reports].concat(),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");

    // Only the last attempt of the failed scenario is kept: not its first (retried) attempt,
    // not the scenario that passed.
    assert_eq!(zips(&dir.join("traces")), ["shop-7-a-total-that-never-shows-retry1.zip"], "{stderr}");
    let zip = dir.join("traces/shop-7-a-total-that-never-shows-retry1.zip");

    // The message stream attaches it to that attempt's test case.
    let all = messages(&out);
    let attachment = all
        .iter()
        .filter_map(|m| m.get("attachment"))
        .find(|a| a["mediaType"] == "application/zip")
        .expect("an attachment naming the trace");
    assert_eq!(attachment["url"], "traces/shop-7-a-total-that-never-shows-retry1.zip");
    let last_start = all
        .iter()
        .filter_map(|m| m.get("testCaseStarted"))
        .filter(|s| s["attempt"] == 1)
        .map(|s| s["id"].clone())
        .collect::<Vec<_>>();
    assert_eq!(vec![attachment["testCaseStartedId"].clone()], last_start);

    // The failure says where its trace is and how to open it, in the summary and the HTML report.
    let summary = std::fs::read_to_string(dir.join("summary.txt")).unwrap();
    let hint = "Trace: traces/shop-7-a-total-that-never-shows-retry1.zip  (open it: npx playwright show-trace traces/shop-7-a-total-that-never-shows-retry1.zip)";
    assert!(summary.contains(hint), "{summary}");
    let report = dir.join("report.html");
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "-e"])
        .arg(format!(
            "await page.goto('file://{}'); const t = page.locator('.trace'); \
             return [await t.textContent(), await t.locator('a').getAttribute('href')]",
            report.display()
        ))
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        r#"["Trace: shop-7-a-total-that-never-shows-retry1.zip — open it with npx playwright show-trace traces/shop-7-a-total-that-never-shows-retry1.zip, or drop the file on trace.playwright.dev","traces/shop-7-a-total-that-never-shows-retry1.zip"]"#,
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let summary = read(&dir, &["open", zip.to_str().unwrap()]);
    assert!(summary.contains("Title:        a total that never shows"), "{summary}");
    assert!(summary.contains("Pages:        1"), "{summary}");
    let actions = read(&dir, &["actions"]);
    for expected in [
        "Given I open \"/__redirect?to=/shop\"",
        "Navigate",
        "When I fill \"Item\" with \"cake\"",
        "Fill \"cake\"",
        "And I click the \"Add\" button",
        "Click",
        "getByRole('button', { name: 'Add', exact: true })",
        "Then I should see \"Total: 3 €\"",
        "Expect \"toBeVisible\"",
        "getByText('Total: 3 €').first()",
    ] {
        assert!(actions.contains(expected), "{expected:?} missing from\n{actions}");
    }
    // The assertion and its step failed, nothing else did.
    let failed: Vec<&str> = actions.lines().filter(|l| l.contains('✗')).collect();
    assert_eq!(failed.len(), 2, "{actions}");
    assert!(failed[0].contains("Then I should see") && failed[1].contains("Expect"), "{actions}");
    // The DOM snapshot after the fill, served by the reader, shows the value in Chromium.
    let fill = action_number(&actions, "Fill \"cake\"");
    let seen = in_snapshot(
        &dir,
        &fill,
        "after",
        "return [await page.getByLabel('Item').inputValue(), await page.getByRole('button').textContent()]",
    );
    assert_eq!(seen, r#"["cake","Add"]"#);
    let before = in_snapshot(&dir, &fill, "before", "return await page.getByLabel('Item').inputValue()");
    assert_eq!(before, r#""""#, "before the fill the field was empty");
    // The screencast frame nearest the click, as the reader saves it: a JPEG of the page.
    let click = action_number(&actions, "Click");
    // Its log, as Playwright writes one: what the locator resolved to, the attempt, the checks.
    let log = read(&dir, &["action", &click]);
    for line in [
        "waiting for getByRole('button', { name: 'Add'",
        "locator resolved to <button",
        "attempting click action",
        "waiting for element to be visible, enabled and stable",
        "element is visible, enabled and stable",
        "performing click action",
    ] {
        assert!(log.contains(line), "{line:?} missing from the click's log:\n{log}");
    }
    let frame = dir.join("click.jpeg");
    read(&dir, &["screenshot", &click, "-o", frame.to_str().unwrap()]);
    let jpeg = std::fs::read(&frame).unwrap();
    assert!(jpeg.starts_with(&[0xFF, 0xD8]) && jpeg.len() > 1000, "a JPEG frame ({} bytes)", jpeg.len());
    // The failed step's screenshot is in the trace too, with its step.
    let attachments = read(&dir, &["attachments"]);
    assert!(attachments.contains("image/png"), "{attachments}");
    read(&dir, &["attachment", "1", "-o", dir.join("shot.png").to_str().unwrap()]);
    assert!(std::fs::read(dir.join("shot.png")).unwrap().starts_with(b"\x89PNG"), "the screenshot itself");
    let errors = read(&dir, &["errors"]);
    assert!(errors.contains("Total: 3 €"), "{errors}");
    // The network log: the redirect, the page it led to, the script's request; the page's body
    // kept in the zip for the viewer.
    let requests = read(&dir, &["requests"]);
    let rows: Vec<Vec<&str>> = requests.lines().map(|l| l.split_whitespace().collect()).collect();
    let row = |name: &str| {
        rows.iter().find(|r| r.contains(&name)).map(|r| r[3]).unwrap_or_else(|| panic!("{name} in\n{requests}"))
    };
    assert_eq!([row("__redirect?to=/shop"), row("shop"), row("__echo?item=cake")], ["302", "200", "404"], "{requests}");
    let mut archive = zip::ZipArchive::new(std::fs::File::open(&zip).unwrap()).unwrap();
    let bodies: Vec<String> = (0..archive.len())
        .filter_map(|i| {
            let mut file = archive.by_index(i).ok()?;
            let mut text = String::new();
            let name = file.name().ok()?.to_string();
            (name.starts_with("resources/") && name.ends_with(".html"))
                .then(|| std::io::Read::read_to_string(&mut file, &mut text).ok())??;
            Some(text)
        })
        .collect();
    assert!(bodies.iter().any(|b| b.contains("<title>Shop</title>")), "the page's body is in the zip");
    let console = read(&dir, &["console"]);
    assert!(console.contains("added cake"), "{console}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn js_steps_are_traced_like_rust_steps_and_off_writes_nothing() {
    support::browser_available();
    reader();
    let base = support::serve(PAGES);
    let dir = project("on");
    let out = bdd(&dir, &base, &["--trace", "on", "--name", "adding tea"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    // The default folder.
    let traces = dir.join(".ferridriver/traces");
    assert_eq!(zips(&traces), ["shop-2-adding-tea.zip"]);
    read(&dir, &["open", traces.join("shop-2-adding-tea.zip").to_str().unwrap()]);
    let actions = read(&dir, &["actions"]);
    for expected in ["When I add \"tea\" from a script", "Fill \"tea\"", "getByLabel('Item')", "Click"] {
        assert!(actions.contains(expected), "{expected:?} missing from\n{actions}");
    }
    assert!(actions.contains("getByRole('button', { name: 'Add' })"), "{actions}");
    assert!(!actions.contains('✗'), "{actions}");
    // The JS step's group points at its TypeScript source.
    let number = actions
        .lines()
        .find(|l| l.contains("When I add \"tea\" from a script"))
        .and_then(|l| l.trim().split('.').next())
        .unwrap()
        .to_string();
    let detail = read(&dir, &["action", &number]);
    assert!(detail.contains("shop.ts:3"), "{detail}");
    // And each action inside it at the line that called it.
    let fill = read(&dir, &["action", &action_number(&actions, "Fill \"tea\"")]);
    assert!(fill.contains("shop.ts:6:"), "{fill}");
    let click = read(&dir, &["action", &action_number(&actions, "Click")]);
    assert!(click.contains("shop.ts:7:"), "{click}");
    // Waits are actions too.
    for wait in ["Wait for URL /shop/", "Wait for load state \"domcontentloaded\""] {
        assert!(actions.contains(wait), "{wait:?} missing from\n{actions}");
    }

    // Without --trace nothing is recorded or written.
    let _ = std::fs::remove_dir_all(&traces);
    let out = bdd(&dir, &base, &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!traces.exists(), "no trace folder without --trace");
    assert!(!String::from_utf8_lossy(&out.stdout).contains("application/zip"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_and_mcp_sessions_record_traces() {
    support::browser_available();
    reader();
    let base = support::serve(PAGES);
    let dir = project("hosts");
    let script = format!(
        "await page.goto('{base}/shop'); await page.getByLabel('Item').fill('tea'); \
         await page.getByRole('button', {{ name: 'Add' }}).click(); return await page.locator('#basket').textContent()"
    );

    // `run --trace FILE`: the script is one group with its actions inside.
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "--trace", "run.zip", "-e", &script])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "\"Basket: tea\"");
    read(&dir, &["open", dir.join("run.zip").to_str().unwrap()]);
    let actions = read(&dir, &["actions"]);
    for expected in ["run_script", "Navigate", "Fill \"tea\"", "getByRole('button', { name: 'Add' })"] {
        assert!(actions.contains(expected), "{expected:?} missing from\n{actions}");
    }
    read(&dir, &["close"]);

    // `mcp --save-trace DIR`: a session's calls are groups; the zip is written when it ends.
    let mut mcp = McpStdio::start(&dir, &["--save-trace", "mcp-traces"]);
    let reply = mcp.call_tool("run_script", serde_json::json!({ "source": script }));
    assert!(reply.to_string().contains("Basket: tea"), "{reply}");
    let failing = "await page.locator('#missing').click({ timeout: 300 })";
    let reply = mcp.call_tool("run_script", serde_json::json!({ "source": failing }));
    assert!(reply.to_string().contains("300"), "{reply}");
    let (status, stderr) = mcp.end();
    assert!(status.success(), "{stderr}");
    let written = zips(&dir.join("mcp-traces"));
    assert_eq!(written.len(), 1, "one trace for the one session: {written:?}\n{stderr}");
    read(&dir, &["open", dir.join("mcp-traces").join(&written[0]).to_str().unwrap()]);
    let actions = read(&dir, &["actions"]);
    let groups: Vec<&str> = actions.lines().filter(|l| l.contains("run_script")).collect();
    assert_eq!(groups.len(), 2, "{actions}");
    assert!(!groups[0].contains('✗') && groups[1].contains('✗'), "the second call failed:\n{actions}");
    assert!(actions.contains("locator('#missing')"), "{actions}");
    let _ = std::fs::remove_dir_all(&dir);
}

const HOOKS: &str = r#"import { Before, After, Status } from '@cucumber/cucumber'

Before(async function (this: any) {
  await this.context.tracing.start({ screenshots: true, snapshots: true })
})

After(async function (this: any, { result, pickle }: any) {
  const failed = result && result.status === Status.FAILED
  await this.context.tracing.stop(failed ? { path: `test-results/${pickle.name}.zip` } : undefined)
})
"#;

/// A cucumber-js + Playwright suite that keeps its own traces (Before starts, After stops
/// with a path when the scenario failed) runs unchanged, with or without `--trace`.
#[test]
fn a_suites_own_tracing_hooks_write_traces_the_reader_opens() {
    support::browser_available();
    reader();
    let base = support::serve(PAGES);
    let dir = project("hooks");
    std::fs::write(dir.join("steps/hooks.ts"), HOOKS).unwrap();
    for run in [&[][..], &["--trace", "on"][..]] {
        let _ = std::fs::remove_dir_all(dir.join("test-results"));
        let out = bdd(&dir, &base, run);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{run:?}: {stderr}");
        assert_eq!(zips(&dir.join("test-results")), ["a total that never shows.zip"], "{run:?}: {stderr}");
        let zip = dir.join("test-results/a total that never shows.zip");
        read(&dir, &["open", zip.to_str().unwrap()]);
        let actions = read(&dir, &["actions"]);
        for expected in ["Navigate", "Fill \"cake\"", "Click", "Expect \"toBeVisible\""] {
            assert!(actions.contains(expected), "{run:?}: {expected:?} missing from\n{actions}");
        }
        assert!(actions.contains('✗'), "{actions}");
        read(&dir, &["close"]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A same-origin iframe's document is a snapshot of its own, which the page's snapshot names
/// where the iframe is: served by Playwright's reader, the field filled inside the frame shows
/// its value in Chromium (before: the iframe was an empty box).
#[test]
fn iframes_show_in_the_snapshots() {
    support::browser_available();
    reader();
    let base = support::serve(FRAME_PAGES);
    let dir = project("iframes");
    let script =
        format!("await page.goto('{base}/outer'); await page.frameLocator('iframe').getByLabel('Code').fill('1234')");
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "--trace", "frames.zip", "-e", &script])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    read(&dir, &["open", dir.join("frames.zip").to_str().unwrap()]);
    let actions = read(&dir, &["actions"]);
    let fill = action_number(&actions, "Fill \"1234\"");
    let inside = "const f = page.frameLocator('iframe'); return [await page.locator('h1').textContent(), await f.getByLabel('Code').inputValue()]";
    assert_eq!(in_snapshot(&dir, &fill, "after", inside), r#"["Checkout","1234"]"#);
    assert_eq!(in_snapshot(&dir, &fill, "before", inside), r#"["Checkout",""]"#);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `[test] trace = "on-first-retry"` in the config: only the first retry is recorded (and kept,
/// whatever its outcome), under `[test] output`.
#[test]
fn the_config_can_ask_for_the_first_retry_only() {
    support::browser_available();
    let base = support::serve(PAGES);
    let dir = project("first-retry");
    std::fs::write(dir.join("ferridriver.toml"), "[test]\ntrace = \"on-first-retry\"\noutput = \"retries\"\n").unwrap();
    let out = bdd(&dir, &base, &["--retry", "2"]);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(zips(&dir.join("retries")), ["shop-7-a-total-that-never-shows-retry1.zip"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Repetitions of one scenario (`--repeat-each`) keep a trace each, under names of their own.
#[test]
fn repetitions_keep_a_trace_each() {
    support::browser_available();
    let base = support::serve(PAGES);
    let dir = project("repeat");
    let out = bdd(&dir, &base, &["--trace", "on", "--repeat-each", "2", "--name", "adding tea", "--output", "t"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(zips(&dir.join("t")), ["shop-2-adding-tea-2.zip", "shop-2-adding-tea.zip"]);
    for name in zips(&dir.join("t")) {
        let archive = zip::ZipArchive::new(std::fs::File::open(dir.join("t").join(&name)).unwrap());
        assert!(archive.is_ok_and(|a| a.len() > 2), "{name} is a whole zip");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
