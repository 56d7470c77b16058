//! `page.evaluate` given a string of page code answers as Playwright 1.65.1's does: the code
//! may be statements, a promise is awaited, and the value comes back as a function's would —
//! `undefined` (so `toBeNull()` fails on a missing value, as there), NaN, -0, ±Infinity,
//! BigInt, Date, RegExp, URL, elements, cycles, a function as `undefined` — and errors name the
//! page's exception. So does a string given to a locator's, a frame's, a handle's `evaluate`,
//! to `$eval` and `waitForFunction`: evaluated in the element's (or frame's) window, never
//! called (`'el => el.id'` answers undefined there). Recorded with a probe on the same pages.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const SCRIPT: &str = r#"
const out = {};
const attempt = async (key, f) => { try { const v = await f(); out[key] = v === undefined ? 'undefined' : (typeof v === 'number' && !Number.isFinite(v)) || Object.is(v, -0) ? 'num:' + (Object.is(v, -0) ? '-0' : String(v)) : (typeof v === 'bigint') ? 'bigint:' + v : v instanceof Date ? 'date:' + v.toISOString() : v instanceof RegExp ? 're:' + v : v; } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
await page.goto(args[0] + '/');
for (const [k, code] of [
  ['sum', '1 + 2'], ['missing', 'window.missing'], ['nan', 'NaN'], ['negzero', '-0'], ['inf', '-Infinity'], ['big', '10n ** 20n'],
  ['title', 'document.title'], ['date', 'new Date(0)'], ['regex', '/a+b/gi'], ['promise', 'Promise.resolve(7)'],
  ['arrayUndef', '[1, undefined, NaN]'], ['objUndef', '({ a: undefined, b: 2 })'], ['statements', 'let x = 3; x * 2'], ['statementsAgain', 'let x = 4; class K {}; const k = 1; x * 2 + k'],
  ['arrowString', '() => 5'], ['functionString', 'function f() { return 5 }'], ['throws', 'throw new Error("bad")'],
  ['syntax', 'let ='], ['element', 'document.body'], ['nullv', 'null'], ['nested', '({ d: new Date(0), u: new URL("http://x/y") })'],
  ['asyncIife', '(async () => 4)()'], ['empty', ''], ['spaces', '   '],
  ['sym', 'Symbol("s")'], ['map', 'new Map([[1, 2]])'],
]) {
  await attempt(k, () => page.evaluate(code));
}
out.nestedDetail = await page.evaluate('({ d: new Date(0), u: new URL("http://x/y") })').then((v) => [v.d instanceof Date, v.u instanceof URL, String(v.u)]);
out.cycleDetail = await page.evaluate('(() => { const o = { n: 1 }; o.self = o; return o; })()').then((v) => v.self === v);
out.objUndefDetail = await page.evaluate('({ a: undefined, b: 2 })').then((v) => ['a' in v, v.a === undefined]);
out.arrayDetail = await page.evaluate('[1, undefined, NaN]').then((v) => [v.length, v[1] === undefined, Number.isNaN(v[2])]);
out.withArg = await page.evaluate('(x) => x * 2', 4).then((v) => v === undefined ? 'undefined' : typeof v).catch((e) => 'error: ' + e.message.split('\n')[0]);
return out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT`.
const PLAYWRIGHT: &str = r#"{"sum": 3, "missing": "undefined", "nan": "num:NaN", "negzero": "num:-0", "inf": "num:-Infinity", "big": "bigint:100000000000000000000", "title": "Expr", "date": "date:1970-01-01T00:00:00.000Z", "regex": "re:/a+b/gi", "promise": 7, "arrayUndef": [1, null, null], "objUndef": {"b": 2}, "statements": 6, "statementsAgain": 9, "arrowString": "undefined", "functionString": "undefined", "throws": "error: page.evaluate: Error: bad", "syntax": "error: page.evaluate: SyntaxError: Unexpected end of input", "element": "ref: <Node>", "nullv": null, "nested": {"d": "1970-01-01T00:00:00.000Z", "u": "http://x/y"}, "asyncIife": 4, "empty": "undefined", "spaces": "undefined", "sym": "undefined", "map": {}, "nestedDetail": [true, true, "http://x/y"], "cycleDetail": true, "objUndefDetail": [true, true], "arrayDetail": [3, true, true], "withArg": "undefined"}"#;

#[test]
fn a_string_of_page_code_answers_as_playwright() {
    support::browser_available();
    let base = support::serve(&[("/", "<!doctype html><title>Expr</title><p>para</p>")]);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("evaluate-strings", &base, SCRIPT, &playwright, &[]);
}

const ELSEWHERE: &str = r#"
const out = {};
const show = (v) => v === undefined ? 'undefined' : (typeof v === 'number' && !Number.isFinite(v)) ? 'num:' + String(v) : (typeof v === 'function') ? 'function' : (v && typeof v === 'object' && v.constructor && v.constructor.name === 'JSHandle') ? 'handle' : v;
const attempt = async (key, f) => { try { out[key] = show(await f()); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
await page.goto(args[0] + '/');
const p = page.locator('p#one');
await attempt('locTitle', () => p.evaluate('document.title'));
await attempt('locArrow', () => p.evaluate('(el) => el.id'));
await attempt('locFunction', () => p.evaluate('function (el) { return el.id }'));
await attempt('locMissing', () => p.evaluate('window.missing'));
await attempt('locNaN', () => p.evaluate('NaN'));
await attempt('locStatements', () => p.evaluate('let y = 2; y + 1'));
await attempt('locThis', () => p.evaluate('this === window'));
await attempt('locThrows', () => p.evaluate('throw new Error("boom")'));
await attempt('locSyntax', () => p.evaluate('let ='));
await attempt('locDate', () => p.evaluate('new Date(0)').then((d) => d instanceof Date ? 'date:' + d.toISOString() : d));
await attempt('locNoMatch', () => page.locator('#nothing').evaluate('1 + 1', undefined, { timeout: 500 }));
await attempt('locSeveral', () => page.locator('p').evaluate('1 + 1', undefined, { timeout: 500 }));
await attempt('allLen', () => page.locator('p').evaluateAll('document.querySelectorAll("p").length'));
await attempt('allArrow', () => page.locator('p').evaluateAll('(els) => els.length'));
await attempt('allMissing', () => page.locator('p').evaluateAll('window.missing'));
await attempt('allNone', () => page.locator('#nothing').evaluateAll('2 * 3'));
const frame = page.frame({ name: 'kid' });
await attempt('frameTitle', () => frame.evaluate('document.title'));
await attempt('frameMissing', () => frame.evaluate('window.missing'));
await attempt('frameArrow', () => frame.evaluate('() => 5'));
await attempt('frameStatements', () => frame.evaluate('let z = 5; z * 2'));
await attempt('frameNaN', () => frame.evaluate('NaN'));
await attempt('frameThrows', () => frame.evaluate('throw new Error("kid boom")'));
await attempt('frameFunction', () => frame.evaluate('function () { return 1 }'));
await attempt('frameAsyncFunction', () => frame.evaluate('  async function () { return 2 }  '));
await attempt('framePromise', () => frame.evaluate('Promise.resolve(8)'));
await attempt('frameLocator', () => frame.locator('b').evaluate('document.title'));
await attempt('frameLocatorArrow', () => frame.locator('b').evaluate('(el) => el.textContent'));
await attempt('frameOwnGlobal', async () => { await frame.evaluate('var kidVar = 7; window.kidSet = 8'); return [await frame.evaluate('kidVar + kidSet'), await page.evaluate('typeof kidVar + typeof kidSet')]; });
await attempt('frameSyntax', () => frame.evaluate('let ='));
await attempt('frameLocation', () => frame.evaluate('location.pathname'));
await attempt('frameThis', () => frame.evaluate('this === window && window.parent !== window'));
await attempt('dollarEval', () => page.$eval('p#one', 'document.title'));
await attempt('dollarEvalArrow', () => page.$eval('p#one', '(el) => el.id'));
await attempt('dollarDollarEval', () => page.$$eval('p', 'document.title'));
const h = await page.$('p#one');
await attempt('handleEval', () => h.evaluate('document.title'));
await attempt('handleArrow', () => h.evaluate('(el) => el.id'));
await attempt('handleMissing', () => h.evaluate('window.missing'));
await attempt('evalHandleStr', async () => { const j = await page.evaluateHandle('({ a: 1 })'); return j.jsonValue(); });
await attempt('evalHandleArrow', async () => { const j = await page.evaluateHandle('() => 3'); return typeof (await j.jsonValue()); });
await attempt('wffArrow', async () => { const j = await page.waitForFunction('() => window.never === 1', undefined, { timeout: 500 }); return 'resolved'; });
await attempt('wffExpr', async () => { const j = await page.waitForFunction('document.title === "Expr"', undefined, { timeout: 500 }); return j.jsonValue(); });
await attempt('wffFalse', async () => { const j = await page.waitForFunction('window.never === 1', undefined, { timeout: 500 }); return 'resolved'; });
return out;
"#;

/// Playwright 1.65.1's answers to `ELSEWHERE`.
const PLAYWRIGHT_ELSEWHERE: &str = r#"{"locTitle": "Expr", "locArrow": "undefined", "locFunction": "undefined", "locMissing": "undefined", "locNaN": "num:NaN", "locStatements": 3, "locThis": true, "locThrows": "error: locator.evaluate: Error: boom", "locSyntax": "error: locator.evaluate: SyntaxError: Unexpected end of input", "locDate": "date:1970-01-01T00:00:00.000Z", "locNoMatch": "error: locator.evaluate: Timeout 500ms exceeded.", "locSeveral": "error: locator.evaluate: Error: strict mode violation: locator('p') resolved to 2 elements:", "allLen": 2, "allArrow": "undefined", "allMissing": "undefined", "allNone": 6, "frameTitle": "Kid", "frameMissing": "undefined", "frameArrow": "undefined", "frameStatements": 10, "frameNaN": "num:NaN", "frameThrows": "error: frame.evaluate: Error: kid boom", "frameFunction": "undefined", "frameAsyncFunction": "undefined", "framePromise": 8, "frameLocator": "Kid", "frameLocatorArrow": "undefined", "frameOwnGlobal": [15, "undefinedundefined"], "frameSyntax": "error: frame.evaluate: SyntaxError: Unexpected end of input", "frameLocation": "/kid", "frameThis": true, "dollarEval": "Expr", "dollarEvalArrow": "undefined", "dollarDollarEval": "Expr", "handleEval": "Expr", "handleArrow": "undefined", "handleMissing": "undefined", "evalHandleStr": {"a": 1}, "evalHandleArrow": "undefined", "wffArrow": "resolved", "wffExpr": true, "wffFalse": "error: page.waitForFunction: Timeout 500ms exceeded."}"#;

#[test]
fn a_string_given_to_a_locator_a_frame_a_handle_or_a_wait_answers_as_playwright() {
    support::browser_available();
    let base = support::serve(&[
        (
            "/",
            "<!doctype html><title>Expr</title><p id=one>para</p><p id=two>two</p><iframe name=kid src=/kid></iframe>",
        ),
        ("/kid", "<!doctype html><title>Kid</title><b>bold</b>"),
    ]);
    let playwright = serde_json::from_str(PLAYWRIGHT_ELSEWHERE).unwrap();
    js_suite::assert_as_playwright("evaluate-strings-elsewhere", &base, ELSEWHERE, &playwright, &[]);
}
