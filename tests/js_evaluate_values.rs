//! `evaluate` answers `undefined` where Playwright 1.65.1's does (page, locator, `evaluateAll`,
//! a child frame), so that `toBeNull()` on a missing value fails as it does there, and the
//! values JSON cannot carry as Playwright's serializer brings them; recorded with a probe.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const SCRIPT: &str = r#"
await page.setContent('<p>x</p><iframe name=f srcdoc="<b>y</b>"></iframe>');
await page.frame('f').waitForLoadState();
const t = async (p) => { const v = await p; return v === undefined ? 'undefined' : v; };
let nullPasses;
try { expect(await page.evaluate(() => window.nope)).toBeNull(); nullPasses = true; } catch (e) { nullPasses = false; }
return {
  page: await t(page.evaluate(() => undefined)),
  pageNull: await t(page.evaluate(() => null)),
  pageAsync: await t(page.evaluate(async () => { await 0; })),
  missing: await t(page.evaluate(() => window.nope)),
  locator: await t(page.locator('p').evaluate(() => undefined)),
  locatorValue: await t(page.locator('p').evaluate((e) => e.textContent)),
  all: await t(page.locator('p').evaluateAll(() => undefined)),
  frame: await t(page.frame('f').evaluate(() => undefined)),
  frameValue: await t(page.frame('f').evaluate(() => document.body.textContent)),
  string: await t(page.evaluate('1 + 1')),
  nullPasses,
};
"#;

#[test]
fn evaluate_answers_undefined_as_playwright() {
    support::browser_available();
    let base = support::serve(&[("/", "<p>x</p>")]);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same page).
    let playwright = serde_json::json!({
        "page": "undefined", "pageNull": null, "pageAsync": "undefined", "missing": "undefined",
        "locator": "undefined", "locatorValue": "x", "all": "undefined", "frame": "undefined",
        "frameValue": "y", "string": 2, "nullPasses": false
    });
    js_suite::assert_as_playwright("evaluate-values", &base, SCRIPT, &playwright, &[]);
}

/// Values JSON cannot carry come back as Playwright's serializer brings them: NaN, ±Infinity,
/// -0, `undefined` inside objects and arrays, Date, RegExp, URL, Error, BigInt, a cycle, an
/// element as 'ref: <Node>', Map and Set as {}, functions and symbols as `undefined`.
const VALUES: &str = r#"
const show = (v) => {
  const seen = new Set();
  const d = (x) => {
    if (x === undefined) return 'undefined';
    if (typeof x === 'number') return Object.is(x, -0) ? '-0' : Number.isNaN(x) ? 'NaN' : String(x);
    if (typeof x === 'bigint') return 'bigint ' + x;
    if (x instanceof Date) return 'Date ' + x.toISOString();
    if (x instanceof RegExp) return 'RegExp ' + String(x);
    if (x instanceof URL) return 'URL ' + x.href;
    if (x instanceof Error) return 'Error ' + x.name + ': ' + x.message;
    if (x && typeof x === 'object') { if (seen.has(x)) return 'cycle'; seen.add(x); }
    if (Array.isArray(x)) return x.map(d);
    if (x && typeof x === 'object') { const o = {}; for (const k of Object.keys(x)) o[k] = d(x[k]); return o; }
    return x;
  };
  return d(v);
};
const out = {};
const cases = {
  nan: () => NaN, inf: () => Infinity, ninf: () => -Infinity, negzero: () => -0,
  nested: () => ({ a: undefined, b: [1, undefined, NaN], c: null }),
  date: () => new Date(Date.UTC(2020, 0, 2, 3, 4, 5)), regexp: () => /a+b/gi, url: () => new URL('https://x.test/p?q=1'),
  error: () => new TypeError('bad thing'), map: () => new Map([[1, 'a']]), set: () => new Set([1, 2]),
  bigint: () => 10n, fn: () => (() => 1), circular: () => { const o = { n: 1 }; o.self = o; return o; },
  element: () => document.body, sym: () => Symbol('s'),
};
for (const [k, f] of Object.entries(cases)) {
  try { out[k] = show(await page.evaluate(f)); } catch (e) { out[k] = 'error: ' + e.message.split('\n')[0]; }
}
out.shaped = show(await page.evaluate(() => ({ nodeType: 1, nodeName: 'DIV', text: 'x' })));
out.window = await page.evaluate(() => window);
out.document = await page.evaluate(() => document);
out.textNode = await page.evaluate(() => document.createTextNode('a'));
out.holes = show(await page.evaluate(() => [1, , 3]));
out.circularSame = await page.evaluate(() => { const o = { n: 1 }; o.self = o; return o; }).then((o) => o.self === o);
out.locatorNaN = show(await page.locator('body').evaluate(() => NaN));
out.locatorDate = show(await page.locator('body').evaluate(() => new Date(0)));
let nanNull; try { expect(await page.evaluate(() => NaN)).toBeNull(); nanNull = true; } catch (e) { nanNull = false; }
out.nanNull = nanNull;
return out;
"#;

#[test]
fn values_json_cannot_carry_come_back_as_playwrights() {
    support::browser_available();
    let base = support::serve(&[("/", "<p>x</p>")]);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same script).
    let playwright = serde_json::json!({"nan": "NaN", "inf": "Infinity", "ninf": "-Infinity", "negzero": "-0",
        "nested": {"a": "undefined", "b": ["1", "undefined", "NaN"], "c": null}, "date": "Date 2020-01-02T03:04:05.000Z",
        "regexp": "RegExp /a+b/gi", "url": "URL https://x.test/p?q=1", "error": "Error TypeError: bad thing", "map": {},
        "set": {}, "bigint": "bigint 10", "fn": "undefined", "circular": {"n": "1", "self": "cycle"},
        "element": "ref: <Node>", "sym": "undefined", "circularSame": true, "locatorNaN": "NaN",
        "locatorDate": "Date 1970-01-01T00:00:00.000Z", "nanNull": false,
        "shaped": {"nodeType": "1", "nodeName": "DIV", "text": "x"}, "window": "ref: <Window>",
        "document": "ref: <Document>", "textNode": "ref: <Node>", "holes": ["1", "undefined", "3"]});
    js_suite::assert_as_playwright("evaluate-serialized", &base, VALUES, &playwright, &[]);
}

/// The same through JS handles: a handle's `jsonValue` and `evaluate`, and `evaluate` given a
/// handle as its argument (page and locator).
const HANDLES: &str = r#"
await page.setContent('<p>x</p>');
const h = await page.evaluateHandle(() => ({ n: NaN, d: new Date(0), u: undefined }));
const t = (v) => v === undefined ? 'undefined' : v;
const j = await h.jsonValue();
return {
  jsonNaN: Number.isNaN(j.n), jsonDate: j.d instanceof Date, jsonU: 'u' in j && j.u === undefined,
  evalUndefined: t(await h.evaluate(() => undefined)),
  pageWithHandle: t(await page.evaluate((v) => v.u, h)),
  locatorWithHandle: await page.locator('p').evaluate((el, v) => v.d, h).then((d) => d instanceof Date),
};
"#;

#[test]
fn handles_answer_values_as_playwrights() {
    support::browser_available();
    let base = support::serve(&[("/", "<p>x</p>")]);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same script).
    let playwright = serde_json::json!({ "jsonNaN": true, "jsonDate": true, "jsonU": true,
        "evalUndefined": "undefined", "pageWithHandle": "undefined", "locatorWithHandle": true });
    js_suite::assert_as_playwright("handle-values", &base, HANDLES, &playwright, &[]);
}

/// `$eval` and `$$eval` (page and element handle) answer as `evaluate` does.
const SELECTOR_EVALS: &str = r#"
await page.setContent('<p id=a>1</p><p>2</p><div><i>x</i></div>');
const t = (v) => (v === undefined ? 'undefined' : v);
const h = await page.$('div');
return {
  evalUndefined: t(await page.$eval('p', () => undefined)),
  evalNaN: await page.$eval('p', () => NaN).then(Number.isNaN),
  evalDate: await page.$eval('p', () => new Date(0)).then((d) => d instanceof Date),
  evalText: await page.$eval('#a', (e) => e.textContent),
  allCount: await page.$$eval('p', (els) => els.length),
  allUndefined: t(await page.$$eval('p', () => undefined)),
  missing: await page.$eval('nope', (e) => 1).then(() => 'ok', (e) => e.message.split('\n')[0]),
  handleEval: t(await h.$eval('i', () => undefined)),
  handleAll: await h.$$eval('i', (els) => [els.length, NaN]).then((a) => [a[0], Number.isNaN(a[1])]),
};
"#;

#[test]
fn selector_evals_answer_values_as_playwrights() {
    support::browser_available();
    let base = support::serve(&[("/", "<p>x</p>")]);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same script).
    let playwright = serde_json::json!({"evalUndefined": "undefined", "evalNaN": true, "evalDate": true, "evalText": "1",
        "allCount": 2, "allUndefined": "undefined",
        "missing": "page.$eval: Failed to find element matching selector \"nope\"",
        "handleEval": "undefined", "handleAll": [1, true]});
    js_suite::assert_as_playwright("selector-evals", &base, SELECTOR_EVALS, &playwright, &[]);
}
