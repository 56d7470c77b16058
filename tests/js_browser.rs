//! Playwright in the JS world, through the `ferridriver` binary in real Chromium: TypeScript
//! steps drive `this.page` (the same page as the built-in Rust steps, mixed in one scenario)
//! and assert with `expect` from `@playwright/test`; a failed expectation reports Expected and
//! Received, the `.ts` line of the `expect` call and a screenshot. Before/After hooks get
//! cucumber-js's argument (`pickle`, `testCaseStartedId`, `result`, `willBeRetried`).

// Shared with the browser crate's tests; not every helper is used here.
#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const LOGIN: &str = r#"<!doctype html><title>Sign in</title>
<form id="f">
  <label for="user">Username</label><input id="user">
  <label for="pw">Password</label><input id="pw" type="password">
  <button type="submit">Sign in</button>
  <button type="button">Save draft</button>
  <button type="button" disabled aria-pressed="true">Remember me</button>
</form>
<div role="status" id="status"></div>
<script>
  document.getElementById('f').addEventListener('submit', (e) => {
    e.preventDefault();
    setTimeout(() => {
      document.getElementById('status').textContent = 'Welcome, ' + document.getElementById('user').value;
    }, 50);
  });
</script>"#;

/// Frames, lists, classes and spots for the keyboard and the mouse.
const WIDGETS: &str = r#"<!doctype html><title>Widgets</title>
<ul>
  <li class="item done">Milk <button>Buy</button></li>
  <li class="item">Bread</li>
  <li class="item">Eggs <button>Buy</button></li>
</ul>
<input id="name" value="Ada Lovelace" data-kind="person-42">
<input id="typed">
<div id="spot" style="position:fixed;left:0;top:300px;width:120px;height:60px"
  onmousemove="this.dataset.moved='yes'; if (event.buttons === 1) this.dataset.dragged='yes'" onclick="this.textContent='clicked'"
  onmousedown="this.dataset.down='yes'" onmouseup="this.dataset.up='yes'" ondblclick="this.dataset.dbl='yes'">spot</div>
<iframe id="inner" srcdoc="<p class='hello big'>Inside the frame</p><button>Frame button</button>"></iframe>
<div style="height: 3000px"></div>"#;

/// Console output, a fetch, a prompt and an uncaught error, for page events.
const EVENTS: &str = r#"<!doctype html><title>Events</title>
<button onclick="fetch('/data.json', {method: 'POST', body: 'q=1'}).then(r => r.json()).then(d => document.getElementById('out').textContent = d.items.length + ' items')">Load</button>
<button onclick="document.getElementById('out').textContent = 'name: ' + prompt('Your name?', 'nobody')">Ask</button>
<button onclick="setTimeout(() => { throw new Error('kaboom') })">Boom</button>
<button onclick="setTimeout(() => { location.hash = 'later' }, 100)">Later</button>
<button onclick="setTimeout(() => { location.href = '/widgets' }, 100)">Away</button>
<p id="out"></p>
<script>console.log('hello', 42); console.warn('careful')</script>"#;

const PAGES: &[(&str, &str)] = &[
    ("/login", LOGIN),
    ("/widgets", WIDGETS),
    ("/events", EVENTS),
    ("/data.json", r#"{"items": [1, 2]}"#),
    ("/more.json", r#"{"items": [1, 2, 3, 4]}"#),
    ("/files", r#"<!doctype html><title>Files</title><a href="/report.txt" download="report.txt">Get the report</a>"#),
    ("/report.txt", "the report"),
];

const STEPS: &str = r#"import { Given, When, Then, Before, After } from '@cucumber/cucumber'
import { expect } from '@playwright/test'
import { readFileSync } from 'node:fs'

Before(function (this: any, { pickle, testCaseStartedId }: any) {
  this.log(`before ${pickle.name} (${pickle.steps.length} steps) ${typeof testCaseStartedId}`)
})

After(function (this: any, { pickle, result, willBeRetried }: any) {
  this.log(`after ${pickle.name}: ${result.status} retried=${willBeRetried}`)
})

Given('the JS step opens {string}', async function (this: any, url: string) {
  await this.page.goto(url)
})

When('I sign in as {string}', async function (this: any, name: string) {
  await this.page.getByLabel('Username').fill(name)
  await this.page.getByLabel('Password', { exact: true }).fill('secret')
  await this.page.getByRole('button', { name: 'Sign in' }).click()
})

Then('the welcome message greets {string}', async function (this: any, name: string) {
  await expect(this.page.getByRole('status')).toHaveText(`Welcome, ${name}`)
  await expect(this.page.getByRole('button', { name: /sign\s+IN/i })).toBeVisible()
  await expect(this.page).toHaveTitle('Sign in')
  await expect(this.page.getByLabel('Username')).toHaveValue(name)
  const text = await this.page.getByRole('status').textContent()
  expect(text).toMatch(/ada|bob/)
  expect(text).not.toContain('Goodbye')
  expect({ user: name, roles: ['reader'] }).toEqual({ user: name, roles: ['reader'] })
  expect(this.page.url()).toContain('/login')
})

Then('only one button signs in', async function (this: any) {
  await expect(this.page.getByRole('button', { disabled: false })).toHaveCount(2)
  await expect(this.page.getByRole('button', { name: 'Sign in' })).toHaveCount(1)
  await expect(this.page.getByRole('button').filter({ hasText: 'draft' })).not.toHaveText('Sign in')
  expect(await this.page.getByRole('button', { disabled: false }).allTextContents()).toEqual(['Sign in', 'Save draft'])
  expect(await this.page.getByRole('button', { disabled: true, pressed: true }).allTextContents()).toEqual(['Remember me'])
  await expect(this.page.getByRole('button', { pressed: false })).toHaveCount(0)
})

Then('navigations answer their responses as Playwright does', async function (this: any) {
  const page = this.page
  const response = await page.goto('/__redirect?to=/login')
  expect(response.status()).toBe(200)
  expect(response.ok()).toBe(true)
  expect(response.url()).toMatch(/\/login$/)
  expect(response.headers()['x-served-by']).toBe('fixture')
  expect(await response.text()).toContain('Sign in')
  expect(await page.goto('/login#part')).toBeNull()
  const missing = await page.goto('/nowhere', { waitUntil: 'domcontentloaded' })
  expect(missing.status()).toBe(404)
  expect(missing.ok()).toBe(false)
  await expect(page.goto('/__status?code=204')).rejects.toThrow(/net::ERR_ABORTED at .*__status\?code=204/)
  await expect(page.goto('/login', { waitUntil: 'sideways' })).rejects.toThrow(/waitUntil/)
  const back = await page.goBack({ waitUntil: 'commit' })
  expect(back.status()).toBe(200)
  expect(back.url()).toMatch(/\/login$/)
  expect(page.url()).toMatch(/\/login#part$/)
  expect((await page.goForward()).status()).toBe(404)
  expect((await page.reload()).status()).toBe(404)
  await page.goto('/login', { waitUntil: 'networkidle' })
  await page.waitForURL('**/login', { waitUntil: 'load' })
  await page.waitForLoadState('networkidle')
})

Then('the API and the cookies share the context', async function (this: any) {
  const response = await this.request.get('/login')
  expect(response.status()).toBe(200)
  expect(await response.text()).toContain('Sign in')
  await this.context.addCookies([{ name: 'k', value: 'v', url: this.page.url() }])
  expect(await this.context.cookies()).toContainEqual(expect.objectContaining({ name: 'k', value: 'v' }))
  expect(await this.page.evaluate(() => document.cookie)).toBe('k=v')
  // fetch shares the context's cookies both ways; a cookie header of its own wins.
  const echoed = await fetch(new URL('/__cookies', this.page.url()))
  expect(await echoed.text()).toBe('k=v')
  expect(await this.page.evaluate(() => document.cookie)).toContain('served=yes')
  const own = await fetch(new URL('/__cookies', this.page.url()), { headers: { Cookie: 'mine=1' } })
  expect(await own.text()).toBe('mine=1')
})

Then('frames, filters, matchers, keyboard and mouse work', async function (this: any) {
  const page = this.page
  const frame = page.frameLocator('#inner')
  await expect(frame.locator('p')).toHaveText('Inside the frame')
  await expect(frame.getByRole('button', { name: 'Frame button' })).toBeVisible()
  await expect(page.locator('body').frameLocator('iframe').locator('p')).toContainClass('big')
  await expect(page.frameLocator('iframe').first().locator('p')).toHaveText('Inside the frame')
  await expect(page.locator('#inner').contentFrame().getByText('Inside the frame')).toBeVisible()
  await expect(page.frameLocator('#inner').owner()).toHaveAttribute('id', 'inner')
  await expect(page.locator('li').and(page.getByRole('listitem').filter({ hasText: 'Bread' }))).toHaveText('Bread')
  await expect(page.locator('#typed').or(page.locator('#name'))).toHaveCount(2)
  await expect(page.locator('#typed').or(page.locator('#name')).first()).toHaveAttribute('id', 'name')
  await expect(page.getByRole('button', { name: 'Frame button' })).toHaveCount(0)
  await expect(page.locator('li').filter({ hasNot: page.locator('button') })).toHaveText('Bread')
  await expect(page.locator('li').filter({ hasNotText: 'milk' })).toHaveText([/Bread/, 'Eggs Buy'])
  await expect(page.locator('li')).toHaveText(['Milk Buy', 'Bread', /^Eggs/])
  await expect(page.locator('li')).not.toHaveText(['Milk Buy'])
  await expect(page.locator('#name')).toHaveValue(/lovelace$/i)
  await expect(page.locator('#name')).not.toHaveValue('Ada')
  await expect(page.locator('#name')).toHaveAttribute('data-kind', /person-\d+/)
  await expect(page.locator('#name')).toHaveAttribute('data-kind', 'person-42')
  await expect(page.locator('#name')).toHaveAttribute('value')
  await expect(page.locator('#name')).not.toHaveAttribute('title', { timeout: 100 })
  await expect(page.locator('li').first()).toHaveClass(/done/)
  await expect(page.locator('li').first()).toHaveClass('item done')
  await expect(page.locator('li').first()).toContainClass('done')
  await expect(page.locator('li')).toContainText(['Milk', /^Eggs/])
  await expect(page.locator('li')).not.toContainText(['Eggs', 'Milk'], { timeout: 100 })
  await expect(page.locator('li')).not.toContainText(['milk'], { timeout: 100 })
  await expect(page.locator('li')).toHaveClass(['item done', /^item$/, 'item'])
  await expect(page.locator('li')).not.toHaveClass(['item done', 'item'], { timeout: 100 })
  await expect(page.locator('li')).toContainClass(['done item', 'item', 'item'])
  await expect(page.locator('li')).not.toContainClass(['item', 'done', 'item'], { timeout: 100 })
  expect(await page.locator('#name').evaluate((el: any, suffix: string) => el.value + suffix, '!')).toBe('Ada Lovelace!')
  expect(await page.locator('li').first().evaluate(async (el: any) => el.className)).toBe('item done')
  let thrown = ''
  try { await page.locator('#name').evaluate(() => { throw new Error('boom') }) } catch (e: any) { thrown = e.message }
  expect(thrown).toContain('boom')
  expect(await page.locator('li').evaluateAll((els: any[], sep: string) => els.map((e) => e.className).join(sep), '|')).toBe('item done|item|item')
  expect(await page.locator('.nothing-here').evaluateAll((els: any[]) => els.length)).toBe(0)
  await expect(page.locator('li').nth(1)).not.toContainClass('done')
  await page.locator('#typed').click()
  await page.keyboard.type('hi!')
  await page.keyboard.press('Backspace')
  await expect(page.locator('#typed')).toHaveValue('hi')
  await page.mouse.move(60, 330)
  await expect(page.locator('#spot')).toHaveAttribute('data-moved', 'yes')
  await page.mouse.click(60, 330)
  await expect(page.locator('#spot')).toHaveText('clicked')
  await page.mouse.move(30, 320)
  await page.mouse.down()
  await page.mouse.move(40, 325)
  await page.mouse.up()
  await expect(page.locator('#spot')).toHaveAttribute('data-up', 'yes')
  await expect(page.locator('#spot')).toHaveAttribute('data-dragged', 'yes')
  await page.mouse.dblclick(30, 320)
  await expect(page.locator('#spot')).toHaveAttribute('data-dbl', 'yes')
  const u32 = (b: any, i: number) => ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0
  const spot = await page.locator('#spot').screenshot({ path: 'shots/spot.png' })
  expect([u32(spot, 16), u32(spot, 20)]).toEqual([120, 60])
  expect(readFileSync('shots/spot.png').length).toBe(spot.length)
  const full = await page.screenshot({ fullPage: true })
  expect(u32(full, 20)).toBeGreaterThan(3000)
  let outside = ''
  try { await page.screenshot({ path: '../shot.png' }) } catch (e: any) { outside = e.message }
  expect(outside).toContain('page.screenshot')
  await page.mouse.wheel(0, 400)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  await page.locator('#typed').fill('one two')
  await page.locator('#typed').press('Control+A')
  await page.keyboard.insertText('ünïcode')
  await expect(page.locator('#typed')).toHaveValue('ünïcode')
  await page.keyboard.down('Shift')
  await page.keyboard.press('Home')
  await page.keyboard.up('Shift')
  await page.keyboard.press('Delete')
  await expect(page.locator('#typed')).toHaveValue('')
})

Then('page events reach the listeners', async function (this: any) {
  const page = this.page
  const logs: string[] = []
  page.on('console', (m: any) => logs.push(`${m.type()}: ${m.text()}`))
  const requests: string[] = []
  page.on('request', (r: any) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`))
  // A listener that waits for a later event (the body) must not block the events.
  const bodies: string[] = []
  page.on('response', async (r: any) => { if (r.url().endsWith('.json')) bodies.push(await r.text()) })
  page.on('dialog', async (d: any) => {
    expect(d.type()).toBe('prompt')
    expect(d.message()).toBe('Your name?')
    expect(d.defaultValue()).toBe('nobody')
    await d.accept('Ada')
  })
  await page.goto('/events')
  const responded = page.waitForResponse('**/data.json')
  await page.getByRole('button', { name: 'Load' }).click()
  const response = await responded
  expect(response.status()).toBe(200)
  expect(response.ok()).toBe(true)
  expect(await response.json()).toEqual({ items: [1, 2] })
  expect(response.request().method()).toBe('POST')
  expect(response.request().postData()).toBe('q=1')
  await expect(page.locator('#out')).toHaveText('2 items')
  await page.getByRole('button', { name: 'Ask' }).click()
  await expect(page.locator('#out')).toHaveText('name: Ada')
  const [error] = await Promise.all([page.waitForEvent('pageerror'), page.getByRole('button', { name: 'Boom' }).click()])
  expect(error.message).toBe('kaboom')
  expect(logs).toContain('log: hello 42')
  expect(logs).toContain('warning: careful')
  expect(requests).toContain('GET /events')
  expect(requests).toContain('POST /data.json')
  let timedOut = ''
  try { await page.waitForEvent('request', { timeout: 100 }) } catch (e: any) { timedOut = e.name }
  expect(timedOut).toBe('TimeoutError')
  await expect.poll(() => bodies.length).toBe(1)
  expect(JSON.parse(bodies[0])).toEqual({ items: [1, 2] })
  // A redirect: the first hop gets its own response.
  const hop = page.waitForRequest('**/__redirect?to=/data.json')
  await page.evaluate(() => fetch('/__redirect?to=/data.json').then((r) => r.text()))
  const first = await (await hop).response()
  expect(first.status()).toBe(302)
  let noBody = ''
  try { await first.body() } catch (e: any) { noBody = e.message }
  expect(noBody).toContain('unavailable for redirect responses')
  const consoleListeners = page.listenerCount('console')
  let bad = ''
  const waiting = page.waitForEvent('console', () => { throw new Error('bad predicate') }).catch((e: any) => { bad = e.message })
  await page.evaluate(() => console.log('poke'))
  await waiting
  expect(bad).toBe('bad predicate')
  expect(page.listenerCount('console')).toBe(consoleListeners)
  page.removeAllListeners('dialog')
  await page.getByRole('button', { name: 'Ask' }).click()
  await expect(page.locator('#out')).toHaveText('name: null')
  // page.url() follows navigations the page makes by itself, with no page call in between.
  await page.getByRole('button', { name: 'Later' }).click()
  await expect.poll(() => page.url()).toMatch(/\/events#later$/)
  await page.getByRole('button', { name: 'Away' }).click()
  await expect.poll(() => page.url()).toMatch(/\/widgets$/)
})

When('a JS listener answers prompts with {string}', function (this: any, name: string) {
  // Registered and left: the built-in Rust step that follows opens the prompt.
  this.page.on('dialog', (d: any) => d.accept(name))
})

When('JS routes the data to {int} items', async function (this: any, n: number) {
  await this.page.route('**/data.json', (route: any) => route.fulfill({ json: { items: Array.from({ length: n }, (_, i) => i) } }))
})

Then('routes abort, continue elsewhere and fall back', async function (this: any) {
  const page = this.page
  await page.unrouteAll()
  const seen: string[] = []
  await page.route(/data\.json$/, async (route: any, request: any) => {
    seen.push(`${request.method()} ${request.postData()}`)
    await route.continue({ url: new URL('/more.json', page.url()).href })
  })
  await page.getByRole('button', { name: 'Load' }).click()
  await expect(page.locator('#out')).toHaveText('4 items')
  await page.route('**/data.json', async (route: any) => {
    seen.push('fell back')
    await route.fallback()
  })
  const [more] = await Promise.all([page.waitForResponse(/(data|more)\.json$/), page.getByRole('button', { name: 'Load' }).click()])
  expect(more.status()).toBe(200)
  expect(seen).toEqual(['POST q=1', 'fell back', 'POST q=1'])
  await page.unrouteAll()
  await page.route('**/data.json', (route: any) => route.abort('connectionrefused'), { times: 1 })
  const [failed] = await Promise.all([page.waitForEvent('requestfailed'), page.getByRole('button', { name: 'Load' }).click()])
  expect(failed.failure().errorText).toContain('ERR_CONNECTION_REFUSED')
  await page.getByRole('button', { name: 'Load' }).click()
  await expect(page.locator('#out')).toHaveText('2 items')
  await page.context().route('**/data.json', (route: any) => route.fulfill({ json: { items: [7, 8, 9, 10, 11] } }))
  await page.getByRole('button', { name: 'Load' }).click()
  await expect(page.locator('#out')).toHaveText('5 items')
  // The page's own routes come before its context's.
  await page.route('**/data.json', (route: any) => route.fulfill({ json: { items: [1] } }))
  await page.getByRole('button', { name: 'Load' }).click()
  await expect(page.locator('#out')).toHaveText('1 items')
  // From a file in the project (content type from its extension), and from a fetched
  // response with one field changed.
  await page.route('**/data.json', (route: any) => route.fulfill({ path: 'fixtures/six.json' }))
  await page.getByRole('button', { name: 'Load' }).click()
  await expect(page.locator('#out')).toHaveText('6 items')
  await page.route('**/data.json', async (route: any) => {
    const real = await page.request.get(new URL('/more.json', page.url()).href)
    await route.fulfill({ response: real, headers: { 'content-type': 'application/json', 'x-patched': 'yes' } })
  })
  const [patched] = await Promise.all([page.waitForResponse(/data\.json$/), page.getByRole('button', { name: 'Load' }).click()])
  await expect(page.locator('#out')).toHaveText('4 items')
  expect(patched.headers()['x-patched']).toBe('yes')
  await page.context().unrouteAll()
  await page.unrouteAll()
})

When('a listener outlives its scenario', async function (this: any) {
  const page = this.page
  const left = globalThis as any
  page.on('console', async () => {
    left.started = true
    await new Promise((r) => setTimeout(r, 300))
    left.late = await page.title().then(() => 'ran', (e: any) => e.message)
  })
  await page.evaluate(() => console.log('hello'))
  await expect.poll(() => left.started).toBe(true)
})

Then('the leftover listener was refused', async function (this: any) {
  await this.page.goto('/events')
  await expect.poll(() => (globalThis as any).late, { timeout: 2000 }).toContain('belongs to a test case that has ended')
})

Then('a second user has a context of their own', async function (this: any) {
  const page = this.page
  await page.goto('/login')
  await page.context().addCookies([{ name: 'who', value: 'ada', url: page.url() }])
  expect(page.viewportSize()).toEqual({ width: 1280, height: 720 })
  expect(await page.evaluate(() => innerWidth)).toBe(1280)
  const other = await this.browser.newContext({ viewport: { width: 390, height: 844 } })
  const bob = await other.newPage()
  expect(bob.viewportSize()).toEqual({ width: 390, height: 844 })
  expect(await bob.evaluate(() => innerWidth + 'x' + innerHeight)).toBe('390x844')
  await bob.setViewportSize({ width: 800, height: 600 })
  expect(await bob.evaluate(() => innerWidth)).toBe(800)
  let unsupported = ''
  try { await this.browser.newContext({ locales: 'de-DE' }) } catch (e: any) { unsupported = e.message }
  expect(unsupported).toContain('unknown field `locales`')
  await bob.goto('/login')
  await bob.getByLabel('Username').fill('bob')
  await bob.getByRole('button', { name: 'Sign in' }).click()
  await expect(bob.getByRole('status')).toHaveText('Welcome, bob')
  await expect(page.getByRole('status')).toHaveText('')
  expect((await other.cookies()).map((c: any) => c.name)).toEqual([])
  expect((await page.context().cookies()).map((c: any) => c.name)).toEqual(['who'])
  expect(this.browser.contexts().length).toBe(2)
  const carol = await this.browser.newPage()
  await carol.goto('/login')
  expect(await carol.title()).toBe('Sign in')
  await carol.close()
  await other.close()
  let closed = ''
  try { await bob.title() } catch (e: any) { closed = e.message }
  expect(closed).not.toBe('')
  // Closing the scenario's own context is allowed (suites do it in After): its pages count as
  // closed; the context itself closes with the scenario.
  await page.context().close()
  expect(page.isClosed()).toBe(true)
})

Then('a download can be saved in the project', async function (this: any) {
  const page = this.page
  await page.goto('/files')
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByText('Get the report').click()])
  expect(download.suggestedFilename()).toBe('report.txt')
  expect(await download.failure()).toBeNull()
  await download.saveAs('downloads/report.txt')
  expect(readFileSync('downloads/report.txt', 'utf8')).toBe('the report')
  expect(await download.path()).toContain('ferridriver-downloads-')
  for (const escape of ['../escape.txt', 'escape-link/escape.txt', '/tmp/escape.txt']) {
    let outside = ''
    try { await download.saveAs(escape) } catch (e: any) { outside = e.message }
    expect(outside).toContain('outside the project')
  }
})

Then('the status shows {string}', async function (this: any, text: string) {
  await expect(this.page.getByRole('status')).toHaveText(text, { timeout: 500 })
})

// Playwright fails every one of these on a locator that matches nothing (and waits first);
// a test tool that passes one of them passes a scenario Playwright fails.
Then('no assertion passes on a missing element', async function (this: any) {
  const missing = this.page.locator('#nothing-has-this-id')
  const options = { timeout: 200 }
  const mustFail: [string, () => Promise<unknown>][] = [
    ['toBeDisabled', () => expect(missing).toBeDisabled(options)],
    ['not.toBeEnabled', () => expect(missing).not.toBeEnabled(options)],
    ['not.toBeChecked', () => expect(missing).not.toBeChecked(options)],
    ['toBeChecked({ checked: false })', () => expect(missing).toBeChecked({ checked: false, ...options })],
    ['not.toHaveClass', () => expect(missing).not.toHaveClass('x', options)],
    ['not.toHaveText', () => expect(missing).not.toHaveText('x', options)],
    ['not.toHaveAttribute', () => expect(missing).not.toHaveAttribute('x', options)],
    ['not.toBeEditable', () => expect(missing).not.toBeEditable(options)],
    ['not.toBeEmpty', () => expect(missing).not.toBeEmpty(options)],
    ['toBeAttached', () => expect(missing).toBeAttached(options)],
    ['isDisabled', () => missing.isDisabled(options)],
    ['isEnabled', () => missing.isEnabled(options)],
    ['isChecked', () => missing.isChecked(options)],
    ['isEditable', () => missing.isEditable(options)],
    ['several: not.toHaveText', () => expect(this.page.getByRole('button')).not.toHaveText('x', options)],
    ['several: isVisible', () => this.page.getByRole('button').isVisible()],
  ]
  const passed: string[] = []
  for (const [name, check] of mustFail) {
    try {
      await check()
      passed.push(name)
    } catch (e) {}
  }
  if (passed.length) throw new Error(`passed on a missing element: ${passed.join(', ')}`)
  // What Playwright does pass without an element.
  await expect(missing).toBeHidden(options)
  await expect(missing).not.toBeVisible(options)
  await expect(missing).toBeVisible({ visible: false, ...options })
  await expect(missing).not.toBeAttached(options)
  await expect(missing).toHaveCount(0)
  expect(await missing.isVisible()).toBe(false)
  expect(await missing.isHidden()).toBe(true)
})
"#;

const FEATURE: &str = r#"Feature: Sign in
  Scenario: A Rust step opens the page, JS signs in
    Given I open "/login"
    When I sign in as "ada"
    Then the welcome message greets "ada"
    And I should see "Welcome, ada"

  Scenario: A JS step opens the page
    Given the JS step opens "/login"
    When I sign in as "bob"
    Then the welcome message greets "bob"
    And only one button signs in

  Scenario: API calls and cookies
    Given I open "/login"
    Then the API and the cookies share the context

  Scenario: Navigations
    Then navigations answer their responses as Playwright does

  Scenario: Frames, negative filters, RegExp matchers, keyboard and mouse
    Given I open "/widgets"
    Then frames, filters, matchers, keyboard and mouse work

  Scenario: Page events
    Then page events reach the listeners

  Scenario: Routes answer requests, also during Rust steps
    Given I open "/events"
    When JS routes the data to 3 items
    And I click the "Load" button
    Then I should see "3 items"
    And routes abort, continue elsewhere and fall back

  Scenario: A download
    Then a download can be saved in the project

  Scenario: Two users
    Then a second user has a context of their own

  Scenario: JS listeners run during Rust steps
    Given I open "/events"
    When a JS listener answers prompts with "Grace"
    And I click the "Ask" button
    Then I should see "name: Grace"
"#;

/// Run on one worker: the second scenario shares the first one's VM.
const LEFTOVER: &str = r#"Feature: Leftovers
  Scenario: A listener is left running
    Given I open "/events"
    When a listener outlives its scenario

  Scenario: The next scenario refuses it
    Then the leftover listener was refused
"#;

const MISSING: &str = r#"Feature: No element, no pass
  Scenario: Assertions on a locator that matches nothing
    Given I open "/login"
    Then no assertion passes on a missing element
"#;

const FAILING: &str = r#"Feature: Failing
  Scenario: The welcome never comes
    Given I open "/login"
    Then the status shows "Goodbye"
"#;

fn project(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ferridriver-js-browser-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in [
        ("steps/login.ts", STEPS),
        ("features/login.feature", FEATURE),
        ("failing/fail.feature", FAILING),
        ("leftover/leftover.feature", LEFTOVER),
        ("missing/missing.feature", MISSING),
        ("fixtures/six.json", r#"{"items": [1, 2, 3, 4, 5, 6]}"#),
    ] {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().expect("a parent")).expect("create dir");
        std::fs::write(p, text).expect("write file");
    }
    // A way out of the project that download.saveAs must not take.
    std::os::unix::fs::symlink(std::env::temp_dir(), dir.join("escape-link")).expect("symlink");
    dir
}

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .arg("bdd")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("binary runs")
}

fn messages(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| serde_json::from_str(l).ok()).collect()
}

fn step_statuses(msgs: &[serde_json::Value]) -> Vec<String> {
    msgs.iter()
        .filter_map(|m| m.get("testStepFinished"))
        .map(|f| f["testStepResult"]["status"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// The bodies of the text log attachments (`this.log`).
fn logs(msgs: &[serde_json::Value]) -> Vec<String> {
    msgs.iter()
        .filter_map(|m| m.get("attachment"))
        .filter(|a| a["mediaType"] == "text/x.cucumber.log+plain")
        .filter_map(|a| a["body"].as_str().map(str::to_string))
        .collect()
}

/// What the test step `id` runs: its Gherkin step's text, or `hook` (for failure messages).
fn step_text(msgs: &[serde_json::Value], id: &str) -> String {
    let step = msgs
        .iter()
        .filter_map(|m| m.get("testCase"))
        .flat_map(|c| c["testSteps"].as_array().cloned().unwrap_or_default())
        .find(|s| s["id"] == id);
    let Some(pickle_step) = step.as_ref().and_then(|s| s["pickleStepId"].as_str()) else { return "hook".into() };
    msgs.iter()
        .filter_map(|m| m.get("pickle"))
        .flat_map(|p| p["steps"].as_array().cloned().unwrap_or_default())
        .find(|s| s["id"] == pickle_step)
        .and_then(|s| s["text"].as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Runs the features under `features` of a fresh project against the fixture site and
/// checks that they pass (a missing browser fails the test).
fn run_green(name: &str, features: &str, workers: &str) -> Option<(PathBuf, Vec<serde_json::Value>)> {
    if !support::browser_available() {
        return None;
    }
    let base = support::serve(PAGES);
    let dir = project(name);
    let params = format!("{{\"baseUrl\":\"{base}\"}}");
    let out = run(&dir, &[features, "--parallel", workers, "-f", "message", "--world-parameters", &params]);
    let msgs = messages(&out);
    let failures: Vec<String> = msgs
        .iter()
        .filter_map(|m| m.get("testStepFinished"))
        .filter_map(|f| {
            let message = f["testStepResult"]["message"].as_str()?;
            Some(format!("{}: {message}", step_text(&msgs, f["testStepId"].as_str().unwrap_or_default())))
        })
        .collect();
    assert_eq!(out.status.code(), Some(0), "{failures:#?}\n{}", String::from_utf8_lossy(&out.stderr));
    Some((dir, msgs))
}

#[test]
fn typescript_steps_drive_the_scenario_page_next_to_rust_steps_in_parallel() {
    let Some((dir, msgs)) = run_green("pass", "features", "2") else { return };
    let statuses = step_statuses(&msgs);
    assert_eq!(statuses.len(), 45, "10 scenarios with a Before and an After hook each");
    assert!(statuses.iter().all(|s| s == "PASSED"), "{statuses:?}");
    assert_eq!(msgs.iter().filter(|m| m.get("testCaseFinished").is_some()).count(), 10);
    let logs = logs(&msgs);
    assert!(logs.contains(&"before API calls and cookies (2 steps) string".to_string()), "{logs:?}");
    assert_eq!(logs.iter().filter(|l| l.starts_with("after ") && l.ends_with(": PASSED retried=false")).count(), 10);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_listener_left_from_an_earlier_scenario_cannot_drive_the_next_one() {
    // One worker: the second scenario runs in the first one's VM, next to its leftovers.
    let Some((dir, _)) = run_green("leftover", "leftover", "1") else { return };
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn no_assertion_or_state_query_passes_on_a_locator_that_matches_nothing() {
    let Some((dir, _)) = run_green("missing", "missing", "1") else { return };
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_failed_expectation_shows_expected_received_the_ts_line_and_a_screenshot() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let dir = project("fail");
    let params = format!("{{\"baseUrl\":\"{base}\"}}");
    let out = run(&dir, &["failing", "--parallel", "2", "-f", "message", "--world-parameters", &params]);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let msgs = messages(&out);
    assert_eq!(step_statuses(&msgs), ["PASSED", "PASSED", "FAILED", "PASSED"]);
    assert!(logs(&msgs).contains(&"after The welcome never comes: FAILED retried=false".to_string()));
    let failed = msgs
        .iter()
        .filter_map(|m| m.get("testStepFinished"))
        .find(|f| f["testStepResult"]["status"] == "FAILED")
        .expect("a failed step");
    let message = failed["testStepResult"]["message"].as_str().expect("a message");
    let line = STEPS.lines().position(|l| l.contains("toHaveText(text, { timeout: 500 })")).expect("the line") + 1;
    for wanted in [
        "getByRole('status')",
        "Expected: 'Goodbye'",
        "Received: ''",
        "Timeout: 500ms",
        &format!("steps/login.ts:{line}:"),
    ] {
        assert!(message.contains(wanted), "{wanted} missing from:\n{message}");
    }
    assert!(!message.contains("ferridriver:"), "prelude frames are hidden:\n{message}");
    let pngs = msgs.iter().filter_map(|m| m.get("attachment")).filter(|a| a["mediaType"] == "image/png").count();
    assert_eq!(pngs, 1, "a screenshot of the failed step");
    let _ = std::fs::remove_dir_all(&dir);
}
