// Step definitions in TypeScript with the cucumber-js API. `this.page` is the scenario's page
// (Playwright's Page); the built-in steps (`ferridriver steps` lists them) share it.
import { When, Then } from '@cucumber/cucumber';
import { expect } from '@playwright/test';

When('I add {string} to the list', async function (item: string) {
  await this.page.getByLabel('New item').fill(item);
  await this.page.getByRole('button', { name: 'Add' }).click();
});

Then('the list shows {int} item(s)', async function (count: number) {
  await expect(this.page.getByRole('listitem')).toHaveCount(count);
});
