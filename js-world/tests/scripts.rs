//! Script sessions without a browser: the envelope, error kinds with user positions, console
//! capture, `globalThis` and `vars` across calls and resets, the scoped files, module scripts
//! and what user code must not reach.

use ferridriver_js_world::{
    ErrorKind, HostKind, JsHost, ScriptOutcome, ScriptRequest, ScriptSandbox, ScriptSource, DEFAULT_TIMEOUT,
};
use ferridriver_steps::registry::World;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::Duration;

struct Fixture {
    dir: PathBuf,
    host: JsHost,
    world: World,
    rt: tokio::runtime::Runtime,
}

impl Fixture {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("fd-scripts-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("scripts")).unwrap();
        let sandbox = ScriptSandbox::new(dir.join("scripts"), dir.join("artifacts"));
        let host = JsHost::for_scripts(None, HostKind::Mcp, sandbox, Duration::from_secs(5), Default::default());
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        Fixture { dir, host, world: World::default(), rt }
    }

    fn run(&mut self, request: ScriptRequest) -> ScriptOutcome {
        let Fixture { host, world, rt, .. } = self;
        rt.block_on(host.run_script(world, request))
    }

    fn inline(&mut self, source: &str) -> ScriptOutcome {
        self.run(ScriptRequest::inline(source))
    }

    fn value(&mut self, source: &str) -> Value {
        let out = self.inline(source);
        match out.result {
            Ok(v) => v,
            Err(e) => panic!("{source}: {e:?}"),
        }
    }

    fn error(&mut self, source: &str) -> ferridriver_js_world::ScriptError {
        match self.inline(source).result {
            Ok(v) => panic!("{source}: expected an error, got {v}"),
            Err(e) => e,
        }
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.dir.join("scripts").join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[test]
fn values_console_and_the_envelope() {
    let mut f = Fixture::new("values");
    assert_eq!(f.value("return 1 + 1"), json!(2));
    assert_eq!(
        f.value("await new Promise(r => setTimeout(r, 5)); return { a: [1, 'x'], n: null }"),
        json!({"a": [1, "x"], "n": null})
    );
    assert_eq!(f.value("return undefined"), Value::Null);
    assert_eq!(f.value("return 10n ** 20n"), json!("100000000000000000000"));
    let out = f.inline(
        "console.log('a', { b: 1 }); console.warn('\\x1b[31mred\\x1b[0m'); console.debug('d'); return ferridriver.host",
    );
    assert_eq!(out.result, Ok(json!("mcp")));
    let levels: Vec<(&str, &str)> = out.console.iter().map(|c| (c.level.as_str(), c.message.as_str())).collect();
    assert_eq!(levels, vec![("log", "a { b: 1 }"), ("warn", "red"), ("debug", "d")]);
    let envelope = out.to_json();
    assert_eq!(envelope["status"], "ok");
    assert!(envelope["duration_ms"].is_u64());
    assert_eq!(envelope["console"][0]["level"], "log");
    // Limits: 1000 entries, 8 KiB each.
    let out = f.inline("for (let i = 0; i < 1500; i++) console.log(i); console.error('x'.repeat(20000)); return 1");
    assert_eq!(out.console.len(), 1000);
    assert_eq!(out.console_dropped, 501);
    let out = f.inline("console.log('y'.repeat(20000)); return 1");
    assert!(out.console[0].message.len() < 8300, "{}", out.console[0].message.len());
}

#[test]
fn args_are_a_global_never_spliced_into_source() {
    let mut f = Fixture::new("args");
    let mut request = ScriptRequest::inline("return args[0] + '|' + args.length");
    request.args = json!(["'); throw new Error('injected'); ('", 2]);
    assert_eq!(f.run(request).result, Ok(json!("'); throw new Error('injected'); ('|2")));
    let e = f.error("args.push(1); return args");
    assert_eq!(e.kind, ErrorKind::Runtime, "args are frozen: {e:?}");
}

#[test]
fn errors_name_their_kind_and_the_users_line() {
    let mut f = Fixture::new("errors");
    let e = f.error("const a = 1;\nconst b = 2;\nnull.click();\nreturn a");
    assert_eq!(e.kind, ErrorKind::Runtime);
    assert_eq!(e.line, Some(3), "{e:?}");
    assert!(e.message.contains("TypeError"), "{}", e.message);
    let snippet = e.source_snippet.unwrap();
    assert!(snippet.contains("3: >>> null.click();"), "{snippet}");
    assert!(snippet.starts_with("1: const a = 1;"), "{snippet}");

    let e = f.error("throw new Error('first line')");
    // QuickJS points at the constructor call: `Error` starts at column 11 of the user's line.
    assert_eq!((e.line, e.column), (Some(1), Some(11)), "{e:?}");

    let e = f.error("const x = 1;\nconst y = ;\nreturn x");
    assert_eq!(e.kind, ErrorKind::Syntax, "{e:?}");
    assert_eq!(e.line, Some(2), "{e:?}");

    let e = f.error("return JSON.parse('{')");
    assert_eq!(e.kind, ErrorKind::Runtime, "a SyntaxError at run time is a runtime error: {e:?}");

    let e = f.error("const o = {}; o.self = o; return o");
    assert!(e.message.contains("cycle") || e.message.contains("circular"), "{e:?}");
}

#[test]
fn timeouts_and_memory_reset_globals_but_keep_vars() {
    let mut f = Fixture::new("limits");
    assert_eq!(
        f.value(
            "globalThis.kept = 41; var viaVar = 1; function helper() { return 2 } vars.set('token', 'abc'); return 0"
        ),
        json!(0)
    );
    assert_eq!(f.value("return kept + viaVar + helper() - 1"), json!(43));

    let mut busy = ScriptRequest::inline("console.log('spinning'); while (true) {}");
    busy.timeout = Duration::from_millis(300);
    let out = f.run(busy);
    let e = out.result.clone().unwrap_err();
    assert_eq!(e.kind, ErrorKind::Timeout, "{e:?}");
    assert_eq!(out.console.len(), 1, "console before the timeout is kept: {out:?}");
    assert_eq!(f.value("return [typeof kept, vars.get('token')]"), json!(["undefined", "abc"]));

    let mut waiting = ScriptRequest::inline("globalThis.kept = 1; await new Promise(() => {})");
    waiting.timeout = Duration::from_millis(300);
    assert_eq!(f.run(waiting).result.unwrap_err().kind, ErrorKind::Timeout);
    assert_eq!(f.value("return typeof kept"), json!("undefined"));

    let mut hungry =
        ScriptRequest::inline("globalThis.kept = 1; const a = []; while (true) a.push(new Array(100000).fill(1))");
    hungry.memory_limit_mb = 32;
    hungry.timeout = DEFAULT_TIMEOUT;
    let e = f.run(hungry).result.unwrap_err();
    assert_eq!(e.kind, ErrorKind::MemoryLimit, "{e:?}");
    assert_eq!(f.value("return [typeof kept, vars.get('token'), vars.keys()]"), json!(["undefined", "abc", ["token"]]));
    assert_eq!(
        f.value("vars.delete('token'); return [vars.has('token'), vars.get('token') === undefined]"),
        json!([false, true])
    );
}

#[test]
fn files_stay_inside_their_roots() {
    let mut f = Fixture::new("files");
    f.write("data/in.txt", "hello");
    assert_eq!(f.value("return await fs.readFile('data/in.txt')"), json!("hello"));
    assert_eq!(
        f.value(
            "await fs.writeFile('out/new.txt', 'x'); return [await fs.exists('out/new.txt'), await fs.readdir('out')]"
        ),
        json!([true, ["new.txt"]])
    );
    assert_eq!(
        f.value("await artifacts.write('shots/a.txt', 'A'); await artifacts.writeBytes('b.bin', new Uint8Array([1,2])); return [await artifacts.list(), await artifacts.read('shots/a.txt'), (await artifacts.readBytes('b.bin')).length]"),
        json!([["b.bin", "shots/a.txt"], "A", 2])
    );
    assert_eq!(std::fs::read_to_string(f.dir.join("artifacts/shots/a.txt")).unwrap(), "A");
    for hostile in [
        "return await fs.readFile('/etc/passwd')",
        "return await fs.readFile('../../../etc/passwd')",
        "return await fs.writeFile('../escape.txt', 'x')",
        "return await artifacts.write('../../escape.txt', 'x')",
        "return await artifacts.read('/etc/hostname')",
    ] {
        let e = f.error(hostile);
        assert_eq!(e.kind, ErrorKind::SandboxViolation, "{hostile}: {e:?}");
    }
    std::os::unix::fs::symlink("/etc", f.dir.join("scripts/etc-link")).unwrap();
    let e = f.error("return await fs.readFile('etc-link/hostname')");
    assert_eq!(e.kind, ErrorKind::SandboxViolation, "{e:?}");
    assert!(!f.dir.join("escape.txt").exists());
    // A missing file is an ordinary error, not a violation.
    assert_eq!(f.error("return await fs.readFile('nope.txt')").kind, ErrorKind::Runtime);
}

#[test]
fn internals_are_out_of_reach() {
    let mut f = Fixture::new("natives");
    assert_eq!(
        f.value("return ['__ferridriver_native', '__ferridriver', '__ferridriver_playwright', '__ferridriver_console'].map(n => typeof globalThis[n])"),
        json!(["undefined", "undefined", "undefined", "undefined"])
    );
    assert_eq!(f.value("return Object.getOwnPropertyNames(globalThis).filter(n => n.startsWith('__ferridriver') && n !== '__ferridriver_modules')"), json!([]));
    assert_eq!(f.value("return typeof std + typeof os"), json!("undefinedundefined"));
}

#[test]
fn module_scripts_are_bundled_inside_script_root() {
    let mut f = Fixture::new("modules");
    f.write("lib/math.ts", "export const double = (n: number): number => n * 2;\n");
    f.write(
        "task.ts",
        "import { double } from './lib/math';\nconst input: number = args[0];\nexport default double(input);\n",
    );
    let mut request = ScriptRequest::inline("");
    request.source = ScriptSource::File("task.ts".into());
    request.args = json!([21]);
    assert_eq!(f.run(request).result, Ok(json!(42)));

    f.write("fails.ts", "const a: number = 1;\n\nexport default (() => { throw new Error('boom ' + a) })();\n");
    let mut request = ScriptRequest::inline("");
    request.source = ScriptSource::File("fails.ts".into());
    let e = f.run(request).result.unwrap_err();
    assert_eq!(e.kind, ErrorKind::Runtime);
    assert_eq!((e.file.as_deref(), e.line), (Some("fails.ts"), Some(3)), "{e:?}");
    assert!(e.source_snippet.unwrap().contains("3: >>> export default"));

    let e = f.error("import _ from 'lodash';\nexport default 1;");
    assert_eq!(e.kind, ErrorKind::Syntax, "{e:?}");
    assert!(e.message.contains("bare specifiers"), "{}", e.message);
    assert_eq!(f.value("import { double } from './lib/math.ts';\nexport default double(4);"), json!(8));

    // Each file's `import.meta` is its own, as under Node; inline source is `eval_script.mjs`.
    f.write("lib/where.ts", "export const where = [import.meta.url, import.meta.dirname, import.meta.filename];\n");
    f.write("meta.ts", "import { where } from './lib/where';\nexport default [import.meta.url, where];\n");
    let mut request = ScriptRequest::inline("");
    request.source = ScriptSource::File("meta.ts".into());
    let root = f.dir.join("scripts").canonicalize().unwrap();
    let (lib, lib_dir) = (root.join("lib/where.ts"), root.join("lib"));
    assert_eq!(
        f.run(request).result,
        Ok(json!([
            format!("file://{}", root.join("meta.ts").display()),
            [format!("file://{}", lib.display()), lib_dir.display().to_string(), lib.display().to_string()]
        ]))
    );
    assert_eq!(
        f.value("export default import.meta.url"),
        json!(format!("file://{}", root.join("eval_script.mjs").display()))
    );

    let mut outside = ScriptRequest::inline("");
    outside.source = ScriptSource::File("../../etc/passwd.js".into());
    assert_eq!(f.run(outside).result.unwrap_err().kind, ErrorKind::SandboxViolation);
}

#[test]
fn a_script_session_refuses_a_world_whose_browser_lacks_its_file_gate() {
    // The World here was made without the session's `file:` gate (BrowserLease::new): the
    // session must refuse its browser before anything is launched or opened.
    let mut f = Fixture::new("ungated");
    let e = f.error("await page.goto('about:blank')");
    assert!(e.message.contains("no file gate"), "{e:?}");
    assert!(f.world.browser().current().is_none(), "nothing was opened");
}
