//! Options and keys suites rely on, as Playwright 1.65.1 answered the same calls on the same
//! page (recorded with a probe): keys named by their code (`KeyA`, `Shift+Digit1`, `Minus`,
//! `Numpad5`) on a US layout, `selectOption({ index })` and an option that never comes,
//! `toHaveText`/`toContainText` with `ignoreCase` and `useInnerText`, a click's `button`,
//! `modifiers` and `position`, `hover` and `dblclick` with options, `fill` on an element that cannot take text, and
//! `waitForSelector`'s `hidden`/`detached` states, and `check`/`uncheck`/`setChecked` with
//! `trial`, `position` and `force` (nothing to do for a box already in the wanted state, even a
//! disabled one). Some answers differ, on purpose, in wording only: an action's time-out names
//! the locator and why it waited; a click that did not change a box names the locator.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[(
    "/misc",
    r#"<!DOCTYPE html><title>Misc</title>
<input id=t onkeydown="if (event.key === 'Enter') document.getElementById('log').textContent = 'enter'">
<select id=s><option value=a>A</option><option value=b>B</option><option value=c>C</option></select>
<p id=p>Hello
   World</p>
<div id=hidden-part>shown<span style="display:none"> hidden</span></div>
<button id=b onclick="document.getElementById('log').textContent = 'click ' + event.button + ' ' + event.shiftKey + ' ' + event.offsetX + ',' + event.offsetY" oncontextmenu="document.getElementById('log').textContent = 'context ' + event.button; return false">B</button>
<div id=d>div</div>
<p id=log></p>
<p id=gone style="display:none">gone</p>
<div id=h style="width:50px;height:20px" onmousemove="document.getElementById('log').textContent = 'move ' + event.offsetX + ',' + event.offsetY + ' ' + event.altKey" ondblclick="document.getElementById('log').textContent = 'dbl ' + event.shiftKey + ' ' + event.detail">H</div>"#,
)];

const CHECK_PAGE: (&str, &str) = (
    "/checks",
    r#"<!DOCTYPE html><title>Checks</title>
<label id=lab><input type=checkbox id=c1> Terms</label>
<input type=checkbox id=c2 checked disabled>
<input type=checkbox id=c3 disabled>
<input type=radio name=r id=r1 checked><input type=radio name=r id=r2>
<button id=btn>Not a box</button>
<div role=checkbox aria-checked=false id=aria onclick="this.setAttribute('aria-checked', this.getAttribute('aria-checked') === 'true' ? 'false' : 'true')">aria</div>
<input type=checkbox id=stuck onclick="return false">
<div style="position:relative"><input type=checkbox id=c4><div id=cover style="position:absolute;left:0;top:0;width:40px;height:40px;background:white"></div></div>"#,
);

const CHECKS: &str = r#"
await page.goto(args[0] + '/checks');
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
const state = (sel) => page.locator(sel).evaluate((e) => e.checked);
await attempt('trial', async () => { await page.check('#c1', { trial: true }); return state('#c1'); });
await attempt('position', async () => { await page.locator('#c1').check({ position: { x: 2, y: 2 } }); return state('#c1'); });
await attempt('checkedDisabled', async () => { await page.check('#c2', { timeout: 300 }); return state('#c2'); });
await attempt('uncheckedDisabled', async () => page.check('#c3', { timeout: 300 }));
await attempt('covered', async () => page.check('#c4', { timeout: 300 }));
await attempt('coveredForce', async () => page.check('#c4', { force: true, timeout: 300 }));
await attempt('uncheckRadio', async () => page.uncheck('#r1', { timeout: 300 }));
await attempt('checkRadio', async () => { await page.check('#r2', { timeout: 300 }); return [await state('#r1'), await state('#r2')]; });
await attempt('notABox', async () => page.check('#btn', { timeout: 300 }));
await attempt('aria', async () => { await page.check('#aria'); return page.getAttribute('#aria', 'aria-checked'); });
await attempt('ariaUncheckTrial', async () => { await page.locator('#aria').setChecked(false, { trial: true }); return page.getAttribute('#aria', 'aria-checked'); });
await attempt('stuck', async () => page.check('#stuck', { timeout: 300 }));
await attempt('setCheckedFalse', async () => { await page.locator('#c1').setChecked(false); return state('#c1'); });
await attempt('uncheckUncheckedRadio', async () => { await page.uncheck('#r1', { timeout: 300 }); return 'done'; });
return out;
"#;

const OPTIONS: &str = r#"
await page.goto(args[0] + '/misc');
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
await attempt('pressKeyA', async () => { await page.focus('#t'); await page.keyboard.press('KeyA'); await page.keyboard.press('Shift+KeyB'); return page.inputValue('#t'); });
await attempt('selectIndex', async () => { await page.selectOption('#s', { index: 2 }); return page.inputValue('#s'); });
await attempt('selectMissing', async () => page.selectOption('#s', 'nope', { timeout: 300 }));
await attempt('ignoreCase', async () => { await expect(page.locator('#p')).toHaveText('hello world', { ignoreCase: true, timeout: 300 }); return 'pass'; });
await attempt('useInnerText', async () => { await expect(page.locator('#hidden-part')).toHaveText('shown', { useInnerText: true, timeout: 300 }); return 'pass'; });
await attempt('rightClick', async () => { await page.click('#b', { button: 'right' }); return page.textContent('#log'); });
await attempt('shiftClick', async () => { await page.click('#b', { modifiers: ['Shift'] }); return page.textContent('#log'); });
await attempt('position', async () => { await page.click('#b', { position: { x: 2, y: 3 } }); return page.textContent('#log'); });
await attempt('fillDiv', async () => page.fill('#d', 'x', { timeout: 300 }));
await attempt('textRegexSpace', async () => page.getByText(/Hello world/).count());
await attempt('waitHidden', async () => { const h = await page.waitForSelector('#gone', { state: 'hidden', timeout: 300 }); return h; });
await attempt('waitDetached', async () => { const h = await page.waitForSelector('#nothing', { state: 'detached', timeout: 300 }); return h; });
await attempt('containIgnoreCase', async () => { await expect(page.locator('#p')).toContainText('WORLD', { ignoreCase: true, timeout: 300 }); return 'pass'; });
await attempt('pressEnterKey', async () => { await page.press('#t', 'Enter'); return page.textContent('#log'); });
await attempt('hoverPosition', async () => { await page.hover('#h', { position: { x: 5, y: 6 } }); return page.textContent('#log'); });
await attempt('dblclickShift', async () => { await page.dblclick('#h', { modifiers: ['Shift'] }); return page.textContent('#log'); });
await attempt('hoverTrial', async () => { await page.locator('#log').evaluate((e) => { e.textContent = ''; }); await page.hover('#h', { trial: true, position: { x: 40, y: 15 } }); return page.textContent('#log'); });
return out;
"#;

const KEYS: &str = r#"
await page.goto(args[0] + '/misc');
const out = {};
for (const keys of ['KeyA', 'Shift+KeyB', 'Shift+a', 'Digit1', 'Shift+Digit1', 'Shift+1', 'Minus', 'Shift+Minus', 'Slash', 'Shift+Slash', 'Backquote', 'Quote', 'Shift+Quote', 'Numpad5', 'NumpadEnter', 'Equal', 'BracketLeft', 'Shift+BracketRight', 'Semicolon', 'Comma', 'Period', 'Backslash']) {
  await page.fill('#t', '');
  try { await page.press('#t', keys); out[keys] = await page.inputValue('#t'); } catch (e) { out[keys] = 'error: ' + e.message.split('\n')[0]; }
}
await page.fill('#t', '');
await page.evaluate(() => { window.seen = []; document.querySelector('#t').addEventListener('keydown', (e) => window.seen.push([e.key, e.code, e.keyCode, e.shiftKey].join(' '))); });
await page.press('#t', 'KeyA'); await page.press('#t', 'Shift+KeyA'); await page.press('#t', 'Shift+Digit2'); await page.press('#t', 'Numpad5');
out.events = await page.evaluate(() => window.seen);
return out;
"#;

#[test]
fn action_options_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same page).
    let playwright = serde_json::json!({
        "pressKeyA": "aB",
        "selectIndex": "c",
        "selectMissing": "error: page.selectOption: Timeout 300ms exceeded.",
        "ignoreCase": "pass",
        "useInnerText": "pass",
        "rightClick": "context 2",
        "shiftClick": "click 0 true 10,9",
        "position": "click 0 false 2,3",
        "fillDiv": "error: page.fill: Error: Element is not an <input>, <textarea>, <select> or [contenteditable] and does not have a role allowing [aria-readonly]",
        "textRegexSpace": 0,
        "waitHidden": null,
        "waitDetached": null,
        "containIgnoreCase": "pass",
        "pressEnterKey": "enter",
        "hoverPosition": "move 5,6 false",
        "dblclickShift": "dbl true 2",
        "hoverTrial": ""
    });
    js_suite::assert_as_playwright("options", &base, OPTIONS, &playwright, &[]);
}

#[test]
fn keys_named_by_their_code_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::json!({
        "KeyA": "a", "Shift+KeyB": "B", "Shift+a": "a", "Digit1": "1", "Shift+Digit1": "!", "Shift+1": "1",
        "Minus": "-", "Shift+Minus": "_", "Slash": "/", "Shift+Slash": "?", "Backquote": "`", "Quote": "'",
        "Shift+Quote": "\"", "Numpad5": "", "NumpadEnter": "", "Equal": "=", "BracketLeft": "[",
        "Shift+BracketRight": "}", "Semicolon": ";", "Comma": ",", "Period": ".", "Backslash": "\\",
        "events": ["a KeyA 65 false", "Shift ShiftLeft 16 true", "A KeyA 65 true", "Shift ShiftLeft 16 true", "@ Digit2 50 true", "Clear Numpad5 12 false"]
    });
    js_suite::assert_as_playwright("keys", &base, KEYS, &playwright, &[]);
}

#[test]
fn check_options_as_playwright() {
    support::browser_available();
    let base = support::serve(&[CHECK_PAGE]);
    // Playwright 1.65.1's answers (tests/playwright-probe, the same page).
    let playwright = serde_json::json!({
        "trial": false,
        "position": true,
        "checkedDisabled": true,
        "uncheckedDisabled": "error: page.check: Timeout 300ms exceeded.",
        "covered": "error: page.check: Timeout 300ms exceeded.",
        "coveredForce": "error: page.check: Clicking the checkbox did not change its state",
        "uncheckRadio": "error: page.uncheck: Cannot uncheck radio button. Radio buttons can only be unchecked by selecting another radio button in the same group.",
        "checkRadio": [false, true],
        "notABox": "error: page.check: Error: Not a checkbox or radio button",
        "aria": "true",
        "ariaUncheckTrial": "true",
        "stuck": "error: page.check: Clicking the checkbox did not change its state",
        "setCheckedFalse": false,
        "uncheckUncheckedRadio": "done"
    });
    // Ours in our words: the two failed clicks and the radio button name the locator.
    let ours = [
        ("coveredForce", serde_json::json!("error: locator('#c4'): clicking did not change its state")),
        ("uncheckRadio", serde_json::json!("error: locator('#r1'): a checked radio button cannot be unchecked; check another radio button of its group instead")),
        ("stuck", serde_json::json!("error: locator('#stuck'): clicking did not change its state")),
    ];
    js_suite::assert_as_playwright("checks", &base, CHECKS, &playwright, &ours);
}
