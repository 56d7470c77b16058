//! `ferridriver extensions init NAME` scaffolds a plugin that passes `bdd`, answers over MCP and
//! type-checks as it stands; `ferridriver extensions list` reports files, plugins, tools, steps,
//! error codes, the policy's decisions and load errors.

#[path = "common/mcp_stdio.rs"]
mod mcp_stdio;

use mcp_stdio::McpStdio;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn ferridriver(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(args)
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", dir.join(".no-user-config"))
        .env_remove("FERRIDRIVER_EXTENSION_POLICY")
        .output()
        .unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fd-extensions-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

#[test]
fn a_scaffolded_plugin_passes_bdd_answers_over_mcp_and_type_checks() {
    let dir = scratch("init");
    assert!(ferridriver(&dir, &["init"]).status.success());
    let out = ferridriver(&dir, &["extensions", "init", "box"]);
    assert!(out.status.success(), "{}", text(&out));
    let config = std::fs::read_to_string(dir.join("ferridriver.toml")).unwrap();
    assert!(config.contains("[extensions]\nfiles = [\"extensions\"]"), "{config}");

    let run = ferridriver(&dir, &["bdd", "features/box.feature", "--format", "summary"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run));
    assert!(text(&run).contains("1 scenario (1 passed)"), "{}", text(&run));
    let list = ferridriver(&dir, &["extensions", "list"]);
    assert!(text(&list).contains("    events: scenarioEnd"), "the scaffold's event handler: {}", text(&list));

    let mut mcp = McpStdio::start(&dir, &[]);
    let listed = mcp.request("tools/list", json!({}));
    assert!(listed.to_string().contains("\"box_greet\""), "{listed}");
    let hello = mcp.call_tool("box_greet", json!({ "who": "Ada" }));
    assert_eq!(hello["result"]["structuredContent"], json!({ "greeting": "Hello, Ada!" }), "{hello}");
    let empty = mcp.call_tool("box_greet", json!({ "who": "  " }));
    let error = &empty["result"]["structuredContent"]["error"];
    assert_eq!(
        (error["code"].as_str(), error["hint"].as_str()),
        (Some("box.EMPTY_NAME"), Some("pass a name with at least one letter")),
        "{empty}"
    );
    let _ = mcp.end();

    let tsc = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/types/node_modules/.bin/tsc");
    assert!(tsc.exists(), "{} missing: run `npm ci` in tests/types (or .ci/run)", tsc.display());
    let check = Command::new(&tsc).args(["-p", "tsconfig.json"]).current_dir(&dir).output().unwrap();
    assert!(check.status.success(), "the scaffold type-checks: {}", text(&check));

    // A second plugin of that name, a bad name and a reserved one are refused.
    let again = ferridriver(&dir, &["extensions", "init", "box"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again).contains("extensions/box.ts already exists"), "{}", text(&again));
    for (name, why) in [("Box", "not a plugin name"), ("bdd", "reserved")] {
        let out = ferridriver(&dir, &["extensions", "init", name]);
        assert!(out.status.code() == Some(2) && text(&out).contains(why), "{name}: {}", text(&out));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_list_shows_plugins_tools_steps_policy_decisions_and_load_errors() {
    let dir = scratch("list");
    std::fs::create_dir_all(dir.join("extensions")).unwrap();
    std::fs::write(dir.join("ferridriver.toml"), "extensions = [\"extensions\"]\n").unwrap();
    std::fs::write(
        dir.join("extensions/a_ops.ts"),
        "definePlugin({ name: 'ops', version: '2.1.0', description: 'Operations', errorCodes: { DOWN: {} },\n  \
         tools: [{ name: 'deploy', exposeAsTool: true, allow: { net: ['api.ops.dev'], commands: { ship: { run: 'echo ship', env: ['TOKEN'] } } },\n    \
         handler: async () => 1 }] });\nGiven('ops is up', () => {});\n",
    )
    .unwrap();
    std::fs::write(dir.join("extensions/b_broken.ts"), "definePlugin({ name: 'broken', version: 'one' });\n").unwrap();
    let out = ferridriver(&dir, &["extensions", "list", "--json"]);
    assert_eq!(out.status.code(), Some(1), "a load error: {}", text(&out));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(&out)));
    assert_eq!(report["policy"], json!({ "profile": "standard", "set_by": "the default" }));
    let plugin = &report["plugins"][0];
    assert_eq!((plugin["name"].as_str(), plugin["version"].as_str()), (Some("ops"), Some("2.1.0")));
    assert_eq!(plugin["error_codes"], json!(["ops.DOWN"]));
    assert_eq!(plugin["tools"], json!(["ops.deploy"]));
    let file = &report["files"][0];
    assert_eq!((&file["plugins"], &file["steps"]), (&json!(["ops"]), &json!(["ops is up"])), "{file}");
    let tool = &report["tools"][0];
    assert_eq!((tool["mcp_name"].as_str(), tool["plugin"].as_str()), (Some("ops_deploy"), Some("ops")));
    let decisions: Vec<(String, String, bool)> = tool["capabilities"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (c["capability"].as_str().unwrap().into(), c["requested"].as_str().unwrap().into(), c["allowed"] == true)
        })
        .collect();
    assert_eq!(
        decisions,
        vec![
            ("net".into(), "api.ops.dev".into(), true),
            ("commands".into(), "ship".into(), false),
            ("env".into(), "TOKEN".into(), true)
        ]
    );
    let errors = report["errors"].to_string();
    assert!(errors.contains("b_broken.ts") && errors.contains("PLUGIN_INVALID"), "{errors}");

    // The same under another profile, as text.
    let out = ferridriver(&dir, &["extensions", "list", "--extension-policy", "permissive"]);
    let shown = text(&out);
    assert!(shown.contains("Extension policy: permissive (set by --extension-policy)"), "{shown}");
    assert!(
        shown.contains("plugin ops 2.1.0: Operations") && shown.contains("tool ops.deploy (MCP ops_deploy)"),
        "{shown}"
    );
    assert!(shown.contains("commands: ship — allowed") && shown.contains("Load errors:"), "{shown}");
    let _ = std::fs::remove_dir_all(&dir);
}
