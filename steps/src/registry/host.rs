//! The seam between the runner and a language runtime that owns some definitions (the JS
//! world): each worker owns one host and calls external bodies through it.

use super::{Invocation, StepFuture, World};
use serde_json::{Map, Value};

/// What a hook is told about the running test case: cucumber-js's hook argument. Values are the
/// messages' JSON (`pickle`, `pickleStep`, `result` as in the message protocol, statuses as
/// `"PASSED"`…); BeforeAll/AfterAll hooks get an empty context.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HookContext {
    /// The pickle (`{ id, uri, name, language, steps, tags, astNodeIds }`).
    pub pickle: Option<Value>,
    /// The Gherkin document the pickle came from, when the runner has it.
    pub gherkin_document: Option<Value>,
    /// The `testCaseStarted` id of the running attempt.
    pub test_case_started_id: Option<String>,
    /// BeforeStep/AfterStep: the pickle step about to run or just run.
    pub pickle_step: Option<Value>,
    /// BeforeStep/AfterStep: the `testStep` id of that step.
    pub test_step_id: Option<String>,
    /// After: the worst step result so far; AfterStep: the step's result.
    pub result: Option<Value>,
    /// After: whether a failed attempt will be retried.
    pub will_be_retried: Option<bool>,
}

impl HookContext {
    /// The cucumber-js hook argument as one JSON object (absent fields left out).
    pub fn to_json(&self) -> Value {
        let mut out = Map::new();
        let mut put = |key: &str, value: Option<Value>| {
            if let Some(v) = value {
                out.insert(key.to_string(), v);
            }
        };
        put("pickle", self.pickle.clone());
        put("gherkinDocument", self.gherkin_document.clone());
        put("testCaseStartedId", self.test_case_started_id.clone().map(Value::String));
        put("pickleStep", self.pickle_step.clone());
        put("testStepId", self.test_step_id.clone().map(Value::String));
        put("result", self.result.clone());
        put("willBeRetried", self.will_be_retried.map(Value::Bool));
        Value::Object(out)
    }
}

/// A moment of a host's life that plugins may listen to (`on: { scenarioStart, … }`): its name
/// and the plain object handlers get. Hosts without listeners ignore it.
#[derive(Debug, Clone, PartialEq)]
pub struct LifecycleEvent {
    /// `runStart`, `runEnd`, `scenarioStart`, `scenarioEnd`, `sessionStart` or `sessionEnd`.
    pub name: &'static str,
    /// What handlers are told (`{ name, uri, line, tags }` for a scenario's start…).
    pub data: Value,
}

impl LifecycleEvent {
    /// Whether the host is about to drop what the handlers run in (a worker's or session's
    /// end): they are given their time to finish first.
    pub fn is_final(&self) -> bool {
        matches!(self.name, "runEnd" | "sessionEnd")
    }
}

/// A future a host returns for work the caller awaits.
pub type HostFuture<'a> = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + 'a>>;

/// Runs definitions that live outside Rust inside the worker that owns them.
pub trait StepHost {
    /// A test case attempt begins: set up a fresh per-scenario state (e.g. a new JS World).
    fn start_test_case(&mut self, _world: &mut World) {}
    /// The attempt is over: drop its per-scenario state.
    fn end_test_case(&mut self, _world: &mut World) {}
    /// Invokes external step definition `index` (its `StepBody::External` index).
    fn invoke_step<'a>(&'a mut self, index: usize, world: &'a mut World, invocation: Invocation) -> StepFuture<'a>;
    /// Invokes external hook `index` (its `HookBody::External` index) with what it is told
    /// about the test case (its argument in cucumber-js).
    fn invoke_hook<'a>(&'a mut self, index: usize, world: &'a mut World, context: &HookContext) -> StepFuture<'a>;
    /// Work the host keeps going while a Rust step or hook of the same scenario runs (e.g. JS
    /// listeners of page events); the worker polls it next to the Rust body, for at most
    /// `limit`. `None` when there is nothing to run.
    fn background(
        &mut self,
        _limit: std::time::Duration,
    ) -> Option<std::pin::Pin<Box<dyn std::future::Future<Output = ()> + '_>>> {
        None
    }
    /// Whether the host lost the state earlier calls built (e.g. its JS VM was rebuilt after
    /// a timeout) since this was last asked; the worker then runs its BeforeAll hooks again.
    fn restarted(&mut self) -> bool {
        false
    }
    /// A lifecycle event happened in this host (ADR 0028): listeners are started, never
    /// awaited (a final event gives them their time, bounded). `None` when nothing listens.
    fn lifecycle<'a>(&'a mut self, _event: LifecycleEvent, _world: &'a mut World) -> Option<HostFuture<'a>> {
        None
    }
}

/// A boxed host is a host (the `bdd` workers hold theirs boxed: a VM, or none).
impl<T: StepHost + ?Sized> StepHost for Box<T> {
    fn start_test_case(&mut self, world: &mut World) {
        (**self).start_test_case(world)
    }
    fn end_test_case(&mut self, world: &mut World) {
        (**self).end_test_case(world)
    }
    fn invoke_step<'a>(&'a mut self, index: usize, world: &'a mut World, invocation: Invocation) -> StepFuture<'a> {
        (**self).invoke_step(index, world, invocation)
    }
    fn invoke_hook<'a>(&'a mut self, index: usize, world: &'a mut World, context: &HookContext) -> StepFuture<'a> {
        (**self).invoke_hook(index, world, context)
    }
    fn background(
        &mut self,
        limit: std::time::Duration,
    ) -> Option<std::pin::Pin<Box<dyn std::future::Future<Output = ()> + '_>>> {
        (**self).background(limit)
    }
    fn restarted(&mut self) -> bool {
        (**self).restarted()
    }
    fn lifecycle<'a>(&'a mut self, event: LifecycleEvent, world: &'a mut World) -> Option<HostFuture<'a>> {
        (**self).lifecycle(event, world)
    }
}

/// The host of a run without external definitions: calling one is an error.
pub struct NoHost;

impl StepHost for NoHost {
    fn invoke_step<'a>(&'a mut self, index: usize, _: &'a mut World, _: Invocation) -> StepFuture<'a> {
        Box::pin(async move { Err(format!("step definition {index} lives in a host that is not running").into()) })
    }

    fn invoke_hook<'a>(&'a mut self, index: usize, _: &'a mut World, _: &HookContext) -> StepFuture<'a> {
        Box::pin(async move { Err(format!("hook {index} lives in a host that is not running").into()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_leaves_out_what_is_unknown() {
        let context = HookContext {
            pickle: Some(serde_json::json!({"name": "a"})),
            test_case_started_id: Some("1".into()),
            will_be_retried: Some(false),
            ..Default::default()
        };
        assert_eq!(
            context.to_json(),
            serde_json::json!({"pickle": {"name": "a"}, "testCaseStartedId": "1", "willBeRetried": false})
        );
        assert_eq!(HookContext::default().to_json(), serde_json::json!({}));
    }
}
