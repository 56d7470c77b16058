// The escape suite: hostile scripts and tool calls against `ferridriver mcp` over stdio (the
// official SDK client). Every case asserts the refusal (or the limit), that nothing leaked and
// nothing was written outside the sandbox, and that the server still answers the next call.
// Usage: FERRIDRIVER_BIN=/path/to/ferridriver node escape.test.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert, call, connectStdio, makeProject, run, script, test, value } from './harness.mjs';
import { startSite } from './site.mjs';

const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-outside-'));
const sentinel = (name) => path.join(outside, name);
// What the outside file holds: it must never show up in a page, a frame or a reply.
const SECRET = 'outside-file-contents-3f9c';
const nothingWritten = () =>
  assert.deepEqual(fs.readdirSync(outside).filter((f) => f !== 'secret.txt' && f !== 'outside.mjs'), [], 'nothing written outside');

const NET_BODY = `async ({ args, request }: any) => {
  if (args.via === 'request') return (await request.get(args.url)).status;
  if (args.via === 'fetch') return (await fetch(args.url)).status;
  if (args.via === 'fetchRequest') return (await fetch(new Request(args.url))).status;
  if (args.via === 'microtasks') {
    // A chain of microtasks that outlives the handler still answers to its list.
    const hop = (n) => (n ? queueMicrotask(() => hop(n - 1)) : fetch(args.url).then((r) => { globalThis.chained = r.status; }, (e) => { globalThis.chained = e.name; }));
    hop(50);
    return 0;
  }
  if (args.via === 'forge') {
    // Whatever the request object or its JSON claims, the running handler's list decides.
    let last;
    for (let i = 0; i < 100; i++) {
      request._policy = i;
      request.policy = i;
      try { return 'reached under ' + i + ': ' + (await request.get(args.url)).status; } catch (e) { last = e; }
    }
    throw last;
  }
  if (args.via === 'nested') return await plugins['net.open']({ via: args.inner, url: args.url });
  if (args.via === 'both') return await Promise.all([
    plugins['net.probe']({ via: 'request', url: args.url }),
    plugins['net.other']({ via: 'request', url: args.other }),
  ]);
  // After awaits (a timer, a resolved promise) and around nested or concurrent tools, each
  // handler's continuations still answer to its own list.
  if (args.via === 'fetchLater') {
    await new Promise((r) => setTimeout(r, 10));
    await Promise.resolve();
    return (await fetch(args.url)).status;
  }
  if (args.via === 'bothLater') return await Promise.all([
    plugins['net.probe']({ via: 'fetchLater', url: args.url }),
    plugins['net.other']({ via: 'fetchLater', url: args.other }),
  ]);
  if (args.via === 'openThenOwn') {
    const inner = await plugins['net.open']({ via: 'fetchLater', url: args.other });
    return [inner, (await fetch(args.url)).status];
  }
  if (args.via === 'nestedThenOwn') {
    const inner = await plugins['net.other']({ via: 'fetchLater', url: args.other });
    return [inner, (await fetch(args.url)).status];
  }
  if (args.via === 'later') {
    // A timer that outlives its handler keeps the handler's list.
    setTimeout(() => fetch(args.url).then((r) => { globalThis.lateFetch = r.status; }, (e) => { globalThis.lateFetch = e.name; }), 20);
    return 0;
  }
  throw new Error('via?');
}`;
const EXTENSION = `
defineTool({ name: 'net.probe', allow: { net: ['127.0.0.1'] }, handler: ${NET_BODY} });
defineTool({ name: 'net.other', allow: { net: ['localhost'] }, handler: ${NET_BODY} });
defineTool({ name: 'net.open', handler: ${NET_BODY} });
const persistent = Object.fromEntries(Array.from({ length: 17 }, (_, i) => ['p' + i, { run: 'sleep 30', persistent: true }]));
defineTool({
  name: 'sys.cmd',
  allow: {
    commands: {
      shell: "printf '%s' \${text}",
      argv: { run: ['printf', '%s', '\${text}'] },
      env: { run: ['env'], output: 'lines' },
      json: { run: ['echo', '{"a":1}'], output: 'json' },
      lines: { run: "printf 'a\\\\n\\\\n b \\\\n'", output: 'lines' },
      fail: "echo oops >&2; exit 3",
      slow: { run: 'sleep 30 & echo $! > .ferridriver/artifacts/orphan.pid; sleep 30', timeoutMs: 400 },
      bomb: 'yes',
      server: { run: 'echo started; sleep 30', persistent: true },
      ...persistent,
    },
  },
  handler: async ({ args, commands }: any) => commands[args.op](args.name, args.vars),
});
`;

function assertAlive(client) {
  return value(client, 'return 1 + 1').then((v) => assert.equal(v, 2, 'the server still answers'));
}

// One hostile run_script: expects an error of `kind` (and message matching `match`).
function hostile(name, source, kind, match, extra = {}) {
  test(name, async ({ client }) => {
    const envelope = await script(client, source, { session: 'hostile', ...extra });
    assert.equal(envelope.status, 'error', `${name}: ${JSON.stringify(envelope)}`);
    assert.equal(envelope.error.kind, kind, `${name}: ${JSON.stringify(envelope.error)}`);
    if (match) assert.match(envelope.error.message, match);
    nothingWritten();
    await assertAlive(client);
  });
}

// A script that must return `expected`.
function safe(name, source, expected, extra = {}) {
  test(name, async ({ client }) => {
    assert.deepEqual(await value(client, source, { session: 'hostile', ...extra }), expected);
    nothingWritten();
    await assertAlive(client);
  });
}

const cmd = (op, name, vars) => `return await plugins['sys.cmd']({ op: ${JSON.stringify(op)}, name: ${JSON.stringify(name)}, vars: ${JSON.stringify(vars)} })`;

// ---- files
hostile('fs: absolute path', "return await fs.readFile('/etc/passwd')", 'sandbox_violation');
hostile('fs: .. traversal', "return await fs.readFile('../../../../etc/passwd')", 'sandbox_violation');
hostile('fs: .. inside a path', "return await fs.readFile('a/../../x')", 'sandbox_violation');
hostile('fs: symlinked file', "return await fs.readFile('link-file')", 'sandbox_violation');
hostile('fs: symlinked directory', "return await fs.readFile('link-dir/secret.txt')", 'sandbox_violation');
hostile('fs: write outside with ..', "await fs.writeFile('../../escape.txt', 'x')", 'sandbox_violation');
hostile('fs: write to an absolute path', `await fs.writeFile(${JSON.stringify(sentinel('abs.txt'))}, 'x')`, 'sandbox_violation');
hostile('fs: write through a symlinked directory', "await fs.writeFile('link-dir/new.txt', 'x')", 'sandbox_violation');
hostile('fs: NUL byte', "return await fs.readFile('a\\u0000b')", 'sandbox_violation');
hostile('artifacts: write outside', "await artifacts.write('../../../escape.txt', 'x')", 'sandbox_violation');
hostile('artifacts: remove the root', "await artifacts.remove('.')", 'sandbox_violation');
hostile('artifacts: remove outside', `await artifacts.remove(${JSON.stringify(outside)})`, 'sandbox_violation');
hostile('path: a script outside script_root', '', 'sandbox_violation', undefined, { source: undefined, path: '../../outside.ts' });
hostile('import: a module outside script_root', `import x from '../../../${path.basename(outside)}/outside.mjs';\nexport default x;`, 'sandbox_violation');
hostile('import: a bare specifier', "import _ from 'lodash';\nexport default 1;", 'syntax', /bare specifiers/);
// node:child_process loads (step files share the bundler), but code an agent runs starts no
// program, whatever the project's [scripting] allowCommands lists (ADR 0036).
hostile('child_process: an agent\'s script runs no program', "import { execSync } from 'child_process';\nexport default execSync('id');", 'runtime', /not available to code agents/);
hostile('child_process: not through spawn either', "import { spawn } from 'node:child_process';\nspawn('sh', ['-c', 'id']);\nexport default 1;", 'runtime', /not available to code agents/);
hostile('node:fs: outside the root', "import { readFileSync } from 'node:fs';\nexport default readFileSync('/etc/passwd', 'utf8');", 'runtime', /outside/);
hostile('node:fs: write into the project (its extensions)', "import { writeFileSync } from 'node:fs';\nwriteFileSync('../../extensions/evil.ts', 'x');\nexport default 1;", 'runtime', /outside the folders node:fs may write/);
hostile('node:fs: write through a symlinked directory', "import { writeFileSync } from 'node:fs';\nwriteFileSync('link-dir/new.txt', 'x');\nexport default 1;", 'runtime', /outside/);
hostile('node:fs: mkdir outside', "import { mkdirSync } from 'node:fs';\nmkdirSync('../../../made', { recursive: true });\nexport default 1;", 'runtime', /outside/);
hostile('node:fs: remove the script root', "import { rmSync } from 'node:fs';\nrmSync('.', { recursive: true });\nexport default 1;", 'runtime', /outside/);

// ---- environment and internals
safe('env: process.env is empty by default', 'return [Object.keys(process.env).length, process.env.HOME, process.env.PATH]', [0, null, null]);
safe('env: writes stay in the VM, which cannot freeze the view', "process.env.X = 1; let frozen; try { Object.freeze(process.env); frozen = true } catch (e) { frozen = e.name } return [frozen, process.env.X, Object.keys(process.env)]", ['TypeError', '1', ['X']]);
safe('natives: no internal globals', "return Object.getOwnPropertyNames(globalThis).filter((n) => n.startsWith('__ferridriver') && n !== '__ferridriver_modules')", []);
safe('natives: not through Function', "return typeof Function('return this')().__ferridriver_native", 'undefined');
safe('natives: not through a constructor chain', "return typeof ({}).constructor.constructor('return globalThis')().__ferridriver", 'undefined');
safe('natives: no QuickJS std/os', 'return [typeof std, typeof os, typeof scriptArgs]', ['undefined', 'undefined', 'undefined']);
safe('process: no binding/dlopen/kill/chdir/setuid', "return ['binding', 'dlopen', 'kill', 'chdir', 'setuid', 'umask'].filter((k) => k in process)", []);
safe('process: exit throws', "try { process.exit(0); return 'exited' } catch (e) { return 'threw' }", 'threw');
// `version`/`versions.node` name the Node API the built-ins follow (packages branch on it); what
// runs is said by `release.name` and `versions.ferridriver`.
safe('process: versions name the Node API followed, and ferridriver', "return [process.versions.node, process.version, typeof process.versions.ferridriver, process.release.name]", ['20.0.0', 'v20.0.0', 'string', 'ferridriver']);
safe('plugins: read-only', "try { plugins['x'] = () => 1; return 'set' } catch (e) { return 'refused' }", 'refused');

// ---- browser: file: pages
for (const url of ['file:///etc/passwd', 'file://localhost/etc/hostname', 'FILE:///etc/passwd', 'file:///etc/%70asswd']) {
  hostile(`file: navigation to ${url}`, 'await page.goto(args[0]); return await page.content()', 'sandbox_violation', undefined, { args: [url] });
}

// A file: page inside the sandbox is allowed; nothing it links, redirects or frames to may
// bring an outside file into the browser (the page's own gate, not only page.goto, refuses it).
const JUMPS = {
  'a clicked link': '<a id="go" href="OUTSIDE_URL">go</a>',
  'a script redirect': '<script>location.href = "OUTSIDE_URL"</script>',
  'a meta refresh': '<meta http-equiv="refresh" content="0;url=OUTSIDE_URL">',
  'an iframe': '<iframe src="OUTSIDE_URL"></iframe>',
  'window.open': '<script>window.open("OUTSIDE_URL", "_self")</script>',
};
for (const [how, html] of Object.entries(JUMPS)) {
  test(`file: a sandbox page cannot reach an outside file through ${how}`, async ({ client, dir }) => {
    const page = html.replace('OUTSIDE_URL', 'file://' + sentinel('secret.txt'));
    const envelope = await script(
      client,
      `await artifacts.write('jump.html', args[1]);
       await page.goto('file://' + args[0] + '/.ferridriver/artifacts/jump.html');
       if (await page.locator('#go').count()) await page.click('#go');
       await page.waitForTimeout(400);
       const framed = await page.frameLocator('iframe').locator('body').innerText({ timeout: 500 }).catch(() => '');
       return { url: page.url(), text: await page.locator('body').innerText().catch(() => ''), framed };`,
      { session: 'file-jumps', args: [dir, page] },
    );
    // Either the navigation that followed failed with the gate's reason, or the page shows
    // something other than the file (Chromium's "blocked" page names the refused URL).
    if (envelope.status === 'error') assert.match(envelope.error.message, /ERR_BLOCKED_BY_CLIENT: .*secret\.txt is refused: file: pages may only come from/);
    else assert.ok(!JSON.stringify(envelope.value).includes(SECRET), `${how}: ${JSON.stringify(envelope.value)}`);
    nothingWritten();
    await assertAlive(client);
  });
}
test('file: a built-in step cannot open an outside file either', async ({ client }) => {
  const run = await call(client, 'bdd_run_steps', {
    session: 'file-steps',
    steps: `Given I open "file://${sentinel('secret.txt')}"\nThen I should see "${SECRET}"`,
  });
  assert.equal(run.json.status, 'failed', run.text);
  assert.notEqual(run.json.steps[1]?.status, 'PASSED', run.text);
  assert.match(run.text, /refused|ERR_BLOCKED_BY_CLIENT/, run.text);
  await assertAlive(client);
});

// ---- the bundles' module map and run-time registrations
safe('modules: the module map the bundles import from cannot be replaced or rewritten', `
  const before = globalThis.__ferridriver_modules;
  try { globalThis.__ferridriver_modules = {}; } catch (e) {}
  try { delete globalThis.__ferridriver_modules; } catch (e) {}
  try { before.cucumber = {}; } catch (e) {}
  try { before.cucumber.Given = () => 'hijacked'; } catch (e) {}
  try { before.playwright.expect = () => 'passes'; } catch (e) {}
  return [globalThis.__ferridriver_modules === before, before.cucumber.Given === Given, before.playwright.expect === expect, Object.isFrozen(before)];
`, [true, true, true, true]);
hostile('plugins: a plugin granting itself commands at run time',
  "definePlugin({ name: 'late', version: '1.0.0', tools: [{ name: 'sh', allow: { commands: { sh: 'sh -c id' } }, handler: async ({ commands }) => commands.run('sh') }] }); return await plugins['late.sh']({})",
  'runtime', /definePlugin must be called while the step files load/);
hostile('plugins: a tool defined at run time', "defineTool({ name: 'late2', allow: { commands: { sh: 'id' } }, handler: async () => 1 }); return 1",
  'runtime', /defineTool must be called while the step files load/);

// ---- commands
for (const [label, text] of [
  ['; chaining', `x; touch ${sentinel('semicolon')}`],
  ['$() substitution', `$(touch ${sentinel('dollar')})`],
  ['backticks', `\`touch ${sentinel('backtick')}\``],
  ['single quotes', `'; touch ${sentinel('quote')}; echo '`],
  ['a newline', `x\ntouch ${sentinel('newline')}`],
]) {
  safe(`commands: injection through \${} with ${label} (shell form)`, cmd('run', 'shell', { text }), text);
}
safe('commands: argv form passes values literally', cmd('run', 'argv', { text: `$(touch ${sentinel('argv')})` }), `$(touch ${sentinel('argv')})`);
hostile('commands: an undeclared name', cmd('run', 'rm', {}), 'runtime', /did not declare a command "rm"/);
hostile('commands: a missing placeholder', cmd('run', 'shell', {}), 'runtime', /`\$\{text\}` has no value/);
hostile('commands: an object value', cmd('run', 'shell', { text: { a: 1 } }), 'runtime', /must be a string, number or boolean/);
test('commands: the child environment is PATH only', async ({ client }) => {
  const lines = await value(client, cmd('run', 'env', {}), { session: 'hostile' });
  assert.deepEqual(lines.map((l) => l.split('=')[0]).filter((n) => n !== 'PWD' && n !== 'SHLVL' && n !== '_'), ['PATH']);
});
safe('commands: json and lines output', `return [${cmd('run', 'json', {}).slice(7)}, ${cmd('run', 'lines', {}).slice(7)}]`, [{ a: 1 }, ['a', 'b']]);
hostile('commands: a non-zero exit carries stderr', cmd('run', 'fail', {}), 'runtime', /exit code 3: oops/);
test('commands: a timeout kills the whole process group (no orphans)', async ({ client, dir }) => {
  const envelope = await script(client, cmd('run', 'slow', {}), { session: 'hostile' });
  assert.match(envelope.error.message, /timed out after 400 ms/);
  const pid = Number(fs.readFileSync(path.join(dir, '.ferridriver/artifacts/orphan.pid'), 'utf8'));
  await new Promise((r) => setTimeout(r, 300));
  assert.ok(!fs.existsSync(`/proc/${pid}`) || fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '), `the background child ${pid} is gone`);
  await assertAlive(client);
});
hostile('commands: an output bomb is cut at 8 MiB', cmd('run', 'bomb', {}), 'runtime', /more than 8 MiB/);
hostile('commands: run on a persistent command', cmd('run', 'server', {}), 'runtime', /persistent/);
hostile('commands: start on a one-shot command', cmd('start', 'shell', {}), 'runtime', /not persistent/);
test('commands: persistent start is idempotent, status has output, stop kills it', async ({ client }) => {
  const first = await value(client, cmd('start', 'server'), { session: 'procs' });
  const again = await value(client, cmd('start', 'server'), { session: 'procs' });
  assert.equal(first.pid, again.pid);
  await new Promise((r) => setTimeout(r, 200));
  const status = await value(client, cmd('status', 'server'), { session: 'procs' });
  assert.equal(status.running, true);
  assert.match(status.stdout, /started/);
  assert.equal(await value(client, cmd('stop', 'server'), { session: 'procs' }), true);
  await new Promise((r) => setTimeout(r, 200));
  assert.ok(!fs.existsSync(`/proc/${first.pid}`) || fs.readFileSync(`/proc/${first.pid}/stat`, 'utf8').includes(') Z '));
});
test('commands: at most 16 persistent per session; they die with the session', async ({ client }) => {
  const pids = [];
  for (let i = 0; i < 16; i++) pids.push((await value(client, cmd('start', 'p' + i), { session: 'many' })).pid);
  const seventeenth = await script(client, cmd('start', 'p16'), { session: 'many' });
  assert.match(seventeenth.error.message, /at most 16/);
  await call(client, 'session_close', { session: 'many' });
  await new Promise((r) => setTimeout(r, 300));
  const alive = pids.filter((p) => fs.existsSync(`/proc/${p}`) && !fs.readFileSync(`/proc/${p}/stat`, 'utf8').includes(') Z '));
  assert.deepEqual(alive, [], 'every persistent process died with its session');
});

// ---- network (allow.net)
const net = (tool, via, url, extra = {}) => `return await plugins['${tool}'](${JSON.stringify({ via, url, ...extra })})`;
function netCase(name, build, expectOk) {
  test(`net: ${name}`, async ({ client, base }) => {
    const port = new URL(base).port;
    const envelope = await script(client, build(port), { session: 'net' });
    if (expectOk) {
      assert.equal(envelope.status, 'ok', JSON.stringify(envelope));
      assert.deepEqual(envelope.value, expectOk === true ? 200 : expectOk);
    } else {
      assert.equal(envelope.status, 'error', JSON.stringify(envelope));
      assert.equal(envelope.error.kind, 'sandbox_violation', JSON.stringify(envelope.error));
      assert.match(envelope.error.message, /not in allow\.net|redirect refused/);
    }
    await assertAlive(client);
  });
}
netCase('an allowed host through request', (p) => net('net.probe', 'request', `http://127.0.0.1:${p}/api/echo`), true);
netCase('an allowed host through fetch', (p) => net('net.probe', 'fetch', `http://127.0.0.1:${p}/api/echo`), true);
netCase('another host through request', (p) => net('net.probe', 'request', `http://localhost:${p}/api/echo`), false);
netCase('another host through fetch', (p) => net('net.probe', 'fetch', `http://localhost:${p}/api/echo`), false);
netCase('a Request object', (p) => net('net.probe', 'fetchRequest', `http://localhost:${p}/api/echo`), false);
netCase('a redirect to another host (request)', (p) => net('net.probe', 'request', `http://127.0.0.1:${p}/redirect?to=http://localhost:${p}/api/echo`), false);
netCase('a redirect to another host (fetch)', (p) => net('net.probe', 'fetch', `http://127.0.0.1:${p}/redirect?to=http://localhost:${p}/api/echo`), false);
netCase('userinfo that looks like the allowed host', (p) => net('net.probe', 'fetch', `http://127.0.0.1@localhost:${p}/api/echo`), false);
netCase('an IP literal in another form is the same IP', (p) => net('net.probe', 'fetch', `http://2130706433:${p}/api/echo`), true);
// A call lends nothing (ADR 0030): a tool called by another answers to its caller's list too.
netCase('a nested unrestricted tool\'s fetch answers to its caller\'s list too', (p) => net('net.probe', 'nested', `http://localhost:${p}/api/echo`, { inner: 'fetch' }), false);
netCase('a nested tool\'s own request answers to its caller\'s list too', (p) => net('net.probe', 'nested', `http://localhost:${p}/api/echo`, { inner: 'request' }), false);
netCase('a nested tool reaches what its caller and itself allow', (p) => net('net.probe', 'nested', `http://127.0.0.1:${p}/api/echo`, { inner: 'fetch' }), true);
netCase('concurrent tools each see their own list', (p) => net('net.open', 'both', `http://127.0.0.1:${p}/api/echo`, { other: `http://localhost:${p}/api/echo` }), [200, 200]);
netCase('after awaits, a handler\'s fetch still answers to its list', (p) => net('net.probe', 'fetchLater', `http://localhost:${p}/api/echo`), false);
netCase('after awaits, a handler\'s fetch reaches its own hosts', (p) => net('net.probe', 'fetchLater', `http://127.0.0.1:${p}/api/echo`), true);
netCase('concurrent tools each fetch under their own list after awaits', (p) => net('net.open', 'bothLater', `http://127.0.0.1:${p}/api/echo`, { other: `http://localhost:${p}/api/echo` }), [200, 200]);
netCase('nested: the inner tool cannot use its own list against its caller\'s', (p) => net('net.probe', 'nestedThenOwn', `http://127.0.0.1:${p}/api/echo`, { other: `http://localhost:${p}/api/echo` }), false);
netCase('nested: after the inner tool, the outer fetches under its own list again', (p) => net('net.probe', 'openThenOwn', `http://127.0.0.1:${p}/api/echo`, { other: `http://127.0.0.1:${p}/api/echo` }), [200, 200]);
netCase('nested: an unrestricted caller takes nothing from the inner tool\'s list', (p) => net('net.open', 'nestedThenOwn', `http://localhost:${p}/api/echo`, { other: `http://localhost:${p}/api/echo` }), [200, 200]);
netCase('nested: the inner tool cannot use the outer tool\'s list', (p) => net('net.probe', 'nestedThenOwn', `http://127.0.0.1:${p}/api/echo`, { other: `http://127.0.0.1:${p}/api/echo` }), false);
test('net: a timer that outlives its handler keeps the handler\'s list', async ({ client, base }) => {
  const port = new URL(base).port;
  await value(client, net('net.probe', 'later', `http://localhost:${port}/api/echo`), { session: 'net-late' });
  const late = await value(client, 'await new Promise((r) => setTimeout(r, 300)); return globalThis.lateFetch', { session: 'net-late' });
  assert.equal(late, 'SandboxViolationError');
  await assertAlive(client);
});
netCase('a handler cannot pick another tool\'s list', (p) => `await plugins['net.other']({ via: 'request', url: 'http://localhost:${p}/api/echo' }); ` + net('net.probe', 'forge', `http://localhost:${p}/api/echo`), false);
test('net: a chain of microtasks that outlives its handler keeps the handler\'s list', async ({ client, base }) => {
  const port = new URL(base).port;
  await value(client, net('net.probe', 'microtasks', `http://localhost:${port}/api/echo`), { session: 'net-micro' });
  const chained = await value(client, 'await new Promise((r) => setTimeout(r, 300)); return globalThis.chained', { session: 'net-micro' });
  assert.equal(chained, 'SandboxViolationError');
  await assertAlive(client);
});
netCase('a script outside any handler is unrestricted', (p) => `return (await fetch('http://localhost:${p}/api/echo')).status`, true);
test('net: a malformed allow.net fails that extension at load', async ({ client }) => {
  const { json } = await call(client, 'ferridriver_extensions');
  assert.ok(json.errors.some((e) => /badnet\.ts/.test(e) && /not a host/.test(e)), JSON.stringify(json.errors));
});

// ---- resources
hostile('resources: an infinite loop', 'while (true) {}', 'timeout', undefined, { timeout_ms: 400 });
hostile('resources: a promise that never settles', 'await new Promise(() => {})', 'timeout', undefined, { timeout_ms: 400 });
hostile('resources: an allocation bomb', 'const a = []; while (true) a.push(new Array(1e5).fill(1))', 'memory_limit', undefined, { memory_limit_mb: 64 });
hostile('resources: deep recursion', 'const f = (n) => f(n + 1) + 1; return f(0)', 'runtime', /stack|recursion/i);
hostile('resources: a huge result', "return 'x'.repeat(20 << 20)", 'runtime', /the most a call returns is 16 MiB/, { memory_limit_mb: 512 });
test('resources: a console flood is capped', async ({ client }) => {
  const envelope = await script(client, "for (let i = 0; i < 100000; i++) console.log('flood ' + i); return 1", { session: 'hostile' });
  assert.equal(envelope.console.length, 1000);
  assert.ok(envelope.console_dropped >= 99000);
  await assertAlive(client);
});
test('limits: a call cannot ask past the server maximums', async ({ client }) => {
  for (const extra of [{ timeout_ms: 10 * 60 * 60 * 1000 }, { memory_limit_mb: 1 << 20 }]) {
    const { result, text } = await call(client, 'run_script', { source: 'return 1', ...extra });
    assert.equal(result.isError, true);
    assert.match(text, /above this server's maximum/);
  }
  await assertAlive(client);
});

await run(
  async () => {
    const { server, base } = await startSite();
    const dir = makeProject(base);
    fs.writeFileSync(path.join(outside, 'secret.txt'), SECRET);
    fs.writeFileSync(path.join(outside, 'outside.mjs'), 'export default "leaked";');
    fs.mkdirSync(path.join(dir, '.ferridriver/scripts'), { recursive: true });
    fs.mkdirSync(path.join(dir, '.ferridriver/artifacts'), { recursive: true });
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(dir, '.ferridriver/scripts/link-file'));
    fs.symlinkSync(outside, path.join(dir, '.ferridriver/scripts/link-dir'));
    fs.writeFileSync(path.join(dir, 'extensions/sys.ts'), EXTENSION);
    fs.writeFileSync(path.join(dir, 'extensions/badnet.ts'), "defineTool({ name: 'bad.net', allow: { net: ['http://x.com/'] }, handler: async () => 1 });\n");
    const client = await connectStdio(dir, 'escape-suite', 'ignore');
    return { client, base, dir, server };
  },
  async ({ client, server, dir }) => {
    await client.close();
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  },
);
