//! `node:child_process` for the project's test code (ADR 0036). Each of Node's six calls,
//! their results, errors and events, compared with Node 20's answers recorded from the same
//! module (`node probe.mjs`); then what a suite meets: a program `[scripting] allowCommands`
//! does not list, a line that needs a shell, the `safe` profile, a step that times out inside
//! `execSync`, a server a suite never stopped, and the audit log of each decision.

#[path = "common/js_suite.rs"]
mod js_suite;

const CONFIG: &str = "[scripting]\nallowCommands = [\"echo\", \"sh\", \"printf\", \"cat\", \"false\", \"sleep\", \"nosuchprog-fd\", \"env\", \"pwd\", \"ls\", \"true\"]\nallowEnv = [\"HOME\"]\n";

const PROBE: &str = r##"import { execSync, execFileSync, spawnSync, exec, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
const out = {};
const attempt = async (name, f) => { try { out[name] = await f(); } catch (e) { out[name] = { threw: e.name, message: e.message, code: e.code ?? null, status: e.status ?? null, signal: e.signal ?? null, stdout: e.stdout === undefined ? 'undefined' : String(e.stdout), stderr: e.stderr === undefined ? 'undefined' : String(e.stderr), syscall: e.syscall ?? null }; } };
const shape = (r) => ({ status: r.status, signal: r.signal, stdout: r.stdout === null ? null : String(r.stdout), stderr: r.stderr === null ? null : String(r.stderr), isBuffer: Buffer.isBuffer(r.stdout), error: r.error ? { message: r.error.message, code: r.error.code, errno: r.error.errno, syscall: r.error.syscall, path: r.error.path, spawnargs: r.error.spawnargs } : null, output0: r.output && r.output[0] });
await attempt('execSyncBuffer', () => { const b = execSync('echo hello world'); return [Buffer.isBuffer(b), b.toString()]; });
await attempt('execSyncUtf8', () => execSync("printf '%s|' 'a b' \"c\\\"d\"", { encoding: 'utf8' }));
await attempt('execSyncInput', () => execSync('cat', { input: 'from stdin', encoding: 'utf8' }));
await attempt('execSyncFails', () => execSync('sh -c "echo out; echo bad >&2; exit 3"', { stdio: 'pipe' }));
await attempt('execSyncNotFound', () => execSync('nosuchprog-fd --x', { stdio: 'pipe' }));
await attempt('execSyncCwd', () => execSync('pwd', { cwd: 'sub', encoding: 'utf8' }).trim().split('/').pop());
await attempt('execSyncEnv', () => execSync('env', { env: { FD_X: '1', PATH: process.env.PATH }, encoding: 'utf8' }).split('\n').filter((l) => l.startsWith('FD_')));
await attempt('execSyncTimeout', () => execSync('sleep 5', { timeout: 200, stdio: 'pipe' }));
await attempt('execFileSync', () => execFileSync('echo', ['a  b', '$HOME;'], { encoding: 'utf8' }));
await attempt('execFileSyncFails', () => execFileSync('false'));
await attempt('spawnSync', () => shape(spawnSync('sh', ['-c', 'echo o; echo e >&2; exit 2'], { encoding: 'utf8' })));
await attempt('spawnSyncBuffers', () => shape(spawnSync('echo', ['x'])));
await attempt('spawnSyncENOENT', () => shape(spawnSync('nosuchprog-fd', ['a'])));
await attempt('spawnSyncMaxBuffer', () => { const r = shape(spawnSync('sh', ['-c', 'printf 1234567890; sleep 1'], { maxBuffer: 4, encoding: 'utf8' })); return { ...r, signal: r.signal }; });
await attempt('exec', () => new Promise((res) => exec('echo hi', (e, stdout, stderr) => res([e, stdout, stderr]))));
await attempt('execFails', () => new Promise((res) => exec('sh -c "echo x >&2; exit 4"', (e, stdout, stderr) => res([e && { message: e.message, code: e.code, killed: e.killed, signal: e.signal, cmd: e.cmd }, stdout, stderr]))));
await attempt('execNotFound', () => new Promise((res) => exec('nosuchprog-fd', (e, stdout, stderr) => res([e && { message: e.message, code: e.code }, stdout, stderr]))));
await attempt('execPromisified', () => promisify(exec)('echo p'));
await attempt('execPromisifiedFails', () => promisify(exec)('false'));
await attempt('execFile', () => new Promise((res) => execFile('echo', ['f', 'g'], (e, stdout) => res([e, stdout]))));
await attempt('execFileBuffer', () => new Promise((res) => execFile('echo', ['b'], { encoding: 'buffer' }, (e, stdout) => res([Buffer.isBuffer(stdout), String(stdout)]))));
await attempt('execTimeout', () => new Promise((res) => exec('sleep 5', { timeout: 200 }, (e) => res({ killed: e.killed, signal: e.signal, code: e.code }))));
await attempt('spawnEvents', () => new Promise((res) => {
  const seen = []; const c = spawn('sh', ['-c', 'echo one; sleep 0.1; echo two >&2; exit 5']);
  c.on('spawn', () => seen.push('spawn'));
  c.stdout.on('data', (d) => seen.push('out:' + String(d).trim()));
  c.stderr.on('data', (d) => seen.push('err:' + String(d).trim()));
  c.stdout.on('end', () => seen.push('stdout end'));
  c.on('exit', (code, sig) => seen.push(`exit ${code} ${sig}`));
  c.on('close', (code, sig) => { seen.push(`close ${code} ${sig}`); res([typeof c.pid, c.exitCode, seen]); });
}));
await attempt('spawnStdin', () => new Promise((res) => {
  const c = spawn('cat'); let got = '';
  c.stdout.setEncoding('utf8'); c.stdout.on('data', (d) => { got += d; });
  c.on('close', (code) => res([code, got]));
  c.stdin.write('abc'); c.stdin.end('def');
}));
await attempt('spawnKill', () => new Promise((res) => {
  const c = spawn('sleep', ['5']);
  c.on('exit', (code, sig) => res([code, sig, c.killed, c.signalCode]));
  setTimeout(() => c.kill(), 100);
}));
await attempt('spawnENOENT', () => new Promise((res) => {
  const c = spawn('nosuchprog-fd', ['z']);
  c.on('error', (e) => res({ message: e.message, code: e.code, errno: e.errno, syscall: e.syscall, path: e.path, spawnargs: e.spawnargs }));
}));
await attempt('spawnShell', () => new Promise((res) => {
  const c = spawn('echo', ['"a  b"'], { shell: true }); let got = '';
  c.stdout.on('data', (d) => { got += d; }); c.on('close', () => res(got));
}));
await attempt('spawnInherit', () => new Promise((res) => { const c = spawn('true', { stdio: 'ignore' }); c.on('close', (code) => res([code, c.stdout])); }));
await attempt('execSyncNoCwd', () => execSync('pwd', { cwd: 'nope', stdio: 'pipe' }));
await attempt('spawnENOENTClose', () => new Promise((res) => {
  const c = spawn('nosuchprog-fd'); c.on('error', () => {});
  c.on('close', (code, sig) => res([code, sig, c.exitCode]));
}));
await attempt('execMissingSpawns', () => new Promise((res) => {
  let spawned = false; const c = exec('nosuchprog-fd', (e) => res([spawned, e && e.code]));
  c.on('spawn', () => { spawned = true; });
}));
await attempt('killUnknown', () => { const c = spawn('sleep', ['1']); try { c.kill('SIGFOO'); return 'no throw'; } catch (e) { c.kill(); return [e.name, e.code, e.message]; } });
await attempt('spawnArgsString', () => spawn('ls', 'x'));
await attempt('execNumber', () => exec(123));
await attempt('timeoutInfinity', () => execSync('echo x', { timeout: Infinity, encoding: 'utf8' }));
await attempt('nullByteArg', () => execFileSync('echo', ['a\u0000b']));
await attempt('backgroundHoldsOutput', () => shape(spawnSync('sh', ['-c', 'sleep 600.3 & echo started'], { timeout: 300, encoding: 'utf8' })));
await attempt('badFile', () => execFileSync(42));
await attempt('emptyFile', () => spawnSync(''));
export default out;
"##;

/// `node probe.mjs` with Node 20.19 on Debian (its `/bin/sh` is dash).
const NODE: &str = r##"{"execSyncBuffer":[true,"hello world\n"],"execSyncUtf8":"a b|c\"d|","execSyncInput":"from stdin","execSyncFails":{"threw":"Error","message":"Command failed: sh -c \"echo out; echo bad >&2; exit 3\"\nbad\n","code":null,"status":3,"signal":null,"stdout":"out\n","stderr":"bad\n","syscall":null},"execSyncNotFound":{"threw":"Error","message":"Command failed: nosuchprog-fd --x\n/bin/sh: 1: nosuchprog-fd: not found\n","code":null,"status":127,"signal":null,"stdout":"","stderr":"/bin/sh: 1: nosuchprog-fd: not found\n","syscall":null},"execSyncCwd":"sub","execSyncEnv":["FD_X=1"],"execSyncTimeout":{"threw":"Error","message":"spawnSync /bin/sh ETIMEDOUT","code":"ETIMEDOUT","status":null,"signal":"SIGTERM","stdout":"","stderr":"","syscall":"spawnSync /bin/sh"},"execFileSync":"a  b $HOME;\n","execFileSyncFails":{"threw":"Error","message":"Command failed: false","code":null,"status":1,"signal":null,"stdout":"","stderr":"","syscall":null},"spawnSync":{"status":2,"signal":null,"stdout":"o\n","stderr":"e\n","isBuffer":false,"error":null,"output0":null},"spawnSyncBuffers":{"status":0,"signal":null,"stdout":"x\n","stderr":"","isBuffer":true,"error":null,"output0":null},"spawnSyncENOENT":{"status":null,"signal":null,"stdout":null,"stderr":null,"isBuffer":false,"error":{"message":"spawnSync nosuchprog-fd ENOENT","code":"ENOENT","errno":-2,"syscall":"spawnSync nosuchprog-fd","path":"nosuchprog-fd","spawnargs":["a"]},"output0":null},"spawnSyncMaxBuffer":{"status":null,"signal":"SIGTERM","stdout":"1234567890","stderr":"","isBuffer":false,"error":{"message":"spawnSync sh ENOBUFS","code":"ENOBUFS","errno":-105,"syscall":"spawnSync sh","path":"sh","spawnargs":["-c","printf 1234567890; sleep 1"]},"output0":null},"exec":[null,"hi\n",""],"execFails":[{"message":"Command failed: sh -c \"echo x >&2; exit 4\"\nx\n","code":4,"killed":false,"signal":null,"cmd":"sh -c \"echo x >&2; exit 4\""},"","x\n"],"execNotFound":[{"message":"Command failed: nosuchprog-fd\n/bin/sh: 1: nosuchprog-fd: not found\n","code":127},"","/bin/sh: 1: nosuchprog-fd: not found\n"],"execPromisified":{"stdout":"p\n","stderr":""},"execPromisifiedFails":{"threw":"Error","message":"Command failed: false\n","code":1,"status":null,"signal":null,"stdout":"","stderr":"","syscall":null},"execFile":[null,"f g\n"],"execFileBuffer":[true,"b\n"],"execTimeout":{"killed":true,"signal":"SIGTERM","code":null},"spawnEvents":["number",5,["spawn","out:one","err:two","stdout end","exit 5 null","close 5 null"]],"spawnStdin":[0,"abcdef"],"spawnKill":[null,"SIGTERM",true,"SIGTERM"],"spawnENOENT":{"message":"spawn nosuchprog-fd ENOENT","code":"ENOENT","errno":-2,"syscall":"spawn nosuchprog-fd","path":"nosuchprog-fd","spawnargs":["z"]},"spawnShell":"a  b\n","spawnInherit":[0,null],"execSyncNoCwd":{"threw":"Error","message":"spawnSync /bin/sh ENOENT","code":"ENOENT","status":null,"signal":null,"stdout":"null","stderr":"null","syscall":"spawnSync /bin/sh"},"spawnENOENTClose":[-2,null,-2],"execMissingSpawns":[true,127],"killUnknown":["TypeError","ERR_UNKNOWN_SIGNAL","Unknown signal: SIGFOO"],"spawnArgsString":{"threw":"TypeError","message":"The \"args\" argument must be of type object. Received type string ('x')","code":"ERR_INVALID_ARG_TYPE","status":null,"signal":null,"stdout":"undefined","stderr":"undefined","syscall":null},"execNumber":{"threw":"TypeError","message":"The \"command\" argument must be of type string. Received type number (123)","code":"ERR_INVALID_ARG_TYPE","status":null,"signal":null,"stdout":"undefined","stderr":"undefined","syscall":null},"timeoutInfinity":{"threw":"RangeError","message":"The value of \"timeout\" is out of range. It must be an unsigned integer. Received Infinity","code":"ERR_OUT_OF_RANGE","status":null,"signal":null,"stdout":"undefined","stderr":"undefined","syscall":null},"nullByteArg":{"threw":"TypeError","message":"The argument 'args[0]' must be a string without null bytes. Received 'a\\x00b'","code":"ERR_INVALID_ARG_VALUE","status":null,"signal":null,"stdout":"undefined","stderr":"undefined","syscall":null},"backgroundHoldsOutput":{"status":0,"signal":null,"stdout":"started\n","stderr":"","isBuffer":false,"error":{"message":"spawnSync sh ETIMEDOUT","code":"ETIMEDOUT","errno":-110,"syscall":"spawnSync sh","path":"sh","spawnargs":["-c","sleep 600.3 & echo started"]},"output0":null},"badFile":{"threw":"TypeError","message":"The \"file\" argument must be of type string. Received type number (42)","code":"ERR_INVALID_ARG_TYPE","status":null,"signal":null,"stdout":"undefined","stderr":"undefined","syscall":null},"emptyFile":{"threw":"TypeError","message":"The argument 'file' cannot be empty. Received ''","code":"ERR_INVALID_ARG_VALUE","status":null,"signal":null,"stdout":"undefined","stderr":"undefined","syscall":null}}"##;

#[test]
fn child_process_answers_as_node() {
    let dir = js_suite::project_dir("child-process-node");
    js_suite::write_files(&dir, &[("ferridriver.toml", CONFIG), ("probe.mjs", PROBE), ("sub/.keep", "")]);
    js_suite::run_module_as_node(&dir, "probe.mjs", NODE);
    let _ = std::fs::remove_dir_all(&dir);
}

const STEPS: &str = r#"import { When, Then } from '@cucumber/cucumber'
import { execSync, spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'

When('it runs {string}', function (this: any, line: string) {
  try {
    this.out = execSync(line, { encoding: 'utf8', stdio: 'pipe' })
  } catch (e: any) {
    this.out = `${e.name}: ${e.message}`
  }
})

Then('it got {string}', function (this: any, expected: string) {
  if (!String(this.out).includes(expected)) throw new Error(`got ${this.out}`)
})

When('it runs {string} with its own folder first on PATH', function (this: any, line: string) {
  this.out = execSync(line, { encoding: 'utf8', env: { PATH: `${process.cwd()}/bin:/usr/bin:/bin` } })
})

When('it starts a server it never stops', function () {
  const child = spawn('sleep', ['301.5'])
  writeFileSync('server.pid', String(child.pid))
})

When('it waits on a program past its time', { timeout: 500 }, function () {
  execSync('sleep 302.5')
})
"#;

const FEATURE: &str = r#"Feature: Programs
  Scenario: A listed program
    When it runs "echo listed"
    Then it got "listed"

  Scenario: A program not listed
    When it runs "git --version"
    Then it got "CapabilityDeniedError: CAPABILITY_DENIED: child_process.execSync may not run"
    And it got "[scripting] allowCommands lists in ferridriver.toml"

  Scenario: A line that needs a shell
    When it runs "echo a | cat"
    Then it got "the operator `|` at column 8 of `echo a | cat` needs a shell"

  Scenario: A file named as a listed program is not that program
    When it runs "bin/echo planted"
    Then it got "may not run \"bin/echo\": a program given by its path runs only when"
    When it runs "echo real" with its own folder first on PATH
    Then it got "real"

  Scenario: A server left running
    When it starts a server it never stops

  Scenario: A program past the step's time
    When it waits on a program past its time
"#;

/// Whether a live (not zombie) process runs `program` with `argument`.
fn running(program: &str, argument: &str) -> bool {
    let wanted = format!("{program}\0{argument}\0");
    std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        cmdline == wanted.as_bytes() && !zombie(&entry.path())
    })
}

fn zombie(proc_dir: &std::path::Path) -> bool {
    let stat = std::fs::read_to_string(proc_dir.join("stat")).unwrap_or_default();
    // `pid (name) S …`: the state follows the name's closing parenthesis.
    stat.rsplit_once(") ").is_none_or(|(_, rest)| rest.starts_with('Z'))
}

#[test]
fn a_suite_runs_what_the_config_lists_and_nothing_outlives_the_run() {
    let dir = js_suite::project_dir("child-process-suite");
    js_suite::write_files(
        &dir,
        &[
            ("ferridriver.toml", "[scripting]\nallowCommands = [\"echo\", \"sleep\"]\n"),
            ("steps/programs.ts", STEPS),
            ("features/programs.feature", FEATURE),
            ("bin/echo", "#!/bin/sh\necho planted-code-ran\n"),
        ],
    );
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir.join("bin/echo"), std::fs::Permissions::from_mode(0o755)).unwrap();
    let (out, stdout, all) = js_suite::run_suite(&dir, "http://127.0.0.1:9", &[]);
    assert_eq!(out.status.code(), Some(1), "{all}");
    assert!(stdout.contains("6 scenarios (5 passed, 1 failed)"), "{all}");
    assert!(!all.contains("planted-code-ran"), "{all}");
    assert!(
        all.contains("When it waits on a program past its time") && all.contains("timed out after 500 ms"),
        "{all}"
    );
    // A refusal the step caught is still told, once, on stderr.
    let told = "warning: CAPABILITY_DENIED: child_process.execSync may not run \"git\"";
    assert_eq!(String::from_utf8_lossy(&out.stderr).matches(told).count(), 1, "{all}");
    // The program the timed-out step waited on was stopped with it, and the server the suite
    // never stopped ended with its VM.
    assert!(!running("sleep", "302.5"), "the program outlived its step");
    let pid: u32 = std::fs::read_to_string(dir.join("server.pid")).unwrap().parse().unwrap();
    assert!(!running("sleep", "301.5"), "the server {pid} outlived the run");
    // Each decision is on record: the program's name, never its arguments.
    let audit = std::fs::read_to_string(dir.join(".ferridriver/audit.jsonl")).unwrap();
    let decisions: Vec<(String, bool)> = audit
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|e| e["capability"] == "commands")
        .map(|e| (e["target"].as_str().unwrap().to_string(), e["decision"] == "allow" || e["allowed"] == true))
        .collect();
    assert!(decisions.contains(&("echo".into(), true)) && decisions.contains(&("git".into(), false)), "{audit}");
    assert!(!audit.contains("--version") && !audit.contains("echo listed"), "{audit}");

    // Under the `safe` profile the project's own code starts no program, listed or not.
    let (out, _, all) =
        js_suite::run_suite(&dir, "http://127.0.0.1:9", &["--extension-policy", "safe", "--name", "A listed program"]);
    assert_eq!(out.status.code(), Some(1), "{all}");
    assert!(all.contains("CAPABILITY_DENIED: child_process.execSync: tool") && all.contains("safe"), "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_setting_that_is_not_a_list_of_names_is_an_error() {
    let dir = js_suite::project_dir("child-process-config");
    js_suite::write_files(
        &dir,
        &[
            ("ferridriver.toml", "[scripting]\nallowCommands = \"git\"\n"),
            ("features/f.feature", "Feature: F\n  Scenario: S\n    Given nothing\n"),
        ],
    );
    let (out, _, all) = js_suite::run_suite(&dir, "http://127.0.0.1:9", &[]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(2), "{all}");
    assert!(all.contains("ferridriver.toml: [scripting] allowCommands must be a list of program names"), "{all}");
}
