//! `locator.dragTo` and `page.dragAndDrop` in real Chromium, as Playwright 1.65.1 answered on
//! the same page (recorded with it): a draggable element gets the browser's HTML5 drag and drop
//! events with its data, an element driven by mouse events is pressed, moved and released over
//! the target's center or the given positions, and a missing target times out.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[(
    "/drag",
    r#"<title>Drag</title>
<div id="src" draggable="true" style="width:80px;height:30px;background:#ccc">drag me</div>
<div id="dst" style="width:200px;height:100px;margin-top:20px;background:#eee">drop here</div>
<div id="knob" style="position:absolute;left:10px;top:300px;width:30px;height:30px;background:red"></div>
<div id="zone" style="position:absolute;left:300px;top:300px;width:100px;height:100px;background:#ddd"></div>
<script>
window.log = [];
src.addEventListener('dragstart', e => { e.dataTransfer.setData('text/plain', 'payload'); log.push('dragstart'); });
dst.addEventListener('dragenter', e => { e.preventDefault(); if (!log.includes('dragenter')) log.push('dragenter'); });
dst.addEventListener('dragover', e => { e.preventDefault(); if (!log.includes('dragover')) log.push('dragover'); });
dst.addEventListener('drop', e => { e.preventDefault(); log.push('drop:' + e.dataTransfer.getData('text/plain')); });
src.addEventListener('dragend', e => log.push('dragend'));
var dragging = false; window.pointer = [];
knob.addEventListener('mousedown', e => { dragging = true; pointer.push('down'); });
document.addEventListener('mousemove', e => { if (dragging) { knob.style.left = (e.clientX - 15) + 'px'; knob.style.top = (e.clientY - 15) + 'px'; if (!pointer.includes('move')) pointer.push('move'); } });
document.addEventListener('mouseup', e => { if (dragging) { dragging = false; pointer.push('up@' + document.elementsFromPoint(e.clientX, e.clientY).map(x => x.id).filter(Boolean).join(',')); } });
</script>"#,
)];

const STEPS: &str = r##"import { Then } from '@cucumber/cucumber'
import { expect } from '@playwright/test'

Then('dragging works as in Playwright', async function (this: any) {
  const page = this.page
  const html5 = ['dragstart', 'dragenter', 'dragover', 'drop:payload', 'dragend']
  await page.goto('/drag')
  await page.locator('#src').dragTo(page.locator('#dst'))
  expect(await page.evaluate(() => (window as any).log)).toEqual(html5)
  await page.goto('/drag')
  await page.dragAndDrop('#src', '#dst')
  expect(await page.evaluate(() => (window as any).log)).toEqual(html5)
  await page.goto('/drag')
  await page.locator('#knob').dragTo(page.locator('#zone'))
  expect(await page.evaluate(() => (window as any).pointer)).toEqual(['down', 'move', 'up@zone,knob'])
  expect(await page.locator('#knob').boundingBox()).toEqual({ x: 335, y: 335, width: 30, height: 30 })
  await page.goto('/drag')
  await page.locator('#knob').dragTo(page.locator('#zone'), { sourcePosition: { x: 5, y: 5 }, targetPosition: { x: 10, y: 10 } })
  expect(await page.locator('#knob').boundingBox()).toEqual({ x: 295, y: 295, width: 30, height: 30 })
})

Then('dragging fails as in Playwright', async function (this: any) {
  const page = this.page
  await page.goto('/drag')
  await expect(page.locator('#knob').dragTo(page.locator('#missing'), { timeout: 500 })).rejects.toThrow(/500\s?ms/)
  await expect(page.locator('#nope').dragTo(page.locator('#zone'), { timeout: 500 })).rejects.toThrow(/locator\('#nope'\)/)
  await expect(page.locator('#knob').dragTo(page.locator('#zone'), { targetPosition: { x: 'a' } as any })).rejects.toThrow(/targetPosition must be \{ x, y \}/)
  // As in Playwright, the press happened before the target was looked for, and stays.
  expect(await page.evaluate(() => (window as any).pointer)).toEqual(['down'])
})
"##;

const FEATURE: &str = "Feature: drag\n  Scenario: works\n    Then dragging works as in Playwright\n\n  Scenario: fails\n    Then dragging fails as in Playwright\n";

#[test]
fn drag_and_drop_answers_as_playwrights_does() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    js_suite::assert_passes("drag", &[("steps/drag.ts", STEPS), ("drag.feature", FEATURE)], "drag.feature", &base, 2);
}
