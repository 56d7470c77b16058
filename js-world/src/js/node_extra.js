// More Node built-ins that test code and the packages it imports (dotenv and the like) use:
// node:os, node:url, node:util, node:events and node:crypto (randomness and SHA hashes). Evaluated
// after web.js (URL, TextEncoder). No host facts beyond the project leak through them: the home
// and temporary folders are the project's, the host name is `localhost`.
(function (g) {
  'use strict';
  const native = g.__ferridriver_native;
  const modules = g.__ferridriver_modules;
  const { Buffer } = modules.buffer;
  const info = JSON.parse(native.processInfo);

  // ---- node:os
  const root = String(native.root);
  modules.os = {
    EOL: '\n',
    platform: () => info.platform,
    arch: () => info.arch,
    type: () => ({ linux: 'Linux', darwin: 'Darwin', win32: 'Windows_NT' })[info.platform] || info.platform,
    release: () => '',
    homedir: () => root,
    tmpdir: () => `${root}/.ferridriver/tmp`,
    hostname: () => 'localhost',
    cpus: () => [],
    endianness: () => 'LE',
  };

  // ---- node:url
  modules.url = {
    URL: g.URL,
    URLSearchParams: g.URLSearchParams,
    fileURLToPath(u) {
      const url = typeof u === 'string' ? new g.URL(u) : u;
      if (url.protocol !== 'file:') throw new TypeError('fileURLToPath: the URL must be a file: URL');
      return decodeURIComponent(url.pathname);
    },
    pathToFileURL(p) {
      const absolute = modules.path.resolve(String(p));
      return new g.URL('file://' + absolute.split('/').map(encodeURIComponent).join('/'));
    },
  };

  // Node's words for a value of the wrong type, in its argument errors (not a module: shared by
  // the preludes that check arguments as Node does).
  modules.argumentWords = {
    received: (v) =>
      v === null || v === undefined
        ? `Received ${v}`
        : typeof v === 'object' || typeof v === 'function'
          ? `Received an instance of ${v.constructor?.name || 'Object'}`
          : `Received type ${typeof v} (${typeof v === 'string' ? `'${v}'` : String(v)})`,
  };

  // ---- node:util
  const PROMISIFY_CUSTOM = Symbol.for('nodejs.util.promisify.custom');
  // util.inspect, util.format and formatWithOptions come from js/node_inspect.js.
  modules.util = {
    // A function's own promised form first (`exec` gives `{ stdout, stderr }`), as Node's.
    promisify: Object.assign(
      (fn) => (fn && typeof fn[PROMISIFY_CUSTOM] === 'function' ? fn[PROMISIFY_CUSTOM] : (...args) => new Promise((ok, no) => fn(...args, (e, v) => (e ? no(e) : ok(v))))),
      { custom: PROMISIFY_CUSTOM }
    ),
    deprecate: (fn) => fn,
    // Node's: the prototype chain and `super_`, not the constructor's own statics.
    inherits(ctor, superCtor) {
      const check = (value, name) => {
        if (typeof value !== 'function') {
          const error = new TypeError(`The "${name}" argument must be of type function. Received ${value === null ? 'null' : typeof value}`);
          error.code = 'ERR_INVALID_ARG_TYPE';
          throw error;
        }
      };
      check(ctor, 'ctor');
      check(superCtor, 'superCtor');
      Object.defineProperty(ctor, 'super_', { value: superCtor, writable: true, configurable: true });
      Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
    },
    isDeepStrictEqual: (a, b) => {
      try {
        modules.assert.deepStrictEqual(a, b);
        return true;
      } catch (_) {
        return false;
      }
    },
    // What can be told from inside the engine (a Proxy cannot: `isProxy` answers false).
    types: {
      isPromise: (v) => v instanceof Promise,
      isRegExp: (v) => v instanceof RegExp,
      isDate: (v) => v instanceof Date,
      isMap: (v) => v instanceof Map,
      isSet: (v) => v instanceof Set,
      isWeakMap: (v) => v instanceof WeakMap,
      isWeakSet: (v) => v instanceof WeakSet,
      isNativeError: (v) => v instanceof Error,
      isArrayBuffer: (v) => v instanceof ArrayBuffer,
      isAnyArrayBuffer: (v) => v instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && v instanceof SharedArrayBuffer),
      isArrayBufferView: (v) => ArrayBuffer.isView(v),
      isTypedArray: (v) => ArrayBuffer.isView(v) && !(v instanceof DataView),
      isUint8Array: (v) => v instanceof Uint8Array,
      isDataView: (v) => v instanceof DataView,
      isAsyncFunction: (v) => typeof v === 'function' && /^Async(Generator)?Function$/.test(v[Symbol.toStringTag] || ''),
      isNumberObject: (v) => v instanceof Number,
      isStringObject: (v) => v instanceof String,
      isBooleanObject: (v) => v instanceof Boolean,
      isBigIntObject: (v) => typeof v === 'object' && v !== null && Object.prototype.toString.call(v) === '[object BigInt]',
      isSymbolObject: (v) => typeof v === 'object' && v !== null && Object.prototype.toString.call(v) === '[object Symbol]',
      isSharedArrayBuffer: (v) => typeof SharedArrayBuffer !== 'undefined' && v instanceof SharedArrayBuffer,
      isArgumentsObject: (v) => Object.prototype.toString.call(v) === '[object Arguments]',
      isMapIterator: (v) => Object.prototype.toString.call(v) === '[object Map Iterator]',
      isSetIterator: (v) => Object.prototype.toString.call(v) === '[object Set Iterator]',
      isGeneratorFunction: (v) => typeof v === 'function' && /^(Async)?GeneratorFunction$/.test(v[Symbol.toStringTag] || ''),
      isGeneratorObject: (v) => !!v && typeof v.next === 'function' && /^(Async)?Generator$/.test(v[Symbol.toStringTag] || ''),
      isBoxedPrimitive: (v) => v instanceof Number || v instanceof String || v instanceof Boolean || (typeof v === 'object' && v !== null && (v instanceof Object) && [Symbol, BigInt].some((C) => { try { return C.prototype.valueOf.call(v) !== undefined; } catch { return false; } })),
      isInt8Array: (v) => v instanceof Int8Array,
      isUint8ClampedArray: (v) => v instanceof Uint8ClampedArray,
      isInt16Array: (v) => v instanceof Int16Array,
      isUint16Array: (v) => v instanceof Uint16Array,
      isInt32Array: (v) => v instanceof Int32Array,
      isUint32Array: (v) => v instanceof Uint32Array,
      isFloat32Array: (v) => v instanceof Float32Array,
      isFloat64Array: (v) => v instanceof Float64Array,
      isBigInt64Array: (v) => v instanceof BigInt64Array,
      isBigUint64Array: (v) => v instanceof BigUint64Array,
      isProxy: () => false,
    },
    TextEncoder: g.TextEncoder,
    TextDecoder: g.TextDecoder,
  };

  // ---- node:events, as Node's: a plain function (packages written before classes call it,
  // `EventEmitter.call(this)`), enumerable methods (mixins copy them), `newListener` and
  // `removeListener` events, `errorMonitor`, once-listeners removed by identity.
  const errorMonitor = Symbol('events.errorMonitor');
  const invalidListener = (fn) => {
    const error = new TypeError(`The "listener" argument must be of type function. Received ${fn === null ? 'null' : typeof fn}`);
    error.code = 'ERR_INVALID_ARG_TYPE';
    return error;
  };
  function EventEmitter() {
    // An instance keeps the listeners it has (a second `EventEmitter.call(this)`).
    if (!this._events || this._events === Object.getPrototypeOf(this)._events) this._events = new Map();
  }
  const listOf = (emitter, name) => {
    if (!emitter._events) emitter._events = new Map();
    if (!emitter._events.has(name)) emitter._events.set(name, []);
    return emitter._events.get(name);
  };
  const has = (emitter, name) => Boolean(emitter._events && emitter._events.get(name) && emitter._events.get(name).length);
  const add = (emitter, name, fn, once, prepend) => {
    if (typeof fn !== 'function') throw invalidListener(fn);
    if (has(emitter, 'newListener')) emitter.emit('newListener', name, fn);
    const entry = { fn, once };
    if (prepend) listOf(emitter, name).unshift(entry);
    else listOf(emitter, name).push(entry);
    return emitter;
  };
  const removeEntry = (emitter, name, entry) => {
    const list = emitter._events && emitter._events.get(name);
    const i = list ? list.indexOf(entry) : -1;
    if (i < 0) return false;
    list.splice(i, 1);
    if (has(emitter, 'removeListener')) emitter.emit('removeListener', name, entry.fn);
    return true;
  };
  Object.assign(EventEmitter.prototype, {
    on(name, fn) {
      return add(this, name, fn, false, false);
    },
    addListener(name, fn) {
      return add(this, name, fn, false, false);
    },
    prependListener(name, fn) {
      return add(this, name, fn, false, true);
    },
    once(name, fn) {
      return add(this, name, fn, true, false);
    },
    prependOnceListener(name, fn) {
      return add(this, name, fn, true, true);
    },
    off(name, fn) {
      return this.removeListener(name, fn);
    },
    // The most recently added match goes, as in Node.
    removeListener(name, fn) {
      if (typeof fn !== 'function') throw invalidListener(fn);
      const list = (this._events && this._events.get(name)) || [];
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i].fn === fn) {
          removeEntry(this, name, list[i]);
          break;
        }
      }
      return this;
    },
    removeAllListeners(name) {
      if (!this._events) return this;
      const names = name === undefined ? [...this._events.keys()].filter((n) => n !== 'removeListener') : [name];
      for (const n of names) {
        const list = this._events.get(n) || [];
        for (let i = list.length - 1; i >= 0; i--) removeEntry(this, n, list[i]);
      }
      if (name === undefined) this._events = new Map();
      return this;
    },
    emit(name, ...args) {
      if (name === 'error' && has(this, errorMonitor)) {
        for (const entry of this._events.get(errorMonitor).slice()) entry.fn.apply(this, args);
      }
      if (!has(this, name)) {
        if (name !== 'error') return false;
        const cause = args[0];
        if (cause instanceof Error) throw cause;
        const error = new Error(`Unhandled error.${cause === undefined ? '' : ` (${modules.util ? modules.util.inspect(cause) : String(cause)})`}`);
        error.code = 'ERR_UNHANDLED_ERROR';
        error.context = cause;
        throw error;
      }
      // Every listener present when the event fired is called, as Node's copy of the list.
      for (const entry of this._events.get(name).slice()) {
        if (entry.once) removeEntry(this, name, entry);
        entry.fn.apply(this, args);
      }
      return true;
    },
    listeners(name) {
      return ((this._events && this._events.get(name)) || []).map((entry) => entry.fn);
    },
    // A once-listener comes wrapped, with the original as `.listener`, as Node's.
    rawListeners(name) {
      return ((this._events && this._events.get(name)) || []).map((entry) => {
        if (!entry.once) return entry.fn;
        const emitter = this;
        const wrapper = function (...args) {
          removeEntry(emitter, name, entry);
          return entry.fn.apply(emitter, args);
        };
        wrapper.listener = entry.fn;
        return wrapper;
      });
    },
    listenerCount(name, fn) {
      const list = (this._events && this._events.get(name)) || [];
      return fn === undefined ? list.length : list.filter((entry) => entry.fn === fn).length;
    },
    eventNames() {
      return [...(this._events || new Map()).entries()].filter(([, list]) => list.length).map(([n]) => n);
    },
    setMaxListeners(n) {
      this._maxListeners = n;
      return this;
    },
    getMaxListeners() {
      return this._maxListeners === undefined ? EventEmitter.defaultMaxListeners : this._maxListeners;
    },
  });
  EventEmitter.defaultMaxListeners = 10;
  EventEmitter.errorMonitor = errorMonitor;
  EventEmitter.captureRejections = false;
  EventEmitter.listenerCount = (emitter, name) => emitter.listenerCount(name);
  EventEmitter.getEventListeners = (emitter, name) => emitter.listeners(name);
  EventEmitter.setMaxListeners = (n = EventEmitter.defaultMaxListeners, ...targets) => {
    if (targets.length === 0) EventEmitter.defaultMaxListeners = n;
    for (const target of targets) if (typeof target.setMaxListeners === 'function') target.setMaxListeners(n);
  };
  EventEmitter.EventEmitter = EventEmitter;
  // Resolves with the event's arguments; an 'error' first rejects, as Node's.
  EventEmitter.once = (emitter, name) =>
    new Promise((resolve, reject) => {
      const onError = (error) => {
        emitter.removeListener(name, onEvent);
        reject(error);
      };
      const onEvent = (...args) => {
        if (name !== 'error') emitter.removeListener('error', onError);
        resolve(args);
      };
      emitter.once(name, onEvent);
      if (name !== 'error') emitter.once('error', onError);
    });
  modules.events = EventEmitter;

  // ---- node:crypto: randomness and SHA digests (md5 and ciphers are not provided).
  function randomBytes(n) {
    return Buffer._wrap(native.randomBytes(Number(n) | 0));
  }
  function randomUUID() {
    const b = randomBytes(16);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = b.toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  function createHash(algorithm) {
    const parts = [];
    return {
      update(data, encoding) {
        parts.push(typeof data === 'string' ? Buffer.from(data, encoding || 'utf8') : Buffer.from(data));
        return this;
      },
      digest(encoding) {
        const out = Buffer._wrap(native.digest(String(algorithm), Buffer.concat(parts)));
        return encoding ? out.toString(encoding) : out;
      },
    };
  }
  // HMAC (RFC 2104) over the SHA digests createHash has.
  function createHmac(algorithm, key) {
    const name = String(algorithm).toLowerCase().replace('-', '');
    const block = name === 'sha384' || name === 'sha512' ? 128 : 64;
    let k = typeof key === 'string' ? Buffer.from(key, 'utf8') : Buffer.from(key);
    if (k.length > block) k = createHash(algorithm).update(k).digest();
    const pad = (byte) => Buffer.from(Array.from({ length: block }, (_, i) => (k[i] || 0) ^ byte));
    const inner = createHash(algorithm).update(pad(0x36));
    return {
      update(data, encoding) {
        inner.update(data, encoding);
        return this;
      },
      digest(encoding) {
        return createHash(algorithm).update(pad(0x5c)).update(inner.digest()).digest(encoding);
      },
    };
  }
  const unsupported = (name) => () => {
    throw new Error(`crypto.${name} is not supported by ferridriver (randomBytes, randomUUID, randomInt, createHash, createHmac are)`);
  };
  modules.crypto = {
    randomBytes,
    randomUUID,
    randomInt(min, max) {
      if (max === undefined) [min, max] = [0, min];
      const span = max - min;
      const r = randomBytes(6).reduce((acc, byte) => acc * 256 + byte, 0);
      return min + (r % span);
    },
    createHash,
    getRandomValues(array) {
      const bytes = randomBytes(array.byteLength);
      new Uint8Array(array.buffer, array.byteOffset, array.byteLength).set(bytes);
      return array;
    },
    createHmac,
    createCipheriv: unsupported('createCipheriv'),
    createDecipheriv: unsupported('createDecipheriv'),
  };

  // ---- process is an EventEmitter, as Node's: listeners are kept (`unhandledRejection`,
  // `exit`, …); ferridriver's own process emits none of its events into the VM.
  const processEvents = new EventEmitter();
  for (const name of ['on', 'once', 'off', 'addListener', 'removeListener', 'removeAllListeners', 'prependListener', 'emit', 'listeners', 'listenerCount', 'eventNames', 'setMaxListeners', 'getMaxListeners']) {
    g.process[name] = (...args) => {
      const out = processEvents[name](...args);
      return out === processEvents ? g.process : out;
    };
  }
  modules.process = g.process;
  // Node's name of the global object.
  if (g.global === undefined) g.global = g;

  // ---- node:timers and node:timers/promises
  modules.timers = {
    setTimeout: g.setTimeout,
    clearTimeout: g.clearTimeout,
    setInterval: g.setInterval,
    clearInterval: g.clearInterval,
    setImmediate: (fn, ...args) => g.setTimeout(fn, 0, ...args),
    clearImmediate: (id) => g.clearTimeout(id),
  };
  const sleepFor = (ms, value) => new Promise((resolve) => g.setTimeout(() => resolve(value), ms));
  modules.timersPromises = {
    setTimeout: sleepFor,
    setImmediate: (value) => sleepFor(0, value),
    async *setInterval(ms, value) {
      for (;;) yield await sleepFor(ms, value);
    },
  };

  // ---- node:string_decoder: bytes to text across chunk boundaries (utf8, base64, hex, latin1).
  class StringDecoder {
    constructor(encoding) {
      this.encoding = String(encoding || 'utf8').toLowerCase().replace('-', '');
      this._pending = Buffer.alloc(0);
    }
    write(chunk) {
      const bytes = Buffer.concat([this._pending, typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk)]);
      if (this.encoding === 'base64') {
        // Whole groups of three bytes now, the rest with the next chunk.
        const whole = bytes.length - (bytes.length % 3);
        this._pending = bytes.slice(whole);
        return bytes.slice(0, whole).toString('base64');
      }
      if (this.encoding !== 'utf8') {
        this._pending = Buffer.alloc(0);
        return bytes.toString(this.encoding);
      }
      // Keep an incomplete character at the end for the next chunk.
      let keep = 0;
      for (let i = bytes.length - 1; i >= 0 && i >= bytes.length - 4; i--) {
        const b = bytes[i];
        if ((b & 0xc0) === 0x80) continue;
        const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
        if (bytes.length - i < need) keep = bytes.length - i;
        break;
      }
      this._pending = bytes.slice(bytes.length - keep);
      return bytes.slice(0, bytes.length - keep).toString('utf8');
    }
    end(chunk) {
      const text = chunk === undefined ? '' : this.write(chunk);
      const rest = this._pending.length ? this._pending.toString(this.encoding) : '';
      this._pending = Buffer.alloc(0);
      return text + rest;
    }
  }
  modules.stringDecoder = { StringDecoder };

  // ---- node:tty: nothing here is a terminal.
  modules.tty = {
    isatty: () => false,
    ReadStream: class ReadStream {
      constructor() {
        throw new Error('tty.ReadStream is not provided by ferridriver: steps have no terminal');
      }
    },
    WriteStream: class WriteStream {
      constructor() {
        throw new Error('tty.WriteStream is not provided by ferridriver: steps have no terminal');
      }
    },
  };

  // ---- node:domain (deprecated in Node): what packages touch when they load or when a domain
  // is active, which none is here: `create()` gives one whose `run` just runs.
  class Domain extends EventEmitter {
    constructor() {
      super();
      this.members = [];
    }
    run(fn, ...args) {
      return fn(...args);
    }
    add(member) {
      this.members.push(member);
    }
    remove(member) {
      this.members = this.members.filter((m) => m !== member);
    }
    bind(fn) {
      return fn;
    }
    intercept(fn) {
      return (err, ...args) => (err ? this.emit('error', err) : fn(...args));
    }
    enter() {}
    exit() {}
    dispose() {}
  }
  modules.domain = { Domain, active: null, create: () => new Domain(), createDomain: () => new Domain() };

  // ---- node:constants: the file-system constants (what graceful-fs and its kin read).
  modules.constants = { ...modules.fs.constants };

  // ---- node:stream: the legacy `Stream` base class (an EventEmitter with `pipe`), which
  // packages extend at load time; the stream classes on it: js/node_streams.js.
  // A plain function too: stream packages call it (`Stream.call(this, options)`).
  function Stream(options) {
    EventEmitter.call(this, options);
  }
  Object.setPrototypeOf(Stream.prototype, EventEmitter.prototype);
  Object.setPrototypeOf(Stream, EventEmitter);
  Stream.prototype.pipe = function (destination) {
    this.on('data', (chunk) => destination.write(chunk));
    this.on('end', () => {
      if (typeof destination.end === 'function') destination.end();
    });
    return destination;
  };
  Stream.Stream = Stream;
  modules.stream = Stream;
})(globalThis);
