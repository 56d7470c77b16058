// The same measurements as bench/browser-actions with Playwright: context+page creation and
// the median latency of fill, click and textContent. Usage: node actions.mjs BASE_URL [ROUNDS]
import { chromium } from '@playwright/test';

const [base, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg || 100);
const median = (v) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)];
const now = () => performance.now();

let t = now();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
console.log(`launch_ms ${(now() - t).toFixed(1)}`);

const creation = [];
for (let i = 0; i < 20; i++) {
  t = now();
  const context = await browser.newContext();
  const page = await context.newPage();
  creation.push(now() - t);
  await page.close();
  await context.close();
}
console.log(`context_page_ms ${median(creation).toFixed(2)}`);

const context = await browser.newContext();
const page = await context.newPage();
await page.goto(`${base}/todo.html?user=bench`);
const field = page.getByLabel('New todo', { exact: true });
const add = page.getByRole('button', { name: 'Add', exact: true });
const left = page.locator('#left');
const fill = [], click = [], text = [];
for (let i = 0; i < rounds; i++) {
  t = now(); await field.fill(`item ${i}`); fill.push(now() - t);
  t = now(); await add.click(); click.push(now() - t);
  t = now(); await left.textContent(); text.push(now() - t);
}
console.log(`fill_ms ${median(fill).toFixed(2)}`);
console.log(`click_ms ${median(click).toFixed(2)}`);
console.log(`text_content_ms ${median(text).toFixed(2)}`);
await browser.close();
