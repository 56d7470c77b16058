//! An MCP client over stdio for tests that need no SDK: starts `ferridriver mcp` with some
//! flags, initializes, sends calls one at a time and reads their replies; `end` closes stdin
//! and gives the exit status and stderr (read on a thread, so a chatty server never blocks).

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};

/// A running `ferridriver mcp` on stdio.
pub struct McpStdio {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    stderr: Option<std::thread::JoinHandle<String>>,
    next_id: u64,
}

impl McpStdio {
    /// Starts the server in `dir` with `args` after `mcp`, and initializes a session with it.
    pub fn start(dir: &Path, args: &[&str]) -> McpStdio {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
            .arg("mcp")
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start ferridriver mcp");
        let mut err = child.stderr.take().unwrap();
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = std::io::Read::read_to_string(&mut err, &mut text);
            text
        });
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut mcp = McpStdio { child, stdin, stdout, stderr: Some(stderr), next_id: 0 };
        let client = json!({ "name": "ferridriver-tests", "version": "1" });
        mcp.request("initialize", json!({ "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": client }));
        mcp.send(&json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }));
        mcp
    }

    fn send(&mut self, message: &Value) {
        let stdin = self.stdin.as_mut().expect("the client is still connected");
        writeln!(stdin, "{message}").unwrap();
        stdin.flush().unwrap();
    }

    /// Sends a request and returns its reply (notifications in between are skipped).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let mut line = String::new();
            assert!(self.stdout.read_line(&mut line).unwrap() > 0, "the server ended before answering {method}");
            let reply: Value = serde_json::from_str(&line).unwrap();
            if reply["id"] == json!(id) {
                return reply;
            }
        }
    }

    /// Calls tool `name`.
    pub fn call_tool(&mut self, name: &str, arguments: Value) -> Value {
        self.request("tools/call", json!({ "name": name, "arguments": arguments }))
    }

    /// Disconnects (closes stdin) and waits for the server to end: its status and stderr.
    pub fn end(mut self) -> (ExitStatus, String) {
        drop(self.stdin.take());
        let status = self.child.wait().unwrap();
        let stderr = self.stderr.take().map(|t| t.join().unwrap_or_default()).unwrap_or_default();
        (status, stderr)
    }
}
