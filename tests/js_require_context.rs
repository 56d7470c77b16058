//! How packages are resolved and loaded, as Node does: a `require` whose name is computed from
//! a folder the code names (`require(path.join(__dirname, 'lib', name))`, `` `./lib/${name}` ``,
//! `'./lib/' + name + '.js'` — istanbul-reports finds its reporters so) loads the files of that
//! folder, bundled beforehand (require_context.rs), as the same modules a literal `require` gives;
//! a name that is not there is Node's `MODULE_NOT_FOUND`. A package's `exports` hand a `require`
//! its `require` build and an `import` its `import` build (a CommonJS object with a setter stays
//! one, also where the map lists the bundlers' `module` first), and `main` wins over `module`,
//! which Node never reads. Node 20's answers are recorded.

#[path = "common/js_suite.rs"]
mod js_suite;

/// The packages (under `node_modules/`) and the CommonJS file the probe uses.
const FILES: &[(&str, &str)] = &[
    (
        "node_modules/dual/cjs.js",
        r#"let flag = 'unset';
module.exports = { kind: 'cjs', get flag() { return flag; }, set flag(v) { flag = v; } };
"#,
    ),
    (
        "node_modules/dual/esm.mjs",
        r#"export const kind = 'esm';
export default { kind: 'esm default' };
"#,
    ),
    (
        "node_modules/dual/package.json",
        r#"{"name": "dual", "exports": {".": {"types": "./x.d.ts", "import": "./esm.mjs", "require": "./cjs.js", "default": "./cjs.js"}}}"#,
    ),
    (
        "node_modules/mainmod/main.js",
        r#"module.exports = { kind: 'main' };
"#,
    ),
    (
        "node_modules/mainmod/module.mjs",
        r#"export default { kind: 'module' };
"#,
    ),
    ("node_modules/mainmod/package.json", r#"{"name": "mainmod", "main": "main.js", "module": "module.mjs"}"#),
    (
        "node_modules/modfirst/cjs.js",
        r#"module.exports = { kind: 'cjs' };
"#,
    ),
    (
        "node_modules/modfirst/esm.mjs",
        r#"export const kind = 'esm';
export default { kind: 'esm default' };
"#,
    ),
    (
        "node_modules/modfirst/package.json",
        r#"{"name":"modfirst","exports":{".":{"module":"./esm.mjs","import":"./esm.mjs","default":"./cjs.js"}}}
"#,
    ),
    (
        "node_modules/reporters/index.js",
        r#"const path = require('path');
const shared = require('./lib/shared');
function load(name) {
  try {
    return require(path.join(__dirname, 'lib', name));
  } catch (e) {
    if (e.code !== 'MODULE_NOT_FOUND') throw e;
    return 'not found: ' + e.code;
  }
}
module.exports = {
  shared,
  load,
  create: (name) => new (load(name))().name,
  viaTemplate: (name) => require(`./lib/${name}`),
  viaSum: (name) => require('./lib/' + name + '.js'),
  resolve: (name) => path.relative(__dirname, require.resolve(path.join(__dirname, 'lib', name))),
};
"#,
    ),
    ("node_modules/reporters/lib/data.json", r#"{"kind": "json"}"#),
    (
        "node_modules/reporters/lib/html/main.js",
        r#"const shared = require('../shared');
module.exports = class Html { constructor() { shared.created += 10; } get name() { return 'html'; } };
"#,
    ),
    ("node_modules/reporters/lib/html/package.json", r#"{"main": "./main"}"#),
    (
        "node_modules/reporters/lib/plain.js",
        r#"module.exports = { kind: 'plain' };
"#,
    ),
    (
        "node_modules/reporters/lib/shared.js",
        r#"module.exports = { created: 0 };
"#,
    ),
    (
        "node_modules/reporters/lib/text/index.js",
        r#"const shared = require('../shared');
module.exports = class Text { constructor() { shared.created += 1; } get name() { return 'text'; } };
"#,
    ),
    ("node_modules/reporters/package.json", r#"{"name": "reporters", "main": "index.js"}"#),
    (
        "req.cjs",
        r#"const dual = require('dual');
dual.flag = 'set';
module.exports = { dual: dual.kind, flag: dual.flag, mainmod: require('mainmod').kind, modfirst: require('modfirst').kind };
"#,
    ),
];

const PROBE: &str = r#"import reporters from 'reporters';
import dual, { kind as dualKind } from 'dual';
import mainmod from 'mainmod';
import modfirst from 'modfirst';
import required from './req.cjs';
const out = {};
const attempt = (name, f) => { try { out[name] = f(); } catch (e) { out[name] = 'THREW ' + (e.code || e.name); } };
attempt('text', () => reporters.create('text'));
attempt('html', () => reporters.create('html'));
attempt('sharedInstance', () => reporters.shared.created);
attempt('missing', () => reporters.load('nope'));
attempt('json', () => reporters.load('data.json').kind);
attempt('jsonNoExt', () => reporters.load('data').kind);
attempt('plain', () => reporters.load('plain').kind);
attempt('sameModule', () => reporters.load('text') === reporters.load('text/index.js'));
attempt('template', () => reporters.viaTemplate('plain').kind);
attempt('sum', () => reporters.viaSum('plain').kind);
attempt('sumMissing', () => reporters.viaSum('gone'));
attempt('resolve', () => reporters.resolve('html'));
attempt('importDual', () => [dual.kind, dualKind]);
attempt('requireDual', () => [required.dual, required.flag]);
attempt('mainField', () => [mainmod.kind, required.mainmod]);
attempt('moduleCondition', () => [modfirst.kind, required.modfirst]);
export default out;
"#;

const STEPS: &str = r#"import { When } from '@cucumber/cucumber';
import fs from 'fs';
import answers from '../probe.mjs';
When('the packages load', function () {
  fs.writeFileSync('answers.json', JSON.stringify(answers));
});
"#;

/// Node 20's answers to `PROBE`.
const NODE: &str = r#"{"text":"text","html":"html","sharedInstance":11,"missing":"not found: MODULE_NOT_FOUND","json":"json","jsonNoExt":"json","plain":"plain","sameModule":true,"template":"plain","sum":"plain","sumMissing":"THREW MODULE_NOT_FOUND","resolve":"lib/html/main.js","importDual":["esm default","esm"],"requireDual":["cjs","set"],"mainField":["main","main"],"moduleCondition":["esm default","cjs"]}"#;

#[test]
fn computed_requires_and_package_builds_load_as_in_node() {
    let dir = js_suite::project_dir("require-context");
    js_suite::write_files(&dir, FILES);
    js_suite::write_files(
        &dir,
        &[
            ("probe.mjs", PROBE),
            ("steps/probe_steps.mjs", STEPS),
            ("features/probe.feature", "Feature: packages\n  Scenario: load\n    When the packages load\n"),
            ("ferridriver.toml", "[test]\nsteps = [\"steps/**/*.mjs\"]\n"),
        ],
    );
    js_suite::run_probe_as_node(&dir, NODE);
    let _ = std::fs::remove_dir_all(&dir);
}
