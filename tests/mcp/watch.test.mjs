// Extension files are watched: a new or changed tool is served without a restart, clients get
// notifications/tools/list_changed, sessions keep their vars, and a broken edit is reported
// while the server keeps serving.
// Usage: FERRIDRIVER_BIN=/path/to/ferridriver node watch.test.mjs
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert, call, run, test, value } from './harness.mjs';

let changes = 0;
let stderr = '';
const waitForChange = async (seen) => {
  const until = Date.now() + 20000;
  while (changes <= seen && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  assert.ok(changes > seen, 'notifications/tools/list_changed arrived');
};
// Saves as editors do, whole (a temporary file renamed over the old one): a plain write is a
// truncate and a write, and the watcher may reload the empty file in between and announce that
// change first.
const save = (file, text) => {
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
};
const tool = (name, body) => `defineTool({ name: '${name}', exposeAsTool: true, handler: async () => ${body} });\n`;

test('a new extension file is served after list_changed; sessions keep their vars', async ({ client, dir }) => {
  await value(client, "vars.set('kept', 'yes'); globalThis.g = 1; return 1");
  const seen = changes;
  save(path.join(dir, 'extensions/fresh.ts'), tool('fresh.tool', "'fresh'"));
  await waitForChange(seen);
  const { tools } = await client.listTools();
  assert.ok(tools.some((t) => t.name === 'fresh_tool'));
  assert.equal((await call(client, 'fresh_tool')).text, 'fresh');
  assert.deepEqual(await value(client, "return [vars.get('kept'), typeof g, await plugins['fresh.tool']()]"), ['yes', 'undefined', 'fresh']);
});

test('an edited tool answers with the new code', async ({ client, dir }) => {
  const seen = changes;
  save(path.join(dir, 'extensions/fresh.ts'), tool('fresh.tool', "'edited'"));
  await waitForChange(seen);
  assert.equal((await call(client, 'fresh_tool')).text, 'edited');
  // The kept module graph: only the saved file is parsed again.
  assert.match(stderr, /extensions reloaded \(1 of 2 modules rebuilt\)/, stderr);
});

test('a broken edit is reported, its tools go, and the server keeps serving', async ({ client, dir }) => {
  const seen = changes;
  save(path.join(dir, 'extensions/fresh.ts'), 'defineTool({ name: ');
  await waitForChange(seen);
  const { tools } = await client.listTools();
  assert.ok(!tools.some((t) => t.name === 'fresh_tool'));
  const { json } = await call(client, 'ferridriver_extensions');
  assert.ok(json.errors.some((e) => /fresh\.ts/.test(e)), JSON.stringify(json.errors));
  assert.equal((await call(client, 'stable_tool')).text, 'stable');
  assert.equal(await value(client, 'return 2'), 2);
});

await run(
  async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-watch-'));
    fs.mkdirSync(path.join(dir, 'extensions'));
    fs.writeFileSync(path.join(dir, 'ferridriver.toml'), 'extensions = ["extensions"]\n');
    fs.writeFileSync(path.join(dir, 'extensions/stable.ts'), tool('stable.tool', "'stable'"));
    const transport = new StdioClientTransport({ command: process.env.FERRIDRIVER_BIN, args: ['mcp'], cwd: dir, stderr: 'pipe' });
    transport.stderr.on('data', (chunk) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: 'watch', version: '1.0.0' });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changes++;
    });
    await client.connect(transport);
    return { client, dir };
  },
  async ({ client, dir }) => {
    await client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  },
);
