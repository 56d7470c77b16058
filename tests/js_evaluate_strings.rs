//! `page.evaluate` given a string of page code answers as Playwright 1.65.1's does: the code
//! may be statements, a promise is awaited, and the value comes back as a function's would —
//! `undefined` (so `toBeNull()` fails on a missing value, as there), NaN, -0, ±Infinity,
//! BigInt, Date, RegExp, URL, elements, cycles, a function as `undefined` — and errors name the
//! page's exception. Recorded with a probe on the same page.

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
