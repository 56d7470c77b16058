// Cucumber API: a custom World, parameter types, tables, doc strings, hooks, attachments.
import {
  After,
  AfterAll,
  AfterStep,
  Before,
  BeforeAll,
  BeforeStep,
  DataTable,
  defineParameterType,
  Given,
  PendingException,
  setDefaultTimeout,
  setDefinitionFunctionWrapper,
  setWorldConstructor,
  Status,
  Then,
  When,
  World,
  type IWorldOptions,
  type ITestCaseHookParameter,
} from '@cucumber/cucumber';
import assert from 'node:assert';

interface Parameters {
  baseUrl: string;
  currency?: string;
}

class Money {
  constructor(
    readonly cents: number,
    readonly currency: string,
  ) {}
}

/** The suite's World: the default one plus a cart. */
class CartWorld extends World<Parameters> {
  items: Money[] = [];
  constructor(options: IWorldOptions<Parameters>) {
    super(options);
  }
  total(): number {
    return this.items.reduce((sum, m) => sum + m.cents, 0);
  }
  async openShop(): Promise<void> {
    await this.page.goto(`${this.parameters.baseUrl}/shop`);
  }
}
setWorldConstructor(CartWorld);
setDefaultTimeout(15_000);
setDefinitionFunctionWrapper((fn, options) => {
  if (options && options.retry) {
    return async function (this: unknown, ...args: unknown[]) {
      try {
        return await fn.apply(this, args);
      } catch {
        return await fn.apply(this, args);
      }
    };
  }
  return fn;
});

defineParameterType({
  name: 'money',
  regexp: /(\d+)\.(\d\d) ([A-Z]{3})/,
  transformer: (euros, cents, currency) => new Money(Number(euros) * 100 + Number(cents), currency),
});
defineParameterType({
  name: 'flag',
  regexp: ['on', 'off'],
  useForSnippets: false,
  transformer(value) {
    return value === 'on';
  },
});

BeforeAll(async function () {
  await this.attach('suite starting', 'text/plain');
  this.log(`base ${String(this.parameters.baseUrl)}`);
  // Sign in once; `[browser] storageState = "auth.json"` starts every scenario signed in.
  const context = await this.browser.newContext({ locale: 'en-GB', colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto('/login');
  const state = await context.storageState({ path: 'auth.json' });
  this.log(`${state.cookies.length} cookies, ${state.origins.length} origins`);
  await context.close();
});

Before({ tags: '@cart', name: 'empty the cart', order: 1 }, function (this: CartWorld, { pickle, gherkinDocument }) {
  this.items = [];
  this.log(`${pickle.name} (${pickle.tags.map((t) => t.name).join(' ')}) in ${gherkinDocument?.uri ?? '?'}`);
});

Before('@slow', async function () {
  this.parameters; // any: the default World's parameters
});

Given<CartWorld>('a cart with:', function (table: DataTable) {
  for (const row of table.hashes()) {
    this.items.push(new Money(Number(row.cents), row.currency ?? 'EUR'));
  }
  const [header] = table.raw();
  assert.ok(header.length > 0);
  assert.deepStrictEqual(table.transpose().rows().length >= 0, true);
});

Given('the prices:', function (this: CartWorld, table: DataTable) {
  const prices = table.rowsHash();
  this.items.push(...Object.values(prices).map((p) => new Money(Number(p), 'EUR')));
});

When('I add {money}', { timeout: 2_000 }, function (this: CartWorld, money: Money) {
  this.items.push(money);
});

When('express delivery is {flag}', { wrapperOptions: { retry: true } }, function (on: boolean) {
  if (on) return 'pending';
  return undefined;
});

When('I write a note:', async function (this: CartWorld, note: string) {
  await this.attach(note, { mediaType: 'text/markdown', fileName: 'note.md' });
  await this.attach(Buffer.from(note), 'application/octet-stream');
  await this.attach(btoa(note), 'base64:text/plain');
  this.link('https://example.com/a', 'https://example.com/b');
});

Then('the total is {int} cents', function (this: CartWorld, expected: number) {
  assert.strictEqual(this.total(), expected);
});

Then(/^the cart has (\d+) items?$/, function (this: CartWorld, count: string) {
  assert.equal(this.items.length, Number(count));
});

Then('nothing yet', () => {
  throw new PendingException();
});

Then('only on Mondays', function () {
  if (new Date().getDay() !== 1) this.skip();
});

Then('the default world works', async function () {
  // The default World: declared fixtures plus any property.
  this.visits = (this.visits ?? 0) + 1;
  await this.page.getByRole('button', { name: 'Go' }).click();
});

BeforeStep({ tags: '@trace' }, function ({ pickleStep, testStepId }) {
  this.log(`${testStepId}: ${pickleStep.text}`);
});

AfterStep(async function ({ result }) {
  if (result.status === Status.FAILED) {
    await this.attach(await this.page.screenshot(), 'image/png');
  }
});

const report = async function (this: CartWorld, { result, willBeRetried }: ITestCaseHookParameter) {
  if (result.status !== 'PASSED' && !willBeRetried) {
    this.log(`failed: ${result.message ?? ''} after ${result.duration.seconds}s`);
  }
};
After(report);

AfterAll({ name: 'bye', timeout: 1_000 }, function () {
  this.log('done');
});
