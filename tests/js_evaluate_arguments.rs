//! Arguments of `evaluate` carried into the page as Playwright's serializer carries them:
//! `undefined` inside arrays and objects (and as the whole argument of a locator's call), NaN,
//! ±Infinity, -0, BigInt, Date, RegExp, URL, Error, typed arrays, shared and circular
//! references, Map/Set as `{}`, a symbol as undefined, and a function refused with where it
//! is; through page, locator, `evaluateAll`, `$eval`, a child frame, handles in the argument
//! (also inside a class instance) and `waitForFunction`; no `toJSON` called; and
//! `addInitScript`'s argument as JSON carries it. Recorded with Playwright 1.65.1.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const SCRIPT: &str = r#"await page.setContent('<p id=p>x</p><iframe srcdoc="<b>in</b>"></iframe>');
await page.waitForFunction(() => document.querySelector('iframe').contentDocument && document.querySelector('iframe').contentDocument.querySelector('b'));
function d(v) {
  const t = Object.prototype.toString.call(v).slice(8, -1);
  if (v === undefined) return 'undefined';
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (typeof v === 'bigint') return v + 'n';
  if (t === 'Date') return 'Date:' + v.toISOString();
  if (t === 'RegExp') return 'RegExp:' + v;
  if (t === 'URL') return 'URL:' + v.href;
  if (t === 'Error') return 'Error:' + v.name + ':' + v.message;
  if (t === 'Map') return 'Map:' + JSON.stringify([...v]);
  if (t === 'Set') return 'Set:' + JSON.stringify([...v]);
  if (t === 'Uint8Array') return 'Uint8Array:' + Array.from(v);
  if (Array.isArray(v)) return '[' + v.map(d).join(',') + ']';
  if (v && typeof v === 'object') return '{' + Object.keys(v).map((k) => k + ':' + (v[k] === v ? 'SELF' : d(v[k]))).join(',') + '}';
  return typeof v + ':' + String(v);
}
const src = d.toString();
const probe = (arg) => page.evaluate(([s, a]) => { const f = eval('(' + s + ')'); return f(a); }, [src, arg]).catch((e) => 'threw: ' + e.message.split('\n')[0]);
const cyc = { a: 1 }; cyc.self = cyc;
const out = {};
const cases = { undef: [undefined, 1], obj: { x: undefined, y: 1 }, nums: [NaN, Infinity, -Infinity, -0], big: 10n, date: new Date(0), re: /a+/gi, url: new URL('http://x.test/p?q=1'), err: new TypeError('bad'), map: new Map([['k', 1]]), set: new Set([1]), typed: new Uint8Array([1, 2]), cyc, fn: { f: () => 1 }, sym: [Symbol('s')] };
for (const [k, v] of Object.entries(cases)) out[k] = await probe(v);
out.locator = await page.locator('#p').evaluate((el, a) => [typeof a[0], a[1] === undefined, Number.isNaN(a[2])], [undefined, undefined, NaN]);
out.evaluateAll = await page.locator('p').evaluateAll((els, a) => typeof a.u, { u: undefined });
out.locatorTop = await page.locator('#p').evaluate((el, a) => typeof a, undefined);

out.plain = {
  arr: await page.evaluate(([a, b]) => [typeof a, typeof b, b === null], [undefined, undefined]),
  obj: await page.evaluate((o) => ['x' in o, typeof o.x, Object.keys(o)], { x: undefined, y: 1 }),
  top: await page.evaluate((v) => typeof v, undefined),
  nested: await page.evaluate((o) => [o.a.length, typeof o.a[1], o.b === undefined, 'b' in o], { a: [1, undefined, 3], b: undefined }),
};
const t = (a) => page.evaluate((x) => 1, a).then(() => 'ok', (e) => e.message.split('\n')[0]);
out.refused = { top: await t(() => 1), key: await t({ f: function named() {} }), deep: await t({ a: [{ b: () => 2 }] }) };
out.holes = await page.evaluate((a) => [a.length, 0 in a, typeof a[0]], [, 1]);
out.shared = await page.evaluate((a) => a[0] === a[1], (() => { const o = {}; return [o, o]; })());
const frame = page.frames()[1];
out.frame = await frame.evaluate(([a, n]) => [typeof a, Number.isNaN(n)], [undefined, NaN]);
const handle = await page.evaluateHandle(() => document.body);
out.handle = await page.evaluate(([b, u, d]) => [b.tagName, typeof u, d instanceof Date], [handle, undefined, new Date(0)]);
out.dollarEval = await page.$eval('#p', (el, a) => [el.id, typeof a.u, Number.isNaN(a.n)], { u: undefined, n: NaN });
out.waitFor = await (await page.waitForFunction((a) => typeof a.u === 'undefined' && a.d instanceof Date, { u: undefined, d: new Date(0) })).jsonValue();
const shared = { x: 1 };
out.mapShared = await page.evaluate(([m, a, b]) => a === b && b.x, [new Map(), shared, shared]);
out.typedSpecial = await page.evaluate((a) => [Number.isNaN(a[0]), a[1], Object.is(a[2], -0)], new Float64Array([NaN, Infinity, -0]));
class Priced { constructor() { this.v = 1; } toJSON() { return 'str'; } }
out.noToJSON = await page.evaluate((a) => [typeof a.d, a.d.v], { d: new Priced() });
class Box { constructor(h) { this.h = h; } }
out.handleInClass = await page.evaluate((b) => b.h.tagName, new Box(handle));
await page.addInitScript((d) => { window.__d = typeof d + ':' + d; }, new Date(0));
await page.goto('data:text/html,<p>init</p>');
out.initScriptArg = await page.evaluate(() => window.__d);
return out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT` (Debian's Chromium).
const PLAYWRIGHT: &str = r#"{"undef":"[undefined,1]","obj":"{x:undefined,y:1}","nums":"[NaN,Infinity,-Infinity,-0]","big":"10n","date":"Date:1970-01-01T00:00:00.000Z","re":"RegExp:/a+/gi","url":"URL:http://x.test/p?q=1","err":"Error:TypeError:bad","map":"{}","set":"{}","typed":"Uint8Array:1,2","cyc":"{a:1,self:SELF}","fn":"threw: Attempting to serialize unexpected value at position \"[1].f\": () => 1","sym":"[undefined]","locator":["undefined",true,true],"evaluateAll":"undefined","locatorTop":"undefined","plain":{"arr":["undefined","undefined",false],"obj":[true,"undefined",["x","y"]],"top":"undefined","nested":[3,"undefined",true,true]},"refused":{"top":"Attempting to serialize unexpected value: () => 1","key":"Attempting to serialize unexpected value at position \"f\": function named() {}","deep":"Attempting to serialize unexpected value at position \"a[0].b\": () => 2"},"holes":[2,true,"undefined"],"shared":true,"frame":["undefined",true],"handle":["BODY","undefined",true],"dollarEval":["p","undefined",true],"waitFor":true,"mapShared":1,"typedSpecial":[true,null,true],"noToJSON":["object",1],"handleInClass":"BODY","initScriptArg":"string:1970-01-01T00:00:00.000Z"}"#;

#[test]
fn arguments_reach_the_page_as_with_playwright() {
    assert!(support::browser_available(), "chromium is needed for this test");
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("evaluate-arguments", "http://127.0.0.1:9", SCRIPT, &playwright, &[]);
}
