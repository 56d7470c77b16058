//! `download.cancel()` and `download.createReadStream()` as Playwright's: cancelling a download
//! under way makes `failure()` answer `canceled` and `path`/`saveAs`/`createReadStream` fail
//! with it; cancelling a finished one (or twice) changes nothing; the stream gives the file.
//! Recorded with Playwright 1.65.1 against the same server.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::io::{BufRead, BufReader, Write};

/// `/` links to a small attachment and to one that sends its first kilobyte of 100 000 bytes,
/// then stalls.
fn answer(stream: std::net::TcpStream) {
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    let mut request = String::new();
    if reader.read_line(&mut request).is_err() {
        return;
    }
    let mut line = String::new();
    while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
        line.clear();
    }
    let path = request.split_whitespace().nth(1).unwrap_or("/");
    let mut out = stream;
    let (kind, disposition, body, length): (&str, Option<&str>, &[u8], usize) = match path {
        "/small.txt" => ("text/plain", Some("small.txt"), b"the small file\nline two\n", 24),
        "/slow.bin" => ("application/octet-stream", Some("slow.bin"), &[b'x'; 1000], 100_000),
        _ => {
            let page: &[u8] =
                b"<!doctype html><title>Files</title><a href=\"/slow.bin\">slow</a> <a href=\"/small.txt\">small</a>";
            ("text/html", None, page, page.len())
        }
    };
    let disposition =
        disposition.map(|name| format!("Content-Disposition: attachment; filename=\"{name}\"\r\n")).unwrap_or_default();
    let head = format!("HTTP/1.1 200 OK\r\nContent-Type: {kind}\r\n{disposition}Content-Length: {length}\r\n\r\n");
    let _ = out.write_all(head.as_bytes()).and_then(|()| out.write_all(body)).and_then(|()| out.flush());
    if length > body.len() {
        std::thread::sleep(std::time::Duration::from_secs(30));
    }
}

const SCRIPT: &str = r#"const base = args[0];
const out = {};
await page.goto(base + '/');
const streamText = async (s) => { const chunks = []; for await (const c of s) chunks.push(Buffer.from(c)); return Buffer.concat(chunks).toString(); };
// A finished download: cancel changes nothing.
{
  const [d] = await Promise.all([page.waitForEvent('download'), page.click('text=small')]);
  out.smallFailure = await d.failure();
  out.cancelFinished = await d.cancel().then(() => 'ok', (e) => 'threw: ' + e.message);
  out.smallFailureAfterCancel = await d.failure();
  out.smallStream = await streamText(await d.createReadStream());
  out.streamType = typeof (await d.createReadStream()).pipe;
}
// A download under way: cancelled.
{
  const [d] = await Promise.all([page.waitForEvent('download'), page.click('text=slow')]);
  await page.waitForTimeout(300);
  out.slowCancel = await d.cancel().then(() => 'ok', (e) => 'threw: ' + e.message);
  out.slowFailure = await d.failure();
  out.slowCancelAgain = await d.cancel().then(() => 'ok', (e) => 'threw: ' + e.message);
  out.slowPath = await d.path().then((p) => 'path', (e) => 'threw: ' + e.message.split('\n')[0]);
  out.slowStream = await d.createReadStream().then((s) => 'stream', (e) => 'threw: ' + e.message.split('\n')[0]);
  out.slowSaveAs = await d.saveAs('never.bin').then(() => 'saved', (e) => 'threw: ' + e.message.split('\n')[0]);
}
return out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT` (Debian's Chromium).
const PLAYWRIGHT: &str = r#"{"smallFailure":null,"cancelFinished":"ok","smallFailureAfterCancel":null,"smallStream":"the small file\nline two\n","streamType":"function","slowCancel":"ok","slowFailure":"canceled","slowCancelAgain":"ok","slowPath":"threw: download.path: canceled","slowStream":"threw: download.createReadStream: canceled","slowSaveAs":"threw: download.saveAs: canceled"}"#;

#[test]
fn cancel_and_read_streams_answer_as_playwright() {
    assert!(support::browser_available(), "chromium is needed for this test");
    let base = support::serve_with(answer);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("downloads-cancel", &base, SCRIPT, &playwright, &[]);
}
