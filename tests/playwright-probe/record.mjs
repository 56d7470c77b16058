// Records Playwright's real outcomes for the cases in browser/tests/probe_table.json.
//
//   cd tests/playwright-probe && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci && node record.mjs
//
// The case file is the source of truth for *which* cases exist; this script only
// fills in (overwrites) the outcome fields of every case and the "playwright"
// version. Every outcome comes from Playwright itself (`expect` from
// @playwright/test, locator methods from the same package) run against Debian's
// Chromium; nothing here decides pass/fail on its own.
//
// Case fields (input):  locator, kind ("expect" | "query"),
//                       matcher + not   (kind "expect"),
//                       query           (kind "query"),
//                       args            (positional arguments; {"regex","flags"} objects become RegExp)
// Case fields (output): outcome ("pass"|"fail" for expect, "ok"|"error" for query),
//                       value  (query only: JSON result, null on error),
//                       reason ("timeout"|"strict"|"other", only when failed / errored),
//                       message (only when reason is "other": the error's own first line).
//
// Timeouts: the top-level timeoutMs is applied by this script, never put in args:
// expect uses expect.configure({ timeout }), and queries that take options get
// { timeout } appended as their last argument (isVisible/isHidden take none that matters).

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { chromium, expect } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const tablePath = path.join(repoRoot, 'browser', 'tests', 'probe_table.json');
const siteDir = path.join(repoRoot, 'browser', 'tests', 'site');

const require = createRequire(import.meta.url);
const pwVersion = require('@playwright/test/package.json').version;
const coreVersion = require('playwright-core/package.json').version;
if (pwVersion !== coreVersion) throw new Error(`@playwright/test ${pwVersion} != playwright-core ${coreVersion}`);

const table = JSON.parse(fs.readFileSync(tablePath, 'utf8'));
const timeoutMs = table.timeoutMs;
if (typeof timeoutMs !== 'number') throw new Error('timeoutMs missing from case file');
const pageHtml = fs.readFileSync(path.join(siteDir, table.page), 'utf8');

// Queries whose last parameter is an options object with `timeout`.
const QUERY_TAKES_TIMEOUT = new Set([
  'isEnabled', 'isDisabled', 'isChecked', 'isEditable',
  'textContent', 'innerText', 'getAttribute', 'inputValue',
]);
const QUERIES = new Set([...QUERY_TAKES_TIMEOUT, 'isVisible', 'isHidden']);

function reviveArg(a) {
  if (Array.isArray(a)) return a.map(reviveArg);
  if (a && typeof a === 'object') {
    if (typeof a.regex === 'string') return new RegExp(a.regex, a.flags ?? '');
    return Object.fromEntries(Object.entries(a).map(([k, v]) => [k, reviveArg(v)]));
  }
  return a;
}

const ANSI = /\u001b\[[0-9;]*m/g;

// Classifies an error thrown by Playwright. Only looks at Playwright's own message text.
function classify(err) {
  const msg = String(err && err.message !== undefined ? err.message : err).replace(ANSI, '');
  if (/strict mode violation/i.test(msg)) return { reason: 'strict' };
  // expect(...) failures: "Timeout: 300ms" line; locator calls: "Timeout 300ms exceeded."
  if (/^Timeout:\s+\d+ms$/m.test(msg) || /Timeout \d+ms exceeded/.test(msg) || /timed out/i.test(msg)) {
    return { reason: 'timeout' };
  }
  // expect failures start with "expect(locator).xxx() failed"; the informative part is the
  // "Error: ..." line. Locator calls start with "locator.xxx: <message>".
  const errorLine = msg.split('\n').find((l) => l.startsWith('Error: '));
  let message = errorLine ? errorLine.slice('Error: '.length) : msg.split('\n')[0];
  message = message.replace(/^locator\.\w+: (Error: )?/, '').trim();
  return { reason: 'other', message };
}

function jsonValue(v) {
  return v === undefined ? null : JSON.parse(JSON.stringify(v));
}

async function runCase(page, c) {
  const locator = page.locator(c.locator);
  const args = reviveArg(c.args ?? []);
  if (c.kind === 'expect') {
    const ex = expect.configure({ timeout: timeoutMs });
    let subject = ex(locator);
    if (c.not) subject = subject.not;
    if (typeof subject[c.matcher] !== 'function') throw new Error(`unknown matcher ${c.matcher}`);
    try {
      await subject[c.matcher](...args);
      return { outcome: 'pass' };
    } catch (e) {
      return { outcome: 'fail', ...classify(e) };
    }
  }
  if (c.kind === 'query') {
    if (!QUERIES.has(c.query)) throw new Error(`unknown query ${c.query}`);
    const callArgs = QUERY_TAKES_TIMEOUT.has(c.query) ? [...args, { timeout: timeoutMs }] : args;
    try {
      const value = await locator[c.query](...callArgs);
      return { outcome: 'ok', value: jsonValue(value) };
    } catch (e) {
      return { outcome: 'error', value: null, ...classify(e) };
    }
  }
  throw new Error(`unknown kind ${c.kind}`);
}

// Rebuilds a case with a stable field order and the fresh outcome.
function withOutcome(c, r) {
  const out = { locator: c.locator, kind: c.kind };
  if (c.kind === 'expect') {
    out.matcher = c.matcher;
    out.args = c.args ?? [];
    out.not = !!c.not;
  } else {
    out.query = c.query;
    out.args = c.args ?? [];
  }
  out.outcome = r.outcome;
  if (c.kind === 'query') out.value = r.value ?? null;
  if (r.reason) out.reason = r.reason;
  if (r.message !== undefined) out.message = r.message;
  return out;
}

function serialize(doc) {
  const head = ['playwright', 'page', 'timeoutMs']
    .map((k) => `  ${JSON.stringify(k)}: ${JSON.stringify(doc[k])},\n`).join('');
  return '{\n' + head + '  "cases": [\n' +
    doc.cases.map((c) => '    ' + JSON.stringify(c)).join(',\n') + '\n  ]\n}\n';
}

const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(pageHtml);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/${table.page}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const results = [];
let changed = 0;
try {
  const context = await browser.newContext();
  for (const c of table.cases) {
    // A fresh page per case, so no case can see another's state (focus in particular).
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const r = await runCase(page, c);
    await page.close();
    const next = withOutcome(c, r);
    if (c.outcome !== undefined && JSON.stringify(withOutcome(c, c)) !== JSON.stringify(next)) {
      changed++;
      console.log(`changed: ${JSON.stringify(c)}\n     -> ${JSON.stringify(next)}`);
    }
    results.push(next);
  }
  await context.close();
} finally {
  await browser.close();
  server.close();
}

fs.writeFileSync(tablePath, serialize({ playwright: pwVersion, page: table.page, timeoutMs, cases: results }));
const count = (k, o) => results.filter((r) => r.kind === k && r.outcome === o).length;
console.log(`playwright ${pwVersion}: ${results.length} cases ` +
  `(expect pass ${count('expect', 'pass')} / fail ${count('expect', 'fail')}, ` +
  `query ok ${count('query', 'ok')} / error ${count('query', 'error')}); ${changed} changed`);
