//! `--isolation reset`: one context per worker, reset between scenarios. The first scenarios
//! leave every kind of state a page or a step can leave — cookies, local and session storage,
//! IndexedDB, Cache Storage, a service worker, permissions, geolocation, extra headers,
//! offline, an init script, a route, a viewport, an extra page, dialog and file-chooser
//! listeners — and the next ones, on the same
//! worker and the same context, find none of it; the configured `[browser]` options hold again.

#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::process::Command;

const PAGES: &[(&str, &str)] =
    &[("/app", "<title>app</title>"), ("/sw.js", "self.addEventListener('fetch', () => {})")];

const STEPS: &str = r#"import { Given, Then } from '@cucumber/cucumber'
import { expect } from '@playwright/test'

Given('a scenario leaves everything behind', async function () {
  const page = this.page
  const context = this.context
  await page.goto('/app')
  await context.addCookies([{ name: 'left', value: '1', url: page.url() }])
  await page.evaluate(async () => {
    document.cookie = 'also=1; path=/'
    localStorage.setItem('left', '1')
    sessionStorage.setItem('left', '1')
    await new Promise((ok, fail) => {
      const open = indexedDB.open('left-db', 1)
      open.onupgradeneeded = () => open.result.createObjectStore('s')
      open.onsuccess = () => { const tx = open.result.transaction('s', 'readwrite'); tx.objectStore('s').put(1, 'k'); tx.oncomplete = () => { open.result.close(); ok(null) } }
      open.onerror = () => fail(open.error)
    })
    await (await caches.open('left-cache')).put('/cached', new Response('x'))
    await navigator.serviceWorker.register('/sw.js')
    await navigator.serviceWorker.ready
  })
  await context.grantPermissions(['geolocation'])
  await context.setGeolocation({ latitude: 1, longitude: 2 })
  await context.setExtraHTTPHeaders({ 'x-left': '1' })
  await page.setExtraHTTPHeaders({ 'x-page-left': '1' })
  await context.addInitScript('window.leftBehind = 1')
  await page.route('**/routed', (route: any) => route.fulfill({ body: 'routed' }))
  await page.setViewportSize({ width: 500, height: 400 })
  await context.newPage()
  // listeners the next scenario never has: its dialogs and file choosers are its own
  page.on('dialog', () => undefined)
  page.on('filechooser', () => undefined)
  await page.evaluate(() => 1)
  await context.setOffline(true)
  expect(await page.evaluate(() => navigator.onLine)).toBe(false)
})

Then('the next scenario finds none of it', async function () {
  const page = this.page
  const context = this.context
  expect(page.url()).toBe('about:blank')
  expect(context.pages()).toHaveLength(1)
  expect(await context.cookies()).toEqual([])
  await page.goto('/app')
  // a dialog nobody listens for is dismissed (it would hang the step if it waited for an
  // answer), and a file input's chooser is cancelled, not held for a listener
  expect(await page.evaluate(() => confirm('left?'))).toBe(false)
  await page.setContent('<input type=file>')
  const cancelled = page.evaluate(() => new Promise((ok) => document.querySelector('input')!.addEventListener('cancel', () => ok('cancelled'))))
  await page.locator('input').click()
  expect(await cancelled).toBe('cancelled')
  await page.goto('/app')
  const seen = await page.evaluate(async () => ({
    cookie: document.cookie,
    local: localStorage.length,
    session: sessionStorage.length,
    databases: (await indexedDB.databases()).map((d) => d.name),
    caches: await caches.keys(),
    workers: (await navigator.serviceWorker.getRegistrations()).length,
    geolocation: (await navigator.permissions.query({ name: 'geolocation' })).state,
    online: navigator.onLine,
    init: (window as any).leftBehind ?? null,
    width: innerWidth,
    language: navigator.language,
    headers: await (await fetch('/__echo')).text(),
    routed: (await fetch('/routed')).status,
  }))
  expect(seen.headers).not.toContain('x-left')
  expect(seen.headers).not.toContain('x-page-left')
  expect(seen.headers).toContain('x-suite: nightly')
  expect({ ...seen, headers: undefined }).toEqual({
    cookie: '', local: 0, session: 0, databases: [], caches: [], workers: 0, geolocation: 'prompt',
    online: true, init: null, width: 1280, language: 'fr-FR', headers: undefined, routed: 404,
  })
})
"#;

// Two dirty scenarios in a row (the second on a context already reset once), then two that
// must find it clean.
const FEATURE: &str = "Feature: Reset
  Scenario: leaves state
    Given a scenario leaves everything behind

  Scenario: leaves state again
    Given a scenario leaves everything behind

  Scenario: starts clean
    Then the next scenario finds none of it

  Scenario: starts clean again
    Then the next scenario finds none of it
";

#[test]
fn a_reset_context_keeps_nothing_from_the_previous_scenario() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let dir = std::env::temp_dir().join(format!("ferridriver-reset-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("features")).unwrap();
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    std::fs::write(dir.join("steps/reset.ts"), STEPS).unwrap();
    std::fs::write(dir.join("features/reset.feature"), FEATURE).unwrap();
    std::fs::write(
        dir.join("ferridriver.toml"),
        format!(
            "[test]\nsteps = [\"steps/*.ts\"]\nparallel = 1\ntimeout = 15000\n\n[browser]\nisolation = \"reset\"\nbaseURL = \"{base}\"\nlocale = \"fr-FR\"\nextraHTTPHeaders = {{ \"X-Suite\" = \"nightly\" }}\n"
        ),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "--format", "summary"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("4 scenarios (4 passed)"), "{stdout}");
    let bad = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "--isolation", "shared"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--isolation: isolation must be `context` or `reset`"));
    let _ = std::fs::remove_dir_all(&dir);
}
