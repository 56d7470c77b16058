//! Plugins' events (`on: { … }`): handlers run in the VM where the event happened — a bdd
//! worker's (sharing `globalThis` with the steps), a `run` session's — for pages opened by Rust
//! steps and JS alike; they never hold up what caused them (a handler that never finishes, one
//! that throws), a failing one is reported with its plugin, event and `.ts` line, and a
//! plugin whose setup failed hears nothing.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "common/mcp_stdio.rs"]
mod mcp_stdio;

use mcp_stdio::McpStdio;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[
    (
        "/",
        "<!DOCTYPE html><title>Watched</title><script>console.log('hello', 1); fetch('/data'); setTimeout(() => { throw new Error('kaboom') }, 10);</script>",
    ),
    ("/data", "the data"),
    ("/second", "<!DOCTYPE html><title>Second</title>"),
];

const WATCH: &str = r#"
const log: string[] = ((globalThis as any).pluginLog = []);
definePlugin({
  name: 'watch',
  version: '1.0.0',
  on: {
    runStart: () => log.push('runStart'),
    scenarioStart: (e: any) => log.push(`scenarioStart ${e.name} line ${e.line} ${e.tags.join(',')} attempt ${e.attempt}`),
    navigate: (e: any) => log.push(`navigate ${new URL(e.url).pathname}`),
    console: (e: any) => { (globalThis as any).watchConsoleAt ??= Date.now(); log.push(`console ${e.type} ${e.text} at line ${e.location.lineNumber}`); },
    network: (e: any) => log.push(`network ${e.method} ${new URL(e.url).pathname} ${e.status} ${e.durationMs >= 0}`),
    pageError: (e: any) => log.push(`pageError ${e.message}`),
    scenarioEnd: (e: any) => log.push(`scenarioEnd ${e.name} ${e.status} ${e.willBeRetried}`),
    runEnd: () => console.log(`runEnd after ${log.length} events`),
  },
});
"#;

// Handlers that never finish or throw: neither holds up a step, and neither stops the others.
const UNRULY: &str = r#"
definePlugin({
  name: 'unruly',
  version: '1.0.0',
  on: {
    scenarioStart: async () => { (globalThis as any).slowStarted = true; await new Promise(() => {}); (globalThis as any).slowFinished = true; },
    console: () => { throw new Error('console handler broke'); },
  },
});
"#;

// Loaded first, its console handler never finishes: the other plugins hear the same event at once.
const STALL: &str = r#"
definePlugin({
  name: 'stall',
  version: '1.0.0',
  on: { console: async () => { (globalThis as any).stallStartedAt ??= Date.now(); await new Promise(() => {}); } },
});
"#;

// Its setup fails, so it must hear nothing.
const FAILED: &str = r#"
definePlugin({
  name: 'failed',
  version: '1.0.0',
  setup: () => { throw new Error('no'); },
  on: { navigate: () => { (globalThis as any).failedHeard = true; } },
});
"#;

const STEPS: &str = r#"
import { Then } from '@cucumber/cucumber';
async function until(what: () => boolean) {
  for (let i = 0; i < 200 && !what(); i++) await new Promise((r) => setTimeout(r, 25));
}
Then('the plugins saw the page', async function () {
  const log: string[] = (globalThis as any).pluginLog;
  await until(() => log.some((l) => l.startsWith('pageError')) && log.some((l) => l.startsWith('network GET /data')));
  this.attach(JSON.stringify(log), 'application/json');
  const want = [
    'runStart',
    'scenarioStart a page opened by a Rust step line 3 @watched attempt 0',
    'navigate /',
    'console log hello 1 at line 0',
    'network GET /data 200 true',
    'pageError kaboom',
  ];
  for (const w of want) if (!log.includes(w)) throw new Error(`missing "${w}" in ${JSON.stringify(log)}`);
  if (!(globalThis as any).slowStarted || (globalThis as any).slowFinished) throw new Error('the slow handler should be running still');
  if ((globalThis as any).failedHeard) throw new Error('a plugin whose setup failed heard an event');
  // The stalled handler (loaded first) did not hold the watcher's back until its 5 s limit.
  const g = globalThis as any;
  if (!(g.stallStartedAt > 0) || !(g.watchConsoleAt - g.stallStartedAt < 2000)) throw new Error(`stall ${g.stallStartedAt}, watch ${g.watchConsoleAt}`);
});
Then('the plugins saw the previous scenario end and this page', async function () {
  const log: string[] = (globalThis as any).pluginLog;
  await this.page.goto('/second');
  await until(() => log.includes('navigate /second'));
  if (!log.includes('scenarioEnd a page opened by a Rust step PASSED false')) throw new Error(JSON.stringify(log));
  if (!log.includes('navigate /second')) throw new Error(JSON.stringify(log));
});
"#;

const FEATURE: &str = "Feature: plugin events
  @watched
  Scenario: a page opened by a Rust step
    Given I open \"/\"
    Then the plugins saw the page

  Scenario: a page opened from JS
    Then the plugins saw the previous scenario end and this page
";

#[test]
fn page_and_scenario_events_reach_plugins_in_the_workers_vm() {
    support::browser_available();
    let base = support::serve(PAGES);
    let dir = js_suite::project_dir("plugin-events-bdd");
    js_suite::write_files(
        &dir,
        &[
            ("ferridriver.toml", "extensions = [\"extensions\"]\n\n[test]\nsteps = [\"steps/**/*.ts\"]\n"),
            ("extensions/0_stall.ts", STALL),
            ("extensions/a_watch.ts", WATCH),
            ("extensions/b_unruly.ts", UNRULY),
            ("steps/check.ts", STEPS),
            ("features/events.feature", FEATURE),
        ],
    );
    // One worker: the second scenario sees the first one's end in the same VM.
    let (out, _, text) = js_suite::run_suite(&dir, &base, &["--parallel", "1"]);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("2 scenarios (2 passed)"), "{text}");
    assert!(
        text.contains("warning: plugin \"unruly\": on.console failed: Error: console handler broke")
            && text.contains("extensions/b_unruly.ts:7"),
        "a failing handler is named with its line: {text}"
    );
    assert!(text.contains("runEnd after"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

const SESSION: &str = r#"
const log: string[] = ((globalThis as any).pluginLog = []);
definePlugin({
  name: 'sessions',
  version: '1.0.0',
  on: {
    sessionStart: (e: any) => log.push(`sessionStart ${e.host}`),
    navigate: (e: any) => log.push(`navigate ${new URL(e.url).pathname}`),
    sessionEnd: async (e: any) => { await new Promise((r) => setTimeout(r, 50)); console.log(`sessionEnd ${e.host} after ${log.length} events`); },
  },
});
"#;

#[test]
fn a_script_session_hears_its_start_pages_and_end_and_a_failed_plugin_hears_nothing() {
    support::browser_available();
    let base = support::serve(PAGES);
    let dir = js_suite::project_dir("plugin-events-run");
    js_suite::write_files(
        &dir,
        &[
            ("ferridriver.toml", "extensions = [\"extensions\"]\n"),
            ("extensions/a_session.ts", SESSION),
            ("extensions/c_failed.ts", FAILED),
        ],
    );
    let script = format!(
        "await page.goto('{base}/second');\n\
         for (let i = 0; i < 200 && !pluginLog.includes('navigate /second'); i++) await new Promise((r) => setTimeout(r, 25));\n\
         return {{ log: pluginLog, failedHeard: globalThis.failedHeard === true }};"
    );
    let (envelope, stderr) = js_suite::run_script(&dir, &script, &[]);
    assert_eq!(
        envelope["value"],
        serde_json::json!({ "log": ["sessionStart script", "navigate /second"], "failedHeard": false }),
        "{stderr}"
    );
    assert!(stderr.contains("PLUGIN_SETUP_FAILED"), "{stderr}");
    assert!(stderr.contains("sessionEnd script after 2 events"), "the end's handler had its time: {stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

const SLOW_START: &str = r#"
definePlugin({
  name: 'slowstart',
  version: '1.0.0',
  tools: [{ name: 'state', exposeAsTool: true, handler: async () => {
    const g = globalThis as any;
    // Well under the handler's 5 s limit: the call did not wait for the handler to be given up.
    return { started: g.slowStarted > 0, finished: g.slowFinished === true, prompt: Date.now() - g.slowStarted < 2000 };
  } }],
  on: {
    sessionStart: async () => { (globalThis as any).slowStarted = Date.now(); await new Promise(() => {}); (globalThis as any).slowFinished = true; },
    sessionEnd: () => { throw new Error('end handler broke'); },
  },
});
"#;

#[test]
fn an_mcp_tool_call_is_not_held_up_by_a_handler_that_never_finishes() {
    let dir = js_suite::project_dir("plugin-events-mcp");
    js_suite::write_files(
        &dir,
        &[("ferridriver.toml", "extensions = [\"extensions\"]\n"), ("extensions/slow.ts", SLOW_START)],
    );
    let mut mcp = McpStdio::start(&dir, &[]);
    let state = mcp.call_tool("slowstart_state", serde_json::json!({}));
    assert_eq!(
        state["result"]["structuredContent"],
        serde_json::json!({ "started": true, "finished": false, "prompt": true }),
        "the handler started in the session's VM and the call did not wait for it: {state}"
    );
    let (_, stderr) = mcp.end();
    assert!(
        stderr.contains("warning: plugin \"slowstart\": on.sessionEnd failed: Error: end handler broke")
            && stderr.contains("extensions/slow.ts:12"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

const HEARS: &str = r#"
const heard: { text: string; at: number }[] = [];
definePlugin({
  name: 'hears',
  version: '1.0.0',
  tools: [{ name: 'heard', exposeAsTool: true, handler: async () => ({ heard }) }],
  on: { console: (e: any) => { heard.push({ text: e.text, at: Date.now() }); } },
});
"#;

fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as u64
}

#[test]
fn an_mcp_session_hears_page_events_between_calls_as_they_happen() {
    let dir = js_suite::project_dir("plugin-events-idle");
    js_suite::write_files(
        &dir,
        &[("ferridriver.toml", "extensions = [\"extensions\"]\n"), ("extensions/hears.ts", HEARS)],
    );
    let mut mcp = McpStdio::start(&dir, &[]);
    // The page logs 300 ms after the call has returned.
    let source = "await page.setContent('<p>idle</p>'); \
                  await page.evaluate(() => setTimeout(() => console.log('later'), 300)); return 1";
    let reply = mcp.call_tool("run_script", serde_json::json!({ "source": source }));
    assert_eq!(reply["result"]["isError"], false, "{reply}");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let asked = now_ms();
    let state = mcp.call_tool("hears_heard", serde_json::json!({}));
    let heard = state["result"]["structuredContent"]["heard"].as_array().cloned().unwrap_or_default();
    let later = heard.iter().find(|h| h["text"] == "later").unwrap_or_else(|| panic!("{state}"));
    // Heard between the calls: before this call was sent, not when it drove the VM.
    assert!(later["at"].as_u64().unwrap() < asked, "heard at {} but asked at {asked}: {state}", later["at"]);
    let (_, stderr) = mcp.end();
    assert!(!stderr.contains("panicked"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
