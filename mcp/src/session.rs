//! One script session: a thread of its own with a current-thread runtime (like a BDD worker)
//! owning a `HostSession` (the VM and a long-lived `World` with its browser lease). Calls
//! arrive on a channel and run one at a time; different sessions run on different threads, so a
//! busy session never delays another (ADR 0013).

use crate::draft::{Draft, DraftRequest};
use crate::instances::Instance;
use ferridriver_browser::{TraceOptions, Tracer};
use ferridriver_js_world::{
    HostKind, HostSession, JsProgram, ScriptOutcome, ScriptRequest, ScriptSandbox, ScriptSessionParts, ToolFailure,
    Vars, DEFAULT_TIMEOUT,
};
use ferridriver_runner::execute::interactive::{parse_step_lines, run_step_lines, StepReport};
use ferridriver_runner::execute::RunOptions;
use ferridriver_steps::lease::BrowserSource;
use ferridriver_steps::registry::{MatchTable, Registry};
use serde_json::Value;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// A tool call's time when the tool declares no `timeoutMs`: the session-wide script timeout.
const TOOL_TIMEOUT: Duration = DEFAULT_TIMEOUT;
/// Between calls, how often the VM's drive is restarted, and how long one stretch of JS may run
/// within one drive (plugins' event handlers keep their own 5 s limit in JS).
const IDLE_TICK: Duration = Duration::from_secs(1);
const IDLE_LIMIT: Duration = Duration::from_secs(6);

/// What every session of a server shares.
pub struct SessionContext {
    /// The project's registry (built-in, Rust and JS steps).
    pub registry: Arc<Registry>,
    /// Its match table.
    pub table: Arc<MatchTable>,
    /// The project's JS program (step files and extensions), if any.
    pub program: Option<Arc<JsProgram>>,
    /// World parameters, default step timeout, screenshots.
    pub options: RunOptions,
    /// Which host the VMs serve (`mcp` or `script`).
    pub kind: HostKind,
    /// script_root.
    pub script_root: PathBuf,
    /// artifacts_root.
    pub artifacts_root: PathBuf,
    /// The Gherkin language of step lines.
    pub language: String,
    /// Where each session writes its Playwright trace when it ends (`--save-trace`).
    pub trace_dir: Option<PathBuf>,
    /// What extension tools may use, and the audit log (ADR 0025).
    pub policy: Arc<ferridriver_js_world::policy::Capabilities>,
    /// `[browser] testIdAttribute`: what `getByTestId` matches in the session's scripts.
    pub test_id_attribute: Option<String>,
}

impl SessionContext {
    /// The policy a session named `session` runs under.
    pub fn host_policy(&self, session: &str) -> ferridriver_js_world::policy::HostPolicy {
        ferridriver_js_world::policy::HostPolicy::new(
            Arc::clone(&self.policy),
            self.kind.command(),
            Some(session.to_string()),
        )
    }
}

/// A session's public state (for `session_list` and the reaper).
pub struct SessionState {
    /// The session's name (`instance:context`).
    pub name: String,
    /// Its instance's name.
    pub instance: String,
    created: Instant,
    last_used: Mutex<Instant>,
    busy: AtomicBool,
    calls: AtomicU64,
    warm: AtomicBool,
    has_page: AtomicBool,
    /// The session's `vars` (kept across resets).
    pub vars: Arc<Vars>,
}

impl SessionState {
    /// Time since the last call ended (zero while busy).
    pub fn idle(&self) -> Duration {
        if self.busy.load(Ordering::Relaxed) {
            return Duration::ZERO;
        }
        self.last_used.lock().unwrap_or_else(PoisonError::into_inner).elapsed()
    }

    /// Whether a call is running.
    pub fn is_busy(&self) -> bool {
        self.busy.load(Ordering::Relaxed)
    }

    /// Whether the VM is loaded (not reset or reclaimed since its last call).
    pub fn is_warm(&self) -> bool {
        self.warm.load(Ordering::Relaxed)
    }

    /// The session as `session_list` shows it.
    pub fn describe(&self) -> serde_json::Value {
        serde_json::json!({
            "session": self.name,
            "instance": self.instance,
            "calls": self.calls.load(Ordering::Relaxed),
            "busy": self.is_busy(),
            "idle_ms": self.idle().as_millis() as u64,
            "age_ms": self.created.elapsed().as_millis() as u64,
            "browser_open": self.has_page.load(Ordering::Relaxed),
            "globals_warm": self.is_warm(),
            "vars": self.vars.len(),
        })
    }
}

enum Job {
    Script(Box<ScriptRequest>, oneshot::Sender<ScriptOutcome>),
    /// The registry tool of this name with its (already checked) arguments.
    Tool(String, Value, oneshot::Sender<Result<Value, ToolFailure>>),
    /// The project was loaded again: new definitions, a fresh VM (vars, page, processes stay).
    Reload(Arc<SessionContext>),
    Steps(String, oneshot::Sender<Result<Vec<StepReport>, String>>),
    Draft(DraftRequest, oneshot::Sender<Result<String, String>>),
    /// Drop the VM to free its memory (globalThis resets; vars, page stay).
    Reclaim,
}

/// A running session; dropping the last handle ends it (its thread closes the context).
pub struct Session {
    /// Taken (dropped) by `close`, which ends the thread once queued calls ran.
    jobs: Mutex<Option<mpsc::UnboundedSender<Job>>>,
    /// Shared state.
    pub state: Arc<SessionState>,
    thread: Mutex<Option<std::thread::JoinHandle<()>>>,
}

impl Session {
    /// Starts session `name` of `instance`.
    pub fn start(
        name: &str,
        instance_name: &str,
        instance: Arc<Instance>,
        source: Arc<dyn BrowserSource>,
        context: Arc<SessionContext>,
    ) -> Result<Session, String> {
        let state = Arc::new(SessionState {
            name: name.to_string(),
            instance: instance_name.to_string(),
            created: Instant::now(),
            last_used: Mutex::new(Instant::now()),
            busy: AtomicBool::new(false),
            calls: AtomicU64::new(0),
            warm: AtomicBool::new(false),
            has_page: AtomicBool::new(false),
            vars: Arc::default(),
        });
        let (jobs, rx) = mpsc::unbounded_channel();
        let thread_state = Arc::clone(&state);
        let thread = std::thread::Builder::new()
            .name(format!("ferridriver-session-{name}"))
            .spawn(move || session_thread(thread_state, instance, source, context, rx))
            .map_err(|e| format!("cannot start a thread for session {name}: {e}"))?;
        Ok(Session { jobs: Mutex::new(Some(jobs)), state, thread: Mutex::new(Some(thread)) })
    }

    /// Runs a script.
    pub async fn run_script(&self, request: ScriptRequest) -> Result<ScriptOutcome, String> {
        let (tx, rx) = oneshot::channel();
        self.send(Job::Script(Box::new(request), tx))?;
        rx.await.map_err(|_| self.gone())
    }

    /// Calls the registry tool `name` (arguments already checked against its input schema).
    pub async fn call_tool(&self, name: String, args: Value) -> Result<Result<Value, ToolFailure>, String> {
        let (tx, rx) = oneshot::channel();
        self.send(Job::Tool(name, args, tx))?;
        rx.await.map_err(|_| self.gone())
    }

    /// Switches the session to a new load of the project.
    pub fn reload(&self, context: Arc<SessionContext>) {
        let _ = self.send(Job::Reload(context));
    }

    /// Runs Gherkin step lines in the session's World.
    pub async fn run_steps(&self, text: String) -> Result<Result<Vec<StepReport>, String>, String> {
        let (tx, rx) = oneshot::channel();
        self.send(Job::Steps(text, tx))?;
        rx.await.map_err(|_| self.gone())
    }

    /// The scenario drafted from the steps that passed.
    pub async fn draft(&self, request: DraftRequest) -> Result<Result<String, String>, String> {
        let (tx, rx) = oneshot::channel();
        self.send(Job::Draft(request, tx))?;
        rx.await.map_err(|_| self.gone())
    }

    /// Frees the VM's memory between calls.
    pub fn reclaim(&self) {
        let _ = self.send(Job::Reclaim);
    }

    fn send(&self, job: Job) -> Result<(), String> {
        let jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
        jobs.as_ref().ok_or_else(|| self.gone())?.send(job).map_err(|_| self.gone())
    }

    fn gone(&self) -> String {
        format!("session {} has ended", self.state.name)
    }

    /// Ends the session and waits until its thread closed the browser context.
    pub async fn close(&self) {
        drop(self.jobs.lock().unwrap_or_else(PoisonError::into_inner).take());
        let handle = self.thread.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(handle) = handle {
            let _ = tokio::task::spawn_blocking(move || handle.join()).await;
        }
    }
}

/// Marks the session busy for the time of a call.
struct Busy<'a>(&'a SessionState);

impl<'a> Busy<'a> {
    fn new(state: &'a SessionState) -> Self {
        state.busy.store(true, Ordering::Relaxed);
        state.calls.fetch_add(1, Ordering::Relaxed);
        Busy(state)
    }
}

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        *self.0.last_used.lock().unwrap_or_else(PoisonError::into_inner) = Instant::now();
        self.0.busy.store(false, Ordering::Relaxed);
    }
}

fn session_thread(
    state: Arc<SessionState>,
    instance: Arc<Instance>,
    source: Arc<dyn BrowserSource>,
    mut context: Arc<SessionContext>,
    mut rx: mpsc::UnboundedReceiver<Job>,
) {
    let Ok(rt) = tokio::runtime::Builder::new_current_thread().enable_all().build() else { return };
    rt.block_on(async move {
        let sandbox = ScriptSandbox {
            vars: Arc::clone(&state.vars),
            context_name: state.name.split_once(':').map_or("default", |(_, c)| c).to_string(),
            ..ScriptSandbox::new(context.script_root.clone(), context.artifacts_root.clone())
        };
        let mut session = HostSession::mcp(ScriptSessionParts {
            program: context.program.clone(),
            sandbox,
            fallback_timeout: context.options.default_timeout,
            source,
            parameters: context.options.world_parameters.clone(),
            policy: context.host_policy(&state.name),
            test_id_attribute: context.test_id_attribute.clone(),
        });
        if context.trace_dir.is_some() {
            let title = format!("MCP session {}", state.name);
            session.record_trace(Tracer::start(TraceOptions {
                title,
                viewport: None,
                snapshots: true,
                screenshots: true,
            }));
        }
        let mut draft = Draft::default();
        // The browser generation the World's page belongs to.
        let mut page_generation: Option<u64> = None;
        loop {
            // Between calls, the VM runs what is pending (plugins' page events as they come),
            // each stretch of JS at most IDLE_LIMIT long: the drive is restarted every tick.
            let job = match session.between_calls(IDLE_LIMIT) {
                Some(drive) => tokio::select! {
                    job = rx.recv() => job,
                    () = drive => continue,
                    () = tokio::time::sleep(IDLE_TICK) => continue,
                },
                None => rx.recv().await,
            };
            let Some(job) = job else { break };
            // Before a call that may use the page: a relaunched (or lost) browser's old page
            // references are dead, so the World and globalThis start over; vars stay. A reload
            // or a reclaim touches no page, so it does not wait on the browser's answer.
            let uses_page = !matches!(job, Job::Reload(_) | Job::Reclaim);
            if let (Some(generation), true) = (page_generation, uses_page) {
                if generation != instance.generation() || !instance.answers().await {
                    session.start_over().await;
                    page_generation = None;
                }
            }
            if let Job::Reload(new) = job {
                session.set_program(new.program.clone());
                session.set_policy(new.host_policy(&state.name));
                context = new;
                state.warm.store(false, Ordering::Relaxed);
                continue;
            }
            if let Job::Reclaim = job {
                // Not a call: the session's idle time and call count stay as they were.
                session.reset_vm();
                state.warm.store(false, Ordering::Relaxed);
                continue;
            }
            let busy = Busy::new(&state);
            let group = session.tracer().map(|tracer| TraceGroup::open(tracer, &job));
            // Each call's flags are up to date before its caller hears back (the server
            // decides what to reclaim right after a reply).
            match job {
                Job::Script(request, reply) => {
                    let outcome = session.run_script(*request).await;
                    if let Some(group) = group {
                        group.close(outcome.result.as_ref().err().map(|e| e.message.as_str()));
                    }
                    settle(&state, &instance, &session, &mut page_generation, busy);
                    let _ = reply.send(outcome);
                }
                Job::Tool(name, args, reply) => {
                    let registry = Arc::clone(&context.registry);
                    let result = match registry.tool(&name) {
                        Some(tool) => session.invoke_tool(tool, &args, TOOL_TIMEOUT).await,
                        None => {
                            Err(ToolFailure::with_code("NOT_FOUND", format!("tool \"{name}\" is no longer loaded")))
                        }
                    };
                    if let Some(group) = group {
                        group.close(result.as_ref().err().map(|e| e.message.as_str()));
                    }
                    settle(&state, &instance, &session, &mut page_generation, busy);
                    let _ = reply.send(result);
                }
                Job::Steps(text, reply) => {
                    let result = match parse_step_lines(&text, &context.language) {
                        Ok(lines) => {
                            session.begin().await;
                            let (host, world) = session.parts();
                            let reports =
                                run_step_lines(&context.registry, &context.table, host, world, lines, &context.options)
                                    .await;
                            draft.record(&reports);
                            Ok(reports)
                        }
                        Err(e) => Err(e),
                    };
                    if let Some(group) = group {
                        group.close(result.as_ref().err().map(String::as_str));
                    }
                    settle(&state, &instance, &session, &mut page_generation, busy);
                    let _ = reply.send(result);
                }
                Job::Draft(request, reply) => {
                    drop(group);
                    settle(&state, &instance, &session, &mut page_generation, busy);
                    let _ = reply.send(draft.render(&request));
                }
                Job::Reclaim | Job::Reload(_) => {}
            }
        }
        let tracer = session.tracer();
        // Captures under way are taken from the pages: they end before the session closes them.
        if let Some(tracer) = &tracer {
            tracer.settled().await;
        }
        session.close().await;
        if let (Some(tracer), Some(dir)) = (tracer, &context.trace_dir) {
            save_trace(&tracer, dir, &state.name).await;
        }
    });
}

/// A call's group in the session's trace; closed with the call's error, or without one when
/// dropped.
struct TraceGroup(Option<(Tracer, String)>);

impl TraceGroup {
    fn open(tracer: Tracer, job: &Job) -> TraceGroup {
        let title = match job {
            Job::Script(..) => "run_script".to_string(),
            Job::Tool(name, ..) => name.clone(),
            Job::Steps(..) => "bdd_run_steps".to_string(),
            Job::Draft(..) => "bdd_draft".to_string(),
            Job::Reload(_) | Job::Reclaim => "session".to_string(),
        };
        let id = tracer.group(&title, None);
        TraceGroup(Some((tracer, id)))
    }

    fn close(mut self, error: Option<&str>) {
        if let Some((tracer, id)) = self.0.take() {
            tracer.group_end(&id, error);
        }
    }
}

impl Drop for TraceGroup {
    fn drop(&mut self) {
        if let Some((tracer, id)) = self.0.take() {
            tracer.group_end(&id, None);
        }
    }
}

/// Writes a session's trace as `<dir>/<session>-<unix ms>.zip` (said on stderr; a failure is a
/// warning, the session has ended either way).
async fn save_trace(tracer: &Tracer, dir: &std::path::Path, session: &str) {
    let name: String = session.chars().map(|c| if c.is_alphanumeric() || c == '-' { c } else { '-' }).collect();
    let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis()).unwrap_or(0);
    let path = dir.join(format!("{name}-{stamp}.zip"));
    match tracer.write(&path) {
        Ok(()) => eprintln!("trace of session {session}: {}", path.display()),
        Err(e) => eprintln!("warning: cannot write the trace of session {session} to {}: {e}", path.display()),
    }
}

/// After a call: records the browser generation of a newly opened page and the flags
/// `session_list` and the reclaimer read, then ends the busy mark.
fn settle(
    state: &SessionState,
    instance: &Instance,
    session: &HostSession,
    page_generation: &mut Option<u64>,
    busy: Busy<'_>,
) {
    let has_page = session.has_page();
    if page_generation.is_none() && has_page {
        *page_generation = Some(instance.generation());
    }
    state.has_page.store(has_page, Ordering::Relaxed);
    state.warm.store(session.is_warm(), Ordering::Relaxed);
    drop(busy);
}
