//! `JsHost`: a worker's JS VM behind the runner's `StepHost` seam. Created on the worker
//! thread; the VM is built there on first use and never leaves it.

use crate::convert::{Attachment, CallResult};
use crate::load::JsProgram;
use crate::playwright::{self, Provider, Session};
use crate::vm::{Call, Vm, VmError};
use ferridriver_steps::registry::{HookContext, Invocation, StepFailure, StepFuture, StepHost, StepOutcome, World};
use std::sync::Arc;
use std::time::Duration;

/// Runs JS definitions in this worker's VM.
pub struct JsHost {
    program: Arc<JsProgram>,
    vm: Option<Vm>,
    /// The VM timed out, ran out of memory or was abandoned mid-call: rebuild it from the
    /// bytecode before the next test case.
    poisoned: bool,
    /// A call's future was dropped before it finished (the runner's timeout fired).
    in_flight: bool,
    /// The current test case's World exists in the VM.
    world_ready: bool,
    /// A VM was dropped since `restarted` was last asked (its globals are gone).
    rebuilt: bool,
    /// The runner's default step timeout, for definitions without their own.
    fallback_timeout: Duration,
    /// The scenario's browser objects as the VM's natives see them.
    session: Arc<Session>,
    /// Opens the scenario page when JS first asks for it (needs the World, so it runs here).
    provider: Provider,
}

impl JsHost {
    /// A host for `program`; `fallback_timeout` is the runner's default step timeout.
    pub fn new(program: Arc<JsProgram>, fallback_timeout: Duration) -> Self {
        let (session, provider) = playwright::session();
        JsHost {
            program,
            vm: None,
            poisoned: false,
            in_flight: false,
            world_ready: false,
            rebuilt: false,
            fallback_timeout,
            session,
            provider,
        }
    }

    async fn call(&mut self, call: Call, timeout: Duration, world: &mut World) -> Result<StepOutcome, StepFailure> {
        if self.in_flight {
            // The previous call was abandoned; its promise may still be pending in the VM.
            self.poisoned = true;
            self.in_flight = false;
        }
        if self.vm.is_none() {
            let vm = Vm::new(
                &self.program.compiled,
                &self.program.root,
                "bdd",
                self.program.limits,
                Some(Arc::clone(&self.session)),
            )
            .await
            .map_err(|e| self.failure(&e, "the JS world could not start"))?;
            self.vm = Some(vm);
        }
        let vm = self.vm.as_ref().ok_or_else(|| StepFailure::new("Error", "the JS world is not running"))?;
        // Test-case hooks and steps need the World; BeforeAll/AfterAll hooks get their own object.
        let global_hook = matches!(call, Call::Hook(i, _) if is_global_hook(&self.program, i));
        // The World lives until the test case ends: the first call of the test case builds it
        // (building it is async, which `start_test_case` is not).
        if !global_hook && !self.world_ready {
            if let Err(e) = vm.new_world(world.parameters.to_string()).await {
                self.poisoned = true;
                return Err(self.failure(&e, "the World could not be created"));
            }
            self.world_ready = true;
        }
        self.session.sync(world);
        self.session.refresh().await;
        self.in_flight = true;
        // The call runs while the provider stands by to open the page if JS asks for it.
        let (result, attachments) = {
            let invoke = vm.invoke(call, timeout);
            // Served only while this call runs, even if the runner drops it half-way.
            struct Serving<'a>(&'a Session);
            impl Drop for Serving<'_> {
                fn drop(&mut self) {
                    self.0.set_serving(false);
                }
            }
            self.session.set_serving(true);
            let _serving = Serving(&self.session);
            let serve = self.provider.serve(&self.session, world);
            tokio::pin!(invoke, serve);
            tokio::select! {
                biased;
                done = &mut invoke => done,
                () = &mut serve => invoke.await,
            }
        };
        self.provider.drain();
        self.in_flight = false;
        drain(attachments, world);
        match result {
            Ok(r) => self.outcome(r),
            Err(e) => {
                self.poisoned = true;
                if e.timed_out {
                    Err(StepFailure::new("TimeoutError", format!("timed out after {} ms", timeout.as_millis())))
                } else {
                    Err(self.failure(&e, "the JS world failed"))
                }
            }
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
                let stack =
                    r.stack.as_deref().map(|s| user_frames(&self.program.mapper.rewrite_stack(s))).unwrap_or_default();
                let full = if stack.trim().is_empty() { message } else { format!("{message}\n{}", stack.trim_end()) };
                Err(StepFailure::new(r.exception_type.unwrap_or_else(|| "Error".into()), full))
            }
        }
    }

    fn failure(&self, e: &VmError, context: &str) -> StepFailure {
        let stack = e.stack.as_deref().map(|s| self.program.mapper.rewrite_stack(s)).unwrap_or_default();
        StepFailure::new(e.exception_type.clone(), format!("{context}: {}\n{}", e.message, stack.trim_end()))
    }

    /// Drops the VM when it cannot be trusted any more (the next call rebuilds it).
    fn recycle(&mut self) {
        if self.vm.as_ref().is_some_and(Vm::take_overrun) {
            self.poisoned = true;
        }
        if self.poisoned || self.in_flight {
            self.rebuilt |= self.vm.is_some();
            self.vm = None;
            self.poisoned = false;
            self.in_flight = false;
        }
    }
}

/// The stack without the frames of our prelude and of native functions (as cucumber-js hides
/// its own frames).
fn user_frames(stack: &str) -> String {
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

impl StepHost for JsHost {
    fn start_test_case(&mut self, _world: &mut World) {
        self.world_ready = false;
        self.session.reset();
        self.provider.drain();
        self.recycle();
    }

    fn end_test_case(&mut self, _world: &mut World) {
        self.world_ready = false;
        self.session.reset();
        crate::fetch::forget_bodies();
        self.recycle();
    }

    fn invoke_step<'a>(&'a mut self, index: usize, world: &'a mut World, invocation: Invocation) -> StepFuture<'a> {
        let timeout = self.program.manifest.step_timeout(index).unwrap_or(self.fallback_timeout);
        Box::pin(self.call(Call::Step(index, invocation), timeout, world))
    }

    fn invoke_hook<'a>(&'a mut self, index: usize, world: &'a mut World, context: &HookContext) -> StepFuture<'a> {
        let timeout = self.program.manifest.hook_timeout(index).unwrap_or(self.fallback_timeout);
        Box::pin(self.call(Call::Hook(index, context.to_json().to_string()), timeout, world))
    }

    fn restarted(&mut self) -> bool {
        std::mem::take(&mut self.rebuilt)
    }

    fn background(&mut self, limit: Duration) -> Option<std::pin::Pin<Box<dyn std::future::Future<Output = ()> + '_>>> {
        // Nothing of this scenario ran in JS yet: no listener can be waiting.
        if !self.world_ready {
            return None;
        }
        let vm = self.vm.as_ref()?;
        Some(Box::pin(vm.drive(limit)))
    }
}
