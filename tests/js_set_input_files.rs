//! `locator.setInputFiles` (and `page.setInputFiles`) in real Chromium: paths read inside the
//! project, contents given as `{ name, mimeType, buffer }`, a label's control, clearing, and
//! Playwright's errors (another element, several files on a single-file input, a path outside
//! the project).

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGE: &str = r#"<!doctype html><title>Upload</title>
<input type="file" id="one"><input type="file" id="many" multiple><input id="text"><p id="para">p</p>
<label for="many">Attachments</label><div id="out"></div>
<script>
for (const id of ['one', 'many']) {
  document.getElementById(id).addEventListener('change', async (e) => {
    const files = [...e.target.files];
    const texts = await Promise.all(files.map((f) => f.text()));
    document.getElementById('out').textContent = id + ':' + files.map((f, i) => f.name + '/' + f.type + '/' + texts[i]).join(',');
  });
}
</script>"#;

const PAGES: &[(&str, &str)] = &[("/upload", PAGE)];

const STEPS: &str = r##"import { Given, Then } from '@cucumber/cucumber'
import { expect } from '@playwright/test'

Given('the upload page', async function (this: any) {
  await this.page.goto('/upload')
})

Then('files can be chosen', async function (this: any) {
  const page = this.page
  await page.locator('#one').setInputFiles('fixtures/note.txt')
  await expect(page.locator('#out')).toHaveText('one:note.txt/text/plain/hello')
  await page.getByLabel('Attachments').setInputFiles([
    { name: 'a.csv', mimeType: 'text/csv', buffer: Buffer.from('x,y') },
    'fixtures/note.txt',
  ])
  await expect(page.locator('#out')).toHaveText('many:a.csv/text/csv/x,y,note.txt/text/plain/hello')
  await page.setInputFiles('#many', [])
  expect(await page.evaluate(() => (document.querySelector('#many') as any).files.length)).toBe(0)
})

Then('wrong uses fail as in Playwright', async function (this: any) {
  const page = this.page
  // As Playwright 1.65 (recorded with it): another element is an error, an input of another
  // type is not.
  await expect(page.locator('#para').setInputFiles('fixtures/note.txt')).rejects.toThrow('locator.setInputFiles: Error: Node is not an HTMLInputElement')
  await page.locator('#text').setInputFiles('fixtures/note.txt')
  await expect(page.locator('#one').setInputFiles(['fixtures/note.txt', 'fixtures/note.txt'])).rejects.toThrow('locator.setInputFiles: Error: Non-multiple file input can only accept single file')
  await expect(page.locator('#one').setInputFiles('../outside.txt')).rejects.toThrow()
  await expect(page.locator('#missing').setInputFiles('fixtures/note.txt', { timeout: 300 })).rejects.toThrow(/300\s?ms/)
  await expect(page.locator('#one').setInputFiles(42 as any)).rejects.toThrow(/expected a file path/)
})
"##;

const FEATURE: &str = "Feature: upload\n  Scenario: choosing files\n    Given the upload page\n    Then files can be chosen\n\n  Scenario: wrong uses\n    Given the upload page\n    Then wrong uses fail as in Playwright\n";

#[test]
fn set_input_files_sets_files_and_fails_where_playwright_fails() {
    support::browser_available();
    let base = support::serve(PAGES);
    let dir = js_suite::project_dir("input-files");
    let project = dir.join("project");
    js_suite::write_files(&dir, &[("outside.txt", "secret")]);
    js_suite::write_files(
        &project,
        &[("fixtures/note.txt", "hello"), ("steps/upload.ts", STEPS), ("upload.feature", FEATURE)],
    );
    let (out, text) = js_suite::run_feature(&project, "upload.feature", &base);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("2 scenarios (2 passed)"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
