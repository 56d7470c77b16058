//! `JsHost::run_script`: one script call of a session, from request to envelope. The page a
//! script drives is the session's (served on demand from the `World`, as for steps); a call
//! that times out or runs out of memory drops the VM (the next call gets a fresh `globalThis`)
//! while the World, its page and `vars` stay.

use super::bundle::{bundle_file, bundle_inline, INLINE_MODULE};
use super::outcome::{ConsoleEntry, ErrorKind, ScriptError, ScriptOutcome, ScriptRequest, ScriptSource};
use super::run::{module_name, Prepared, RawRun, RunFailure};
use super::sandbox_fs::FsError;
use super::source::{prepare, snippet, ScriptKind, INLINE_NAME};
use crate::bundle::Bundle;
use crate::host::{user_frames, Between, JsHost};
use crate::sourcemap::SourceMapper;
use ferridriver_steps::registry::World;
use serde_json::Value;
use std::path::PathBuf;
use std::time::Instant;

/// The largest result a call returns (JSON bytes); agents pay for every byte.
const MAX_RESULT: usize = 16 << 20;

/// File types `path` may name.
const SCRIPT_EXTENSIONS: &[&str] = &["js", "mjs", "cjs", "ts", "tsx", "mts", "cts", "jsx"];

/// The code of a call and what positions in it mean.
struct Loaded {
    prepared: Prepared,
    /// The user's text, for snippets of inline code.
    text: String,
    /// The name reported for inline code (`eval_script`, or the file's relative path).
    file: String,
    /// A module's source map (positions in the bundle back to the user's files).
    mapper: Option<SourceMapper>,
}

impl JsHost {
    /// Runs one script in this session and answers the spec's envelope. Never fails: every
    /// problem is an error of the envelope.
    pub async fn run_script(&mut self, world: &mut World, request: ScriptRequest) -> ScriptOutcome {
        let started = Instant::now();
        let finish = |result: Result<Value, ScriptError>, console: Vec<ConsoleEntry>, dropped: u64| ScriptOutcome {
            result,
            duration_ms: started.elapsed().as_millis() as u64,
            console,
            console_dropped: dropped,
        };
        let loaded = match self.load_script(&request.source).await {
            Ok(l) => l,
            Err(e) => return finish(Err(e), Vec::new(), 0),
        };
        if let Err(e) = self.enter(world, Between::Calls).await {
            let message = format!("the script VM could not start: {}", e.message);
            return finish(Err(ScriptError::new(ErrorKind::Internal, message)), Vec::new(), 0);
        }
        let Some(vm) = self.vm.as_ref() else {
            return finish(Err(ScriptError::new(ErrorKind::Internal, "the script VM is not running")), Vec::new(), 0);
        };
        let memory = usize::try_from(request.memory_limit_mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
        vm.set_memory_limit(memory).await;
        let args = request.args.to_string();
        let run = tokio::time::timeout(request.timeout, vm.run_script(&loaded.prepared, args, request.timeout)).await;
        let raw = match run {
            Ok(raw) => {
                self.in_flight = false;
                self.report_pending_event_failures().await;
                raw
            }
            // Waiting on something (a page, a timer) past the deadline: the call is abandoned
            // and the VM with it; what the script printed is still worth reading.
            Err(_) => RawRun {
                result: Err(RunFailure {
                    error: crate::vm::VmError {
                        exception_type: crate::JsErrorName::TimeoutError.as_str().into(),
                        message: String::new(),
                        stack: None,
                        timed_out: true,
                        // The script's VM is dropped with it.
                        abandoned: false,
                    },
                    compile: false,
                }),
                console_json: vm.take_console().await,
            },
        };
        let (console, dropped) = parse_console(raw.console_json.as_deref());
        let result = match raw.result {
            Ok(json) if json.len() > MAX_RESULT => Err(ScriptError::new(
                ErrorKind::Runtime,
                format!(
                    "the result is {} MiB of JSON; the most a call returns is {} MiB (write large data with artifacts.write and return its path)",
                    json.len() >> 20,
                    MAX_RESULT >> 20
                ),
            )),
            Ok(json) => serde_json::from_str(&json)
                .map_err(|e| ScriptError::new(ErrorKind::Internal, format!("the result did not parse: {e}"))),
            Err(failure) => Err(self.describe(failure, &loaded, &request)),
        };
        if let Err(e) = &result {
            if matches!(e.kind, ErrorKind::Timeout | ErrorKind::MemoryLimit) {
                self.poisoned = true;
            }
        }
        self.recycle();
        finish(result, console, dropped)
    }

    /// Reads and prepares the call's code (bundling modules), or says why it cannot run.
    async fn load_script(&self, source: &ScriptSource) -> Result<Loaded, ScriptError> {
        let root = self.root.clone();
        let (text, file, is_typescript) = match source {
            ScriptSource::Inline(text) => (text.clone(), INLINE_NAME.to_string(), false),
            ScriptSource::File(path) => {
                let rel = path.to_string_lossy().into_owned();
                let ext = path.extension().and_then(|e| e.to_str()).unwrap_or_default().to_ascii_lowercase();
                if !SCRIPT_EXTENSIONS.contains(&ext.as_str()) {
                    return Err(ScriptError::new(
                        ErrorKind::Runtime,
                        format!("path '{rel}': scripts are .js, .mjs, .cjs, .jsx, .ts, .tsx, .mts or .cts files"),
                    ));
                }
                let sandbox = self.sandbox.as_ref().ok_or_else(|| {
                    ScriptError::new(ErrorKind::Internal, "this host has no script_root to read scripts from")
                })?;
                let bytes = sandbox.fs.read(&rel).map_err(|e| match e {
                    FsError::Violation(m) => ScriptError::new(ErrorKind::SandboxViolation, m),
                    FsError::Io(m) => ScriptError::new(
                        ErrorKind::Runtime,
                        format!("{m}\n  hint: `path` is relative to script_root ({})", sandbox.fs.root.display()),
                    ),
                })?;
                let text = String::from_utf8(bytes)
                    .map_err(|_| ScriptError::new(ErrorKind::Syntax, format!("{rel}: the file is not UTF-8 text")))?;
                let typescript = matches!(ext.as_str(), "ts" | "tsx" | "mts" | "cts" | "jsx");
                (text, rel, typescript)
            }
        };
        let kind = if is_typescript { ScriptKind::Module } else { prepare(&text) };
        match kind {
            ScriptKind::Inline(script) => Ok(Loaded { prepared: Prepared::Inline(script), text, file, mapper: None }),
            ScriptKind::Module => {
                let bundle = bundle_in_background(root.clone(), source.clone(), text.clone()).await?;
                let mapper = SourceMapper::new(&bundle.code, &bundle.map_json, &root.canonicalize().unwrap_or(root));
                let prepared = Prepared::Module { name: module_name(), code: bundle.code };
                Ok(Loaded { prepared, text, file, mapper: Some(mapper) })
            }
        }
    }

    /// The envelope's error for a failed run: kind, message, user positions and snippet.
    fn describe(&self, failure: RunFailure, loaded: &Loaded, request: &ScriptRequest) -> ScriptError {
        let e = failure.error;
        let kind = if e.timed_out {
            ErrorKind::Timeout
        } else if e.message.contains("out of memory") {
            ErrorKind::MemoryLimit
        } else if crate::JsErrorName::parse(&e.exception_type) == Some(crate::JsErrorName::SandboxViolation) {
            ErrorKind::SandboxViolation
        } else if failure.compile && e.exception_type == "SyntaxError" {
            ErrorKind::Syntax
        } else {
            ErrorKind::Runtime
        };
        let message = match kind {
            ErrorKind::Timeout => format!(
                "the script ran past its timeout of {} ms (its globalThis is reset; vars are kept)",
                request.timeout.as_millis()
            ),
            ErrorKind::MemoryLimit => format!(
                "the script ran out of its {} MiB memory limit (its globalThis is reset; vars are kept)",
                request.memory_limit_mb
            ),
            _ if e.exception_type != "Error" && !e.message.starts_with(&e.exception_type) => {
                format!("{}: {}", e.exception_type, e.message)
            }
            _ => e.message.clone(),
        };
        let mut error = ScriptError::new(kind, message);
        let Some(stack) = e.stack.filter(|s| !s.trim().is_empty()) else { return error };
        let by_the_call = crate::callee::thrown_by_the_call(&stack);
        let (stack, frame) = match (&loaded.prepared, &loaded.mapper) {
            (Prepared::Module { name, .. }, Some(mapper)) => {
                let mapped = user_frames(&mapper.rewrite_stack_of(&stack, name));
                let frame = crate::callee::first_frame(&mapped, |file| {
                    !file.starts_with("ferridriver:") && !file.starts_with("script-")
                });
                (mapped, frame)
            }
            _ => {
                let cleaned = user_frames(&stack);
                let frame = crate::callee::first_frame(&cleaned, |file| file == INLINE_NAME).map(|(f, line, col)| {
                    let shift = match &loaded.prepared {
                        Prepared::Inline(s) if line == 1 => s.first_line_shift,
                        _ => 0,
                    };
                    (f, line, col.saturating_sub(shift).max(1))
                });
                (cleaned, frame)
            }
        };
        error.stack = Some(stack.trim_end().to_string());
        if let Some((file, line, column)) = frame {
            let text = if file == INLINE_NAME || file.ends_with(INLINE_MODULE) || file == loaded.file {
                Some(loaded.text.clone())
            } else {
                crate::callee::project_source(&self.root, &file)
            };
            error.source_snippet = text.as_deref().and_then(|t| snippet(t, line));
            // QuickJS's bare "not a function" names the call, as Node's message does.
            let source_line = text.as_deref().and_then(|t| t.lines().nth((line as usize).saturating_sub(1)));
            if let Some(named) =
                source_line.filter(|_| by_the_call).and_then(|l| crate::callee::named(&error.message, l, column))
            {
                error.message = named;
            }
            error.file = Some(if file == INLINE_NAME { loaded.file.clone() } else { file });
            error.line = Some(line);
            error.column = Some(column);
        }
        error
    }
}

/// Bundles a module script on a blocking thread (rolldown wants a runtime of its own).
async fn bundle_in_background(root: PathBuf, source: ScriptSource, text: String) -> Result<Bundle, ScriptError> {
    let task = tokio::task::spawn_blocking(move || {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| {
            ScriptError::new(ErrorKind::Internal, format!("cannot start a runtime to bundle the script: {e}"))
        })?;
        rt.block_on(async {
            match &source {
                ScriptSource::Inline(_) => bundle_inline(&root, &text).await,
                ScriptSource::File(path) => bundle_file(&root, &root.join(path)).await,
            }
        })
    });
    task.await.map_err(|e| ScriptError::new(ErrorKind::Internal, format!("the bundler stopped: {e}")))?
}

/// The console entries of `{entries, dropped}`.
fn parse_console(json: Option<&str>) -> (Vec<ConsoleEntry>, u64) {
    #[derive(serde::Deserialize)]
    struct Captured {
        entries: Vec<ConsoleEntry>,
        dropped: u64,
    }
    match json.and_then(|j| serde_json::from_str::<Captured>(j).ok()) {
        Some(c) => (c.entries, c.dropped),
        None => (Vec::new(), 0),
    }
}
