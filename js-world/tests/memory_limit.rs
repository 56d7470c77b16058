//! A step that exhausts the VM's memory fails with a clear error; the process and the worker
//! carry on, and the next scenario runs on a fresh VM.

use ferridriver_js_world::{load, JsConfig, JsHost};
use ferridriver_messages::IdGenerator;
use ferridriver_steps::registry::{Invocation, Registry, StepBody, StepHost, World};
use std::sync::Arc;
use std::time::Duration;

const STEPS: &str = r#"
import { Given } from '@cucumber/cucumber'

Given('a step that eats all memory', function () {
  const hoard = []
  while (true) hoard.push(new Array(1 << 20).fill(hoard.length))
})

Given('a modest step', function () {
  globalThis.leftover = (globalThis.leftover || 0) + 1
  if (globalThis.leftover !== 1) throw new Error('state survived into a new scenario')
})
"#;

#[test]
fn running_out_of_memory_fails_the_step_not_the_process() {
    let dir = std::env::temp_dir().join(format!("fd-js-oom-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    std::fs::write(dir.join("steps/oom.ts"), STEPS).unwrap();
    let report = load(&JsConfig { root: dir.clone(), ..Default::default() });
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let program = report.program.expect("a program");
    let mut registry = Registry::new(Arc::new(IdGenerator::incrementing()));
    program.register(&mut registry);
    let index = |pattern: &str| match registry.steps.iter().find(|s| s.pattern == pattern).unwrap().body {
        StepBody::External(i) => i,
        StepBody::Rust(_) => unreachable!("a JS step"),
    };
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let mut host = JsHost::new(Arc::clone(&program), Duration::from_secs(60));
    rt.block_on(async {
        let mut world = World::default();
        host.start_test_case(&mut world);
        let err = host
            .invoke_step(index("a step that eats all memory"), &mut world, Invocation::default())
            .await
            .unwrap_err();
        assert!(err.message.contains("out of memory"), "{}", err.message);
        host.end_test_case(&mut world);

        let mut world = World::default();
        host.start_test_case(&mut world);
        let ok = host.invoke_step(index("a modest step"), &mut world, Invocation::default()).await;
        assert!(ok.is_ok(), "the worker goes on: {:?}", ok.err());
    });
    let _ = std::fs::remove_dir_all(&dir);
}
