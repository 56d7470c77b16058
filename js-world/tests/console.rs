//! `console.*` inside a step or hook: under `bdd` it is printed (to stderr, as cucumber-js leaves
//! it on the terminal) and not attached; in the agent hosts it becomes a log attachment of that
//! step (in order with `this.attach`/`this.log`), which is what their callers read. Top-level
//! code while loading writes to stderr.

use ferridriver_js_world::{load, HostKind, JsConfig, JsHost, ScriptSandbox};
use ferridriver_messages::IdGenerator;
use ferridriver_steps::registry::{HookBody, Invocation, Registry, StepBody, StepHost, StepOutcome, World};
use std::sync::Arc;
use std::time::Duration;

const STEPS: &str = r#"
import { Given, Before } from '@cucumber/cucumber'
console.log('loading (stderr, not an attachment)')
Before(function () { console.info('in a hook') })
Given('it talks', async function (this: any) {
  console.log('hello', { a: 1 }, 2)
  this.log('own log')
  await new Promise((r) => setTimeout(r, 1))
  console.warn('careful')
  console.error(new Error('oops').message)
})
Given('it fails after talking', function () {
  console.log('before the failure')
  throw new Error('failed')
})
"#;

const LOG: &str = "text/x.cucumber.log+plain";

fn texts(world: &mut World) -> Vec<(String, String)> {
    world
        .take_attachments()
        .into_iter()
        .map(|a| (String::from_utf8_lossy(&a.body).into_owned(), a.media_type))
        .collect()
}

#[test]
fn console_output_is_printed_under_bdd_and_attached_for_agents() {
    let dir = std::env::temp_dir().join(format!("fd-js-console-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    std::fs::write(dir.join("steps/a.ts"), STEPS).unwrap();
    let report = load(&JsConfig { root: dir.clone(), ..Default::default() });
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let program = report.program.expect("a program");
    let mut registry = Registry::new(Arc::new(IdGenerator::incrementing()));
    program.register(&mut registry);
    let step = |pattern: &str| match registry.steps.iter().find(|s| s.pattern == pattern).expect(pattern).body {
        StepBody::External(i) => i,
        StepBody::Rust(_) => panic!("not a JS step"),
    };
    let hook = match registry.hooks.first().expect("a hook").body {
        HookBody::External(i) => i,
        HookBody::Rust(_) => panic!("not a JS hook"),
    };

    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    // Under bdd: printed, so only `this.log` is attached.
    let mut host = JsHost::new(Arc::clone(&program), Duration::from_secs(5));
    let mut world = World::default();
    rt.block_on(async {
        host.start_test_case(&mut world);
        assert_eq!(host.invoke_hook(hook, &mut world, &Default::default()).await, Ok(StepOutcome::Passed));
        assert!(texts(&mut world).is_empty());
        let r = host.invoke_step(step("it talks"), &mut world, Invocation::default()).await;
        assert_eq!(r, Ok(StepOutcome::Passed));
        assert_eq!(texts(&mut world), [("own log".to_string(), LOG.to_string())]);
        host.end_test_case(&mut world);
    });

    // In the MCP host: attached, in order.
    let sandbox = ScriptSandbox::new(dir.join("scripts"), dir.join("artifacts"));
    let mut host = JsHost::for_scripts(
        Some(Arc::clone(&program)),
        HostKind::Mcp,
        sandbox,
        Duration::from_secs(5),
        Default::default(),
    );
    let mut world = World::default();
    rt.block_on(async {
        host.start_test_case(&mut world);
        assert_eq!(host.invoke_hook(hook, &mut world, &Default::default()).await, Ok(StepOutcome::Passed));
        assert_eq!(texts(&mut world), [("in a hook".to_string(), LOG.to_string())]);

        let r = host.invoke_step(step("it talks"), &mut world, Invocation::default()).await;
        assert_eq!(r, Ok(StepOutcome::Passed));
        let expected: Vec<(String, String)> = ["hello { a: 1 } 2", "own log", "careful", "oops"]
            .iter()
            .map(|t| (t.to_string(), LOG.to_string()))
            .collect();
        assert_eq!(texts(&mut world), expected);

        // A failing step keeps what it printed before failing.
        let r = host.invoke_step(step("it fails after talking"), &mut world, Invocation::default()).await;
        assert!(r.is_err());
        assert_eq!(texts(&mut world), [("before the failure".to_string(), LOG.to_string())]);
        host.end_test_case(&mut world);
    });
    let _ = std::fs::remove_dir_all(&dir);
}
