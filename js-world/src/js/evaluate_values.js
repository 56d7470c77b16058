// The values `evaluate` answers, as Playwright's serializer carries them: `undefined` (alone
// and inside objects and arrays), NaN, ±Infinity, -0, Date, RegExp, URL, Error and BigInt
// come back as themselves, a node as Playwright's 'ref: <Node>' (a document 'ref: <Document>',
// a window 'ref: <Window>'), Map and Set as {}, a cycle as the same object. JSON carries none
// of these, so the page code encodes each value (ENCODE, sent with the call) and `decode`
// rebuilds it here. Tags live under a key no JSON from the page is taken for: a page object
// that has that key is wrapped.
(function (g) {
  'use strict';
  const TAG = '\u0000fd';
  // Page code: `(value) => encoded`.
  const ENCODE = `((value) => {
    const TAG = ${JSON.stringify(TAG)};
    const path = [];
    // The DOM's own getter tells a node from an object shaped like one (any window's nodes).
    let nodeTypeOf = null;
    try { nodeTypeOf = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeType').get; } catch (e) { nodeTypeOf = null; }
    const nodeType = (v) => { try { return nodeTypeOf ? nodeTypeOf.call(v) : undefined; } catch (e) { return undefined; } };
    const enc = (v) => {
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return { [TAG]: 'u' };
      if (typeof v === 'number') {
        if (Number.isNaN(v)) return { [TAG]: 'n', v: 'NaN' };
        if (v === Infinity) return { [TAG]: 'n', v: 'Infinity' };
        if (v === -Infinity) return { [TAG]: 'n', v: '-Infinity' };
        if (Object.is(v, -0)) return { [TAG]: 'n', v: '-0' };
        return v;
      }
      if (typeof v === 'bigint') return { [TAG]: 'b', v: String(v) };
      if (v === null || typeof v !== 'object') return v;
      const up = path.indexOf(v);
      if (up >= 0) return { [TAG]: 'up', v: path.length - up };
      // By their class tag, not instanceof: a frame's values come from another window.
      const kind = Object.prototype.toString.call(v).slice(8, -1);
      if (kind === 'Date') return { [TAG]: 'd', v: isNaN(v) ? null : v.toISOString() };
      if (kind === 'RegExp') return { [TAG]: 'r', s: v.source, f: v.flags };
      if (kind === 'URL') return { [TAG]: 'url', v: v.href };
      if (kind === 'Error') return { [TAG]: 'e', n: v.name, m: v.message, s: v.stack };
      if (kind === 'Window') return 'ref: <Window>';
      const node = nodeType(v);
      if (typeof node === 'number') return node === 9 ? 'ref: <Document>' : 'ref: <Node>';
      if (kind === 'Map' || kind === 'Set') return {};
      path.push(v);
      let out;
      // Holes are undefined, as Playwright brings them.
      if (Array.isArray(v)) out = Array.from({ length: v.length }, (_, i) => enc(v[i]));
      else {
        out = {};
        for (const k of Object.keys(v)) out[k] = enc(v[k]);
        if (Object.prototype.hasOwnProperty.call(v, TAG)) out = { [TAG]: 'o', v: out };
      }
      path.pop();
      return out;
    };
    return enc(value);
  })`;

  // The error classes a page's error is made again as (any other name: an Error named so).
  const ERRORS = { TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError };

  function decode(encoded) {
    const path = [];
    const dec = (v) => {
      if (v === null || typeof v !== 'object') return v;
      const tag = Object.prototype.hasOwnProperty.call(v, TAG) ? v[TAG] : null;
      switch (tag) {
        case 'u': return undefined;
        case 'n': return v.v === '-0' ? -0 : Number(v.v);
        case 'b': return typeof g.BigInt === 'function' ? g.BigInt(v.v) : Number(v.v);
        case 'd': return new Date(v.v === null ? NaN : v.v);
        case 'r': return new RegExp(v.s, v.f);
        case 'url': return typeof g.URL === 'function' ? new g.URL(v.v) : v.v;
        case 'e': {
          const known = Object.prototype.hasOwnProperty.call(ERRORS, v.n);
          const e = new (known ? ERRORS[v.n] : Error)(v.m);
          if (!known) e.name = String(v.n);
          e.stack = v.s;
          return e;
        }
        case 'up': return path[path.length - v.v];
        case 'o': return fill({}, v.v);
        default: return Array.isArray(v) ? fillArray(v) : fill({}, v);
      }
    };
    const fill = (target, source) => {
      path.push(target);
      for (const k of Object.keys(source)) target[k] = dec(source[k]);
      path.pop();
      return target;
    };
    const fillArray = (source) => {
      const target = [];
      path.push(target);
      for (const item of source) target.push(dec(item));
      path.pop();
      return target;
    };
    return dec(encoded);
  }

  // What a string of page code answered (browser/src/evaluate_expression.rs): an object
  // encoded in the page, or a primitive as DevTools describes it.
  const UNSERIALIZABLE = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity, '-0': -0 };
  function answered(answer) {
    if ('encoded' in answer) return decode(answer.encoded);
    const p = answer.primitive;
    if (p.type === 'undefined') return undefined;
    const u = p.unserializableValue;
    if (typeof u === 'string') return u in UNSERIALIZABLE ? UNSERIALIZABLE[u] : BigInt(u.replace(/n$/, ''));
    return p.value;
  }

  // ---- Arguments, the other way: what Playwright's serializer carries into the page
  // (undefined in arrays and objects, NaN, ±Infinity, -0, BigInt, Date, RegExp, URL, Error,
  // typed arrays, shared and circular references; Map and Set as {}; a symbol as undefined; a
  // function is refused, naming where it is). `encodeArg` makes JSON of it here and `DECODE`
  // (page code) makes the value again; an argument JSON carries as it is goes as plain JSON.
  function encodeArg(value) {
    let plain = true;
    const ids = new Map();
    const tagged = (tag, fields) => {
      plain = false;
      return { [TAG]: tag, ...fields };
    };
    const enc = (v, at) => {
      if (v === undefined || typeof v === 'symbol') return tagged('u', {});
      if (typeof v === 'function') {
        throw new TypeError(`Attempting to serialize unexpected value${at ? ` at position "${at}"` : ''}: ${String(v)}`);
      }
      if (typeof v === 'number') {
        if (Object.is(v, -0)) return tagged('n', { v: '-0' });
        return Number.isFinite(v) ? v : tagged('n', { v: String(v) });
      }
      if (typeof v === 'bigint') return tagged('b', { v: String(v) });
      if (v === null || typeof v !== 'object') return v;
      if (ids.has(v)) return tagged('ref', { v: ids.get(v) });
      if (v instanceof Date) return tagged('d', { v: Number.isNaN(v.getTime()) ? null : v.toISOString() });
      if (v instanceof RegExp) return tagged('r', { s: v.source, f: v.flags });
      if (typeof g.URL === 'function' && v instanceof g.URL) return tagged('url', { v: v.href });
      if (v instanceof Error) return tagged('e', { n: v.name, m: v.message, s: v.stack });
      if (v instanceof Map || v instanceof Set) {
        // An empty object in the page, numbered as the page numbers it.
        ids.set(v, ids.size);
        return {};
      }
      if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
        const item = (x) => (typeof x === 'bigint' ? { [TAG]: 'b', v: String(x) } : Number.isFinite(x) && !Object.is(x, -0) ? x : { [TAG]: 'n', v: Object.is(x, -0) ? '-0' : String(x) });
        return tagged('ta', { k: Object.prototype.toString.call(v).slice(8, -1), v: Array.from(v, item) });
      }
      ids.set(v, ids.size);
      const within = (k) => (typeof k === 'number' ? `${at}[${k}]` : at ? `${at}.${k}` : k);
      if (Array.isArray(v)) return Array.from({ length: v.length }, (_, i) => enc(v[i], within(i)));
      const out = {};
      for (const k of Object.keys(v)) out[k] = enc(v[k], within(k));
      return Object.prototype.hasOwnProperty.call(v, TAG) ? tagged('o', { v: out }) : out;
    };
    const data = enc(value, '');
    return { plain, data };
  }
  // Page code: `(encoded) => value`. Containers are numbered in the order `encodeArg` met them.
  // The tags it reads are `decode`'s (above), written again as page code: it runs in the page.
  const DECODE = `((encoded) => {
    const TAG = ${JSON.stringify(TAG)};
    const ERRORS = { TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError };
    const made = [];
    const dec = (v) => {
      if (v === null || typeof v !== 'object') return v;
      const tag = Object.prototype.hasOwnProperty.call(v, TAG) ? v[TAG] : null;
      switch (tag) {
        case 'u': return undefined;
        case 'n': return v.v === '-0' ? -0 : Number(v.v);
        case 'b': return BigInt(v.v);
        case 'd': return new Date(v.v === null ? NaN : v.v);
        case 'r': return new RegExp(v.s, v.f);
        case 'url': return new URL(v.v);
        case 'e': {
          const known = Object.prototype.hasOwnProperty.call(ERRORS, v.n);
          const e = new (known ? ERRORS[v.n] : Error)(v.m);
          if (!known) e.name = String(v.n);
          e.stack = v.s;
          return e;
        }
        case 'ta': return new globalThis[v.k](v.v.map(dec));
        case 'ref': return made[v.v];
        case 'o': return fill({}, v.v);
        default: return Array.isArray(v) ? fill([], v) : fill({}, v);
      }
    };
    const fill = (target, source) => {
      made.push(target);
      for (const k of Object.keys(source)) target[k] = dec(source[k]);
      return target;
    };
    return dec(encoded);
  })`;
  // Page code for `arg` as an expression: plain JSON when that carries it (its own properties,
  // as Playwright's serializer reads them: no `toJSON`).
  function argSource(arg) {
    const { plain, data } = encodeArg(arg);
    return plain ? JSON.stringify(data) : `${DECODE}(${JSON.stringify(data)})`;
  }

  // Taken by js/playwright.js (as `pw.values`); the global goes when the VM is sealed.
  g.__ferridriver_values = Object.freeze({ ENCODE, decode, answered, encodeArg, DECODE, argSource });
})(globalThis);
