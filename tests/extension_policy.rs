//! Policy profiles for extension tools (ADR 0025), through the three hosts: the profile each
//! level of the precedence chain picks, per-plugin overrides, a handler's `commands` lent to
//! another plugin, the `CAPABILITY_DENIED` error, and the audit log with `ferridriver audit`.

#[path = "common/mcp_stdio.rs"]
mod mcp_stdio;

#[path = "common/ok_server.rs"]
mod ok_server;

use mcp_stdio::McpStdio;
use ok_server::server;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Plugin `box`: network with no declared hosts (by `fetch` and by Node's `http`), with a
/// declared host, a command, and a tool
/// that keeps its `commands` object where other code can reach it. Plugin `thief` uses it.
const BOX: &str = r#"
import http from 'http';
definePlugin({
  name: 'box',
  version: '1.0.0',
  tools: [
    { name: 'net', exposeAsTool: true, inputSchema: { type: 'object', properties: { url: { type: 'string' } } },
      handler: async ({ args }: any) => (await fetch(args.url)).status },
    { name: 'http', handler: ({ args }: any) => new Promise((resolve, reject) => {
      http.get(args.url, (res: any) => { res.resume(); resolve(res.statusCode); }).on('error', reject);
    }) },
    { name: 'listed', allow: { net: ['127.0.0.1'] },
      handler: async ({ args }: any) => (await fetch(args.url)).status },
    { name: 'deploy', exposeAsTool: true, allow: { commands: { hello: 'echo hi' } },
      handler: async ({ commands }: any) => commands.run('hello') },
    { name: 'stash', allow: { commands: { hello: 'echo hi' } },
      handler: async ({ commands }: any) => { (globalThis as any).kept = commands; return true; } },
  ],
});
definePlugin({
  name: 'thief',
  version: '1.0.0',
  tools: [{ name: 'borrow', handler: async () => (globalThis as any).kept.run('hello') }],
});
defineTool({ name: 'local.hello', allow: { commands: { hello: { run: 'echo "hi $GREETING"', env: ['GREETING'] } } },
  handler: async ({ commands }: any) => commands.run('hello') });
"#;

/// Every tool called once; each answer is its value or `{ denied: name, message }`.
const CALLS: &str = r#"
  const out = {};
  const call = async (key, name, args) => {
    try { out[key] = await plugins[name](args || {}); }
    catch (e) { out[key] = { error: e.name, message: e.message }; }
  };
  await call('net', 'box.net', { url: args[0] });
  await call('listed', 'box.listed', { url: args[0] });
  await call('http', 'box.http', { url: args[0] });
  await call('deploy', 'box.deploy');
  await call('stash', 'box.stash');
  await call('borrow', 'thief.borrow');
  await call('local', 'local.hello');
  out.env = Object.keys(process.env);
  return out;
"#;

/// A project with the plugins, `config` as its ferridriver.toml, and an empty user config
/// folder (`xdg/`) unless `user` gives its config.toml.
fn project(name: &str, config: &str, user: Option<&str>) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fd-policy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("extensions")).unwrap();
    std::fs::create_dir_all(dir.join("xdg/ferridriver")).unwrap();
    std::fs::write(dir.join("extensions/box.ts"), BOX).unwrap();
    std::fs::write(dir.join("ferridriver.toml"), config).unwrap();
    if let Some(user) = user {
        std::fs::write(dir.join("xdg/ferridriver/config.toml"), user).unwrap();
    }
    dir
}

const FILES: &str = "[extensions]\nfiles = [\"extensions\"]\n[scripting]\nallowEnv = [\"GREETING\"]\n";

/// `ferridriver run` of [`CALLS`] in `dir` with `flags` and `env_policy` as
/// FERRIDRIVER_EXTENSION_POLICY: the returned value and stderr.
fn run(dir: &Path, flags: &[&str], env_policy: Option<&str>, url: &str) -> (Value, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ferridriver"));
    command
        .args(["run", "--json"])
        .args(flags)
        .args(["-e", CALLS, "--", url])
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", dir.join("xdg"))
        .env("GREETING", "there")
        .env_remove("FERRIDRIVER_EXTENSION_POLICY");
    if let Some(policy) = env_policy {
        command.env("FERRIDRIVER_EXTENSION_POLICY", policy);
    }
    let out: Output = command.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let envelope: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    (envelope["value"].clone(), stderr)
}

/// An audit line written when the tools loaded (not a use).
fn at_load_line(entry: &Value) -> bool {
    entry["reason"].as_str().is_some_and(|r| r.starts_with("at load:"))
}

fn denied(value: &Value, needle: &str) {
    assert_eq!(value["error"], "CapabilityDeniedError", "{value}");
    let message = value["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("CAPABILITY_DENIED") && message.contains(needle), "{needle:?} in {message}");
}

#[test]
fn the_standard_profile_keeps_commands_from_plugins_and_lets_project_tools_run() {
    let url = server();
    let dir = project("standard", FILES, None);
    let (value, stderr) = run(&dir, &[], None, &url);
    assert_eq!(value["net"], 200, "an empty allow.net is any host: {value}\n{stderr}");
    assert_eq!(value["http"], 200, "Node's http goes where fetch goes: {value}\n{stderr}");
    assert_eq!(value["listed"], 200);
    denied(&value["deploy"], "tool \"box.deploy\" of plugin box may not use `commands` under the `standard`");
    assert!(value["deploy"]["message"].as_str().unwrap().contains("allow = [\"commands\"]"), "says how to grant it");
    assert_eq!(value["local"], "hi there", "the project's own tool runs its command with the env it passes");
    assert_eq!(value["env"], json!(["GREETING"]));

    // The audit log has each use and denial, and never a command's output or a URL's path.
    let log = std::fs::read_to_string(dir.join(".ferridriver/audit.jsonl")).unwrap();
    let entries: Vec<Value> = log.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let find = |tool: &str, capability: &str| {
        entries
            .iter()
            .find(|e| e["tool"] == tool && e["capability"] == capability && !at_load_line(e))
            .unwrap_or_else(|| panic!("{tool} {capability} in\n{log}"))
    };
    let net = find("box.net", "net");
    assert_eq!(
        (net["decision"].as_str(), net["target"].as_str(), net["plugin"].as_str()),
        (Some("allow"), Some("127.0.0.1"), Some("box"))
    );
    assert_eq!(net["host"], "run");
    let deploy = find("box.deploy", "commands");
    assert_eq!((deploy["decision"].as_str(), deploy["target"].as_str()), (Some("deny"), Some("hello")));
    let local = find("local.hello", "env");
    assert_eq!(
        (local["decision"].as_str(), local["target"].as_str(), &local["plugin"]),
        (Some("allow"), Some("GREETING"), &Value::Null)
    );
    assert!(!log.contains("there") && !log.contains("echo"), "no values or command lines: {log}");
    // The decisions at load come first: each declared capability of each tool.
    let at_load = |tool: &str, capability: &str| {
        entries.iter().find(|e| {
            e["tool"] == tool
                && e["capability"] == capability
                && e["reason"].as_str().is_some_and(|r| r.starts_with("at load:"))
        })
    };
    let deploy_at_load = at_load("box.deploy", "commands").unwrap_or_else(|| panic!("{log}"));
    assert_eq!((deploy_at_load["decision"].as_str(), deploy_at_load["host"].as_str()), (Some("deny"), Some("run")));
    assert_eq!(at_load("local.hello", "env").map(|e| e["decision"].clone()), Some(json!("allow")));
    assert_eq!(at_load("box.net", "net").map(|e| e["target"].clone()), Some(json!("any host")));

    // `ferridriver audit` filters by plugin and decision.
    let audit = |args: &[&str]| {
        let out =
            Command::new(env!("CARGO_BIN_EXE_ferridriver")).arg("audit").args(args).current_dir(&dir).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let denials = audit(&["--plugin", "box", "--decision", "deny", "--json"]);
    let lines: Vec<Value> = denials.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(!lines.is_empty() && lines.iter().all(|e| e["plugin"] == "box" && e["decision"] == "deny"), "{denials}");
    let project_only = audit(&["--plugin", "project"]);
    assert!(project_only.contains("project local.hello") && !project_only.contains("box."), "{project_only}");
    assert_eq!(audit(&["-n", "1", "--json"]).lines().count(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_override_grants_one_plugin_commands_which_no_other_plugin_can_borrow() {
    let url = server();
    let config = format!("{FILES}[extensions.policy.plugins.box]\nallow = [\"commands\"]\n");
    let dir = project("override", &config, None);
    let (value, stderr) = run(&dir, &[], None, &url);
    assert_eq!(value["deploy"], "hi", "{value}\n{stderr}");
    assert_eq!(value["stash"], true);
    denied(&value["borrow"], "may only be used by its own handler (called from tool \"thief.borrow\")");
    // A profile named above the project's grant is not undone by it.
    let (value, _) = run(&dir, &["--extension-policy", "safe"], None, &url);
    denied(&value["deploy"], "the grant in ferridriver.toml does not apply, being below --extension-policy");
    // A deny next to the allow at the same level wins.
    let config = format!("{FILES}[extensions.policy.plugins.box]\nallow = [\"commands\", \"net\"]\ndeny = [\"net\"]\n");
    let dir2 = project("override-deny", &config, None);
    let (value, _) = run(&dir2, &[], None, &url);
    denied(&value["net"], "denied for that plugin by ferridriver.toml");
    denied(&value["http"], "denied for that plugin by ferridriver.toml");
    denied(&value["listed"], "`net`");
    assert_eq!(value["deploy"], "hi");
    // An unknown capability name is a config error naming the level.
    let config = format!("{FILES}[extensions.policy.plugins.box]\nallow = [\"disk\"]\n");
    let dir3 = project("override-bad", &config, None);
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "-e", "return 1"])
        .current_dir(&dir3)
        .env("XDG_CONFIG_HOME", dir3.join("xdg"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && stderr.contains("unknown capability `disk`"), "{stderr}");
    for d in [dir, dir2, dir3] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn each_level_of_the_chain_beats_the_ones_below_it() {
    let url = server();
    let permissive = format!("{FILES}[extensions.policy]\nprofile = \"permissive\"\n");
    let dir = project("chain", &permissive, Some("[extensions.policy]\nprofile = \"safe\"\n"));
    // The project's permissive beats the user's safe.
    let (value, stderr) = run(&dir, &[], None, &url);
    assert_eq!(value["deploy"], "hi", "permissive grants plugins commands: {value}\n{stderr}");
    // The environment beats the project; safe: no commands, no env, no undeclared network.
    let (value, _) = run(&dir, &[], Some("safe"), &url);
    denied(&value["net"], "declares no allow.net hosts, which is no network under the `safe` extension policy (set by FERRIDRIVER_EXTENSION_POLICY)");
    denied(&value["http"], "declares no allow.net hosts");
    assert_eq!(value["listed"], 200, "declared hosts stay reachable under safe");
    denied(&value["local"], "tool \"local.hello\" of the project may not use `commands` under the `safe`");
    assert_eq!(value["env"], json!([]), "no environment under safe");
    // The flag beats the environment.
    let (value, _) = run(&dir, &["--extension-policy", "standard"], Some("safe"), &url);
    assert_eq!(value["net"], 200);
    denied(&value["deploy"], "`standard` extension policy (set by --extension-policy)");
    // The user's config applies when nothing above names a profile.
    let plain = project("chain-user", FILES, Some("[extensions.policy]\nprofile = \"safe\"\n"));
    let (value, _) = run(&plain, &[], None, &url);
    denied(&value["local"], "config.toml");
    // An unknown name fails closed, with a warning.
    let (value, stderr) = run(&plain, &["--extension-policy", "lenient"], None, &url);
    assert!(stderr.contains("unknown extension policy `lenient`: using `safe`"), "{stderr}");
    denied(&value["net"], "`safe`");
    for d in [dir, plain] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn mcp_clients_and_bdd_steps_meet_the_same_denial_and_it_is_audited_with_the_session() {
    let url = server();
    let dir = project("hosts", FILES, None);
    let mut mcp = McpStdio::start(&dir, &["--extension-policy", "standard"]);
    let reply = mcp.call_tool("box_deploy", json!({}));
    let result = &reply["result"];
    assert_eq!(result["isError"], true, "{reply}");
    assert_eq!(result["structuredContent"]["error"]["code"], "CAPABILITY_DENIED", "{reply}");
    let ok = mcp.call_tool("box_net", json!({ "url": url }));
    assert_eq!((&ok["result"]["isError"], &ok["result"]["content"][0]["text"]), (&json!(false), &json!("200")), "{ok}");
    let (_, stderr) = mcp.end();
    let log = std::fs::read_to_string(dir.join(".ferridriver/audit.jsonl")).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    let denial: Value = log
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|e| e["tool"] == "box.deploy" && !at_load_line(e))
        .unwrap_or_else(|| panic!("{log}"));
    assert_eq!((denial["host"].as_str(), denial["decision"].as_str()), (Some("mcp"), Some("deny")));
    assert!(denial["session"].as_str().is_some_and(|s| !s.is_empty()), "{denial}");

    std::fs::create_dir_all(dir.join("features")).unwrap();
    std::fs::write(
        dir.join("features/deploy.feature"),
        "Feature: Deploy\n  Scenario: A plugin's command\n    When the box deploys\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("extensions/steps.ts"),
        "When('the box deploys', async () => { await plugins['box.deploy']({}); });\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "--extension-policy", "standard"])
        .current_dir(&dir)
        .env("XDG_CONFIG_HOME", dir.join("xdg"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("CAPABILITY_DENIED"), "{stdout}");
    let log = std::fs::read_to_string(dir.join(".ferridriver/audit.jsonl")).unwrap();
    assert!(log.lines().any(|l| l.contains("\"host\":\"bdd\"") && l.contains("box.deploy")), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn file_roots_let_agents_run_the_init_projects_own_feature_and_each_file_page_is_audited() {
    let dir = std::env::temp_dir().join(format!("fd-policy-init-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let init = Command::new(env!("CARGO_BIN_EXE_ferridriver")).arg("init").current_dir(&dir).output().unwrap();
    assert!(init.status.success(), "{}", String::from_utf8_lossy(&init.stderr));
    let steps =
        "Given I open \"features/site/todo.html\"\nWhen I add \"Buy milk\" to the list\nThen the list shows 1 item";
    let run_steps = |dir: &Path| {
        let mut mcp = McpStdio::start(dir, &[]);
        let reply = mcp.call_tool("bdd_run_steps", json!({ "steps": steps }));
        let _ = mcp.end();
        reply["result"]["content"][0]["text"].as_str().unwrap_or_default().to_string()
    };
    let passed = run_steps(&dir);
    assert!(!passed.contains("\"failed\"") && passed.contains("\"passed\""), "{passed}");
    // Without the grant the same page is refused.
    let config = std::fs::read_to_string(dir.join("ferridriver.toml")).unwrap();
    assert!(config.contains("fileRoots = [\"features/site\"]"), "init grants its page's folder");
    std::fs::write(dir.join("ferridriver.toml"), config.replace("fileRoots = [\"features/site\"]", "")).unwrap();
    let refused = run_steps(&dir);
    assert!(refused.contains("is refused: file: pages may only come from"), "{refused}");
    let log = std::fs::read_to_string(dir.join(".ferridriver/audit.jsonl")).unwrap();
    let file_lines: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|e| {
            e["capability"] == "file" && e["target"].as_str().is_some_and(|t| t.ends_with("features/site/todo.html"))
        })
        .collect();
    assert!(file_lines.iter().any(|e| e["decision"] == "allow"), "{log}");
    assert!(file_lines.iter().any(|e| e["decision"] == "deny" && e["host"] == "mcp"), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn safe_hides_the_environment_in_a_project_without_tools_too() {
    let dir = std::env::temp_dir().join(format!("fd-policy-notools-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("xdg")).unwrap();
    std::fs::write(dir.join("ferridriver.toml"), "[scripting]\nallowEnv = [\"GREETING\"]\n").unwrap();
    let keys = |policy: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
            .args(["run", "--json", "--extension-policy", policy, "-e", "return Object.keys(process.env)"])
            .current_dir(&dir)
            .env("XDG_CONFIG_HOME", dir.join("xdg"))
            .env("GREETING", "there")
            .output()
            .unwrap();
        let envelope: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}"));
        envelope["value"].clone()
    };
    assert_eq!(keys("standard"), json!(["GREETING"]));
    assert_eq!(keys("safe"), json!([]));
    let _ = std::fs::remove_dir_all(&dir);
}
