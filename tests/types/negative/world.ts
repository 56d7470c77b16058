// Wrong uses of the cucumber API, the World and the globals that the declarations must reject.
import { After, Before, BeforeAll, DataTable, Given, Status, When, World } from '@cucumber/cucumber';

class ShopWorld extends World {
  basket: string[] = [];
}

// A plain function has no World: `this` is untyped.
async function openHome() {
  // @ts-expect-error: 'this' implicitly has type 'any'
  await this.page.goto('/');
}

Given<ShopWorld>('a basket', function () {
  this.basket.push('tea');
  // @ts-expect-error: not a member of ShopWorld
  this.wallet.push('coin');
});

When('a table', function (table: DataTable) {
  // @ts-expect-error: hashes() returns objects, not arrays
  const first: string[] = table.hashes()[0];
});

Before(function (hook) {
  // @ts-expect-error: a Before hook is not told a result
  hook.result;
});

After(function ({ result }) {
  // @ts-expect-error: no such status
  if (result.status === Status.BROKEN) this.log('?');
});

BeforeAll(function () {
  // @ts-expect-error: BeforeAll has no World (no page)
  this.page.goto('/');
});

// @ts-expect-error: step options are an object ({ timeout }), not a number
Given('slow', 5000, function () {});

// @ts-expect-error: attach needs a media type for bytes
When('bytes', async function () { await this.attach(new Uint8Array([1])); });

// @ts-expect-error: script globals are not visible to step files
page.goto('/');
// @ts-expect-error: script globals are not visible to step files
vars.get('x');

// @ts-expect-error: the host is one of 'bdd' | 'mcp' | 'script'
if (ferridriver.host === 'test') openHome();

// @ts-expect-error: ferridriver.host is read-only
ferridriver.host = 'bdd';

defineTool({
  name: 'x',
  // @ts-expect-error: output is 'text' | 'json' | 'lines'
  allow: { commands: { a: { run: 'ls', output: 'yaml' } } },
  handler: async () => 1,
});

// @ts-expect-error: a tool needs a handler
defineTool({ name: 'no.handler' });

// @ts-expect-error: plugins is read-only
plugins['x'] = async () => 1;

// @ts-expect-error: steps/extension.ts typed this tool's arguments ({ n: number })
plugins['box.double']({ n: 'two' });
