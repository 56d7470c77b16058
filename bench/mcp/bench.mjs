// MCP servers side by side, driven over stdio by the official SDK client:
//   node bench.mjs ferridriver|playwright-mcp BASE_URL [CALLS]
// Prints one JSON line: tools/list bytes, the latency of a trivial call on a warm session, the
// login page task (navigate + fill + fill + click + read) done in one call, the same task as an
// agent does it with one tool per action, and (ferridriver) 8 sessions × CALLS calls with the
// server's RSS before and after.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [which, base, callsArg] = process.argv.slice(2);
const CALLS = Number(callsArg || 1000);
const TASKS = 30;
const chromium = process.env.CHROME_PATH || '/usr/bin/chromium';

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const stats = (xs) => ({ p50_ms: +quantile(xs, 0.5).toFixed(2), p99_ms: +quantile(xs, 0.99).toFixed(2) });
const rssOf = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024;
};
async function timed(n, fn) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}
function check(result, what) {
  if (result.isError) throw new Error(`${what}: ${JSON.stringify(result.content)}`);
  return result;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-bench-mcp-'));
// ferridriver's extension tools: one with an input schema (the MCP round trip), one running a
// declared command (its overhead over spawning the process directly).
fs.mkdirSync(path.join(dir, 'extensions'));
fs.writeFileSync(path.join(dir, 'ferridriver.toml'), 'extensions = ["extensions"]\n');
fs.writeFileSync(
  path.join(dir, 'extensions/bench.ts'),
  `defineTool({
  name: 'bench.echo',
  exposeAsTool: true,
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
  handler: async ({ args }: any) => ({ echo: args.text }),
});
defineTool({ name: 'bench.cmd', allow: { commands: { t: { run: ['true'] } } }, handler: async ({ commands }: any) => commands.run('t') });
`,
);
const transport =
  which === 'ferridriver'
    ? new StdioClientTransport({ command: process.env.FERRIDRIVER_BIN, args: ['mcp'], cwd: dir, stderr: 'ignore' })
    : new StdioClientTransport({
        command: process.execPath,
        args: [path.join(import.meta.dirname, 'node_modules/@playwright/mcp/cli.js'), '--headless', '--isolated', '--no-sandbox', '--executable-path', chromium],
        cwd: dir,
        stderr: 'ignore',
      });
const client = new Client({ name: 'bench', version: '1' });
await client.connect(transport);
const call = async (name, args) => check(await client.callTool({ name, arguments: args }), name);
const result = { server: which };

const { tools } = await client.listTools();
result.tools_list_bytes = Buffer.byteLength(JSON.stringify({ tools }));
result.tools = tools.length;

const login = `${base}/login.html`;
// The same Playwright code for both one-call variants.
const task = `await page.goto(URL);
  await page.getByLabel('User name').fill('ada');
  await page.getByLabel('Password').fill('pw-ada');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/todo.html**');
  return await page.title();`;

if (which === 'ferridriver') {
  const trivial = () => call('run_script', { source: 'return 1 + 1' });
  await timed(50, trivial);
  result.trivial = { what: 'run_script `return 1 + 1`', ...stats(await timed(CALLS, trivial)) };
  const oneCall = () => call('run_script', { source: task.replace('URL', 'args[0]'), args: [login] });
  await oneCall();
  result.task_one_call = { what: 'run_script (one call)', ...stats(await timed(TASKS, oneCall)) };
  const steps = async () => {
    await call('bdd_run_steps', {
      steps: `Given I open "${login}"\nWhen I fill "User name" with "ada"\nAnd I fill "Password" with "pw-ada"\nAnd I click the "Sign in" button\nThen I should see "Hello, ada"`,
    });
  };
  result.task_steps = { what: 'bdd_run_steps (one call, 5 Gherkin steps)', ...stats(await timed(TASKS, steps)) };
  const echo = () => call('bench_echo', { text: 'hi' });
  await timed(50, echo);
  result.tool_call = { what: 'extension tool with an inputSchema (MCP → handler → result)', ...stats(await timed(CALLS, echo)) };
  const spawns = 100;
  const viaTool = await call('run_script', {
    source: `const t = Date.now(); for (let i = 0; i < ${spawns}; i++) await plugins['bench.cmd']({}); return (Date.now() - t) / ${spawns};`,
  });
  const { spawnSync } = await import('node:child_process');
  const direct = await timed(spawns, () => spawnSync('true'));
  const perTool = JSON.parse(viaTool.content[0].text).value;
  result.commands_run = { per_call_ms: +perTool.toFixed(2), direct_spawn_ms: +quantile(direct, 0.5).toFixed(2) };
  // 8 sessions × CALLS calls: the server's memory must stay flat.
  const pid = transport.pid;
  await Promise.all(Array.from({ length: 8 }, (_, s) => call('run_script', { source: 'return 1', session: `mem${s}` })));
  const before = rssOf(pid);
  await Promise.all(
    Array.from({ length: 8 }, (_, s) =>
      timed(CALLS, (i) => call('run_script', { source: 'globalThis.n = (globalThis.n || 0) + 1; return [args[0], n]', args: [i], session: `mem${s}` })),
    ),
  );
  result.memory = { sessions: 8, calls_each: CALLS, rss_before_mb: +before.toFixed(1), rss_after_mb: +rssOf(pid).toFixed(1) };
} else {
  await call('browser_navigate', { url: login });
  const trivial = () => call('browser_evaluate', { function: '() => 1 + 1' });
  await timed(50, trivial);
  result.trivial = { what: 'browser_evaluate `() => 1 + 1` (in the page)', ...stats(await timed(CALLS, trivial)) };
  const oneCall = () => call('browser_run_code_unsafe', { code: `async (page) => { const URL = ${JSON.stringify(login)}; ${task} }` });
  await oneCall();
  result.task_one_call = { what: 'browser_run_code_unsafe (one call)', ...stats(await timed(TASKS, oneCall)) };
  const steps = async () => {
    await call('browser_navigate', { url: login });
    await call('browser_type', { element: 'User name', target: '#user', text: 'ada' });
    await call('browser_type', { element: 'Password', target: '#password', text: 'pw-ada' });
    await call('browser_click', { element: 'Sign in', target: 'button[type=submit]' });
    await call('browser_wait_for', { text: 'Hello, ada' });
  };
  result.task_steps = { what: 'navigate + type + type + click + wait_for (5 calls)', ...stats(await timed(TASKS, steps)) };
}

await client.close();
fs.rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify(result));
