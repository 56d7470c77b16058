// Playwright API in steps: page, locators, expect, context, browser, request, routes, events.
import { Given, Then, When, type IWorld } from '@cucumber/cucumber';
import {
  APIResponse,
  BrowserContext,
  ElementHandle,
  Frame,
  JSHandle,
  errors,
  expect,
  Locator,
  Page,
  selectors,
  devices,
  type ConsoleMessage,
  type Request,
  type Route,
  type WebSocketRoute,
  type WebSocket,
} from '@playwright/test';

When('I sign in as {string}', async function (user: string) {
  const response = await this.page.goto('/login', { waitUntil: 'domcontentloaded' });
  if (response && !response.ok()) throw new Error(`${response.url()} answered ${response.status()}`);
  await this.page.getByLabel('User name').fill(user);
  await this.page.getByPlaceholder(/password/i).fill('secret', { timeout: 2_000 });
  await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(this.page).toHaveURL(/dashboard/);
  await expect(this.page).toHaveTitle('Dashboard', { timeout: 10_000 });
  await this.page.waitForURL('**/dashboard');
  const [nav] = await Promise.all([this.page.waitForNavigation({ url: '**/dashboard' }), this.page.click('a')]);
  const navStatus: number | undefined = nav?.status();
  await this.page.waitForLoadState('domcontentloaded');
});

Then('the dashboard greets {string}', async function (user: string) {
  const page: Page = this.page;
  const greeting = page.getByTestId('dashboard').getByText(`Welcome, ${user}`);
  await expect(greeting).toBeVisible();
  await expect(greeting).toHaveText(`Welcome, ${user}`);
  await expect(page.locator('nav a')).toHaveText(['Home', /orders/i, 'Account']);
  await expect(page.locator('nav a')).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Admin' })).not.toBeVisible();
  await expect(page.getByRole('heading', { level: 1, includeHidden: false })).toHaveCount(1);
  await expect(page.getByRole('checkbox', { checked: true, disabled: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toBeVisible({ visible: false });
  await expect(page.getByLabel('Name')).toBeEditable();
  await expect(page.getByLabel('Name')).not.toBeEmpty({ timeout: 1000 });
  await expect(page.getByLabel('Name')).toBeFocused();
  await expect(page.getByLabel('Name')).toBeInViewport({ ratio: 0.5, timeout: 1000 });
  await page.getByLabel('Photo').setInputFiles(['photos/cat.png', { name: 'notes.txt', mimeType: 'text/plain', buffer: 'hi' }]);
  await page.setInputFiles('#photo', []);
  await this.context.tracing.start({ screenshots: true, snapshots: true });
  await this.context.tracing.group('sign in');
  await this.context.tracing.groupEnd();
  await this.context.tracing.stop({ path: 'trace.zip' });
  await page.tap('#menu');
  await page.getByRole('button').first().tap({ position: { x: 2, y: 3 }, modifiers: ['Shift'] });
  await page.clock.install({ time: new Date('2024-02-02T08:00:00Z') });
  await page.clock.pauseAt('2024-02-02T10:00:00Z');
  await this.context.clock.runFor('01:00');
  await page.clock.fastForward(1000);
  const filmed = await this.browser.newContext({ recordVideo: { dir: 'videos', size: { width: 640, height: 360 } } });
  const video = (await filmed.newPage()).video();
  if (video) {
    const file: string = await video.path();
    await video.saveAs(file + '.copy');
    await video.delete();
  }
  await expect(page.locator('h1')).toHaveCSS('font-weight', /700|bold/);
  await expect(page.getByLabel('Name')).toHaveJSProperty('value', 'ada');
  await expect(page.locator('h1')).toHaveId('title');
  await expect(page.getByLabel('Fruits')).toHaveValues(['apple', /pear/]);
  await expect(page.locator('h1')).toHaveRole('heading');
  await expect(page.getByRole('button').first()).toHaveAccessibleName(/save/i);
  await expect(page.getByRole('button').first()).toHaveAccessibleDescription('Saves the draft');
  const editable: boolean = await page.getByLabel('Name').isEditable({ timeout: 500 });
  void editable;
  await expect(page.getByRole('checkbox')).toBeChecked({ checked: false });
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  await expect(page.locator('#avatar')).toHaveAttribute('alt', /avatar/);
  await expect(page.locator('#avatar')).toHaveAttribute('src');
  await expect(page.locator('body')).toHaveClass(/signed-in/);
  await expect(page.locator('body')).toContainClass('signed-in');
  await expect(page.locator('.toast')).toBeAttached({ attached: false });
  await expect(page.locator('#save')).toBeEnabled();
  await expect(page.locator('#delete')).toBeDisabled();
  await expect(page.locator('#menu')).toBeHidden();
  await expect(page.locator('h1')).toContainText('Welcome');
  await expect(page.locator('h1'), 'the heading greets').toBeVisible();
});

When('I work with locators', async function () {
  const rows = this.page.locator('table tr', { hasText: 'Ada' });
  const row: Locator = rows.filter({ has: this.page.getByRole('cell', { name: 'active' }), hasNotText: /blocked/ }).first();
  await row.getByRole('button', { name: 'Edit' }).click({ timeout: 1_000 });
  await row.locator('input').nth(-1).fill('x');
  await this.page.locator('a').and(this.page.getByTitle('Home')).or(this.page.getByAltText('Logo')).hover();
  await this.page.frameLocator('#payment').getByLabel('Card').pressSequentially('4242');
  await this.page.locator('iframe').contentFrame().locator('button').first().click();
  const frame = this.page.frameLocator('iframe').nth(1);
  await frame.owner().waitFor({ state: 'attached' });
  for (const item of await this.page.getByRole('listitem').all()) {
    const text: string = await item.textContent();
    this.log(text.trim());
  }
  const texts: string[] = await this.page.getByRole('listitem').allInnerTexts();
  const selected: string[] = await this.page.getByLabel('Country').selectOption(['fr', { label: 'Spain' }]);
  await this.page.getByLabel('Remember me').setChecked(true);
  await this.page.getByLabel('Newsletter').uncheck();
  await this.page.getByRole('searchbox').press('Enter');
  await this.page.getByRole('textbox').clear();
  const href: string | null = await this.page.getByRole('link').first().getAttribute('href');
  const count: number = await this.page.locator('li').count();
  const visible: boolean = await this.page.locator('li').first().isVisible();
  const tag = await this.page.locator('h1').evaluate((el) => el.tagName);
  const width = await this.page.locator('h1').evaluate((el: HTMLElement, extra: number) => el.offsetWidth + extra, 10);
  const ids = await this.page.locator('li').evaluateAll((items) => items.map((i) => i.id));
  const yaml: string = await this.page.getByRole('main').ariaSnapshot();
  const shot: Buffer = await this.page.locator('#chart').screenshot({ path: 'chart.png' });
  await this.attach(shot, 'image/png');
  this.log(JSON.stringify({ texts, selected, href, count, visible, tag, width, ids, yaml }));
});

When('I use the page directly', async function () {
  const title: string = await this.page.title();
  const url: string = this.page.url();
  const markdown: string = await this.page.markdown();
  const html: string = await this.page.content();
  await this.page.setContent('<button>Go</button>');
  const answer = await this.page.evaluate(() => document.title.length);
  const doubled = await this.page.evaluate((n: number) => n * 2, 21);
  const raw = await this.page.evaluate('1 + 1');
  await this.page.click('button');
  await this.page.fill('#name', 'Ada');
  await this.page.selectOption('select', 'a');
  const value: string = await this.page.inputValue('#name');
  const ready = await this.page.waitForSelector('.ready', { timeout: 5_000 });
  const first: ElementHandle | null = ready;
  const rows: ElementHandle[] = await this.page.$$('tr');
  const cell = await rows[0]?.$('td');
  const cellText: string | undefined = await cell?.textContent();
  const handle: ElementHandle = await this.page.locator('#one').elementHandle();
  await handle.click();
  const shown: Frame | null = await (await this.page.locator('iframe').elementHandle()).contentFrame();
  const holder: Frame | null = await handle.ownerFrame();
  await this.page.addLocatorHandler(this.page.getByRole('dialog'), async (dialog) => dialog.getByRole('button').click(), { times: 2, noWaitAfter: true });
  await this.page.removeLocatorHandler(this.page.getByRole('dialog'));
  await this.page.routeWebSocket('**/live', (ws: WebSocketRoute) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(typeof message === 'string' ? message.toUpperCase() : message));
    ws.onClose(() => server.close({ code: 1000 }));
  });
  await this.page.context().routeWebSocket(/\/feed$/, (ws) => ws.send('ready'));
  const [chooser] = await Promise.all([this.page.waitForEvent('filechooser'), this.page.getByRole('button', { name: 'Upload' }).click()]);
  await chooser.setFiles({ name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from('a') });
  const multiple: boolean = chooser.isMultiple() && chooser.page() === this.page && (await chooser.element().getAttribute('type')) === 'file';
  const custom = expect.extend({
    toBeWithinRange(received: number, floor: number, ceiling: number) {
      const pass = received >= floor && received <= ceiling;
      return { pass, message: () => `expected ${this.utils.printReceived(received)}${this.isNot ? ' not' : ''} within ${floor}-${ceiling}` };
    },
    async toHaveRows(page: Page, n: number) {
      const rows = await page.locator('tr').count();
      return { pass: rows === n, message: () => `rows: ${rows}` };
    },
  });
  custom(5).toBeWithinRange(1, 10);
  custom(50).not.toBeWithinRange(1, 10);
  await custom(this.page).toHaveRows(3);
  const socket: WebSocket = await this.page.waitForEvent('websocket');
  socket.on('framereceived', ({ payload }) => (typeof payload === 'string' ? payload.length : payload.byteLength));
  const sent = await socket.waitForEvent('framesent', { predicate: (f) => f.payload === 'hi', timeout: 500 });
  const why: string = await socket.waitForEvent('socketerror');
  const wasClosed: boolean = socket.isClosed() && socket.url().startsWith('ws');
  const body = await this.page.evaluateHandle(() => ({ count: 2, label: 'two' }));
  const count: number = await body.evaluate((b, more) => b.count + more, 1);
  const label: JSHandle = await body.getProperty('label');
  const kept: unknown = await label.jsonValue();
  const element: ElementHandle | null = label.asElement();
  const passed: string = await this.page.evaluate((h) => String(h), body);
  const fromLocator = await this.page.locator('#one').evaluateHandle((el) => el.id);
  await fromLocator.dispose();
  await this.page.locator('#card').dragTo(this.page.locator('#done'), { targetPosition: { x: 5, y: 5 } });
  await this.page.dragAndDrop('#card', '#done');
  selectors.setTestIdAttribute('data-test');
  const phone = await this.browser.newContext({ ...devices['iPhone 13'] });
  await phone.close();
  await selectors.register('tag', () => ({ queryAll: (root: Element | Document, s: string) => Array.from(root.querySelectorAll(s)) }));
  await selectors.register('named', { content: '({ queryAll: () => [] })' });
  const undo = await this.page.route('**/x', (route) => route.continue());
  await undo.dispose();
  await (await this.page.addInitScript(() => 1)).dispose();
  await this.page.addInitScript(() => { (window as any).ready = true; });
  await this.page.focus('#name');
  await this.page.setChecked('#agree', true);
  const printed: Buffer = await this.page.pdf({ format: 'A4', margin: { top: '1cm' } });
  await this.page.keyboard.press('Control+A');
  await this.page.keyboard.type('hello');
  await this.page.keyboard.insertText('é');
  await this.page.mouse.move(10, 20);
  await this.page.mouse.click(10, 20);
  await this.page.mouse.wheel(0, 400);
  await this.page.setViewportSize({ width: 800, height: 600 });
  const { width } = this.page.viewportSize()!;
  await this.page.waitForTimeout(50);
  await this.page.screenshot({ fullPage: true, path: 'page.png' });
  await this.page.screenshot({ type: 'jpeg', quality: 60, clip: { x: 0, y: 0, width: 100, height: 50 }, mask: [this.page.locator('#secret')], maskColor: '#000', omitBackground: false, style: 'nav { display: none }', caret: 'initial', animations: 'disabled', scale: 'css' });
  await this.page.locator('#chart').screenshot({ type: 'png', omitBackground: true, path: 'shots/chart.png' });
  await this.page.reload();
  await this.page.goBack();
  await this.page.goForward();
  this.log(JSON.stringify({ title, url, markdown, html, answer: answer + doubled, raw, value, width, first: String(first) }));
});

When('I listen to the page', async function () {
  const messages: string[] = [];
  this.page.on('console', (message: ConsoleMessage) => {
    messages.push(`${message.type()}: ${message.text()}`);
  });
  this.page.once('dialog', async (dialog) => {
    if (dialog.type() === 'prompt') await dialog.accept('yes');
    else await dialog.dismiss();
  });
  this.page.on('pageerror', (error) => messages.push(error.message));
  this.page.on('requestfailed', (request) => messages.push(request.failure()?.errorText ?? ''));
  const [response] = await Promise.all([
    this.page.waitForResponse('**/api/orders'),
    this.page.getByRole('button', { name: 'Load' }).click(),
  ]);
  expect(response.status()).toBe(200);
  const orders = (await response.json()) as { id: number }[];
  expect(orders).toContainEqual({ id: 1 });
  const request = await this.page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/save'));
  expect(request.postDataJSON()).toMatchObject({ saved: true });
  const download = await this.page.waitForEvent('download', { timeout: 10_000 });
  await download.saveAs(`downloads/${download.suggestedFilename()}`);
  const loaded = await this.page.waitForEvent('load', (p) => p.url().includes('/done'));
  expect(loaded).toBeDefined();
  this.page.off('console', () => undefined);
  this.page.removeAllListeners('dialog');
  const [popup] = await Promise.all([this.page.waitForEvent('popup'), this.page.getByText('Help').click()]);
  await popup.waitForLoadState();
  expect(await popup.opener()).toBe(this.page);
  const context = this.page.context();
  context.on('page', (page) => messages.push(page.url()));
  const opened = await context.waitForEvent('page', { predicate: (page) => page.url().endsWith('/help'), timeout: 5_000 });
  await opened.close();
  const frame = this.page.frame('payment') ?? this.page.mainFrame();
  await frame.fill('#card', '4242');
  await frame.getByRole('button', { name: 'Pay' }).click();
  expect(frame.childFrames().length + this.page.frames().length).toBeGreaterThan(0);
  expect(await frame.evaluate((n) => n * 2, 21)).toBe(42);
  const frameResponse = await frame.goto('/card', { waitUntil: 'domcontentloaded' });
  expect(frameResponse?.status()).toBe(200);
  await frame.waitForURL('**/card');
  await frame.setContent('<p>paid</p>');
  await this.page.getByRole('button', { name: 'Menu' }).click({ button: 'right', modifiers: ['Shift'], position: { x: 2, y: 3 } });
  await this.page.selectOption('#size', { index: 2 });
  await expect(this.page.locator('h1')).toHaveText('welcome', { ignoreCase: true, useInnerText: true });
  await this.page.route('**/api/items', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { items: string[] };
    await route.fulfill({ response, json: { items: [...json.items, 'added'] } });
  });
});

When('the API is stubbed', async function () {
  await this.page.route('**/api/user', async (route: Route) => {
    await route.fulfill({ status: 200, json: { name: 'Ada' } });
  });
  await this.page.route(/\/api\/slow/, (route) => route.abort('timedout'), { times: 1 });
  await this.page.route(
    (request: Request) => request.resourceType() === 'image',
    async (route, request) => {
      if (request.url().endsWith('.svg')) await route.fallback();
      else await route.continue({ headers: { ...request.headers(), 'x-test': '1' } });
    },
  );
  await this.context.route('**/analytics/**', (route) => route.abort());
  await this.page.unroute('**/api/user');
  await this.context.unrouteAll();
});

When('a second user joins', async function () {
  const context: BrowserContext = await this.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  await context.addCookies([
    { name: 'session', value: 'abc', url: 'http://localhost:8080' },
    { name: 'theme', value: 'dark', domain: 'localhost', path: '/', httpOnly: true },
  ]);
  const cookies = await context.cookies('http://localhost:8080');
  expect(cookies.map((c) => c.name)).toContain('session');
  await context.clearCookies({ name: 'theme' });
  const removed: number = await this.context.deleteCookie('session', { domain: 'localhost' });
  await this.context.grantPermissions(['geolocation'], { origin: 'http://localhost:8080' });
  await this.context.setGeolocation({ latitude: 48.85, longitude: 2.35 });
  await this.context.setExtraHTTPHeaders({ 'x-user': 'bob' });
  await this.context.addInitScript(() => {
    (window as unknown as { seen: boolean }).seen = true;
  });
  await this.context.addInitScript((flag: string) => localStorage.setItem('flag', flag), 'on');
  await this.context.setOffline(false);
  expect(this.context.pages().length).toBeGreaterThan(0);
  expect(this.context.browser()).toBe(this.browser);
  expect(this.browser.contexts()).toHaveLength(2);
  this.log(`${this.context.name} ${await this.browser.version()} ${removed}`);
  await page.close();
  await context.close();
});

When('I call the API', async function (this: IWorld) {
  const response: APIResponse = await this.request.post('/api/orders', {
    data: { item: 'tea', quantity: 2 },
    headers: { authorization: 'Bearer x' },
    params: { dryRun: true },
  });
  expect(response).toBeOK();
  expect(response.ok()).toBeTruthy();
  expect(response.status()).toBe(201);
  expect(response.header('content-type')).toMatch(/json/);
  const body = (await response.json()) as { id: string };
  expect(body).toEqual({ id: expect.any(String) });
  expect(body).toEqual(expect.objectContaining({ id: expect.stringMatching(/^o-/) }));
  const again = await this.page.request.get('/api/orders', { params: { page: 2 } });
  expect(await again.text()).toContain('tea');
  expect(again.headersArray()).toEqual(expect.arrayContaining([{ name: 'content-type', value: 'application/json' }]));
});

Then('values check like Jest', async function () {
  expect(1 + 1).toBe(2);
  expect({ a: 1, b: undefined }).toEqual({ a: 1 });
  expect({ a: 1 }).toStrictEqual({ a: 1 });
  expect([1, 2, 3]).toHaveLength(3);
  expect('ferridriver').toMatch('driver');
  expect(0.1 + 0.2).toBeCloseTo(0.3, 5);
  expect(10n).toBeGreaterThanOrEqual(10n);
  expect(NaN).toBeNaN();
  expect(null).toBeNull();
  expect(undefined).toBeUndefined();
  expect({ user: { name: 'Ada' } }).toHaveProperty('user.name', 'Ada');
  expect({ user: { tags: ['x'] } }).toHaveProperty(['user', 'tags', 0]);
  expect(new Map()).toBeInstanceOf(Map);
  expect(() => JSON.parse('{')).toThrow(SyntaxError);
  expect(() => JSON.parse('{')).toThrowError(/JSON/);
  expect(this.page instanceof Page).toBe(true);
  await expect(Promise.resolve(3)).resolves.toBe(3);
  await expect(Promise.reject(new Error('no'))).rejects.toThrow('no');
  await expect(Promise.resolve(3)).resolves.not.toBe(4);
  expect.soft(1).toBe(1);
  await expect.soft(this.page.locator('h1')).toHaveText('x');
  await expect.poll(async () => (await this.page.locator('li').count()) > 2, { timeout: 3_000, intervals: [100] }).toBe(true);
  await expect.poll(() => this.page.url()).not.toContain('/login');
  expect([1, 2]).toEqual([expect.anything(), expect.any(Number)]);
  expect('abc').toEqual(expect.stringContaining('b'));
  const anyValue: any = this.page;
  await expect(anyValue).toBeVisible();
  try {
    await this.page.getByText('never').waitFor({ timeout: 10 });
  } catch (e) {
    if (!(e instanceof errors.TimeoutError)) throw e;
  }
  expect(this.page.locator('x') instanceof Locator).toBeTruthy();
});

Given('I am on the home page', async function () {
  await this.page.goto('/');
});
