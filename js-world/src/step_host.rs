//! `JsHost` behind the runner's `StepHost` seam: test cases, steps, hooks, the VM's background
//! work beside Rust steps, and lifecycle events for plugins (plugin_events.rs). Kept apart from
//! host.rs, which is what a host is, so that the layers above it (plugin events) are not
//! imported by it.

use crate::host::JsHost;
use crate::vm::Call;
use ferridriver_steps::registry::{HookContext, HostFuture, Invocation, LifecycleEvent, StepFuture, StepHost, World};
use std::time::Duration;

impl StepHost for JsHost {
    fn start_test_case(&mut self, _world: &mut World) {
        self.world_ready = false;
        self.session.reset();
        self.recycle();
    }

    fn end_test_case(&mut self, _world: &mut World) {
        self.world_ready = false;
        self.session.reset();
        crate::fetch::forget_bodies();
        self.recycle();
    }

    fn invoke_step<'a>(&'a mut self, index: usize, world: &'a mut World, invocation: Invocation) -> StepFuture<'a> {
        let timeout =
            self.program.as_ref().and_then(|p| p.manifest.step_timeout(index)).unwrap_or(self.fallback_timeout);
        Box::pin(self.call(Call::Step(index, invocation), timeout, world))
    }

    fn invoke_hook<'a>(&'a mut self, index: usize, world: &'a mut World, context: &HookContext) -> StepFuture<'a> {
        let timeout =
            self.program.as_ref().and_then(|p| p.manifest.hook_timeout(index)).unwrap_or(self.fallback_timeout);
        Box::pin(self.call(Call::Hook(index, context.to_json().to_string()), timeout, world))
    }

    fn restarted(&mut self) -> bool {
        std::mem::take(&mut self.rebuilt)
    }

    fn lifecycle<'a>(&'a mut self, event: LifecycleEvent, world: &'a mut World) -> Option<HostFuture<'a>> {
        let program = self.program.as_ref()?;
        if !crate::plugin_events::wanted(program, event.name) {
            return None;
        }
        Some(Box::pin(self.fire(event, world)))
    }

    fn background(&mut self, limit: Duration) -> Option<std::pin::Pin<Box<dyn std::future::Future<Output = ()> + '_>>> {
        // Nothing of this scenario (or of a run hook) ran in JS yet: no listener can be waiting.
        if !self.world_ready && !self.ran_run_hook {
            return None;
        }
        let vm = self.vm.as_ref()?;
        Some(Box::pin(vm.drive(limit)))
    }
}
