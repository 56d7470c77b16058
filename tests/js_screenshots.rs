//! `page.screenshot` and `locator.screenshot` with Playwright's options, as Playwright 1.65.1
//! answered the same calls on the same page (recorded with a probe): each image is decoded by
//! the page itself (type, size, colours at chosen points, rounded): PNG, JPEG with quality, the
//! type from the path's extension (and a bad one), clips trimmed to the viewport or the
//! document, full pages, a transparent background (not for JPEG) and the page's own after it,
//! masks and their colour, a style sheet for the shot and gone after, animations finished,
//! element shots with each option (an infinitely animated one taken once animations stop),
//! two shots at once (queued, each with its own options), `.webp` paths, masks and element
//! shots of an inline element wrapped over lines, CSS scale, and Playwright's words for bad
//! options and option types.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[(
    "/",
    r#"<!DOCTYPE html><html><head><title>Shots</title><style>body{margin:0;height:2000px} div{position:absolute} #red{left:0;top:0;width:100px;height:50px;background:#ff0000} #blue{left:200px;top:0;width:100px;height:50px;background:#0000ff} #green{left:0;top:1500px;width:100px;height:100px;background:#00ff00} #card{left:400px;top:100px;width:200px;height:100px;background:#ffff00} #inner{left:20px;top:20px;width:40px;height:40px;background:#000000} #mover{left:700px;top:0;width:50px;height:50px;background:#ff0000;animation:go 100s linear forwards} @keyframes go{from{background:#ff0000}to{background:#0000ff}}#spinner{left:900px;top:0;width:40px;height:40px;background:#00ff00;animation:spin 1s linear infinite} @keyframes spin{from{transform:rotate(0deg)}to{transform:rotate(360deg)}} #wrap{left:0;top:300px;width:120px;font:20px monospace;color:#000} </style></head><body><div id=red></div><div id=blue></div><div id=green></div><div id=card><div id=inner></div></div><div id=mover></div><div id=spinner></div><div id=wrap>aaaa <span id=inline>bbbbbbbb cccccccc dddd</span></div></body></html>"#,
)];

const SCRIPT: &str = r#"const out = {};
await page.goto(args[0] + '/');
const fail = (e) => e.message.split('\n')[0];
const near = (c) => c.map((v) => Math.round(v / 64) * 64);
const info = async (buf, points) => page.evaluate(async ({ b64, points }) => {
  const bytes = atob(b64.slice(0, 8));
  const type = bytes.charCodeAt(0) === 0xff ? 'jpeg' : bytes.charCodeAt(1) === 0x50 ? 'png' : 'other';
  const img = new Image();
  img.src = 'data:image/' + type + ';base64,' + b64;
  await img.decode();
  const c = document.createElement('canvas');
  c.width = img.width; c.height = img.height;
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return { type, w: img.width, h: img.height, px: points.map(([x, y]) => Array.from(ctx.getImageData(x, y, 1, 1).data)) };
}, { b64: buf.toString('base64'), points }).then((r) => ({ ...r, px: r.px.map(near) }));
const tryShot = async (f) => { try { return await f(); } catch (e) { return fail(e); } };
out.plain = await info(await page.screenshot(), [[10, 10], [250, 10], [150, 10]]);
out.jpeg = await info(await page.screenshot({ type: 'jpeg', quality: 50 }), [[10, 10]]);
out.jpegPath = await info(await page.screenshot({ path: 'shots/deep/a.jpg' }), [[10, 10]]);

out.badPath = await tryShot(() => page.screenshot({ path: 'shots/a.txt' }));
out.pngQuality = await tryShot(() => page.screenshot({ type: 'png', quality: 50 }));
out.badType = await tryShot(() => page.screenshot({ type: 'gif' }));
out.badQuality = await tryShot(() => page.screenshot({ type: 'jpeg', quality: 150 }));
out.clip = await info(await page.screenshot({ clip: { x: 190, y: 0, width: 120, height: 60 } }), [[20, 10], [5, 5]]);
out.clipOut = await info(await page.screenshot({ clip: { x: 1200, y: 700, width: 500, height: 500 } }), [[5, 5]]);
out.zeroClip = await tryShot(() => page.screenshot({ clip: { x: 0, y: 0, width: 0, height: 10 } }));
out.clipAway = await tryShot(() => page.screenshot({ clip: { x: 5000, y: 0, width: 10, height: 10 } }));
out.full = await info(await page.screenshot({ fullPage: true }), [[10, 1510], [10, 10]]);
out.fullClip = await info(await page.screenshot({ fullPage: true, clip: { x: 0, y: 1490, width: 50, height: 50 } }), [[10, 20], [10, 5]]);
out.omit = await info(await page.screenshot({ omitBackground: true }), [[150, 10], [10, 10]]);
out.omitJpeg = await info(await page.screenshot({ omitBackground: true, type: 'jpeg' }), [[150, 10]]);
out.after = await info(await page.screenshot(), [[150, 10]]);
out.mask = await info(await page.screenshot({ mask: [page.locator('#red'), page.locator('#nothing')] }), [[10, 10], [250, 10]]);
out.maskColor = await info(await page.screenshot({ mask: [page.locator('div').filter({ hasText: '' }).first()], maskColor: '#00FF00' }), [[10, 10]]);
out.maskGone = await page.evaluate(() => document.body.innerHTML.length);
out.style = await info(await page.screenshot({ style: '#blue { visibility: hidden }' }), [[250, 10]]);
out.styleGone = await info(await page.screenshot(), [[250, 10]]);
out.animations = await info(await page.screenshot({ animations: 'disabled' }), [[720, 10]]);
out.element = await info(await page.locator('#card').screenshot(), [[5, 5], [30, 30]]);
out.elementJpeg = await info(await page.locator('#card').screenshot({ type: 'jpeg', mask: [page.locator('#inner')] }), [[30, 30]]);
out.elementOmit = await info(await page.locator('#card').screenshot({ omitBackground: true, style: '#card { background: transparent }' }), [[5, 5]]);
out.elementBadPath = await tryShot(() => page.locator('#card').screenshot({ path: 'x.gif' }));
out.scale = await info(await page.screenshot({ scale: 'css', clip: { x: 0, y: 0, width: 20, height: 20 } }), [[5, 5]]);
out.spinner = await info(await page.locator('#spinner').screenshot({ animations: 'disabled', timeout: 3000 }), [[20, 20]]).catch((e) => fail(e));
const both = await Promise.all([page.screenshot({ style: '#blue { visibility: hidden }' }), page.screenshot({ mask: [page.locator('#red')] })]);
out.concurrent = [await info(both[0], [[250, 10], [10, 10]]), await info(both[1], [[250, 10], [10, 10]])];
out.afterConcurrent = await info(await page.screenshot(), [[250, 10], [10, 10]]);
out.webpPath = (await info(await page.screenshot({ path: 'shots/w.webp', clip: { x: 0, y: 0, width: 10, height: 10 } }), [[5, 5]])).w;
out.badTypes = [
  await tryShot(() => page.screenshot({ type: 'jpeg', quality: '50' })),
  await tryShot(() => page.screenshot({ type: 'jpeg', quality: 50.5 })),
  await tryShot(() => page.screenshot({ clip: { x: '1', y: 0, width: 5, height: 5 } })),
  await tryShot(() => page.screenshot({ omitBackground: 'yes' })),
  await tryShot(() => page.screenshot({ fullPage: 1 })),
  await tryShot(() => page.locator('#card').screenshot({ style: 5 })),
];
const wrapped = await page.locator('#inline').evaluate((el) => { const r = el.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; });
out.wrappedBox = wrapped;
out.maskWrapped = await info(await page.screenshot({ mask: [page.locator('#inline')], clip: { x: 0, y: 300, width: 120, height: 100 } }), [[5, 5], [5, wrapped[3] - 5], [wrapped[2] - 5, wrapped[3] - 5]]);
out.elementWrapped = await info(await page.locator('#inline').screenshot(), [[1, 1]]).then((r) => [r.w, r.h]);
return out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT`.
const PLAYWRIGHT: &str = r#"{"plain":{"type":"png","w":1280,"h":720,"px":[[256,0,0,256],[0,0,256,256],[256,256,256,256]]},"jpeg":{"type":"jpeg","w":1280,"h":720,"px":[[256,0,0,256]]},"jpegPath":{"type":"jpeg","w":1280,"h":720,"px":[[256,0,0,256]]},"badPath":"path: unsupported mime type \"text/plain\"","pngQuality":"page.screenshot: options.quality is unsupported for the png screenshots","badType":"page.screenshot: type: expected one of (png|jpeg|webp)","badQuality":"page.screenshot: Expected options.quality to be between 0 and 100 (inclusive), got 150","clip":{"type":"png","w":120,"h":60,"px":[[0,0,256,256],[256,256,256,256]]},"clipOut":{"type":"png","w":80,"h":20,"px":[[256,256,256,256]]},"zeroClip":"page.screenshot: Expected options.clip.width to be greater than 0.","clipAway":"page.screenshot: Clipped area is either empty or outside the resulting image","full":{"type":"png","w":1280,"h":2000,"px":[[0,256,0,256],[256,0,0,256]]},"fullClip":{"type":"png","w":50,"h":50,"px":[[0,256,0,256],[256,256,256,256]]},"omit":{"type":"png","w":1280,"h":720,"px":[[0,0,0,0],[256,0,0,256]]},"omitJpeg":{"type":"jpeg","w":1280,"h":720,"px":[[256,256,256,256]]},"after":{"type":"png","w":1280,"h":720,"px":[[256,256,256,256]]},"mask":{"type":"png","w":1280,"h":720,"px":[[256,0,256,256],[0,0,256,256]]},"maskColor":{"type":"png","w":1280,"h":720,"px":[[0,256,0,256]]},"maskGone":225,"style":{"type":"png","w":1280,"h":720,"px":[[256,256,256,256]]},"styleGone":{"type":"png","w":1280,"h":720,"px":[[0,0,256,256]]},"animations":{"type":"png","w":1280,"h":720,"px":[[0,0,256,256]]},"element":{"type":"png","w":200,"h":100,"px":[[256,256,0,256],[0,0,0,256]]},"elementJpeg":{"type":"jpeg","w":200,"h":100,"px":[[256,0,256,256]]},"elementOmit":{"type":"png","w":200,"h":100,"px":[[0,0,0,0]]},"elementBadPath":"locator.screenshot: path: unsupported mime type \"image/gif\"","scale":{"type":"png","w":20,"h":20,"px":[[256,0,0,256]]},"spinner":{"type":"png","w":40,"h":40,"px":[[0,256,0,256]]},"concurrent":[{"type":"png","w":1280,"h":720,"px":[[256,256,256,256],[256,0,0,256]]},{"type":"png","w":1280,"h":720,"px":[[0,0,256,256],[256,0,256,256]]}],"afterConcurrent":{"type":"png","w":1280,"h":720,"px":[[0,0,256,256],[256,0,0,256]]},"webpPath":10,"badTypes":["page.screenshot: quality: expected integer, got string","page.screenshot: quality: expected integer, got float 50.5","page.screenshot: clip.x: expected float, got string","page.screenshot: omitBackground: expected boolean, got string","page.screenshot: fullPage: expected boolean, got number","locator.screenshot: style: expected string, got number"],"wrappedBox":[0,324,96,72],"maskWrapped":{"type":"png","w":120,"h":100,"px":[[256,256,256,256],[256,0,256,256],[256,0,256,256]]},"elementWrapped":[97,72]}"#;

#[test]
fn screenshots_answer_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("screenshots", &base, SCRIPT, &playwright, &[]);
}

#[test]
fn a_screenshot_path_gets_its_folders_and_its_type() {
    support::browser_available();
    let base = support::serve(PAGES);
    let dir = js_suite::project_dir("screenshot-path");
    let script = "await page.goto(args[0] + '/'); await page.screenshot({ path: 'shots/deep/page.jpeg' }); await page.locator('#card').screenshot({ path: 'shots/card.png' }); return 'taken';";
    let (envelope, stderr) = js_suite::run_script(&dir, script, &[&base]);
    assert_eq!(envelope["value"], "taken", "{envelope}\n{stderr}");
    let jpeg = std::fs::read(dir.join("shots/deep/page.jpeg")).unwrap();
    assert_eq!(&jpeg[..3], &[0xff, 0xd8, 0xff], "a JPEG file");
    let png = std::fs::read(dir.join("shots/card.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG", "a PNG file");
    let _ = std::fs::remove_dir_all(&dir);
}
