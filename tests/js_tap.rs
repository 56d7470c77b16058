//! `locator.tap` and `page.tap` as Playwright 1.65.1's: a touch at the element of a page with
//! touch (`hasTouch`), the events Chromium makes of it (pointer, touch, then mouse and click),
//! `position`, `modifiers`, `trial`, `force`, the actionability waits, a link followed, and the
//! error on a page without touch — compared with Playwright's answers (recorded with a probe).

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[
    (
        "/tap",
        r#"<!doctype html><style>button{position:absolute;left:20px;top:20px;width:120px;height:40px}</style><button id=b>Tap</button><button id=off disabled style='top:100px'>Off</button><button id=hidden style='display:none'>H</button><a id=next href='/next' style='position:absolute;top:200px'>Next</a><script>window.log=[];for(const t of ['keydown','keyup','touchstart','touchend','pointerdown','pointerup','mousedown','mouseup','click']){document.addEventListener(t,(e)=>{const r=e.target.getBoundingClientRect?e.target.getBoundingClientRect():{left:0,top:0};const pt=e.touches&&e.touches[0]||e.changedTouches&&e.changedTouches[0]||e;log.push(t+':'+(e.target.id||e.target.tagName)+(t==='click'?':'+Math.round(pt.clientX-r.left)+','+Math.round(pt.clientY-r.top):'')+(e.shiftKey?':shift':''))},true)}</script>"#,
    ),
    ("/next", "<!doctype html><title>Next</title>"),
];

const SCRIPT: &str = r#"
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
const browser = page.context().browser();
const touch = await browser.newContext({ hasTouch: true, viewport: { width: 400, height: 300 } });
const p = await touch.newPage();
await p.goto(args[0] + '/tap');
const log = () => p.evaluate(() => { const l = window.log.slice(); window.log.length = 0; return l; });
await attempt('tap', async () => { await p.locator('#b').tap(); return log(); });
await attempt('pageTap', async () => { await p.tap('#b'); return log(); });
await attempt('position', async () => { await p.locator('#b').tap({ position: { x: 2, y: 3 } }); return log(); });
await attempt('shift', async () => { await p.locator('#b').tap({ modifiers: ['Shift'] }); return log(); });
await attempt('hidden', async () => { await p.locator('#hidden').tap({ timeout: 500 }); return 'ok'; });
await attempt('disabled', async () => { await p.locator('#off').tap({ timeout: 500 }); return 'ok'; });
await attempt('trial', async () => { await p.locator('#b').tap({ trial: true }); return log(); });
await attempt('force', async () => { await p.locator('#off').tap({ force: true }); return log(); });
await attempt('link', async () => { await p.locator('#next').tap(); await p.waitForURL('**/next', { timeout: 3000 }); return p.url().replace(args[0], ''); });
await attempt('noTouch', async () => { const q = await browser.newPage(); await q.goto(args[0] + '/tap'); await q.locator('#b').tap({ timeout: 1000 }); return 'ok'; });
await attempt('badModifier', async () => { await p.goto(args[0] + '/tap'); await p.locator('#b').tap({ modifiers: ['Hyper'] }); return 'ok'; });
return out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT`.
const PLAYWRIGHT: &str = r#"{"tap": ["pointerdown:b", "touchstart:b", "pointerup:b", "touchend:b", "mousedown:b", "mouseup:b", "click:b:60,20"], "pageTap": ["pointerdown:b", "touchstart:b", "pointerup:b", "touchend:b", "mousedown:b", "mouseup:b", "click:b:60,20"], "position": ["pointerdown:b", "touchstart:b", "pointerup:b", "touchend:b", "mousedown:b", "mouseup:b", "click:b:4,5"], "shift": ["keydown:b:shift", "pointerdown:b:shift", "touchstart:b:shift", "pointerup:b:shift", "touchend:b:shift", "mousedown:b:shift", "mouseup:b:shift", "click:b:60,20:shift", "keyup:b"], "hidden": "error: locator.tap: Timeout 500ms exceeded.", "disabled": "error: locator.tap: Timeout 500ms exceeded.", "trial": [], "force": ["pointerdown:off", "touchstart:off", "pointerup:off", "touchend:off"], "link": "/next", "noTouch": "error: locator.tap: The page does not support tap. Use hasTouch context option to enable touch support.", "badModifier": "error: locator.tap: modifiers[0]: expected one of (Alt|Control|ControlOrMeta|Meta|Shift)"}"#;

#[test]
fn taps_answer_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    // Our words differ on purpose: a modifier that does not exist is named as click names it
    // (with a hint).
    let different = [("badModifier", serde_json::json!("error: tap: unknown modifier \"Hyper\""))];
    js_suite::assert_as_playwright("tap", &base, SCRIPT, &playwright, &different);
}
