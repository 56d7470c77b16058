//! `util.inspect`/`util.format` lay values out as Node's (what `console.log(object)` prints):
//! nesting to depth 2, one line up to 80 columns, arrays of more than six short items in
//! columns, circular references, class names, getters, quoting and escapes, `%s %d %i %f %j
//! %o %O %c %%`; and the console methods beyond the levels — `table`, `group`, `count`,
//! `assert`, `dir`. Node 20's answers to the same module are recorded below.

#[path = "common/js_suite.rs"]
mod js_suite;

use std::process::Command;

const PROBE: &str = r#"import util from 'util';
class Foo { constructor() { this.x = 1; this.name = 'foo'; } }
class Empty {}
const circ = { a: 1 }; circ.self = circ;
const cases = [
  { a: 1, b: 'two', c: [1, 2, 3], d: { e: { f: { g: 1 } } } },
  [1, 2, 3, 4, 5, 6, 7],
  Array.from({ length: 30 }, (_, i) => i * 3),
  ['apple', 'banana', 'cherry', 'date', 'elderberry', 'fig', 'grape', 'honeydew'],
  new Map([['a', 1], ['b', { c: 2 }]]),
  new Set([1, 'two', [3]]),
  new Foo(),
  new Empty(),
  circ,
  Object.create(null),
  { 'key-with-dash': 1, valid_key: 2, [Symbol('s')]: 3 },
  "it's",
  'say "hi" it\'s',
  'line1\nline2\ttab\u0001',
  [undefined, null, NaN, -0, 10n, Symbol('x')],
  function named() {},
  () => {},
  async function af() {},
  class Bar extends Foo {},
  new Date(0),
  /re/gi,
  [ , , 1, , ],
  { get g() { return 1; }, set s(v) {}, get gs() { return 1; }, set gs(v) {} },
  new Uint8Array([1, 2, 3]),
  { longString: 'x'.repeat(90) },
  { a: 'aaaaaaaaaaaaaaaaaaaa', b: 'bbbbbbbbbbbbbbbbbbbbbbb', c: 'cccccccccccccccccccc', d: 'dddddddddd' },
  [[1, [2, [3, [4, [5]]]]]],
  { arr: Array.from({ length: 120 }, (_, i) => i) },
  Object.assign([1, 2], { extra: true }),
  [{ a: 1, b: 2 }, { a: 3, b: 4 }],
  new Error('boom').message,
  { n: new Number(3), s: new String('ab') },
  'multi\nline string that is longer than the break length for sure because it keeps on going and going\nend',
];
const out = cases.map((c) => util.inspect(c));
out.push(util.format('%s is %d years and %i, %f, %j %o %O %%, %c.', 'Bob', 42.5, '42.9x', '1.5', { j: 1 }, [1], { O: 1 }, 'css', 'extra', { x: 1 }));
out.push(util.format('100%%'));
out.push(util.format('%s', { a: { b: 1 } }), util.format('%s', new Date(0)), util.format('%s', { toString() { return 'custom'; } }), util.format(1, 'a', { b: 2 }));
out.push(util.inspect({ a: { b: { c: {} } } }, { depth: 0 }), util.inspect({ a: { b: { c: { d: {} } } } }, { depth: null }));
export default Object.fromEntries(out.map((text, i) => [String(i), text]));
"#;

/// Node 20's answers to `PROBE`.
const NODE: &str = r#"{"0":"{ a: 1, b: 'two', c: [ 1, 2, 3 ], d: { e: { f: [Object] } } }","1":"[\n  1, 2, 3, 4,\n  5, 6, 7\n]","2":"[\n   0,  3,  6,  9, 12, 15, 18, 21, 24,\n  27, 30, 33, 36, 39, 42, 45, 48, 51,\n  54, 57, 60, 63, 66, 69, 72, 75, 78,\n  81, 84, 87\n]","3":"[\n  'apple',\n  'banana',\n  'cherry',\n  'date',\n  'elderberry',\n  'fig',\n  'grape',\n  'honeydew'\n]","4":"Map(2) { 'a' => 1, 'b' => { c: 2 } }","5":"Set(3) { 1, 'two', [ 3 ] }","6":"Foo { x: 1, name: 'foo' }","7":"Empty {}","8":"<ref *1> { a: 1, self: [Circular *1] }","9":"[Object: null prototype] {}","10":"{ 'key-with-dash': 1, valid_key: 2, [Symbol(s)]: 3 }","11":"\"it's\"","12":"`say \"hi\" it's`","13":"'line1\\nline2\\ttab\\x01'","14":"[ undefined, null, NaN, -0, 10n, Symbol(x) ]","15":"[Function: named]","16":"[Function (anonymous)]","17":"[AsyncFunction: af]","18":"[class Bar extends Foo]","19":"1970-01-01T00:00:00.000Z","20":"/re/gi","21":"[ <2 empty items>, 1, <1 empty item> ]","22":"{ g: [Getter], s: [Setter], gs: [Getter/Setter] }","23":"Uint8Array(3) [ 1, 2, 3 ]","24":"{\n  longString: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'\n}","25":"{\n  a: 'aaaaaaaaaaaaaaaaaaaa',\n  b: 'bbbbbbbbbbbbbbbbbbbbbbb',\n  c: 'cccccccccccccccccccc',\n  d: 'dddddddddd'\n}","26":"[ [ 1, [ 2, [Array] ] ] ]","27":"{\n  arr: [\n     0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11,\n    12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,\n    24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,\n    36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,\n    48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59,\n    60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71,\n    72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83,\n    84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95,\n    96, 97, 98, 99,\n    ... 20 more items\n  ]\n}","28":"[ 1, 2, extra: true ]","29":"[ { a: 1, b: 2 }, { a: 3, b: 4 } ]","30":"'boom'","31":"{ n: [Number: 3], s: [String: 'ab'] }","32":"'multi\\n' +\n  'line string that is longer than the break length for sure because it keeps on going and going\\n' +\n  'end'","33":"Bob is 42.5 years and 42, 1.5, {\"j\":1} [ 1, [length]: 1 ] { O: 1 } %, . extra { x: 1 }","34":"100%%","35":"{ a: [Object] }","36":"1970-01-01T00:00:00.000Z","37":"custom","38":"1 a { b: 2 }","39":"{ a: [Object] }","40":"{\n  a: { b: { c: { d: {} } } }\n}"}"#;

const CONSOLE: &str = r#"console.table([{ a: 1, b: 'x' }, { a: 22, c: true }]);
console.table({ r1: { x: 1 }, r2: { y: [1,2] } });
console.table([1, 'two', null]);
console.table([[1,2],[3]]);
console.table([{ a: 1, b: 2 }], ['b']);
console.table('not tabular');
console.group('G1'); console.log('inside\nsecond'); console.group(); console.info('deeper'); console.groupEnd(); console.groupEnd(); console.log('out');
console.count(); console.count(); console.count('x'); console.countReset(); console.count();
console.assert(true, 'no'); console.assert(false, 'yes %s', 'fmt'); console.assert(false);
console.log('%s is %d years', 'Bob', 42, 'extra');
console.dir({ a: 1 });
console.log('%s', 'done');
"#;

/// What Node 20 prints for `CONSOLE` (stdout and stderr, in order).
const NODE_CONSOLE: &str = r#"┌─────────┬────┬─────┬──────┐
│ (index) │ a  │ b   │ c    │
├─────────┼────┼─────┼──────┤
│ 0       │ 1  │ 'x' │      │
│ 1       │ 22 │     │ true │
└─────────┴────┴─────┴──────┘
┌─────────┬───┬──────────┐
│ (index) │ x │ y        │
├─────────┼───┼──────────┤
│ r1      │ 1 │          │
│ r2      │   │ [ 1, 2 ] │
└─────────┴───┴──────────┘
┌─────────┬────────┐
│ (index) │ Values │
├─────────┼────────┤
│ 0       │ 1      │
│ 1       │ 'two'  │
│ 2       │ null   │
└─────────┴────────┘
┌─────────┬───┬───┐
│ (index) │ 0 │ 1 │
├─────────┼───┼───┤
│ 0       │ 1 │ 2 │
│ 1       │ 3 │   │
└─────────┴───┴───┘
┌─────────┬───┐
│ (index) │ b │
├─────────┼───┤
│ 0       │ 2 │
└─────────┴───┘
not tabular
G1
  inside
  second
    deeper
out
default: 1
default: 2
x: 1
default: 1
Assertion failed: yes fmt
Assertion failed
Bob is 42 years extra
{ a: 1 }
done
"#;

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fd-inspect-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn values_are_shown_as_node_shows_them() {
    let dir = scratch("values");
    std::fs::write(dir.join("probe.mjs"), PROBE).unwrap();
    js_suite::run_module_as_node(&dir, "probe.mjs", NODE);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn console_methods_print_as_node_prints() {
    let dir = scratch("console");
    std::fs::write(dir.join("console.mjs"), CONSOLE).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "console.mjs"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    // `ferridriver run` names the level of what is not a plain log on stderr.
    let printed = String::from_utf8_lossy(&out.stderr).replace("warn: ", "");
    assert_eq!(printed, NODE_CONSOLE);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Values that are hard to look at: a revoked proxy, a custom inspect answering its own object
/// or using `options.stylize`, prototypes of built-ins and of a class with private fields,
/// sparse and long arrays, a big Map, a long string, built-in constructors, a throwing getter,
/// and `%s`/`%i` edge cases. The console never throws for them.
const ODD: &str = r#"import util from 'util';
const out = [];
const { proxy, revoke } = Proxy.revocable({}, {}); revoke();
const cases = {
  revoked: proxy,
  selfInspect: { a: 1, [Symbol.for('nodejs.util.inspect.custom')]() { return this; } },
  box: new (class Box { constructor(v) { this.v = v; } [util.inspect.custom](depth, options, inspect) { return options.stylize('Box', 'special') + '<' + inspect(this.v, options) + '>'; } })({ x: 1 }),
  protoPrivate: (class P { #x = 1; [util.inspect.custom]() { return this.#x; } }).prototype,
  mapProto: (class M extends Map {}).prototype,
  dateProto: Object.create(Date.prototype),
  sparse: (() => { const a = []; a[500] = 1; return a; })(),
  sparse2: [1, , 3, , , 6],
  bigMap: new Map(Array.from({ length: 105 }, (_, i) => [i, i])),
  longStr: [util.inspect({ s: 'y'.repeat(10005) }).length, util.inspect({ s: 'y'.repeat(10005) }).slice(-40)],
  natives: [Map, Array, Object],
  throwingGetter: Object.defineProperty({}, 'g', { get() { throw new Error('no'); }, enumerable: true }),
};
for (const [k, v] of Object.entries(cases)) { try { out.push([k, util.inspect(v)]); } catch (e) { out.push([k, 'THREW ' + e.message]); } }
const fmt = [() => util.format('%s', Object.create(null)), () => util.format('%s', { toString: 5 }), () => util.format('%i', '0x1F'), () => util.format('%s', proxy)];
for (const f of fmt) { try { out.push(['fmt', f()]); } catch (e) { out.push(['fmt', 'THREW ' + e.message]); } }
console.log(JSON.stringify(out));
console.assert(false, { a: 1 });
console.log(proxy);
"#;

/// What Node 20 prints for `ODD`.
const NODE_ODD: &str = r#"[["revoked","<Revoked Proxy>"],["selfInspect","{\n  a: 1,\n  [Symbol(nodejs.util.inspect.custom)]: [Function: [nodejs.util.inspect.custom]]\n}"],["box","Box<{ x: 1 }>"],["protoPrivate","{}"],["mapProto","Map {}"],["dateProto","Date {}"],["sparse","[ <500 empty items>, 1 ]"],["sparse2","[ 1, <1 empty item>, 3, <2 empty items>, 6 ]"],["bigMap","Map(105) {\n  0 => 0,\n  1 => 1,\n  2 => 2,\n  3 => 3,\n  4 => 4,\n  5 => 5,\n  6 => 6,\n  7 => 7,\n  8 => 8,\n  9 => 9,\n  10 => 10,\n  11 => 11,\n  12 => 12,\n  13 => 13,\n  14 => 14,\n  15 => 15,\n  16 => 16,\n  17 => 17,\n  18 => 18,\n  19 => 19,\n  20 => 20,\n  21 => 21,\n  22 => 22,\n  23 => 23,\n  24 => 24,\n  25 => 25,\n  26 => 26,\n  27 => 27,\n  28 => 28,\n  29 => 29,\n  30 => 30,\n  31 => 31,\n  32 => 32,\n  33 => 33,\n  34 => 34,\n  35 => 35,\n  36 => 36,\n  37 => 37,\n  38 => 38,\n  39 => 39,\n  40 => 40,\n  41 => 41,\n  42 => 42,\n  43 => 43,\n  44 => 44,\n  45 => 45,\n  46 => 46,\n  47 => 47,\n  48 => 48,\n  49 => 49,\n  50 => 50,\n  51 => 51,\n  52 => 52,\n  53 => 53,\n  54 => 54,\n  55 => 55,\n  56 => 56,\n  57 => 57,\n  58 => 58,\n  59 => 59,\n  60 => 60,\n  61 => 61,\n  62 => 62,\n  63 => 63,\n  64 => 64,\n  65 => 65,\n  66 => 66,\n  67 => 67,\n  68 => 68,\n  69 => 69,\n  70 => 70,\n  71 => 71,\n  72 => 72,\n  73 => 73,\n  74 => 74,\n  75 => 75,\n  76 => 76,\n  77 => 77,\n  78 => 78,\n  79 => 79,\n  80 => 80,\n  81 => 81,\n  82 => 82,\n  83 => 83,\n  84 => 84,\n  85 => 85,\n  86 => 86,\n  87 => 87,\n  88 => 88,\n  89 => 89,\n  90 => 90,\n  91 => 91,\n  92 => 92,\n  93 => 93,\n  94 => 94,\n  95 => 95,\n  96 => 96,\n  97 => 97,\n  98 => 98,\n  99 => 99,\n  ... 5 more items\n}"],["longStr","[ 10032, \"yyyyyyyyyyyyyyyy'... 5 more characters\\n}\" ]"],["natives","[ [Function: Map], [Function: Array], [Function: Object] ]"],["throwingGetter","{ g: [Getter] }"],["fmt","[Object: null prototype] {}"],["fmt","{ toString: 5 }"],["fmt","31"],["fmt","<Revoked Proxy>"]]
Assertion failed: [object Object]
<Revoked Proxy>
"#;

#[test]
fn odd_values_never_throw_and_show_as_in_node() {
    let dir = scratch("odd");
    std::fs::write(dir.join("odd.mjs"), ODD).unwrap();
    let out =
        Command::new(env!("CARGO_BIN_EXE_ferridriver")).args(["run", "odd.mjs"]).current_dir(&dir).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let printed = String::from_utf8_lossy(&out.stderr).replace("warn: ", "");
    assert_eq!(printed, NODE_ODD);
    let _ = std::fs::remove_dir_all(&dir);
}
