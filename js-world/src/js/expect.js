// `expect`, as `@playwright/test` exports it and as a global. Locators and pages get the
// web-first matchers, which run in Rust (the same `expect` the Rust API uses, so the polling and
// the messages are one implementation); plain values get Jest's value matchers, here in JS.
// A failure is an Error whose message shows what was expected and what was received, thrown
// with the stack of the user's call (taken before any await; see js/playwright.js).
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const modules = g.__ferridriver_modules;
  const { Locator, Page } = pw;

  // ---- showing values.
  function format(v, depth, seen) {
    depth = depth || 0;
    seen = seen || [];
    if (typeof v === 'string') return JSON.stringify(v);
    if (typeof v === 'bigint') return `${v}n`;
    if (typeof v === 'symbol') return v.toString();
    if (typeof v === 'function') return `[Function ${v.name || 'anonymous'}]`;
    if (v === undefined) return 'undefined';
    if (v === null || typeof v !== 'object') return Object.is(v, -0) ? '-0' : String(v);
    if (typeof v.asymmetricMatch === 'function') return v.toString();
    if (v instanceof RegExp) return String(v);
    if (v instanceof Date) return isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
    if (v instanceof Error) return `[${v.name}: ${v.message}]`;
    if (v instanceof Locator) return v.toString();
    if (v instanceof Page) return 'Page';
    if (seen.includes(v)) return '[Circular]';
    if (depth > 4) return Array.isArray(v) ? '[Array]' : '[Object]';
    const next = seen.concat([v]);
    const f = (x) => format(x, depth + 1, next);
    if (Array.isArray(v)) return `[${v.map(f).join(', ')}]`;
    if (v instanceof Map) return `Map {${[...v].map(([k, x]) => `${f(k)} => ${f(x)}`).join(', ')}}`;
    if (v instanceof Set) return `Set {${[...v].map(f).join(', ')}}`;
    if (ArrayBuffer.isView(v)) {
      const shown = Array.from(v).slice(0, 50).join(', ');
      return `${v.constructor.name} [${shown}${v.length > 50 ? ', …' : ''}]`;
    }
    const name = v.constructor && v.constructor !== Object && v.constructor.name ? `${v.constructor.name} ` : '';
    const entries = Object.keys(v).map((k) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${f(v[k])}`);
    return `${name}{${entries.length ? ` ${entries.join(', ')} ` : ''}}`;
  }

  // ---- equality (Jest's toEqual / toStrictEqual rules, with asymmetric matchers).
  function equals(a, b, strict, seen) {
    seen = seen || [];
    if (b && typeof b.asymmetricMatch === 'function') return b.asymmetricMatch(a);
    if (a && typeof a.asymmetricMatch === 'function') return a.asymmetricMatch(b);
    if (Object.is(a, b)) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    if (a instanceof Date || b instanceof Date) {
      return a instanceof Date && b instanceof Date && Object.is(a.getTime(), b.getTime());
    }
    if (a instanceof RegExp || b instanceof RegExp) return String(a) === String(b);
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (seen.some(([x, y]) => x === a && y === b)) return true;
    const deeper = seen.concat([[a, b]]);
    const eq = (x, y) => equals(x, y, strict, deeper);
    if (a instanceof Map || b instanceof Map) {
      if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) return false;
      return [...a].every(([k, v]) => b.has(k) && eq(v, b.get(k)));
    }
    if (a instanceof Set || b instanceof Set) {
      if (!(a instanceof Set && b instanceof Set) || a.size !== b.size) return false;
      return [...a].every((v) => b.has(v) || [...b].some((w) => eq(v, w)));
    }
    if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) {
      if (!(ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) || a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
      return true;
    }
    if (a instanceof Error && b instanceof Error && (a.message !== b.message || a.name !== b.name)) return false;
    if (Array.isArray(a) && a.length !== b.length) return false;
    // toEqual ignores properties that are undefined; toStrictEqual does not.
    const keys = (o) => Object.keys(o).filter((k) => strict || o[k] !== undefined);
    const ka = keys(a);
    const kb = keys(b);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => kb.includes(k) && eq(a[k], b[k]));
  }

  function subset(actual, expected, seen) {
    seen = seen || [];
    if (!expected || typeof expected !== 'object' || typeof expected.asymmetricMatch === 'function') {
      return equals(actual, expected, false);
    }
    if (expected instanceof Date || expected instanceof RegExp || ArrayBuffer.isView(expected)) return equals(actual, expected, false);
    if (!actual || typeof actual !== 'object' || seen.includes(expected)) return seen.includes(expected);
    const next = seen.concat([expected]);
    if (Array.isArray(expected)) {
      return Array.isArray(actual) && actual.length === expected.length && expected.every((x, i) => subset(actual[i], x, next));
    }
    return Object.keys(expected).every((k) => k in actual && subset(actual[k], expected[k], next));
  }

  // ---- asymmetric matchers (expect.any(Number) inside toEqual…).
  class Asymmetric {
    constructor(name, sample, match) {
      this._name = name;
      this._sample = sample;
      this._match = match;
    }
    asymmetricMatch(other) {
      return this._match(other);
    }
    toString() {
      return `${this._name}(${typeof this._sample === 'function' ? this._sample.name : format(this._sample)})`;
    }
  }
  function any(ctor) {
    const primitive = { Number: 'number', String: 'string', Boolean: 'boolean', BigInt: 'bigint', Symbol: 'symbol', Function: 'function' };
    return new Asymmetric('Any', ctor, (v) => {
      const t = ctor && primitive[ctor.name];
      return (t !== undefined && typeof v === t) || (v !== null && v !== undefined && v instanceof ctor);
    });
  }

  // ---- value matchers: (actual, ...args) → { pass, args, expected, received, hint }.
  const number = (name, v) => {
    if (typeof v !== 'number' && typeof v !== 'bigint') throw new TypeError(`${name}: received value must be a number or a bigint, got ${format(v)}`);
  };
  function compare(name, op) {
    return function (actual, expected) {
      number(name, actual);
      number(name, expected);
      return { pass: op(actual, expected), expected: `${name.replace('toBe', '').replace(/([A-Z])/g, ' $1').trim().toLowerCase()} ${format(expected)}`, received: format(actual) };
    };
  }
  function propertyPath(path) {
    if (Array.isArray(path)) return path;
    return String(path)
      .replace(/\[(\w+)\]/g, '.$1')
      .split('.')
      .filter((s) => s !== '');
  }
  const valueMatchers = {
    toBe(actual, expected) {
      return { pass: Object.is(actual, expected), expected: format(expected), received: format(actual), hint: 'Object.is equality' };
    },
    toEqual(actual, expected) {
      return { pass: equals(actual, expected, false), expected: format(expected), received: format(actual), hint: 'deep equality' };
    },
    toStrictEqual(actual, expected) {
      return { pass: equals(actual, expected, true), expected: format(expected), received: format(actual), hint: 'deep equality' };
    },
    toMatchObject(actual, expected) {
      return { pass: subset(actual, expected), expected: format(expected), received: format(actual) };
    },
    toContain(actual, item) {
      let pass;
      if (typeof actual === 'string') pass = typeof item === 'string' && actual.includes(item);
      else if (actual !== null && actual !== undefined && typeof actual[Symbol.iterator] === 'function') pass = Array.from(actual).some((x) => x === item);
      else throw new TypeError(`toContain: received value must be a string or an iterable, got ${format(actual)}`);
      return { pass, expected: format(item), received: format(actual), args: 'expected' };
    },
    toContainEqual(actual, item) {
      const pass = actual !== null && actual !== undefined && Array.from(actual).some((x) => equals(x, item, false));
      return { pass, expected: format(item), received: format(actual) };
    },
    toMatch(actual, expected) {
      if (typeof actual !== 'string') throw new TypeError(`toMatch: received value must be a string, got ${format(actual)}`);
      const pass = expected instanceof RegExp ? new RegExp(expected.source, expected.flags.replace('g', '')).test(actual) : actual.includes(String(expected));
      return { pass, expected: expected instanceof RegExp ? `pattern ${expected}` : `substring ${format(expected)}`, received: format(actual) };
    },
    toBeTruthy: (actual) => ({ pass: !!actual, args: '', received: format(actual) }),
    toBeFalsy: (actual) => ({ pass: !actual, args: '', received: format(actual) }),
    toBeNull: (actual) => ({ pass: actual === null, args: '', expected: 'null', received: format(actual) }),
    toBeUndefined: (actual) => ({ pass: actual === undefined, args: '', expected: 'undefined', received: format(actual) }),
    toBeDefined: (actual) => ({ pass: actual !== undefined, args: '', expected: 'a defined value', received: format(actual) }),
    toBeNaN: (actual) => ({ pass: Number.isNaN(actual), args: '', expected: 'NaN', received: format(actual) }),
    toBeGreaterThan: compare('toBeGreaterThan', (a, b) => a > b),
    toBeGreaterThanOrEqual: compare('toBeGreaterThanOrEqual', (a, b) => a >= b),
    toBeLessThan: compare('toBeLessThan', (a, b) => a < b),
    toBeLessThanOrEqual: compare('toBeLessThanOrEqual', (a, b) => a <= b),
    toBeCloseTo(actual, expected, digits) {
      number('toBeCloseTo', actual);
      const d = digits === undefined ? 2 : digits;
      const pass = actual === expected || Math.abs(expected - actual) < Math.pow(10, -d) / 2;
      return { pass, args: 'expected, precision', expected: `${format(expected)} (precision ${d})`, received: format(actual) };
    },
    toBeInstanceOf(actual, ctor) {
      const pass = actual !== null && actual !== undefined && actual instanceof ctor;
      const got = actual !== null && actual !== undefined && actual.constructor ? actual.constructor.name : format(actual);
      return { pass, expected: `instance of ${ctor && ctor.name}`, received: got };
    },
    toHaveLength(actual, length) {
      const has = actual !== null && actual !== undefined && typeof actual.length === 'number';
      return { pass: has && actual.length === length, expected: `length ${length}`, received: has ? `length ${actual.length}: ${format(actual)}` : format(actual) };
    },
    toHaveProperty(actual, path, ...rest) {
      let at = actual;
      let found = true;
      for (const key of propertyPath(path)) {
        if (at !== null && at !== undefined && key in Object(at)) at = at[key];
        else {
          found = false;
          break;
        }
      }
      const withValue = rest.length > 0;
      const pass = found && (!withValue || equals(at, rest[0], false));
      return {
        pass,
        args: withValue ? 'path, value' : 'path',
        expected: `path ${format(path)}${withValue ? ` with value ${format(rest[0])}` : ''}`,
        received: found ? `${format(at)} in ${format(actual)}` : `no such path in ${format(actual)}`,
      };
    },
    toThrow(actual, expected) {
      let threw = false;
      let thrown;
      if (this.mode === 'rejects') {
        threw = true;
        thrown = actual;
      } else {
        if (typeof actual !== 'function') throw new TypeError(`toThrow: received value must be a function, got ${format(actual)}`);
        try {
          actual();
        } catch (e) {
          threw = true;
          thrown = e;
        }
      }
      const message = thrown && thrown.message !== undefined ? String(thrown.message) : String(thrown);
      let pass = threw;
      if (threw && expected !== undefined) {
        if (typeof expected === 'string') pass = message.includes(expected);
        else if (expected instanceof RegExp) pass = expected.test(message);
        else if (typeof expected === 'function') pass = thrown instanceof expected;
        else if (expected && typeof expected === 'object') pass = message === String(expected.message);
      }
      const shown = typeof expected === 'function' ? expected.name : format(expected);
      return {
        pass,
        args: expected === undefined ? '' : 'expected',
        expected: expected === undefined ? 'a thrown error' : shown,
        received: threw ? `thrown ${format(thrown)}` : 'the function did not throw',
      };
    },
    toBeOK(actual) {
      const ok = actual instanceof modules.playwright.APIResponse;
      if (!ok) throw new TypeError(`toBeOK: received value must be an APIResponse, got ${format(actual)}`);
      // Playwright's APIResponse has methods; the script hosts' HttpResponse (and fetch's
      // Response) have values.
      const read = (k) => (typeof actual[k] === 'function' ? actual[k]() : actual[k]);
      return { pass: Boolean(read('ok')), args: '', expected: 'a 2xx status', received: `${read('status')} ${read('url')}` };
    },
  };
  valueMatchers.toThrowError = valueMatchers.toThrow;

  function report(name, not, mode, r, custom) {
    const chain = `${mode ? `.${mode}` : ''}${not ? '.not' : ''}`;
    const args = r.args === undefined ? 'expected' : r.args;
    const lines = [`expect(received)${chain}.${name}(${args})${r.hint ? ` // ${r.hint}` : ''}`, ''];
    if (r.expected !== undefined) lines.push(`Expected: ${not ? 'not ' : ''}${r.expected}`);
    lines.push(`Received: ${r.received}`);
    const message = lines.join('\n');
    return custom ? `${custom}\n\n${message}` : message;
  }

  // ---- web-first matchers: (args) → [rust op, args, options, flip negation].
  const spec = pw.textSpec;
  const plainOptions = (o) => (o && typeof o === 'object' && !(o instanceof RegExp) && !Array.isArray(o) ? o : undefined);
  const single = (op) => (options) => [op, [], options, false];
  const text = (op) => (expected, options) => {
    if (Array.isArray(expected)) {
      // The array forms compare all matching elements in order (browser/src/expect/lists.rs).
      const lists = { toHaveText: 'toHaveTexts', toContainText: 'toContainTexts', toHaveClass: 'toHaveClasses' };
      if (lists[op]) return [lists[op], [expected.map((t) => spec(t, true))], options, false];
      throw new TypeError(`${op}: pass one string or RegExp, not an array`);
    }
    return [op, [spec(expected, true)], options, false];
  };
  const withTextOptions = ([op, args, options, flip]) => {
    const o = plainOptions(options) || {};
    return [op, [...args, { ignoreCase: o.ignoreCase === true, useInnerText: o.useInnerText === true }], options, flip];
  };
  const webFirst = {
    toBeVisible: (options) => ['toBeVisible', [], options, options && options.visible === false],
    toBeHidden: single('toBeHidden'),
    toBeEnabled: (options) => ['toBeEnabled', [], options, options && options.enabled === false],
    toBeDisabled: single('toBeDisabled'),
    // `{ checked: false }` is "not checked" (an indeterminate box passes it, as in Playwright);
    // `{ indeterminate: true }` is the mixed state.
    toBeChecked: (options) => {
      if (options && options.indeterminate === true) return ['toBeIndeterminate', [], options, false];
      return ['toBeChecked', [], options, options && options.checked === false];
    },
    toBeAttached: (options) => ['toBeAttached', [], options, options && options.attached === false],
    toBeEditable: (options) => ['toBeEditable', [], options, options && options.editable === false],
    toBeEmpty: single('toBeEmpty'),
    toBeFocused: single('toBeFocused'),
    toBeInViewport: (options) => {
      const ratio = options && options.ratio;
      if (ratio !== undefined && (typeof ratio !== 'number' || ratio < 0 || ratio > 1)) {
        throw new TypeError('toBeInViewport: ratio must be a number from 0 to 1');
      }
      return ['toBeInViewport', [ratio === undefined ? null : ratio], options, false];
    },
    toHaveCSS: (name, value, options) => ['toHaveCSS', [String(name), spec(value, true)], options, false],
    toHaveJSProperty: (name, value, options) => ['toHaveJSProperty', [String(name), value === undefined ? null : value], options, false],
    toHaveId: (id, options) => ['toHaveId', [spec(id, true)], options, false],
    toHaveValues: (values, options) => {
      if (!Array.isArray(values)) throw new TypeError('toHaveValues: pass an array of strings or RegExps');
      return ['toHaveValues', [values.map((v) => spec(v, true))], options, false];
    },
    toHaveRole: (role, options) => ['toHaveRole', [String(role)], options, false],
    toHaveAccessibleName: (name, options) => ['toHaveAccessibleName', [spec(name, true)], options, false],
    toHaveAccessibleDescription: (d, options) => ['toHaveAccessibleDescription', [spec(d, true)], options, false],
    // With Playwright's `ignoreCase` and `useInnerText` options.
    toHaveText: (expected, options) => withTextOptions(text('toHaveText')(expected, options)),
    toContainText: (expected, options) => withTextOptions(text('toContainText')(expected, options)),
    toHaveValue: text('toHaveValue'),
    toHaveClass: text('toHaveClass'),
    toContainClass: (expected, options) => {
      if (Array.isArray(expected) && expected.every((c) => typeof c === 'string')) return ['toContainClasses', [expected], options, false];
      if (typeof expected !== 'string') throw new TypeError('toContainClass: pass the classes as a string, or one string per element');
      return ['toContainClass', [expected], options, false];
    },
    toHaveAttribute: (name, value, options) => {
      // Without a value (or with only options): the attribute is present.
      if (value === undefined || plainOptions(value)) return ['toHaveAttribute', [String(name), null], value, false];
      return ['toHaveAttribute', [String(name), spec(value, true)], options, false];
    },
    toHaveCount: (count, options) => ['toHaveCount', [Number(count)], options, false],
    toHaveURL: text('toHaveURL'),
    toHaveTitle: text('toHaveTitle'),
  };

  function makeExpect(actual, state) {
    const { not, mode, custom } = state;
    const api = {};
    for (const [name, matcher] of Object.entries(valueMatchers)) {
      api[name] = function (...args) {
        const site = pw.callSite();
        const check = (value) => {
          const r = matcher.apply({ mode }, [value, ...args]);
          if (r.pass === not) {
            const e = pw.failure(site, 'Error', report(name, not, mode, r, custom));
            e.matcherResult = { pass: r.pass, name, expected: r.expected, actual: value, message: e.message };
            throw e;
          }
        };
        if (mode === 'poll') return poll(actual, state, check, site);
        if (mode) return settle(actual, mode, site, name, custom).then(check);
        check(actual);
      };
    }
    // expect(fn).toPass({ timeout, intervals }): calls fn until it stops throwing. As in
    // Playwright, no timeout by default (the step's own timeout ends it).
    api.toPass = async function (options) {
      const site = pw.callSite();
      if (typeof actual !== 'function') throw pw.failure(site, 'TypeError', `expect(received).toPass() needs a function; received ${format(actual)}`);
      if (not) throw pw.failure(site, 'Error', 'expect(fn).not.toPass() is not supported (as in Playwright)');
      const o = options || {};
      const timeout = typeof o.timeout === 'number' ? o.timeout : 0;
      const intervals = Array.isArray(o.intervals) && o.intervals.length ? o.intervals : [100, 250, 500, 1000];
      const start = Date.now();
      for (let i = 0; ; i++) {
        try {
          await actual();
          return;
        } catch (e) {
          if (timeout > 0 && Date.now() - start >= timeout) {
            throw pw.failure(site, 'Error', `expect(fn).toPass() failed after ${timeout}ms of retries\n\n${e && e.message !== undefined ? e.message : e}`);
          }
        }
        await new Promise((r) => g.setTimeout(r, intervals[Math.min(i, intervals.length - 1)]));
      }
    };
    for (const [name, mapping] of Object.entries(webFirst)) {
      api[name] = function (...args) {
        const site = pw.callSite();
        const isPage = actual instanceof Page;
        const isLocator = actual instanceof Locator;
        if (!isPage && !isLocator) {
          return Promise.reject(pw.failure(site, 'TypeError', `expect(received).${name}() needs a Locator or a Page; received ${format(actual)}`));
        }
        const pageOnly = name === 'toHaveURL' || name === 'toHaveTitle';
        if (isPage !== pageOnly) {
          return Promise.reject(pw.failure(site, 'TypeError', `expect(${isPage ? 'page' : 'locator'}).${name}() is not available; it applies to a ${pageOnly ? 'Page' : 'Locator'}`));
        }
        let op;
        let rustArgs;
        let options;
        let flip;
        try {
          [op, rustArgs, options, flip] = mapping(...args);
        } catch (e) {
          return Promise.reject(pw.failure(site, 'TypeError', e.message));
        }
        const o = plainOptions(options) || {};
        const timeout = typeof o.timeout === 'number' ? o.timeout : state.timeout;
        const page = isPage ? actual : actual._page;
        const request = { target: 'expect', parts: isPage ? [] : actual._parts, op, args: rustArgs, not: not !== !!flip, timeout };
        return page._send(request, site).then(
          () => undefined,
          (e) => {
            if (custom) e.message = `${custom}\n\n${e.message}`;
            throw e;
          }
        );
      };
    }
    // The suite's matchers: new names on every `expect`; a built-in's name only on the
    // `expect` that `extend` answered (Playwright's root `expect` keeps its own).
    for (const [name, matcher] of Object.entries(customMatchers)) api[name] = customMatcher(name, matcher, actual, state);
    for (const [name, matcher] of Object.entries(state.overrides || {})) api[name] = customMatcher(name, matcher, actual, state);
    if (state.soft) {
      // expect.soft: a failure is recorded for the running step (cucumber.js fails the step
      // after its function returns, with every soft failure) and the step carries on.
      // The list of the call that made the assertion (one left pending at its deadline may fail
      // later, during another call).
      const list = g.__ferridriver_soft || (g.__ferridriver_soft = []);
      const keep = (e) => { list.push(e); };
      for (const [name, fn] of Object.entries(api)) {
        api[name] = function (...args) {
          try {
            const r = fn.apply(this, args);
            return r && typeof r.then === 'function' ? r.then(undefined, keep) : r;
          } catch (e) {
            keep(e);
          }
        };
      }
    }
    Object.defineProperty(api, 'not', { get: () => makeExpect(actual, { ...state, not: !not }) });
    Object.defineProperty(api, 'resolves', { get: () => makeExpect(actual, { ...state, mode: 'resolves' }) });
    Object.defineProperty(api, 'rejects', { get: () => makeExpect(actual, { ...state, mode: 'rejects' }) });
    return api;
  }

  // ---- expect.extend: the suite's own matchers, called as Jest's and Playwright's are (`this`
  // is the matcher context: isNot, promise, timeout, utils), answering `{ pass, message }`,
  // maybe through a promise.
  const customMatchers = {};
  // The matchers every `expect` has (a suite's matcher of the same name overrides them only
  // on the `expect` its `extend` answered).
  const BUILT_IN = new Set([...Object.keys(valueMatchers), ...Object.keys(webFirst), 'toPass']);
  const matcherUtils = Object.freeze({
    printReceived: (v) => format(v),
    printExpected: (v) => format(v),
    stringify: (v) => format(v),
    matcherHint: (name, received = 'received', expected = 'expected', options) =>
      `expect(${received}).${options && options.isNot ? 'not.' : ''}${String(name).replace(/^\./, '')}(${expected})`,
    RECEIVED_COLOR: (s) => s,
    EXPECTED_COLOR: (s) => s,
    diff: () => null,
  });
  // A value as Jest's `stringify` shows it in one line (`{"pass": "yes"}`).
  function compact(v) {
    if (v === undefined) return 'undefined';
    if (typeof v === 'function') return `[Function ${v.name || 'anonymous'}]`;
    if (Array.isArray(v)) return `[${v.map(compact).join(', ')}]`;
    if (v && typeof v === 'object') return `{${Object.keys(v).map((k) => `${JSON.stringify(k)}: ${compact(v[k])}`).join(', ')}}`;
    return typeof v === 'string' ? JSON.stringify(v) : String(v);
  }
  function customMatcher(name, matcher, actual, state) {
    return function (...args) {
      const site = pw.callSite();
      const { not, mode, custom } = state;
      const context = {
        isNot: not,
        promise: mode === 'resolves' || mode === 'rejects' ? mode : '',
        timeout: typeof state.timeout === 'number' ? state.timeout : 5000,
        utils: matcherUtils,
        customTesters: [],
        // Playwright's context has no working `equals` either.
        equals() {
          throw new Error('It looks like you are using custom expect matchers that are not compatible with Playwright. See https://aka.ms/playwright/expect-compatibility');
        },
      };
      const judge = (result) => {
        const badMessage = result && result.message && typeof result.message !== 'string' && typeof result.message !== 'function';
        if (!result || typeof result !== 'object' || typeof result.pass !== 'boolean' || badMessage) {
          const shown = compact(result);
          const message = `Unexpected return from a matcher function.\nMatcher functions should return an object in the following format:\n  {message?: string | function, pass: boolean}\n'${shown}' was returned`;
          throw pw.failure(site, 'Error', message);
        }
        if (result.pass !== not) return;
        const said = typeof result.message === 'function' ? result.message() : result.message;
        const text = said ? String(said) : 'No message was specified for this matcher.';
        const e = pw.failure(site, 'Error', custom ? `${custom}\n\n${text}` : text);
        e.matcherResult = { ...result, name: result.name || name, message: text };
        throw e;
      };
      const run = (value) => {
        const result = matcher.call(context, value, ...args);
        return result && typeof result.then === 'function' ? result.then(judge) : judge(result);
      };
      if (mode === 'poll') return poll(actual, state, run, site);
      if (mode) return settle(actual, mode, site, name, custom).then(run);
      return run(actual);
    };
  }

  async function settle(actual, mode, site, name, custom) {
    let value;
    let rejected = false;
    try {
      value = await (typeof actual === 'function' ? actual() : actual);
    } catch (e) {
      rejected = true;
      value = e;
    }
    if ((mode === 'rejects') !== rejected) {
      const what = rejected ? `Received promise rejected instead of resolved\nRejected to value: ${format(value)}` : `Received promise resolved instead of rejected\nResolved to value: ${format(value)}`;
      const message = `expect(received).${mode}.${name}()\n\n${what}`;
      throw pw.failure(site, 'Error', custom ? `${custom}\n\n${message}` : message);
    }
    return value;
  }

  // An attempt of expect.poll still running when the time ran out.
  const EXPIRED = new Error('the poll ran out of time');
  // expect.poll(fn).toBe(…): calls fn until the matcher passes or the timeout ends.
  async function poll(fn, state, check, site) {
    const timeout = typeof state.timeout === 'number' ? state.timeout : 5000;
    const intervals = state.intervals || [100, 250, 500, 1000];
    const start = Date.now();
    for (let i = 0; ; i++) {
      try {
        // An attempt that hangs ends with the time left (Playwright races each one too).
        let timer;
        const left = Math.max(0, timeout - (Date.now() - start));
        const expired = new Promise((_, reject) => {
          timer = g.setTimeout(() => reject(EXPIRED), left);
        });
        try {
          await Promise.race([(async () => check(await fn()))(), expired]);
        } finally {
          g.clearTimeout(timer);
        }
        return;
      } catch (e) {
        if (e === EXPIRED) throw pw.failure(site, 'Error', `Timeout ${timeout}ms exceeded while waiting on the predicate`);
        if (Date.now() - start >= timeout) {
          throw pw.failure(site, 'Error', `${e.message}\n\nCall Log:\n- Timeout ${timeout}ms exceeded while waiting on the predicate`);
        }
      }
      await new Promise((r) => g.setTimeout(r, intervals[Math.min(i, intervals.length - 1)]));
    }
  }

  // The starting state of `expect(actual, message)` (message: a string or `{ message }`), with
  // the defaults of the `expect` it came from (`expect.configure`).
  function makeExpectFunction(defaults) {
    const fresh = (message) => ({
      not: false,
      mode: null,
      custom: typeof message === 'string' ? message : message && message.message,
      timeout: defaults.timeout === undefined ? null : defaults.timeout,
      soft: !!defaults.soft,
      overrides: defaults.overrides,
    });
    const expect = (actual, message) => makeExpect(actual, fresh(message));
    expect.soft = (actual, message) => makeExpect(actual, { ...fresh(message), soft: true });
    expect.poll = (fn, options) => {
      const o = options || {};
      if (typeof fn !== 'function') throw new TypeError('expect.poll: pass a function');
      const timeout = o.timeout === undefined ? defaults.timeout : o.timeout;
      return makeExpect(fn, { not: false, mode: 'poll', custom: o.message, timeout, intervals: o.intervals, soft: !!defaults.soft, overrides: defaults.overrides });
    };
    // An `expect` whose assertions default to these options (`timeout` in ms, `soft`).
    expect.configure = (options) => {
      const o = options || {};
      if (o.timeout !== undefined && typeof o.timeout !== 'number') throw new TypeError('expect.configure: timeout must be a number of milliseconds');
      return makeExpectFunction({ ...defaults, ...o });
    };
    // Adds the suite's matchers (every `expect` has them); a new `expect`, as Playwright's.
    expect.extend = (matchers) => {
      if (!matchers || typeof matchers !== 'object') throw new TypeError('expect.extend: pass an object of matcher functions');
      const entries = Object.entries(matchers);
      for (const [name, matcher] of entries) {
        if (typeof matcher !== 'function') throw new TypeError(`expect.extend: ${name} is not a function`);
      }
      const overrides = { ...(defaults.overrides || {}) };
      for (const [name, matcher] of entries) {
        if (BUILT_IN.has(name)) overrides[name] = matcher;
        else customMatchers[name] = matcher;
      }
      return makeExpectFunction({ ...defaults, overrides });
    };
    expect.any = any;
    expect.anything = () => new Asymmetric('Anything', '', (v) => v !== null && v !== undefined);
    expect.stringContaining = (s) => new Asymmetric('StringContaining', s, (v) => typeof v === 'string' && v.includes(s));
    expect.stringMatching = (re) => new Asymmetric('StringMatching', re, (v) => typeof v === 'string' && new RegExp(re).test(v));
    expect.objectContaining = (o) => new Asymmetric('ObjectContaining', o, (v) => subset(v, o));
    expect.arrayContaining = (list) =>
      new Asymmetric('ArrayContaining', list, (v) => Array.isArray(v) && list.every((x) => v.some((y) => equals(y, x, false))));
    return expect;
  }
  const expect = makeExpectFunction({});

  modules.playwright.expect = expect;
  g.expect = expect;
})(globalThis);
