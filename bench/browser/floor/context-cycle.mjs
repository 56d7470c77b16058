// Chromium's own cost of one fresh scenario, with no test framework in between: a new
// incognito context, a page in it, one navigation to `load`, and disposal — over raw CDP.
// Prints the wall time and the CPU time of the whole browser (all its processes) per cycle.
// Usage: node --experimental-websocket context-cycle.mjs URL [CYCLES] [CHROMIUM]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { switches } from './switches.mjs';

const [url, cyclesArg, executable = 'chromium'] = process.argv.slice(2);
const cycles = Number(cyclesArg || 20);
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'floor-'));
const browser = spawn(executable, switches(profile), { stdio: 'ignore', detached: true });
const stop = () => { try { process.kill(-browser.pid, 'SIGKILL'); } catch {} fs.rmSync(profile, { recursive: true, force: true }); };

let endpoint;
for (let i = 0; i < 200 && !endpoint; i++) {
  try { endpoint = fs.readFileSync(path.join(profile, 'DevToolsActivePort'), 'utf8').split('\n'); }
  catch { await new Promise((r) => setTimeout(r, 50)); }
}
const socket = new WebSocket(`ws://127.0.0.1:${endpoint[0]}${endpoint[1]}`);
await new Promise((r) => { socket.onopen = r; });
let lastId = 0;
const replies = new Map();
const waiters = [];
socket.onmessage = ({ data }) => {
  const message = JSON.parse(data);
  if (message.id) { replies.get(message.id)?.(message); replies.delete(message.id); return; }
  for (const w of [...waiters]) w(message);
};
const send = (method, params = {}, sessionId) => new Promise((resolve, reject) => {
  const id = ++lastId;
  replies.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
  socket.send(JSON.stringify({ id, method, params, sessionId }));
});
const next = (method, sessionId) => new Promise((resolve) => {
  const w = (m) => { if (m.method === method && m.sessionId === sessionId) { waiters.splice(waiters.indexOf(w), 1); resolve(m); } };
  waiters.push(w);
});

// CPU seconds of every live process of the browser's process group, including what the
// children that already exited left in their parents' counters.
const ticks = 100;
const browserCpu = () => {
  let seconds = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== browser.pid) continue; // process group
      seconds += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / ticks;
    } catch {}
  }
  return seconds;
};

try {
  await new Promise((r) => setTimeout(r, 1000)); // let start-up work settle
  const cpuBefore = browserCpu();
  const started = performance.now();
  for (let i = 0; i < cycles; i++) {
    const { browserContextId } = await send('Target.createBrowserContext', { disposeOnDetach: true });
    const { targetId } = await send('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
    await send('Page.enable', {}, sessionId);
    await send('Runtime.enable', {}, sessionId);
    const loaded = next('Page.loadEventFired', sessionId);
    await send('Page.navigate', { url }, sessionId);
    await loaded;
    await send('Target.disposeBrowserContext', { browserContextId });
  }
  const wall = (performance.now() - started) / cycles;
  await new Promise((r) => setTimeout(r, 300)); // disposal finishes in the background
  const cpu = ((browserCpu() - cpuBefore) / cycles) * 1000;
  console.log(`context_cycle_wall_ms ${wall.toFixed(0)}`);
  console.log(`context_cycle_cpu_ms ${cpu.toFixed(0)}`);
} finally {
  socket.close();
  stop();
}
