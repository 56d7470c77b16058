//! Running declared commands: one-shot (`commands.run`: output capped at 8 MiB, non-zero exit
//! and timeouts are errors, a timeout kills the whole process group) and persistent
//! (`start`/`status`/`stop`: at most 16 per session, last 64 KiB of each stream kept, killed
//! with the session). The child's environment is `PATH` plus the declared names only.

use super::spec::{fill, CommandSpec, OutputMode, Program};
use serde_json::{json, Value};
use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncReadExt};

const MAX_OUTPUT: usize = 8 << 20;
const RING: usize = 64 << 10;
const MAX_PERSISTENT: usize = 16;
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

fn command(spec: &CommandSpec, program: &Program, root: &Path) -> tokio::process::Command {
    let mut cmd = match program {
        Program::Shell(line) => {
            let mut c = tokio::process::Command::new("sh");
            c.arg("-c").arg(line);
            c
        }
        Program::Argv(argv) => {
            let mut c = tokio::process::Command::new(&argv[0]);
            c.args(&argv[1..]);
            c
        }
    };
    cmd.env_clear();
    if let Ok(path) = std::env::var("PATH") {
        cmd.env("PATH", path);
    }
    for name in &spec.env {
        if let Ok(value) = std::env::var(name) {
            cmd.env(name, value);
        }
    }
    let cwd = spec.cwd.as_deref().map(PathBuf::from).map(|c| if c.is_absolute() { c } else { root.join(c) });
    cmd.current_dir(cwd.unwrap_or_else(|| root.to_path_buf()));
    // Its own process group, so that a timeout or stop kills everything it started.
    cmd.process_group(0).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).kill_on_drop(true);
    cmd
}

fn kill_group(pid: Option<u32>) {
    if let Some(pid) = pid {
        // SAFETY: kill(2) with a negative pid signals the process group we created.
        unsafe { libc::kill(-(pid as i32), libc::SIGKILL) };
    }
}

/// Reads `stream` fully, failing past `limit` bytes.
async fn read_capped(mut stream: impl AsyncRead + Unpin, limit: usize) -> Result<Vec<u8>, ()> {
    let mut out = Vec::new();
    let mut buf = [0u8; 16 << 10];
    loop {
        match stream.read(&mut buf).await {
            Ok(0) | Err(_) => return Ok(out),
            Ok(n) => {
                if out.len() + n > limit {
                    return Err(());
                }
                out.extend_from_slice(&buf[..n]);
            }
        }
    }
}

/// Runs a one-shot command and shapes its stdout.
pub async fn run_once(
    name: &str,
    spec: &CommandSpec,
    vars: &serde_json::Map<String, Value>,
    root: &Path,
) -> Result<Value, String> {
    if spec.persistent {
        return Err(format!("command \"{name}\" is persistent: use commands.start/status/stop, not run"));
    }
    let program = fill(&spec.program, vars).map_err(|e| format!("command \"{name}\": {e}"))?;
    let mut child =
        command(spec, &program, root).spawn().map_err(|e| format!("command \"{name}\" could not start: {e}"))?;
    let pid = child.id();
    let (stdout, stderr) = (child.stdout.take(), child.stderr.take());
    let timeout = spec.timeout.unwrap_or(DEFAULT_TIMEOUT);
    let work = async {
        let out = async {
            match stdout {
                Some(s) => read_capped(s, MAX_OUTPUT).await,
                None => Ok(Vec::new()),
            }
        };
        let err = async {
            match stderr {
                Some(s) => read_capped(s, MAX_OUTPUT).await.unwrap_or_default(),
                None => Vec::new(),
            }
        };
        let (out, err) = tokio::join!(out, err);
        (out, err)
    };
    let (out, err) = match tokio::time::timeout(timeout, work).await {
        Ok(r) => r,
        Err(_) => {
            kill_group(pid);
            let _ = child.wait().await;
            return Err(format!(
                "command \"{name}\" timed out after {} ms; its process group was killed",
                timeout.as_millis()
            ));
        }
    };
    let Ok(out) = out else {
        kill_group(pid);
        let _ = child.wait().await;
        return Err(format!("command \"{name}\" wrote more than {} MiB to stdout; it was killed", MAX_OUTPUT >> 20));
    };
    let status = match tokio::time::timeout(timeout, child.wait()).await {
        Ok(Ok(s)) => s,
        _ => {
            kill_group(pid);
            return Err(format!("command \"{name}\" did not exit; its process group was killed"));
        }
    };
    // Whatever it left running in its group goes with it.
    kill_group(pid);
    let text = String::from_utf8_lossy(&out).into_owned();
    if !status.success() {
        let stderr = String::from_utf8_lossy(&err);
        let tail: String = stderr.trim().chars().rev().take(2000).collect::<Vec<_>>().into_iter().rev().collect();
        let code = status.code().map_or("a signal".to_string(), |c| format!("exit code {c}"));
        return Err(format!(
            "command \"{name}\" failed with {code}{}",
            if tail.is_empty() { String::new() } else { format!(": {tail}") }
        ));
    }
    Ok(match spec.output {
        OutputMode::Text => Value::String(text.trim().to_string()),
        OutputMode::Json => {
            serde_json::from_str(&text).map_err(|e| format!("command \"{name}\": its output is not JSON: {e}"))?
        }
        OutputMode::Lines => Value::Array(
            text.lines().map(str::trim).filter(|l| !l.is_empty()).map(|l| Value::String(l.to_string())).collect(),
        ),
    })
}

/// The last bytes of a stream.
#[derive(Default)]
struct Ring(Mutex<VecDeque<u8>>);

impl Ring {
    fn push(&self, bytes: &[u8]) {
        let mut ring = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        ring.extend(bytes);
        let excess = ring.len().saturating_sub(RING);
        ring.drain(..excess);
    }

    fn text(&self) -> String {
        let ring = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        String::from_utf8_lossy(&ring.iter().copied().collect::<Vec<u8>>()).into_owned()
    }
}

struct Running {
    child: Mutex<tokio::process::Child>,
    pid: Option<u32>,
    started: Instant,
    stdout: Arc<Ring>,
    stderr: Arc<Ring>,
}

/// A session's persistent processes (keyed by tool and command name); they outlive VM rebuilds
/// and are killed when the session (this value) is dropped.
#[derive(Default)]
pub struct Processes {
    running: Mutex<HashMap<String, Arc<Running>>>,
}

impl Processes {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Running>>> {
        self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts the command unless it is running; `{name, pid}`.
    pub fn start(&self, key: &str, name: &str, spec: &CommandSpec, root: &Path) -> Result<Value, String> {
        if !spec.persistent {
            return Err(format!("command \"{name}\" is not persistent: use commands.run"));
        }
        let mut map = self.map();
        if let Some(r) = map.get(key) {
            if exit_code(r).is_none() {
                return Ok(json!({ "name": name, "pid": r.pid }));
            }
        }
        let alive = map.values().filter(|r| exit_code(r).is_none()).count();
        if alive >= MAX_PERSISTENT {
            return Err(format!("at most {MAX_PERSISTENT} persistent commands may run per session; stop one first"));
        }
        let program = fill(&spec.program, &serde_json::Map::new()).map_err(|e| format!("command \"{name}\": {e}"))?;
        let mut child =
            command(spec, &program, root).spawn().map_err(|e| format!("command \"{name}\" could not start: {e}"))?;
        let (stdout, stderr) = (Arc::new(Ring::default()), Arc::new(Ring::default()));
        for (stream, ring) in [
            (child.stdout.take().map(|s| Box::new(s) as Box<dyn AsyncRead + Unpin + Send>), Arc::clone(&stdout)),
            (child.stderr.take().map(|s| Box::new(s) as Box<dyn AsyncRead + Unpin + Send>), Arc::clone(&stderr)),
        ] {
            if let Some(mut stream) = stream {
                tokio::spawn(async move {
                    let mut buf = [0u8; 8 << 10];
                    while let Ok(n) = stream.read(&mut buf).await {
                        if n == 0 {
                            break;
                        }
                        ring.push(&buf[..n]);
                    }
                });
            }
        }
        let pid = child.id();
        map.insert(
            key.to_string(),
            Arc::new(Running { child: Mutex::new(child), pid, started: Instant::now(), stdout, stderr }),
        );
        Ok(json!({ "name": name, "pid": pid }))
    }

    /// `{running, pid, exitCode, uptimeMs, stdout, stderr}`.
    pub fn status(&self, key: &str, name: &str, spec: &CommandSpec) -> Result<Value, String> {
        if !spec.persistent {
            return Err(format!("command \"{name}\" is not persistent: use commands.run"));
        }
        let map = self.map();
        let Some(r) = map.get(key) else {
            return Ok(
                json!({ "running": false, "pid": null, "exitCode": null, "uptimeMs": 0, "stdout": "", "stderr": "" }),
            );
        };
        let code = exit_code(r);
        Ok(json!({
            "running": code.is_none(),
            "pid": r.pid,
            "exitCode": code.flatten(),
            "uptimeMs": r.started.elapsed().as_millis() as u64,
            "stdout": r.stdout.text(),
            "stderr": r.stderr.text(),
        }))
    }

    /// Kills the command's process group; whether it was running.
    pub fn stop(&self, key: &str, name: &str, spec: &CommandSpec) -> Result<bool, String> {
        if !spec.persistent {
            return Err(format!("command \"{name}\" is not persistent: use commands.run"));
        }
        let removed = self.map().remove(key);
        Ok(match removed {
            Some(r) => {
                let was = exit_code(&r).is_none();
                kill_group(r.pid);
                was
            }
            None => false,
        })
    }
}

/// `None` while running; `Some(code)` once exited (`Some(None)` when killed by a signal).
fn exit_code(r: &Running) -> Option<Option<i32>> {
    let mut child = r.child.lock().unwrap_or_else(PoisonError::into_inner);
    match child.try_wait() {
        Ok(Some(status)) => Some(status.code()),
        Ok(None) => None,
        Err(_) => Some(None),
    }
}

impl Drop for Processes {
    fn drop(&mut self) {
        for r in self.map().values() {
            kill_group(r.pid);
        }
    }
}
