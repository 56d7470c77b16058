// The cases every transport runs: the official SDK client against `ferridriver mcp`, driving the
// local site in tests/mcp/site.mjs. `ctx` is { client, base, dir, connect() } (connect() opens
// a second client to the same server).
import fs from 'node:fs';
import { assert, call, script, test, value } from './harness.mjs';

export function registerCases() {
  test('tools/list: sorted, strict-client names, annotations, under 12 KB', async ({ client }) => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    assert.deepEqual(names, [...names].sort());
    for (const t of tools) {
      assert.match(t.name, /^[a-z][a-z0-9_]{0,63}$/);
      assert.ok(t.annotations, `${t.name} has annotations`);
      assert.equal(t.inputSchema.type, 'object');
    }
    for (const n of ['run_script', 'session_list', 'session_close', 'bdd_steps', 'bdd_run_steps', 'bdd_run', 'bdd_draft_scenario']) {
      assert.ok(names.includes(n), n);
    }
    const size = Buffer.byteLength(JSON.stringify({ tools }));
    assert.ok(size < 12 * 1024, `tools/list is ${size} bytes`);
  });

  test('run_script: value, console, host, no browser launched for plain JS', async ({ client }) => {
    const envelope = await script(client, "console.log('hi'); return [1 + 1, ferridriver.host]", { session: 'plain' });
    assert.equal(envelope.status, 'ok');
    assert.deepEqual(envelope.value, [2, 'mcp']);
    assert.equal(envelope.console[0].message, 'hi');
    assert.equal(typeof envelope.duration_ms, 'number');
    const { json } = await call(client, 'session_list');
    const plain = json.sessions.find((s) => s.session === 'plain:default');
    assert.equal(plain.browser_open, false, 'no page was opened');
  });

  test('run_script: a login task in one call (form POST, 303 redirect, cookie, slow image, iframe)', async ({ client, base }) => {
    const result = await value(
      client,
      `await page.goto(args[0] + '/login');
       await page.getByLabel('User name').fill(args[1]);
       await page.getByLabel('Password').fill(args[2]);
       await page.getByRole('button', { name: 'Sign in' }).click();
       await page.waitForSelector('[data-testid="dashboard"]');
       return {
         url: page.url(),
         heading: await page.getByTestId('dashboard').textContent(),
         frame: await page.frameLocator('iframe').locator('#inner').textContent(),
         cookies: (await context.cookies()).map((c) => c.name + '=' + c.value),
       };`,
      { args: [base, 'ada', "x'); throw new Error('injected'); ('"], session: 'login' },
    );
    assert.equal(result.heading, 'Welcome, ada');
    assert.equal(result.frame, 'Inside the frame');
    assert.ok(result.url.endsWith('/dashboard'), result.url);
    assert.deepEqual(result.cookies, ['user=ada']);
  });

  test('run_script: a page that redirects itself while loading', async ({ client, base }) => {
    const result = await value(
      client,
      "await page.goto(args[0] + '/hop'); await page.waitForURL('**/landed'); return [page.url(), await page.title()]",
      { args: [base], session: 'hop' },
    );
    assert.ok(result[0].endsWith('/landed'), result[0]);
    assert.equal(result[1], 'Landed');
  });

  test('run_script: request and fetch share the session cookies; response headers', async ({ client, base }) => {
    const result = await value(
      client,
      `await page.goto(args[0] + '/login');
       await context.addCookies([{ name: 'user', value: 'zoe', url: args[0] }]);
       const r = await request.get(args[0] + '/api/echo');
       const f = await fetch(args[0] + '/api/echo');
       const missing = await request.get(args[0] + '/nowhere');
       await expect(r).toBeOK();
       return { viaRequest: (await r.json()).cookie, header: r.headers()['x-echo'], viaFetch: (await f.json()).cookie,
                ok: [r.ok, r.status, missing.ok, missing.status], url: r.url === args[0] + '/api/echo' };`,
      { args: [base], session: 'http' },
    );
    assert.equal(result.viaRequest, 'user=zoe');
    assert.equal(result.header, 'yes');
    assert.equal(result.viaFetch, 'user=zoe');
    assert.deepEqual(result.ok, [true, 200, false, 404], 'status and ok are values, as run-script.md uses them');
    assert.equal(result.url, true);
  });

  test('run_script: request and fetch carry cookies set on a redirect to its next hop (one HTTP core)', async ({ client, base }) => {
    const result = await value(
      client,
      `await page.goto(args[0] + '/login');
       const form = { 'content-type': 'application/x-www-form-urlencoded' };
       const r = await request.post(args[0] + '/login', { data: 'user=ada', headers: form });
       const viaRequest = [r.url, (await r.text()).includes('Welcome, ada')];
       await context.clearCookies();
       const f = await fetch(args[0] + '/login', { method: 'POST', body: 'user=bob', headers: form });
       return { viaRequest, viaFetch: [f.url, f.redirected, (await f.text()).includes('Welcome, bob')] };`,
      { args: [base], session: 'hops' },
    );
    assert.deepEqual(result.viaRequest, [`${base}/dashboard`, true]);
    assert.deepEqual(result.viaFetch, [`${base}/dashboard`, true, true]);
  });

  test('run_script: page.markdown(), ariaSnapshot(), context name/deleteCookie/clearPermissions, response.header()', async ({ client, base }) => {
    const result = await value(
      client,
      `await page.goto(args[0] + '/login');
       await context.addCookies([{ name: 'a', value: '1', url: args[0] }, { name: 'b', value: '2', url: args[0] }]);
       const removed = await context.deleteCookie('a');
       await context.grantPermissions(['geolocation']);
       await context.clearPermissions();
       const r = await request.get(args[0] + '/api/echo');
       return {
         markdown: await page.markdown(),
         aria: await page.locator('form').ariaSnapshot(),
         page: await page.ariaSnapshot(),
         name: context.name,
         removed,
         left: (await context.cookies()).map((c) => c.name),
         header: r.header('X-Echo'),
         missing: r.header('x-none'),
       };`,
      { args: [base], session: 'extras:admin' },
    );
    assert.match(result.markdown, /^# Sign in$/m);
    assert.match(result.markdown, /\[text: User name\]/);
    assert.match(result.markdown, /\[password: Password\]/);
    assert.match(result.markdown, /\[Sign in\]/);
    // As Playwright writes it: the label's text, then the field it names.
    assert.equal(result.aria, '- form:\n  - text: User name\n  - textbox "User name"\n  - text: Password\n  - textbox "Password"\n  - button "Sign in"');
    assert.match(result.page, /^- heading "Sign in" \[level=1\]$/m);
    assert.equal(result.name, 'admin');
    assert.equal(result.removed, 1);
    assert.deepEqual(result.left, ['b']);
    assert.equal(result.header, 'yes');
    assert.equal(result.missing, null);
  });

  test('run_script: errors are results with kind, line and snippet', async ({ client }) => {
    const runtime = await script(client, "const a = 1;\nconst b = null;\nb.click();\nreturn a", { session: 'errors' });
    assert.equal(runtime.status, 'error');
    assert.equal(runtime.error.kind, 'runtime');
    assert.equal(runtime.error.line, 3);
    assert.match(runtime.error.source_snippet, /3: >>> b\.click\(\);/);
    const syntax = await script(client, 'return (', { session: 'errors' });
    assert.equal(syntax.error.kind, 'syntax');
    const sandbox = await script(client, "return await fs.readFile('../../etc/passwd')", { session: 'errors' });
    assert.equal(sandbox.error.kind, 'sandbox_violation');
    const file = await value(client, '', { path: undefined, source: undefined }).catch((e) => e);
    assert.ok(file instanceof Error, 'neither source nor path is refused');
  });

  test('run_script: file: pages only from script_root and artifacts_root', async ({ client, dir }) => {
    for (const target of ['file:///etc/passwd', 'file://localhost/etc/hostname', 'file:///tmp/../etc/passwd', 'FILE:///etc/passwd', 'file:///etc/%70asswd']) {
      const refused = await script(client, 'await page.goto(args[0]); return await page.content()', { args: [target], session: 'files' });
      assert.equal(refused.status, 'error', target);
      assert.equal(refused.error.kind, 'sandbox_violation', `${target}: ${JSON.stringify(refused.error)}`);
    }
    const title = await value(
      client,
      "await artifacts.write('page.html', '<title>Mine</title><p>ok</p>'); await page.goto('file://' + args[0] + '/.ferridriver/artifacts/page.html'); return await page.title()",
      { args: [fs.realpathSync(dir)], session: 'files' },
    );
    assert.equal(title, 'Mine');
  });

  test('run_script: path scripts (TypeScript with a relative import) under script_root', async ({ client }) => {
    const envelope = await call(client, 'run_script', { path: 'task.ts', args: [21], session: 'files' });
    assert.equal(envelope.json.status, 'ok', envelope.text);
    assert.equal(envelope.json.value, 42);
    const escape = await call(client, 'run_script', { path: '../../outside.ts', session: 'files' });
    assert.equal(escape.json.error.kind, 'sandbox_violation');
  });

  test('bad arguments are tool errors and the server keeps serving', async ({ client }) => {
    const both = await call(client, 'run_script', { source: 'return 1', path: 'task.ts' });
    assert.equal(both.result.isError, true);
    assert.match(both.text, /either `source` or `path`/);
    const unknown = await call(client, 'run_script', { source: 'return 1', sauce: 1 });
    assert.equal(unknown.result.isError, true);
    assert.match(unknown.text, /unknown field `sauce`/);
    const tool = await call(client, 'no_such_tool', {});
    assert.equal(tool.result.isError, true);
    const badSession = await call(client, 'run_script', { source: 'return 1', session: '../etc' });
    assert.equal(badSession.result.isError, true);
    assert.equal(await value(client, 'return 7'), 7);
  });

  test('sessions: globals, cookies and storage are isolated; instances get their own browser', async ({ client, base }) => {
    await value(client, "globalThis.mine = 'a'; await page.goto(args[0] + '/login'); await context.addCookies([{ name: 'user', value: 'a', url: args[0] }]); return 1", { args: [base], session: 'iso:a' });
    const b = await value(client, "await page.goto(args[0] + '/login'); return [typeof mine, (await context.cookies()).length]", { args: [base], session: 'iso:b' });
    assert.deepEqual(b, ['undefined', 0]);
    const again = await value(client, 'return mine', { session: 'iso:a' });
    assert.equal(again, 'a');
    const other = await value(client, 'return [await browser.version(), (await context.cookies()).length]', { session: 'other:a' });
    assert.match(other[0], /Chrom/);
    assert.equal(other[1], 0);
  });

  test('vars survive a timeout that resets globalThis', async ({ client }) => {
    await value(client, "vars.set('token', 'abc'); globalThis.cache = 1; var counter = 5; return 0", { session: 'reset' });
    assert.equal(await value(client, 'return counter + cache', { session: 'reset' }), 6);
    const timedOut = await script(client, 'while (true) {}', { session: 'reset', timeout_ms: 500 });
    assert.equal(timedOut.error.kind, 'timeout');
    const after = await value(client, "return [typeof cache, vars.get('token'), vars.keys()]", { session: 'reset' });
    assert.deepEqual(after, ['undefined', 'abc', ['token']]);
  });

  test('a busy session does not delay another session', async ({ client }) => {
    const slow = call(client, 'run_script', { source: 'await new Promise((r) => setTimeout(r, 3000)); return "slow"', session: 'busy:slow' });
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    assert.equal(await value(client, 'return "fast"', { session: 'busy:fast' }), 'fast');
    const fastMs = Date.now() - started;
    assert.ok(fastMs < 1500, `the other session answered in ${fastMs} ms`);
    assert.equal((await slow).json.value, 'slow');
  });

  test('steps as tools: bdd_steps lists built-in and project steps with sources', async ({ client }) => {
    const { json } = await call(client, 'bdd_steps');
    const open = json.steps.find((s) => s.expression === 'I open {string}');
    assert.ok(open && open.description && open.example, JSON.stringify(open));
    const mine = json.steps.find((s) => s.expression === 'I sign in as {string}');
    assert.match(mine.source, /steps\/site\.ts:4/);
    const filtered = await call(client, 'bdd_steps', { filter: 'dashboard' });
    assert.deepEqual(filtered.json.steps.map((s) => s.expression), ['the dashboard greets {string}']);
  });

  test('steps as tools: bdd_run_steps acts on the page run_script sees; draft a scenario', async ({ client }) => {
    const session = 'steps';
    const run = await call(client, 'bdd_run_steps', {
      session,
      steps: 'Given I open "/login"\nWhen I fill "User name" with "ada"\nAnd I click the "Sign in" button\nThen I should see "Welcome, ada"',
    });
    assert.equal(run.json.status, 'passed', run.text);
    assert.deepEqual(run.json.steps.map((s) => s.status), ['PASSED', 'PASSED', 'PASSED', 'PASSED']);
    assert.match(run.json.steps[0].definition.source, /navigation\.rs/);
    const url = await value(client, 'return page.url()', { session });
    assert.ok(url.endsWith('/dashboard'), url);
    const js = await call(client, 'bdd_run_steps', { session, steps: 'Then the dashboard greets "ada"' });
    assert.equal(js.json.status, 'passed', js.text);
    const draft = await call(client, 'bdd_draft_scenario', { session, feature: 'Login', scenario: 'Ada signs in' });
    assert.equal(draft.result.isError, false, draft.text);
    assert.equal(
      draft.text,
      'Feature: Login\n\n  Scenario: Ada signs in\n    Given I open "/login"\n    When I fill "User name" with "ada"\n    And I click the "Sign in" button\n    Then I should see "Welcome, ada"\n    Then the dashboard greets "ada"\n',
    );
    const empty = await call(client, 'bdd_draft_scenario', { session });
    assert.equal(empty.result.isError, true, 'the draft was consumed');
  });

  test('steps as tools: failures carry the source line and a screenshot; undefined steps get snippets', async ({ client }) => {
    const session = 'steps-fail';
    const failed = await call(client, 'bdd_run_steps', {
      session,
      steps: 'When I sign in as "bob"\nThen the dashboard greets "alice"\nThen I should see "never run"',
    });
    assert.equal(failed.json.status, 'failed');
    assert.deepEqual(failed.json.steps.map((s) => s.status), ['PASSED', 'FAILED', 'SKIPPED']);
    assert.match(failed.json.steps[1].error, /steps\/site\.ts:11/);
    assert.ok(failed.result.content.some((c) => c.type === 'image' && c.mimeType === 'image/png'), 'a screenshot');
    const undefinedStep = await call(client, 'bdd_run_steps', { session, steps: 'When I dance with "ada"\n  | a | b |' });
    assert.equal(undefinedStep.json.steps[0].status, 'UNDEFINED');
    assert.match(undefinedStep.json.steps[0].snippets[0], /When\('I dance with \{string\}'/);
    const bad = await call(client, 'bdd_run_steps', { session, steps: 'Feature: nope' });
    assert.equal(bad.result.isError, true);
  });

  test('extension tools: listed under MCP names with their schemas; collisions and helpers not exposed', async ({ client }) => {
    const { tools } = await client.listTools();
    const greet = tools.find((t) => t.name === 'box_greet');
    assert.ok(greet, 'box.greet is exposed as box_greet');
    assert.equal(greet.description, 'Write a greeting on the page and read it back');
    assert.deepEqual(greet.inputSchema.required, ['user']);
    assert.equal(greet.outputSchema.type, 'object');
    assert.ok(!tools.some((t) => t.name === 'box_helper'), 'not promoted');
    assert.equal(tools.filter((t) => t.name === 'session_list').length, 1, 'a built-in name is never given away');
    const names = tools.map((t) => t.name);
    assert.deepEqual(names, [...names].sort());
  });

  test('extension tools: schema enforced before the handler, results, errors with the .ts line, timeouts', async ({ client }) => {
    await value(client, "await page.setContent('<h1>marker</h1>'); return 1");
    const bad = await call(client, 'box_greet', { user: 5 });
    assert.equal(bad.result.isError, true);
    assert.match(bad.text, /invalid arguments for box\.greet: \/user/);
    assert.equal(await value(client, "return await page.locator('h1').textContent()"), 'marker', 'the handler never ran');
    const ok = await call(client, 'box_greet', { user: 'ada' });
    assert.equal(ok.result.isError, false, ok.text);
    assert.deepEqual(ok.result.structuredContent, { greeting: 'Hello ada' });
    assert.equal(await value(client, "return await page.locator('h1').textContent()"), 'Hello ada', 'the session page');
    const failed = await call(client, 'box_fail', {});
    assert.equal(failed.result.isError, true);
    assert.match(failed.text, /^box is broken\n/);
    assert.match(failed.text, /extensions\/box\.ts:14/);
    const slow = await call(client, 'box_slow', {});
    assert.match(slow.text, /timed out after 300 ms/);
    const badout = await call(client, 'box_badout', {});
    assert.match(badout.text, /does not match its outputSchema/);
    assert.equal(await value(client, 'return 1'), 1, 'the server keeps serving');
  });

  test('extension tools: plugins[name] from scripts and from steps, with the same checks', async ({ client }) => {
    assert.equal(await value(client, "return await plugins['box.helper']({ n: 21 })"), 42);
    const bad = await script(client, "return await plugins['box.greet']({ user: 1 })");
    assert.match(bad.error.message, /invalid arguments/);
    const slow = await script(client, "return await plugins['box.slow']()");
    assert.match(slow.error.message, /timed out after 300 ms/);
    const none = await script(client, "return await plugins['nope']()");
    assert.match(none.error.message, /no tool of that name/);
    const step = await call(client, 'bdd_run_steps', { steps: 'Then the helper doubles 4 to 8', session: 'plug' });
    assert.equal(step.json.status, 'passed', step.text);
  });

  test('ferridriver_extensions: files, tools, exposure and load errors', async ({ client }) => {
    const { json } = await call(client, 'ferridriver_extensions');
    const box = json.files.find((f) => f.file === 'extensions/box.ts');
    assert.deepEqual(box.tools, ['box.greet', 'box.fail', 'box.slow', 'box.badout', 'box.helper', 'session.list', 'box.host']);
    assert.equal((await call(client, 'box_host', {})).text, 'mcp');
    const slow = json.tools.find((t) => t.name === 'box.slow');
    assert.equal(slow.timeout_ms, 300);
    assert.equal(slow.mcp_name, 'box_slow');
    const clash = json.tools.find((t) => t.name === 'session.list');
    assert.equal(clash.exposed, false);
    assert.match(clash.not_exposed_because, /built-in/);
    assert.ok(json.errors.some((e) => /extensions\/dup\.ts:1/.test(e) && /already defined/.test(e)), JSON.stringify(json.errors));
    assert.ok(json.errors.some((e) => /badschema\.ts/.test(e) && /not a valid JSON Schema/.test(e)), JSON.stringify(json.errors));
  });

  test('session_list and session_close', async ({ client }) => {
    await value(client, 'return 1', { session: 'closing' });
    let { json } = await call(client, 'session_list');
    assert.ok(json.sessions.some((s) => s.session === 'closing:default'));
    const closed = await call(client, 'session_close', { session: 'closing' });
    assert.equal(closed.json.closed, true);
    ({ json } = await call(client, 'session_list'));
    assert.ok(!json.sessions.some((s) => s.session === 'closing:default'));
    assert.equal((await call(client, 'session_close', { session: 'closing' })).json.closed, false);
  });

  // Last: it removes the project's broken extension files, which the cases above rely on.
  test('bdd_run: a file that fails to load fails the run before any scenario; fixed, a run with counts and failures', async ({ client, dir }) => {
    const broken = await call(client, 'bdd_run', { paths: ['features'] });
    assert.equal(broken.json.success, false, broken.text);
    assert.deepEqual(broken.json.scenarios, {}, 'no scenario ran');
    assert.match(broken.json.stderr, /extensions\/badschema\.ts:1/);
    assert.match(broken.json.stderr, /extensions\/dup\.ts:1/);
    assert.match(broken.json.stderr, /no scenario was run/);
    fs.rmSync(`${dir}/extensions/dup.ts`);
    fs.rmSync(`${dir}/extensions/badschema.ts`);
    const { json, text } = await call(client, 'bdd_run', { paths: ['features'] });
    assert.equal(json.success, false, text);
    assert.deepEqual(json.scenarios, { PASSED: 1, FAILED: 1 });
    assert.equal(json.failures.length, 1);
    assert.equal(json.failures[0].scenario, 'Wrong greeting');
    assert.equal(json.failures[0].location, 'features/broken.feature:2');
    assert.match(json.failures[0].error, /Welcome, alice/);
    const one = await call(client, 'bdd_run', { paths: ['features/login.feature'] });
    assert.equal(one.json.success, true, one.text);
  });
}
