// An extension file: MCP tools (both forms of defineTool), a helper for scripts, and a step that
// uses it, branching on ferridriver.host. The cucumber functions are globals here (no import).

declare global {
  namespace ferridriver {
    // Typing one's own tools for `plugins[name]`.
    interface Plugins {
      'box.double': (args: { n: number }) => Promise<number>;
    }
  }
}

interface LoginArgs {
  user: string;
  remember?: boolean;
}

if (ferridriver.host === 'mcp' || ferridriver.host === 'script') {
  defineTool<LoginArgs, { cookie: string }>({
    name: 'box.login',
    description: 'Log a test user in and return the session cookie',
    inputSchema: {
      type: 'object',
      properties: { user: { type: 'string' }, remember: { type: 'boolean' } },
      required: ['user'],
      additionalProperties: false,
    },
    outputSchema: { type: 'object', properties: { cookie: { type: 'string' } }, required: ['cookie'] },
    exposeAsTool: true,
    timeoutMs: 30_000,
    allow: {
      net: ['*.box.com', 'localhost'],
      commands: {
        sha: { run: ['git', 'rev-parse', '${ref}'], output: 'text', timeoutMs: 5_000 },
        dev: { run: 'npm run dev', persistent: true, env: ['HOME'], cwd: 'app' },
        date: 'date -u',
      },
    },
    handler: async ({ args, page, context, request, commands }) => {
      const res = await request.post('https://api.box.com/login', { data: { user: args.user } });
      // The response shape depends on the host: methods under bdd, values in scripts and MCP.
      const status = typeof res.status === 'function' ? res.status() : res.status;
      if (status >= 400) throw new Error(`login failed: ${status} ${await res.text()}`);
      const { cookie } = (await res.json()) as { cookie: string };
      await context.addCookies([{ name: 'session', value: cookie, url: 'https://app.box.com' }]);
      await page.goto('https://app.box.com');
      const sha: string = await commands.run('sha', { ref: 'HEAD' });
      const started = await commands.start('dev');
      const state = await commands.status('dev');
      if (state.running && state.pid === started.pid) await commands.stop('dev');
      return { cookie: `${cookie}; ${sha}` };
    },
  });
}

defineTool({ name: 'box.double', description: 'Doubles n', inputSchema: { type: 'object', properties: { n: { type: 'number' } } } }, async ({ args }: { args: { n: number } }) => args.n * 2);

defineTool({ name: 'box.title', exposeAsTool: true }, async ({ page }) => ({ title: await page.title() }));

if (ferridriver.host === 'bdd') {
  Then('the helper doubles {int} to {int}', async function (n: number, expected: number) {
    const got = await plugins['box.double']({ n });
    if (got !== expected) throw new Error(`helper gave ${got}`);
    const other: unknown = await plugins['box.title']();
    this.log(JSON.stringify(other));
    try {
      await plugins['box.double']({ n: 'two' as unknown as number });
    } catch (e) {
      const failure = e as ferridriver.ToolError;
      if (failure.code !== 'INVALID_ARGUMENTS' || failure.retryable) throw e;
    }
  });
}

Before(async function () {
  process.env.BASE_URL ??= 'http://localhost:8080';
  await this.page.goto(process.env.BASE_URL);
  process.stdout.write(`cwd ${process.cwd()} on ${process.platform}\n`);
});

export {};

// A plugin: short tool names, declared error codes thrown with PluginError.
definePlugin({
  name: 'crate',
  version: '1.0.0',
  coreVersion: '^0.1',
  errorCodes: { EMPTY: { retryable: false, hint: 'fill it first' } },
  tools: [
    {
      name: 'open',
      handler: async ({ args }: { args: { items: number } }) => {
        if (args.items === 0) throw new PluginError('EMPTY', 'the crate is empty', { details: { items: 0 } });
        return args.items;
      },
    },
  ],
});
