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
/// How long JS of the plugins' timers may run without a break between setup and teardown: a
/// busy loop is interrupted after it, so the teardown request is always heard.
const TICK: Duration = Duration::from_secs(5);
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
    // The table is locked only to look and to change it, never while plugin code runs: a
    // teardown or setup that hangs must not hold up the other projects or the exit.
    let old = {
        let mut table = active().lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(same) = table.iter().find(|a| a.root == program.root && Arc::ptr_eq(&a.loaded, &program)) {
            return served(report, &same.serving, &same.failures);
        }
        table.iter().position(|a| a.root == program.root).map(|at| table.remove(at))
    };
    // A reload replaces the project's plugins: the old ones end before the new ones start.
    if let Some(old) = old {
        report_teardown(old.lifecycle.teardown());
    }
    let with_lifecycle = program.manifest.plugins().any(|p| p.has_setup || p.has_teardown);
    if !with_lifecycle {
        return report;
    }
    let (lifecycle, failures) = PluginLifecycle::start(&program, host);
    let failed_files: Vec<String> = failures.iter().map(|(file, _)| scope_of(file)).collect();
    let serving =
        if failed_files.is_empty() { Arc::clone(&program) } else { Arc::new(program.without_files(&failed_files)) };
    let failures: Vec<String> = failures.into_iter().map(|(_, message)| message).collect();
    let report = served(report, &serving, &failures);
    let entry = Active { root: program.root.clone(), loaded: program, serving, failures, lifecycle };
    active().lock().unwrap_or_else(PoisonError::into_inner).push(entry);
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
    /// How many plugins it may tear down (bounds the wait for them).
    plugins: usize,
}

impl PluginLifecycle {
    /// Starts the VM and runs every plugin's `setup` in load order; returns the lifecycle and,
    /// per plugin whose setup failed, its file (relative, as sources are) and the message.
    fn start(loaded: &Arc<JsProgram>, host: HostKind) -> (PluginLifecycle, Vec<(String, String)>) {
        let (jobs, mut receiver) = tokio::sync::mpsc::unbounded_channel::<Job>();
        let plugins = loaded.manifest.plugins().count();
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
                let vm = match Vm::new(Some(VmCode { compiled: &program.compiled, hidden_tools: &[], hidden_plugins: &[], preset_env: &program.preset_env }), &program.root, host, program.limits, Some(offline_session()), None, None)
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
                // Timers and promises the setups left keep running until the teardown, each
                // stretch of JS at most a tick long (the drive is restarted every tick).
                let job = loop {
                    tokio::select! {
                        job = receiver.recv() => break job,
                        () = vm.drive(TICK) => {}
                        () = tokio::time::sleep(TICK) => {}
                    }
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
                (PluginLifecycle { jobs: Some(jobs), thread: Some(thread), plugins }, failures)
            }
            Err(e) => (
                PluginLifecycle { jobs: None, thread: None, plugins },
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
        if jobs.send(Job::Teardown(reply)).is_err() {
            return Vec::new();
        }
        // Every teardown has its limit; a VM that cannot even hear the request in that time is
        // left behind (it dies with the process) rather than holding up the exit.
        let limit = TICK + TEARDOWN_LIMIT * (self.plugins.max(1) as u32) + Duration::from_secs(1);
        match answer.recv_timeout(limit) {
            Ok(problems) => {
                drop(jobs);
                if let Some(thread) = self.thread.take() {
                    let _ = thread.join();
                }
                problems
            }
            Err(_) => vec![format!("the plugins' teardowns did not finish within {} s", limit.as_secs())],
        }
    }
}

impl Drop for PluginLifecycle {
    fn drop(&mut self) {
        report_teardown(self.finish());
    }
}

/// What a failed plugin takes with it: its file, or its whole package when it came from
/// `node_modules` (a package registers steps and tools from more modules than its entry).
fn scope_of(uri: &str) -> String {
    let Some(at) = uri.rfind("node_modules/") else { return uri.to_string() };
    let after = &uri[at + "node_modules/".len()..];
    let parts: Vec<&str> = after.split('/').collect();
    let name_parts = if after.starts_with('@') { 2 } else { 1 };
    if parts.len() <= name_parts {
        return uri.to_string();
    }
    format!("{}{}/", &uri[..at + "node_modules/".len()], parts[..name_parts].join("/"))
}

/// The lifecycle VM's session: no browser (no World is ever attached) and no network — a grant
/// that refuses every request is in force for as long as the VM lives, so `fetch` in a setup,
/// a teardown or a timer they left is refused, whatever the policy grants the plugin's tools.
fn offline_session() -> Arc<crate::playwright::Session> {
    let session = crate::playwright::session();
    let refused = crate::net_policy::NetGrant {
        rule: crate::net_policy::NetRule::Denied(
            "CAPABILITY_DENIED: plugins' setup and teardown have no network (ADR 0027)\n  hint: reach the network from a tool that declares allow.net".into(),
        ),
        tool: "setup/teardown".into(),
        plugin: None,
        auditor: None,
    };
    session.net().enter(usize::MAX, Arc::new(refused));
    session
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

#[cfg(test)]
mod tests {
    use super::scope_of;

    #[test]
    fn a_failed_package_takes_all_its_modules_a_file_only_itself() {
        assert_eq!(scope_of("extensions/box.ts"), "extensions/box.ts");
        assert_eq!(scope_of("node_modules/box/src/index.ts"), "node_modules/box/");
        assert_eq!(scope_of("node_modules/@acme/box/dist/a.js"), "node_modules/@acme/box/");
        assert_eq!(scope_of("node_modules/a/node_modules/b/i.js"), "node_modules/a/node_modules/b/");
    }
}
