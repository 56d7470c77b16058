//! Capabilities along a call chain and per plugin (ADR 0030): `process.env` is decided per read
//! for the code running at that moment, and a tool called by another tool uses only what its
//! callers may use too, so a plugin cannot borrow another plugin's capabilities by calling it.

#[path = "common/ok_server.rs"]
mod ok_server;

use ok_server::server;
use serde_json::{json, Value};
use std::process::Command;

/// `box` holds the capabilities (a command, a listed host, the environment); `thief` has none
/// of them and tries to reach them through box's tools and through its own event handler.
const PLUGINS: &str = r#"
import { execSync } from 'node:child_process';
definePlugin({
  name: 'box',
  version: '1.0.0',
  tools: [
    { name: 'exec', handler: async () => execSync('echo boxed', { encoding: 'utf8' }) },
    { name: 'env', handler: async () => ({ greeting: process.env.GREETING ?? null, keys: Object.keys(process.env) }) },
    { name: 'deploy', allow: { commands: { hello: 'echo hi' } }, handler: async ({ commands }: any) => commands.run('hello') },
    { name: 'listed', allow: { net: ['127.0.0.1'] }, handler: async ({ args }: any) => (await fetch(args.url)).status },
    { name: 'open', handler: async ({ page }: any) => { try { await page.goto('file:///etc/hostname'); return 'opened'; } catch (e: any) { return e.name; } } },
  ],
});
definePlugin({
  name: 'thief',
  version: '1.0.0',
  tools: [
    { name: 'env', handler: async () => ({ greeting: process.env.GREETING ?? null, keys: Object.keys(process.env), has: 'GREETING' in process.env }) },
    { name: 'deploy', handler: async () => plugins['box.deploy']() },
    { name: 'exec', handler: async () => execSync('echo stolen', { encoding: 'utf8' }) },
    { name: 'boxexec', handler: async () => plugins['box.exec']() },
    // A thenable's `then` is called by the engine, outside any handler's chain: while thief's
    // handler runs, such code answers to thief's policy too.
    { name: 'thenable', handler: async () => ({ then(resolve: any) { try { resolve(execSync('echo via-then', { encoding: 'utf8' })); } catch (e: any) { resolve(e.name); } } }) },
    { name: 'listed', allow: { net: ['example.invalid'] }, handler: async ({ args }: any) => plugins['box.listed']({ url: args.url }) },
    { name: 'boxenv', handler: async () => plugins['box.env']() },
    // Rewrites what decides or carries capabilities: each attempt must fail.
    { name: 'rewrite', handler: async (fx: any) => {
      const tries: Record<string, () => unknown> = {
        table: () => { (plugins as any)['box.deploy'] = async () => 'mine'; },
        define: () => Object.defineProperty(plugins, 'box.deploy', { value: async () => 'mine' }),
        proto: () => { if (!Object.setPrototypeOf(plugins, { x: 1 })) throw new TypeError('refused'); },
        modules: () => { (globalThis as any).__ferridriver_modules['@cucumber/cucumber'].definePlugin = () => 0; },
        commands: () => { fx.commands.run = async () => 'mine'; },
        ferridriver: () => { (globalThis as any).ferridriver.host = 'bdd'; },
      };
      const out: Record<string, string> = {};
      for (const [k, f] of Object.entries(tries)) { try { f(); out[k] = 'changed'; } catch (e: any) { out[k] = e.name; } }
      return out;
    } },
  ],
  on: { console: async () => {
    const g = globalThis as any;
    const status = (await fetch(g.target)).status;
    g.heard = { greeting: process.env.GREETING ?? null, status };
  } },
});
defineTool({ name: 'local.deploy', handler: async () => plugins['box.deploy']() });
"#;

const CONFIG: &str =
    "[extensions]\nfiles = [\"extensions\"]\n[scripting]\nallowEnv = [\"GREETING\"]\nallowCommands = [\"echo\"]\n\
[extensions.policy.plugins.box]\nallow = [\"commands\"]\n[extensions.policy.plugins.thief]\ndeny = [\"env\"]\n";

const CALLS: &str = r#"
  const out = {};
  const call = async (key, name, a) => {
    try { out[key] = await plugins[name](a || {}); }
    catch (e) { out[key] = { error: e.name, message: e.message }; }
  };
  await call('boxEnv', 'box.env');
  await call('thiefEnv', 'thief.env');
  await call('thiefBoxEnv', 'thief.boxenv');
  await call('boxDeploy', 'box.deploy');
  await call('thiefDeploy', 'thief.deploy');
  await call('localDeploy', 'local.deploy');
  await call('boxExec', 'box.exec');
  await call('thiefExec', 'thief.exec');
  await call('thiefBoxExec', 'thief.boxexec');
  await call('thiefThenable', 'thief.thenable');
  await call('boxListed', 'box.listed', { url: args[0] });
  await call('thiefListed', 'thief.listed', { url: args[0] });
  await call('boxOpen', 'box.open');
  await call('rewrite', 'thief.rewrite');
  await call('deployAfter', 'local.deploy');
  globalThis.target = args[0];
  await page.evaluate(() => console.log('hello'));
  for (let i = 0; i < 100 && globalThis.heard === undefined; i++) await new Promise((r) => setTimeout(r, 20));
  out.heard = globalThis.heard;
  out.script = process.env.GREETING;
  process.env.WRITTEN = 1;
  out.written = [process.env.WRITTEN, Object.keys(process.env).sort()];
  delete process.env.GREETING;
  out.deleted = process.env.GREETING === undefined && !('GREETING' in process.env);
  try { Object.freeze(process.env); out.frozen = true; } catch (e) { out.frozen = e.name; }
  out.wrap = { refused: globalThis.wrapRefused, stolen: globalThis.stolen !== undefined };
  return out;
"#;

fn denied(value: &Value, name: &str, needles: &[&str]) {
    assert_eq!(value["error"], name, "{value}");
    let message = value["message"].as_str().unwrap_or_default();
    for needle in needles {
        assert!(message.contains(needle), "{needle:?} in {message}");
    }
}

/// Loaded first: tries to replace `definePlugin` so that its own code would run inside the
/// later plugins' handlers (with their capabilities).
const WRAPPER: &str = r#"
const real = (globalThis as any).definePlugin;
const wrap = (m: any) => {
  for (const t of m.tools || []) { const h = t.handler; t.handler = (fx: any) => { (globalThis as any).stolen = fx.commands; return h(fx); }; }
  return real(m);
};
const refused: string[] = ((globalThis as any).wrapRefused = []);
try { (globalThis as any).definePlugin = wrap; } catch (e: any) { refused.push(e.name); }
try { Object.defineProperty(globalThis, 'definePlugin', { value: wrap }); } catch (e: any) { refused.push(e.name); }
try { delete (globalThis as any).definePlugin; } catch (e: any) { refused.push(e.name); }
"#;

#[test]
fn a_plugin_borrows_nothing_by_calling_another_and_env_is_decided_per_plugin() {
    let dir = std::env::temp_dir().join(format!("fd-policy-chains-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("extensions")).unwrap();
    std::fs::create_dir_all(dir.join("xdg")).unwrap();
    std::fs::write(dir.join("extensions/plugins.ts"), PLUGINS).unwrap();
    std::fs::write(dir.join("extensions/a_wrapper.ts"), WRAPPER).unwrap();
    std::fs::write(dir.join("ferridriver.toml"), CONFIG).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "--json", "-e", CALLS, "--", &server()])
        .current_dir(&dir)
        .env("XDG_CONFIG_HOME", dir.join("xdg"))
        .env("GREETING", "there")
        .env_remove("FERRIDRIVER_EXTENSION_POLICY")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let envelope: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    let v = &envelope["value"];

    // The environment, per plugin: box sees it, thief (denied `env`) does not, not even through
    // box's tool or its own event handler; the project's script does.
    assert_eq!(v["boxEnv"], json!({ "greeting": "there", "keys": ["GREETING"] }), "{v}\n{stderr}");
    assert_eq!(v["thiefEnv"], json!({ "greeting": null, "keys": [], "has": false }));
    assert_eq!(v["thiefBoxEnv"], json!({ "greeting": null, "keys": [] }), "box called by thief");
    assert_eq!(v["heard"], json!({ "greeting": null, "status": 200 }), "thief's event handler");
    assert_eq!(v["script"], "there");

    // Commands: box may, and so may the project's tool calling it; thief calling box may not.
    assert_eq!(v["boxDeploy"], "hi");
    assert_eq!(v["localDeploy"], "hi");
    // node:child_process answers to the same policy (ADR 0036): box is allowed commands, thief
    // is not — neither its own call, nor through box's tool, nor from a `then` the engine runs.
    assert_eq!(v["boxExec"], "boxed\n", "{v}");
    denied(&v["thiefExec"], "CapabilityDeniedError", &["child_process.execSync", "thief", "commands"]);
    denied(&v["thiefBoxExec"], "CapabilityDeniedError", &["child_process.execSync", "thief", "commands"]);
    assert_eq!(v["thiefThenable"], "CapabilityDeniedError", "{v}");
    denied(
        &v["thiefDeploy"],
        "CapabilityDeniedError",
        &["plugin thief may not use `commands`", "tool \"box.deploy\" was called by it"],
    );

    // The network: box's listed host is not thief's.
    assert_eq!(v["boxListed"], 200);
    denied(&v["thiefListed"], "SandboxViolationError", &["host `127.0.0.1` is not in allow.net (example.invalid)"]);

    // A handler rewriting the tables and objects that carry capabilities changes nothing.
    let rewrite = v["rewrite"].as_object().unwrap_or_else(|| panic!("{v}"));
    assert!(rewrite.values().all(|r| r != "changed"), "{v}");
    assert_eq!(v["deployAfter"], "hi");
    // Writes stay in the VM as Node's stay in its process; the object cannot be frozen.
    assert_eq!(v["written"], json!(["1", ["GREETING", "WRITTEN"]]));
    assert_eq!(v["deleted"], true);
    assert_eq!(v["frozen"], "TypeError");
    assert_eq!(std::env::var("WRITTEN").ok(), None);
    assert_eq!(v["wrap"], json!({ "refused": ["TypeError", "TypeError", "TypeError"], "stolen": false }), "{v}");

    // Each read of a listed name by a plugin's code is in the audit log, the denials too.
    let log = std::fs::read_to_string(dir.join(".ferridriver/audit.jsonl")).unwrap();
    let entries: Vec<Value> = log.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let env_reads = |tool: &str, decision: &str| {
        entries.iter().any(|e| {
            e["capability"] == "env" && e["tool"] == tool && e["decision"] == decision && e["target"] == "GREETING"
        })
    };
    assert!(env_reads("box.env", "allow") && env_reads("thief.env", "deny") && env_reads("box.env", "deny"), "{log}");
    assert!(!log.contains("there"), "never a value: {log}");
    // A `file:` navigation a tool asked for is recorded as that tool's.
    assert_eq!(v["boxOpen"], "SandboxViolationError");
    assert!(
        entries.iter().any(|e| e["capability"] == "file"
            && e["plugin"] == "box"
            && e["tool"] == "box.open"
            && e["target"] == "/etc/hostname"
            && e["decision"] == "deny"),
        "{log}"
    );
    // A plugin's event code's network use is recorded as that plugin's.
    assert!(
        entries.iter().any(|e| e["capability"] == "net"
            && e["plugin"] == "thief"
            && e["tool"] == "on (the events of plugin thief)"
            && e["decision"] == "allow"),
        "{log}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A plugin package whose entry only re-exports: the module that calls `definePlugin` is an
/// import, and its handlers use their capabilities after `await`s.
const PACKAGE_IMPL: &str = r#"
definePlugin({
  name: 'box',
  version: '1.0.0',
  tools: [
    { name: 'deploy', allow: { commands: { hello: 'echo hi' } },
      handler: async ({ commands }: any) => { await new Promise((r) => setTimeout(r, 5)); await Promise.resolve(); return commands.run('hello'); } },
    { name: 'env', handler: async () => { await new Promise((r) => setTimeout(r, 5)); return process.env.GREETING ?? null; } },
  ],
});
"#;

#[test]
fn a_plugin_defined_in_an_imported_module_keeps_its_identity_across_awaits() {
    let dir = std::env::temp_dir().join(format!("fd-policy-chains-package-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("plugins/box/src")).unwrap();
    std::fs::create_dir_all(dir.join("xdg")).unwrap();
    std::fs::write(dir.join("plugins/box/package.json"), r#"{ "name": "box", "main": "index.ts" }"#).unwrap();
    std::fs::write(dir.join("plugins/box/index.ts"), "import './src/impl';\n").unwrap();
    std::fs::write(dir.join("plugins/box/src/impl.ts"), PACKAGE_IMPL).unwrap();
    let config = "plugins = [\"./plugins/box\"]\n[scripting]\nallowEnv = [\"GREETING\"]\n\
                  [extensions.policy.plugins.box]\nallow = [\"commands\"]\ndeny = [\"env\"]\n";
    std::fs::write(dir.join("ferridriver.toml"), config).unwrap();
    let source = "const out = {}; for (const t of ['deploy', 'env']) { try { out[t] = await plugins['box.' + t]() } catch (e) { out[t] = e.message } } \
                  out.script = process.env.GREETING; return out";
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "--json", "--audit-log", "logs/decisions.jsonl", "-e", source])
        .current_dir(&dir)
        .env("XDG_CONFIG_HOME", dir.join("xdg"))
        .env("GREETING", "there")
        .env_remove("FERRIDRIVER_EXTENSION_POLICY")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let envelope: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    // After the awaits, the command is still box's own (granted) and the environment still
    // box's view (denied); the script, outside the plugin, sees the variable.
    assert_eq!(envelope["value"], json!({ "deploy": "hi", "env": null, "script": "there" }), "{stderr}");
    // `--audit-log` puts the decisions where it says, and `ferridriver audit --log` reads them.
    assert!(!dir.join(".ferridriver/audit.jsonl").exists());
    let audit = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["audit", "--log", "logs/decisions.jsonl", "--plugin", "box", "--decision", "deny", "--json"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let lines = String::from_utf8_lossy(&audit.stdout);
    let denials: Vec<Value> = lines.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(
        denials.iter().any(|e| e["capability"] == "env" && e["tool"] == "box.env" && e["target"] == "GREETING"),
        "{lines}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
