// The Node built-ins step files commonly use, for QuickJS: Buffer, node:assert (strict API),
// node:path (POSIX), node:fs (scoped by the native side; its streams: node_fs_streams.js),
// timers and console. Evaluated once per VM before the bundle; the bundle's `node:*` imports
// resolve to `globalThis.__ferridriver_modules`.
(function (g) {
  'use strict';
  const native = g.__ferridriver_native;
  const modules = (g.__ferridriver_modules = g.__ferridriver_modules || {});

  // ---- Buffer: a Uint8Array with the conversions steps use.
  class Buffer extends Uint8Array {
    static from(value, encodingOrOffset, length) {
      if (typeof value === 'string') return Buffer._wrap(encode(value, encodingOrOffset));
      if (value instanceof ArrayBuffer) {
        const offset = encodingOrOffset || 0;
        return new Buffer(value, offset, length === undefined ? value.byteLength - offset : length);
      }
      if (ArrayBuffer.isView(value)) return Buffer._wrap(new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice());
      if (Array.isArray(value) || (value && typeof value.length === 'number')) {
        const b = new Buffer(value.length);
        for (let i = 0; i < value.length; i++) b[i] = value[i] & 255;
        return b;
      }
      throw new TypeError('Buffer.from: unsupported argument');
    }
    static _wrap(u8) {
      return new Buffer(u8.buffer, u8.byteOffset, u8.byteLength);
    }
    static alloc(size, fill) {
      const b = new Buffer(size);
      if (fill !== undefined) b.fill(typeof fill === 'string' ? fill.charCodeAt(0) : fill);
      return b;
    }
    static isBuffer(v) {
      return v instanceof Buffer;
    }
    static byteLength(s, enc) {
      return typeof s === 'string' ? encode(s, enc).length : s.byteLength;
    }
    static concat(list) {
      const total = list.reduce((n, b) => n + b.length, 0);
      const out = new Buffer(total);
      let at = 0;
      for (const b of list) {
        out.set(b, at);
        at += b.length;
      }
      return out;
    }
    toString(encoding) {
      const enc = (encoding || 'utf8').toLowerCase();
      if (enc === 'base64') return native.base64Encode(this);
      if (enc === 'hex') return Array.from(this, (b) => b.toString(16).padStart(2, '0')).join('');
      if (enc === 'latin1' || enc === 'binary' || enc === 'ascii') return String.fromCharCode(...this);
      return native.utf8Decode(this);
    }
    toJSON() {
      return { type: 'Buffer', data: Array.from(this) };
    }
    equals(other) {
      return this.length === other.length && this.every((b, i) => b === other[i]);
    }
  }
  function encode(s, encoding) {
    const enc = (encoding || 'utf8').toLowerCase();
    if (enc === 'base64') return native.base64Decode(s);
    if (enc === 'hex') return new Uint8Array((s.match(/../g) || []).map((h) => parseInt(h, 16)));
    if (enc === 'latin1' || enc === 'binary' || enc === 'ascii') return Uint8Array.from(s, (c) => c.charCodeAt(0) & 255);
    return native.utf8Encode(s);
  }
  g.Buffer = Buffer;
  modules.buffer = { Buffer };

  // ---- node:assert, the strict API.
  class AssertionError extends Error {
    constructor(options) {
      super(options.message);
      this.name = 'AssertionError';
      this.code = 'ERR_ASSERTION';
      this.actual = options.actual;
      this.expected = options.expected;
      this.operator = options.operator;
      this.generatedMessage = !options.userMessage;
    }
  }
  const show = (v) => {
    try {
      if (typeof v === 'string') return JSON.stringify(v);
      if (typeof v === 'bigint') return v + 'n';
      if (typeof v === 'function') return `[Function ${v.name || 'anonymous'}]`;
      const s = JSON.stringify(v);
      return s === undefined ? String(v) : s;
    } catch (_) {
      return String(v);
    }
  };
  function fail(actual, expected, message, operator, defaultMessage) {
    if (message instanceof Error) throw message;
    throw new AssertionError({ message: message || defaultMessage, actual, expected, operator, userMessage: !!message });
  }
  function deepEqual(a, b, strict, seen) {
    if (strict ? Object.is(a, b) : a == b || (a !== a && b !== b)) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
    if (a instanceof RegExp && b instanceof RegExp) return String(a) === String(b);
    seen = seen || [];
    if (seen.some(([x, y]) => x === a && y === b)) return true;
    seen.push([a, b]);
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (a instanceof Map && b instanceof Map) {
      if (a.size !== b.size) return false;
      for (const [k, v] of a) if (!b.has(k) || !deepEqual(v, b.get(k), strict, seen)) return false;
      return true;
    }
    if (a instanceof Set && b instanceof Set) {
      if (a.size !== b.size) return false;
      for (const v of a) if (!b.has(v)) return false;
      return true;
    }
    if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) {
      if (a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
      return true;
    }
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    for (const k of ka) {
      if (!Object.prototype.hasOwnProperty.call(b, k) || !deepEqual(a[k], b[k], strict, seen)) return false;
    }
    return true;
  }
  function matches(error, expected) {
    if (expected === undefined) return true;
    if (typeof expected === 'function') {
      if (expected.prototype !== undefined && error instanceof expected) return true;
      if (Error.isPrototypeOf(expected) || expected === Error) return false;
      return expected(error) === true;
    }
    if (expected instanceof RegExp) return expected.test(String(error && error.message !== undefined ? error.message : error));
    if (typeof expected === 'object') return Object.keys(expected).every((k) => deepEqual(error[k], expected[k], true));
    return false;
  }
  const assert = function ok(value, message) {
    if (!value) fail(value, true, message, '==', 'The expression evaluated to a falsy value:\n\n  assert.ok(' + show(value) + ')\n');
  };
  Object.assign(assert, {
    ok: assert,
    AssertionError,
    fail(message) {
      fail(undefined, undefined, message || 'Failed', 'fail', 'Failed');
    },
    equal(a, b, m) {
      // The strict API: `equal` is `strictEqual`.
      if (!Object.is(a, b)) fail(a, b, m, 'strictEqual', `Expected values to be strictly equal:\n\n${show(a)} !== ${show(b)}\n`);
    },
    notEqual(a, b, m) {
      if (Object.is(a, b)) fail(a, b, m, 'notStrictEqual', `Expected "actual" to be strictly unequal to: ${show(b)}`);
    },
    strictEqual(a, b, m) {
      if (!Object.is(a, b)) fail(a, b, m, 'strictEqual', `Expected values to be strictly equal:\n\n${show(a)} !== ${show(b)}\n`);
    },
    notStrictEqual(a, b, m) {
      if (Object.is(a, b)) fail(a, b, m, 'notStrictEqual', `Expected "actual" to be strictly unequal to: ${show(b)}`);
    },
    deepEqual(a, b, m) {
      if (!deepEqual(a, b, true)) fail(a, b, m, 'deepStrictEqual', `Expected values to be strictly deep-equal:\n${show(a)}\n\nshould equal\n\n${show(b)}`);
    },
    deepStrictEqual(a, b, m) {
      if (!deepEqual(a, b, true)) fail(a, b, m, 'deepStrictEqual', `Expected values to be strictly deep-equal:\n${show(a)}\n\nshould equal\n\n${show(b)}`);
    },
    notDeepStrictEqual(a, b, m) {
      if (deepEqual(a, b, true)) fail(a, b, m, 'notDeepStrictEqual', `Expected "actual" not to be strictly deep-equal to: ${show(b)}`);
    },
    match(s, re, m) {
      if (typeof s !== 'string' || !re.test(s)) fail(s, re, m, 'match', `The input did not match the regular expression ${re}. Input: ${show(s)}`);
    },
    throws(fn, expected, message) {
      if (typeof expected === 'string') [message, expected] = [expected, undefined];
      try {
        fn();
      } catch (e) {
        if (!matches(e, expected)) throw e;
        return;
      }
      fail(undefined, expected, message, 'throws', 'Missing expected exception.');
    },
    doesNotThrow(fn, message) {
      try {
        fn();
      } catch (e) {
        fail(e, undefined, typeof message === 'string' ? message : undefined, 'doesNotThrow', `Got unwanted exception.\nActual message: "${e && e.message}"`);
      }
    },
    async rejects(promiseOrFn, expected, message) {
      if (typeof expected === 'string') [message, expected] = [expected, undefined];
      try {
        await (typeof promiseOrFn === 'function' ? promiseOrFn() : promiseOrFn);
      } catch (e) {
        if (!matches(e, expected)) throw e;
        return;
      }
      fail(undefined, expected, message, 'rejects', 'Missing expected rejection.');
    },
  });
  assert.strict = assert;
  modules.assert = assert;

  // ---- node:path (POSIX).
  function normalize(p) {
    const absolute = p.startsWith('/');
    const out = [];
    for (const part of p.split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') {
        if (out.length && out[out.length - 1] !== '..') out.pop();
        else if (!absolute) out.push('..');
      } else out.push(part);
    }
    const s = (absolute ? '/' : '') + out.join('/');
    return s || (absolute ? '/' : '.');
  }
  const path = {
    sep: '/',
    normalize,
    isAbsolute: (p) => String(p).startsWith('/'),
    join: (...parts) => normalize(parts.filter((p) => p !== '').join('/') || '.'),
    resolve: (...parts) => {
      let out = native.root;
      for (const p of parts) out = String(p).startsWith('/') ? String(p) : out + '/' + p;
      return normalize(out);
    },
    dirname(p) {
      const s = String(p).replace(/\/+$/, '');
      const i = s.lastIndexOf('/');
      return i < 0 ? '.' : i === 0 ? '/' : s.slice(0, i);
    },
    basename(p, ext) {
      const b = String(p).replace(/\/+$/, '').split('/').pop();
      return ext && b.endsWith(ext) && b !== ext ? b.slice(0, -ext.length) : b;
    },
    extname(p) {
      const b = path.basename(p);
      const i = b.lastIndexOf('.');
      return i <= 0 ? '' : b.slice(i);
    },
    relative(from, to) {
      const a = path.resolve(from).split('/').filter(Boolean);
      const b = path.resolve(to).split('/').filter(Boolean);
      let i = 0;
      while (i < a.length && i < b.length && a[i] === b[i]) i++;
      return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
    },
  };
  path.delimiter = ':';
  path.parse = (p) => {
    const s = String(p);
    const root = s.startsWith('/') ? '/' : '';
    const base = path.basename(s);
    const ext = path.extname(s);
    const dir = s.includes('/') ? path.dirname(s) : '';
    return { root, dir, base, ext, name: ext ? base.slice(0, -ext.length) : base };
  };
  path.format = (o) => {
    const base = o.base || `${o.name || ''}${o.ext ? (o.ext.startsWith('.') ? '' : '.') + o.ext : ''}`;
    const dir = o.dir || o.root || '';
    return dir ? (dir === o.root ? dir + base : `${dir}/${base}`) : base;
  };
  path.toNamespacedPath = (p) => p;
  path.posix = path;
  // Windows paths are not worked out here (steps run on this machine's paths): what a package
  // reads of `path.win32` is there, and calling it says so.
  path.win32 = new Proxy(
    { sep: '\\', delimiter: ';' },
    {
      get(target, name) {
        if (name in target || typeof name === 'symbol') return target[name];
        return () => {
          throw new Error(`path.win32.${String(name)} is not provided by ferridriver (path.posix is)`);
        };
      },
    },
  );
  modules.path = path;

  // ---- node:fs, read-only. The native side refuses paths outside the project root.
  function readFileSync(file, options) {
    let bytes;
    try {
      bytes = Buffer._wrap(native.readFile(resolved(file)));
    } catch (e) {
      // Node's words: the error, then the path as it was given.
      const m = e && /^([A-Z]+: [^:]+): open '/.exec(e.message);
      if (m) e.message = `${m[1]}, open '${String(file)}'`;
      throw e;
    }
    const encoding = typeof options === 'string' ? options : options && options.encoding;
    return encoding ? bytes.toString(encoding) : bytes;
  }
  // Writes (node_fs.rs): below the project in bdd, below script_root/artifacts_root in the
  // agent hosts. Node's error code (`ENOENT: …`) is copied to `error.code`.
  // The message names each path as it was given, as Node's does (the natives see it resolved).
  function coded(f) {
    return (...args) => {
      try {
        return f(...args);
      } catch (e) {
        const m = e && /^([A-Z_]+):/.exec(e.message);
        if (m && e.code === undefined) e.code = m[1];
        if (m) {
          for (const given of args.filter((a) => typeof a === 'string')) {
            e.message = e.message.split(`'${path.resolve(given)}'`).join(`'${given}'`);
          }
        }
        throw e;
      }
    };
  }
  // A `file:` URL names its decoded path (`%20` a space), as Node's fs reads it.
  const resolved = (p) => path.resolve(typeof URL === 'function' && p instanceof URL ? modules.url.fileURLToPath(p) : String(p));
  function dataBytes(data, options) {
    if (typeof data === 'string') {
      const encoding = typeof options === 'string' ? options : options && options.encoding;
      return encoding === 'base64' ? native.base64Decode(data) : native.utf8Encode(data);
    }
    if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    return native.utf8Encode(String(data));
  }
  const flagOf = (options, fallback) => String((options && typeof options === 'object' && options.flag) || fallback);
  const writeFileSync = coded((file, data, options) => native.nodeFsWrite(resolved(file), dataBytes(data, options), flagOf(options, 'w')));
  const appendFileSync = coded((file, data, options) => native.nodeFsWrite(resolved(file), dataBytes(data, options), flagOf(options, 'a')));
  const mkdirSync = coded((dir, options) => {
    const recursive = !!(options && options.recursive);
    // Node returns the first folder a recursive mkdir made (the native knows it).
    const first = native.nodeFsMkdir(resolved(dir), recursive);
    return first === null ? undefined : first;
  });
  class Dirent {
    constructor(name, dir, parentPath) {
      this.name = name;
      this.parentPath = parentPath;
      this.path = parentPath;
      this._dir = dir;
    }
    isDirectory() { return this._dir; }
    isFile() { return !this._dir; }
    isSymbolicLink() { return false; }
  }
  const readdirSync = coded((dir, options) => {
    const target = resolved(dir);
    const entries = JSON.parse(native.nodeFsReaddir(target));
    return options && options.withFileTypes ? entries.map(([n, d]) => new Dirent(n, d, target)) : entries.map(([n]) => n);
  });
  const statOf = (file, follow) => statsOf(JSON.parse(native.nodeFsStat(resolved(file), follow)));
  // A Stats object of node_fs.rs's `stat_json` (also `fstat`'s, js/node_fs_fd.js).
  const statsOf = (s) => {
    return {
      size: s.size,
      mtimeMs: s.mtimeMs,
      mtime: new Date(s.mtimeMs),
      birthtimeMs: s.birthtimeMs,
      birthtime: new Date(s.birthtimeMs),
      isFile: () => s.file,
      isDirectory: () => s.directory,
      isSymbolicLink: () => s.symlink,
    };
  };
  const statSync = coded((file) => statOf(file, true));
  // A link's own entry (one whose target lies outside the project is refused, as reading it would be).
  const lstatSync = coded((file) => statOf(file, false));
  const realpathSync = coded((file) => native.nodeFsRealpath(resolved(file)));
  realpathSync.native = realpathSync;
  const readlinkSync = coded((file) => native.nodeFsReadlink(resolved(file)));
  const accessSync = coded((file) => {
    if (!native.exists(resolved(file))) {
      const e = new Error(`ENOENT: no such file or directory, access '${String(file)}'`);
      e.code = 'ENOENT';
      throw e;
    }
  });
  // Read where reads may go, written where writes may go.
  const copyFileSync = coded((from, to) => native.nodeFsWrite(resolved(to), dataBytes(readFileSync(from)), 'w'));
  // Node's callback forms: the answer (or the error) comes to the last argument, later.
  const withCallback = (sync) => (...args) => {
    const callback = args.pop();
    if (typeof callback !== 'function') throw new TypeError('The "cb" argument must be of type function');
    let result;
    let error = null;
    try {
      result = sync(...args);
    } catch (e) {
      error = e;
    }
    Promise.resolve().then(() => (error ? callback(error) : callback(null, result)));
  };
  const constants = Object.freeze({ F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1, COPYFILE_EXCL: 1, O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024, S_IFMT: 61440, S_IFREG: 32768, S_IFDIR: 16384, S_IFLNK: 40960 });
  const unlinkSync = coded((file) => native.nodeFsRemove(resolved(file), false, false, true));
  const rmSync = coded((file, options) => native.nodeFsRemove(resolved(file), !!(options && options.recursive), !!(options && options.force), false));
  const renameSync = coded((from, to) => native.nodeFsRename(resolved(from), resolved(to)));
  const rmdirSync = coded((dir, options) => native.nodeFsRmdir(resolved(dir), !!(options && options.recursive)));
  const later = (f) => async (...args) => f(...args);
  modules.fs = {
    readFileSync: coded(readFileSync),
    existsSync: (file) => native.exists(resolved(file)),
    writeFileSync,
    appendFileSync,
    mkdirSync,
    readdirSync,
    statSync,
    lstatSync,
    realpathSync,
    readlinkSync,
    accessSync,
    copyFileSync,
    unlinkSync,
    rmSync,
    renameSync,
    rmdirSync,
    constants,
    readFile: withCallback(coded(readFileSync)),
    writeFile: withCallback(writeFileSync),
    appendFile: withCallback(appendFileSync),
    mkdir: withCallback(mkdirSync),
    readdir: withCallback(readdirSync),
    stat: withCallback(statSync),
    lstat: withCallback(lstatSync),
    realpath: withCallback(realpathSync),
    readlink: withCallback(readlinkSync),
    access: withCallback(accessSync),
    copyFile: withCallback(copyFileSync),
    unlink: withCallback(unlinkSync),
    rm: withCallback(rmSync),
    rename: withCallback(renameSync),
    rmdir: withCallback(rmdirSync),
    promises: {
      readFile: later(coded(readFileSync)),
      writeFile: later(writeFileSync),
      appendFile: later(appendFileSync),
      mkdir: later(mkdirSync),
      readdir: later(readdirSync),
      stat: later(statSync),
      lstat: later(lstatSync),
      realpath: later(realpathSync),
      readlink: later(readlinkSync),
      access: later(accessSync),
      copyFile: later(copyFileSync),
      unlink: later(unlinkSync),
      rm: later(rmSync),
      rename: later(renameSync),
      rmdir: later(rmdirSync),
      constants,
    },
  };
  modules.fs.realpath.native = modules.fs.realpath;
  modules.fsStats = statsOf;
  modules.fsPromises = modules.fs.promises;

  // ---- timers, microtasks, console.
  let nextTimer = 1;
  const live = new Set();
  function schedule(fn, ms, args, repeat) {
    const id = nextTimer++;
    live.add(id);
    const tick = () =>
      native.sleep(Math.max(0, Number(ms) || 0)).then(() => {
        if (!live.has(id)) return;
        if (!repeat) live.delete(id);
        fn(...args);
        if (repeat && live.has(id)) tick();
      });
    tick();
    return id;
  }
  g.setTimeout = (fn, ms, ...args) => schedule(fn, ms, args, false);
  g.setInterval = (fn, ms, ...args) => schedule(fn, ms, args, true);
  g.clearTimeout = g.clearInterval = (id) => live.delete(id);
  if (typeof g.queueMicrotask !== 'function') g.queueMicrotask = (fn) => Promise.resolve().then(fn);
  const format = (args) => args.map((a) => (typeof a === 'string' ? a : show(a))).join(' ');
  // While a step or hook runs, the cucumber prelude points the console at that step's log
  // attachments (`__ferridriver_console.capture`); otherwise (top-level code while the step
  // files load) it goes to stderr: stdout belongs to the reporters.
  let consoleSink = null;
  g.console = {};
  for (const level of ['log', 'info', 'debug', 'warn', 'error', 'trace']) {
    g.console[level] = (...args) => {
      const text = format(args);
      if (consoleSink) consoleSink(text, level);
      else native.print(text);
    };
  }
  Object.defineProperty(g, '__ferridriver_console', {
    configurable: true,
    value: Object.freeze({ capture: (sink) => { consoleSink = typeof sink === 'function' ? sink : null; } }),
  });
  g.process = {};
})(globalThis);
