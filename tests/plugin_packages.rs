//! Plugins from npm (`plugins = ["@acme/ferridriver-box", "./plugins/local"]`): a package in the
//! project's `node_modules` is resolved through its package.json and bundled like an extension
//! file, with its own dependencies; a local folder the same way; a package that is installed but
//! not listed never loads; a listed package that is missing fails the run with the command that
//! installs it.

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

fn write(root: &Path, path: &str, text: &str) {
    let p = root.join(path);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

fn project(name: &str, plugins: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fd-plugin-packages-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    write(&dir, "ferridriver.toml", &format!("plugins = {plugins}\n\n[test]\nsteps = [\"steps/**/*.ts\"]\n"));
    // A published plugin: TypeScript source named by the `ferridriver` condition (Node would
    // read the built file), importing a dependency of its own.
    write(
        &dir,
        "node_modules/@acme/ferridriver-box/package.json",
        r#"{ "name": "@acme/ferridriver-box", "version": "1.2.0", "type": "module",
             "exports": { ".": { "ferridriver": "./src/index.ts", "import": "./dist/index.js" } } }"#,
    );
    write(
        &dir,
        "node_modules/@acme/ferridriver-box/src/index.ts",
        r#"
import { shout } from 'tiny-shout';
definePlugin({
  name: 'box',
  version: '1.2.0',
  tools: [{ name: 'greet', exposeAsTool: true, handler: async ({ args }: any) => shout(`hello ${args.who}`) }],
});
Given('the box greets {string}', async function (who: string) { this.greeting = shout(`hello ${who}`); });
Then('the greeting is {string}', function (expected: string) {
  if (this.greeting !== expected) throw new Error(`got ${this.greeting}`);
});
"#,
    );
    write(&dir, "node_modules/@acme/ferridriver-box/dist/index.js", "throw new Error('the Node build was loaded');\n");
    write(&dir, "node_modules/tiny-shout/package.json", r#"{ "name": "tiny-shout", "main": "index.js" }"#);
    write(&dir, "node_modules/tiny-shout/index.js", "exports.shout = (s) => s.toUpperCase() + '!';\n");
    // Installed, never listed: must not load.
    write(&dir, "node_modules/sneaky/package.json", r#"{ "name": "sneaky", "main": "index.ts" }"#);
    write(&dir, "node_modules/sneaky/index.ts", "defineTool({ name: 'sneaky', handler: async () => 1 });\n");
    // A local plugin folder with a package.json.
    write(&dir, "plugins/local/package.json", r#"{ "name": "local", "main": "main.ts" }"#);
    write(
        &dir,
        "plugins/local/main.ts",
        "definePlugin({ name: 'local', version: '0.1.0', tools: [{ name: 'ping', handler: async () => 'pong' }] });\n",
    );
    write(
        &dir,
        "features/box.feature",
        "Feature: a plugin from npm\n  Scenario: its steps run\n    Given the box greets \"ada\"\n    Then the greeting is \"HELLO ADA!\"\n",
    );
    dir
}

fn ferridriver(dir: &Path, args: &[&str]) -> (std::process::Output, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver")).args(args).current_dir(dir).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out, stdout, stderr)
}

#[test]
fn listed_packages_and_folders_load_and_nothing_else_does() {
    let dir = project("listed", r#"["@acme/ferridriver-box", "./plugins/local"]"#);
    let script = "return { tools: Object.keys(plugins).sort(), greet: await plugins['box.greet']({ who: 'bob' }), ping: await plugins['local.ping']({}) };";
    let (out, stdout, stderr) = ferridriver(&dir, &["run", "--json", "-e", script]);
    let envelope: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}\n{stderr}"));
    assert!(out.status.success(), "{envelope}\n{stderr}");
    assert_eq!(
        envelope["value"],
        json!({ "tools": ["box.greet", "local.ping"], "greet": "HELLO BOB!", "ping": "pong" }),
        "{stderr}"
    );

    let (out, stdout, stderr) = ferridriver(&dir, &["bdd", "features"]);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("1 scenario (1 passed)"), "{stdout}");

    // `extensions list` names the plugin and where it came from.
    let (out, stdout, stderr) = ferridriver(&dir, &["extensions", "list", "--json"]);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let plugins = report["plugins"].as_array().unwrap_or_else(|| panic!("{report}"));
    let names: Vec<&str> = plugins.iter().filter_map(|p| p["name"].as_str()).collect();
    assert_eq!(names, ["box", "local"], "{report}");
    assert!(report.to_string().contains("node_modules/@acme/ferridriver-box/src/index.ts"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_listed_package_that_is_missing_fails_the_run() {
    let dir = project("missing", r#"["@acme/ferridriver-box", "@acme/not-installed"]"#);
    let (out, stdout, stderr) = ferridriver(&dir, &["bdd", "features"]);
    assert!(!out.status.success(), "a plugin that does not load fails the run:\n{stdout}\n{stderr}");
    let all = format!("{stdout}\n{stderr}");
    assert!(all.contains("\"@acme/not-installed\"") && all.contains("npm install @acme/not-installed"), "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_package_whose_own_module_throws_is_left_out_and_the_others_load() {
    let dir = project("throws", r#"["@acme/ferridriver-box", "./plugins/local", "./plugins/broken"]"#);
    // Its entry only imports; the module that throws is its own, which no stack names as one
    // of the project's files.
    write(&dir, "plugins/broken/package.json", r#"{ "name": "broken", "main": "index.ts" }"#);
    write(&dir, "plugins/broken/index.ts", "import './src/setup';\n");
    write(
        &dir,
        "plugins/broken/src/setup.ts",
        "definePlugin({ name: 'broken', version: '1.0.0', tools: [{ name: 'x', handler: async () => 1 }] });\n\
         throw new Error('the broken plugin cannot start');\n",
    );
    let script = "return Object.keys(plugins).sort();";
    let (_, stdout, stderr) = ferridriver(&dir, &["run", "--json", "-e", script]);
    let envelope: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}\n{stderr}"));
    assert_eq!(envelope["value"], json!(["box.greet", "local.ping"]), "the other plugins serve: {stderr}");
    assert!(
        stderr.contains("plugins/broken/index.ts") && stderr.contains("the broken plugin cannot start"),
        "the load error names the package's file and the cause: {stderr}"
    );
    let (out, stdout, stderr) = ferridriver(&dir, &["bdd", "features"]);
    assert!(!out.status.success(), "bdd fails the run: {stdout}\n{stderr}");
    assert!(format!("{stdout}{stderr}").contains("the broken plugin cannot start"), "{stdout}\n{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
