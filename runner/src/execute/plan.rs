//! Binding a pickle to what will run: applicable Before hooks, each step's matching definitions
//! with their arguments, applicable After hooks. Produces the `testCase` message.

use super::RunContext;
use ferridriver_messages::{Group, Pickle, StepMatchArgument, StepMatchArgumentsList, TestCase, TestStep};
use ferridriver_steps::expressions::Argument;
use ferridriver_steps::registry::{HookKind, MatchTable, Registry, StepMatch};
use std::sync::Arc;

/// One step of a planned test case.
#[derive(Debug)]
pub enum PlannedStep {
    /// A Before or After hook (index into the registry's hooks).
    Hook { test_step_id: String, hook: usize, before: bool },
    /// A pickle step (index into the pickle's steps) with its match.
    Step { test_step_id: String, pickle_step: usize, matched: StepMatch },
}

impl PlannedStep {
    /// The `testStep` id.
    pub fn id(&self) -> &str {
        match self {
            PlannedStep::Hook { test_step_id, .. } | PlannedStep::Step { test_step_id, .. } => test_step_id,
        }
    }
}

/// A pickle ready to run.
#[derive(Debug)]
pub struct PlannedCase {
    pub test_case_id: String,
    pub pickle: Arc<Pickle>,
    /// The pickle's Gherkin document as JSON, for hooks that are told about it.
    pub document: Option<Arc<serde_json::Value>>,
    pub steps: Vec<PlannedStep>,
}

/// Plans one pickle and returns it with its `testCase` message.
pub fn plan_test_case(
    ctx: &RunContext,
    registry: &Registry,
    table: &MatchTable,
    pickle: Arc<Pickle>,
    test_run_started_id: &str,
) -> (PlannedCase, TestCase) {
    let tags: Vec<&str> = pickle.tags.iter().map(|t| t.name.as_str()).collect();
    let test_case_id = ctx.id();
    let hook_index = |id: &str| registry.hooks.iter().position(|h| h.id == id);
    let mut steps = Vec::new();
    let mut messages = Vec::new();
    for hook in registry.hooks_of(HookKind::Before).into_iter().filter(|h| h.applies_to(&tags)) {
        let id = ctx.id();
        messages.push(TestStep {
            hook_id: Some(hook.id.clone()),
            id: id.clone(),
            pickle_step_id: None,
            step_definition_ids: None,
            step_match_arguments_lists: None,
        });
        if let Some(i) = hook_index(&hook.id) {
            steps.push(PlannedStep::Hook { test_step_id: id, hook: i, before: true });
        }
    }
    for (i, step) in pickle.steps.iter().enumerate() {
        let id = ctx.id();
        let matched = table.find(&registry.steps, &step.text);
        let (def_ids, arg_lists): (Vec<String>, Vec<StepMatchArgumentsList>) = match &matched {
            StepMatch::Undefined => (vec![], vec![]),
            StepMatch::Matched(d, args) => (vec![registry.steps[*d].id.clone()], vec![arguments_list(args)]),
            StepMatch::Ambiguous(all) => {
                all.iter().map(|(d, args)| (registry.steps[*d].id.clone(), arguments_list(args))).unzip()
            }
        };
        messages.push(TestStep {
            hook_id: None,
            id: id.clone(),
            pickle_step_id: Some(step.id.clone()),
            step_definition_ids: Some(def_ids),
            step_match_arguments_lists: Some(arg_lists),
        });
        steps.push(PlannedStep::Step { test_step_id: id, pickle_step: i, matched });
    }
    for hook in registry.hooks_of(HookKind::After).into_iter().filter(|h| h.applies_to(&tags)) {
        let id = ctx.id();
        messages.push(TestStep {
            hook_id: Some(hook.id.clone()),
            id: id.clone(),
            pickle_step_id: None,
            step_definition_ids: None,
            step_match_arguments_lists: None,
        });
        if let Some(i) = hook_index(&hook.id) {
            steps.push(PlannedStep::Hook { test_step_id: id, hook: i, before: false });
        }
    }
    let message = TestCase {
        id: test_case_id.clone(),
        pickle_id: pickle.id.clone(),
        test_steps: messages,
        test_run_started_id: Some(test_run_started_id.to_string()),
    };
    (PlannedCase { test_case_id, pickle, document: None, steps }, message)
}

fn arguments_list(args: &[Argument]) -> StepMatchArgumentsList {
    StepMatchArgumentsList {
        step_match_arguments: args
            .iter()
            .map(|a| StepMatchArgument {
                group: group_message(&a.group),
                parameter_type_name: a.parameter_type_name().map(str::to_string),
            })
            .collect(),
    }
}

fn group_message(g: &ferridriver_steps::expressions::Group) -> Group {
    Group {
        children: g.children.iter().map(group_message).collect(),
        start: g.start.map(|s| s as u32),
        value: g.value.clone(),
    }
}
