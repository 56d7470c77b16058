// The stress suite's steps, written with Playwright's API on `this.page`. The Playwright spec in
// ../playwright/navigation.spec.ts makes the same calls and the same assertions.
import { Given, When, Then } from '@cucumber/cucumber';
import { expect } from '@playwright/test';

// An absolute URL on the site under test (`baseUrl` world parameter).
function site(world: any, path: string): string {
  return new URL(path, world.parameters.baseUrl).href;
}

Given('I open {string}', async function (path: string) {
  this.response = await this.page.goto(path);
});

When('I open {string} until {string}', async function (path: string, waitUntil: string) {
  this.response = await this.page.goto(path, { waitUntil });
});

When('I click the link {string}', async function (name: string) {
  await this.page.getByRole('link', { name, exact: true }).click();
});

When('I click the button {string}', async function (name: string) {
  await this.page.getByRole('button', { name, exact: true }).click();
});

When('I type {string} into the {string} field', async function (value: string, label: string) {
  await this.page.getByLabel(label).fill(value);
});

When('I press Enter in the {string} field', async function (label: string) {
  await this.page.getByLabel(label).press('Enter');
});

When('I go back', async function () {
  await this.page.goBack();
});

When('I go forward', async function () {
  await this.page.goForward();
});

When('I reload the page', async function () {
  await this.page.reload();
});

When('I wait for the load state {string}', async function (state: string) {
  await this.page.waitForLoadState(state);
});

When('I mark the document', async function () {
  await this.page.evaluate(() => { (window as any).marked = 'this document'; });
});

When('the page pushes the state {string}', async function (path: string) {
  await this.page.evaluate((url: string) => history.pushState({}, '', url), path);
});

Then('the document is the one I marked', async function () {
  expect(await this.page.evaluate(() => (window as any).marked)).toBe('this document');
});

Then('the URL is {string}', async function (path: string) {
  expect(this.page.url()).toBe(site(this, path));
});

Then('the URL becomes {string}', async function (path: string) {
  await expect(this.page).toHaveURL(site(this, path));
});

Then('the title is {string}', async function (title: string) {
  expect(await this.page.title()).toBe(title);
});

Then('the title becomes {string}', async function (title: string) {
  await expect(this.page).toHaveTitle(title);
});

Then('I see {string}', async function (text: string) {
  await expect(this.page.getByText(text, { exact: true })).toBeVisible();
});

Then('the page is scrolled down', async function () {
  await expect.poll(() => this.page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
});

Then('there was no response', async function () {
  expect(this.response).toBeNull();
});

Then('the response has status {int} and the URL {string}', async function (status: number, path: string) {
  expect(this.response.status()).toBe(status);
  expect(this.response.url()).toBe(site(this, path));
});

Then('opening {string} fails with {string}', async function (path: string, message: string) {
  await expect(this.page.goto(path)).rejects.toThrow(message);
});

Then('there is nowhere further forward', async function () {
  expect(await this.page.goForward()).toBeNull();
});

Then('the page has loaded with its picture', async function () {
  expect(await this.page.evaluate(() => document.readyState)).toBe('complete');
  expect(await this.page.evaluate(() => {
    const pic = document.getElementById('pic') as HTMLImageElement;
    return pic.complete && pic.naturalWidth;
  })).toBe(1);
});

Then('the frame {string} shows {string}', async function (selector: string, text: string) {
  await expect(this.page.frameLocator(selector).getByText(text, { exact: true })).toBeVisible();
});
