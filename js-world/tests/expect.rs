//! `expect` from `@playwright/test` on plain values (no browser needed), and the Playwright
//! fixtures staying lazy: touching `this.page` without driving it opens nothing.

use ferridriver_js_world::{load, JsConfig, JsHost};
use ferridriver_messages::IdGenerator;
use ferridriver_steps::registry::{Invocation, Registry, StepBody, StepHost, StepOutcome, World};
use std::sync::Arc;
use std::time::Duration;

const STEPS: &str = r#"import { Then } from '@cucumber/cucumber'
import { expect, Locator } from '@playwright/test'

Then('values match', async function (this: any) {
  expect(1 + 1).toBe(2)
  expect({ a: [1, { b: 2 }], c: undefined }).toEqual({ a: [1, { b: 2 }] })
  expect({ a: 1 }).not.toStrictEqual({ a: 1, c: undefined })
  expect([1, 2, 3]).toContain(2)
  expect('hello world').toContain('world')
  expect('hello').toMatch(/^h.l+o$/)
  expect(1).toBeTruthy()
  expect('').toBeFalsy()
  expect(null).toBeNull()
  expect(undefined).toBeUndefined()
  expect(0).toBeDefined()
  expect(3).toBeGreaterThan(2)
  expect(3).toBeGreaterThanOrEqual(3)
  expect(2).toBeLessThan(3)
  expect(2).toBeLessThanOrEqual(2)
  expect([1, 2]).toHaveLength(2)
  expect({ a: { b: [0, 7] } }).toHaveProperty('a.b[1]', 7)
  expect({ a: 1 }).not.toHaveProperty('b')
  expect(() => { throw new TypeError('bad thing') }).toThrow(/bad/)
  expect(() => { throw new TypeError('bad thing') }).toThrow(TypeError)
  expect(() => {}).not.toThrow()
  expect({ id: 3, name: 'x' }).toEqual({ id: expect.any(Number), name: expect.stringContaining('x') })
  await expect(Promise.reject(new Error('no'))).rejects.toThrow('no')
  await expect(Promise.resolve(4)).resolves.toBe(4)
  let n = 0
  await expect.poll(() => ++n, { timeout: 2000 }).toBeGreaterThan(2)
  expect(this.page.getByRole('button', { name: /save/i })).toBeInstanceOf(Locator)
  expect(this.page.url()).toBe('about:blank')
})

Then('soft assertions collect', async function (this: any) {
  expect.soft(1).toBe(2)
  expect.soft('a', 'the letter').toBe('b')
  await expect.soft(Promise.resolve(3)).resolves.toBe(3)
  expect.soft([1]).not.toContain(2)
  this.reached = true
})

Then('the soft step ran to its end', function (this: any) {
  expect.soft(this.reached).toBe(true)
})

Then('a value fails', function () {
  expect({ user: 'ada' }).toEqual({ user: 'bob' })
})

Then('not fails', function () {
  expect(3).not.toBe(3)
})

Then('a web-first matcher needs a locator', async function () {
  await expect('text').toBeVisible()
})
"#;

fn index(registry: &Registry, pattern: &str) -> usize {
    match registry.steps.iter().find(|s| s.pattern == pattern).expect(pattern).body {
        StepBody::External(i) => i,
        StepBody::Rust(_) => unreachable!("a JS step"),
    }
}

#[test]
fn value_matchers_pass_fail_with_expected_and_received_and_nothing_is_launched() {
    let dir = std::env::temp_dir().join(format!("fd-js-expect-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    std::fs::write(dir.join("steps/values.ts"), STEPS).unwrap();
    let report = load(&JsConfig { root: dir.clone(), ..Default::default() });
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let program = report.program.expect("a program");
    let mut registry = Registry::new(Arc::new(IdGenerator::incrementing()));
    program.register(&mut registry);
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let mut host = JsHost::new(Arc::clone(&program), Duration::from_secs(5));
    let mut world = World::default();
    rt.block_on(async {
        host.start_test_case(&mut world);
        let run = async |host: &mut JsHost, world: &mut World, pattern: &str| {
            host.invoke_step(index(&registry, pattern), world, Invocation::default()).await
        };
        assert_eq!(run(&mut host, &mut world, "values match").await, Ok(StepOutcome::Passed));
        assert!(world.browser().current().is_none(), "no page was opened");

        let failure = run(&mut host, &mut world, "a value fails").await.unwrap_err();
        let line = STEPS.lines().position(|l| l.contains("toEqual({ user: 'bob' })")).unwrap() + 1;
        for wanted in [
            "expect(received).toEqual(expected)",
            "Expected: { user: \"bob\" }",
            "Received: { user: \"ada\" }",
            &format!("steps/values.ts:{line}:"),
        ] {
            assert!(failure.message.contains(wanted), "{wanted} missing from:\n{}", failure.message);
        }
        assert!(!failure.message.contains("ferridriver:"), "{}", failure.message);

        let failure = run(&mut host, &mut world, "soft assertions collect").await.unwrap_err();
        let line = STEPS.lines().position(|l| l.contains("expect.soft(1).toBe(2)")).unwrap() + 1;
        for wanted in [
            "2 soft assertions failed",
            "1. expect(received).toBe(expected)",
            "Expected: 2",
            "2. the letter",
            &format!("steps/values.ts:{line}:"),
        ] {
            assert!(failure.message.contains(wanted), "{wanted} missing from:\n{}", failure.message);
        }
        // It ran to its end, and its failures do not leak into the next step.
        assert_eq!(run(&mut host, &mut world, "the soft step ran to its end").await, Ok(StepOutcome::Passed));

        let failure = run(&mut host, &mut world, "not fails").await.unwrap_err();
        assert!(failure.message.contains("Expected: not 3"), "{}", failure.message);

        let failure = run(&mut host, &mut world, "a web-first matcher needs a locator").await.unwrap_err();
        assert_eq!(failure.exception_type, "TypeError");
        assert!(failure.message.contains("needs a Locator or a Page"), "{}", failure.message);
        host.end_test_case(&mut world);
    });
    let _ = std::fs::remove_dir_all(&dir);
}
