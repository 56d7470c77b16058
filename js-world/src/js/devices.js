// Playwright's `devices` (`import { devices } from '@playwright/test'`): the device list of the
// Playwright package the project has installed, read on first use (node:fs, so only from
// inside the project): `lib/server/deviceDescriptorsSource.json` in older packages, the same
// table inside `lib/coreBundle.js` in newer ones. ferridriver ships no list of its own; a
// project without the package gets an error saying how to get one.
(function (g) {
  'use strict';
  const modules = g.__ferridriver_modules;
  const PACKAGES = [
    'node_modules/playwright-core',
    'node_modules/@playwright/test/node_modules/playwright-core',
    'node_modules/playwright/node_modules/playwright-core',
  ];
  // Where the bundled table starts: the module that holds the JSON, then its object.
  const BUNDLE_MARK = 'deviceDescriptorsSource.json"';
  let table = null;

  // The text of the object literal that starts at `from` (strings may hold braces).
  function objectAt(text, from) {
    let depth = 0;
    let quote = null;
    for (let i = from; i < text.length; i++) {
      const c = text[i];
      if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = null;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) return text.slice(from, i + 1);
    }
    return null;
  }

  // An object literal of plain data (keys bare or quoted, double-quoted strings, numbers,
  // booleans) as JSON: bare keys get their quotes, trailing commas go. Nothing is evaluated.
  function literalToJson(literal) {
    const parts = [];
    // The last character written that is not white space: a bare word after `{` or `,` is a key.
    let last = '';
    const nextSolid = (from) => {
      let j = from;
      while (j < literal.length && /\s/.test(literal[j])) j++;
      return literal[j];
    };
    for (let i = 0; i < literal.length; i++) {
      const c = literal[i];
      if (c === '"') {
        let j = i + 1;
        while (j < literal.length && literal[j] !== '"') j += literal[j] === '\\' ? 2 : 1;
        parts.push(literal.slice(i, j + 1));
        i = j;
        last = '"';
      } else if ((last === '{' || last === ',') && /[A-Za-z_$]/.test(c)) {
        let j = i;
        while (j < literal.length && /[\w$]/.test(literal[j])) j++;
        parts.push(JSON.stringify(literal.slice(i, j)));
        i = j - 1;
        last = '"';
      } else if (c === ',' && (nextSolid(i + 1) === '}' || nextSolid(i + 1) === ']')) {
        continue;
      } else {
        parts.push(c);
        if (!/\s/.test(c)) last = c;
      }
    }
    return parts.join('');
  }

  function fromBundle(text) {
    const mark = text.indexOf(BUNDLE_MARK);
    const start = mark < 0 ? -1 : text.indexOf('{', text.indexOf('=', text.indexOf('\n', mark)));
    const literal = start < 0 ? null : objectAt(text, start);
    return literal ? JSON.parse(literalToJson(literal)) : null;
  }

  function load() {
    if (table) return table;
    const read = (path) => {
      try {
        return modules.fs.readFileSync(path, 'utf8');
      } catch (_) {
        return null;
      }
    };
    for (const dir of PACKAGES) {
      const json = read(`${dir}/lib/server/deviceDescriptorsSource.json`);
      if (json !== null) return (table = JSON.parse(json));
      const bundle = read(`${dir}/lib/coreBundle.js`);
      const found = bundle === null ? null : fromBundle(bundle);
      if (found) return (table = found);
    }
    throw new Error(
      "devices: ferridriver reads Playwright's device list from the project's playwright-core package, and found none in node_modules\n" +
        '  hint: npm install -D @playwright/test (or playwright-core) in the project, or give the options yourself: browser.newContext({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch })',
    );
  }

  // Read on first use, so that a suite that imports `devices` without using it never needs it.
  const devices = new Proxy(
    {},
    {
      get: (_, name) => (typeof name === 'symbol' ? undefined : load()[name]),
      has: (_, name) => name in load(),
      ownKeys: () => Reflect.ownKeys(load()),
      getOwnPropertyDescriptor: (_, name) => {
        const t = load();
        return Object.prototype.hasOwnProperty.call(t, name) ? { value: t[name], enumerable: true, configurable: true, writable: false } : undefined;
      },
    },
  );
  modules.playwright.devices = devices;
})(globalThis);
