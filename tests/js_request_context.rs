//! Playwright's `request.newContext()` in real Chromium, as Playwright 1.65.1 answered the same
//! calls: `baseURL` resolution (a relative URL without one is an error), `extraHTTPHeaders`
//! under a call's own header, a cookie jar of its own (not the scenario's), `storageState()` into
//! another context, and `dispose()`; a `storageState` file outside the project is refused.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const STEPS: &str = r##"import { Then } from '@cucumber/cucumber'
import { expect, request } from '@playwright/test'

Then('a request context of its own works as Playwright', async function (this: any) {
  const base: string = this.parameters.baseUrl
  const api = await request.newContext({ baseURL: base + '/api/', extraHTTPHeaders: { 'X-Team': 'blue' } })
  expect((await api.get('missing?q=1')).url()).toBe(base + '/api/missing?q=1')
  const echoed = await (await api.get('/__echo')).text()
  expect(echoed).toContain('x-team: blue')
  const own = await (await api.get('/__echo', { headers: { 'x-team': 'red' } })).text()
  expect(own).toContain('x-team: red')
  expect(own).not.toContain('x-team: blue')

  // Its own cookie jar: the cookie the server sets comes back to it, not to the scenario.
  expect(await (await api.get('/__cookies')).text()).toBe('')
  expect(await (await api.get('/__cookies')).text()).toBe('served=yes')
  expect(await this.context.cookies()).toEqual([])
  const state = await api.storageState()
  expect(state.cookies).toContainEqual(expect.objectContaining({ name: 'served', value: 'yes' }))
  const again = await request.newContext({ storageState: state })
  expect(await (await again.get(base + '/__cookies')).text()).toBe('served=yes')

  // A storage state file is read only inside the project, as the script's own files are.
  await expect(request.newContext({ storageState: '/etc/passwd' } as any)).rejects.toThrow('outside the project')
  await expect(this.browser.newContext({ storageState: '../../etc/hostname' })).rejects.toThrow('storageState')

  const bare = await request.newContext()
  await expect(bare.get('/relative')).rejects.toThrow('apiRequestContext.get: Invalid URL')
  await api.dispose()
  await expect(api.get('/__echo')).rejects.toThrow('apiRequestContext.get: Target page, context or browser has been closed')
})
"##;

const FEATURE: &str =
    "Feature: API contexts\n\n  Scenario: One of its own\n    Then a request context of its own works as Playwright\n";

#[test]
fn request_new_context_works_as_playwright() {
    support::browser_available();
    let base = support::serve(&[]);
    js_suite::assert_passes(
        "request-context",
        &[("steps/request.ts", STEPS), ("request.feature", FEATURE)],
        "request.feature",
        &base,
        1,
    );
}
