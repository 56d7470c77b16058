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

  // Reads JS source text: skips white space and comments, reads strings (all three quotes,
  // JS escapes), words, numbers and punctuation. Only plain data is understood; anything else
  // (a template with `${`, a regular expression) is an error, never evaluated.
  function tokens(text, from) {
    let i = from;
    const fail = (why) => {
      throw new Error(`${why} at offset ${i}`);
    };
    const escape = (quote) => {
      const c = text[++i];
      const hex = (n) => {
        const h = text.slice(i + 1, i + 1 + n);
        if (!/^[0-9a-fA-F]+$/.test(h) || h.length !== n) fail('bad escape');
        i += n;
        return String.fromCodePoint(parseInt(h, 16));
      };
      switch (c) {
        case 'n': return '\n';
        case 't': return '\t';
        case 'r': return '\r';
        case 'b': return '\b';
        case 'f': return '\f';
        case 'v': return '\v';
        case '0': return '\0';
        case 'x': return hex(2);
        case 'u': {
          if (text[i + 1] !== '{') return hex(4);
          const close = text.indexOf('}', i);
          const h = text.slice(i + 2, close);
          if (close < 0 || !/^[0-9a-fA-F]+$/.test(h)) fail('bad escape');
          i = close;
          return String.fromCodePoint(parseInt(h, 16));
        }
        case '\r': if (text[i + 1] === '\n') i++; return '';
        case '\n': return '';
        default: return c === undefined ? fail(`unfinished ${quote} string`) : c;
      }
    };
    return {
      next() {
        for (;;) {
          while (i < text.length && /\s/.test(text[i])) i++;
          if (text.startsWith('//', i)) i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
          else if (text.startsWith('/*', i)) i = text.indexOf('*/', i) < 0 ? fail('unfinished comment') : text.indexOf('*/', i) + 2;
          else break;
        }
        if (i >= text.length) return null;
        const c = text[i];
        if (c === '"' || c === "'" || c === '`') {
          let value = '';
          for (i++; text[i] !== c; i++) {
            if (i >= text.length) fail(`unfinished ${c} string`);
            if (c === '`' && text.startsWith('${', i)) fail('a template with ${');
            value += text[i] === '\\' ? escape(c) : text[i];
          }
          i++;
          return { kind: 'string', value };
        }
        const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(i, i + 256));
        if (word) {
          i += word[0].length;
          return { kind: 'word', value: word[0] };
        }
        const number = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 64));
        if (number) {
          i += number[0].length;
          return { kind: 'number', value: number[0] };
        }
        if ('{}[]:,'.includes(c)) {
          i++;
          return { kind: c };
        }
        return fail(`unexpected ${JSON.stringify(c)}`);
      },
      get at() {
        return i;
      },
    };
  }

  // The plain-data object literal that starts at `from`, as a value.
  function literalAt(text, from) {
    const read = tokens(text, from);
    const value = (t) => {
      if (!t) throw new Error('the table ends too early');
      if (t.kind === 'string') return t.value;
      if (t.kind === 'number') return Number(t.value);
      if (t.kind === 'word' && ['true', 'false', 'null'].includes(t.value)) return JSON.parse(t.value);
      if (t.kind === '[') {
        const out = [];
        for (let n = read.next(); n && n.kind !== ']'; n = read.next()) {
          if (n.kind === ',') continue;
          out.push(value(n));
        }
        return out;
      }
      if (t.kind === '{') {
        const out = {};
        for (let k = read.next(); k && k.kind !== '}'; k = read.next()) {
          if (k.kind === ',') continue;
          if (!['string', 'word', 'number'].includes(k.kind)) throw new Error(`a key was expected at offset ${read.at}`);
          const colon = read.next();
          if (!colon || colon.kind !== ':') throw new Error(`":" was expected after key ${JSON.stringify(k.value)} at offset ${read.at}`);
          out[k.value] = value(read.next());
        }
        return out;
      }
      throw new Error(`not plain data (${t.kind}${t.value ? ' ' + t.value : ''}) at offset ${read.at}`);
    };
    return value(read.next());
  }

  function fromBundle(text) {
    const mark = text.indexOf(BUNDLE_MARK);
    const start = mark < 0 ? -1 : text.indexOf('{', text.indexOf('=', text.indexOf('\n', mark)));
    return start < 0 ? null : literalAt(text, start);
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
    // What went wrong with a package that was there, for the message.
    const problems = [];
    // pnpm keeps packages under node_modules/.pnpm/<name>@<version>/node_modules/<name>.
    let pnpm = [];
    try {
      pnpm = modules.fs
        .readdirSync('node_modules/.pnpm')
        .filter((name) => String(name).startsWith('playwright-core@'))
        .sort()
        .reverse()
        .map((name) => `node_modules/.pnpm/${name}/node_modules/playwright-core`);
    } catch (_) {
      // Not a pnpm project.
    }
    for (const dir of PACKAGES.concat(pnpm)) {
      try {
        const json = read(`${dir}/lib/server/deviceDescriptorsSource.json`);
        if (json !== null) return (table = JSON.parse(json));
        const bundle = read(`${dir}/lib/coreBundle.js`);
        const found = bundle === null ? null : fromBundle(bundle);
        if (found) return (table = found);
        if (bundle !== null) problems.push(`${dir}/lib/coreBundle.js has no device table`);
      } catch (e) {
        problems.push(`${dir}: ${e.message}`);
      }
    }
    const seen = problems.length ? ` (${problems.join('; ')})` : ' in node_modules';
    throw new Error(
      `devices: ferridriver reads Playwright's device list from the project's playwright-core package, and found none${seen}\n` +
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
