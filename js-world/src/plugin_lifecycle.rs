//! Plugins' `setup(ctx)` and `teardown(ctx)` (ADR 0027): run once per host process, in a VM
//! of their own that lives as long as the plugins it set up, so `teardown` sees what `setup`
//! left in its closure.
//!
//! A plugin whose setup throws or runs past 10 s registers nothing: the program the host
//! serves leaves out everything its file registered (steps, hooks, tools, codes), and the
//! failure is a load error with the file and the reason. Hosts call [`activate`] with each
//! load; a load of other files first tears the running plugins of that project down (a reload
//! replaces them), a load of the same program keeps them. [`shutdown_all`] tears everything
//! down when the process ends.

use crate::host_kind::HostKind;
use crate::load::{JsProgram, LoadReport};
use crate::vm::{Vm, VmCode, VmError};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// How long a plugin's `setup` may take before the plugin is refused.
pub const SETUP_LIMIT: Duration = Duration::from_secs(10);
/// How long the lifecycle VM's timers may run between setup and teardown: for as long as the
/// plugins are up.
const UNTIL_TEARDOWN: Duration = Duration::from_secs(100 * 365 * 24 * 3600);
/// How long a plugin's `teardown` may take before it is abandoned.
pub const TEARDOWN_LIMIT: Duration = Duration::from_secs(10);

/// Plugins set up for one project, with the program the host serves because of them.
struct Active {
    root: PathBuf,
    /// The program as loaded, before failed plugins were left out.
    loaded: Arc<JsProgram>,
    /// What the host serves: `loaded` without the files of failed plugins.
    serving: Arc<JsProgram>,
    /// One message per plugin whose setup failed.
    failures: Vec<String>,
    lifecycle: PluginLifecycle,
}

fn active() -> &'static Mutex<Vec<Active>> {
    static ACTIVE: Mutex<Vec<Active>> = Mutex::new(Vec::new());
    &ACTIVE
}

/// Runs the setups of `report`'s plugins (unless the same program is already set up for its
/// project) and returns the report the host should serve: without the plugins whose setup
/// failed, each of them one more error. The previous plugins of the project are torn down
/// first.
pub fn activate(report: LoadReport, host: HostKind) -> LoadReport {
    let Some(program) = report.program.clone() else { return report };
    let mut table = active().lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(same) = table.iter().find(|a| a.root == program.root && Arc::ptr_eq(&a.loaded, &program)) {
        return served(report, &same.serving, &same.failures);
    }
    // A reload replaces the project's plugins: the old ones end before the new ones start.
    if let Some(at) = table.iter().position(|a| a.root == program.root) {
        let old = table.remove(at);
        report_teardown(old.lifecycle.teardown());
    }
    let with_lifecycle = program.manifest.plugins().any(|p| p.has_setup || p.has_teardown);
    if !with_lifecycle {
        return report;
    }
    let (lifecycle, failures) = PluginLifecycle::start(&program, host);
    let failed_files: Vec<String> = failures.iter().map(|(file, _)| file.clone()).collect();
    let serving =
        if failed_files.is_empty() { Arc::clone(&program) } else { Arc::new(program.without_files(&failed_files)) };
    let failures: Vec<String> = failures.into_iter().map(|(_, message)| message).collect();
    let report = served(report, &serving, &failures);
    table.push(Active { root: program.root.clone(), loaded: program, serving, failures, lifecycle });
    report
}

/// Tears down every plugin this process set up (on its way out), reporting failures on stderr.
pub fn shutdown_all() {
    let all = std::mem::take(&mut *active().lock().unwrap_or_else(PoisonError::into_inner));
    for a in all {
        report_teardown(a.lifecycle.teardown());
    }
}

fn served(report: LoadReport, serving: &Arc<JsProgram>, failures: &[String]) -> LoadReport {
    let mut errors = report.errors;
    errors.extend(failures.iter().cloned());
    LoadReport { program: Some(Arc::clone(serving)), errors, origin: report.origin }
}

fn report_teardown(problems: Vec<String>) {
    for p in problems {
        eprintln!("warning: {p}");
    }
}

/// What the lifecycle thread is asked to do after the setups.
enum Job {
    Teardown(std::sync::mpsc::Sender<Vec<String>>),
}

/// The VM the plugins of one program were set up in, on a thread of its own.
pub struct PluginLifecycle {
    jobs: Option<tokio::sync::mpsc::UnboundedSender<Job>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl PluginLifecycle {
    /// Starts the VM and runs every plugin's `setup` in load order; returns the lifecycle and,
    /// per plugin whose setup failed, its file (relative, as sources are) and the message.
    fn start(loaded: &Arc<JsProgram>, host: HostKind) -> (PluginLifecycle, Vec<(String, String)>) {
        let (jobs, mut receiver) = tokio::sync::mpsc::unbounded_channel::<Job>();
        let (done, setups) = std::sync::mpsc::channel::<Vec<(String, String)>>();
        let program = Arc::clone(loaded);
        let thread = std::thread::Builder::new().name("ferridriver-plugins".into()).spawn(move || {
            let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                Ok(rt) => rt,
                Err(e) => {
                    let _ = done.send(all_failed(&program, &format!("cannot start a runtime: {e}")));
                    return;
                }
            };
            runtime.block_on(async move {
                let vm = match Vm::new(Some(VmCode { compiled: &program.compiled, hidden_tools: &[], hidden_plugins: &[] }), &program.root, host, program.limits, None, None, None)
                    .await
                {
                    Ok(vm) => vm,
                    Err(e) => {
                        let _ = done.send(all_failed(&program, &e.message));
                        return;
                    }
                };
                let mut set_up = Vec::new();
                let mut failures = Vec::new();
                for plugin in program.manifest.plugins() {
                    let outcome = if plugin.has_setup {
                        vm.plugin_lifecycle(&plugin.name, "setup", SETUP_LIMIT).await
                    } else {
                        Ok(())
                    };
                    match outcome {
                        Ok(()) => set_up.push(plugin.name.clone()),
                        Err(e) => failures.push((
                            plugin.source.uri.clone(),
                            format!(
                                "{}: PLUGIN_SETUP_FAILED: plugin \"{}\": setup {}\n  hint: the plugin registers nothing (no tools, steps, hooks or codes) until its setup succeeds; the other plugins are loaded",
                                plugin.source,
                                plugin.name,
                                describe(&program, &e)
                            ),
                        )),
                    }
                }
                let _ = done.send(failures);
                // Timers and promises the setups left keep running until the teardown.
                let job = tokio::select! {
                    job = receiver.recv() => job,
                    _ = vm.drive(UNTIL_TEARDOWN) => None,
                };
                if let Some(Job::Teardown(reply)) = job {
                    let mut problems = Vec::new();
                    for name in set_up.iter().rev() {
                        if let Err(e) = vm.plugin_lifecycle(name, "teardown", TEARDOWN_LIMIT).await {
                            problems.push(format!("plugin \"{name}\": teardown {}", describe(&program, &e)));
                        }
                    }
                    let _ = reply.send(problems);
                }
            });
        });
        match thread {
            Ok(thread) => {
                let failures = setups.recv().unwrap_or_else(|_| Vec::new());
                (PluginLifecycle { jobs: Some(jobs), thread: Some(thread) }, failures)
            }
            Err(e) => (
                PluginLifecycle { jobs: None, thread: None },
                all_failed(loaded, &format!("cannot start a thread for plugin setup: {e}")),
            ),
        }
    }

    /// Runs the teardowns (in reverse setup order) and waits for the VM to end; returns one
    /// message per teardown that failed.
    fn teardown(mut self) -> Vec<String> {
        self.finish()
    }

    fn finish(&mut self) -> Vec<String> {
        let Some(jobs) = self.jobs.take() else { return Vec::new() };
        let (reply, answer) = std::sync::mpsc::channel();
        let problems =
            if jobs.send(Job::Teardown(reply)).is_ok() { answer.recv().unwrap_or_default() } else { Vec::new() };
        drop(jobs);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        problems
    }
}

impl Drop for PluginLifecycle {
    fn drop(&mut self) {
        report_teardown(self.finish());
    }
}

/// Every plugin with a setup failed for one reason (the VM could not start).
fn all_failed(program: &JsProgram, why: &str) -> Vec<(String, String)> {
    program
        .manifest
        .plugins()
        .filter(|p| p.has_setup)
        .map(|p| (p.source.uri.clone(), format!("{}: PLUGIN_SETUP_FAILED: plugin \"{}\": {why}", p.source, p.name)))
        .collect()
}

/// "threw Error: …" with the stack in the original files, or "did not finish within 10 s".
fn describe(program: &JsProgram, e: &VmError) -> String {
    if e.timed_out {
        let limit = SETUP_LIMIT.as_secs();
        return format!("did not finish within {limit} s");
    }
    let stack = e.stack.as_deref().map(|s| program.mapper.rewrite_stack(s)).unwrap_or_default();
    let frames: Vec<&str> = stack.lines().filter(|l| !l.contains("ferridriver:")).collect();
    let mut text = format!("threw {}: {}", e.exception_type, e.message);
    if !frames.is_empty() {
        text.push('\n');
        text.push_str(frames.join("\n").trim_end());
    }
    text
}
