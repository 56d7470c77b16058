//! The built-in step library, run by the `ferridriver` binary in real Chromium: the project's
//! own features, failure screenshots, HTTP steps against a local server, and no browser left
//! behind.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn chromium_available() -> bool {
    if ferridriver_browser::find_browser(None).is_ok() {
        return true;
    }
    panic!(
        "these tests need Chromium: apt-get install -y chromium (or run .ci/run, which installs what the tests need)"
    );
}

fn run(dir: &Path, args: &[&str]) -> (Output, u32) {
    let child = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .arg("bdd")
        .args(args)
        .current_dir(dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("binary starts");
    let pid = child.id();
    (child.wait_with_output().expect("binary runs"), pid)
}

fn messages(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| serde_json::from_str(l).ok()).collect()
}

/// Browser processes whose profile was made by the ferridriver process `pid`.
fn browsers_of(pid: u32) -> usize {
    let needle = format!("ferridriver-profile-{pid}-");
    std::fs::read_dir("/proc")
        .map(|d| {
            d.flatten()
                .filter(|e| {
                    std::fs::read(e.path().join("cmdline"))
                        .map(|c| String::from_utf8_lossy(&c).contains(&needle))
                        .unwrap_or(false)
                })
                .count()
        })
        .unwrap_or(0)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ferridriver-builtin-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_projects_own_features_pass_in_parallel_and_leave_no_browser() {
    if !chromium_available() {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (out, pid) = run(root, &["features", "--parallel", "2", "-f", "message"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let msgs = messages(&out);
    let finished = msgs.iter().filter(|m| m.get("testCaseFinished").is_some()).count();
    assert_eq!(finished, 8);
    let workers: std::collections::HashSet<_> =
        msgs.iter().filter_map(|m| m.get("testCaseStarted")).filter_map(|s| s.get("workerId")).collect();
    assert_eq!(workers.len(), 2, "both workers ran scenarios");
    assert_eq!(browsers_of(pid), 0, "no Chromium process outlives the run");
}

#[test]
fn a_failed_step_carries_a_screenshot_and_the_assertion_details() {
    if !chromium_available() {
        return;
    }
    let dir = scratch("evidence");
    std::fs::write(dir.join("page.html"), "<title>Evidence</title><h1>Hello</h1>").unwrap();
    std::fs::write(
        dir.join("fail.feature"),
        "Feature: F\n  Scenario: S\n    Given I open \"page.html\"\n    Then I should see \"Goodbye\"\n",
    )
    .unwrap();
    let (out, _) = run(&dir, &["fail.feature", "-f", "message"]);
    assert_eq!(out.status.code(), Some(1));
    let msgs = messages(&out);
    let pngs = msgs.iter().filter_map(|m| m.get("attachment")).filter(|a| a["mediaType"] == "image/png").count();
    assert_eq!(pngs, 1, "one screenshot, for the failed step");
    let failure = msgs
        .iter()
        .filter_map(|m| m.get("testStepFinished"))
        .find(|f| f["testStepResult"]["status"] == "FAILED")
        .expect("a failed step");
    let message = failure["testStepResult"]["message"].as_str().unwrap();
    assert!(message.contains("getByText('Goodbye')") && message.contains("Expected: visible"), "{message}");

    let (out, _) = run(&dir, &["fail.feature", "-f", "message", "--screenshot", "off"]);
    assert_eq!(messages(&out).iter().filter(|m| m.get("attachment").is_some()).count(), 0);
    let (out, _) = run(&dir, &["fail.feature", "-f", "message", "--screenshot", "always"]);
    assert_eq!(messages(&out).iter().filter(|m| m.get("attachment").is_some()).count(), 2, "one per step");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Serves `html` for every page and reports each `GET /loaded` (sent by the page) on `loaded`.
fn page_server(html: &'static str, loaded: std::sync::mpsc::Sender<()>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for mut stream in listener.incoming().flatten() {
            let mut request = String::new();
            let _ = BufReader::new(stream.try_clone().unwrap()).read_line(&mut request);
            let (kind, body) = if request.starts_with("GET /loaded") {
                let _ = loaded.send(());
                ("text/plain", "")
            } else {
                ("text/html", html)
            };
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    base
}

/// Serves `/api/user` as JSON and echoes POST bodies on `/api/echo`.
fn api_server() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut stream = stream;
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut request = String::new();
            let _ = reader.read_line(&mut request);
            let mut length = 0;
            loop {
                let mut h = String::new();
                if reader.read_line(&mut h).unwrap_or(0) <= 2 {
                    break;
                }
                if let Some(v) = h.to_ascii_lowercase().strip_prefix("content-length:") {
                    length = v.trim().parse().unwrap_or(0);
                }
            }
            let mut body = vec![0; length];
            let _ = std::io::Read::read_exact(&mut reader, &mut body);
            let (status, reply) = if request.starts_with("GET /api/user") {
                ("200 OK", r#"{"user":{"name":"Ada","admin":true}}"#.to_string())
            } else if request.starts_with("POST /api/echo") {
                ("201 Created", String::from_utf8_lossy(&body).into_owned())
            } else {
                ("404 Not Found", "{}".to_string())
            };
            let _ = write!(
                stream,
                "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{reply}",
                reply.len()
            );
        }
    });
    base
}

#[test]
fn http_steps_call_an_api() {
    let base = api_server();
    let dir = scratch("http");
    std::fs::write(
        dir.join("api.feature"),
        "Feature: API\n  Scenario: S\n    When I send a GET request to \"/api/user\"\n    Then the response status should be 200\n    \
         And the response JSON at \"/user/name\" should be \"Ada\"\n    And the response JSON at \"/user/admin\" should be \"true\"\n    \
         When I send a POST request to \"/api/echo\" with body:\n      \"\"\"\n      {\"hello\": \"world\"}\n      \"\"\"\n    \
         Then the response status should be 201\n    And the response body should contain \"world\"\n  Scenario: Wrong status\n    \
         When I send a GET request to \"/nothing\"\n    Then the response status should be 200\n",
    )
    .unwrap();
    let params = format!("{{\"baseUrl\":\"{base}\"}}");
    let (out, _) = run(&dir, &["api.feature", "-f", "message", "--parallel", "1", "--world-parameters", &params]);
    let msgs = messages(&out);
    let statuses: Vec<&str> = msgs
        .iter()
        .filter_map(|m| m.get("testStepFinished"))
        .map(|f| f["testStepResult"]["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        ["PASSED"; 7].iter().copied().chain(["PASSED", "FAILED"]).collect::<Vec<_>>(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let failure = msgs.iter().rev().find_map(|m| m.get("testStepFinished")).unwrap();
    assert!(failure["testStepResult"]["message"].as_str().unwrap().contains("expected status 200, received 404"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_steps_command_lists_every_built_in_step_and_docs_match() {
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver")).args(["steps", "--markdown"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let generated = String::from_utf8_lossy(&out.stdout);
    assert!(generated.contains("| `I click the {string} button` |"));
    let docs = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/steps.md")).unwrap();
    assert_eq!(
        docs, generated,
        "docs/steps.md is stale: regenerate it with `cargo run -- steps --markdown > docs/steps.md`"
    );
}

#[test]
fn a_browser_killed_mid_scenario_fails_that_scenario_and_the_next_one_relaunches() {
    if !chromium_available() {
        return;
    }
    let dir = scratch("crash");
    // The page tells the test it has loaded: the browser is up and the first scenario is using
    // it. Killing on that signal (not after a delay) makes "mid-scenario" hold on any machine;
    // a timed kill could land during a slow launch and test the launch error instead.
    let (loaded_tx, loaded_rx) = std::sync::mpsc::channel::<()>();
    let base =
        page_server("<title>Alive</title><h1>Alive</h1><script>onload = () => fetch('/loaded')</script>", loaded_tx);
    std::fs::write(
        dir.join("crash.feature"),
        format!(
            "Feature: F\n  Scenario: The browser dies\n    Given I open \"{base}/page.html\"\n    \
             When I wait for \"never shown\" to appear\n\n  Scenario: The next one relaunches\n    \
             Given I open \"{base}/page.html\"\n    Then I should see \"Alive\"\n"
        ),
    )
    .unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "crash.feature", "--parallel", "1", "-f", "message"])
        .current_dir(&dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // A run that never loads the page fails below with its own output; the bound only keeps a
    // broken build from hanging the suite.
    let loaded = loaded_rx.recv_timeout(std::time::Duration::from_secs(120)).is_ok();
    let needle = format!("ferridriver-profile-{}-", child.id());
    let browser = loaded
        .then(|| {
            std::fs::read_dir("/proc").unwrap().flatten().find_map(|e| {
                let cmd = std::fs::read(e.path().join("cmdline")).ok()?;
                let text = String::from_utf8_lossy(&cmd);
                // The browser itself: its renderers carry the port switch too, and after the
                // PIDs wrap one may come first in /proc (killing it tests a crash instead).
                (text.contains(&needle) && text.contains("--remote-debugging-port") && !text.contains("--type="))
                    .then(|| e.file_name().to_str()?.parse::<i32>().ok())
                    .flatten()
            })
        })
        .flatten();
    let killed = browser
        .is_some_and(|pid| Command::new("kill").args(["-9", &pid.to_string()]).status().is_ok_and(|s| s.success()));
    let out = child.wait_with_output().unwrap();
    assert!(killed, "the page loaded in a browser the test could kill: {}", String::from_utf8_lossy(&out.stderr));
    let msgs = messages(&out);
    let results: Vec<(String, String)> = msgs
        .iter()
        .filter_map(|m| m.get("testStepFinished"))
        .map(|f| {
            let r = &f["testStepResult"];
            (r["status"].as_str().unwrap().to_string(), r["message"].as_str().unwrap_or("").to_string())
        })
        .collect();
    let failed = results.iter().find(|(s, _)| s == "FAILED").expect("the first scenario failed");
    assert!(failed.1.contains("connection") || failed.1.contains("closed"), "a clear error: {}", failed.1);
    assert_eq!(
        results.last().map(|(s, _)| s.as_str()),
        Some("PASSED"),
        "the second scenario ran on a new browser: {results:?}"
    );
    assert_eq!(out.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cdp_endpoint_drives_a_browser_someone_else_runs() {
    if !chromium_available() {
        return;
    }
    let chromium = ferridriver_browser::find_browser(None).unwrap();
    let profile = scratch("remote-profile");
    let mut remote = Command::new(chromium)
        .args(["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"])
        .args(["--disable-component-update", "--disable-sync", "--remote-debugging-port=0", "about:blank"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        // Its own process group, so that its helpers go with it at the end.
        .process_group(0)
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(remote.stderr.take().unwrap()).lines();
    let ws = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|l| l.split("DevTools listening on ").nth(1).map(|u| u.trim().to_string()))
        .expect("the remote browser prints its endpoint");
    std::thread::spawn(move || for _ in lines {});
    let dir = scratch("remote");
    std::fs::write(dir.join("page.html"), "<title>Remote</title><p>Hello from afar</p>").unwrap();
    std::fs::write(
        dir.join("r.feature"),
        "Feature: F\n  Scenario: S\n    Given I open \"page.html\"\n    Then I should see \"Hello from afar\"\n",
    )
    .unwrap();
    let (out, _) = run(&dir, &["r.feature", "--cdp-endpoint", &ws, "--parallel", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(remote.try_wait().unwrap().is_none(), "a browser we did not start is left running");
    // The http:// address resolves through /json/version; each of two workers connects on its
    // own (with the extra header), and every page they opened is gone afterwards.
    let http = format!("http://{}", ws.trim_start_matches("ws://").split('/').next().unwrap());
    let mut twice = std::fs::read_to_string(dir.join("r.feature")).unwrap();
    twice.push_str("  Scenario: T\n    Given I open \"page.html\"\n    Then I should see \"Hello from afar\"\n");
    std::fs::write(dir.join("r.feature"), twice).unwrap();
    let (out, _) =
        run(&dir, &["r.feature", "--cdp-endpoint", &http, "--cdp-header", "X-Ferridriver: test", "--parallel", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(remote.try_wait().unwrap().is_none(), "a browser we did not start is left running");
    let list = Command::new("curl").args(["-s", &format!("{http}/json/list")]).output().unwrap();
    let pages: Vec<serde_json::Value> = serde_json::from_slice(&list.stdout).unwrap_or_default();
    let pages: Vec<_> = pages.iter().filter(|t| t["type"] == "page").map(|t| t["url"].to_string()).collect();
    assert_eq!(pages, vec!["\"about:blank\"".to_string()], "only the remote browser's own page is left");
    let (out, _) = run(&dir, &["r.feature", "--cdp-endpoint", "ftp://nowhere"]);
    assert_ne!(out.status.code(), Some(0));
    // The whole group: helpers still writing into the profile would keep it from going away.
    let _ = Command::new("kill").args(["-KILL", "--", &format!("-{}", remote.id())]).status();
    let _ = remote.wait();
    let _ = std::fs::remove_dir_all(&dir);
    for _ in 0..20 {
        if std::fs::remove_dir_all(&profile).is_ok() || !profile.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}
