// node:http and node:https as clients: `request`, `get`, ClientRequest (a Writable: headers,
// a body written in pieces, `setTimeout`, `destroy`, a `signal`) and IncomingMessage (a
// Readable of the body as it comes off the socket, with Node's status, headers and raw
// headers). The request goes through the runner's HTTP client (js-world/src/fetch.rs: the
// running handler's `allow.net` checked before any connection) as Node sends it: redirects
// not followed, no cookie jar, the body's bytes untouched (a compressed body stays
// compressed). Connection failures carry Node's codes (ECONNREFUSED, ENOTFOUND, ETIMEDOUT,
// ECONNRESET). Packages built on these (axios, follow-redirects, node-fetch…) run unchanged.
// Not provided: servers, sockets of one's own (`net`), upgrades, trailers, client certificates.
(function (g) {
  'use strict';
  const native = g.__ferridriver_native;
  const modules = g.__ferridriver_modules;
  const { Buffer } = modules.buffer;
  const { Readable, Writable } = modules.stream;
  const EventEmitter = modules.events;
  const later = (fn) => queueMicrotask(fn);
  // Request ids of their own range: `fetch` counts from 1 in the same table.
  let nextRequest = 2 ** 40;

  const codeError = (code, message, extra = {}) => Object.assign(new Error(message), { code }, extra);

  // Node's error for a connection that failed, from the runner's message.
  function connectionError(message, host, port) {
    const at = `${host}:${port}`;
    if (/Connection refused/i.test(message)) return codeError('ECONNREFUSED', `connect ECONNREFUSED ${at}`, { errno: -111, syscall: 'connect', address: host, port: Number(port) });
    if (/dns error|failed to lookup|Name or service not known|No address associated/i.test(message)) return codeError('ENOTFOUND', `getaddrinfo ENOTFOUND ${host}`, { errno: -3008, syscall: 'getaddrinfo', hostname: host });
    if (/timed out/i.test(message)) return codeError('ETIMEDOUT', `connect ETIMEDOUT ${at}`, { errno: -110, syscall: 'connect', address: host, port: Number(port) });
    if (/reset|closed before|IncompleteMessage|connection closed/i.test(message)) return codeError('ECONNRESET', 'socket hang up');
    return codeError('ERR_FERRIDRIVER_HTTP', message);
  }

  // What Node hands as `req.socket`: no socket of its own here, the calls packages make on one.
  class FakeSocket extends EventEmitter {
    constructor(secure, host, port) {
      super();
      this.encrypted = secure || undefined;
      this.authorized = secure || undefined;
      this.remoteAddress = host;
      this.remotePort = Number(port);
      this.connecting = false;
      this.destroyed = false;
    }
    setKeepAlive() {
      return this;
    }
    setNoDelay() {
      return this;
    }
    setTimeout(ms, callback) {
      if (callback) this.once('timeout', callback);
      return this;
    }
    ref() {
      return this;
    }
    unref() {
      return this;
    }
    address() {
      return {};
    }
    destroy() {
      this.destroyed = true;
      return this;
    }
  }

  // Headers by lower-case name, each with the name as it was set.
  function headerStore(initial) {
    const store = new Map();
    const entries = Array.isArray(initial)
      ? Array.from({ length: initial.length / 2 }, (_, i) => [initial[2 * i], initial[2 * i + 1]])
      : Object.entries(initial || {});
    for (const [name, value] of entries) if (value !== undefined) store.set(String(name).toLowerCase(), [String(name), value]);
    return store;
  }

  // The (url, options, callback) forms of `request` and `get`, merged into one options object.
  function requestOptions(scheme, input, options, callback) {
    if (typeof input === 'string' || input instanceof g.URL) {
      const url = typeof input === 'string' ? new g.URL(input) : input;
      if (typeof options === 'function') {
        callback = options;
        options = {};
      }
      const fromUrl = {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port,
        path: url.pathname + url.search,
        auth: url.username || url.password ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
      };
      options = { ...fromUrl, ...(options || {}) };
    } else {
      callback = options;
      options = { ...(input || {}) };
    }
    const protocol = options.protocol || `${scheme}:`;
    if (protocol !== `${scheme}:`) {
      throw Object.assign(new TypeError(`Protocol "${protocol}" not supported. Expected "${scheme}:"`), { code: 'ERR_INVALID_PROTOCOL' });
    }
    if (options.socketPath) throw codeError('ERR_FERRIDRIVER_HTTP', `${scheme}.request: socketPath is not provided by ferridriver (requests go over TCP)`);
    return { options, callback: typeof callback === 'function' ? callback : null };
  }

  class ClientRequest extends Writable {
    constructor(scheme, options, callback) {
      // Not destroyed at `finish`: the answer is still to come (destroyed once it is read).
      super({ decodeStrings: true, autoDestroy: false });
      const host = options.hostname || (options.host ? String(options.host).replace(/:\d+$/, '') : 'localhost');
      const defaultPort = scheme === 'https' ? 443 : 80;
      this._scheme = scheme;
      this._host = host;
      this._port = options.port || (options.host && /:(\d+)$/.exec(String(options.host)) ? /:(\d+)$/.exec(String(options.host))[1] : defaultPort);
      this.method = String(options.method || 'GET').toUpperCase();
      this.path = options.path || '/';
      this.host = host;
      this.protocol = `${scheme}:`;
      this.agent = options.agent;
      this.aborted = false;
      this.reusedSocket = false;
      this.maxHeadersCount = null;
      this.res = null;
      this._headers = headerStore(options.headers);
      if (options.auth && !this._headers.has('authorization')) {
        this._headers.set('authorization', ['Authorization', `Basic ${Buffer.from(String(options.auth)).toString('base64')}`]);
      }
      this._chunks = [];
      this._id = nextRequest++;
      this._timer = null;
      this.socket = this.connection = new FakeSocket(scheme === 'https', host, this._port);
      if (callback) this.once('response', callback);
      if (options.timeout !== undefined) this.setTimeout(options.timeout);
      if (options.signal) {
        const signal = options.signal;
        const abort = () => this.destroy(Object.assign(new Error('The operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR', cause: signal.reason }));
        if (signal.aborted) later(abort);
        else signal.addEventListener('abort', abort, { once: true });
      }
      later(() => {
        if (!this.destroyed) this.emit('socket', this.socket);
      });
    }
    get headersSent() {
      return this._sent === true;
    }
    get writableEnded() {
      return this._writableState.ending;
    }
    setHeader(name, value) {
      if (this._sent) throw Object.assign(new Error('Cannot set headers after they are sent to the client'), { code: 'ERR_HTTP_HEADERS_SENT' });
      modules.http.validateHeaderName(name);
      modules.http.validateHeaderValue(name, value);
      this._headers.set(String(name).toLowerCase(), [String(name), value]);
      return this;
    }
    getHeader(name) {
      const entry = this._headers.get(String(name).toLowerCase());
      return entry ? entry[1] : undefined;
    }
    getHeaders() {
      const out = Object.create(null);
      for (const [key, [, value]] of this._headers) out[key] = value;
      return out;
    }
    getHeaderNames() {
      return [...this._headers.keys()];
    }
    getRawHeaderNames() {
      return [...this._headers.values()].map(([name]) => name);
    }
    hasHeader(name) {
      return this._headers.has(String(name).toLowerCase());
    }
    removeHeader(name) {
      this._headers.delete(String(name).toLowerCase());
    }
    flushHeaders() {}
    setNoDelay() {}
    setSocketKeepAlive() {}
    // `timeout` when no answer came within `ms` (the request goes on, as Node's: the listener
    // decides, usually by destroying it).
    setTimeout(ms, callback) {
      if (callback) this.once('timeout', callback);
      if (this._timer) g.clearTimeout(this._timer);
      this._timer = ms > 0 ? g.setTimeout(() => {
        this._timer = null;
        if (!this.destroyed && !this.res) {
          this.emit('timeout');
          this.socket.emit('timeout');
        }
      }, ms) : null;
      return this;
    }
    abort() {
      if (this.aborted) return;
      this.aborted = true;
      later(() => this.emit('abort'));
      this.destroy();
    }
    _write(chunk, encoding, callback) {
      this._chunks.push(chunk);
      callback();
    }
    _final(callback) {
      this._send().catch((e) => this.destroy(e));
      callback();
    }
    _destroy(err, callback) {
      if (this._timer) g.clearTimeout(this._timer);
      if (!this.res) native.fetchAbort(this._id);
      // Destroyed before any answer without a reason of its own: Node's hang-up error.
      const reason = err || (this._sent && !this.res && !this.aborted ? codeError('ECONNRESET', 'socket hang up') : null);
      if (this.res && !this.res.complete) this.res.destroy(err || codeError('ECONNRESET', 'aborted'));
      callback(reason);
    }
    async _send() {
      this._sent = true;
      const url = `${this._scheme}://${this._host.includes(':') ? `[${this._host}]` : this._host}:${this._port}${this.path}`;
      const body = this._chunks.length ? Buffer.concat(this._chunks) : null;
      const headers = [];
      for (const [name, value] of this._headers.values()) {
        for (const v of Array.isArray(value) ? value : [value]) headers.push([name, String(v)]);
      }
      const described = { id: this._id, url, method: this.method, headers, body: body ? native.base64Encode(body) : undefined, redirect: 'manual', cookies: false };
      const reply = JSON.parse(await native.fetch(JSON.stringify(described)));
      if (this.destroyed) {
        if (reply.stream) native.fetchCancel(reply.stream);
        return;
      }
      if (reply.error) {
        const e = reply.name ? Object.assign(new Error(reply.error), { name: reply.name }) : connectionError(reply.error, this._host, this._port);
        this.destroy(e);
        return;
      }
      if (this._timer) g.clearTimeout(this._timer);
      const res = new IncomingMessage(reply, this);
      this.res = res;
      res.once('end', () => later(() => this.destroy()));
      // Nobody listens: the body is read and dropped, as Node's.
      if (!this.emit('response', res)) res.resume();
    }
  }

  class IncomingMessage extends Readable {
    constructor(reply, req) {
      super();
      this._stream = reply.stream;
      this.req = req;
      this.socket = this.connection = req ? req.socket : new FakeSocket(false, '', 0);
      this.statusCode = reply.status;
      this.statusMessage = reply.statusText || modules.http.STATUS_CODES[reply.status] || '';
      this.httpVersion = '1.1';
      this.httpVersionMajor = 1;
      this.httpVersionMinor = 1;
      this.complete = false;
      this.aborted = false;
      this.url = '';
      this.method = null;
      this.trailers = {};
      this.rawTrailers = [];
      this.rawHeaders = [];
      this.headers = {};
      this.headersDistinct = {};
      for (const [name, value] of reply.headers) {
        this.rawHeaders.push(name, value);
        const key = name.toLowerCase();
        (this.headersDistinct[key] = this.headersDistinct[key] || []).push(value);
        if (key === 'set-cookie') (this.headers[key] = this.headers[key] || []).push(value);
        else if (key in this.headers) {
          // Node keeps the first of these and joins the others (cookies with '; ').
          if (!['content-type', 'content-length', 'user-agent', 'referer', 'host', 'authorization', 'proxy-authorization', 'if-modified-since', 'if-unmodified-since', 'from', 'location', 'max-forwards', 'retry-after', 'etag', 'last-modified', 'server', 'age', 'expires'].includes(key)) {
            this.headers[key] += (key === 'cookie' ? '; ' : ', ') + value;
          }
        } else this.headers[key] = value;
      }
    }
    _read() {
      native.fetchRead(this._stream).then((tagged) => {
        if (this.destroyed) return;
        if (tagged[0] === 0) this.push(Buffer.from(tagged.subarray(1)));
        else if (tagged[0] === 1) {
          this.complete = true;
          this.push(null);
        } else {
          this.destroy(codeError('ECONNRESET', new TextDecoder().decode(tagged.subarray(1))));
        }
      });
    }
    _destroy(err, callback) {
      if (!this.complete) {
        this.aborted = true;
        native.fetchCancel(this._stream);
      }
      callback(err);
    }
    setTimeout(ms, callback) {
      if (this.req) this.req.setTimeout(ms, callback);
      return this;
    }
  }

  for (const scheme of ['http', 'https']) {
    const module = modules[scheme];
    module.request = function request(input, options, callback) {
      const merged = requestOptions(scheme, input, options, callback);
      return new ClientRequest(scheme, merged.options, merged.callback);
    };
    module.get = function get(input, options, callback) {
      const req = module.request(input, options, callback);
      req.end();
      return req;
    };
    module.ClientRequest = ClientRequest;
    module.IncomingMessage = IncomingMessage;
    module.OutgoingMessage = Writable;
  }

  // ---- node:net, node:tls, node:http2: what packages read when they load (address checks,
  // constants, classes to extend); opening a socket or a session says it is not provided.
  const refuse = (what) => () => {
    throw codeError('ERR_FERRIDRIVER_NOT_PROVIDED', `${what} is not provided by ferridriver: steps open no sockets of their own (use http/https, fetch() or Playwright's request)`);
  };
  const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
  const isIPv4 = (s) => IPV4.test(String(s));
  const isIPv6 = (s) => {
    const text = String(s).replace(/%.*$/, '');
    if (!/^[0-9a-fA-F:.]+$/.test(text) || !text.includes(':')) return false;
    try {
      return new g.URL(`http://[${text}]/`).hostname.length > 2;
    } catch {
      return false;
    }
  };
  function NotProvidedSocket() {
    refuse('net.Socket')();
  }
  Object.setPrototypeOf(NotProvidedSocket.prototype, Readable.prototype);
  modules.net = {
    isIP: (s) => (isIPv4(s) ? 4 : isIPv6(s) ? 6 : 0),
    isIPv4,
    isIPv6,
    Socket: NotProvidedSocket,
    Stream: NotProvidedSocket,
    connect: refuse('net.connect'),
    createConnection: refuse('net.createConnection'),
    createServer: refuse('net.createServer'),
    Server: refuse('net.Server'),
  };
  modules.tls = {
    connect: refuse('tls.connect'),
    createSecureContext: refuse('tls.createSecureContext'),
    createServer: refuse('tls.createServer'),
    TLSSocket: NotProvidedSocket,
    DEFAULT_MIN_VERSION: 'TLSv1.2',
    DEFAULT_MAX_VERSION: 'TLSv1.3',
    rootCertificates: [],
  };
  modules.http2 = {
    connect: refuse('http2.connect'),
    createServer: refuse('http2.createServer'),
    createSecureServer: refuse('http2.createSecureServer'),
    constants: {
      HTTP2_HEADER_STATUS: ':status',
      HTTP2_HEADER_METHOD: ':method',
      HTTP2_HEADER_AUTHORITY: ':authority',
      HTTP2_HEADER_SCHEME: ':scheme',
      HTTP2_HEADER_PATH: ':path',
      HTTP2_HEADER_CONTENT_TYPE: 'content-type',
      HTTP2_HEADER_CONTENT_LENGTH: 'content-length',
      HTTP2_METHOD_GET: 'GET',
      HTTP2_METHOD_POST: 'POST',
    },
  };
})(globalThis);
