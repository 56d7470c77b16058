//! `context.setStorageState(state | path)` (Playwright 1.65): the context's cookies and storage
//! replaced by a saved state, in a context of the suite's own and in the scenario's own (where a
//! suite cannot pass `storageState` to the context it is given), compared with Playwright
//! 1.65.1's answers on the same page.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[("/", "<title>home</title>")];

const SCRIPT: &str = r#"const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
const base = args[0];
const origin = new URL(base).origin;
const c = await page.context().browser().newContext();
const p = await c.newPage();
await p.goto(base + '/');
await p.evaluate(() => { document.cookie = 'old=1'; localStorage.setItem('x', '1'); });
const state = { cookies: [{ name: 'a', value: '1', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }], origins: [{ origin, localStorage: [{ name: 'y', value: '2' }] }] };
await attempt('set', async () => { await c.setStorageState(state); return 'ok'; });
await attempt('after', async () => { await p.reload(); return p.evaluate(() => [document.cookie, Object.keys(localStorage).sort().join(','), localStorage.getItem('y')]); });
await attempt('pages', async () => c.pages().length);
await attempt('stateBack', async () => { const s = await c.storageState(); return [s.cookies.map((k) => k.name), s.origins.map((o) => o.localStorage.map((l) => l.name))]; });
await attempt('missingFile', async () => { await c.setStorageState('nope.json'); return 'ok'; });
await attempt('badState', async () => { await c.setStorageState({ cookies: 'x' }); return 'ok'; });
return out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT`.
const PLAYWRIGHT: &str = r#"{"set": "ok", "after": ["a=1", "y", "2"], "pages": 1, "stateBack": [["a"], [["y"]]], "missingFile": "error: Error reading storage state from nope.json:", "badState": "error: browserContext.setStorageState: storageState.cookies: expected array, got string"}"#;

#[test]
fn a_context_takes_a_saved_state_as_playwrights_does() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("set-storage-state", &base, SCRIPT, &playwright, &[]);
}

const STEPS: &str = r#"import { When, Then } from '@cucumber/cucumber'
import { expect } from '@playwright/test'
import { writeFileSync } from 'node:fs'

When('a saved sign-in is loaded into the scenario\'s context', async function (this: any) {
  const origin = new URL(this.parameters.baseUrl).origin
  writeFileSync('auth.json', JSON.stringify({ cookies: [{ name: 'session', value: 'abc', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }], origins: [{ origin, localStorage: [{ name: 'user', value: 'ann' }] }] }))
  await this.context.setStorageState('auth.json')
})

Then('the page is signed in', async function (this: any) {
  await this.page.goto(this.parameters.baseUrl + '/')
  expect(await this.page.evaluate(() => [document.cookie, localStorage.getItem('user')])).toEqual(['session=abc', 'ann'])
})
"#;

#[test]
fn the_scenarios_own_context_takes_a_saved_state() {
    support::browser_available();
    let base = support::serve(PAGES);
    js_suite::assert_passes(
        "set-storage-state-scenario",
        &[
            ("features/steps/auth.ts", STEPS),
            ("features/auth.feature", "Feature: Auth\n\n  Scenario: Saved sign-in\n    When a saved sign-in is loaded into the scenario's context\n    Then the page is signed in\n"),
        ],
        "features",
        &base,
        1,
    );
}

const CLOSED: &str = r#"const c = await page.context().browser().newContext();
const p = await c.newPage();
await p.goto(args[0] + '/');
await p.evaluate(() => localStorage.setItem('x', '1'));
await p.close();
await c.setStorageState({ cookies: [], origins: [] });
const q = await c.newPage();
await q.goto(args[0] + '/');
return { keys: await q.evaluate(() => Object.keys(localStorage).join(',')) };
"#;

/// The storage of an origin only a closed page showed is cleared too, as Playwright clears
/// every origin the context saw (Playwright 1.65.1 answers "": no key left).
#[test]
fn the_origins_of_closed_pages_are_cleared_too() {
    support::browser_available();
    let base = support::serve(PAGES);
    js_suite::assert_as_playwright("set-storage-state-closed", &base, CLOSED, &serde_json::json!({ "keys": "" }), &[]);
}
