// Test helpers for the SDK-driven MCP tests: a project directory, tool calls that parse the
// JSON result, and a tiny runner that reports each case and exits non-zero on a failure.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export { assert };

const cases = [];
export function test(name, fn) {
  cases.push({ name, fn });
}

export async function run(setup, teardown) {
  let failed = 0;
  const context = await setup();
  for (const { name, fn } of cases) {
    const started = Date.now();
    try {
      await fn(context);
      console.log(`ok   ${name} (${Date.now() - started} ms)`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${name}\n${(e && e.stack) || e}`);
    }
  }
  await teardown(context);
  console.log(`${cases.length - failed}/${cases.length} passed`);
  process.exit(failed ? 1 : 0);
}

/// A throwaway project: config (baseUrl → the site), a JS step file and two features.
export function makeProject(base) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-mcp-'));
  const write = (rel, text) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  write('ferridriver.toml', `extensions = ["extensions"]\n\n[test]\nworld_parameters = { baseUrl = "${base}" }\ntimeout = 15000\n\n[scripting]\nallowEnv = []\n`);
  write(
    'extensions/box.ts',
    `// One extension file: MCP tools, a script helper, and (under bdd) a step that uses them.
defineTool({
  name: 'box.greet',
  description: 'Write a greeting on the page and read it back',
  inputSchema: { type: 'object', properties: { user: { type: 'string' } }, required: ['user'], additionalProperties: false },
  outputSchema: { type: 'object', properties: { greeting: { type: 'string' } }, required: ['greeting'] },
  exposeAsTool: true,
  handler: async ({ args, page }: any) => {
    await page.setContent('<h1>Hello ' + args.user + '</h1>');
    return { greeting: await page.locator('h1').textContent() };
  },
});
defineTool({ name: 'box.fail', exposeAsTool: true }, async () => {
  throw new Error('box is broken');
});
defineTool({ name: 'box.slow', exposeAsTool: true, timeoutMs: 300, handler: () => new Promise((r) => setTimeout(r, 5000)) });
defineTool({ name: 'box.badout', exposeAsTool: true, outputSchema: { type: 'string' }, handler: async () => 5 });
defineTool({ name: 'box.helper', handler: async ({ args }: any) => args.n * 2 });
defineTool({ name: 'session.list', exposeAsTool: true, handler: async () => 'mine' });
// A step for every host (bdd runs it in features, the MCP server in bdd_run_steps).
Then('the helper doubles {int} to {int}', async function (n: number, expected: number) {
  const got = await plugins['box.helper']({ n });
  if (got !== expected) throw new Error('helper gave ' + got);
});
// Only where an agent is connected.
if (ferridriver.host === 'mcp') {
  defineTool({ name: 'box.host', exposeAsTool: true, handler: async () => ferridriver.host });
}
`,
  );
  write('extensions/dup.ts', `defineTool({ name: 'box.greet', handler: async () => 1 });\n`);
  write('extensions/badschema.ts', `defineTool({ name: 'bad.schema', inputSchema: { type: 'nonsense' }, handler: async () => 1 });\n`);
  write(
    'steps/site.ts',
    `import { Then, When } from '@cucumber/cucumber';
import { expect } from '@playwright/test';

When('I sign in as {string}', async function (this: any, user: string) {
  await this.page.goto('/login');
  await this.page.getByLabel('User name').fill(user);
  await this.page.getByRole('button', { name: 'Sign in' }).click();
});

Then('the dashboard greets {string}', async function (this: any, user: string) {
  await expect(this.page.getByTestId('dashboard')).toHaveText('Welcome, ' + user);
});
`,
  );
  write(
    'features/login.feature',
    `Feature: Login\n  Scenario: Ada signs in\n    When I sign in as "ada"\n    Then the dashboard greets "ada"\n    And the helper doubles 3 to 6\n`,
  );
  write(
    'features/broken.feature',
    `Feature: Broken\n  Scenario: Wrong greeting\n    When I sign in as "bob"\n    Then the dashboard greets "alice"\n`,
  );
  write('.ferridriver/scripts/lib/util.ts', 'export const twice = (n: number): number => n * 2;\n');
  write('.ferridriver/scripts/task.ts', "import { twice } from './lib/util';\nexport default twice(args[0]);\n");
  return dir;
}

/// Calls a tool; returns `{ result, json }` (json: the first text content parsed, if JSON).
export async function call(client, name, args = {}) {
  const result = await client.callTool({ name, arguments: args });
  const text = result.content?.find((c) => c.type === 'text')?.text;
  let json;
  try {
    json = text === undefined ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { result, json, text };
}

/// run_script; returns the envelope.
export async function script(client, source, extra = {}) {
  const { result, json } = await call(client, 'run_script', { source, ...extra });
  assert.equal(result.isError, false, `run_script is not an MCP error: ${JSON.stringify(result)}`);
  return json;
}

/// run_script that must succeed; returns its value.
export async function value(client, source, extra = {}) {
  const envelope = await script(client, source, extra);
  assert.equal(envelope.status, 'ok', JSON.stringify(envelope, null, 2));
  return envelope.value;
}

/// An SDK client connected over stdio to `ferridriver mcp` running in `dir`.
export async function connectStdio(dir, name, stderr = 'inherit') {
  const transport = new StdioClientTransport({ command: process.env.FERRIDRIVER_BIN, args: ['mcp'], cwd: dir, stderr });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return client;
}
