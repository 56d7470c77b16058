//! One attempt at one test case, with cucumber-js semantics:
//! - once a step is not PASSED, later steps and Before hooks are SKIPPED, After hooks still run;
//! - undefined and ambiguous steps are reported as such even while skipping;
//! - BeforeStep/AfterStep hooks run around each executed step, and their failure fails the step;
//! - a FAILED attempt may be retried; then its `testCaseFinished` says `willBeRetried`.

use super::attachments::{attachment_message, AttachTo};
use super::invoke::{instant_result, invoke, invoke_hosted, StepHost};
use super::{PlannedCase, PlannedStep, RunContext, RunOptions};
use ferridriver_messages::*;
use ferridriver_steps::registry::{
    HookBody, HookContext, HookKind, Invocation, Registry, StepBody, StepDefinition, StepMatch, World,
};

/// Runs one attempt and returns the worst step status.
pub async fn run_attempt(
    ctx: &RunContext,
    registry: &Registry,
    case: &PlannedCase,
    attempt: u32,
    can_retry: bool,
    options: &RunOptions,
    worker: &mut super::browsers::Worker<'_>,
) -> TestStepResultStatus {
    let worker_id = worker.id;
    let started_id = ctx.id();
    ctx.emit(TestCaseStarted {
        attempt,
        id: started_id.clone(),
        test_case_id: case.test_case_id.clone(),
        worker_id: worker_id.map(str::to_string),
        timestamp: ctx.now(),
    });
    let trace = super::trace::AttemptTrace::start(options.trace, &options.trace_dir, case, attempt);
    let video = super::video::AttemptVideo::start(options.video, &options.video_dir, case, attempt);
    let mut world =
        worker.session.world_for_attempt(trace.as_ref().map(|t| t.tracer()), video.as_ref().map(|v| v.filming()));
    let host = worker.session.host().as_mut();
    host.start_test_case(&mut world);
    // A dry run runs nothing of the plugins either.
    let events = !options.dry_run;
    if let Some(fire) = host.lifecycle(scenario_event(case, attempt, None), &mut world).filter(|_| events) {
        fire.await;
    }
    let tags: Vec<&str> = case.pickle.tags.iter().map(|t| t.name.as_str()).collect();
    let mut worst = TestStepResultStatus::Passed;
    // The worst result so far, for After hooks (cucumber-js's `result`).
    let mut worst_result = instant_result(TestStepResultStatus::Passed, None);
    // What every hook of this attempt is told (cucumber-js's hook argument).
    // Only hooks living in a host (JS) read it, so Rust-only runs skip building it.
    let hosted_hooks = registry.hooks.iter().any(|h| matches!(h.body, HookBody::External(_)));
    let base = if hosted_hooks {
        HookContext {
            pickle: serde_json::to_value(&*case.pickle).ok(),
            gherkin_document: case.document.as_deref().cloned(),
            test_case_started_id: Some(started_id.clone()),
            ..Default::default()
        }
    } else {
        HookContext::default()
    };
    for step in &case.steps {
        ctx.emit(TestStepStarted {
            test_case_started_id: started_id.clone(),
            test_step_id: step.id().to_string(),
            timestamp: ctx.now(),
        });
        let skipping = worst != TestStepResultStatus::Passed;
        if let Some(trace) = &trace {
            trace.step_started(case, step, registry);
        }
        let result = match step {
            PlannedStep::Hook { hook, before, .. } => {
                if options.dry_run || (skipping && *before) {
                    instant_result(TestStepResultStatus::Skipped, None)
                } else {
                    let context = if *before {
                        base.clone()
                    } else {
                        HookContext {
                            result: serde_json::to_value(&worst_result).ok(),
                            will_be_retried: Some(can_retry && worst == TestStepResultStatus::Failed),
                            ..base.clone()
                        }
                    };
                    run_hook(registry, *hook, &mut world, host, options, &context).await
                }
            }
            PlannedStep::Step { pickle_step, matched, .. } => {
                let pickle_step = &case.pickle.steps[*pickle_step];
                match matched {
                    // After a step that skipped itself (and nothing worse), every step is skipped.
                    StepMatch::Undefined | StepMatch::Ambiguous(_) if worst == TestStepResultStatus::Skipped => {
                        instant_result(TestStepResultStatus::Skipped, None)
                    }
                    StepMatch::Undefined => {
                        ctx.emit(super::suggest::suggestion(ctx, registry, pickle_step, options.snippet_interface));
                        let close = ferridriver_steps::did_you_mean::did_you_mean(
                            &pickle_step.text,
                            registry.steps.iter().map(|s| s.pattern.as_str()),
                        );
                        let hint = (!close.is_empty()).then(|| {
                            format!(
                                "Undefined step. Did you mean:\n{}",
                                close.iter().map(|p| format!("  {p}")).collect::<Vec<_>>().join("\n")
                            )
                        });
                        instant_result(TestStepResultStatus::Undefined, hint)
                    }
                    // The candidates are in the `testCase` message; reporters list them (once).
                    StepMatch::Ambiguous(_) => instant_result(TestStepResultStatus::Ambiguous, None),
                    StepMatch::Matched(..) if options.dry_run || skipping => {
                        instant_result(TestStepResultStatus::Skipped, None)
                    }
                    StepMatch::Matched(d, args) => {
                        let context = HookContext {
                            pickle_step: serde_json::to_value(pickle_step).ok(),
                            test_step_id: Some(step.id().to_string()),
                            ..base.clone()
                        };
                        let call =
                            StepCall { definition: &registry.steps[*d], args, pickle_step, tags: &tags, context };
                        run_step(registry, call, &mut world, host, options).await
                    }
                }
            }
        };
        let wants_evidence = match options.screenshots {
            super::Screenshots::Off => false,
            super::Screenshots::OnFailure => result.status == TestStepResultStatus::Failed,
            super::Screenshots::Always => true,
        };
        if wants_evidence && !options.dry_run {
            world.gather_evidence().await;
        }
        world.gather_step_end().await;
        let attachments = world.take_attachments();
        if let Some(trace) = &trace {
            trace.step_finished(&result, &attachments);
        }
        for a in attachments {
            ctx.emit(attachment_message(
                a,
                AttachTo::TestStep { test_case_started_id: &started_id, test_step_id: step.id() },
                ctx.now(),
            ));
        }
        if result.status > worst_result.status {
            worst_result = result.clone();
        }
        worst = worst.max(result.status);
        ctx.emit(TestStepFinished {
            test_case_started_id: started_id.clone(),
            test_step_id: step.id().to_string(),
            test_step_result: result,
            timestamp: ctx.now(),
        });
    }
    let will_be_retried = can_retry && worst == TestStepResultStatus::Failed;
    // Before the teardowns: the scenario's page is still there for the handlers.
    let end = scenario_event(case, attempt, Some((worst, will_be_retried)));
    if let Some(fire) = host.lifecycle(end, &mut world).filter(|_| events) {
        fire.await;
    }
    if let Some(trace) = &trace {
        trace.settle().await;
    }
    for teardown in world.take_teardowns() {
        // A teardown that hangs (a dead browser) must not hold the worker forever.
        let _ = tokio::time::timeout(std::time::Duration::from_secs(10), teardown).await;
    }
    host.end_test_case(&mut world);
    if let Some(trace) = trace {
        if let Some(attachment) = trace.finish(worst, will_be_retried, &started_id, ctx.now()).await {
            ctx.emit(attachment);
        }
    }
    // After the teardowns gave the browser back: every video's page is closed or unfilmed.
    if let Some(video) = video {
        for attachment in video.finish(worst, will_be_retried, &started_id, ctx.now()).await {
            ctx.emit(attachment);
        }
    }
    ctx.emit(TestCaseFinished { test_case_started_id: started_id, timestamp: ctx.now(), will_be_retried });
    worst
}

async fn run_hook(
    registry: &Registry,
    index: usize,
    world: &mut World,
    host: &mut dyn StepHost,
    options: &RunOptions,
    context: &HookContext,
) -> TestStepResult {
    let hook = &registry.hooks[index];
    let timeout = hook.timeout.unwrap_or(options.default_timeout);
    match hook.body {
        HookBody::Rust(f) => beside_host(host, timeout, invoke(f(world), timeout)).await,
        HookBody::External(i) => invoke_hosted(host.invoke_hook(i, world, context), timeout).await,
    }
}

/// Runs a Rust body while the host's background work (JS page-event listeners) goes on, so
/// that a dialog or an event a Rust step causes is handled while it happens.
async fn beside_host<T>(
    host: &mut dyn StepHost,
    limit: std::time::Duration,
    body: impl std::future::Future<Output = T>,
) -> T {
    let Some(background) = host.background(limit) else { return body.await };
    tokio::pin!(body);
    tokio::select! {
        biased;
        out = &mut body => out,
        // The host ran out of work (or its time): the body goes on alone.
        _ = background => body.await,
    }
}

/// One matched pickle step to run, with what its BeforeStep/AfterStep hooks are told.
pub(super) struct StepCall<'a> {
    pub definition: &'a StepDefinition,
    pub args: &'a [ferridriver_steps::expressions::Argument],
    pub pickle_step: &'a PickleStep,
    pub tags: &'a [&'a str],
    pub context: HookContext,
}

pub(super) async fn run_step(
    registry: &Registry,
    call: StepCall<'_>,
    world: &mut World,
    host: &mut dyn StepHost,
    options: &RunOptions,
) -> TestStepResult {
    let StepCall { definition, args, pickle_step, tags, context } = call;
    let mut results: Vec<TestStepResult> = Vec::new();
    for hook in registry.hooks_of(HookKind::BeforeStep).into_iter().filter(|h| h.applies_to(tags)) {
        let i = registry.hooks.iter().position(|h| h.id == hook.id).unwrap_or(0);
        results.push(run_hook(registry, i, world, host, options, &context).await);
    }
    if results.iter().all(|r| r.status != TestStepResultStatus::Failed) {
        results.push(match invocation(args, pickle_step) {
            Ok(inv) => {
                let timeout = definition.timeout.unwrap_or(options.default_timeout);
                match definition.body {
                    StepBody::Rust(f) => beside_host(host, timeout, invoke(f(world, inv), timeout)).await,
                    StepBody::External(i) => invoke_hosted(host.invoke_step(i, world, inv), timeout).await,
                }
            }
            Err(message) => TestStepResult {
                duration: Default::default(),
                message: Some(message.clone()),
                status: TestStepResultStatus::Failed,
                exception: Some(Exception {
                    exception_type: "ArgumentError".into(),
                    message: Some(message),
                    stack_trace: None,
                }),
            },
        });
    }
    // AfterStep hooks are told the step's result (the worst so far, with its BeforeStep hooks).
    let after = HookContext {
        result: results.iter().max_by_key(|r| r.status).and_then(|r| serde_json::to_value(r).ok()),
        ..context
    };
    for hook in registry.hooks_of(HookKind::AfterStep).into_iter().filter(|h| h.applies_to(tags)) {
        let i = registry.hooks.iter().position(|h| h.id == hook.id).unwrap_or(0);
        results.push(run_hook(registry, i, world, host, options, &after).await);
    }
    combine(results)
}

/// The worst result, with the durations added up.
fn combine(results: Vec<TestStepResult>) -> TestStepResult {
    let total: u128 =
        results.iter().map(|r| r.duration.seconds as u128 * 1_000_000_000 + r.duration.nanos as u128).sum();
    let mut worst = results
        .into_iter()
        .max_by_key(|r| r.status)
        .unwrap_or_else(|| instant_result(TestStepResultStatus::Passed, None));
    worst.duration = std::time::Duration::from_nanos(total.min(u64::MAX as u128) as u64).into();
    worst
}

/// The step's arguments: transformed parameters, then its data table or doc string.
fn invocation(args: &[ferridriver_steps::expressions::Argument], step: &PickleStep) -> Result<Invocation, String> {
    let values = args.iter().map(|a| a.value()).collect::<Result<Vec<_>, _>>()?;
    let mut inv = Invocation { args: values, ..Default::default() };
    if let Some(arg) = &step.argument {
        if let Some(t) = &arg.data_table {
            inv.data_table = Some(ferridriver_steps::registry::DataTable::new(
                t.rows.iter().map(|r| r.cells.iter().map(|c| c.value.clone()).collect()).collect(),
            ));
        }
        if let Some(d) = &arg.doc_string {
            inv.doc_string = Some(d.content.clone());
            inv.doc_string_media_type = d.media_type.clone();
        }
    }
    Ok(inv)
}

/// What plugins' `scenarioStart` / `scenarioEnd` handlers are told (ADR 0028): the scenario's
/// name, file, line, tags and attempt; at the end also its status and whether it will be
/// retried.
fn scenario_event(
    case: &PlannedCase,
    attempt: u32,
    end: Option<(TestStepResultStatus, bool)>,
) -> ferridriver_steps::registry::LifecycleEvent {
    let pickle = &case.pickle;
    let mut data = serde_json::json!({
        "name": pickle.name,
        "uri": pickle.uri,
        "line": pickle.location.as_ref().map(|l| l.line),
        "tags": pickle.tags.iter().map(|t| t.name.as_str()).collect::<Vec<_>>(),
        "attempt": attempt,
    });
    let name = match end {
        Some((status, will_be_retried)) => {
            data["status"] = serde_json::to_value(status).unwrap_or_default();
            data["willBeRetried"] = will_be_retried.into();
            "scenarioEnd"
        }
        None => "scenarioStart",
    };
    ferridriver_steps::registry::LifecycleEvent { name, data }
}
