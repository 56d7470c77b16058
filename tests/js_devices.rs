//! Playwright's `devices`, read from the project's own Playwright package: a context made from
//! a device (`browser.newContext({ ...devices['iPhone 13'] })`) shows the page what Playwright
//! 1.65.1 showed it for the same device (recorded with a probe: user agent, viewport, pixel
//! ratio, screen, touch, and after a resize); the older package layout and pnpm's (a JSON file) is read too; a project
//! without the package gets an error that says how to get one, and only when it uses `devices`.

#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs module `script` (`probe.mjs`) in `dir`: its result envelope.
fn run_module(dir: &Path, script: &str) -> serde_json::Value {
    std::fs::write(dir.join("probe.mjs"), script).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "--json", "probe.mjs"])
        .current_dir(dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}\n{}", String::from_utf8_lossy(&out.stderr)))
}

fn project(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fd-devices-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const DEVICES: &str = r#"
import { devices, chromium } from '@playwright/test';
const out = {};
const browser = await chromium.launch();
for (const name of ['iPhone 13', 'Pixel 7', 'Desktop Chrome', 'iPad Mini landscape']) {
  const context = await browser.newContext({ ...devices[name] });
  const page = await context.newPage();
  await page.setContent('<meta name=viewport content="width=device-width"><p>x</p>');
  out[name] = await page.evaluate(() => [navigator.userAgent, innerWidth, innerHeight, devicePixelRatio, screen.width, screen.height, matchMedia('(pointer: coarse)').matches, navigator.maxTouchPoints]);
  await context.close();
}
{
  // A device's pixel ratio and touch stay when the viewport is resized; the screen follows it.
  const context = await browser.newContext({ ...devices['iPhone 13'] });
  const page = await context.newPage();
  await page.setContent('<meta name=viewport content="width=device-width"><p>x</p>');
  await page.setViewportSize({ width: 500, height: 600 });
  out.resized = await page.evaluate(() => [innerWidth, innerHeight, devicePixelRatio, screen.width, screen.height, matchMedia('(pointer: coarse)').matches]);
  await context.close();
}
out.count = Object.keys(devices).length;
out.keys = Object.keys(devices['iPhone 13']).sort();
out.has = ['Pixel 7' in devices, 'No such phone' in devices];
export default out;
"#;

#[test]
fn a_device_from_the_projects_playwright_package_emulates_as_playwright() {
    support::browser_available();
    // The package tests/playwright-probe installs (npm): its bundle carries the device table.
    let bundle = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/playwright-probe/node_modules/playwright-core/lib/coreBundle.js");
    assert!(bundle.is_file(), "run `npm ci` in tests/playwright-probe first (.ci/run does)");
    let dir = project("bundle");
    std::fs::create_dir_all(dir.join("node_modules/playwright-core/lib")).unwrap();
    std::fs::copy(&bundle, dir.join("node_modules/playwright-core/lib/coreBundle.js")).unwrap();
    let envelope = run_module(&dir, DEVICES);
    // Playwright 1.65.1's answers for the same devices and page.
    let playwright = serde_json::json!({
        "iPhone 13": ["Mozilla/5.0 (iPhone; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/27.2 Mobile/15E148 Safari/604.1", 390, 664, 3, 390, 844, true, 1],
        "Pixel 7": ["Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/159.0.8154.6 Mobile Safari/537.36", 412, 839, 2.625, 412, 915, true, 1],
        "Desktop Chrome": ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/159.0.8154.6 Safari/537.36", 1280, 720, 1, 1920, 1080, false, 0],
        "iPad Mini landscape": ["Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/27.2 Mobile/15E148 Safari/604.1", 1024, 768, 2, 1024, 768, true, 1],
        "resized": [500, 600, 3, 500, 600, true],
        "count": 207,
        "keys": ["defaultBrowserType", "deviceScaleFactor", "hasTouch", "isMobile", "screen", "userAgent", "viewport"],
        "has": [true, false]
    });
    assert_eq!(envelope["value"], playwright, "{envelope}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn older_and_pnpm_package_layouts_are_read_and_a_project_without_one_is_told_what_to_do() {
    support::browser_available();
    let dir = project("json");
    let json = dir.join("node_modules/playwright-core/lib/server");
    std::fs::create_dir_all(&json).unwrap();
    let table = r#"{ "Test Phone": { "userAgent": "TestPhone/1.0", "viewport": { "width": 360, "height": 640 },
        "deviceScaleFactor": 2, "isMobile": true, "hasTouch": true, "defaultBrowserType": "chromium" } }"#;
    std::fs::write(json.join("deviceDescriptorsSource.json"), table).unwrap();
    let script = r#"
import { devices, chromium } from 'playwright';
const context = await (await chromium.launch()).newContext(devices['Test Phone']);
const page = await context.newPage();
await page.setContent('<meta name=viewport content="width=device-width"><p>x</p>');
export default [Object.keys(devices), await page.evaluate(() => [navigator.userAgent, innerWidth, devicePixelRatio])];
"#;
    let envelope = run_module(&dir, script);
    assert_eq!(envelope["value"], serde_json::json!([["Test Phone"], ["TestPhone/1.0", 360, 2]]), "{envelope}");
    let _ = std::fs::remove_dir_all(&dir);

    // pnpm's layout: the package under node_modules/.pnpm/<name>@<version>/node_modules.
    let dir = project("pnpm");
    let json = dir.join("node_modules/.pnpm/playwright-core@1.65.1/node_modules/playwright-core/lib/server");
    std::fs::create_dir_all(&json).unwrap();
    std::fs::write(json.join("deviceDescriptorsSource.json"), table).unwrap();
    let envelope =
        run_module(&dir, "import { devices } from '@playwright/test';\nexport default Object.keys(devices);");
    assert_eq!(envelope["value"], serde_json::json!(["Test Phone"]), "{envelope}");
    let _ = std::fs::remove_dir_all(&dir);

    let dir = project("none");
    let script = r#"
import { devices } from '@playwright/test';
const imported = typeof devices;
let used;
try { used = devices['iPhone 13']; } catch (e) { used = e.message; }
export default [imported, used];
"#;
    let envelope = run_module(&dir, script);
    let used = envelope["value"][1].as_str().unwrap_or_default();
    assert_eq!(envelope["value"][0], "object", "{envelope}");
    assert!(
        used.contains("found none in node_modules") && used.contains("npm install -D @playwright/test"),
        "{envelope}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The table inside a bundle is read as plain data whatever quotes, escapes and comments the
/// bundler wrote; code where data belongs is refused (never run) and the message says where.
#[test]
fn a_bundled_table_is_read_as_data_and_code_in_it_is_refused() {
    support::browser_available();
    let dir = project("literal");
    let lib = dir.join("node_modules/playwright-core/lib");
    std::fs::create_dir_all(&lib).unwrap();
    let bundle = r#"// packages/isomorphic/deviceDescriptorsSource.json
var deviceDescriptorsSource_default;
var init = __esm({
  "packages/isomorphic/deviceDescriptorsSource.json"() {
    deviceDescriptorsSource_default = {
      'Caf\xE9 Phone': { /* a } brace */ userAgent: "Caf\u00e9/1.0 (it's \"quoted\")", viewport: { width: 320, height: 480, },
        deviceScaleFactor: 1.5e0, isMobile: true, hasTouch: false, tags: [1, true, `x}`], // don't }
        defaultBrowserType: "chromium" },
    };
  }
});"#;
    std::fs::write(lib.join("coreBundle.js"), bundle).unwrap();
    let script = r#"
import { devices } from '@playwright/test';
export default devices['Café Phone'];
"#;
    let envelope = run_module(&dir, script);
    let expected = serde_json::json!({ "userAgent": "Café/1.0 (it's \"quoted\")", "viewport": { "width": 320, "height": 480 },
        "deviceScaleFactor": 1.5, "isMobile": true, "hasTouch": false, "tags": [1, true, "x}"], "defaultBrowserType": "chromium" });
    assert_eq!(envelope["value"], expected, "{envelope}");

    let code = bundle.replace("deviceScaleFactor: 1.5e0", "deviceScaleFactor: steal()");
    std::fs::write(lib.join("coreBundle.js"), code).unwrap();
    let script = r#"
import { devices } from '@playwright/test';
let message;
try { message = JSON.stringify(devices['Café Phone']); } catch (e) { message = e.message; }
export default message;
"#;
    let envelope = run_module(&dir, script);
    let message = envelope["value"].as_str().unwrap_or_default();
    assert!(
        message.contains("not plain data (word steal)") && message.contains("node_modules/playwright-core"),
        "{envelope}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
