//! `expect.extend`: the suite's own matchers, as Playwright 1.65.1 ran the same ones on the same
//! page (recorded with a probe): a sync matcher passing and failing, with `.not`, a custom
//! message in front, an async one on a page, after `.resolves`, polled (`expect.poll`, with
//! Playwright's call log when it runs out), and the matcher's `this` (isNot, promise, timeout,
//! utils). The answers hold the same array twice, which a script's result may (only a value
//! that contains itself is refused).

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

/// A page with three inputs.
const PAGES: &[(&str, &str)] = &[("/", "<!DOCTYPE html><title>Form</title><input id=a><input id=b><input id=c>")];

const SCRIPT: &str = r#"const out = {};
const fail = (e) => e.message;
await page.goto(args[0] + '/');
const ex = expect.extend({
  toBeWithinRange(received, floor, ceiling) {
    const pass = received >= floor && received <= ceiling;
    return { pass, message: () => `expected ${this.utils.printReceived(received)} ${this.isNot ? 'not ' : ''}to be within range ${floor} - ${ceiling}`, name: 'toBeWithinRange' };
  },
  async toHaveInputCount(page, n) {
    const count = await page.locator('input').count();
    return { pass: count === n, message: () => `inputs: ${count}`, expected: n, actual: count };
  },
  toBeContextAware(received) {
    out.context = [this.isNot, this.promise, typeof this.equals, this.timeout, typeof this.utils.matcherHint, typeof this.utils.printExpected];
    return { pass: !this.isNot, message: () => 'context' };
  },
});
out.same = ex === expect;
try { expect(15).toBeWithinRange(10, 20); out.pass = 'passed'; } catch (e) { out.pass = fail(e); }
try { expect(25).toBeWithinRange(10, 20); out.fail = 'passed'; } catch (e) { out.fail = fail(e); }
try { expect(15).not.toBeWithinRange(10, 20); out.notFail = 'passed'; } catch (e) { out.notFail = fail(e); }
try { expect(25).not.toBeWithinRange(10, 20); out.notPass = 'passed'; } catch (e) { out.notPass = fail(e); }
out.asyncPass = await expect(page).toHaveInputCount(3).then(() => 'passed', fail);
out.asyncFail = await expect(page).toHaveInputCount(2).then(() => 'passed', fail);
out.resolves = await expect(Promise.resolve(12)).resolves.toBeWithinRange(10, 20).then(() => 'passed', fail);
out.poll = await expect.poll(() => 30, { timeout: 300 }).toBeWithinRange(10, 20).then(() => 'passed', (e) => e.message);
let n = 0;
out.pollPass = await expect.poll(() => (n += 5), { timeout: 3000 }).toBeWithinRange(10, 20).then(() => 'passed', fail);
expect(1).toBeContextAware();
out.contextPlain = out.context;
expect(1).not.toBeContextAware();
out.contextNot = out.context;
await expect(Promise.resolve(2)).resolves.toBeContextAware();
out.contextResolves = out.context;
out.custom = (() => { try { expect(25, 'my message').toBeWithinRange(10, 20); } catch (e) { return fail(e); } })();
return out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT`.
const PLAYWRIGHT: &str = r#"{"same":false,"pass":"passed","fail":"expected 25 to be within range 10 - 20","notFail":"expected 15 not to be within range 10 - 20","notPass":"passed","asyncPass":"passed","asyncFail":"inputs: 3","resolves":"passed","poll":"expected 30 to be within range 10 - 20\n\nCall Log:\n- Timeout 300ms exceeded while waiting on the predicate","pollPass":"passed","context":[false,"resolves","function",5000,"function","function"],"contextPlain":[false,"","function",5000,"function","function"],"contextNot":[true,"","function",5000,"function","function"],"contextResolves":[false,"resolves","function",5000,"function","function"],"custom":"my message\n\nexpected 25 to be within range 10 - 20"}"#;

#[test]
fn custom_matchers_answer_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("expect-extend", &base, SCRIPT, &playwright, &[]);
}

const EDGES: &str = r#"const out = {};
const fail = (e) => e.message;
const e2 = expect.extend({ toBe: () => ({ pass: true, message: () => 'never' }), toBeSilent: () => ({ pass: false }), toBeOdd: (n) => ({ pass: n % 2 === 1 }) });
try { expect(1).toBe(2); out.rootToBe = 'passed'; } catch (e) { out.rootToBe = e.message.split('\n')[0]; }
try { e2(1).toBe(2); out.extendedToBe = 'passed'; } catch (e) { out.extendedToBe = fail(e); }
try { expect(1).toBeSilent(); out.silent = 'passed'; } catch (e) { out.silent = fail(e); }
try { expect(2).toBeOdd(); out.odd = 'passed'; } catch (e) { out.odd = fail(e); }
const e3 = expect.extend({ toBeBroken: () => ({ pass: 'yes' }) });
try { e3(1).toBeBroken(); out.broken = 'passed'; } catch (e) { out.broken = fail(e); }
const e4 = expect.extend({ async toHang() { await new Promise(() => {}); return { pass: true, message: () => '' }; } });
out.hang = await e4.poll(() => 1, { timeout: 300 }).toHang().then(() => 'passed', (e) => e.message.split('\n')[0]);
return out;
"#;

/// Playwright 1.65.1's answers to `EDGES`: a built-in's name overridden only on the `expect`
/// `extend` answered, a matcher without a message, one answering something else than
/// `{ pass }`, and a polled matcher that never ends.
const EDGES_PLAYWRIGHT: &str = r#"{"rootToBe":"expect(received).toBe(expected) // Object.is equality","extendedToBe":"passed","silent":"No message was specified for this matcher.","odd":"No message was specified for this matcher.","broken":"Unexpected return from a matcher function.\nMatcher functions should return an object in the following format:\n  {message?: string | function, pass: boolean}\n'{\"pass\": \"yes\"}' was returned","hang":"Timeout 300ms exceeded while waiting on the predicate"}"#;

#[test]
fn custom_matcher_edges_answer_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(EDGES_PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("expect-extend-edges", &base, EDGES, &playwright, &[]);
}
