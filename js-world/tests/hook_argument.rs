//! Hooks receive cucumber-js's argument: `{ pickle, testCaseStartedId, result, willBeRetried }`
//! for Before/After, `{ pickle, pickleStep, testStepId, result }` for BeforeStep/AfterStep, and
//! nothing for BeforeAll/AfterAll.

use ferridriver_js_world::{load, JsConfig, JsHost};
use ferridriver_messages::IdGenerator;
use ferridriver_steps::registry::{HookBody, HookContext, HookKind, Registry, StepHost, StepOutcome, World};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

const STEPS: &str = r#"
import { Before, After, AfterStep, BeforeAll, Status } from '@cucumber/cucumber'
BeforeAll(function (...args: any[]) { console.log(`beforeAll ${args.length}`) })
Before(function (this: any, { pickle, testCaseStartedId, result }: any) {
  const tags = pickle.tags.map((t: any) => t.name).join(',')
  this.log(`before ${pickle.name} [${tags}] ${pickle.uri} ${pickle.steps.map((s: any) => s.text)} ${testCaseStartedId} ${result}`)
})
After(function (this: any, { pickle, result, willBeRetried }: any) {
  this.log(`after ${pickle.name} ${result.status} ${result.message} ${willBeRetried} ${result.status === Status.FAILED}`)
})
AfterStep(function (this: any, { pickleStep, testStepId, result }: any) {
  this.log(`afterStep ${pickleStep.text} ${testStepId} ${result.status}`)
})
"#;

fn logs(world: &mut World) -> Vec<String> {
    world.take_attachments().into_iter().map(|a| String::from_utf8_lossy(&a.body).into_owned()).collect()
}

#[test]
fn hooks_get_the_pickle_and_the_result() {
    let dir = std::env::temp_dir().join(format!("fd-js-hook-arg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    std::fs::write(dir.join("steps/hooks.ts"), STEPS).unwrap();
    let report = load(&JsConfig { root: dir.clone(), ..Default::default() });
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let program = report.program.expect("a program");
    let mut registry = Registry::new(Arc::new(IdGenerator::incrementing()));
    program.register(&mut registry);
    let hook = |kind: HookKind| match registry.hooks_of(kind).first().expect("a hook").body {
        HookBody::External(i) => i,
        HookBody::Rust(_) => panic!("not a JS hook"),
    };

    let pickle = json!({
        "id": "p1", "uri": "features/a.feature", "name": "Buying", "language": "en",
        "steps": [{"id": "s1", "text": "I buy", "type": "Action", "astNodeIds": []}],
        "tags": [{"name": "@shop", "astNodeId": "t1"}], "astNodeIds": []
    });
    let case = HookContext { pickle: Some(pickle), test_case_started_id: Some("tcs1".into()), ..Default::default() };
    let after_step = HookContext {
        pickle_step: Some(json!({"id": "s1", "text": "I buy", "astNodeIds": []})),
        test_step_id: Some("ts2".into()),
        result: Some(json!({"status": "PASSED", "duration": {"seconds": 0, "nanos": 0}})),
        ..case.clone()
    };
    let after = HookContext {
        result: Some(json!({"status": "FAILED", "message": "boom", "duration": {"seconds": 0, "nanos": 0}})),
        will_be_retried: Some(true),
        ..case.clone()
    };

    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let mut host = JsHost::new(Arc::clone(&program), Duration::from_secs(5));
    let mut world = World::default();
    rt.block_on(async {
        let ok = Ok(StepOutcome::Passed);
        assert_eq!(host.invoke_hook(hook(HookKind::BeforeAll), &mut world, &HookContext::default()).await, ok);
        assert_eq!(logs(&mut world), ["beforeAll 0"]);

        host.start_test_case(&mut world);
        assert_eq!(host.invoke_hook(hook(HookKind::Before), &mut world, &case).await, ok);
        assert_eq!(logs(&mut world), ["before Buying [@shop] features/a.feature I buy tcs1 undefined"]);
        assert_eq!(host.invoke_hook(hook(HookKind::AfterStep), &mut world, &after_step).await, ok);
        assert_eq!(logs(&mut world), ["afterStep I buy ts2 PASSED"]);
        assert_eq!(host.invoke_hook(hook(HookKind::After), &mut world, &after).await, ok);
        assert_eq!(logs(&mut world), ["after Buying FAILED boom true true"]);
        host.end_test_case(&mut world);
    });
    let _ = std::fs::remove_dir_all(&dir);
}
