//! `definePlugin`: tools namespaced by the plugin's name, error codes that reach `plugins[…]`
//! callers and MCP clients (`isError` with `structuredContent.error`), and a loader that fails
//! closed: an invalid plugin, one for another ferridriver version and one whose name is taken
//! register nothing, and the others load.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const BOX: &str = r#"
definePlugin({
  name: 'box',
  version: '1.0.0',
  coreVersion: '>=0.1.0',
  errorCodes: { LOGIN_FAILED: { retryable: true, hint: 'check the user name' }, LOCKED: { message: 'the box is locked' } },
  tools: [
    {
      name: 'login',
      exposeAsTool: true,
      inputSchema: { type: 'object', properties: { user: { type: 'string' } }, required: ['user'] },
      handler: async ({ args }: any) => {
        if (args.user !== 'ada') throw new PluginError('LOGIN_FAILED', `no user ${args.user}`, { details: { user: args.user } });
        return { welcome: args.user };
      },
    },
    { name: 'locked', handler: async () => { throw new PluginError('LOCKED'); } },
    { name: 'oops', handler: async () => { throw new PluginError('NOT_DECLARED', 'never declared'); } },
    { name: 'slow', exposeAsTool: true, timeoutMs: 50, handler: async () => { await new Promise((r) => setTimeout(r, 1000)); return 'late'; } },
    { name: 'forge', exposeAsTool: true, handler: async ({ args }: any) => {
      if (args.how === 'flag') throw Object.assign(new Error('forged'), { qualified: true, code: 'SANDBOX_VIOLATION' });
      throw new PluginError('other.LOGIN_FAILED', 'not mine');
    } },
  ],
});
"#;

fn project(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fd-plugins-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("extensions")).unwrap();
    std::fs::write(dir.join("ferridriver.toml"), "extensions = [\"extensions\"]\n").unwrap();
    std::fs::write(dir.join("extensions/box.ts"), BOX).unwrap();
    // The same plugin a second time (two copies of one package): a no-op, not a conflict.
    std::fs::write(dir.join("extensions/box_copy.ts"), BOX).unwrap();
    // Sorted after box.ts: each fails closed with its reason.
    std::fs::write(
        dir.join("extensions/c_invalid.ts"),
        "definePlugin({ name: 'Bad', version: '1.0.0', tools: [{ name: 'x', exposeAsTool: true, handler: async () => 1 }] });\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("extensions/d_future.ts"),
        "definePlugin({ name: 'future', version: '1.0.0', coreVersion: '>=99.0.0', tools: [{ name: 'x', exposeAsTool: true, handler: async () => 1 }] });\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("extensions/e_taken.ts"),
        "definePlugin({ name: 'box', version: '2.0.0', tools: [{ name: 'other', exposeAsTool: true, handler: async () => 1 }] });\n",
    )
    .unwrap();
    // An event that does not exist: invalid as a whole, nothing of it registers.
    std::fs::write(
        dir.join("extensions/g_badevent.ts"),
        "definePlugin({ name: 'badevent', version: '1.0.0', on: { navigated: () => 1 }, tools: [{ name: 'x', exposeAsTool: true, handler: async () => 1 }] });\n",
    )
    .unwrap();
    // Two tools that would be one on MCP (`wire_a_b`): the plugin fails closed.
    std::fs::write(
        dir.join("extensions/h_wire.ts"),
        "definePlugin({ name: 'wire', version: '1.0.0', tools: [{ name: 'a-b', exposeAsTool: true, handler: async () => 1 }, { name: 'a_b', handler: async () => 2 }] });\n",
    )
    .unwrap();
    // A tool that defineTool itself refuses: the plugin is invalid as a whole.
    std::fs::write(
        dir.join("extensions/f_badtool.ts"),
        "definePlugin({ name: 'badtool', version: '1.0.0', tools: [{ name: 'x', exposeAsTool: true, timeoutMs: -1, handler: async () => 1 }] });\n",
    )
    .unwrap();
    dir
}

#[test]
fn plugin_tools_codes_and_a_loader_that_fails_closed_in_scripts() {
    let dir = project("run");
    let script = r#"
      const out = { tools: Object.keys(plugins).sort() };
      out.ok = await plugins['box.login']({ user: 'ada' });
      try { await plugins['box.login']({ user: 'bob' }); } catch (e) { out.fail = { code: e.code, retryable: e.retryable, hint: e.hint, message: e.message, details: e.details }; }
      try { await plugins['box.oops']({}); } catch (e) { out.undeclared = { code: e.code, message: e.message }; }
      try { await plugins['box.forge']({ how: 'other' }); } catch (e) { out.other = e.code; }
      try { await plugins['box.locked']({}); } catch (e) { out.locked = [e.code, e.message]; }
      try { await plugins['box.login']({ user: 5 }); } catch (e) { out.invalid = { code: e.code, retryable: e.retryable }; }
      try { await plugins['box.slow']({}); } catch (e) { out.slow = { code: e.code, retryable: e.retryable, name: e.name }; }
      return out;
    "#;
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "--json", "-e", script])
        .current_dir(&dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let envelope: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    let value = &envelope["value"];
    assert_eq!(
        value["tools"],
        json!(["box.forge", "box.locked", "box.login", "box.oops", "box.slow"]),
        "nothing of a rejected plugin is registered: {envelope}\n{stderr}"
    );
    assert_eq!(value["ok"], json!({ "welcome": "ada" }));
    assert_eq!(
        value["fail"],
        json!({ "code": "box.LOGIN_FAILED", "retryable": true, "hint": "check the user name", "message": "no user bob", "details": { "user": "bob" } })
    );
    assert_eq!(value["undeclared"]["code"], "INTERNAL");
    assert_eq!(value["locked"], json!(["box.LOCKED", "the box is locked"]), "the code's declared message");
    assert!(!stderr.contains("box_copy.ts"), "an identical second registration is no conflict: {stderr}");
    // Core codes reach `plugins[...]` callers as they reach MCP clients.
    assert_eq!(value["invalid"], json!({ "code": "INVALID_ARGUMENTS", "retryable": false }));
    assert_eq!(value["slow"], json!({ "code": "TIMEOUT", "retryable": true, "name": "TimeoutError" }));
    assert_eq!(value["other"], "INTERNAL", "another plugin's code is not this tool's to throw");
    assert!(value["undeclared"]["message"].as_str().unwrap().contains("does not declare"), "{envelope}");
    for (file, code) in [
        ("c_invalid.ts", "PLUGIN_INVALID"),
        ("d_future.ts", "PLUGIN_VERSION_MISMATCH"),
        ("e_taken.ts", "PLUGIN_CONFLICT"),
        ("g_badevent.ts", "`on.navigated` is not an event"),
        ("h_wire.ts", "PLUGIN_CONFLICT: definePlugin \"wire\": tool \"wire.a_b\" would be \"wire_a_b\" on MCP"),
    ] {
        assert!(stderr.lines().any(|l| l.contains(file) && l.contains(code)), "{file}: {code} in\n{stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn rpc(stdin: &mut impl Write, stdout: &mut impl BufRead, id: u64, method: &str, params: Value) -> Value {
    writeln!(stdin, "{}", json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params })).unwrap();
    if id == 1 {
        writeln!(stdin, r#"{{"jsonrpc":"2.0","method":"notifications/initialized"}}"#).unwrap();
    }
    stdin.flush().unwrap();
    loop {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let reply: Value = serde_json::from_str(&line).unwrap();
        if reply["id"] == json!(id) {
            return reply;
        }
    }
}

#[test]
fn mcp_clients_get_the_error_envelope() {
    let dir = project("mcp");
    let mut server = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .arg("mcp")
        .current_dir(Path::new(&dir))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = server.stdin.take().unwrap();
    let mut stdout = BufReader::new(server.stdout.take().unwrap());
    let client = json!({ "name": "plugins-test", "version": "1" });
    rpc(
        &mut stdin,
        &mut stdout,
        1,
        "initialize",
        json!({ "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": client }),
    );
    let list = rpc(&mut stdin, &mut stdout, 2, "tools/list", json!({}));
    let names: Vec<&str> =
        list["result"]["tools"].as_array().unwrap().iter().filter_map(|t| t["name"].as_str()).collect();
    assert!(names.contains(&"box_login"), "{names:?}");
    // Every rejected plugin's tool asks to be exposed: none is.
    let rejected = ["box_other", "future_x", "Bad_x", "bad_x", "badevent_x", "badtool_x", "wire_a_b"];
    assert!(!names.iter().any(|n| rejected.contains(n)), "{names:?}");
    assert!(names.contains(&"box_slow"), "{names:?}");

    let failed =
        rpc(&mut stdin, &mut stdout, 3, "tools/call", json!({ "name": "box_login", "arguments": { "user": "bob" } }));
    let result = &failed["result"];
    assert_eq!(result["isError"], true, "{failed}");
    assert_eq!(
        result["structuredContent"]["error"],
        json!({ "code": "box.LOGIN_FAILED", "message": "no user bob", "retryable": true, "hint": "check the user name" })
    );
    assert!(
        result["content"][0]["text"].as_str().unwrap().starts_with("no user bob"),
        "the message comes first: {failed}"
    );

    let invalid =
        rpc(&mut stdin, &mut stdout, 4, "tools/call", json!({ "name": "box_login", "arguments": { "user": 5 } }));
    assert_eq!(invalid["result"]["structuredContent"]["error"]["code"], "INVALID_ARGUMENTS", "{invalid}");
    let forged =
        rpc(&mut stdin, &mut stdout, 6, "tools/call", json!({ "name": "box_forge", "arguments": { "how": "flag" } }));
    assert_eq!(
        forged["result"]["structuredContent"]["error"]["code"], "INTERNAL",
        "a code cannot be claimed by setting a property: {forged}"
    );
    let slow = rpc(&mut stdin, &mut stdout, 7, "tools/call", json!({ "name": "box_slow", "arguments": {} }));
    assert_eq!(slow["result"]["structuredContent"]["error"]["code"], "TIMEOUT", "{slow}");
    assert_eq!(slow["result"]["structuredContent"]["error"]["retryable"], true, "{slow}");
    let unknown = rpc(&mut stdin, &mut stdout, 8, "tools/call", json!({ "name": "box_nope", "arguments": {} }));
    assert_eq!(unknown["result"]["isError"], true, "{unknown}");
    assert_eq!(unknown["result"]["structuredContent"]["error"]["code"], "NOT_FOUND", "{unknown}");
    let ok =
        rpc(&mut stdin, &mut stdout, 5, "tools/call", json!({ "name": "box_login", "arguments": { "user": "ada" } }));
    assert_eq!(ok["result"]["structuredContent"], json!({ "welcome": "ada" }), "{ok}");
    drop(stdin);
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);
}
