//! `ferridriver mcp` over stdio with raw JSON-RPC lines (no SDK): hostile and malformed input
//! gets JSON-RPC errors and the server keeps answering; the 2026-07-28 era works without a
//! handshake; nothing but JSON-RPC is ever written to stdout.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    dir: std::path::PathBuf,
}

impl Server {
    fn start(name: &str) -> Server {
        Server::start_with(name, &[])
    }

    fn start_with(name: &str, flags: &[&str]) -> Server {
        let dir = std::env::temp_dir().join(format!("fd-mcp-raw-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
            .arg("mcp")
            .args(flags)
            .current_dir(&dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start ferridriver mcp");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Server { child, stdin, stdout, dir }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The next line of stdout, which must be one JSON-RPC message.
    fn receive(&mut self) -> Value {
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("stdout carries only JSON-RPC: {e}: {line:?}"))
    }

    /// Sends a request and returns the response with its id (notifications in between are skipped).
    fn request(&mut self, id: u64, method: &str, params: Value) -> Value {
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }).to_string());
        loop {
            let message = self.receive();
            if message["id"] == json!(id) {
                return message;
            }
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Calls run_script and returns its envelope.
fn script(server: &mut Server, id: u64, session: &str, source: &str) -> Value {
    let reply = server.request(
        id,
        "tools/call",
        json!({ "name": "run_script", "arguments": { "source": source, "session": session } }),
    );
    let text = reply["result"]["content"][0]["text"].as_str().unwrap_or_else(|| panic!("{reply}"));
    serde_json::from_str(text).unwrap()
}

fn session_names(server: &mut Server, id: u64) -> Vec<String> {
    let reply = server.request(id, "tools/call", json!({ "name": "session_list", "arguments": {} }));
    reply["result"]["structuredContent"]["sessions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["session"].as_str().unwrap().to_string())
        .collect()
}

/// Pids of the direct children of `parent` whose command line mentions `needle`.
fn children_of(parent: u32, needle: &str) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_string_lossy().parse::<u32>().ok())
        .filter(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let ppid = stat.rsplit(')').next().and_then(|r| r.split_whitespace().nth(1)).and_then(|p| p.parse().ok());
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            ppid == Some(parent) && String::from_utf8_lossy(&cmdline).contains(needle)
        })
        .collect()
}

fn initialize(server: &mut Server) {
    let reply = server.request(
        1,
        "initialize",
        json!({ "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": { "name": "raw", "version": "1" } }),
    );
    assert_eq!(reply["result"]["serverInfo"]["name"], "ferridriver");
    assert!(reply["result"]["capabilities"]["tools"].is_object());
    server.send(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
}

#[test]
fn malformed_and_hostile_json_rpc_gets_errors_and_the_server_keeps_serving() {
    let mut server = Server::start("hostile");
    initialize(&mut server);
    server.send("this is not json {");
    assert_eq!(server.receive()["error"]["code"], -32700);
    server.send(r#"{"id": 7, "method": "ping"}"#);
    let reply = server.receive();
    assert_eq!((reply["id"].clone(), reply["error"]["code"].clone()), (json!(7), json!(-32600)));
    server.send("[1, 2]");
    assert_eq!(server.receive()["error"]["code"], -32600);
    let unknown = server.request(8, "no/such/method", json!({}));
    assert_eq!(unknown["error"]["code"], -32601);
    let bad_tool_args = server.request(9, "tools/call", json!({ "name": "run_script", "arguments": { "source": 5 } }));
    assert_eq!(bad_tool_args["result"]["isError"], true, "{bad_tool_args}");
    // A script cannot reach stdout (the JSON-RPC channel) or the process.
    let quiet = server.request(
        10,
        "tools/call",
        json!({ "name": "run_script", "arguments": { "source": "console.log('{\"jsonrpc\":\"2.0\",\"id\":99}'); try { process.exit(1) } catch (e) { return 'still here' } return 'no throw'" } }),
    );
    let envelope: Value = serde_json::from_str(quiet["result"]["content"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(envelope["value"], "still here", "{envelope}");
    assert_eq!(envelope["console"][0]["level"], "log");
    let huge = "x".repeat(2 << 20);
    let big = server.request(
        11,
        "tools/call",
        json!({ "name": "run_script", "arguments": { "source": "return args[0].length", "args": [huge] } }),
    );
    let envelope: Value = serde_json::from_str(big["result"]["content"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(envelope["value"], 2 << 20);
    let ping = server.request(12, "ping", json!({}));
    assert!(ping["result"].is_object(), "{ping}");
}

#[test]
fn the_2026_era_needs_no_handshake() {
    let mut server = Server::start("era2026");
    let meta = json!({ "_meta": {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": { "name": "raw", "version": "1" }
    } });
    let discover = server.request(1, "server/discover", meta.clone());
    assert!(discover["result"]["supportedVersions"].to_string().contains("2026-07-28"), "{discover}");
    let mut params = json!({ "name": "run_script", "arguments": { "source": "return 6 * 7" } });
    params["_meta"] = meta["_meta"].clone();
    let call = server.request(2, "tools/call", params);
    let text = call["result"]["content"][0]["text"].as_str().unwrap_or_else(|| panic!("{call}"));
    let envelope: Value = serde_json::from_str(text).unwrap();
    assert_eq!(envelope["value"], 42);
}

#[test]
fn idle_sessions_end_and_take_their_state_with_them() {
    let mut server = Server::start_with("idle", &["--idle-timeout-secs", "1"]);
    initialize(&mut server);
    let set = script(&mut server, 2, "idle", "vars.set('k', 'v'); globalThis.g = 1; return vars.keys()");
    assert_eq!(set["value"], json!(["k"]));
    assert_eq!(session_names(&mut server, 3), vec!["idle:default"]);
    // The session ends once idle for its timeout (checked a few times a second), not before.
    let idle_since = std::time::Instant::now();
    let mut id = 100;
    while !session_names(&mut server, id).is_empty() {
        assert!(idle_since.elapsed() < Duration::from_secs(20), "the idle session ended");
        std::thread::sleep(Duration::from_millis(50));
        id += 1;
    }
    assert!(idle_since.elapsed() >= Duration::from_millis(500), "it was idle for (about) its timeout first");
    let fresh = script(&mut server, 5, "idle", "return [vars.keys(), typeof g]");
    assert_eq!(fresh["value"], json!([[], "undefined"]), "a new session starts empty");
}

#[test]
fn a_relaunched_browser_resets_globals_but_keeps_vars_and_the_session_works_again() {
    if ferridriver_browser::find_browser(None).is_err() {
        let on_ci = std::env::var("CI").map(|v| v == "true").unwrap_or(false);
        assert!(!on_ci, "this test needs Chromium");
        return;
    }
    let mut server = Server::start("relaunch");
    initialize(&mut server);
    let first = script(
        &mut server,
        2,
        "crash",
        "vars.set('token', 't'); globalThis.kept = 1; await page.setContent('<h1>one</h1>'); return await page.locator('h1').textContent()",
    );
    assert_eq!(first["value"], "one", "{first}");
    let browsers = children_of(server.child.id(), "remote-debugging");
    assert!(!browsers.is_empty(), "the session's browser is a child of the server");
    for pid in browsers {
        // The browser runs in its own process group: kill all of it.
        unsafe { libc::kill(-(pid as i32), libc::SIGKILL) };
    }
    // The crash is complete once no process of that browser is left (a zombie has no command
    // line): from then on the server must notice it before running the next call.
    let started = std::time::Instant::now();
    let profile = format!("ferridriver-profile-{}-", server.child.id());
    while std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .any(|e| std::fs::read(e.path().join("cmdline")).is_ok_and(|c| String::from_utf8_lossy(&c).contains(&profile)))
    {
        assert!(started.elapsed() < Duration::from_secs(20), "the killed browser exits");
        std::thread::sleep(Duration::from_millis(20));
    }
    let after = script(
        &mut server,
        3,
        "crash",
        "await page.setContent('<h1>two</h1>'); return [typeof kept, vars.get('token'), await page.locator('h1').textContent()]",
    );
    assert_eq!(after["value"], json!(["undefined", "t", "two"]), "{after}");
}

#[test]
fn past_the_warm_limit_the_least_recently_used_sessions_give_back_their_vm() {
    let mut server = Server::start_with("reclaim", &["--max-warm-sessions", "2"]);
    initialize(&mut server);
    for (i, name) in ["a", "b", "c"].iter().enumerate() {
        let set = script(
            &mut server,
            10 + i as u64,
            name,
            &format!("vars.set('v', '{name}'); globalThis.g = '{name}'; return g"),
        );
        assert_eq!(set["value"], *name);
    }
    // The third call's reply came after the server queued the reclaim of "a" (the least
    // recently used) on that session, so "a"'s next call runs after it.
    let a = script(&mut server, 20, "a", "return [typeof g, vars.get('v')]");
    assert_eq!(a["value"], json!(["undefined", "a"]), "{a}");
    let c = script(&mut server, 21, "c", "return [typeof g, vars.get('v')]");
    assert_eq!(c["value"], json!(["string", "c"]), "{c}");
}

/// Starts `ferridriver mcp` with `flags` in a directory holding `config`; returns the child,
/// the URL of its ready line and the directory.
fn start_http(name: &str, config: &str, flags: &[&str]) -> (std::process::Child, String, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("fd-mcp-http-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("ferridriver.toml"), config).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .arg("mcp")
        .args(flags)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let url = loop {
        let line = lines.next().expect("a ready line").unwrap();
        if let Some(url) = line.strip_prefix("ferridriver mcp listening on ") {
            break url.trim().to_string();
        }
    };
    std::thread::spawn(move || for _ in lines {});
    (child, url, dir)
}

/// The status of a raw `initialize` POST to `url`, with an optional bearer token.
fn post_initialize(url: &str, token: Option<&str>) -> u16 {
    let address = url.trim_start_matches("http://").trim_end_matches("/mcp");
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#;
    let auth = token.map(|t| format!("Authorization: Bearer {t}\r\n")).unwrap_or_default();
    let request = format!(
        "POST /mcp HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n{auth}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut status = String::new();
    BufReader::new(stream).read_line(&mut status).unwrap();
    status.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0)
}

#[test]
fn the_mcp_config_table_sets_http_and_flags_win() {
    let config = "[mcp]\nhttp = \"127.0.0.1:0\"\nno_auth = true\n";
    let (mut open, url, dir) = start_http("config", config, &[]);
    assert_eq!(post_initialize(&url, None), 200, "[mcp] http and no_auth from the config");
    let _ = open.kill();
    let _ = open.wait();
    let (mut guarded, url, _) = start_http("flags", config, &["--token", "from-flag"]);
    assert_eq!(post_initialize(&url, None), 401, "--token wins over the config's no_auth");
    assert_eq!(post_initialize(&url, Some("from-flag")), 200);
    let _ = guarded.kill();
    let _ = guarded.wait();
    let _ = std::fs::remove_dir_all(dir);
}
