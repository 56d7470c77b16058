//! No browser outlives the host that launched it. Each host (`bdd`, `run`, `mcp`) is killed
//! with SIGKILL while its pages are open, which runs none of its destructors; afterwards no
//! process of its browsers' profiles (`ferridriver-profile-<pid>-…`) may be left running. Ended
//! by SIGTERM or Ctrl-C (SIGINT), a host waits for its browsers: when it has exited, they have.

#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Serves one page and counts the requests for it: a host is known to be mid-run (its page
/// open) once the count reaches what the test waits for.
fn counting_server() -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let hits = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&hits);
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut stream = stream;
            let mut line = String::new();
            let mut reader = BufReader::new(match stream.try_clone() {
                Ok(s) => s,
                Err(_) => continue,
            });
            if reader.read_line(&mut line).is_err() {
                continue;
            }
            let mut header = String::new();
            while reader.read_line(&mut header).map(|n| n > 2).unwrap_or(false) {
                header.clear();
            }
            if line.starts_with("GET /open ") {
                counter.fetch_add(1, Ordering::SeqCst);
            }
            let body = "<!doctype html><title>Open</title><p>open";
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    (base, hits)
}

/// The state and command line of each process of `host`'s browsers (for a failure message).
fn describe_processes_of(host: u32) -> String {
    let needle = format!("ferridriver-profile-{host}-");
    std::fs::read_dir("/proc")
        .map(|d| {
            d.flatten()
                .filter_map(|e| {
                    let cmd = std::fs::read(e.path().join("cmdline")).ok()?;
                    let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
                    let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
                    cmd.contains(&needle).then(|| {
                        format!(
                            "{}: {}",
                            stat.split(") ").nth(1).unwrap_or("").chars().take(12).collect::<String>(),
                            cmd.chars().take(160).collect::<String>()
                        )
                    })
                })
                .collect::<Vec<_>>()
                .join("\n")
        })
        .unwrap_or_default()
}

fn browser_processes_of(host: u32) -> usize {
    support::processes_mentioning(&format!("ferridriver-profile-{host}-"))
}

/// Waits (up to a minute: the host may be slow to start on a busy machine) until `hits` pages
/// were opened, then kills the host with SIGKILL and checks that its browsers went with it.
fn kill_mid_run_and_count(host: Child, hits: &AtomicUsize, wanted: usize) {
    signal_mid_run_and_count(host, hits, wanted, libc::SIGKILL);
}

/// As [`kill_mid_run_and_count`] with `signal`; for SIGINT and SIGTERM the browsers must be
/// gone the moment the host's exit is seen, and the exit status is 130 or 143.
fn signal_mid_run_and_count(mut host: Child, hits: &AtomicUsize, wanted: usize, signal: libc::c_int) {
    let pid = host.id();
    let started = Instant::now();
    while hits.load(Ordering::SeqCst) < wanted {
        if let Ok(Some(status)) = host.try_wait() {
            panic!("the host ended before its pages opened: {status}");
        }
        assert!(started.elapsed() < Duration::from_secs(60), "the host never opened {wanted} page(s)");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(browser_processes_of(pid) > 0, "the host's browsers run while it does");
    // SAFETY: kill(2) on our own child's pid, which we have not reaped yet.
    unsafe {
        libc::kill(pid as libc::pid_t, signal);
    }
    let status = host.wait().expect("the host ends");
    if signal != libc::SIGKILL {
        let expected = if signal == libc::SIGINT { 130 } else { 143 };
        assert_eq!(status.code(), Some(expected), "the host exits as a signal would end it");
        let left = browser_processes_of(pid);
        assert_eq!(left, 0, "the host waited for its browsers before exiting; left:\n{}", describe_processes_of(pid));
        return;
    }
    // The kernel signals the browser at once; its renderers exit when their channel closes.
    let killed = Instant::now();
    while browser_processes_of(pid) > 0 && killed.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(browser_processes_of(pid), 0, "no browser process outlives a host killed with SIGKILL");
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fd-no-leftovers-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// A page that stays open: the script or step opens it, then waits far longer than the test.
const HOLD: &str = "await page.goto(URL + '/open'); await new Promise((resolve) => setTimeout(resolve, 120000));";

/// A bdd project whose two scenarios each open a page and hold it.
fn holding_project(name: &str, base: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    std::fs::create_dir_all(dir.join("features")).unwrap();
    let step = format!(
        "import {{ When }} from '@cucumber/cucumber'\nconst URL = '{base}'\nWhen('a page stays open', {{ timeout: 120000 }}, async function (this: any) {{\n  const page = this.page\n  {HOLD}\n}})\n"
    );
    std::fs::write(dir.join("steps/hold.ts"), step).unwrap();
    let scenarios =
        "Feature: Hold\n\n  Scenario: One\n    When a page stays open\n\n  Scenario: Two\n    When a page stays open\n";
    std::fs::write(dir.join("features/hold.feature"), scenarios).unwrap();
    dir
}

fn start_bdd(dir: &std::path::Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "--parallel", "2"])
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start bdd")
}

#[test]
fn bdd_killed_mid_run_leaves_no_browser() {
    if !support::browser_available() {
        return;
    }
    let (base, hits) = counting_server();
    let dir = holding_project("bdd", &base);
    kill_mid_run_and_count(start_bdd(&dir), &hits, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bdd_ended_by_sigterm_or_ctrl_c_waits_for_its_browsers() {
    if !support::browser_available() {
        return;
    }
    for (name, signal) in [("term", libc::SIGTERM), ("int", libc::SIGINT)] {
        let (base, hits) = counting_server();
        let dir = holding_project(name, &base);
        signal_mid_run_and_count(start_bdd(&dir), &hits, 2, signal);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn run_ended_by_sigterm_waits_for_its_browser() {
    if !support::browser_available() {
        return;
    }
    let (base, hits) = counting_server();
    let dir = scratch("run-term");
    let host = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "--timeout-ms", "120000", "-e", &format!("const URL = '{base}'; {HOLD}")])
        .current_dir(&dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start run");
    signal_mid_run_and_count(host, &hits, 1, libc::SIGTERM);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_killed_mid_script_leaves_no_browser() {
    if !support::browser_available() {
        return;
    }
    let (base, hits) = counting_server();
    let dir = scratch("run");
    let host = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "--timeout-ms", "120000", "-e", &format!("const URL = '{base}'; {HOLD}")])
        .current_dir(&dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start run");
    kill_mid_run_and_count(host, &hits, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Starts `ferridriver mcp` on stdio and sends it a `run_script` that holds a page open; the
/// server's stdin is returned (the server ends when it closes).
fn start_mcp_holding(dir: &std::path::Path, base: &str) -> (Child, std::process::ChildStdin) {
    let mut host = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .arg("mcp")
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start mcp");
    let mut stdin = host.stdin.take().expect("stdin");
    let initialize = serde_json::json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": "t", "version": "1" } } });
    let call = serde_json::json!({ "jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
        "name": "run_script", "arguments": { "source": format!("const URL = '{base}'; {HOLD}"), "timeout_ms": 120000 } } });
    for line in [
        initialize.to_string(),
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.to_string(),
        call.to_string(),
    ] {
        writeln!(stdin, "{line}").expect("write to the server");
    }
    stdin.flush().expect("flush");
    (host, stdin)
}

#[test]
fn mcp_ended_by_sigterm_mid_call_waits_for_its_browser() {
    if !support::browser_available() {
        return;
    }
    let (base, hits) = counting_server();
    let dir = scratch("mcp-term");
    let (host, stdin) = start_mcp_holding(&dir, &base);
    let started = Instant::now();
    signal_mid_run_and_count(host, &hits, 1, libc::SIGTERM);
    assert!(started.elapsed() < Duration::from_secs(60), "a call in flight does not hold the shutdown");
    drop(stdin);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn mcp_killed_mid_call_leaves_no_browser() {
    if !support::browser_available() {
        return;
    }
    let (base, hits) = counting_server();
    let dir = scratch("mcp");
    let (host, stdin) = start_mcp_holding(&dir, &base);
    kill_mid_run_and_count(host, &hits, 1);
    drop(stdin);
    let _ = std::fs::remove_dir_all(&dir);
}
