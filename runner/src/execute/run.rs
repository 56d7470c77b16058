//! A whole execution: definitions, `testRunStarted`, BeforeAll hooks, test cases on the worker
//! pool, AfterAll hooks, `testRunFinished`.

use super::attachments::{attachment_message, AttachTo};
use super::invoke::{install_panic_hook, invoke};
use super::plan::plan_test_case;
use super::workers::{fails_run, run_workers, HostFactory};
use super::{RunContext, RunOptions};
use ferridriver_messages::*;
use ferridriver_steps::registry::{HookBody, HookContext, HookKind, Registry, World};
use std::sync::Arc;

/// What a run ended with.
#[derive(Debug, Default, Clone)]
pub struct RunSummary {
    pub success: bool,
    /// Final status of each test case that ran.
    pub statuses: Vec<TestStepResultStatus>,
}

/// Emits the definition messages of a registry: custom parameter types, then step definitions and
/// hooks in source order, then undefined parameter types.
pub fn emit_definitions(ctx: &RunContext, registry: &Registry) {
    for (id, t, source) in &registry.custom_parameter_types {
        ctx.emit(ParameterType {
            id: id.clone(),
            name: t.name.clone().unwrap_or_default(),
            regular_expressions: t.regexps.clone(),
            prefer_for_regular_expression_match: t.prefer_for_regexp_match,
            use_for_snippets: t.use_for_snippets,
            source_reference: source.as_ref().map(|s| source_reference(&s.uri, s.line)),
        });
    }
    let mut defs: Vec<(&ferridriver_steps::registry::SourceLocation, Envelope)> = Vec::new();
    for s in &registry.steps {
        defs.push((
            &s.source,
            StepDefinition {
                id: s.id.clone(),
                pattern: StepDefinitionPattern {
                    source: s.pattern.clone(),
                    pattern_type: match s.kind {
                        ferridriver_steps::registry::PatternKind::CucumberExpression => {
                            StepDefinitionPatternType::CucumberExpression
                        }
                        ferridriver_steps::registry::PatternKind::RegularExpression => {
                            StepDefinitionPatternType::RegularExpression
                        }
                    },
                },
                source_reference: source_reference(&s.source.uri, s.source.line),
            }
            .into(),
        ));
    }
    for h in &registry.hooks {
        defs.push((
            &h.source,
            Hook {
                id: h.id.clone(),
                name: h.name.clone(),
                source_reference: source_reference(&h.source.uri, h.source.line),
                tag_expression: h.tags.as_ref().map(|(t, _)| t.clone()),
                hook_type: Some(match h.kind {
                    HookKind::BeforeAll => HookType::BeforeTestRun,
                    HookKind::AfterAll => HookType::AfterTestRun,
                    HookKind::Before => HookType::BeforeTestCase,
                    HookKind::After => HookType::AfterTestCase,
                    HookKind::BeforeStep => HookType::BeforeTestStep,
                    HookKind::AfterStep => HookType::AfterTestStep,
                }),
            }
            .into(),
        ));
    }
    // Stable: definitions from one file keep their registration order.
    defs.sort_by(|a, b| a.0.cmp(b.0));
    for (_, e) in defs {
        ctx.emit(e);
    }
    for (expression, name) in &registry.undefined_parameter_types {
        ctx.emit(UndefinedParameterType { expression: expression.clone(), name: name.clone() });
    }
}

/// Runs the selected pickles (already emitted as `pickle` messages) and reports everything.
pub fn execute(
    ctx: &RunContext,
    registry: Arc<Registry>,
    pickles: Vec<Arc<Pickle>>,
    documents: &crate::load::Documents,
    options: Arc<RunOptions>,
    hosts: HostFactory,
) -> RunSummary {
    install_panic_hook();
    emit_definitions(ctx, &registry);
    let run_id = ctx.id();
    ctx.emit(TestRunStarted { timestamp: ctx.now(), id: Some(run_id.clone()) });

    let global_ok = run_global_hooks(ctx, &registry, HookKind::BeforeAll, &run_id, &options, &hosts);
    let mut summary = RunSummary { success: global_ok && registry.errors.is_empty(), statuses: Vec::new() };
    if global_ok {
        let table = ferridriver_steps::registry::MatchTable::new(&registry.steps);
        let cases: Vec<_> = pickles
            .into_iter()
            .map(|p| {
                let document = documents.get(&p.uri).cloned();
                let (mut case, message) = plan_test_case(ctx, &registry, &table, p, &run_id);
                case.document = document;
                ctx.emit(message);
                Arc::new(case)
            })
            .collect();
        // The workers' envelopes must follow the test cases: hand over what is buffered first.
        ctx.flush();
        let outcomes = run_workers(ctx, Arc::clone(&registry), cases, Arc::clone(&options), Arc::clone(&hosts));
        summary.statuses = outcomes.iter().map(|(_, s)| *s).collect();
        if summary.statuses.iter().any(|s| fails_run(*s, options.strict)) {
            summary.success = false;
        }
    }
    if !run_global_hooks(ctx, &registry, HookKind::AfterAll, &run_id, &options, &hosts) {
        summary.success = false;
    }
    ctx.emit(TestRunFinished {
        message: None,
        success: summary.success,
        timestamp: ctx.now(),
        exception: None,
        test_run_started_id: Some(run_id),
    });
    summary
}

/// Runs every BeforeAll (or AfterAll) hook, even after one failed; true when all passed.
fn run_global_hooks(
    ctx: &RunContext,
    registry: &Registry,
    kind: HookKind,
    run_id: &str,
    options: &RunOptions,
    hosts: &HostFactory,
) -> bool {
    let hooks = registry.hooks_of(kind);
    if hooks.is_empty() || options.dry_run {
        return true;
    }
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start a runtime for {kind:?} hooks: {e}");
            return false;
        }
    };
    let mut host = hosts(usize::MAX);
    let mut world = World::new(options.world_parameters.clone());
    let mut ok = true;
    for hook in hooks {
        let started_id = ctx.id();
        ctx.emit(TestRunHookStarted {
            id: started_id.clone(),
            test_run_started_id: run_id.to_string(),
            hook_id: hook.id.clone(),
            worker_id: None,
            timestamp: ctx.now(),
        });
        let timeout = hook.timeout.unwrap_or(options.default_timeout);
        let result = runtime.block_on(async {
            match hook.body {
                HookBody::Rust(f) => invoke(f(&mut world), timeout).await,
                // BeforeAll/AfterAll hooks get no test case (cucumber-js passes them nothing).
                HookBody::External(i) => {
                    invoke(host.invoke_hook(i, &mut world, &HookContext::default()), timeout).await
                }
            }
        });
        for a in world.take_attachments() {
            ctx.emit(attachment_message(a, AttachTo::TestRunHook { test_run_hook_started_id: &started_id }, ctx.now()));
        }
        ok &= result.status == TestStepResultStatus::Passed;
        ctx.emit(TestRunHookFinished { test_run_hook_started_id: started_id, result, timestamp: ctx.now() });
    }
    ok
}
