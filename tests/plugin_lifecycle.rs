//! Plugins' `setup` and `teardown`: each runs once per host process (not once per worker),
//! setups in load order before the first scenario or call, teardowns in reverse order when the
//! host ends and before a reload replaces the plugins; a plugin whose setup throws or runs past
//! 10 s registers nothing (no tools, no steps), is reported with its file and reason, and the
//! others load.

#[path = "common/mcp_stdio.rs"]
mod mcp_stdio;

use mcp_stdio::McpStdio;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn write(root: &Path, path: &str, text: &str) {
    let p = root.join(path);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

fn project(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fd-plugin-lifecycle-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    write(&dir, "ferridriver.toml", "extensions = [\"extensions\"]\n\n[test]\nsteps = [\"steps/**/*.ts\"]\n");
    dir
}

/// A plugin whose setup and teardown print `lifecycle: <what> <name> <host>` on stderr.
fn announcing(name: &str, extra: &str) -> String {
    format!(
        r#"definePlugin({{
  name: '{name}',
  version: '1.0.0',
  setup: async (ctx: any) => {{ await new Promise((r) => setTimeout(r, 20)); console.log(`lifecycle: setup ${{ctx.name}} ${{ctx.host}}`); }},
  teardown: async (ctx: any) => {{ console.log(`lifecycle: teardown ${{ctx.name}} ${{ctx.host}}`); }},
  tools: [{{ name: 'ping', exposeAsTool: true, handler: async () => 'pong from {name}' }}],
}});
{extra}
"#
    )
}

fn lifecycle_lines(stderr: &str) -> Vec<String> {
    stderr.lines().filter_map(|l| l.split_once("lifecycle: ").map(|(_, rest)| rest.to_string())).collect()
}

#[test]
fn setups_run_once_per_process_before_the_scenarios_and_teardowns_after_in_reverse() {
    let dir = project("bdd");
    write(&dir, "extensions/a.ts", &announcing("alpha", "Given('alpha is up', function () {});"));
    write(&dir, "extensions/b.ts", &announcing("beta", ""));
    let scenarios: String = (1..=4).map(|i| format!("  Scenario: number {i}\n    Given alpha is up\n")).collect();
    write(&dir, "features/up.feature", &format!("Feature: plugins\n{scenarios}"));
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "--parallel", "2", "features"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("4 scenarios (4 passed)"), "{stdout}");
    assert_eq!(
        lifecycle_lines(&stderr),
        ["setup alpha bdd", "setup beta bdd", "teardown beta bdd", "teardown alpha bdd"],
        "once per process on 2 workers, teardowns in reverse:\n{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

const BAD: &str = r#"definePlugin({
  name: 'bad',
  version: '1.0.0',
  errorCodes: { NOPE: {} },
  setup: async () => {
    throw new Error('no database at db.invalid');
  },
  tools: [{ name: 'ping', handler: async () => 'never' }],
});
Given('bad is up', function () {});
"#;

#[test]
fn a_plugin_whose_setup_fails_or_hangs_registers_nothing_and_the_others_load() {
    let dir = project("failing");
    write(&dir, "extensions/a_good.ts", &announcing("good", ""));
    write(&dir, "extensions/c_bad.ts", BAD);
    write(
        &dir,
        "extensions/b_online.ts",
        "definePlugin({ name: 'online', version: '1.0.0', setup: async () => { await fetch('http://127.0.0.1:9/'); }, tools: [{ name: 'ping', handler: async () => 1 }] });\n",
    );
    write(
        &dir,
        "extensions/d_slow.ts",
        "definePlugin({ name: 'slow', version: '1.0.0', setup: () => new Promise(() => {}), tools: [{ name: 'ping', handler: async () => 1 }] });\n",
    );
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args([
            "run",
            "--json",
            "-e",
            "return { tools: Object.keys(plugins).sort(), ping: await plugins['good.ping']({}) }",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    let envelope: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}\n{stderr}"));
    assert_eq!(envelope["value"], json!({ "tools": ["good.ping"], "ping": "pong from good" }), "{stderr}");
    let bad = stderr
        .lines()
        .find(|l| l.contains("PLUGIN_SETUP_FAILED") && l.contains("\"bad\""))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(
        bad.starts_with("error: extensions/c_bad.ts:1: ") && bad.contains("threw Error: no database at db.invalid"),
        "{bad}"
    );
    assert!(stderr.contains("extensions/c_bad.ts:6"), "the throw's own line is shown:\n{stderr}");
    let online = stderr
        .lines()
        .find(|l| l.contains("PLUGIN_SETUP_FAILED") && l.contains("\"online\""))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(online.contains("setup and teardown have no network"), "a setup reaches no network: {online}");
    let slow = stderr
        .lines()
        .find(|l| l.contains("PLUGIN_SETUP_FAILED") && l.contains("\"slow\""))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(slow.contains("extensions/d_slow.ts:1") && slow.contains("did not finish within 10 s"), "{slow}");
    assert!(started.elapsed() < Duration::from_secs(40), "the hung setup is abandoned at its limit");
    assert_eq!(lifecycle_lines(&stderr), ["setup good script", "teardown good script"], "{stderr}");

    // Under bdd the failed plugin's steps are not defined, and the run fails before any scenario.
    std::fs::remove_file(dir.join("extensions/d_slow.ts")).unwrap();
    write(&dir, "features/bad.feature", "Feature: bad\n  Scenario: uses the bad plugin\n    Given bad is up\n");
    let out =
        Command::new(env!("CARGO_BIN_EXE_ferridriver")).args(["bdd", "features"]).current_dir(&dir).output().unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(!out.status.success(), "{stdout}\n{stderr}");
    assert!(stderr.contains("PLUGIN_SETUP_FAILED"), "{stderr}");
    assert!(!stdout.contains("1 passed"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_mcp_reload_tears_the_old_plugins_down_before_setting_the_new_ones_up() {
    let dir = project("mcp");
    write(&dir, "extensions/box.ts", &announcing("one", ""));
    let mut mcp = McpStdio::start(&dir, &[]);
    let ping = mcp.call_tool("one_ping", json!({}));
    assert_eq!(ping["result"]["content"][0]["text"], "pong from one", "{ping}");

    write(&dir, "extensions/box.ts", &announcing("two", ""));
    // The reload is seen through the protocol: the new plugin's tool is listed.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let list = mcp.request("tools/list", json!({}));
        if list.to_string().contains("two_ping") {
            break;
        }
        assert!(Instant::now() < deadline, "no reload: {list}");
        std::thread::sleep(Duration::from_millis(100));
    }
    let ping = mcp.call_tool("two_ping", json!({}));
    assert_eq!(ping["result"]["content"][0]["text"], "pong from two", "{ping}");
    let (_, stderr) = mcp.end();
    assert_eq!(
        lifecycle_lines(&stderr),
        ["setup one mcp", "teardown one mcp", "setup two mcp", "teardown two mcp"],
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
