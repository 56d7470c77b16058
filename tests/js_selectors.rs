//! Playwright's selector syntax in `locator()`, as Playwright 1.65.1 answered the same
//! selectors on the same page (recorded with a probe): the `text=`, `xpath=` (and `//…`),
//! `css=`, `id=`, `data-testid=` and `role=` engines, quoted text, `>>` chains with `nth=` and
//! `visible=`, Playwright's CSS pseudo-classes (`:has-text()`, `:text()`, `:text-is()`,
//! `:text-matches()`, `:visible`) with the combinators after them and in selector lists
//! (`a:has-text("x"), b`: each alternative's matches, in document order), `filter({ visible })`, and
//! the errors of bad selectors (compared without the method's name in front). And `String(locator)`, as
//! Playwright writes each kind of locator. And engines registered with `selectors.register`.

// The recorded answers are one large `json!`.
#![recursion_limit = "256"]

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[(
    "/sel",
    r#"<!DOCTYPE html><title>Sel</title>
<div id=box data-testid=box><span>Inner one</span><span>inner two</span><p>a &gt;&gt; b</p></div>
<button id=b1 class=primary>Sign in</button>
<button id=b2 data-testid=save>Save</button>
<button id=b3 style="display:none">Save hidden</button>
<ul><li>One</li><li>Two</li><li>Two more</li><li>tWo</li></ul>
<p id=para>Please sign
   in here</p>
<div id=outer><div><em>deep</em></div></div>"#,
)];

const SCRIPT: &str = r#"
await page.goto(args[0] + '/sel');
const out = {};
const ids = (l) => l.evaluateAll((els) => els.map((e) => e.id || e.textContent.replace(/\s+/g, ' ').trim()));
const cases = {
  textLoose: () => page.locator('text=sign in'),
  textQuoted: () => page.locator('text="Sign in"'),
  textQuotedCase: () => page.locator('text="sign in"'),
  textRegex: () => page.locator('text=/sign\\s+IN/i'),
  legacyQuoted: () => page.locator('"Save"'),
  xpath: () => page.locator('xpath=//button'),
  xpathBare: () => page.locator('//button[@id="b2"]'),
  xpathChained: () => page.locator('#box').locator('//span'),
  xpathDots: () => page.locator('#box span >> ..'),
  cssEngine: () => page.locator('css=button.primary'),
  chainText: () => page.locator('#box >> text=inner'),
  chainNth: () => page.locator('button >> nth=1'),
  chainNthLast: () => page.locator('li >> nth=-1'),
  chainVisible: () => page.locator('button >> visible=true'),
  chainHidden: () => page.locator('button >> visible=false'),
  pseudoVisible: () => page.locator('button:visible'),
  hasText: () => page.locator('button:has-text("save")'),
  hasTextUnquoted: () => page.locator('li:has-text(Two)'),
  textPseudo: () => page.locator('li:text("two")'),
  textIs: () => page.locator('li:text-is("Two")'),
  textMatches: () => page.locator('li:text-matches("^t.o$", "i")'),
  hasTextChild: () => page.locator('div:has-text("inner two") > span'),
  hasTextDescendant: () => page.locator('div:has-text("Inner one") span'),
  visibleCompound: () => page.locator('#box span:visible'),
  idEngine: () => page.locator('id=box'),
  testIdEngine: () => page.locator('data-testid=save'),
  roleEngine: () => page.locator('role=button[name="Save"]'),
  roleEngineLoose: () => page.locator('role=button[name="save"i]'),
  nestedOnce: () => page.locator('#outer div, #outer').locator('em'),
  filterVisible: () => page.locator('button').filter({ visible: true }),
  filterHidden: () => page.locator('button').filter({ visible: false }),
  nestedQuote: () => page.locator('text="a >> b"'),
  unknownEngine: () => page.locator('foo=bar'),
  badXpath: () => page.locator('xpath=//['),
  badCss: () => page.locator('button:has-text('),
  listPseudo: () => page.locator('button:has-text("Save"), li:text-is("Two")'),
  listPseudoOrder: () => page.locator('li:text-is("One"), button:has-text("Sign")'),
  listNested: () => page.locator('#box').locator('span:has-text("two"), p'),
  listDuplicate: () => page.locator('button:has-text("Save"), #b2'),
  listCombinator: () => page.locator('div:has-text("Inner one") > span, li:text-is("Two")'),
  listRoleTab: () => page.locator('button:has-text("Save"), [role="tab"]:has-text("Save")'),
  listVisible: () => page.locator('button:visible, li:text("two")'),
  listEmptyLast: () => page.locator('button:has-text("Save"),'),
  listEmptyFirst: () => page.locator(', button:has-text("Save")'),
  listEscapedComma: () => page.locator('#a\\,b:has-text("x"), li:text-is("One")'),
};
for (const [name, make] of Object.entries(cases)) {
  try { out[name] = await ids(make()); } catch (e) { out[name] = 'error: ' + String(e.message).split('\n')[0]; }
}
try { await page.locator('text="Sign in"').first().click({ timeout: 500 }); out.click = 'ok'; } catch (e) { out.click = String(e.message).split('\n')[0]; }
try { await page.locator('text=Nowhere').click({ timeout: 300 }); out.clickNone = 'ok'; } catch (e) { out.clickNone = String(e.message).split('\n')[0]; }
try { await page.locator('button:has-text("Save"), [role="tab"]:has-text("Save")').first().click({ timeout: 1000 }); out.listClick = 'ok'; } catch (e) { out.listClick = String(e.message).split('\n')[0]; }
try { await page.locator('button:has-text("Save"), li:text-is("One")').click({ timeout: 1000 }); out.listStrict = 'ok'; } catch (e) { out.listStrict = String(e.message).split('\n')[0]; }
out.listString = String(page.locator('#box').locator('span:has-text("two"), p'));
out.describe = String(page.locator('text=Sign in >> nth=0'));
return out;
"#;

#[test]
fn selectors_find_what_playwrights_find() {
    support::browser_available();
    let base = support::serve(PAGES);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same page).
    let playwright = serde_json::json!({
        "textLoose": ["b1", "para"],
        "textQuoted": ["b1"],
        "textQuotedCase": [],
        "textRegex": ["b1", "para"],
        "legacyQuoted": ["b2"],
        "xpath": ["b1", "b2", "b3"],
        "xpathBare": ["b2"],
        "xpathChained": ["Inner one", "inner two"],
        "xpathDots": ["box"],
        "cssEngine": ["b1"],
        "chainText": ["Inner one", "inner two"],
        "chainNth": ["b2"],
        "chainNthLast": ["tWo"],
        "chainVisible": ["b1", "b2"],
        "chainHidden": ["b3"],
        "pseudoVisible": ["b1", "b2"],
        "hasText": ["b2", "b3"],
        "hasTextUnquoted": "error: locator.evaluateAll: Error: \"has-text\" engine expects a single string",
        "textPseudo": ["Two", "Two more", "tWo"],
        "textIs": ["Two"],
        "textMatches": ["Two", "tWo"],
        "hasTextChild": ["Inner one", "inner two"],
        "hasTextDescendant": ["Inner one", "inner two"],
        "visibleCompound": ["Inner one", "inner two"],
        "idEngine": ["box"],
        "testIdEngine": ["b2"],
        "roleEngine": ["b2"],
        "roleEngineLoose": ["b2"],
        "nestedOnce": ["deep"],
        "filterVisible": ["b1", "b2"],
        "filterHidden": ["b3"],
        "nestedQuote": ["a >> b"],
        "unknownEngine": "error: locator.evaluateAll: Unknown engine \"foo\" while parsing selector foo=bar",
        "badXpath": "error: locator.evaluateAll: SyntaxError: Failed to execute 'evaluate' on 'Document': The string '//[' is not a valid XPath expression.",
        "badCss": "error: locator.evaluateAll: Unexpected token \"\" while parsing css selector \"button:has-text(\". Did you mean to CSS.escape it?",
        "listPseudo": ["b2", "b3", "Two"],
        "listPseudoOrder": ["b1", "One"],
        "listNested": ["inner two", "a >> b"],
        "listDuplicate": ["b2", "b3"],
        "listCombinator": ["Inner one", "inner two", "Two"],
        "listRoleTab": ["b2", "b3"],
        "listVisible": ["b1", "b2", "Two", "Two more", "tWo"],
        "listClick": "ok",
        "listEmptyLast": "error: locator.evaluateAll: Unexpected token \"\" while parsing css selector \"button:has-text(\"Save\"),\". Did you mean to CSS.escape it?",
        "listEmptyFirst": "error: locator.evaluateAll: Unexpected token \",\" while parsing css selector \", button:has-text(\"Save\")\". Did you mean to CSS.escape it?",
        "listEscapedComma": ["One"],
        "listStrict": "locator.click: Error: strict mode violation: locator('button:has-text(\"Save\"), li:text-is(\"One\")') resolved to 3 elements:",
        "listString": "locator('#box').locator('span:has-text(\"two\"), p')",
        "click": "ok",
        "clickNone": "locator.click: Timeout 300ms exceeded.",
        "describe": "locator('text=Sign in').first()"
    });
    js_suite::assert_as_playwright("selectors", &base, SCRIPT, &playwright, &[]);
}

/// `String(locator)`: Playwright's own text of the locator (what its errors and traces show),
/// as Playwright 1.65.1 printed the same locators.
const DESCRIBED: &str = r#"
await page.goto(args[0] + '/sel');
const cases = {
  css: page.locator('#box'),
  chain: page.locator('text=Sign in >> nth=0'),
  role: page.getByRole('button', { name: 'Add' }),
  roleExact: page.getByRole('button', { name: 'Add', exact: true }),
  roleRe: page.getByRole('heading', { name: /shop/i, level: 2 }),
  pressed: page.getByRole('button', { pressed: true, includeHidden: true }),
  text: page.getByText('Welcome'),
  textExact: page.getByText('Welcome', { exact: true }),
  label: page.getByLabel('Item'),
  testId: page.getByTestId('basket'),
  placeholder: page.getByPlaceholder('Search'),
  alt: page.getByAltText('logo'),
  filtered: page.locator('li').filter({ hasText: 'tea' }).first(),
  has: page.locator('li').filter({ has: page.locator('b') }),
  hasNot: page.locator('li').filter({ hasNot: page.locator('b'), hasNotText: 'x' }),
  nth: page.locator('li').nth(2).last(),
  nested: page.locator('#list').getByRole('listitem'),
  frame: page.frameLocator('#f').getByText('in'),
  frames: page.frameLocator('#a').frameLocator('#b').locator('p'),
  frameFirst: page.frameLocator('iframe').first().locator('p'),
  contentFrame: page.locator('#f').contentFrame().locator('p'),
  owner: page.frameLocator('#f').owner(),
  and: page.getByRole('button').and(page.getByTitle('Save')),
  or: page.locator('a').or(page.locator('b')),
  quote: page.getByText("it's"),
  doubleQuote: page.getByText('say "hi"'),
  regex: page.getByText(/a'b/),
  visible: page.locator('button').filter({ visible: true }),
  hidden: page.locator('button').filter({ visible: false }),
  xpath: page.locator('//div'),
  cssQuote: page.locator("a[title='x']"),
  backslash: page.getByText('a\\b'),
  newline: page.getByText('a\nb'),
};
const out = {};
for (const [name, locator] of Object.entries(cases)) out[name] = String(locator);
return out;
"#;

#[test]
fn a_locator_as_a_string_is_playwrights_text() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::json!({
        "css": "locator('#box')",
        "chain": "locator('text=Sign in').first()",
        "role": "getByRole('button', { name: 'Add' })",
        "roleExact": "getByRole('button', { name: 'Add', exact: true })",
        "roleRe": "getByRole('heading', { name: /shop/i, level: 2 })",
        "pressed": "getByRole('button', { includeHidden: true, pressed: true })",
        "text": "getByText('Welcome')",
        "textExact": "getByText('Welcome', { exact: true })",
        "label": "getByLabel('Item')",
        "testId": "getByTestId('basket')",
        "placeholder": "getByPlaceholder('Search')",
        "alt": "getByAltText('logo')",
        "filtered": "locator('li').filter({ hasText: 'tea' }).first()",
        "has": "locator('li').filter({ has: locator('b') })",
        "hasNot": "locator('li').filter({ hasNotText: 'x' }).filter({ hasNot: locator('b') })",
        "nth": "locator('li').nth(2).last()",
        "nested": "locator('#list').getByRole('listitem')",
        "frame": "locator('#f').contentFrame().getByText('in')",
        "frames": "locator('#a').contentFrame().locator('#b').contentFrame().locator('p')",
        "frameFirst": "locator('iframe').first().contentFrame().locator('p')",
        "contentFrame": "locator('#f').contentFrame().locator('p')",
        "owner": "locator('#f')",
        "and": "getByRole('button').and(getByTitle('Save'))",
        "or": "locator('a').or(locator('b'))",
        "quote": "getByText('it\\'s')",
        "doubleQuote": "getByText('say \"hi\"')",
        "regex": "getByText(/a'b/)",
        "visible": "locator('button').visible()",
        "hidden": "locator('button').filter({ visible: false })",
        "xpath": "locator('//div')",
        "cssQuote": "locator('a[title=\\'x\\']')",
        "backslash": "getByText('a\\\\b')",
        "newline": "getByText('a\\nb')"
    });
    js_suite::assert_as_playwright("described", &base, DESCRIBED, &playwright, &[]);
}

/// `selectors.register`: engines made by a function, by page code and by `{ content }`, used
/// alone, in `>>` chains and inside a locator, by actions, `String(locator)`, strictness,
/// waiting and `expect`; the names Playwright refuses, in its words.
const ENGINES: &str = r#"
import { selectors, expect } from '@playwright/test';
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
const createTagNameEngine = () => ({
  query(root, selector) { return root.querySelector(selector); },
  queryAll(root, selector) { return Array.from(root.querySelectorAll(selector)); },
});
await attempt('register', async () => String(await selectors.register('tag', createTagNameEngine)));
await attempt('again', () => selectors.register('tag', createTagNameEngine));
await attempt('builtin', () => selectors.register('css', createTagNameEngine));
await attempt('badName', () => selectors.register('bad name', createTagNameEngine));
await attempt('string', async () => String(await selectors.register('dataname', `({ query(root, s) { return root.querySelector('[data-name="' + s + '"]'); }, queryAll(root, s) { return Array.from(root.querySelectorAll('[data-name="' + s + '"]')); } })`)));
await attempt('content', async () => String(await selectors.register('upper', { content: `({ queryAll(root, s) { return Array.from(root.querySelectorAll('*')).filter((e) => e.textContent === s.toUpperCase() && !e.children.length); } })` })));
await page.goto(args[0] + '/engines');
// The page cannot put its own engine in place of a registered one.
await page.evaluate(() => Object.defineProperty(document, Symbol.for('ferridriver.engines'), { value: { has: () => true, get: () => ({ queryAll: () => [document.body] }), set() {} } }));
await attempt('count', () => page.locator('tag=b').count());
await attempt('texts', () => page.locator('tag=b').allTextContents());
await attempt('chain', () => page.locator('#box >> tag=b').textContent());
await attempt('chain2', () => page.locator('tag=div >> tag=i').textContent());
await attempt('inLocator', () => page.locator('section').locator('tag=b').count());
await attempt('click', async () => { await page.locator('dataname=go').click(); return page.locator('#out').textContent(); });
await attempt('upper', () => page.locator('upper=shout').textContent());
await attempt('str', () => String(page.locator('tag=b').first()));
await attempt('strict', () => page.locator('tag=b').textContent({ timeout: 500 }));
await attempt('none', () => page.locator('tag=nope').textContent({ timeout: 300 }));
await attempt('expect', async () => { await expect(page.locator('tag=i')).toHaveText('three'); return 'ok'; });
await attempt('unknown', () => page.locator('nope=x').count());
await attempt('caseName', () => page.locator('TAG=b').count());
export default out;
"#;

#[test]
fn registered_selector_engines_as_playwright() {
    support::browser_available();
    let base = support::serve(&[(
        "/engines",
        r#"<!DOCTYPE html><title>Sel</title><section><b>one</b><b>two</b></section><div id=box><i>three</i><b>four</b></div><button data-name=go onclick="document.getElementById('out').textContent = 'went'">Go</button><p id=out></p><p>SHOUT</p>"#,
    )]);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same page).
    let playwright = serde_json::json!({
        "register": "undefined",
        "again": "error: selectors.register: \"tag\" selector engine has been already registered",
        "builtin": "error: selectors.register: \"css\" is a predefined selector engine",
        "badName": "error: selectors.register: Selector engine name may only contain [a-zA-Z0-9_] characters",
        "string": "undefined",
        "content": "undefined",
        "count": 3,
        "texts": ["one", "two", "four"],
        "chain": "four",
        "chain2": "three",
        "inLocator": 2,
        "click": "went",
        "upper": "SHOUT",
        "str": "locator('tag=b').first()",
        "strict": "error: locator.textContent: Error: strict mode violation: locator('tag=b') resolved to 3 elements:",
        "none": "error: locator.textContent: Timeout 300ms exceeded.",
        "expect": "ok",
        "unknown": "error: locator.count: Unknown engine \"nope\" while parsing selector nope=x",
        "caseName": "error: locator.count: Unknown engine \"TAG\" while parsing selector TAG=b"
    });
    js_suite::assert_module_as_playwright("selector-engines", &base, ENGINES, &playwright, &[]);
}
