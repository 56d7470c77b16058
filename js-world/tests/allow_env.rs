//! `process.env` shows only the variables `[scripting] allowEnv` lists, and only if set. The list
//! belongs to the policy of each load, not to the process: two hosts in one process (an MCP
//! server before and after a reload) each see their own.

use ferridriver_js_world::policy::{Capabilities, HostPolicy};
use ferridriver_js_world::{load, JsConfig, JsHost};
use ferridriver_messages::IdGenerator;
use ferridriver_steps::registry::{Invocation, Registry, StepBody, World};
use std::sync::Arc;
use std::time::Duration;

const STEPS: &str = r#"
import { Given } from '@cucumber/cucumber'
import assert from 'node:assert'

Given('the environment is {string}', function (expected: string) {
  assert.deepStrictEqual({ ...process.env }, JSON.parse(expected))
  // A view decided per read in Rust (ADR 0030): it cannot be frozen into a copy.
  assert.throws(() => Object.freeze(process.env), TypeError)
})
"#;

/// Runs the step with a host whose policy lets `process.env` show `allowed`.
fn env_seen_by(program: &Arc<ferridriver_js_world::JsProgram>, index: usize, allowed: &[&str], expected: &str) {
    let capabilities = Capabilities::resolve(&[], None)
        .expect("the standard policy")
        .with_visible_env(allowed.iter().map(|s| s.to_string()).collect());
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let mut host = JsHost::new(Arc::clone(program), Duration::from_secs(5));
    host.set_policy(HostPolicy::new(Arc::new(capabilities), "bdd", None));
    rt.block_on(async {
        let mut world = World::default();
        use ferridriver_steps::registry::StepHost;
        host.start_test_case(&mut world);
        let invocation = Invocation {
            args: vec![ferridriver_steps::expressions::ArgValue::Str(expected.into())],
            ..Invocation::default()
        };
        let r = host.invoke_step(index, &mut world, invocation).await;
        assert!(r.is_ok(), "with allowEnv {allowed:?}: {:?}", r.err());
    });
}

#[test]
fn only_allowed_variables_are_visible_and_each_policy_has_its_own_list() {
    std::env::set_var("FD_ALLOWED", "yes");
    std::env::set_var("FD_SECRET", "no");
    let dir = std::env::temp_dir().join(format!("fd-js-env-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    std::fs::write(dir.join("steps/env.ts"), STEPS).unwrap();
    let report = load(&JsConfig { root: dir.clone(), ..Default::default() });
    let program = report.program.expect("a program");
    let mut registry = Registry::new(Arc::new(IdGenerator::incrementing()));
    program.register(&mut registry);
    let StepBody::External(index) = registry.steps[0].body else { unreachable!("a JS step") };

    env_seen_by(&program, index, &["FD_ALLOWED", "FD_UNSET_NAME"], r#"{"FD_ALLOWED":"yes"}"#);
    // A second load's list is its own (it used to be the first list for the whole process).
    env_seen_by(&program, index, &["FD_SECRET"], r#"{"FD_SECRET":"no"}"#);
    env_seen_by(&program, index, &[], "{}");
    let _ = std::fs::remove_dir_all(&dir);
}
