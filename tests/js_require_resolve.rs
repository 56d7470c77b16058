//! `require.resolve('name')` as Node answers it: a file inside a package, a package's `main`,
//! its `exports` map's `require` condition, a relative file, a built-in's own name, and Node's
//! `MODULE_NOT_FOUND` when the call runs for a package that is not installed; and `require`
//! of a name computed at run time: a JSON file (parsed once), a built-in, `require.resolve` of
//! it, a missing one. Node 20's answers to the same probe are recorded below; code named at run
//! time is the one difference (bundled ahead of time, it cannot load: a clear error).

#[path = "common/js_suite.rs"]
mod js_suite;

const PROBE: &str = r#"const fs = require('fs');
const path = require('path');
function probe() {
  const rel = (p) => path.relative(process.cwd(), p);
  const out = {};
  const file = require.resolve('fake-lib/data/file.txt');
  out.file = [rel(file), fs.readFileSync(file, 'utf8')];
  out.main = rel(require.resolve('fake-lib'));
  out.exportsRequire = rel(require.resolve('fake-exports'));
  out.pkg = rel(require.resolve('fake-exports/package.json'));
  out.relative = rel(require.resolve('./helper.cjs'));
  out.builtin = [require.resolve('fs'), require.resolve('node:path')];
  try { require.resolve('not-installed-pkg'); out.missing = 'resolved'; } catch (e) { out.missing = [e.code, e.message.split('\n')[0]]; }
  const env = ['stag', 'ing'].join('');
  const data = require(`../data/${env}.json`);
  out.computedJson = [data.name, data.users.length, data === require('../data/' + env + '.json'), data === require(`../data/${env}`)];
  out.computedBuiltin = typeof require(['f', 's'].join('')).readFileSync;
  out.computedResolve = rel(require.resolve(`../data/${env}.json`));
  try { require(`../data/${env}-missing.json`); out.computedMissing = 'loaded'; } catch (e) { out.computedMissing = [e.code, e.message.split('\n')[0]]; }
  try { out.computedCode = require(['./helper', 'cjs'].join('.')); } catch (e) { out.computedCode = e.code; }
  return out;
}
module.exports = { probe };
"#;

const STEPS: &str = r#"import { When } from '@cucumber/cucumber'
import fs from 'fs'
const { probe } = require('../lib/probe.cjs')
When('the probe runs', function () {
  fs.writeFileSync('answers.json', JSON.stringify(probe()))
})
"#;

/// Node 20's answers to `PROBE`.
const NODE: &str = r#"{"file":["node_modules/fake-lib/data/file.txt","bundled data\n"],"main":"node_modules/fake-lib/main.js","exportsRequire":"node_modules/fake-exports/dist/index.cjs","pkg":"node_modules/fake-exports/package.json","relative":"lib/helper.cjs","builtin":["fs","node:path"],"missing":["MODULE_NOT_FOUND","Cannot find module 'not-installed-pkg'"],"computedJson":["staging",2,true,true],"computedBuiltin":"function","computedResolve":"data/staging.json","computedMissing":["MODULE_NOT_FOUND","Cannot find module '../data/staging-missing.json'"]}"#;

#[test]
fn require_resolve_answers_as_node() {
    let dir = js_suite::project_dir("require-resolve");
    js_suite::write_files(
        &dir,
        &[
            ("node_modules/fake-lib/package.json", r#"{ "name": "fake-lib", "version": "1.0.0", "main": "main.js" }"#),
            ("node_modules/fake-lib/main.js", "module.exports = { name: 'fake-lib' };\n"),
            ("node_modules/fake-lib/data/file.txt", "bundled data\n"),
            (
                "node_modules/fake-exports/package.json",
                r#"{ "name": "fake-exports", "version": "1.0.0", "exports": { ".": { "require": "./dist/index.cjs", "import": "./dist/index.mjs" }, "./package.json": "./package.json" } }"#,
            ),
            ("node_modules/fake-exports/dist/index.cjs", "module.exports = 'cjs';\n"),
            ("node_modules/fake-exports/dist/index.mjs", "export default 'esm';\n"),
            ("lib/helper.cjs", "module.exports = 1;\n"),
            ("data/staging.json", "{ \"name\": \"staging\", \"users\": [1, 2] }\n"),
            ("lib/probe.cjs", PROBE),
            ("steps/probe.steps.ts", STEPS),
            ("features/probe.feature", "Feature: Probe\n\n  Scenario: Probe\n    When the probe runs\n"),
        ],
    );
    let ours = js_suite::run_probe_as_node(&dir, NODE);
    // Node loads the code (it answers 1); ours says why it cannot.
    assert_eq!(ours["computedCode"], "ERR_FERRIDRIVER_DYNAMIC_REQUIRE");
    let _ = std::fs::remove_dir_all(&dir);
}
