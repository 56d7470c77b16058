// The __NAME__ plugin, made by `ferridriver extensions init __NAME__`: a tool that MCP clients
// call as __NAME___greet and scripts and steps call as plugins['__NAME__.greet'], an error code,
// an event handler, and steps that use the tool (features/__NAME__.feature runs them). Replace them with your own.
definePlugin({
  name: '__NAME__',
  version: '0.1.0',
  coreVersion: '>=0.1.0',
  description: 'Greets people: a starting point for your own tools',
  errorCodes: {
    EMPTY_NAME: { retryable: false, hint: 'pass a name with at least one letter' },
  },
  tools: [
    {
      name: 'greet',
      description: 'A greeting for `who`',
      exposeAsTool: true,
      inputSchema: {
        type: 'object',
        properties: { who: { type: 'string', description: 'Who to greet' } },
        required: ['who'],
        additionalProperties: false,
      },
      // What the tool may use (network hosts, commands) goes in `allow`; the extension
      // policy decides whether it is granted (`ferridriver extensions list` shows it).
      handler: async ({ args }: { args: { who: string } }) => {
        const who = args.who.trim();
        if (!who) throw new PluginError('EMPTY_NAME', 'who is empty', { details: { who: args.who } });
        return { greeting: `Hello, ${who}!` };
      },
    },
  ],
  // Events of the host it runs in (pages, scenarios, sessions): handlers run beside what
  // caused them and never hold it up.
  on: {
    scenarioEnd: ({ name, status }: { name: string; status: string }) => {
      if (status === 'FAILED') console.error(`[__NAME__] scenario "${name}" failed`);
    },
  },
});

When('__NAME__ greets {string}', async function (this: { greeting?: string }, who: string) {
  const result: { greeting: string } = await plugins['__NAME__.greet']({ who });
  this.greeting = result.greeting;
});

Then('__NAME__ says {string}', function (this: { greeting?: string }, expected: string) {
  if (this.greeting !== expected) throw new Error(`expected "${expected}", got "${this.greeting}"`);
});
