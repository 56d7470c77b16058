// Test helpers for the SDK-driven MCP tests: a project directory, tool calls that parse the
// JSON result, and a tiny runner that reports each case and exits non-zero on a failure.
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
  write('ferridriver.toml', `[test]\nworld_parameters = { baseUrl = "${base}" }\ntimeout = 15000\n\n[scripting]\nallowEnv = []\n`);
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
    `Feature: Login\n  Scenario: Ada signs in\n    When I sign in as "ada"\n    Then the dashboard greets "ada"\n`,
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
