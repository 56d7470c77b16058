// node:zlib on whole buffers (deflate, inflate, their raw forms, gzip, gunzip, unzip: sync and
// callback forms, done in Rust by node_zlib.rs; the stream forms over the whole input), and
// what node:http / node:https have besides the client (js/node_http_client.js): status codes,
// methods, an Agent, header checks. What is not provided — brotli, servers — says so when
// called, naming what to use instead.
// Evaluated after node_extra.js (events, Buffer) and the stream classes.
(function (g) {
  'use strict';
  const native = g.__ferridriver_native;
  const modules = g.__ferridriver_modules;
  const { Buffer } = modules.buffer;
  const EventEmitter = modules.events;

  // ---- node:zlib
  const constants = {
    Z_NO_FLUSH: 0, Z_PARTIAL_FLUSH: 1, Z_SYNC_FLUSH: 2, Z_FULL_FLUSH: 3, Z_FINISH: 4, Z_BLOCK: 5,
    Z_OK: 0, Z_STREAM_END: 1, Z_NEED_DICT: 2, Z_ERRNO: -1, Z_STREAM_ERROR: -2, Z_DATA_ERROR: -3,
    Z_MEM_ERROR: -4, Z_BUF_ERROR: -5, Z_VERSION_ERROR: -6,
    Z_NO_COMPRESSION: 0, Z_BEST_SPEED: 1, Z_BEST_COMPRESSION: 9, Z_DEFAULT_COMPRESSION: -1,
    Z_FILTERED: 1, Z_HUFFMAN_ONLY: 2, Z_RLE: 3, Z_FIXED: 4, Z_DEFAULT_STRATEGY: 0,
    DEFLATE: 1, INFLATE: 2, GZIP: 3, GUNZIP: 4, DEFLATERAW: 5, INFLATERAW: 6, UNZIP: 7,
    BROTLI_DECODE: 8, BROTLI_ENCODE: 9,
    Z_MIN_WINDOWBITS: 8, Z_MAX_WINDOWBITS: 15, Z_DEFAULT_WINDOWBITS: 15,
    Z_MIN_CHUNK: 64, Z_MAX_CHUNK: Infinity, Z_DEFAULT_CHUNK: 16384,
    Z_MIN_MEMLEVEL: 1, Z_MAX_MEMLEVEL: 9, Z_DEFAULT_MEMLEVEL: 8,
    Z_MIN_LEVEL: -1, Z_MAX_LEVEL: 9, Z_DEFAULT_LEVEL: -1,
  };
  const errnos = { Z_NEED_DICT: 2, Z_STREAM_ERROR: -2, Z_DATA_ERROR: -3, Z_BUF_ERROR: -5 };

  const describe = (value) => {
    if (value === null || value === undefined) return String(value);
    if (typeof value === 'function') return `function ${value.name}`;
    if (typeof value === 'object') return `an instance of ${(value.constructor && value.constructor.name) || 'Object'}`;
    const shown = typeof value === 'string' ? `'${value}'` : String(value);
    return `type ${typeof value} (${shown})`;
  };

  // Node's input types, as bytes. The callback forms write to a stream, whose message names
  // a "chunk" (and no ArrayBuffer).
  const bytesOf = (input, streamed) => {
    if (typeof input === 'string') return Buffer.from(input, 'utf8');
    if (input instanceof Uint8Array) return input;
    if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    if (input instanceof ArrayBuffer) return new Uint8Array(input);
    const error = new TypeError(
      streamed
        ? `The "chunk" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received ${describe(input)}`
        : `The "buffer" argument must be of type string or an instance of Buffer, TypedArray, DataView, or ArrayBuffer. Received ${describe(input)}`,
    );
    error.code = 'ERR_INVALID_ARG_TYPE';
    throw error;
  };

  // A numeric option as Node checks it: a number (NaN means the default), within range.
  const numberOption = (options, key, min, max, fallback) => {
    const value = options ? options[key] : undefined;
    if (value === undefined || Number.isNaN(value)) return fallback;
    if (typeof value !== 'number') {
      const shown = typeof value === 'string' ? `type string ('${value}')` : describe(value);
      const error = new TypeError(`The "options.${key}" property must be of type number. Received ${shown}`);
      error.code = 'ERR_INVALID_ARG_TYPE';
      throw error;
    }
    if (value < min || value > max) {
      const error = new RangeError(`The value of "options.${key}" is out of range. It must be >= ${min} and <= ${max}. Received ${String(value)}`);
      error.code = 'ERR_OUT_OF_RANGE';
      throw error;
    }
    return Math.trunc(value);
  };
  // What the call does, checked before anything runs (a callback form throws these too).
  const settingsOf = (options) => {
    for (const key of ['dictionary', 'info']) {
      if (options && options[key] !== undefined && options[key] !== false) {
        throw new Error(`zlib's "${key}" option is not provided by ferridriver (level, maxOutputLength and, for a stream given nothing, finishFlush are read; windowBits, memLevel, strategy, flush and chunkSize are accepted and ignored)`);
      }
    }
    return {
      level: numberOption(options, 'level', -1, 9, -1),
      // 0 lets Rust apply its own cap (node_zlib.rs).
      limit: numberOption(options, 'maxOutputLength', 1, 2 ** 32, 0),
    };
  };

  const runSync = (operation) => (input, options) => {
    const bytes = bytesOf(input);
    const { level, limit } = settingsOf(options);
    return compress(operation, bytes, level, limit);
  };
  const compress = (operation, bytes, level, limit) => {
    try {
      return Buffer.from(native.zlibRun(operation, bytes, level, limit));
    } catch (e) {
      const [code, message] = String(e && e.message).split(/: (.*)/s);
      const error = code === 'ERR_BUFFER_TOO_LARGE' ? new RangeError(message) : new Error(message || String(e));
      if (errnos[code] !== undefined) error.errno = errnos[code];
      if (errnos[code] !== undefined || code === 'ERR_BUFFER_TOO_LARGE') error.code = code;
      throw error;
    }
  };

  // The callback form answers on a later turn, as Node's thread pool does; bad arguments
  // throw at once, as in Node.
  const runLater = (operation) => (input, options, callback) => {
    if (typeof options === 'function') [options, callback] = [{}, options];
    if (typeof callback !== 'function') {
      const error = new TypeError(`The "callback" argument must be of type function. Received ${describe(callback)}`);
      error.code = 'ERR_INVALID_ARG_TYPE';
      throw error;
    }
    const { level, limit } = settingsOf(options);
    const bytes = bytesOf(input, true);
    let result;
    let failure = null;
    try {
      result = compress(operation, bytes, level, limit);
    } catch (e) {
      failure = e;
    }
    g.setTimeout(() => (failure ? callback(failure) : callback(null, result)), 0);
  };

  // The stream forms (`createGunzip()`, `new zlib.Inflate()`: what HTTP clients pipe a
  // compressed body through) as Transforms over the whole input: the output comes at the end,
  // in one piece. Constructors callable as Node's (`util.inherits(X, zlib.Inflate)` subclasses).
  const { Transform } = modules.stream;
  // Node's native zlib handle as packages drive it themselves (`_handle.writeSync(flush, in,
  // inOff, inLen, out, outOff, outLen)` → [input left, output room left]): the input is
  // processed whole at the first write, then handed out one output buffer at a time.
  const handleFor = (operation, settings) => {
    let output = null;
    let at = 0;
    return {
      writeSync(flush, input, inOff, inLen, out, outOff, outLen) {
        if (output === null) output = runSync(operation)(input.subarray(inOff, inOff + inLen), settings);
        const n = Math.min(outLen, output.length - at);
        output.copy(out, outOff, at, at + n);
        at += n;
        return [0, outLen - n];
      },
      close() {},
    };
  };
  const streamClass = (name, operation) => {
    const C = {
      [name]: function (options) {
        if (!(this instanceof C)) return new C(options);
        const settings = options || {};
        settingsOf(settings);
        Transform.call(this, { highWaterMark: settings.chunkSize });
        this._zlibInput = [];
        this._zlibOptions = settings;
        this.bytesWritten = 0;
        // Node's internals, as far as packages that drive the handle themselves read them
        // (pngjs's synchronous inflate).
        this._chunkSize = settings.chunkSize || constants.Z_DEFAULT_CHUNK;
        this._outBuffer = Buffer.alloc(this._chunkSize);
        this._outOffset = 0;
        this._finishFlushFlag = settings.finishFlush === undefined ? constants.Z_FINISH : settings.finishFlush;
        this._maxOutputLength = settings.maxOutputLength;
        this._hadError = false;
        this._handle = handleFor(operation, settings);
      },
    }[name];
    Object.setPrototypeOf(C.prototype, Transform.prototype);
    Object.setPrototypeOf(C, Transform);
    C.prototype._transform = function (chunk, encoding, callback) {
      this._zlibInput.push(chunk);
      this.bytesWritten += chunk.length;
      callback();
    };
    C.prototype._flush = function (callback) {
      const input = Buffer.concat(this._zlibInput);
      // Nothing came, and the caller finishes with a sync flush (as HTTP clients do for a
      // body that may be empty): nothing to give, no "unexpected end of file".
      const finishFlush = this._zlibOptions.finishFlush;
      if (input.length === 0 && finishFlush !== undefined && finishFlush !== constants.Z_FINISH) {
        callback();
        return;
      }
      let result;
      try {
        result = runSync(operation)(input, this._zlibOptions);
      } catch (e) {
        callback(e);
        return;
      }
      this._zlibInput = [];
      callback(null, result);
    };
    C.prototype.close = function (callback) {
      if (callback) this.once('close', callback);
      this.destroy();
    };
    C.prototype.flush = function (kind, callback) {
      if (typeof kind === 'function') callback = kind;
      if (typeof callback === 'function') queueMicrotask(callback);
    };
    C.prototype.params = function (level, strategy, callback) {
      this._zlibOptions = { ...this._zlibOptions, level };
      if (typeof callback === 'function') queueMicrotask(callback);
    };
    return C;
  };
  const zlib = { constants: Object.freeze({ ...constants }) };
  for (const [name, operation] of [
    ['deflate', 'deflate'], ['inflate', 'inflate'], ['deflateRaw', 'deflateRaw'], ['inflateRaw', 'inflateRaw'],
    ['gzip', 'gzip'], ['gunzip', 'gunzip'], ['unzip', 'unzip'],
  ]) {
    zlib[`${name}Sync`] = runSync(operation);
    zlib[name] = runLater(operation);
  }
  // No Brotli streams: packages that test for `createBrotliDecompress` then ask for no Brotli.
  for (const [name, operation] of [
    ['Deflate', 'deflate'], ['Inflate', 'inflate'], ['DeflateRaw', 'deflateRaw'], ['InflateRaw', 'inflateRaw'],
    ['Gzip', 'gzip'], ['Gunzip', 'gunzip'], ['Unzip', 'unzip'],
  ]) {
    const C = streamClass(name, operation);
    zlib[name] = C;
    zlib[`create${name}`] = (options) => new C(options);
  }
  for (const name of ['brotliCompress', 'brotliDecompress', 'brotliCompressSync', 'brotliDecompressSync']) {
    zlib[name] = () => {
      throw new Error(`zlib.${name} is not provided by ferridriver (deflate and gzip are)`);
    };
  }
  // The legacy names on the module itself (`zlib.Z_FINISH`), which older packages read.
  for (const [key, value] of Object.entries(constants)) if (key.startsWith('Z_')) zlib[key] = value;
  modules.zlib = zlib;

  // ---- node:http, node:https: enough to load the packages that import them.
  const STATUS_CODES = {
    100: 'Continue', 101: 'Switching Protocols', 102: 'Processing', 103: 'Early Hints',
    200: 'OK', 201: 'Created', 202: 'Accepted', 203: 'Non-Authoritative Information', 204: 'No Content',
    205: 'Reset Content', 206: 'Partial Content', 207: 'Multi-Status', 208: 'Already Reported', 226: 'IM Used',
    300: 'Multiple Choices', 301: 'Moved Permanently', 302: 'Found', 303: 'See Other', 304: 'Not Modified',
    305: 'Use Proxy', 307: 'Temporary Redirect', 308: 'Permanent Redirect',
    400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found',
    405: 'Method Not Allowed', 406: 'Not Acceptable', 407: 'Proxy Authentication Required', 408: 'Request Timeout',
    409: 'Conflict', 410: 'Gone', 411: 'Length Required', 412: 'Precondition Failed', 413: 'Payload Too Large',
    414: 'URI Too Long', 415: 'Unsupported Media Type', 416: 'Range Not Satisfiable', 417: 'Expectation Failed',
    418: "I'm a Teapot", 421: 'Misdirected Request', 422: 'Unprocessable Entity', 423: 'Locked',
    424: 'Failed Dependency', 425: 'Too Early', 426: 'Upgrade Required', 428: 'Precondition Required',
    429: 'Too Many Requests', 431: 'Request Header Fields Too Large', 451: 'Unavailable For Legal Reasons',
    500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable',
    504: 'Gateway Timeout', 505: 'HTTP Version Not Supported', 506: 'Variant Also Negotiates',
    507: 'Insufficient Storage', 508: 'Loop Detected', 509: 'Bandwidth Limit Exceeded', 510: 'Not Extended',
    511: 'Network Authentication Required',
  };
  const METHODS = [
    'ACL', 'BIND', 'CHECKOUT', 'CONNECT', 'COPY', 'DELETE', 'GET', 'HEAD', 'LINK', 'LOCK', 'M-SEARCH', 'MERGE',
    'MKACTIVITY', 'MKCALENDAR', 'MKCOL', 'MOVE', 'NOTIFY', 'OPTIONS', 'PATCH', 'POST', 'PROPFIND', 'PROPPATCH',
    'PURGE', 'PUT', 'QUERY', 'REBIND', 'REPORT', 'SEARCH', 'SOURCE', 'SUBSCRIBE', 'TRACE', 'UNBIND', 'UNLINK',
    'UNLOCK', 'UNSUBSCRIBE',
  ];
  const httpModule = (name) => {
    // An Agent holds options only: the runner's HTTP client keeps the connections. A plain function, as Node's,
    // which agent packages call (`http.Agent.call(this, options)`).
    function Agent(options = {}) {
      if (!(this instanceof Agent)) return new Agent(options);
      EventEmitter.call(this);
      this.options = { path: null, ...options };
      this.keepAlive = Boolean(options.keepAlive);
      this.maxSockets = options.maxSockets || Infinity;
      this.maxFreeSockets = options.maxFreeSockets || 256;
      this.sockets = {};
      this.freeSockets = {};
      this.requests = {};
      this.defaultPort = name === 'https' ? 443 : 80;
      this.protocol = `${name}:`;
    }
    Object.setPrototypeOf(Agent.prototype, EventEmitter.prototype);
    Object.setPrototypeOf(Agent, EventEmitter);
    Agent.prototype.destroy = function () {};
    const refused = (what, message) => {
      const C = function () {
        throw new Error(message);
      };
      Object.defineProperty(C, 'name', { value: what });
      return C;
    };
    return {
      STATUS_CODES,
      METHODS,
      Agent,
      globalAgent: new Agent({ keepAlive: true }),
      maxHeaderSize: 16384,
      createServer() {
        throw new Error(`${name}.createServer is not provided by ferridriver: steps do not serve; start the server before the run`);
      },
      Server: refused('Server', `${name}.Server is not provided by ferridriver: steps do not serve`),
      ServerResponse: refused('ServerResponse', `${name}.ServerResponse is not provided by ferridriver: steps do not serve`),
      validateHeaderName(header) {
        if (typeof header !== 'string' || !/^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/.test(header)) {
          const error = new TypeError(`Header name must be a valid HTTP token ["${header}"]`);
          error.code = 'ERR_INVALID_HTTP_TOKEN';
          throw error;
        }
      },
      validateHeaderValue(header, value) {
        if (value === undefined) {
          const error = new TypeError(`Invalid value "${value}" for header "${header}"`);
          error.code = 'ERR_HTTP_INVALID_HEADER_VALUE';
          throw error;
        }
      },
    };
  };
  modules.http = httpModule('http');
  modules.https = httpModule('https');
})(globalThis);
