//! `JsHost`: a worker's JS VM behind the runner's `StepHost` seam. Created on the worker
//! thread; the VM is built there on first use and never leaves it.

use crate::convert::{Attachment, CallResult};
use crate::host_kind::HostKind;
use crate::load::JsProgram;
use crate::playwright::{self, Session};
use crate::script::ScriptSandbox;
use crate::vm::{Call, Vm, VmCode, VmError};
use ferridriver_steps::registry::{StepFailure, StepOutcome, World};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Runs JS definitions (and, for the script hosts, scripts) in this thread's VM. A BDD worker
/// has one per worker; an MCP or `run` session has one per session (ADR 0013).
pub struct JsHost {
    /// The project's step files and extensions (none when there are none).
    pub(crate) program: Option<Arc<JsProgram>>,
    /// Which host this is (`ferridriver.host`).
    pub(crate) kind: HostKind,
    /// The `node:fs` scope and `process.cwd()`: the project root, or script_root for scripts.
    pub(crate) root: PathBuf,
    /// Files and `vars` of a script session.
    pub(crate) sandbox: Option<ScriptSandbox>,
    /// The tools' declared commands and this host's persistent processes (which outlive VM
    /// rebuilds and die with the host).
    commands: Option<Arc<crate::commands::CommandContext>>,
    /// What the tools may use, and where their uses are recorded (ADR 0025).
    policy: crate::policy::HostPolicy,
    pub(crate) vm: Option<Vm>,
    /// The VM timed out, ran out of memory or was abandoned mid-call: rebuild it from the
    /// bytecode before the next test case.
    pub(crate) poisoned: bool,
    /// A call's future was dropped before it finished (the runner's timeout fired).
    pub(crate) in_flight: bool,
    /// The current test case's World exists in the VM.
    pub(crate) world_ready: bool,
    /// A BeforeAll/AfterAll hook ran in the VM: what it left running (timers, listeners) is
    /// worth driving between calls even with no World (the coordinator's VM).
    pub(crate) ran_run_hook: bool,
    /// A VM was dropped since `restarted` was last asked (its globals are gone).
    pub(crate) rebuilt: bool,
    /// The runner's default step timeout, for definitions without their own.
    pub(crate) fallback_timeout: Duration,
    /// The scenario's browser objects as the VM's natives see them.
    pub(crate) session: Arc<Session>,
}

impl JsHost {
    /// A host for `program`; `fallback_timeout` is the runner's default step timeout.
    pub fn new(program: Arc<JsProgram>, fallback_timeout: Duration) -> Self {
        let root = program.root.clone();
        Self::build(Some(program), HostKind::Bdd, root, None, fallback_timeout)
    }

    /// A script session's host (`mcp` or `script`): `program` is the project's step files and
    /// extensions if any; `sandbox` the session's roots and `vars`; `policy` what its tools may
    /// use and which other folders its `file:` pages may come from.
    pub fn for_scripts(
        program: Option<Arc<JsProgram>>,
        kind: HostKind,
        sandbox: ScriptSandbox,
        fallback_timeout: Duration,
        policy: crate::policy::HostPolicy,
    ) -> Self {
        let root = sandbox.fs.root.clone();
        let roots = vec![sandbox.fs.root.clone(), sandbox.artifacts.root.clone()];
        let mut host = Self::build(program, kind, root, Some(sandbox), fallback_timeout);
        let on_behalf = crate::policy::NavigationFor::default();
        host.session.restrict_files(policy.file_gate(roots, on_behalf.clone()), on_behalf);
        host.set_policy(policy);
        host
    }

    /// The `file:` gate of a script session (none under bdd); the World's lease must carry it
    /// (`BrowserLease::gated`), so clicks and redirects are held to it.
    pub fn file_gate(&self) -> Option<ferridriver_browser::UrlGate> {
        self.session.file_gate()
    }

    fn build(
        program: Option<Arc<JsProgram>>,
        kind: HostKind,
        root: PathBuf,
        sandbox: Option<ScriptSandbox>,
        fallback_timeout: Duration,
    ) -> Self {
        let session = playwright::session();
        session.set_program(program.clone());
        let policy = crate::policy::HostPolicy::default();
        let commands = commands_for(program.as_deref(), &root, Arc::default(), &policy);
        JsHost {
            program,
            kind,
            root,
            sandbox,
            commands,
            policy,
            vm: None,
            poisoned: false,
            in_flight: false,
            world_ready: false,
            ran_run_hook: false,
            rebuilt: false,
            fallback_timeout,
            session,
        }
    }

    /// The one guarded entry of every call (step, hook, script, tool): a call abandoned before
    /// this one poisons the VM; between script and tool calls a VM that cannot be trusted is
    /// dropped first (a test case keeps its VM until it ends, so its World survives); the VM is
    /// built if needed; the call's World is attached to the natives. The call is in flight from
    /// here until its caller clears `in_flight`.
    pub(crate) async fn enter(&mut self, world: &World, between: Between) -> Result<(), VmError> {
        if self.in_flight {
            // The previous call was abandoned; its promise may still be pending in the VM.
            self.poisoned = true;
            self.in_flight = false;
        }
        if between == Between::Calls {
            self.recycle();
        }
        self.ensure_vm().await?;
        self.session.attach(world);
        self.in_flight = true;
        Ok(())
    }

    pub(crate) async fn call(
        &mut self,
        call: Call,
        timeout: Duration,
        world: &mut World,
    ) -> Result<StepOutcome, StepFailure> {
        if let Err(e) = self.enter(world, Between::TestCase).await {
            return Err(self.failure(&e, "the JS world could not start"));
        }
        let vm = self.vm.as_ref().ok_or_else(|| StepFailure::new("Error", "the JS world is not running"))?;
        // Test-case hooks and steps need the World; BeforeAll/AfterAll hooks get their own object.
        let global_hook =
            matches!(call, Call::Hook(i, _) if self.program.as_deref().is_some_and(|p| is_global_hook(p, i)));
        // The World lives until the test case ends: the first call of the test case builds it
        // (building it is async, which `start_test_case` is not).
        if !global_hook && !self.world_ready {
            if let Err(e) = vm.new_world(world.parameters.to_string()).await {
                self.poisoned = true;
                return Err(self.failure(&e, "the World could not be created"));
            }
            self.world_ready = true;
        }
        // A run hook's `this.parameters` (and `context.parameters`) are the world parameters, as
        // in cucumber-js, though no World was built yet.
        let call = match call {
            Call::Hook(i, _) if global_hook => {
                Call::Hook(i, serde_json::json!({ "runParameters": world.parameters }).to_string())
            }
            other => other,
        };
        self.ran_run_hook |= global_hook;
        let (result, attachments) = vm.invoke(call, timeout).await;
        self.in_flight = false;
        drain(attachments, world);
        self.report_pending_event_failures().await;
        match result {
            Ok(r) => self.outcome(r),
            Err(e) => {
                // A call left waiting at its deadline interrupted nothing: the VM, its module
                // state and what BeforeAll set up stay (cucumber-js goes on with the same
                // process). JS stopped mid-way may have left it half-done: rebuilt.
                self.poisoned |= !e.abandoned;
                if e.timed_out {
                    let pending = ferridriver_browser::pending_action();
                    Err(StepFailure::new(
                        crate::JsErrorName::TimeoutError.as_str(),
                        ferridriver_browser::timed_out(timeout, pending.as_deref()),
                    ))
                } else {
                    Err(self.failure(&e, "the JS world failed"))
                }
            }
        }
    }

    /// Forgets the VM and the browser objects it knew (a new browser, or working memory
    /// reclaimed): the next call starts with a fresh `globalThis`; `vars` are kept.
    pub fn reset(&mut self) {
        self.session.reset();
        self.rebuilt |= self.vm.is_some();
        self.vm = None;
        self.world_ready = false;
        self.poisoned = false;
        self.in_flight = false;
    }

    /// Runs a new load of the project from the next call on (a fresh VM; the session's page,
    /// `vars` and persistent processes stay).
    pub fn set_program(&mut self, program: Option<Arc<JsProgram>>) {
        let processes = self.commands.as_ref().map(|c| Arc::clone(&c.processes)).unwrap_or_default();
        self.commands = commands_for(program.as_deref(), &self.root, processes, &self.policy);
        self.session.set_program(program.clone());
        self.program = program;
        self.reset_vm();
    }

    /// The switches the workers' browsers run with (`None`: unknown), so that a suite's
    /// `chromium.launch({ args })` is told only of the switches that do not apply.
    pub fn set_launch_switches(&mut self, switches: Option<Vec<String>>) {
        self.session.set_launch_switches(switches);
    }

    /// `getByTestId` matches `attribute` (`[browser] testIdAttribute`) in the VMs built from now on.
    pub fn set_test_id_attribute(&mut self, attribute: Option<String>) {
        self.session.set_test_id_attribute(attribute);
        self.reset_vm();
    }

    /// Runs under `policy` from the next call on (a fresh VM: the grants are read when the
    /// natives are installed). Every host that reads a configuration sets it; without it the
    /// `standard` profile applies and nothing is recorded.
    pub fn set_policy(&mut self, policy: crate::policy::HostPolicy) {
        let processes = self.commands.as_ref().map(|c| Arc::clone(&c.processes)).unwrap_or_default();
        self.commands = commands_for(self.program.as_deref(), &self.root, processes, &policy);
        self.policy = policy;
        self.reset_vm();
    }

    /// Drops only the VM (its memory is reclaimed; `globalThis` starts over), keeping the
    /// browser objects of the session: the page stays open.
    pub fn reset_vm(&mut self) {
        self.rebuilt |= self.vm.is_some();
        self.vm = None;
        self.session.net().clear();
        self.world_ready = false;
        self.poisoned = false;
        self.in_flight = false;
    }

    /// Whether a VM is loaded (scripts ran since the last reset).
    pub fn is_warm(&self) -> bool {
        self.vm.is_some()
    }

    /// Builds the VM if there is none (first use, or after a reset).
    pub(crate) async fn ensure_vm(&mut self) -> Result<(), VmError> {
        if self.vm.is_some() {
            return Ok(());
        }
        let limits = self.program.as_ref().map(|p| p.limits).unwrap_or_default();
        let vm = Vm::new(
            self.program.as_ref().map(|p| VmCode {
                compiled: &p.compiled,
                hidden_tools: &p.hidden_tools,
                hidden_plugins: &p.hidden_plugins,
                preset_env: &p.preset_env,
            }),
            &self.root,
            self.kind,
            limits,
            Some(Arc::clone(&self.session)),
            self.sandbox.as_ref(),
            self.commands.clone(),
        )
        .await?;
        self.vm = Some(vm);
        Ok(())
    }

    /// Bundle positions in a stack back to the original files.
    pub(crate) fn rewrite_stack(&self, stack: &str) -> String {
        match &self.program {
            Some(p) => p.mapper.rewrite_stack(stack),
            None => stack.to_string(),
        }
    }

    fn outcome(&self, r: CallResult) -> Result<StepOutcome, StepFailure> {
        let message = r.message.clone().unwrap_or_default();
        match (r.status.as_str(), r.exception_type.is_some()) {
            ("passed", _) => Ok(StepOutcome::Passed),
            ("pending", false) => Ok(StepOutcome::Pending),
            ("skipped", false) => Ok(StepOutcome::Skipped),
            ("pending", true) => Err(StepFailure::pending(message)),
            ("skipped", true) => Err(StepFailure::skipped(message)),
            _ => {
                let stack = r.stack.as_deref().map(|s| user_frames(&self.rewrite_stack(s))).unwrap_or_default();
                let message = match r.stack.as_deref().is_some_and(crate::callee::thrown_by_the_call) {
                    true => self.callee_named(message, &stack),
                    false => message,
                };
                let full = if stack.trim().is_empty() { message } else { format!("{message}\n{}", stack.trim_end()) };
                Err(StepFailure::new(r.exception_type.unwrap_or_else(|| "Error".into()), full))
            }
        }
    }

    /// QuickJS's bare "not a function" with the call named, read from the step's source at
    /// the stack's first frame (`callee.rs`); any other message as it is.
    fn callee_named(&self, message: String, stack: &str) -> String {
        if !message.trim_end().ends_with("not a function") {
            return message;
        }
        let Some(program) = &self.program else { return message };
        let Some((file, line, column)) = crate::callee::first_frame(stack, |_| true) else { return message };
        let source = crate::callee::project_source(program.mapper.root(), &file);
        let source_line =
            source.as_deref().and_then(|t| t.lines().nth((line as usize).saturating_sub(1)).map(str::to_string));
        source_line.and_then(|l| crate::callee::named(&message, &l, column)).unwrap_or(message)
    }

    fn failure(&self, e: &VmError, context: &str) -> StepFailure {
        let stack = e.stack.as_deref().map(|s| self.rewrite_stack(s)).unwrap_or_default();
        StepFailure::new(e.exception_type.clone(), format!("{context}: {}\n{}", e.message, stack.trim_end()))
    }

    /// Drops the VM when it cannot be trusted any more (the next call rebuilds it).
    pub(crate) fn recycle(&mut self) {
        if self.vm.as_ref().is_some_and(Vm::take_overrun) {
            self.poisoned = true;
        }
        if self.poisoned || self.in_flight {
            self.rebuilt |= self.vm.is_some();
            self.vm = None;
            // Handlers of the dropped VM never reach their `finally`.
            self.session.net().clear();
            self.poisoned = false;
            self.in_flight = false;
        }
    }
}

/// Where a call stands, for [`JsHost::enter`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Between {
    /// A step or hook of a test case: a poisoned VM serves on until the test case ends.
    TestCase,
    /// A script or tool call: an untrusted VM is rebuilt before the call.
    Calls,
}

/// The command natives' view of `program`'s tools (none without a program), with the
/// session's `processes`, under `policy`. Always there, so the policy's decisions that do not
/// depend on a tool (no environment under `safe`) hold in every VM.
fn commands_for(
    program: Option<&JsProgram>,
    root: &std::path::Path,
    processes: Arc<crate::commands::Processes>,
    policy: &crate::policy::HostPolicy,
) -> Option<Arc<crate::commands::CommandContext>> {
    let tools = program.into_iter().flat_map(|p| p.manifest.tools());
    let root = program.map_or_else(|| root.to_path_buf(), |p| p.root.clone());
    Some(Arc::new(crate::commands::CommandContext::new(tools, processes, root, policy.clone())))
}

/// The stack without the frames of our prelude and of native functions (as cucumber-js hides
/// its own frames).
pub(crate) fn user_frames(stack: &str) -> String {
    stack
        .lines()
        .filter(|l| !l.contains("(ferridriver:") && !l.trim_end().ends_with("(native)"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_global_hook(program: &JsProgram, index: usize) -> bool {
    program.manifest.definitions.iter().any(|d| {
        matches!(d, crate::manifest::JsDefinition::Hook(h) if h.index == index
            && matches!(h.kind, ferridriver_steps::registry::HookKind::BeforeAll | ferridriver_steps::registry::HookKind::AfterAll))
    })
}

/// Moves what JS attached into the Rust World (the runner turns it into messages).
fn drain(attachments: Vec<Attachment>, world: &mut World) {
    for a in attachments {
        match (a.text, a.bytes) {
            (Some(text), _) => world.attach_text(text, a.media_type),
            (None, Some(bytes)) => world.attach_bytes(bytes, a.media_type, a.file_name),
            (None, None) => {}
        }
    }
}
