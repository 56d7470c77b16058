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
