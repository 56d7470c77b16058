// The globals of the script hosts (MCP `run_script`, `ferridriver run`): `page`, `context`,
// `browser`, `request` (the session's, opened on first use), `args`, `vars`, `fs`, `artifacts`,
// and the console captured per call with its level, within fixed limits. The host runs each
// call through `runInline`/`runModule` and reads the console with `takeConsole`.
(function (g) {
  'use strict';
  const native = g.__ferridriver_native;
  const bridge = g.__ferridriver;
  const consoleControl = g.__ferridriver_console;

  // ---- the session's browser objects, as lazy globals (same classes as this.page in steps).
  g.__ferridriver_playwright.installFixtures(g);

  // ---- console: 1000 entries, 1 MiB in all, 8 KiB per entry, ANSI escapes removed.
  const MAX_ENTRIES = 1000;
  const MAX_TOTAL = 1 << 20;
  const MAX_ENTRY = 8 << 10;
  const ANSI = /\x1b\[[0-?]*[ -\/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;
  let entries = [];
  let total = 0;
  let dropped = 0;
  let started = Date.now();
  function record(text, level) {
    let message = String(text).replace(ANSI, '');
    if (message.length > MAX_ENTRY) message = message.slice(0, MAX_ENTRY) + '… [truncated]';
    if (entries.length >= MAX_ENTRIES || total + message.length > MAX_TOTAL) {
      dropped++;
      return;
    }
    total += message.length;
    const lvl = level === 'trace' ? 'debug' : level;
    entries.push({ level: lvl, message, ts_ms: Math.max(0, Date.now() - started) });
  }

  function begin(argsJson) {
    native.asyncContext.reset();
    entries = [];
    total = 0;
    dropped = 0;
    started = Date.now();
    const args = JSON.parse(argsJson);
    Object.defineProperty(g, 'args', { value: deepFreeze(args), writable: true, configurable: true });
    consoleControl.capture(record);
  }
  function deepFreeze(v) {
    if (v && typeof v === 'object') {
      for (const k of Object.keys(v)) deepFreeze(v[k]);
      Object.freeze(v);
    }
    return v;
  }

  // The result as JSON: `undefined` is null, BigInt a string, bytes base64, Map/Set as plain
  // values; anything else JSON.stringify refuses is a TypeError naming why.
  function settle(value) {
    const replacer = function (key, v) {
      if (typeof v === 'bigint') return v.toString();
      if (v instanceof Uint8Array) return { type: 'Buffer', base64: native.base64Encode(v) };
      if (v instanceof ArrayBuffer) return { type: 'Buffer', base64: native.base64Encode(new Uint8Array(v)) };
      if (v instanceof Map) return Object.fromEntries(v);
      if (v instanceof Set) return Array.from(v);
      if (v instanceof Error) return { name: v.name, message: v.message };
      if (typeof v === 'function' || typeof v === 'symbol') return undefined;
      return v;
    };
    let text;
    try {
      text = JSON.stringify(value === undefined ? null : value, replacer);
    } catch (e) {
      // A value reached twice is fine (as in JSON.stringify); one that contains itself is not.
      if (/circular|cycl/i.test(String(e && e.message))) throw new TypeError('the result is not JSON-serialisable: it contains a cycle');
      throw e;
    }
    return text === undefined ? 'null' : text;
  }

  // A call: `beginScript` (args, console), then the module's evaluation or nothing, then
  // `runInline`/`runModule` for the value, then `takeConsole` (also after a failure).
  bridge.beginScript = begin;
  bridge.runInline = async (fn) => settle(await fn.call(g));
  bridge.runModule = async (namespace) => {
    let value = namespace.default;
    if (typeof value === 'function') value = value(g.args);
    return settle(await value);
  };
  bridge.takeConsole = function () {
    consoleControl.capture(null);
    const out = JSON.stringify({ entries, dropped });
    entries = [];
    total = 0;
    dropped = 0;
    return out;
  };

  // ---- vars: the session's string store (survives VM resets; lives in Rust).
  function key(k) {
    if (typeof k !== 'string') throw new TypeError('vars: keys are strings');
    return k;
  }
  function text(v) {
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
    throw new TypeError('vars.set: values are strings (use JSON.stringify for objects)');
  }
  const vars = Object.freeze({
    get: (k) => {
      const v = native.varsGet(key(k));
      return v === null ? undefined : v;
    },
    set: (k, v) => {
      native.varsSet(key(k), text(v));
    },
    has: (k) => native.varsGet(key(k)) !== null && native.varsGet(key(k)) !== undefined,
    delete: (k) => native.varsDelete(key(k)),
    keys: () => native.varsKeys(),
  });

  // ---- fs (script_root) and artifacts (artifacts_root): relative paths only, checked in Rust.
  const utf8 = (bytes) => native.utf8Decode(bytes);
  function bytesOf(data, what) {
    if (typeof data === 'string') return native.utf8Encode(data);
    if (data instanceof Uint8Array) return data;
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    throw new TypeError(`${what}: data must be a string or bytes (Uint8Array, Buffer, ArrayBuffer)`);
  }
  const asBuffer = (bytes) => (g.Buffer ? g.Buffer.from(bytes) : bytes);
  const path = (p, what) => {
    if (typeof p !== 'string') throw new TypeError(`${what}: the path must be a string`);
    return p;
  };
  const fs = Object.freeze({
    readFile: async (p) => utf8(native.fsRead('fs', path(p, 'fs.readFile'))),
    readFileBytes: async (p) => asBuffer(native.fsRead('fs', path(p, 'fs.readFileBytes'))),
    writeFile: async (p, data) => {
      native.fsWrite('fs', path(p, 'fs.writeFile'), bytesOf(data, 'fs.writeFile'));
    },
    readdir: async (p = '.') => native.fsReaddir('fs', path(p, 'fs.readdir')),
    exists: async (p) => native.fsExists('fs', path(p, 'fs.exists')),
  });
  const artifacts = Object.freeze({
    write: async (p, text) => {
      if (typeof text !== 'string') throw new TypeError('artifacts.write: text must be a string (writeBytes for bytes)');
      native.fsWrite('artifacts', path(p, 'artifacts.write'), native.utf8Encode(text));
      return p;
    },
    writeBytes: async (p, data) => {
      native.fsWrite('artifacts', path(p, 'artifacts.writeBytes'), bytesOf(data, 'artifacts.writeBytes'));
      return p;
    },
    read: async (p) => utf8(native.fsRead('artifacts', path(p, 'artifacts.read'))),
    readBytes: async (p) => asBuffer(native.fsRead('artifacts', path(p, 'artifacts.readBytes'))),
    list: async (p = '') => native.fsList('artifacts', path(p, 'artifacts.list')),
    exists: async (p) => native.fsExists('artifacts', path(p, 'artifacts.exists')),
    remove: async (p) => native.fsRemove('artifacts', path(p, 'artifacts.remove')),
  });

  for (const [name, value] of Object.entries({ vars, fs, artifacts })) {
    Object.defineProperty(g, name, { value, writable: false, configurable: false, enumerable: false });
  }
  Object.defineProperty(g, 'args', { value: Object.freeze([]), writable: true, configurable: true });
})(globalThis);
