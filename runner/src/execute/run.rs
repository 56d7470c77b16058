//! A whole execution: definitions, `testRunStarted`, the run's BeforeAll hooks (Rust, and JS on
//! the coordinator: coordinator_hooks.rs), the worker pool (each worker: JS BeforeAll hooks,
//! test cases, JS AfterAll hooks), the run's AfterAll hooks, `testRunFinished`.

use super::invoke::install_panic_hook;
use super::plan::plan_test_case;
use super::workers::{fails_run, run_workers, HostFactory};
use super::{RunContext, RunOptions};
use ferridriver_messages::*;
use ferridriver_steps::registry::{HookKind, Registry};
use std::sync::Arc;

/// What a run ended with.
#[derive(Debug, Default, Clone)]
pub struct RunSummary {
    pub success: bool,
    /// Final status of each test case that ran.
    pub statuses: Vec<TestStepResultStatus>,
    /// The pickles whose test case failed the run (watch mode re-runs them on `f`).
    pub failed_pickles: Vec<String>,
    /// Test cases that passed only on a retry.
    pub flaky: usize,
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

    let mut coordinator = super::coordinator_hooks::Coordinator::new(ctx, &registry, &options, &hosts, &run_id);
    let run_before_ok = coordinator.run_hooks(&registry, HookKind::BeforeAll, &options);
    // More workers than test cases would only repeat the workers' BeforeAll hooks.
    let workers = options.parallel.clamp(1, pickles.len().max(1));
    let plan = |hooks_ok: bool| {
        if !(hooks_ok && run_before_ok) {
            return Vec::new();
        }
        let table = ferridriver_steps::registry::MatchTable::new(&registry.steps);
        pickles
            .into_iter()
            .map(|p| {
                let document = documents.get(&p.uri).cloned();
                let (mut case, message) = plan_test_case(ctx, &registry, &table, p, &run_id);
                case.document = document;
                ctx.emit(message);
                Arc::new(case)
            })
            .collect()
    };
    let pool = run_workers(ctx, Arc::clone(&registry), Arc::clone(&options), hosts, workers, &run_id, plan);
    let mut summary = RunSummary {
        success: run_before_ok && pool.hooks_passed && registry.errors.is_empty(),
        statuses: pool.outcomes.iter().map(|o| o.status).collect(),
        failed_pickles: pool
            .outcomes
            .iter()
            .filter(|o| fails_run(o.status, &options) || (o.flaky && options.fail_on_flaky))
            .map(|o| o.pickle_id.clone())
            .collect(),
        flaky: pool.outcomes.iter().filter(|o| o.flaky).count(),
    };
    if summary.statuses.iter().any(|s| fails_run(*s, &options)) {
        summary.success = false;
    }
    if options.fail_on_flaky && summary.flaky > 0 {
        summary.success = false;
    }
    if !coordinator.run_hooks(&registry, HookKind::AfterAll, &options) {
        summary.success = false;
    }
    // Its session ends (and says so to plugins) before the run does.
    drop(coordinator);
    let flaky_failed = options.fail_on_flaky && summary.flaky > 0;
    // The traces attached to test cases exist before the run says it has ended.
    super::trace::wait_for_trace_writes();
    ctx.emit(TestRunFinished {
        message: flaky_failed.then(|| format!("{} flaky scenario(s) and --fail-on-flaky", summary.flaky)),
        success: summary.success,
        timestamp: ctx.now(),
        exception: None,
        test_run_started_id: Some(run_id),
    });
    summary
}
