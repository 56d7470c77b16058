// The browser suite's floor: the same 50 scenarios as bench/browser/features, driven over raw
// CDP with no test framework — the fewest protocol calls each step needs (navigate and wait for
// load, focus + insertText to fill, mouse press/release to click, poll the text to check) — on
// 2 workers, each with its own Chromium and the same switches ferridriver launches with.
// Mode `context`: a fresh incognito context and page per scenario; `reset`: one per worker,
// cleared between scenarios (about:blank, cookies and the origin's storage).
// Prints `floor_<mode>_wall_ms N`.
// Usage: node --experimental-websocket suite.mjs BASE_URL FEATURES_DIR MODE [CHROMIUM]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { switches } from './switches.mjs';

const [base, featuresDir, mode = 'context', executable = 'chromium'] = process.argv.slice(2);
const WORKERS = 2;

// ---- the scenarios, read from the feature files (the three shapes the suite has).
function scenarios() {
  const list = [];
  for (const file of fs.readdirSync(featuresDir).filter((f) => f.endsWith('.feature')).sort()) {
    const text = fs.readFileSync(path.join(featuresDir, file), 'utf8');
    if (file.startsWith('login')) {
      for (const m of text.matchAll(/^\s*\| (user\d+) \| (pw-user\d+) \|/gm)) list.push({ kind: 'login', user: m[1], password: m[2] });
    } else if (file.startsWith('guard')) {
      for (const _ of text.matchAll(/^\s*\| \d+ \|/gm)) list.push({ kind: 'guard' });
    } else if (file.startsWith('todo')) {
      for (const block of text.split(/\n\s*Scenario: /).slice(1)) {
        const url = block.match(/I open "([^"]+)"/)[1];
        const items = [...block.matchAll(/I fill "New todo" with "([^"]+)"/g)].map((m) => m[1]);
        const check = block.match(/I check "([^"]+)"/)[1];
        const expected = block.match(/I should see "([^"]+)"/)[1];
        list.push({ kind: 'todo', url, items, check, expected });
      }
    }
  }
  return list;
}

// ---- one browser over one WebSocket.
async function launch() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'floor-suite-'));
  const child = spawn(executable, switches(profile), { stdio: 'ignore', detached: true });
  let endpoint;
  for (let i = 0; i < 400 && !endpoint; i++) {
    try { endpoint = fs.readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n'); }
    catch { await new Promise((r) => setTimeout(r, 25)); }
  }
  const socket = new WebSocket(`ws://127.0.0.1:${endpoint[0]}${endpoint[1]}`);
  await new Promise((r) => { socket.onopen = r; });
  let lastId = 0;
  const replies = new Map();
  const listeners = new Set();
  socket.onmessage = ({ data }) => {
    const m = JSON.parse(data);
    if (m.id) { replies.get(m.id)?.(m); replies.delete(m.id); return; }
    for (const l of [...listeners]) l(m);
  };
  const call = (method, params = {}, sessionId) => new Promise((resolve, reject) => {
    const id = ++lastId;
    replies.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
    socket.send(JSON.stringify({ id, method, params, sessionId }));
  });
  const waitFor = (predicate) => new Promise((resolve) => {
    const l = (m) => { if (predicate(m)) { listeners.delete(l); resolve(m); } };
    listeners.add(l);
  });
  const stop = () => { try { process.kill(-child.pid, 'SIGKILL'); } catch {} fs.rmSync(profile, { recursive: true, force: true }); };
  return { call, waitFor, stop };
}

async function openPage(b, contextId) {
  const { targetId } = await b.call('Target.createTarget', { url: 'about:blank', browserContextId: contextId });
  const { sessionId } = await b.call('Target.attachToTarget', { targetId, flatten: true });
  await b.call('Page.enable', {}, sessionId);
  await b.call('Page.setLifecycleEventsEnabled', { enabled: true }, sessionId);
  await b.call('Emulation.setDeviceMetricsOverride', { width: 1280, height: 720, deviceScaleFactor: 1, mobile: false }, sessionId);
  return { targetId, sessionId };
}

// Navigates and waits for the load of the document that settles (a guard page replaces itself).
async function goto(b, page, url) {
  const loaded = b.waitFor((m) => m.sessionId === page.sessionId && m.method === 'Page.lifecycleEvent' && m.params.name === 'load' && m.params.frameId === page.targetId);
  await b.call('Page.navigate', { url }, page.sessionId);
  await loaded;
}
const evaluate = async (b, page, expression) =>
  (await b.call('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, page.sessionId)).result.value;
async function waitForText(b, page, text) {
  for (;;) {
    if (await evaluate(b, page, `document.body && document.body.innerText.includes(${JSON.stringify(text)})`)) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}
async function fill(b, page, label, value) {
  await evaluate(b, page, `(() => { const l = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === ${JSON.stringify(label)});
    const e = document.getElementById(l.htmlFor); e.focus(); e.select && e.select(); })()`);
  await b.call('Input.insertText', { text: value }, page.sessionId);
}
async function click(b, page, finder) {
  const [x, y] = await evaluate(b, page, `(() => { const e = ${finder}; const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`);
  for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased']) {
    await b.call('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: type === 'mouseMoved' ? 0 : 1 }, page.sessionId);
  }
}
const button = (name) => `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === ${JSON.stringify(name)})`;
const checkbox = (label) => `document.getElementById([...document.querySelectorAll('label')].find((l) => l.textContent.trim() === ${JSON.stringify(label)}).htmlFor)`;

async function run(b, page, s) {
  if (s.kind === 'login') {
    await goto(b, page, `${base}/login.html`);
    await fill(b, page, 'User name', s.user);
    await fill(b, page, 'Password', s.password);
    await click(b, page, button('Sign in'));
    await waitForText(b, page, `Hello, ${s.user}`);
  } else if (s.kind === 'guard') {
    await goto(b, page, `${base}/account.html`);
    await waitForText(b, page, 'Login');
  } else {
    await goto(b, page, `${base}${s.url}`);
    for (const item of s.items) {
      await fill(b, page, 'New todo', item);
      await click(b, page, button('Add'));
    }
    await click(b, page, checkbox(s.check));
    await waitForText(b, page, s.expected);
  }
}

async function worker(queue) {
  const b = await launch();
  try {
    let kept = null;
    for (let s = queue.shift(); s; s = queue.shift()) {
      if (mode === 'reset') {
        if (!kept) {
          const { browserContextId } = await b.call('Target.createBrowserContext', { disposeOnDetach: true });
          kept = { contextId: browserContextId, page: await openPage(b, browserContextId) };
        }
        await run(b, kept.page, s);
        await goto(b, kept.page, 'about:blank');
        await b.call('Storage.clearCookies', { browserContextId: kept.contextId });
        await b.call('Storage.clearDataForOrigin', { origin: base, storageTypes: 'all' }, kept.page.sessionId);
      } else {
        const { browserContextId } = await b.call('Target.createBrowserContext', { disposeOnDetach: true });
        const page = await openPage(b, browserContextId);
        await run(b, page, s);
        await b.call('Target.disposeBrowserContext', { browserContextId });
      }
    }
  } finally {
    b.stop();
  }
}

const queue = scenarios();
const count = queue.length;
const started = performance.now();
await Promise.all(Array.from({ length: WORKERS }, () => worker(queue)));
console.log(`floor_${mode}_wall_ms ${Math.round(performance.now() - started)}  (${count} scenarios)`);
process.exit(0);
