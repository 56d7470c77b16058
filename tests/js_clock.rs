//! Playwright's `clock` (`page.clock`, `context.clock`): a fixed time, fake timers run or
//! jumped on command, the time set without firing timers, paused and resumed, kept across a
//! reload, and Playwright's errors for bad times and durations — compared with Playwright
//! 1.65.1's answers on the same page (recorded with a probe).

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

const PAGES: &[(&str, &str)] = &[("/", "<!doctype html><title>Clock</title><p>hi</p>")];

const TIMERS: &str = r#"
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
const T0 = new Date('2024-02-02T08:00:00Z').getTime();
const fresh = async () => { const c = await page.context().browser().newContext(); const p = await c.newPage(); return p; };
await attempt('fixed', async () => {
  const p = await fresh();
  await p.clock.setFixedTime(new Date('2024-02-02T10:00:00Z'));
  await p.goto(args[0] + '/');
  const a = await p.evaluate(() => [Date.now(), new Date().toISOString(), typeof performance.now()]);
  const b = await p.evaluate(() => new Promise((ok) => setTimeout(() => ok(Date.now()), 60)));
  const c = await p.evaluate(() => [new Date(2020, 0, 1).getFullYear(), Date.UTC(2020, 0, 1), Date.parse('2020-01-01T00:00:00Z'), new Date() instanceof Date, typeof Date.now]);
  return [a, b, c];
});
await attempt('pauseTimers', async () => {
  const p = await fresh();
  await p.clock.install({ time: T0 });
  await p.goto(args[0] + '/');
  await p.clock.pauseAt(T0 + 10000);
  const now1 = await p.evaluate(() => Date.now());
  await p.evaluate(() => { window.log = []; setTimeout(() => log.push('t1000@' + Date.now()), 1000); window.iv = setInterval(() => log.push('iv@' + Date.now()), 300); const id = setTimeout(() => log.push('cleared'), 500); clearTimeout(id); requestAnimationFrame((t) => log.push('raf')); });
  await p.clock.runFor(999);
  const l1 = await p.evaluate(() => log.slice());
  await p.clock.runFor(1);
  const l2 = await p.evaluate(() => log.slice());
  const perf = await p.evaluate(() => performance.now());
  return [now1 - T0, l1.map((s) => s.replace(/\d{13}/, (m) => m - T0)), l2.map((s) => s.replace(/\d{13}/, (m) => m - T0)), typeof perf];
});
await attempt('fastForward', async () => {
  const p = await fresh();
  await p.clock.install({ time: T0 });
  await p.goto(args[0] + '/');
  await p.clock.pauseAt(T0 + 1000);
  await p.evaluate(() => { window.log = []; setInterval(() => log.push('iv@' + (Date.now() % 100000)), 100); setTimeout(() => log.push('t@' + (Date.now() % 100000)), 250); });
  await p.clock.fastForward(1000);
  const l1 = await p.evaluate(() => [log.slice(), Date.now() % 100000]);
  await p.clock.fastForward('01:00');
  const l2 = await p.evaluate(() => [log.length, Date.now() % 1000000]);
  return [l1, l2];
});
await attempt('systemTime', async () => {
  const p = await fresh();
  await p.clock.install({ time: T0 });
  await p.goto(args[0] + '/');
  await p.clock.pauseAt(T0 + 1000);
  await p.evaluate(() => { window.log = []; setTimeout(() => log.push('t@' + (Date.now() % 100000)), 1000); window.p0 = performance.now(); });
  await p.clock.setSystemTime(T0 + 50000);
  const a = await p.evaluate(() => [log.slice(), Date.now() - 1706860800000, Math.round(performance.now() - p0)]);
  await p.clock.runFor(1000);
  const b = await p.evaluate(() => [log.slice(), Date.now() - 1706860800000, Math.round(performance.now() - p0)]);
  return [a, b];
});
await attempt('resume', async () => {
  const p = await fresh();
  await p.clock.install({ time: T0 });
  await p.goto(args[0] + '/');
  await p.clock.pauseAt(T0 + 1000);
  await p.clock.resume();
  const d = await p.evaluate(() => new Promise((ok) => { const s = Date.now(); setTimeout(() => ok(Date.now() - s), 200); }));
  return d >= 150 && d < 1500;
});
await attempt('runningAfterInstall', async () => {
  const p = await fresh();
  await p.clock.install({ time: T0 });
  await p.goto(args[0] + '/');
  const a = await p.evaluate(() => Date.now());
  await new Promise((r) => setTimeout(r, 300));
  const b = await p.evaluate(() => Date.now());
  return [a - T0 >= 0 && a - T0 < 5000, b - a >= 200];
});
await attempt('noInstallRunFor', async () => { const p = await fresh(); await p.goto(args[0] + '/'); await p.clock.runFor(10); return 'ok'; });
await attempt('noInstallFastForward', async () => { const p = await fresh(); await p.goto(args[0] + '/'); await p.clock.fastForward(10); return 'ok'; });
await attempt('noInstallPauseAt', async () => { const p = await fresh(); await p.goto(args[0] + '/'); await p.clock.pauseAt(T0); return 'ok'; });
await attempt('noInstallResume', async () => { const p = await fresh(); await p.goto(args[0] + '/'); await p.clock.resume(); return 'ok'; });
await attempt('pauseBackwards', async () => { const p = await fresh(); await p.clock.install({ time: T0 }); await p.goto(args[0] + '/'); await p.clock.pauseAt(T0 + 5000); await p.clock.pauseAt(T0 + 1000); return p.evaluate(() => Date.now() - 1706860800000); });
await attempt('installTwice', async () => { const p = await fresh(); await p.clock.install({ time: T0 }); await p.clock.install({ time: T0 }); return 'ok'; });
await attempt('badTime', async () => { const p = await fresh(); await p.clock.install({ time: 'not a date' }); return 'ok'; });
await attempt('runForNegative', async () => { const p = await fresh(); await p.clock.install({ time: T0 }); await p.goto(args[0] + '/'); await p.clock.runFor(-5); return 'ok'; });
await attempt('reload', async () => {
  const p = await fresh();
  await p.clock.install({ time: T0 });
  await p.goto(args[0] + '/');
  await p.clock.pauseAt(T0 + 5000);
  await p.clock.runFor(2000);
  const a = await p.evaluate(() => Date.now() - 1706860800000);
  await p.reload();
  const b = await p.evaluate(() => Date.now() - 1706860800000);
  await p.clock.runFor(1000);
  const c = await p.evaluate(() => Date.now() - 1706860800000);
  return [a, b, c];
});
await attempt('installAfterGoto', async () => {
  const p = await fresh();
  await p.goto(args[0] + '/');
  await p.clock.install({ time: T0 });
  // A minute ahead: the clock runs from the install on, and a loaded machine may take more
  // than a moment before the pause (then it would lie in the past, in Playwright too).
  await p.clock.pauseAt(T0 + 60000);
  return p.evaluate(() => Date.now() - 1706860800000);
});
await attempt('contextClock', async () => {
  const c = await page.context().browser().newContext();
  await c.clock.install({ time: T0 });
  // Well ahead of the clock, which runs from the install on (see installAfterGoto).
  await c.clock.pauseAt(T0 + 60000);
  const p = await c.newPage();
  await p.goto(args[0] + '/');
  const a = await p.evaluate(() => Date.now() - 1706860800000);
  return [a, p.clock === c.clock];
});
await attempt('nested', async () => {
  const p = await fresh();
  await p.clock.install({ time: T0 });
  await p.goto(args[0] + '/');
  await p.clock.pauseAt(T0 + 1000);
  await p.evaluate(() => { window.log = []; setTimeout(() => { log.push('a'); setTimeout(() => log.push('b'), 100); }, 100); });
  await p.clock.runFor(200);
  return p.evaluate(() => log);
});
await attempt('timeStrings', async () => {
  const p = await fresh();
  await p.clock.install({ time: '2024-02-02T08:00:00Z' });
  await p.goto(args[0] + '/');
  await p.clock.pauseAt('2024-02-02T09:00:00Z');
  const a = await p.evaluate(() => Date.now() - 1706860800000);
  await p.clock.runFor('30');
  const b = await p.evaluate(() => Date.now() - 1706860800000);
  await p.clock.runFor('01:00:00');
  const c = await p.evaluate(() => Date.now() - 1706860800000);
  return [a, b, c];
});
await attempt('dateProps', async () => {
  const p = await fresh();
  await p.clock.install({ time: T0 });
  await p.goto(args[0] + '/');
  return p.evaluate(() => [Date.name, Date.length, String(Date).includes('native code'), new Date(0).toISOString(), Date() === new Date().toString(), typeof Date(), Object.getPrototypeOf(new Date()) === Date.prototype]);
});
return out;
"#;

/// Playwright 1.65.1's answers to `TIMERS`.
const TIMERS_PLAYWRIGHT: &str = r#"{"fixed": [[1706868000000, "2024-02-02T10:00:00.000Z", "number"], 1706868000000, [2020, 1577836800000, 1577836800000, true, "function"]], "pauseTimers": [10000, ["raf", "iv@10300", "iv@10600", "iv@10900"], ["raf", "iv@10300", "iv@10600", "iv@10900", "t1000@11000"], "number"], "fastForward": [[["iv@2000", "t@2000"], 2000], [3, 862000]], "systemTime": [[[], 50000, 0], [["t@51000"], 51000, 1000]], "resume": true, "runningAfterInstall": [true, true], "noInstallRunFor": "ok", "noInstallFastForward": "ok", "noInstallPauseAt": "ok", "noInstallResume": "ok", "pauseBackwards": "error: clock.pauseAt: Error: Cannot fast-forward to the past", "installTwice": "ok", "badTime": "error: clock.install: Invalid date: not a date", "runForNegative": "error: clock.runFor: TypeError: Negative ticks are not supported", "reload": [7000, 7000, 8000], "installAfterGoto": 60000, "contextClock": [60000, true], "nested": ["a", "b"], "timeStrings": [3600000, 3630000, 7230000], "dateProps": ["ClockDate", 7, true, "1970-01-01T00:00:00.000Z", true, "string", true]}"#;

const ARGUMENTS: &str = r#"
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
const T0 = new Date('2024-02-02T08:00:00Z').getTime();
const fresh = async () => { const c = await page.context().browser().newContext(); const p = await c.newPage(); await p.goto(args[0] + '/'); return p; };
const rel = (p) => p.evaluate(() => Date.now() - 1706860800000);
for (const [k, v] of [['abc', 'abc'], ['fourParts', '1:2:3:4'], ['minutes60', '60:00'], ['frac', 1.5], ['neg', -1], ['spaces', ' 30 '], ['empty', '']]) {
  await attempt('runFor_' + k, async () => { const p = await fresh(); await p.clock.install({ time: T0 }); await p.clock.pauseAt(T0 + 1000); await p.clock.runFor(v); return rel(p); });
}
await attempt('ffNeg', async () => { const p = await fresh(); await p.clock.install({ time: T0 }); await p.clock.pauseAt(T0 + 1000); await p.clock.fastForward(-1); return rel(p); });
await attempt('fixedBad', async () => { const p = await fresh(); await p.clock.setFixedTime('bad'); return 'ok'; });
await attempt('installNoArgs', async () => { const p = await fresh(); const before = Date.now(); await p.clock.install(); const n = await p.evaluate(() => Date.now()); return Math.abs(n - before) < 5000; });
await attempt('installNumberString', async () => { const p = await fresh(); await p.clock.install({ time: String(T0) }); return 'ok'; });
await attempt('systemNoInstall', async () => { const p = await fresh(); await p.clock.setSystemTime(T0); const a = await rel(p); await new Promise((r) => setTimeout(r, 200)); const b = await rel(p); const t = await p.evaluate(() => new Promise((ok) => setTimeout(() => ok('fired'), 50))); return [a >= 0 && a < 5000, b - a >= 150, t]; });
await attempt('fixedThenInstallPause', async () => { const p = await fresh(); await p.clock.setFixedTime(T0); await p.clock.install({ time: T0 + 1000 }); await p.clock.pauseAt(T0 + 5000); const a = await rel(p); await p.clock.runFor(1000); return [a, await rel(p)]; });
await attempt('pauseThenFixed', async () => { const p = await fresh(); await p.clock.install({ time: T0 }); await p.clock.pauseAt(T0 + 1000); await p.clock.setFixedTime(T0 + 9000); const a = await rel(p); await p.clock.runFor(1000); return [a, await rel(p)]; });
await attempt('rafArg', async () => { const p = await fresh(); await p.clock.install({ time: T0 }); await p.clock.pauseAt(T0 + 1000); await p.evaluate(() => { window.r = []; const p0 = performance.now(); requestAnimationFrame((t) => r.push(Math.round(t - p0))); setTimeout(() => r.push('t0'), 0); }); await p.clock.runFor(20); return p.evaluate(() => r); });
await attempt('intervalRunFor', async () => { const p = await fresh(); await p.clock.install({ time: T0 }); await p.clock.pauseAt(T0 + 1000); await p.evaluate(() => { window.n = 0; setInterval(() => n++, 100); }); await p.clock.runFor(1000); return p.evaluate(() => n); });
await attempt('timerArgs', async () => { const p = await fresh(); await p.clock.install({ time: T0 }); await p.clock.pauseAt(T0 + 1000); await p.evaluate(() => { window.x = null; setTimeout((a, b) => { x = a + b; }, 10, 2, 3); }); await p.clock.runFor(10); return p.evaluate(() => x); });
await attempt('idsDistinct', async () => { const p = await fresh(); await p.clock.install({ time: T0 }); return p.evaluate(() => { const a = setTimeout(() => {}, 1); const b = setInterval(() => {}, 1); clearInterval(b); clearTimeout(a); return [typeof a, a !== b]; }); });
await attempt('throwingTimer', async () => { const p = await fresh(); await p.clock.install({ time: T0 }); await p.clock.pauseAt(T0 + 1000); await p.evaluate(() => { window.after = false; setTimeout(() => { throw new Error('boom'); }, 10); setTimeout(() => { after = true; }, 20); }); await p.clock.runFor(30); return p.evaluate(() => after); });
return out;
"#;

/// Playwright 1.65.1's answers to `ARGUMENTS`.
const ARGUMENTS_PLAYWRIGHT: &str = r#"{"runFor_abc": "error: clock.runFor: Clock only understands numbers, 'mm:ss' and 'hh:mm:ss'", "runFor_fourParts": "error: clock.runFor: Clock only understands numbers, 'mm:ss' and 'hh:mm:ss'", "runFor_minutes60": "error: clock.runFor: Invalid time 60:00", "runFor_frac": 1002, "runFor_neg": "error: clock.runFor: TypeError: Negative ticks are not supported", "runFor_spaces": "error: clock.runFor: Clock only understands numbers, 'mm:ss' and 'hh:mm:ss'", "runFor_empty": 1000, "ffNeg": "error: clock.fastForward: Error: Cannot fast-forward to the past", "fixedBad": "error: clock.setFixedTime: Invalid date: bad", "installNoArgs": true, "installNumberString": "error: clock.install: Invalid date: 1706860800000", "systemNoInstall": [true, true, "fired"], "fixedThenInstallPause": [5000, 6000], "pauseThenFixed": [9000, 9000], "rafArg": ["t0", 8], "intervalRunFor": 10, "timerArgs": 5, "idsDistinct": ["number", true], "throwingTimer": "error: clock.runFor: Error: boom"}"#;

const CALLBACKS: &str = r#"
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
const T0 = new Date('2024-02-02T08:00:00Z').getTime();
const fresh = async () => { const c = await page.context().browser().newContext(); const p = await c.newPage(); await p.goto(args[0] + '/'); await p.clock.install({ time: T0 }); await p.clock.pauseAt(T0 + 1000); return p; };
await attempt('zeroNested', async () => { const p = await fresh(); await p.evaluate(() => { window.n = 0; const poll = () => { n++; setTimeout(poll, 0); }; setTimeout(poll, 0); }); await p.clock.runFor(50); return p.evaluate(() => n); });
await attempt('asyncCallback', async () => { const p = await fresh(); await p.evaluate(() => { window.log = []; setTimeout(async () => { await Promise.resolve(); await null; setTimeout(() => log.push('second@' + (Date.now() % 10000)), 10); }, 10); }); await p.clock.runFor(100); return p.evaluate(() => log); });
await attempt('longDelay', async () => { const p = await fresh(); await p.evaluate(() => { window.log = []; setTimeout(() => log.push('huge'), 3e9); setTimeout(() => log.push('inf'), Infinity); setTimeout(() => log.push('neg'), -5); setTimeout(() => log.push('str'), '20'); }); await p.clock.runFor(10); const a = await p.evaluate(() => log.slice()); await p.clock.runFor(20); return [a, await p.evaluate(() => log)]; });
await attempt('idle', async () => { const p = await fresh(); await p.evaluate(() => { window.log = []; requestIdleCallback((d) => log.push('idle1:' + d.didTimeout + ':' + d.timeRemaining()), { timeout: 2000 }); }); await p.clock.runFor(1); const a = await p.evaluate(() => log.slice()); await p.evaluate(() => { setTimeout(() => {}, 500); requestIdleCallback(() => log.push('idle2'), { timeout: 2000 }); }); await p.clock.runFor(49); const b = await p.evaluate(() => log.slice()); await p.clock.runFor(1); return [a, b, await p.evaluate(() => log)]; });
await attempt('clearStringId', async () => { const p = await fresh(); await p.evaluate(() => { window.log = []; const id = setTimeout(() => log.push('fired'), 10); clearTimeout(String(id)); }); await p.clock.runFor(20); return p.evaluate(() => log); });
await attempt('reloadRunning', async () => { const c = await page.context().browser().newContext(); const p = await c.newPage(); await p.goto(args[0] + '/'); await p.clock.install({ time: T0 }); await new Promise((r) => setTimeout(r, 1200)); await p.reload(); const d = await p.evaluate(() => Date.now() - 1706860800000); return d >= 1000 && d < 6000; });
await attempt('intervalClearInside', async () => { const p = await fresh(); await p.evaluate(() => { window.n = 0; const id = setInterval(() => { n++; if (n === 3) clearInterval(id); }, 10); }); await p.clock.runFor(100); return p.evaluate(() => n); });
await attempt('dateIntl', async () => { const p = await fresh(); return p.evaluate(() => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric' }).format()); });
return out;
"#;

/// Playwright 1.65.1's answers to `CALLBACKS`.
const CALLBACKS_PLAYWRIGHT: &str = r#"{"zeroNested": 51, "asyncCallback": ["second@1020"], "longDelay": [["inf", "neg", "huge"], ["inf", "neg", "huge", "str"]], "idle": [["idle1:false:0"], ["idle1:false:0"], ["idle1:false:0", "idle2"]], "clearStringId": [], "reloadRunning": true, "intervalClearInside": 3, "dateIntl": "2024"}"#;

#[test]
fn fake_time_and_timers_answer_as_playwright() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(TIMERS_PLAYWRIGHT).unwrap();
    // Playwright's fake Date is named `ClockDate`; ours keeps the name `Date` as the real one.
    let ours = serde_json::json!(["Date", 7, true, "1970-01-01T00:00:00.000Z", true, "string", true]);
    js_suite::assert_as_playwright("clock-timers", &base, TIMERS, &playwright, &[("dateProps", ours)]);
}

#[test]
fn times_and_durations_are_read_and_refused_as_playwright() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(ARGUMENTS_PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("clock-arguments", &base, ARGUMENTS, &playwright, &[]);
}

/// Timers set from timers (a zero delay moves on 1 ms), callbacks that await before setting the
/// next, delays the browser reads oddly, idle callbacks, ids as strings, a reload while the
/// time runs, `Intl` formatting "now".
#[test]
fn timers_set_from_callbacks_and_odd_delays_run_as_playwright() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(PAGES);
    let playwright = serde_json::from_str(CALLBACKS_PLAYWRIGHT).unwrap();
    js_suite::assert_as_playwright("clock-callbacks", &base, CALLBACKS, &playwright, &[]);
}

const GAPS: &str = r#"
const out = {};
const attempt = async (key, f) => { try { out[key] = await f(); } catch (e) { out[key] = 'error: ' + String(e.message).split('\n')[0]; } };
const T0 = new Date('2024-02-02T08:00:00Z').getTime();
const fresh = async () => { const c = await page.context().browser().newContext(); const p = await c.newPage(); return p; };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
await attempt('gapBetweenCalls', async () => {
  const p = await fresh();
  await p.goto(args[0] + '/');
  await p.clock.install({ time: T0 });
  await sleep(1200);
  await p.clock.runFor(1000);
  await p.reload();
  const after = await p.evaluate((t0) => Date.now() - t0, T0);
  // At least 2.2 s: the real 1.2 s between the calls counts, as in the open page (counting only
  // the time since the last call gives about 1 s). How much more depends on the machine's load.
  return after >= 2150;
});
await attempt('pausedGap', async () => {
  const p = await fresh();
  await p.goto(args[0] + '/');
  await p.clock.install({ time: T0 });
  await p.clock.pauseAt(T0 + 500);
  await sleep(1200);
  await p.clock.runFor(1000);
  await p.reload();
  const after = await p.evaluate((t0) => Date.now() - t0, T0);
  return [after >= 1400 && after < 1700, after];
});
return out;
"#;

/// A new document of a clock that runs counts the real time between the clock's calls, as the
/// pages open then did (Playwright 1.65.1: 2.2 s after an install, 1.2 s of real time and a
/// `runFor(1000)`); a paused clock counts none of it (exactly 1.5 s).
#[test]
fn a_new_document_counts_the_real_time_between_calls_while_the_clock_runs() {
    support::browser_available();
    let base = support::serve(PAGES);
    let playwright = serde_json::json!({ "gapBetweenCalls": true, "pausedGap": [true, 1500] });
    js_suite::assert_as_playwright("clock-gaps", &base, GAPS, &playwright, &[]);
}
