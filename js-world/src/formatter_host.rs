//! A cucumber-js custom formatter (`--format ./my-formatter.js`, `--format some-package:out.txt`)
//! run in a VM of its own, on a thread of its own: the module is resolved as a package or a
//! project file, bundled like a step file and evaluated; `js/formatter_host.js` adapts it (a
//! class extending `Formatter`, or a formatter plugin) and hands it every envelope. Each call
//! answers the text the formatter wrote meanwhile; the runner writes it where the format says.

use crate::module_vm::bundle_module;
use crate::vm::{exception_error, Bridge, Vm};
use rquickjs::{CatchResultExt, Function, Object, Promise};
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

const ADAPTER: &str = include_str!("js/formatter_host.js");

/// Where the entry module leaves the formatter module's namespace.
const SLOT: &str = "Symbol.for('ferridriver.formatterModule')";

/// How long the formatter may take with one envelope, or to finish.
const CALL_LIMIT: Duration = Duration::from_secs(60);

enum Request {
    Envelope(String),
    Finish,
}

/// A running custom formatter.
pub struct JsFormatter {
    requests: mpsc::Sender<Request>,
    answers: mpsc::Receiver<Result<String, String>>,
    name: String,
}

impl JsFormatter {
    /// Loads the formatter `specifier` (a package, or a path relative to `root`) with the
    /// format options; an error names the module and what went wrong.
    pub fn start(root: &Path, specifier: &str, options: &serde_json::Value) -> Result<JsFormatter, String> {
        let absolute = Path::new(specifier);
        let (files, errors) = if absolute.is_absolute() {
            match absolute.is_file() {
                true => (vec![absolute.to_path_buf()], Vec::new()),
                false => (Vec::new(), vec!["no such file".to_string()]),
            }
        } else {
            crate::plugin_packages::resolve_plugins(root, &[specifier.to_string()])
        };
        let Some(entry) = files.into_iter().next() else {
            // The resolver speaks of plugins; here it was a formatter.
            let why = errors.join("; ").replace(" in the config's `plugins`", "");
            return Err(format!(
                "custom formatter {specifier}: {why}\n  hint: name a built-in formatter, a file of the project (./formatter.js) or an installed package"
            ));
        };
        let (root, name, options) = (root.to_path_buf(), specifier.to_string(), options.to_string());
        let (requests, incoming) = mpsc::channel::<Request>();
        let (reply, answers) = mpsc::channel::<Result<String, String>>();
        let thread_name = name.clone();
        std::thread::Builder::new()
            .name("ferridriver-formatter".into())
            .spawn(move || {
                let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                    Ok(rt) => rt,
                    Err(e) => {
                        let _ = reply.send(Err(format!("custom formatter {thread_name}: cannot start a runtime: {e}")));
                        return;
                    }
                };
                let started = runtime.block_on(start(&root, &entry, &options, &thread_name));
                let (vm, controller) = match started {
                    Ok(parts) => {
                        let _ = reply.send(Ok(String::new()));
                        parts
                    }
                    Err(e) => {
                        let _ = reply.send(Err(e));
                        return;
                    }
                };
                for request in incoming {
                    let (method, argument) = match &request {
                        Request::Envelope(json) => ("envelope", Some(json.as_str())),
                        Request::Finish => ("finish", None),
                    };
                    let called = runtime.block_on(async {
                        tokio::time::timeout(CALL_LIMIT, call(&vm, &controller, method, argument)).await
                    });
                    let answer = match called {
                        Ok(result) => result.map_err(|e| format!("custom formatter {thread_name}: {e}")),
                        Err(_) => Err(format!(
                            "custom formatter {thread_name}: {method} did not finish within {} s",
                            CALL_LIMIT.as_secs()
                        )),
                    };
                    let last = matches!(request, Request::Finish);
                    if reply.send(answer).is_err() || last {
                        break;
                    }
                }
                // The controller is freed before the VM it lives in.
                drop(controller);
                drop(vm);
            })
            .map_err(|e| format!("cannot start a thread for the custom formatter {name}: {e}"))?;
        let formatter = JsFormatter { requests, answers, name };
        // A module whose top level never ends cannot be interrupted (its VM's deadline covers
        // calls): it is left behind, and the run stops before anything runs.
        match formatter.answers.recv_timeout(CALL_LIMIT) {
            Ok(started) => started.map(|_| formatter),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                Err(format!("custom formatter {specifier}: did not finish loading within {} s", CALL_LIMIT.as_secs()))
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => Err(formatter.gone()),
        }
    }

    /// Hands the formatter one envelope (as JSON); answers what it wrote.
    pub fn envelope(&self, json: String) -> Result<String, String> {
        self.requests.send(Request::Envelope(json)).map_err(|_| self.gone())?;
        self.wait()
    }

    /// Lets the formatter finish; answers what it wrote last.
    pub fn finish(&self) -> Result<String, String> {
        self.requests.send(Request::Finish).map_err(|_| self.gone())?;
        self.wait()
    }

    fn wait(&self) -> Result<String, String> {
        self.answers.recv().map_err(|_| self.gone())?
    }

    fn gone(&self) -> String {
        format!("custom formatter {}: its thread stopped", self.name)
    }
}

/// The formatter's controller (`{ envelope, finish }`), kept across calls.
struct Controller(Bridge);

async fn start(root: &Path, entry: &Path, options: &str, name: &str) -> Result<(Vm, Controller), String> {
    let module = bundle_module(root, entry, SLOT).await.map_err(|e| format!("custom formatter {name}: {e}"))?;
    let failed = |e: crate::vm::VmError| {
        let stack = e.stack.as_deref().map(|s| module.mapper.rewrite_stack(s)).unwrap_or_default();
        format!("custom formatter {name}: {}: {}\n{}", e.exception_type, e.message, stack.trim_end())
    };
    let vm = module.start(root, None).await.map_err(failed)?;
    let cwd = root.to_string_lossy().into_owned();
    let (options, name_owned) = (options.to_string(), name.to_string());
    let controller = vm
        .context
        .async_with(async move |ctx| {
            let adapt: Function = ctx.eval(ADAPTER).catch(&ctx).map_err(|e| exception_error(e, false))?;
            let namespace: rquickjs::Value =
                ctx.eval(format!("globalThis[{SLOT}]")).catch(&ctx).map_err(|e| exception_error(e, false))?;
            let controller: Object =
                adapt.call((namespace, options, cwd, name_owned)).catch(&ctx).map_err(|e| exception_error(e, false))?;
            Ok::<_, crate::vm::VmError>(Controller(Bridge::save(&ctx, controller)))
        })
        .await
        .map_err(failed)?;
    Ok((vm, controller))
}

/// Calls `method` of the controller and awaits the text it answers; JS that runs past the
/// call's limit (a loop that never yields) is interrupted.
async fn call(vm: &Vm, controller: &Controller, method: &str, argument: Option<&str>) -> Result<String, String> {
    let _deadline = vm.deadline_in(CALL_LIMIT);
    let saved = controller.0.clone();
    let (method, argument) = (method.to_string(), argument.map(str::to_string));
    vm.context
        .async_with(async move |ctx| {
            let fail = |e| {
                let e = exception_error(e, false);
                format!("{}: {}\n{}", e.exception_type, e.message, e.stack.unwrap_or_default().trim_end())
            };
            let object = saved.restore(&ctx).catch(&ctx).map_err(fail)?;
            let function: Function = object.get(method.as_str()).catch(&ctx).map_err(fail)?;
            let promise: Promise = match argument {
                Some(json) => function.call((rquickjs::function::This(object.clone()), json)),
                None => function.call((rquickjs::function::This(object.clone()),)),
            }
            .catch(&ctx)
            .map_err(fail)?;
            promise.into_future::<String>().await.catch(&ctx).map_err(fail)
        })
        .await
}
