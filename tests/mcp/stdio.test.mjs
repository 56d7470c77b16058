// `ferridriver mcp` over stdio, driven by the official SDK client.
// Usage: FERRIDRIVER_BIN=/path/to/ferridriver node stdio.test.mjs
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import fs from 'node:fs';
import { makeProject, run } from './harness.mjs';
import { registerCases } from './cases.mjs';
import { startSite } from './site.mjs';

registerCases();

await run(
  async () => {
    const { server, base } = await startSite();
    const dir = makeProject(base);
    const transport = new StdioClientTransport({
      command: process.env.FERRIDRIVER_BIN,
      args: ['mcp'],
      cwd: dir,
      stderr: 'inherit',
    });
    const client = new Client({ name: 'ferridriver-tests', version: '1.0.0' });
    await client.connect(transport);
    return { client, base, dir, server };
  },
  async ({ client, server, dir }) => {
    await client.close();
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  },
);
