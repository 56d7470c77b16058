//! The natives behind `js/node_child_process.js`: `cpRunSync` (the synchronous calls),
//! `cpSpawn`/`cpNext`/`cpWrite`/`cpEnd`/`cpKill` (the asynchronous ones). Each start is
//! decided here, in Rust, on the program that will run (ADR 0036).

use super::running::{signal_name, signal_number, Children, Event, Launch, Running, Stream};
use super::{command_line, program};
use crate::commands::CommandContext;
use crate::running::Actor;
use base64::Engine;
use rquickjs::prelude::Async;
use rquickjs::{Ctx, Function, Object};
use serde::Deserialize;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

const B64: base64::engine::GeneralPurpose = base64::engine::general_purpose::STANDARD;

/// How long a synchronous call that stopped its program waits, once it ended, for output a
/// process it started keeps open.
const OUTPUT_AFTER_STOP: Duration = Duration::from_millis(250);

/// What JS asks to start (its options, already defaulted as Node defaults them).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Spec {
    /// `execSync`, `spawn`…: for messages.
    api: String,
    file: String,
    #[serde(default)]
    args: Vec<String>,
    /// Node's `shell`: the file and arguments form one command line.
    #[serde(default)]
    shell: bool,
    cwd: Option<String>,
    #[serde(default)]
    env: serde_json::Map<String, Value>,
    #[serde(default)]
    stdio: Vec<String>,
    /// The synchronous calls' `input`, base64.
    input: Option<String>,
    /// Milliseconds; 0 is none.
    #[serde(default)]
    timeout: f64,
    kill_signal: Option<Value>,
    max_buffer: Option<f64>,
}

/// Who may start what, for one VM.
struct Starter {
    host: String,
    commands: Option<Arc<CommandContext>>,
    running: Arc<dyn Fn() -> Option<Arc<[Actor]>> + Send + Sync>,
    /// The handlers running now, as (plugin, tool): code outside any handler's chain answers
    /// to each of them too (fail closed, as `fetch` does).
    active: Arc<dyn Fn() -> Vec<(Option<String>, String)> + Send + Sync>,
    root: PathBuf,
}

/// Why a start did not happen: a refusal (thrown as is) or the OS's error (Node's `ENOENT`…).
enum NotStarted {
    Refused(String),
    Os {
        code: String,
        errno: i32,
    },
    /// A shell would have said this and exited 127/126 (`exec` of a program not found).
    Shell {
        status: i32,
        stderr: String,
    },
}

impl Starter {
    /// The launch `spec` asks for, once it is allowed.
    fn launch(&self, spec: &Spec) -> Result<Launch, NotStarted> {
        let refuse = |why: String| NotStarted::Refused(format!("child_process.{}: {why}", spec.api));
        let mut argv = if spec.shell {
            let line = std::iter::once(spec.file.as_str())
                .chain(spec.args.iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join(" ");
            command_line::split(&line).map_err(refuse)?
        } else {
            std::iter::once(spec.file.clone()).chain(spec.args.iter().cloned()).collect()
        };
        if argv[0].is_empty() {
            return Err(refuse("the command is empty".into()));
        }
        if self.host == "mcp" {
            return Err(NotStarted::Refused(format!(
                "CAPABILITY_DENIED: child_process.{} is not available to code agents run (run_script, tools and steps called over MCP); a tool can declare the command it needs in allow.commands",
                spec.api
            )));
        }
        let Some(commands) = &self.commands else {
            return Err(NotStarted::Refused(format!(
                "CAPABILITY_DENIED: child_process.{} is not available here",
                spec.api
            )));
        };
        let cwd = spec.cwd.as_deref().map(PathBuf::from).map_or_else(|| self.root.clone(), |c| self.root.join(c));
        let mut env: Vec<(String, String)> = spec
            .env
            .iter()
            .filter_map(|(k, v)| match v {
                Value::String(s) => Some((k.clone(), s.clone())),
                Value::Number(n) => Some((k.clone(), n.to_string())),
                Value::Bool(b) => Some((k.clone(), b.to_string())),
                _ => None,
            })
            .collect();
        if let Some((name, _)) = env.iter().find(|(k, _)| k.starts_with("LD_") || k.starts_with("DYLD_")) {
            return Err(NotStarted::Refused(format!(
                "CAPABILITY_DENIED: child_process.{}: options.env may not set {name}, which makes any program load code of the caller's choosing",
                spec.api
            )));
        }
        let listed = commands.allowed_programs();
        let found = program::resolve(&argv[0], &cwd, &self.root, listed);
        let verdict = match &found {
            Err(program::Unresolved::NotListed(why)) => Err(why.clone()),
            _ => Ok(()),
        };
        let chain = (self.running)();
        let active = (self.active)();
        commands.admit_program(chain.as_deref(), &active, &argv[0], &spec.api, verdict).map_err(NotStarted::Refused)?;
        // Not even a shell starts in a folder that is not there (Node's `ENOENT`).
        if !cwd.is_dir() {
            return Err(NotStarted::Os { code: "ENOENT".into(), errno: -libc::ENOENT });
        }
        let arg0 = argv[0].clone();
        match found {
            Ok(file) => argv[0] = file.to_string_lossy().into_owned(),
            Err(_) => {
                let missing = std::io::Error::from_raw_os_error(libc::ENOENT);
                return Err(os_error(&missing, spec.shell, &arg0));
            }
        }
        // Programs are found on ferridriver's PATH unless the code gave its own.
        if !env.iter().any(|(k, _)| k == "PATH") {
            if let Ok(path) = std::env::var("PATH") {
                env.push(("PATH".into(), path));
            }
        }
        let stream = |i: usize| Stream::parse(spec.stdio.get(i).map(String::as_str));
        Ok(Launch { argv, arg0, cwd, env, stdio: [stream(0), stream(1), stream(2)] })
    }

    fn start(&self, spec: &Spec) -> Result<(Arc<Running>, Launch), NotStarted> {
        let launch = self.launch(spec).inspect_err(|e| {
            // Also on stderr, once per run: code that catches the error (a step checking
            // whether a tool is installed) would otherwise hide why its program never ran.
            if let NotStarted::Refused(message) = e {
                if crate::natives::first_in_process(message.clone()) {
                    eprintln!("warning: {message}");
                }
            }
        })?;
        match Running::start(&launch) {
            Ok(child) => Ok((child, launch)),
            Err(e) => Err(os_error(&e, spec.shell, &launch.arg0)),
        }
    }
}

fn os_error(e: &std::io::Error, shell: bool, program: &str) -> NotStarted {
    let errno = e.raw_os_error().unwrap_or(libc::EIO);
    match (shell, e.kind()) {
        // What `/bin/sh -c` prints and exits with, as Node's `exec` would report it.
        (true, std::io::ErrorKind::NotFound) => {
            NotStarted::Shell { status: 127, stderr: format!("/bin/sh: 1: {program}: not found\n") }
        }
        (true, std::io::ErrorKind::PermissionDenied) => {
            NotStarted::Shell { status: 126, stderr: format!("/bin/sh: 1: {program}: Permission denied\n") }
        }
        _ => NotStarted::Os { code: errno_code(errno).to_string(), errno: -errno },
    }
}

fn errno_code(errno: i32) -> &'static str {
    match errno {
        libc::ENOENT => "ENOENT",
        libc::EACCES => "EACCES",
        libc::ENOTDIR => "ENOTDIR",
        libc::E2BIG => "E2BIG",
        libc::ENOEXEC => "ENOEXEC",
        libc::EAGAIN => "EAGAIN",
        libc::ENOMEM => "ENOMEM",
        _ => "EIO",
    }
}

fn refused(message: String) -> String {
    json!({ "refused": message }).to_string()
}

fn not_started(e: NotStarted) -> String {
    match e {
        NotStarted::Refused(message) => refused(message),
        NotStarted::Os { code, errno } => json!({ "ok": { "error": { "code": code, "errno": errno } } }).to_string(),
        NotStarted::Shell { status, stderr } => {
            json!({ "ok": { "shell": { "status": status, "stderr": stderr } } }).to_string()
        }
    }
}

/// Runs `spec` to its end (or its `timeout`, `maxBuffer`, or the VM's deadline), as
/// `spawnSync` does.
fn run_sync(
    starter: &Starter,
    children: &Children,
    spec: &Spec,
    past_deadline: &(dyn Fn() -> bool + Send + Sync),
) -> String {
    let (child, launch) = match starter.start(spec) {
        Ok(started) => started,
        Err(e) => return not_started(e),
    };
    match spec.input.as_deref().map(|i| B64.decode(i).unwrap_or_default()) {
        Some(bytes) if launch.stdio[0] == Stream::Pipe => child.feed(bytes),
        _ => child.end_input(),
    }
    let started = Instant::now();
    let timeout = (spec.timeout > 0.0).then(|| Duration::from_millis(spec.timeout as u64));
    let kill_signal = spec
        .kill_signal
        .as_ref()
        .and_then(|s| match s {
            Value::Number(n) => n.as_i64().map(|n| n as i32),
            Value::String(name) => signal_number(name),
            _ => None,
        })
        .unwrap_or(libc::SIGTERM);
    let max_buffer = spec.max_buffer.filter(|m| m.is_finite() && *m >= 0.0).map(|m| m as usize);
    let (mut why, mut stopped_at): (Option<&str>, Option<Instant>) = (None, None);
    let events = child.wait(|seen| {
        let size = |stdout: bool| -> usize {
            seen.iter()
                .map(|e| match e {
                    Event::Stdout(b) if stdout => b.len(),
                    Event::Stderr(b) if !stdout => b.len(),
                    _ => 0,
                })
                .sum()
        };
        // The step's deadline stops everything the program started, even after a first,
        // gentler stop it ignored.
        if past_deadline() && why != Some("deadline") {
            why = Some("deadline");
            child.kill_group();
            stopped_at.get_or_insert_with(Instant::now);
        } else if why.is_none() && timeout.is_some_and(|t| started.elapsed() >= t) {
            why = Some("ETIMEDOUT");
            child.kill(kill_signal);
            stopped_at = Some(Instant::now());
        } else if why.is_none() && max_buffer.is_some_and(|m| size(true) > m || size(false) > m) {
            why = Some("ENOBUFS");
            child.kill(kill_signal);
            stopped_at = Some(Instant::now());
        }
        // Once stopped and ended, output a process it started keeps open is not waited for.
        let ended = seen.iter().any(|e| matches!(e, Event::Exit { .. }));
        ended && stopped_at.is_some_and(|t| t.elapsed() >= OUTPUT_AFTER_STOP)
    });
    children.ran(&child);
    let (mut stdout, mut stderr, mut status, mut signal) = (Vec::new(), Vec::new(), None, None);
    for event in events {
        match event {
            Event::Stdout(b) => stdout.extend(b),
            Event::Stderr(b) => stderr.extend(b),
            Event::Exit { code, signal: s } => (status, signal) = (code, s),
            Event::End { .. } | Event::Closed => {}
        }
    }
    // What was read is kept whole, past `maxBuffer` too, as Node's `spawnSync` keeps it.
    let error = match why {
        Some("ETIMEDOUT") => json!({ "code": "ETIMEDOUT", "errno": -libc::ETIMEDOUT }),
        Some("ENOBUFS") => json!({ "code": "ENOBUFS", "errno": -libc::ENOBUFS }),
        Some(_) => json!({ "code": "ETIMEDOUT", "errno": -libc::ETIMEDOUT, "deadline": true }),
        None => Value::Null,
    };
    json!({ "ok": {
        "pid": child.pid,
        "status": status,
        "signal": signal.map(signal_name),
        "stdout": B64.encode(stdout),
        "stderr": B64.encode(stderr),
        "error": error,
    } })
    .to_string()
}

/// Events as JS reads them: `[kind, data…]`.
fn encode_events(events: Vec<Event>) -> String {
    let list: Vec<Value> = events
        .into_iter()
        .map(|e| match e {
            Event::Stdout(b) => json!(["stdout", B64.encode(b)]),
            Event::Stderr(b) => json!(["stderr", B64.encode(b)]),
            Event::Exit { code, signal } => json!(["exit", code, signal.map(signal_name)]),
            Event::End { stdout } => json!(["end", if stdout { "stdout" } else { "stderr" }]),
            Event::Closed => json!(["close"]),
        })
        .collect();
    Value::Array(list).to_string()
}

/// Adds the child_process natives to `native`. `past_deadline` says whether the running call
/// is past its deadline (a synchronous call then stops its child).
pub(crate) fn install<'js>(
    ctx: &Ctx<'js>,
    native: &Object<'js>,
    host: &str,
    commands: Option<Arc<CommandContext>>,
    session: Option<Arc<crate::playwright::Session>>,
    root: &Path,
    past_deadline: Arc<dyn Fn() -> bool + Send + Sync>,
) -> rquickjs::Result<()> {
    let running: Arc<dyn Fn() -> Option<Arc<[Actor]>> + Send + Sync> = match session.clone() {
        Some(s) => Arc::new(move || s.net().chain(s.net().running())),
        None => Arc::new(|| None),
    };
    let active: Arc<dyn Fn() -> Vec<(Option<String>, String)> + Send + Sync> = match session {
        Some(s) => Arc::new(move || s.net().active_handlers()),
        None => Arc::new(Vec::new),
    };
    let root = commands.as_ref().map_or_else(|| root.to_path_buf(), |c| c.root().to_path_buf());
    let starter = Arc::new(Starter { host: host.to_string(), commands, running, active, root });
    let children = Arc::new(Children::default());
    let parse = |json: &str| serde_json::from_str::<Spec>(json).map_err(|e| format!("child_process: bad options: {e}"));

    let (s, c) = (Arc::clone(&starter), Arc::clone(&children));
    native.set(
        "cpRunSync",
        Function::new(ctx.clone(), move |json: String| match parse(&json) {
            Ok(spec) => run_sync(&s, &c, &spec, past_deadline.as_ref()),
            Err(e) => refused(e),
        })?,
    )?;
    let (s, c) = (Arc::clone(&starter), Arc::clone(&children));
    native.set(
        "cpSpawn",
        Function::new(ctx.clone(), move |json: String| {
            let spec = match parse(&json) {
                Ok(spec) => spec,
                Err(e) => return refused(e),
            };
            match s.start(&spec) {
                Ok((child, _)) => {
                    let pid = child.pid;
                    json!({ "ok": { "id": c.add(child), "pid": pid } }).to_string()
                }
                Err(e) => not_started(e),
            }
        })?,
    )?;
    let c = Arc::clone(&children);
    native.set(
        "cpNext",
        Function::new(
            ctx.clone(),
            Async(move |id: u32| {
                let child = c.get(id);
                let c = Arc::clone(&c);
                async move {
                    let Some(child) = child else { return Ok::<_, rquickjs::Error>("[[\"close\"]]".to_string()) };
                    let events = child.next().await;
                    if events.contains(&Event::Closed) {
                        c.forget(id);
                    }
                    Ok(encode_events(events))
                }
            }),
        )?,
    )?;
    let c = Arc::clone(&children);
    native.set(
        "cpWrite",
        Function::new(ctx.clone(), move |id: u32, data: String| {
            c.get(id).is_some_and(|child| child.write(B64.decode(data).unwrap_or_default()))
        })?,
    )?;
    let c = Arc::clone(&children);
    native.set(
        "cpEnd",
        Function::new(ctx.clone(), move |id: u32| {
            if let Some(child) = c.get(id) {
                child.end_input();
            }
        })?,
    )?;
    let c = children;
    native.set(
        "cpKill",
        Function::new(ctx.clone(), move |id: u32, signal: String| {
            let Some(number) = signal_number(&signal) else { return false };
            c.get(id).is_some_and(|child| child.kill(number))
        })?,
    )?;
    Ok(())
}
