//! A request's `timing()` (Playwright's computation from the browser's: start in ms since the
//! epoch, phases after it, the end when the body came), `existingResponse()`,
//! `postDataBuffer()` and `postDataJSON()` of a form and of bad JSON, a failed request's timing
//! (nothing measured) and a navigation's (its body's end not yet), as Playwright 1.65.1
//! answered on the same page (recorded with a probe).

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[("/", "<!DOCTYPE html><title>Requests</title>"), ("/frame", "posted")];

const SCRIPT: &str = r#"const out = {};
const fail = (e) => e.message.split('\n')[0];
await page.goto(args[0] + '/');
// A reused connection has no DNS or connect phases (-1): those say only that they are numbers.
const connection = ['domainLookupStart', 'domainLookupEnd', 'connectStart', 'secureConnectionStart', 'connectEnd'];
const shape = (t) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, k === 'startTime' ? (Math.abs(v - Date.now()) < 60000 ? 'now' : v) : connection.includes(k) ? (v === -1 || v >= 0 ? 'number' : v) : v === -1 ? -1 : v >= 0 ? 'measured' : v]));
const [request] = await Promise.all([
  page.waitForEvent('requestfinished'),
  page.evaluate(() => fetch('/frame', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=two' }).then((r) => r.text())),
]);
out.form = [request.postDataJSON(), request.postDataBuffer().toString(), request.existingResponse() !== null, (await request.response()) === request.existingResponse()];
out.timing = shape(request.timing());
const t = request.timing();
out.order = [t.requestStart <= t.responseStart, t.responseStart <= t.responseEnd];
const [bad] = await Promise.all([
  page.waitForEvent('request'),
  page.evaluate(() => fetch('/frame', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' }).then((r) => r.text())),
]);
out.badJson = (() => { try { return bad.postDataJSON(); } catch (e) { return fail(e); } })();
const [get] = await Promise.all([page.waitForEvent('requestfinished'), page.evaluate(() => fetch('/').then((r) => r.text()))]);
out.get = [get.postData(), get.postDataBuffer(), get.postDataJSON()];
const [failed] = await Promise.all([page.waitForEvent('requestfailed'), page.evaluate(() => fetch('http://127.0.0.1:1/').catch(() => 'refused'))]);
out.failedTiming = failed.timing();
const navigation = await page.goto(args[0] + '/');
out.navigationTiming = shape(navigation.request().timing());
return out;
"#;

/// Playwright 1.65.1's answers to `SCRIPT`.
const PLAYWRIGHT: &str = r#"{"form":[{"a":"1","b":"two"},"a=1&b=two",true,true],"timing":{"startTime":"now","domainLookupStart":"number","domainLookupEnd":"number","connectStart":"number","secureConnectionStart":"number","connectEnd":"number","requestStart":"measured","responseStart":"measured","responseEnd":"measured"},"order":[true,true],"badJson":"POST data is not a valid JSON object: {nope","get":[null,null,null],"failedTiming":{"startTime":0,"domainLookupStart":-1,"domainLookupEnd":-1,"connectStart":-1,"secureConnectionStart":-1,"connectEnd":-1,"requestStart":-1,"responseStart":-1,"responseEnd":-1},"navigationTiming":{"startTime":"now","domainLookupStart":"number","domainLookupEnd":"number","connectStart":"number","secureConnectionStart":"number","connectEnd":"number","requestStart":"measured","responseStart":"measured","responseEnd":"measured"}}"#;

#[test]
fn request_timing_and_post_data_answer_as_playwright() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(PLAYWRIGHT).unwrap();
    // A navigation's request has no end of its body measured yet (Playwright's has).
    let navigation = serde_json::json!({"startTime":"now","domainLookupStart":"number","domainLookupEnd":"number","connectStart":"number","secureConnectionStart":"number","connectEnd":"number","requestStart":"measured","responseStart":"measured","responseEnd":-1});
    js_suite::assert_as_playwright("request-timing", &base, SCRIPT, &playwright, &[("navigationTiming", navigation)]);
}
