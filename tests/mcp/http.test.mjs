// `ferridriver mcp --http` driven by the official SDK client, plus the HTTP gate: the bearer
// token, Origin and Host checks, the endpoint path, bad JSON-RPC, and --no-auth refusals.
// Usage: FERRIDRIVER_BIN=/path/to/ferridriver node http.test.mjs
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { assert, call, makeProject, run, test, value } from './harness.mjs';
import { registerCases } from './cases.mjs';
import { startSite } from './site.mjs';

const TOKEN = 'test-token-' + Math.random().toString(36).slice(2);
const init = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const post = (url, { headers = {}, body = JSON.stringify(init) } = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body,
  });

test('HTTP: no token, a wrong token, a foreign Origin or Host are refused', async ({ url }) => {
  assert.equal((await post(url)).status, 401);
  assert.equal((await post(url, { headers: { authorization: 'Bearer wrong' } })).status, 401);
  const auth = { authorization: `Bearer ${TOKEN}` };
  assert.equal((await post(url, { headers: { ...auth, origin: 'http://evil.example' } })).status, 403);
  // fetch will not let us set Host; a raw request does.
  const host = await new Promise((resolve) => {
    const u = new URL(url);
    import('node:http').then(({ request }) => {
      const r = request({ host: u.hostname, port: u.port, path: '/mcp', method: 'POST', headers: { ...auth, host: 'evil.example', 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (res) => resolve(res.statusCode));
      r.end(JSON.stringify(init));
    });
  });
  assert.equal(host, 403);
  assert.equal((await post(url.replace('/mcp', '/other'), { headers: auth })).status, 404);
  const ok = await post(url, { headers: { ...auth, origin: new URL(url).origin } });
  assert.equal(ok.status, 200);
});

test('HTTP: bad JSON-RPC gets a JSON-RPC error, and the server keeps serving', async ({ url, client }) => {
  const response = await post(url, { headers: { authorization: `Bearer ${TOKEN}` }, body: '{"jsonrpc": "2.0", "id": 1, "method": ' });
  assert.ok(response.status >= 400 && response.status < 500, `status ${response.status}`);
  const body = await response.json();
  assert.equal(body.error.code, -32700, JSON.stringify(body));
  assert.equal(await value(client, 'return 2 + 2'), 4);
});

test('HTTP: two clients share the server sessions', async ({ connect, client }) => {
  await value(client, "vars.set('who', 'first'); return 1", { session: 'shared' });
  const second = await connect();
  assert.equal(await value(second, "return vars.get('who')", { session: 'shared' }), 'first');
  await second.close();
});

test('--no-auth is refused on a non-loopback address; a bad --http is a usage error', async ({ dir }) => {
  const refused = spawnSync(process.env.FERRIDRIVER_BIN, ['mcp', '--http', '0.0.0.0:0', '--no-auth'], { cwd: dir, encoding: 'utf8', timeout: 20000 });
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /--no-auth is refused/);
  const bad = spawnSync(process.env.FERRIDRIVER_BIN, ['mcp', '--http', 'nonsense'], { cwd: dir, encoding: 'utf8', timeout: 20000 });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /expected HOST:PORT/);
});

registerCases();

async function startServer(dir) {
  const child = spawn(process.env.FERRIDRIVER_BIN, ['mcp', '--http', '127.0.0.1:0', '--token', TOKEN], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  const url = await new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no ready line; stderr: ${seen}`)), 30000);
    child.stderr.on('data', (chunk) => {
      seen += chunk;
      process.stderr.write(chunk);
      const m = seen.match(/ferridriver mcp listening on (http:\/\/\S+\/mcp)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}; stderr: ${seen}`)));
  });
  return { child, url };
}

await run(
  async () => {
    const { server, base } = await startSite();
    const dir = makeProject(base);
    const { child, url } = await startServer(dir);
    const connect = async () => {
      const transport = new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      });
      const c = new Client({ name: 'ferridriver-tests', version: '1.0.0' });
      await c.connect(transport);
      return c;
    };
    const client = await connect();
    return { client, connect, base, dir, server, child, url };
  },
  async ({ client, server, dir, child }) => {
    await client.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  },
);
