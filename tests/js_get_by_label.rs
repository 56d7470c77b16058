//! `getByLabel` finds what Playwright's finds: the elements `aria-labelledby` names first, then
//! `aria-label` on any element (a wrapper `<div>` as component libraries render it), then a
//! form control's own `<label>`s — not a hidden input's, not a `<div>`'s. A public suite
//! (a React + MUI todo app) labels its edit field's wrapper that way. A chained locator's own
//! element is not a match (only what is below it). And an action's time-out names a locator
//! whose name holds ` (` whole. Recorded with Playwright 1.65.1 on the same page.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const SCRIPT: &str = r#"await page.setContent(`
<div id=d1 aria-label="Edit todo">wrapper<input id=inner></div>
<span id=by>Shipping address</span><input id=i1 aria-labelledby="by" aria-label="Ignored label">
<label for=i2>Email address</label><input id=i2>
<label for=h1>Hidden field</label><input id=h1 type=hidden>
<span id=s1 role=textbox aria-label="Notes box"></span>
<label for=m1>Disk meter</label><meter id=m1 value=0.5></meter>
<button id=b1 aria-label="Close dialog">x</button>
<label>Wrapped name <input id=i3></label>
<input id=i4 aria-labelledby="missing" aria-label="Fallback label">
<section id=sec1 aria-label="  ">blank</section>
<label for=d2>Div label</label><div id=d2>not labelable</div>
<section id=sec2 aria-label="Shipping region"><label>Region <input id=r1></label></section>
<button id=b2 disabled>Close (Esc)</button>
`);
const ids = async (l) => l.evaluateAll((els) => els.map((e) => e.id));
return {
  editTodo: await ids(page.getByLabel(/Edit todo/i)),
  shipping: await ids(page.getByLabel('Shipping address')),
  ignored: await ids(page.getByLabel('Ignored label')),
  email: await ids(page.getByLabel('Email')),
  hidden: await ids(page.getByLabel('Hidden field')),
  notes: await ids(page.getByLabel('Notes box')),
  meter: await ids(page.getByLabel('Disk meter')),
  close: await ids(page.getByLabel('Close dialog', { exact: true })),
  wrapped: await ids(page.getByLabel('Wrapped name')),
  fallback: await ids(page.getByLabel('Fallback label')),
  divLabel: await ids(page.getByLabel('Div label')),
  visibleEdit: await page.getByLabel(/Edit todo/i).isVisible(),
  chained: await ids(page.getByRole('region', { name: 'Shipping region' }).getByLabel('region')),
  whole: await ids(page.getByLabel('region')),
  timeoutWording: await page.getByRole('button', { name: 'Close (Esc)' }).click({ timeout: 300 }).then(() => 'ok', (e) => e.message.split('\n').slice(0, 4).join(' | ').replace(/\u001b\[\d+m/g, '')),
};
"#;

/// Playwright 1.65.1's answers to `SCRIPT`.
const PLAYWRIGHT: &str = r#"{"editTodo":["d1"],"shipping":["i1"],"ignored":[],"email":["i2"],"hidden":[],"notes":["s1"],"meter":["m1"],"close":["b1"],"wrapped":["i3"],"fallback":["i4"],"divLabel":[],"visibleEdit":true,"chained":["r1"],"whole":["sec2","r1"],"timeoutWording":"locator.click: Timeout 300ms exceeded. | Call log: |   - waiting for getByRole('button', { name: 'Close (Esc)' }) |     - locator resolved to <button id=\"b2\" disabled>Close (Esc)</button>"}"#;

#[test]
fn labels_are_found_as_playwright_finds_them() {
    assert!(support::browser_available(), "chromium is needed for this test");
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    // Our call log says why the element was not clicked where Playwright's shows it.
    let ours = serde_json::json!("Timeout 300ms exceeded. | Call log: |   - waiting for getByRole('button', { name: 'Close (Esc)' }) |   - element is not enabled");
    js_suite::assert_as_playwright(
        "get-by-label",
        "http://127.0.0.1:9",
        SCRIPT,
        &playwright,
        &[("timeoutWording", ours)],
    );
}
