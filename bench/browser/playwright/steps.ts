// The same step texts as ferridriver's built-in steps, written with Playwright locators.
import { expect } from '@playwright/test';
import { createBdd } from 'playwright-bdd';

const { Given, When, Then } = createBdd();

Given('I open {string}', async ({ page }, url: string) => { await page.goto(url); });
When('I fill {string} with {string}', async ({ page }, label: string, value: string) => {
  await page.getByLabel(label, { exact: true }).fill(value);
});
When('I click the {string} button', async ({ page }, name: string) => {
  await page.getByRole('button', { name, exact: true }).click();
});
When('I check {string}', async ({ page }, label: string) => { await page.getByLabel(label, { exact: true }).check(); });
Then('I should see {string}', async ({ page }, text: string) => {
  await expect(page.getByText(text).first()).toBeVisible();
});
