//! End-to-end checks of the JS world: bundle, register, run steps in a worker VM.

use ferridriver_js_world::{load, JsConfig, JsHost, JsProgram};
use ferridriver_messages::IdGenerator;
use ferridriver_steps::expressions::ArgValue;
use ferridriver_steps::registry::{
    DataTable, FailureOutcome, Invocation, Registry, StepBody, StepFailure, StepHost, StepOutcome, World,
};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

fn project(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fd-js-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

fn load_program(dir: &Path) -> (Arc<JsProgram>, Vec<String>) {
    let report = load(&JsConfig { root: dir.to_path_buf(), ..Default::default() });
    (report.program.expect("a program"), report.errors)
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
}

fn step_index(registry: &Registry, pattern: &str) -> usize {
    match registry.steps.iter().find(|s| s.pattern == pattern).expect(pattern).body {
        StepBody::External(i) => i,
        StepBody::Rust(_) => panic!("not a JS step"),
    }
}

const STEPS: &str = r#"
import { Given, When, Then, Before, defineParameterType, setWorldConstructor, DataTable } from '@cucumber/cucumber'
import assert from 'node:assert'
import { helper } from '../lib/helper'

class Color { constructor(public name: string) {} }
defineParameterType({ name: 'color', regexp: /red|blue/, transformer: (s: string) => new Color(s) })

class MyWorld {
  count = 0
  constructor(public options: any) {}
}
setWorldConstructor(MyWorld)

Given('I have {int} cukes', function (this: MyWorld, n: number) {
  this.count += n
})
When('I add {color}', async function (this: any, c: Color) {
  await new Promise((r) => setTimeout(r, 5))
  this.attach(`color:${c.name}`, 'text/plain')
  this.attach(Buffer.from([1, 2, 3]), 'application/octet-stream')
  this.log(helper())
})
Then('I have {int} cukes in total', function (this: MyWorld, n: number) {
  assert.strictEqual(this.count, n)
})
Then('the table', function (t: DataTable) {
  assert.deepStrictEqual(t.hashes(), [{ a: '1', b: '2' }])
})
Then('pending', () => 'pending')
Then('loops', () => { while (true) {} })
Then('throws', function () {
  const e = new Error('boom')
  throw e
})
"#;

#[test]
fn runs_typescript_steps() {
    let dir = project(
        "basic",
        &[("steps/a.ts", STEPS), ("lib/helper.ts", "export function helper(): string { return 'from helper' }\n")],
    );
    let (program, errors) = load_program(&dir);
    assert!(errors.is_empty(), "{errors:?}");
    let mut registry = Registry::new(Arc::new(IdGenerator::incrementing()));
    program.register(&mut registry);
    assert!(registry.errors.is_empty(), "{:?}", registry.errors);
    assert_eq!(registry.steps.len(), 7);
    assert_eq!(registry.steps[0].source.uri, "steps/a.ts");
    assert_eq!(registry.steps[0].source.line, 15);

    let rt = runtime();
    let mut host = JsHost::new(Arc::clone(&program), Duration::from_millis(500));
    let mut world = World::default();
    rt.block_on(async {
        host.start_test_case(&mut world);
        let inv = |args: Vec<ArgValue>| Invocation { args, ..Default::default() };
        let r = host
            .invoke_step(step_index(&registry, "I have {int} cukes"), &mut world, inv(vec![ArgValue::Int(3)]))
            .await;
        assert_eq!(r, Ok(StepOutcome::Passed));
        let color = ArgValue::External { transformer: "0".into(), group_values: vec![Some("red".into())] };
        let r = host.invoke_step(step_index(&registry, "I add {color}"), &mut world, inv(vec![color])).await;
        assert_eq!(r, Ok(StepOutcome::Passed));
        let attached = world.take_attachments();
        assert_eq!(attached.len(), 3);
        assert_eq!(attached[0].body, b"color:red");
        assert_eq!(attached[1].body, vec![1, 2, 3]);
        assert_eq!(attached[2].body, b"from helper");
        let r = host
            .invoke_step(step_index(&registry, "I have {int} cukes in total"), &mut world, inv(vec![ArgValue::Int(4)]))
            .await;
        let failure: StepFailure = r.unwrap_err();
        assert_eq!(failure.exception_type, "AssertionError");
        assert!(failure.message.contains("steps/a.ts:"), "{}", failure.message);
        let table = Invocation {
            data_table: Some(DataTable::new(vec![vec!["a".into(), "b".into()], vec!["1".into(), "2".into()]])),
            ..Default::default()
        };
        assert_eq!(
            host.invoke_step(step_index(&registry, "the table"), &mut world, table).await,
            Ok(StepOutcome::Passed)
        );
        assert_eq!(
            host.invoke_step(step_index(&registry, "pending"), &mut world, inv(vec![])).await,
            Ok(StepOutcome::Pending)
        );
        let thrown = host.invoke_step(step_index(&registry, "throws"), &mut world, inv(vec![])).await.unwrap_err();
        assert_eq!(thrown.outcome, FailureOutcome::Failed);
        assert!(thrown.message.starts_with("boom\n"), "{}", thrown.message);
        let line = STEPS.lines().position(|l| l.contains("new Error('boom')")).unwrap() + 1;
        assert!(thrown.message.contains(&format!("steps/a.ts:{line}:")), "{}", thrown.message);
        assert!(!thrown.message.contains("ferridriver:"), "prelude frames are hidden: {}", thrown.message);
        let looped = host.invoke_step(step_index(&registry, "loops"), &mut world, inv(vec![])).await.unwrap_err();
        assert_eq!(looped.exception_type, "TimeoutError");
        host.end_test_case(&mut world);
        // A fresh VM and World for the next test case: the count starts again.
        host.start_test_case(&mut world);
        let r = host
            .invoke_step(step_index(&registry, "I have {int} cukes"), &mut world, inv(vec![ArgValue::Int(1)]))
            .await;
        assert_eq!(r, Ok(StepOutcome::Passed));
        let r = host
            .invoke_step(step_index(&registry, "I have {int} cukes in total"), &mut world, inv(vec![ArgValue::Int(1)]))
            .await;
        assert_eq!(r, Ok(StepOutcome::Passed));
    });
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_file_is_reported_and_skipped() {
    let dir = project(
        "broken",
        &[
            ("steps/a.ts", "import { Given } from '@cucumber/cucumber'\nGiven('a', () => {})\n"),
            ("steps/b.ts", "import { Given } from '@cucumber/cucumber'\nGiven('b', () => {\n"),
            (
                "steps/c.ts",
                "import { Given } from '@cucumber/cucumber'\nGiven('c', () => {})\nthrow new Error('top level')\n",
            ),
        ],
    );
    let (program, errors) = load_program(&dir);
    assert_eq!(errors.len(), 2, "{errors:#?}");
    assert!(errors[0].contains("steps/b.ts"), "{}", errors[0]);
    assert!(errors[1].starts_with("steps/c.ts:3:"), "{}", errors[1]);
    let mut registry = Registry::new(Arc::new(IdGenerator::incrementing()));
    program.register(&mut registry);
    assert_eq!(registry.steps.iter().map(|s| s.pattern.as_str()).collect::<Vec<_>>(), ["a"]);
    let _ = std::fs::remove_dir_all(&dir);
}
