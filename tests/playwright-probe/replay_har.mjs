// Replays a HAR with Playwright's own router (`context.routeFromHAR`, nothing reaches the
// network: a request without an entry is aborted) and prints what the page saw as JSON. The
// tests use it to judge the HARs `recordHar` writes by the reader people replay them with.
//
//   node replay_har.mjs HAR_FILE URL
//
// The page at URL is expected to set its title to 'done' once its own requests are answered.

import { chromium } from 'playwright-core';

const [har, url] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const context = await browser.newContext();
  await context.routeFromHAR(har, { notFound: 'abort' });
  const page = await context.newPage();
  const response = await page.goto(url);
  await page.waitForFunction(() => document.title === 'done', null, { timeout: 5000 });
  const seen = await page.evaluate(() => ({ image: document.images[0].naturalWidth, basket: document.body.dataset.basket }));
  console.log(JSON.stringify({ status: response.status(), path: new URL(page.url()).pathname, title: await page.title(), ...seen }));
} catch (e) {
  console.log(JSON.stringify({ error: String(e.message).split('\n')[0] }));
} finally {
  await browser.close();
}
