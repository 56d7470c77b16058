//! `node:vm` and `node:v8` as packages use them to load (monocart-coverage-reports takes `gc`
//! with `v8.setFlagsFromString('--expose_gc')` + `vm.runInNewContext('gc')`), and
//! `process.memoryUsage()`/`uptime()`: Node 20's answers to the same module are recorded below.
//! Where ours differs by design (QuickJS has one realm; js/node_vm.js) it is checked on its own.

#[path = "common/js_suite.rs"]
mod js_suite;

const PROBE: &str = r#"import vm from 'vm';
import v8 from 'v8';
import { runInNewContext as direct } from 'node:vm';
const out = {};
const attempt = (name, f) => { try { const v = f(); out[name] = typeof v === 'function' ? 'function ' + v.name : v === undefined ? 'undefined' : v; } catch (e) { out[name] = 'THREW ' + e.name + (e.code ? ' ' + e.code : ''); } };
attempt('thisContext', () => vm.runInThisContext('1 + 2'));
attempt('thisContextGlobal', () => vm.runInThisContext('typeof globalThis.JSON'));
attempt('newContextSandbox', () => vm.runInNewContext('a + b', { a: 2, b: 3 }));
attempt('namedImport', () => direct('x * 3', { x: 7 }));
attempt('newContextAssign', () => { const s = { n: 1 }; vm.runInNewContext('n = n * 10; m = 5', s); return JSON.stringify(s); });
attempt('newContextBuiltins', () => vm.runInNewContext('JSON.stringify([Math.max(1, 2), typeof Array, typeof Promise])'));
attempt('noProcess', () => vm.runInNewContext('typeof process'));
attempt('noRequire', () => vm.runInNewContext('typeof require'));
attempt('noModule', () => vm.runInNewContext('typeof module + typeof define'));
attempt('createContext', () => { const c = vm.createContext({ x: 1 }); return [vm.isContext(c), vm.isContext({}), vm.runInContext('x += 1; x', c), c.x].join(','); });
attempt('notAContext', () => vm.runInContext('1', {}));
attempt('script', () => { const s = new vm.Script('k * 2'); return [s.runInNewContext({ k: 4 }), s.runInNewContext({ k: 5 })].join(','); });
attempt('scriptThis', () => new vm.Script('"ran"').runInThisContext());
attempt('syntaxError', () => new vm.Script('var = ;'));
attempt('runtimeError', () => vm.runInNewContext('null.x'));
attempt('compileFunction', () => vm.compileFunction('return a + b', ['a', 'b'])(2, 5));
attempt('functionDeclaration', () => vm.runInNewContext('function f(n) { return n + 1; } var k = 2; f(k)'));
attempt('thisValue', () => vm.runInNewContext('this.q', { q: 'qq' }));
attempt('globalThisIsContext', () => { const c = { z: 9 }; return vm.runInNewContext('globalThis.z', c); });
attempt('isContextThrows', () => vm.isContext(1));
attempt('gcBefore', () => typeof globalThis.gc);
attempt('setFlags', () => v8.setFlagsFromString('--expose_gc'));
attempt('gcNewContext', () => typeof vm.runInNewContext('gc'));
attempt('gcCall', () => vm.runInNewContext('gc')());
attempt('gcStillNotGlobal', () => typeof globalThis.gc);
attempt('setFlagsType', () => v8.setFlagsFromString(1));
attempt('memory', () => { const m = process.memoryUsage(); return Object.keys(m).join(',') + ':' + Object.values(m).every((v) => Number.isInteger(v) && v >= 0) + ':' + (m.heapUsed <= m.heapTotal) + ':' + typeof process.memoryUsage.rss(); });
attempt('uptime', () => typeof process.uptime());
export default out;
"#;

/// Node 20's answers to `PROBE`.
const NODE: &str = r#"{"thisContext":3,"thisContextGlobal":"object","newContextSandbox":5,"namedImport":21,"newContextAssign":"{\"n\":10,\"m\":5}","newContextBuiltins":"[2,\"function\",\"function\"]","noProcess":"undefined","noRequire":"undefined","noModule":"undefinedundefined","createContext":"true,false,2,2","notAContext":"THREW TypeError ERR_INVALID_ARG_TYPE","script":"8,10","scriptThis":"ran","syntaxError":"THREW SyntaxError","runtimeError":"THREW TypeError","compileFunction":7,"functionDeclaration":3,"thisValue":"qq","globalThisIsContext":9,"isContextThrows":"THREW TypeError ERR_INVALID_ARG_TYPE","gcBefore":"undefined","setFlags":"undefined","gcNewContext":"function","gcCall":"undefined","gcStillNotGlobal":"undefined","setFlagsType":"THREW TypeError ERR_INVALID_ARG_TYPE","memory":"rss,heapTotal,heapUsed,external,arrayBuffers:true:true:number","uptime":"number"}"#;

#[test]
fn vm_and_v8_answer_as_node_does() {
    let dir = js_suite::project_dir("node-vm");
    std::fs::write(dir.join("probe.mjs"), PROBE).unwrap();
    js_suite::run_module_as_node(&dir, "probe.mjs", NODE);
    let _ = std::fs::remove_dir_all(&dir);
}

/// What QuickJS's one realm answers differently, and what V8 alone could answer.
const OURS_ONLY: &str = r#"import vm from 'vm';
import v8 from 'v8';
const out = {};
const attempt = (name, f) => { try { out[name] = f(); } catch (e) { out[name] = 'THREW ' + (e.code || e.name) + ': ' + e.message; } };
attempt('undeclared', () => String(vm.runInNewContext('nope')));
attempt('heap', () => v8.getHeapStatistics());
attempt('serialize', () => v8.serialize({}));
attempt('noEscape', () => vm.runInNewContext('typeof __ferridriver_native + typeof __ferridriver_modules'));
export default out;
"#;

#[test]
fn what_v8_alone_answers_says_so_and_a_context_sees_no_internals() {
    let dir = js_suite::project_dir("node-vm-ours");
    std::fs::write(dir.join("ours.mjs"), OURS_ONLY).unwrap();
    let ours = js_suite::run_module_as_node(&dir, "ours.mjs", "{}");
    // Node throws a ReferenceError; a proxy cannot tell a read from `typeof name`.
    assert_eq!(ours["undeclared"], "undefined");
    let unsupported = "THREW ERR_FERRIDRIVER_UNSUPPORTED: ";
    assert_eq!(
        ours["heap"],
        format!("{unsupported}v8.getHeapStatistics() is not supported by ferridriver: QuickJS runs the steps, not V8")
    );
    assert!(ours["serialize"].as_str().unwrap().starts_with(unsupported), "{ours}");
    assert_eq!(ours["noEscape"], "undefinedundefined", "the steps' internals are not a context's globals");
    let _ = std::fs::remove_dir_all(&dir);
}
