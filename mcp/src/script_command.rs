//! `ferridriver run FILE [-- ARGS…]` and `ferridriver run -e SOURCE`: one script with the same
//! globals and sandbox as `run_script` (host `"script"`), on its own thread with its own browser
//! (launched only if the script touches `page`/`context`/`browser`).

use crate::host_setup::{host_setup, HostFlags};
use ferridriver_browser::{TraceOptions, Tracer};
use ferridriver_js_world::{
    ErrorKind, HostKind, HostSession, ScriptOutcome, ScriptRequest, ScriptSandbox, ScriptSessionParts, ScriptSource,
    DEFAULT_MEMORY_LIMIT_MB, DEFAULT_TIMEOUT,
};
use ferridriver_steps::lease::WorkerBrowser;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// `ferridriver run` arguments.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct RunArgs {
    /// The script: .js, .mjs, .ts… (TypeScript and files with import/export are bundled; the
    /// default export is the result). Relative to --script-root.
    #[arg(required_unless_present = "source", conflicts_with = "source")]
    pub file: Option<PathBuf>,
    /// Inline JavaScript instead of a file (the body of an async function: `return` the result).
    #[arg(short = 'e', long = "eval", value_name = "SOURCE")]
    pub source: Option<String>,
    /// Print the whole result envelope (status, value or error, duration, console) as JSON.
    #[arg(long)]
    pub json: bool,
    /// Stop the script after this many milliseconds (default 300000).
    #[arg(long)]
    pub timeout_ms: Option<u64>,
    /// The script's memory limit in MiB (default 256).
    #[arg(long)]
    pub memory_limit_mb: Option<u64>,
    /// Record a Playwright trace of the run into FILE (a zip: open it with
    /// `npx playwright show-trace FILE`).
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    #[command(flatten)]
    pub host: HostFlags,
    /// Arguments for the script: the `args` global (strings).
    #[arg(last = true)]
    pub args: Vec<String>,
}

/// Runs `ferridriver run`; returns the exit code (0 ok, 1 the script failed, 2 usage).
pub fn run_script_command(args: RunArgs) -> i32 {
    let worker = std::thread::Builder::new().name("ferridriver-script".into()).spawn(move || run_on_thread(args));
    // The script's browser is this thread's: it is killed when the thread ends.
    match worker.map(|h| h.join()) {
        Ok(Ok(code)) => code,
        _ => {
            eprintln!("error: the script host stopped unexpectedly");
            2
        }
    }
}

fn run_on_thread(args: RunArgs) -> i32 {
    // `run` works on the current directory unless told otherwise (not on `[mcp] script_root`).
    let mut flags = args.host.clone();
    flags.script_root.get_or_insert_with(|| PathBuf::from("."));
    let setup = match host_setup(&flags, HostKind::Script, ".", false) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let (context, browser) = (setup.context, setup.browser);
    let source = match (&args.source, &args.file) {
        (Some(s), _) => ScriptSource::Inline(s.clone()),
        (None, Some(file)) => match relative_to(&context.script_root, file) {
            Ok(rel) => ScriptSource::File(rel),
            Err(e) => {
                eprintln!("error: sandbox_violation: {e}");
                return 1;
            }
        },
        (None, None) => {
            eprintln!("error: give a script file or -e SOURCE\n  hint: ferridriver run task.ts -- arg1 arg2");
            return 2;
        }
    };
    let request = ScriptRequest {
        source,
        args: serde_json::Value::Array(args.args.iter().cloned().map(serde_json::Value::String).collect()),
        timeout: args.timeout_ms.map(Duration::from_millis).unwrap_or(DEFAULT_TIMEOUT),
        memory_limit_mb: args.memory_limit_mb.unwrap_or(DEFAULT_MEMORY_LIMIT_MB),
    };
    let Ok(rt) = tokio::runtime::Builder::new_current_thread().enable_all().build() else {
        eprintln!("error: cannot start the runtime");
        return 2;
    };
    let outcome = rt.block_on(async {
        let sandbox = ScriptSandbox::new(context.script_root.clone(), context.artifacts_root.clone());
        let source = Arc::new(WorkerBrowser::new(Arc::new(browser)));
        let parameters = context.options.world_parameters.clone();
        let mut session = HostSession::script(ScriptSessionParts {
            program: context.program.clone(),
            sandbox,
            fallback_timeout: context.options.default_timeout,
            source,
            parameters,
            policy: ferridriver_js_world::policy::HostPolicy::new(
                Arc::clone(&context.policy),
                HostKind::Script.command(),
                None,
            ),
            test_id_attribute: context.test_id_attribute.clone(),
        });
        let tracer = args.trace.as_ref().map(|_| {
            let title = match &args.file {
                Some(file) => format!("ferridriver run {}", file.display()),
                None => "ferridriver run -e".to_string(),
            };
            Tracer::start(TraceOptions { title, viewport: None, snapshots: true, screenshots: true })
        });
        let mut group = None;
        if let Some(tracer) = &tracer {
            session.record_trace(tracer.clone());
            group = Some(tracer.group("run_script", None));
        }
        let outcome = session.run_script(request).await;
        if let Some(tracer) = &tracer {
            if let Some(group) = &group {
                tracer.group_end(group, outcome.result.as_ref().err().map(|e| e.message.as_str()));
            }
        }
        // The captures still under way (the last action's snapshot) are taken from the page:
        // they end before the session closes it.
        if let Some(tracer) = &tracer {
            tracer.settled().await;
        }
        session.close().await;
        if let (Some(tracer), Some(path)) = (&tracer, &args.trace) {
            match tracer.write(path) {
                Ok(()) => eprintln!("trace: {}", path.display()),
                Err(e) => eprintln!("warning: cannot write the trace {}: {e}", path.display()),
            }
        }
        outcome
    });
    report(&outcome, args.json)
}

/// `file` relative to `root`, refusing files outside it.
fn relative_to(root: &Path, file: &Path) -> Result<PathBuf, String> {
    if !file.is_absolute() {
        return Ok(file.to_path_buf());
    }
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let real = file.canonicalize().map_err(|e| format!("{}: {e}", file.display()))?;
    real.strip_prefix(&root).map(Path::to_path_buf).map_err(|_| {
        format!(
            "{} is outside the script root {}\n  hint: pass --script-root to run scripts from another directory",
            file.display(),
            root.display()
        )
    })
}

/// Prints the outcome and returns the exit code.
fn report(outcome: &ScriptOutcome, json: bool) -> i32 {
    // A reader that closed the pipe (`| head`) ends the output, not the process.
    let print = |text: String| {
        use std::io::Write;
        let _ = writeln!(std::io::stdout(), "{text}");
    };
    if json {
        print(outcome.to_json().to_string());
        return i32::from(!outcome.is_ok());
    }
    for entry in &outcome.console {
        match entry.level.as_str() {
            "log" | "info" | "debug" => eprintln!("{}", entry.message),
            level => eprintln!("{level}: {}", entry.message),
        }
    }
    match &outcome.result {
        Ok(value) => {
            print(value.to_string());
            0
        }
        Err(e) => {
            let kind =
                serde_json::to_value(e.kind).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
            eprintln!("error: {kind}: {}", e.message);
            if let (Some(file), Some(line)) = (&e.file, e.line) {
                eprintln!("  at {file}:{line}:{}", e.column.unwrap_or(1));
            }
            if let Some(snippet) = &e.source_snippet {
                for l in snippet.lines() {
                    eprintln!("    {l}");
                }
            }
            if e.kind == ErrorKind::Timeout {
                eprintln!("  hint: --timeout-ms sets a longer limit");
            } else if e.kind == ErrorKind::MemoryLimit {
                eprintln!("  hint: --memory-limit-mb sets a larger limit");
            }
            1
        }
    }
}
