//! The seam between the runner and a language runtime that owns some definitions (the JS
//! world): each worker owns one host and calls external bodies through it.

use super::{Invocation, StepFuture, World};

/// Runs definitions that live outside Rust inside the worker that owns them.
pub trait StepHost {
    /// A test case attempt begins: set up a fresh per-scenario state (e.g. a new JS World).
    fn start_test_case(&mut self, _world: &mut World) {}
    /// The attempt is over: drop its per-scenario state.
    fn end_test_case(&mut self, _world: &mut World) {}
    /// Invokes external step definition `index` (its `StepBody::External` index).
    fn invoke_step<'a>(&'a mut self, index: usize, world: &'a mut World, invocation: Invocation) -> StepFuture<'a>;
    /// Invokes external hook `index` (its `HookBody::External` index).
    fn invoke_hook<'a>(&'a mut self, index: usize, world: &'a mut World) -> StepFuture<'a>;
}

/// The host of a run without external definitions: calling one is an error.
pub struct NoHost;

impl StepHost for NoHost {
    fn invoke_step<'a>(&'a mut self, index: usize, _: &'a mut World, _: Invocation) -> StepFuture<'a> {
        Box::pin(async move { Err(format!("step definition {index} lives in a host that is not running").into()) })
    }

    fn invoke_hook<'a>(&'a mut self, index: usize, _: &'a mut World) -> StepFuture<'a> {
        Box::pin(async move { Err(format!("hook {index} lives in a host that is not running").into()) })
    }
}
