//! `page.setExtraHTTPHeaders` beside the context's, as Playwright 1.65.1 answered the same calls:
//! a page's headers win over its context's of the same name (case aside), a later change of the
//! context's replaces the context's only, other pages see the context's, `{}` clears the page's,
//! and a value that is not a string is Playwright's error.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const STEPS: &str = r##"import { Then } from '@cucumber/cucumber'
import { expect } from '@playwright/test'

// The x-a/x-b/x-c headers the server saw (it echoes the request's headers, lower case).
async function seen(page: any, base: string) {
  const text = await (await page.goto(base + '/__echo')).text()
  const found: Record<string, string> = {}
  for (const line of text.split('\n')) {
    const m = line.trim().match(/^x-([abc]):\s*(.*)$/)
    if (m) found[m[1]] = m[2]
  }
  return found
}

Then('extra headers merge as in Playwright', async function (this: any) {
  const base: string = this.parameters.baseUrl
  const context = await this.browser.newContext({ extraHTTPHeaders: { 'X-A': 'ctx', 'X-C': 'ctx' } })
  const page = await context.newPage()
  expect(await seen(page, base)).toEqual({ a: 'ctx', c: 'ctx' })
  await page.setExtraHTTPHeaders({ 'x-a': 'page', 'X-B': 'page' })
  expect(await seen(page, base)).toEqual({ a: 'page', b: 'page', c: 'ctx' })
  await context.setExtraHTTPHeaders({ 'X-C': 'ctx2' })
  expect(await seen(page, base)).toEqual({ a: 'page', b: 'page', c: 'ctx2' })
  expect(await seen(await context.newPage(), base)).toEqual({ c: 'ctx2' })
  await expect(page.setExtraHTTPHeaders({ 'x-n': 1 } as any)).rejects.toThrow(
    'Expected value of header "x-n" to be String, but "number" is found.'
  )
  await page.setExtraHTTPHeaders({})
  expect(await seen(page, base)).toEqual({ c: 'ctx2' })
})
"##;

const FEATURE: &str =
    "Feature: Headers\n\n  Scenario: Page over context\n    Then extra headers merge as in Playwright\n";

#[test]
fn page_extra_headers_merge_over_the_contexts_as_playwright() {
    support::browser_available();
    let base = support::serve(&[]);
    js_suite::assert_passes(
        "extra-headers",
        &[("steps/headers.ts", STEPS), ("headers.feature", FEATURE)],
        "headers.feature",
        &base,
        1,
    );
}
