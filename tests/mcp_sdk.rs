//! `ferridriver mcp` driven by the official MCP TypeScript SDK client (`@modelcontextprotocol/sdk`
//! from npm) over stdio and over streamable HTTP: the cases are in tests/mcp/*.mjs and run
//! against a local site that redirects, loads slowly and has iframes; `escape.test.mjs` is the
//! escape suite (hostile files, internals, file: pages, commands, resources). Needs Node and
//! `npm ci` in tests/mcp (`.ci/run` does it); without them the tests fail.

#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::path::Path;
use std::process::Command;

/// Whether the SDK client can run here.
fn client_available() -> bool {
    let sdk = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp/node_modules/@modelcontextprotocol/sdk");
    let node = Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success());
    if node && sdk.is_dir() {
        return true;
    }
    panic!(
        "the MCP SDK client needs Node and `npm ci` in tests/mcp (or run .ci/run, which installs what the tests need)"
    );
}

fn run_client(script: &str) {
    if !support::browser_available() || !client_available() {
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp");
    let output = Command::new("node")
        .arg(script)
        .current_dir(&dir)
        .env("FERRIDRIVER_BIN", env!("CARGO_BIN_EXE_ferridriver"))
        .output()
        .expect("run node");
    let stdout = String::from_utf8_lossy(&output.stdout);
    println!("{stdout}");
    assert!(
        output.status.success(),
        "{script} failed:\n{stdout}\nstderr:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains(" passed"), "{stdout}");
}

#[test]
fn sdk_client_over_stdio() {
    run_client("stdio.test.mjs");
}

#[test]
fn sdk_client_over_http() {
    run_client("http.test.mjs");
}

#[test]
fn escape_suite() {
    run_client("escape.test.mjs");
}

#[test]
fn extension_files_are_watched() {
    run_client("watch.test.mjs");
}
