// Wrong uses of the Playwright API that the declarations must reject.
import { Then } from '@cucumber/cucumber';
import { expect, type Page } from '@playwright/test';

Then('wrong locator use', async function () {
  // @ts-expect-error: a misspelled locator method
  await this.page.getByRole('button').clik();
  // @ts-expect-error: fill takes a string
  await this.page.getByLabel('Age').fill(42);
  // @ts-expect-error: not an ARIA role
  this.page.getByRole('buton');
  // @ts-expect-error: a misspelled getByRole option
  this.page.getByRole('heading', { levle: 1 });
  // @ts-expect-error: level is a number
  this.page.getByRole('heading', { level: 'one' });
  // @ts-expect-error: not a mouse button
  await this.page.locator('a').click({ button: 'back' });
  // @ts-expect-error: getByTestId takes a string (a RegExp is refused)
  this.page.getByTestId(/submit/);
  // @ts-expect-error: page.$ may resolve to null (nothing matches)
  await (await this.page.$('a')).click();
  // @ts-expect-error: textContent is a method of a locator, not a property
  const text: string = this.page.locator('h1').textContent;
  // @ts-expect-error: waitForSelector may resolve to null (a hidden or detached state)
  (await this.page.waitForSelector('a')).asElement();
  // @ts-expect-error: page.evaluate's function needs the argument it declares
  await this.page.evaluate((n: number) => n * 2);
  // @ts-expect-error: a tap has no button
  await this.page.locator('a').tap({ button: 'left' });
  // @ts-expect-error: clock.install takes an options object
  await this.page.clock.install(Date.now());
  // @ts-expect-error: page.video() is null when the context records no video
  await this.page.video().path();
  // @ts-expect-error: recordVideo's fps is a number
  await this.browser.newContext({ recordVideo: { fps: '25' } });
  // @ts-expect-error: not a context option (Playwright's is `locale`)
  await this.browser.newContext({ locales: 'fr-FR' });
  // @ts-expect-error: goto may resolve to null (a same-document navigation)
  (await this.page.goto('/')).status();
  // @ts-expect-error: not a waitUntil value
  await this.page.goto('/', { waitUntil: 'sideways' });
  // @ts-expect-error: no such page event
  this.page.on('tab', () => undefined);
  // @ts-expect-error: a context announces pages, not popups
  this.page.context().on('popup', () => undefined);
  // @ts-expect-error: a console listener gets a ConsoleMessage
  this.page.on('console', (message: Error) => message.stack);
  // @ts-expect-error: the response of `this.request` has methods under bdd (status())
  const status: number = (await this.request.get('/')).status;
});

Then('wrong expectations', async function () {
  const page: Page = this.page;
  // @ts-expect-error: toHaveURL is a page assertion
  await expect(page.locator('a')).toHaveURL('/');
  // @ts-expect-error: toBeVisible is a locator assertion
  await expect(page).toBeVisible();
  // @ts-expect-error: toHaveCount takes a number
  await expect(page.locator('li')).toHaveCount('3');
  // @ts-expect-error: toHaveValue takes one value (no array)
  await expect(page.locator('input')).toHaveValue(['a']);
  // @ts-expect-error: toHaveScreenshot is not implemented
  await expect(page).toHaveScreenshot();
  // @ts-expect-error: toBeInViewport's ratio is a number
  await expect(page.locator('input')).toBeInViewport({ ratio: 'half' });
  // @ts-expect-error: toHaveValues takes an array
  await expect(page.locator('select')).toHaveValues('a');
  // @ts-expect-error: value matchers do not apply to a locator
  expect(page.locator('li')).toHaveLength(3);
  // @ts-expect-error: a custom matcher answers { pass, message }
  expect.extend({ toBeOdd: (n: number) => n % 2 === 1 });
  // @ts-expect-error: toBeGreaterThan takes a number
  expect(3).toBeGreaterThan('2');
});

Then('wrong route use', async function () {
  // @ts-expect-error: not one of route.abort's error codes
  await this.page.route('**', (route) => route.abort('nope'));
  // @ts-expect-error: a route predicate gets the Request (not a URL)
  await this.page.route((url: URL) => url.pathname === '/', (route) => route.continue());
  // @ts-expect-error: the file is `path`, not `file`
  await this.page.route('**', (route) => route.fulfill({ file: 'x.json' }));
});
