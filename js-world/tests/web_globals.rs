//! The web-platform globals and the sandboxed `process` in a worker VM.

use ferridriver_js_world::{load, JsConfig, JsHost};
use ferridriver_messages::IdGenerator;
use ferridriver_steps::registry::{Invocation, Registry, StepBody, StepHost, World};
use std::sync::Arc;
use std::time::Duration;

const STEPS: &str = r#"
import { Given } from '@cucumber/cucumber'
import assert from 'node:assert'

Given('the web globals work', function () {
  const bytes = new TextEncoder().encode('héllo €𝄞')
  assert.deepStrictEqual(Array.from(bytes.slice(0, 3)), [0x68, 0xc3, 0xa9])
  assert.strictEqual(bytes.length, 14)
  assert.strictEqual(new TextDecoder().decode(bytes), 'héllo €𝄞')
  assert.strictEqual(btoa('ferridriver'), 'ZmVycmlkcml2ZXI=')
  assert.strictEqual(atob('ZmVycmlkcml2ZXI='), 'ferridriver')
  assert.throws(() => atob('%%%'))

  const original = { a: [1, { b: new Date(0) }], m: new Map([['k', new Set([1])]]) }
  original.self = original
  const copy = structuredClone(original)
  assert.notStrictEqual(copy.a[1], original.a[1])
  assert.strictEqual(copy.a[1].b.getTime(), 0)
  assert.strictEqual(copy.self, copy)
  assert.ok(copy.m.get('k').has(1))
  assert.throws(() => structuredClone({ f() {} }))

  const url = new URL('../b/c?x=1&y=two+words#frag', 'https://user:pw@Example.com:443/a/d/e')
  assert.strictEqual(url.href, 'https://user:pw@example.com/a/b/c?x=1&y=two+words#frag')
  assert.strictEqual(url.origin, 'https://example.com')
  assert.strictEqual(url.searchParams.get('y'), 'two words')
  url.searchParams.append('z', 'a&b')
  assert.strictEqual(url.search, '?x=1&y=two+words&z=a%26b')
  assert.strictEqual(new URL('/api?q=1', 'http://localhost:3000/x').href, 'http://localhost:3000/api?q=1')
  assert.throws(() => new URL('no scheme'))
  const params = new URLSearchParams({ b: '2', a: '1' })
  params.sort()
  assert.strictEqual(params.toString(), 'a=1&b=2')

  assert.deepStrictEqual(Object.keys(process.env), [])
  assert.throws(() => process.exit(1), /not allowed/)
  assert.strictEqual(typeof process.hrtime.bigint(), 'bigint')
})
"#;

#[test]
fn web_globals_and_the_sandboxed_process() {
    let dir = std::env::temp_dir().join(format!("fd-js-web-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    std::fs::write(dir.join("steps/web.ts"), STEPS).unwrap();
    let report = load(&JsConfig { root: dir.clone(), ..Default::default() });
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let program = report.program.expect("a program");
    let mut registry = Registry::new(Arc::new(IdGenerator::incrementing()));
    program.register(&mut registry);
    let index = match registry.steps[0].body {
        StepBody::External(i) => i,
        StepBody::Rust(_) => unreachable!("a JS step"),
    };
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let mut host = JsHost::new(Arc::clone(&program), Duration::from_secs(5));
    rt.block_on(async {
        let mut world = World::default();
        host.start_test_case(&mut world);
        let result = host.invoke_step(index, &mut world, Invocation::default()).await;
        assert!(result.is_ok(), "{:?}", result.err());
    });
    let _ = std::fs::remove_dir_all(&dir);
}
