//! `process.env` shows only the variables `[scripting] allowEnv` lists, and only if set.

use ferridriver_js_world::{allow_env, load, JsConfig, JsHost};
use ferridriver_messages::IdGenerator;
use ferridriver_steps::registry::{Invocation, Registry, StepBody, StepHost, World};
use std::sync::Arc;
use std::time::Duration;

const STEPS: &str = r#"
import { Given } from '@cucumber/cucumber'
import assert from 'node:assert'

Given('the environment is filtered', function () {
  assert.deepStrictEqual({ ...process.env }, { FD_ALLOWED: 'yes' })
  assert.ok(Object.isFrozen(process.env))
})
"#;

#[test]
fn only_allowed_variables_are_visible() {
    std::env::set_var("FD_ALLOWED", "yes");
    std::env::set_var("FD_SECRET", "no");
    allow_env(vec!["FD_ALLOWED".into(), "FD_UNSET_NAME".into()]);
    let dir = std::env::temp_dir().join(format!("fd-js-env-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    std::fs::write(dir.join("steps/env.ts"), STEPS).unwrap();
    let report = load(&JsConfig { root: dir.clone(), ..Default::default() });
    let program = report.program.expect("a program");
    let mut registry = Registry::new(Arc::new(IdGenerator::incrementing()));
    program.register(&mut registry);
    let StepBody::External(index) = registry.steps[0].body else { unreachable!("a JS step") };
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let mut host = JsHost::new(Arc::clone(&program), Duration::from_secs(5));
    rt.block_on(async {
        let mut world = World::default();
        host.start_test_case(&mut world);
        let r = host.invoke_step(index, &mut world, Invocation::default()).await;
        assert!(r.is_ok(), "{:?}", r.err());
    });
    let _ = std::fs::remove_dir_all(&dir);
}
