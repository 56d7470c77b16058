// `ferridriver mcp` over stdio, driven by the official SDK client.
// Usage: FERRIDRIVER_BIN=/path/to/ferridriver node stdio.test.mjs
import fs from 'node:fs';
import { connectStdio, makeProject, run } from './harness.mjs';
import { registerCases } from './cases.mjs';
import { startSite } from './site.mjs';

registerCases();

await run(
  async () => {
    const { server, base } = await startSite();
    const dir = makeProject(base);
    const client = await connectStdio(dir, 'ferridriver-tests');
    return { client, base, dir, server };
  },
  async ({ client, server, dir }) => {
    await client.close();
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  },
);
