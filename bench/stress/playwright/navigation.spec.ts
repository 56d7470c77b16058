// The stress suite's 24 scenarios (../features) as @playwright/test tests: the same names, the
// same calls on `page`, the same assertions, in the order the steps make them.
import { test, expect, type Page } from '@playwright/test';

const site = (path: string) => new URL(path, process.env.BASE_URL).href;
const mark = (page: Page) => page.evaluate(() => { (window as any).marked = 'this document'; });
const expectMarked = async (page: Page) =>
  expect(await page.evaluate(() => (window as any).marked)).toBe('this document');
const see = (page: Page, text: string) => expect(page.getByText(text, { exact: true })).toBeVisible();
const link = (page: Page, name: string) => page.getByRole('link', { name, exact: true });
const scrolledDown = (page: Page) => expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
const loadedWithPicture = async (page: Page) => {
  expect(await page.evaluate(() => document.readyState)).toBe('complete');
  expect(await page.evaluate(() => {
    const pic = document.getElementById('pic') as HTMLImageElement;
    return pic.complete && pic.naturalWidth;
  })).toBe(1);
};

test.describe('Fragments and same-document navigations', () => {
  test('A link to a section of another page', async ({ page }) => {
    await page.goto('/index.html');
    await link(page, 'Jump to the section').click();
    expect(page.url()).toBe(site('/target.html#section'));
    expect(await page.title()).toBe('Target');
    await see(page, 'The section');
    await scrolledDown(page);
  });

  test('A link to a section of the same page keeps the document', async ({ page }) => {
    await page.goto('/target.html');
    await mark(page);
    await link(page, 'Go to the section').click();
    await expect(page).toHaveURL(site('/target.html#section'));
    await expectMarked(page);
    await scrolledDown(page);
  });

  test('Opening a fragment of the current page has no response', async ({ page }) => {
    await page.goto('/target.html');
    await mark(page);
    const response = await page.goto('/target.html#section');
    expect(response).toBeNull();
    expect(page.url()).toBe(site('/target.html#section'));
    await expectMarked(page);
  });

  test('Going back from a pushed state and a fragment', async ({ page }) => {
    await page.goto('/target.html');
    await mark(page);
    await page.goto('/target.html#section');
    await page.evaluate((url: string) => history.pushState({}, '', url), '/target/pushed');
    expect(page.url()).toBe(site('/target/pushed'));
    await page.goBack();
    expect(page.url()).toBe(site('/target.html#section'));
    await page.goBack();
    expect(page.url()).toBe(site('/target.html'));
    await expectMarked(page);
  });
});

test.describe('Pages that send you elsewhere while they load', () => {
  for (const [name, path, via] of [
    ['location.replace in an inline script', '/replace.html', 'replace'],
    ['location.href in an inline script', '/script-away.html', 'script'],
    ['A meta refresh', '/refresh.html', 'refresh'],
    ['A timer that leaves before the page has loaded', '/late-away.html', 'late'],
  ]) {
    test(name, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(site(`/landed.html?via=${via}`));
      await expect(page).toHaveTitle('Landed');
      await see(page, `via ${via}`);
    });
  }

  test('location.replace leaves no history entry behind', async ({ page }) => {
    await page.goto('/index.html');
    await page.goto('/replace.html');
    await expect(page).toHaveURL(site('/landed.html?via=replace'));
    await page.goBack();
    expect(page.url()).toBe(site('/index.html'));
    expect(await page.title()).toBe('Home');
  });
});

test.describe('Server redirects and responses', () => {
  test('Opening a 302 chain ends on the final page', async ({ page }) => {
    const response = await page.goto('/hop/3');
    expect(response!.status()).toBe(200);
    expect(response!.url()).toBe(site('/landed.html?via=302'));
    expect(page.url()).toBe(site('/landed.html?via=302'));
    expect(await page.title()).toBe('Landed');
    await see(page, 'via 302');
  });

  test('Clicking a link through a 302 chain', async ({ page }) => {
    await page.goto('/index.html');
    await link(page, 'Through three redirects').click();
    expect(page.url()).toBe(site('/landed.html?via=302'));
    await expect(page).toHaveTitle('Landed');
    await see(page, 'via 302');
  });

  test('A form POST answered by a 303', async ({ page }) => {
    await page.goto('/form.html');
    await page.getByLabel('Name').fill('Ada');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    expect(page.url()).toBe(site('/thanks?name=Ada'));
    await expect(page).toHaveTitle('Thanks');
    await see(page, 'Thanks, Ada');
  });

  test('Enter in a field submits its form', async ({ page }) => {
    await page.goto('/form.html');
    await page.getByLabel('Name').fill('Grace');
    await page.getByLabel('Name').press('Enter');
    expect(page.url()).toBe(site('/thanks?name=Grace'));
    await see(page, 'Thanks, Grace');
  });

  test('A 204 leaves the page where it was', async ({ page }) => {
    await page.goto('/index.html');
    await expect(page.goto('/status/204')).rejects.toThrow('net::ERR_ABORTED');
    expect(page.url()).toBe(site('/index.html'));
    expect(await page.title()).toBe('Home');
  });

  test('A missing page is a response, not an error', async ({ page }) => {
    const response = await page.goto('/missing.html');
    expect(response!.status()).toBe(404);
    expect(response!.url()).toBe(site('/missing.html'));
    await see(page, 'Nothing here');
  });
});

test.describe('Load states, frames and reloads', () => {
  test('Opening a page waits for its slow image', async ({ page }) => {
    await page.goto('/slow.html');
    await loadedWithPicture(page);
  });

  test('Waiting for load after the DOM is ready', async ({ page }) => {
    await page.goto('/slow.html', { waitUntil: 'domcontentloaded' });
    await see(page, 'The text comes first.');
    await page.waitForLoadState('load');
    await loadedWithPicture(page);
  });

  test('A frame that redirects itself while it loads', async ({ page }) => {
    await page.goto('/framed.html');
    await expect(page.frameLocator('#inner').getByText('The frame landed', { exact: true })).toBeVisible();
    expect(page.url()).toBe(site('/framed.html'));
    expect(await page.title()).toBe('Framed');
  });

  test("A reload waits for the page's slow image, not the frame", async ({ page }) => {
    await page.goto('/framed.html');
    await page.reload();
    await loadedWithPicture(page);
    await expect(page.frameLocator('#inner').getByText('The frame landed', { exact: true })).toBeVisible();
  });
});

test.describe('History', () => {
  test('Back and forward across documents', async ({ page }) => {
    await page.goto('/index.html');
    await link(page, 'Target page').click();
    expect(page.url()).toBe(site('/target.html'));
    await page.goBack();
    expect(page.url()).toBe(site('/index.html'));
    expect(await page.title()).toBe('Home');
    await page.goForward();
    expect(page.url()).toBe(site('/target.html'));
    expect(await page.title()).toBe('Target');
    expect(await page.goForward()).toBeNull();
  });

  test('Back after a 302 chain skips its hops', async ({ page }) => {
    await page.goto('/index.html');
    await link(page, 'Through three redirects').click();
    expect(page.url()).toBe(site('/landed.html?via=302'));
    await page.goBack();
    expect(page.url()).toBe(site('/index.html'));
    await see(page, 'Home');
  });

  test('Back after a form POST returns to the form', async ({ page }) => {
    await page.goto('/form.html');
    await page.getByLabel('Name').fill('Ada');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await see(page, 'Thanks, Ada');
    await page.goBack();
    expect(page.url()).toBe(site('/form.html'));
    expect(await page.title()).toBe('Form');
  });
});

test.describe('Clicks that lead to pages that move on', () => {
  test('A link to a page that replaces itself while it loads', async ({ page }) => {
    await page.goto('/index.html');
    await link(page, 'Open the moving page').click();
    await expect(page).toHaveURL(site('/landed.html?via=replace'));
    await see(page, 'via replace');
    await page.goBack();
    expect(page.url()).toBe(site('/index.html'));
  });

  test('A button that navigates by script', async ({ page }) => {
    await page.goto('/index.html');
    await page.getByRole('button', { name: 'Go by script', exact: true }).click();
    await expect(page).toHaveURL(site('/target.html'));
    await expect(page).toHaveTitle('Target');
  });
});
