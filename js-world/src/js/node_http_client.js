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
  // What user code must not reach: a request's native id (aborting it) and a response's body
  // stream id (reading it), kept here rather than on the objects. Ids are counters, so an id
  // on an object could be changed to another request's.
  const hidden = new WeakMap();
  // Built-ins on the path of request ids and bodies, taken as they are now: user code may
  // replace the global ones later (one VM is one trust domain for data, but ids stay ours).
  const { apply } = Reflect;
  const mapGet = WeakMap.prototype.get;
  const mapSet = WeakMap.prototype.set;
  const own = {
    get: (key) => apply(mapGet, hidden, [key]),
    set: (key, value) => apply(mapSet, hidden, [key, value]),
  };
  const parseJson = JSON.parse;
  const stringify = JSON.stringify;

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
  // Its idle time-out and `destroy` are its request's.
  class FakeSocket extends EventEmitter {
    constructor(secure, host, port, owner) {
      super();
      this.encrypted = secure || undefined;
      this.authorized = secure || undefined;
      this.remoteAddress = host;
      this.remotePort = Number(port);
      // Connected as far as anyone asking can tell (the runner holds the connection).
      this.connecting = false;
      this.writable = true;
      this.destroyed = false;
      own.set(this, owner);
    }
    setKeepAlive() {
      return this;
    }
    setNoDelay() {
      return this;
    }
    setTimeout(ms, callback) {
      if (callback) this.once('timeout', callback);
      const owner = own.get(this);
      if (owner) idleTimer(owner, ms);
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
    destroy(err) {
      this.destroyed = true;
      const owner = own.get(this);
      if (owner) owner.destroy(err);
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

  // The socket's idle time-out (Node's `setTimeout` of a request, its socket or its response):
  // `timeout` once nothing came for `ms`, again after the next quiet `ms`; the listener decides.
  // One timer at a time: activity only moves the time it is due; when it comes early it waits
  // the rest. It fires once per quiet spell (activity arms it again), as a socket's does.
  function idleTimer(req, ms) {
    const state = own.get(req);
    state.idleMs = ms > 0 ? ms : 0;
    if (state.timer) g.clearTimeout(state.timer);
    state.timer = null;
    touch(req);
  }
  function touch(req) {
    const state = own.get(req);
    state.lastActive = Date.now();
    if (!state.idleMs || state.timer || req.destroyed) return;
    const wait = (ms) => {
      state.timer = g.setTimeout(() => {
        state.timer = null;
        if (req.destroyed || !state.idleMs) return;
        const quiet = Date.now() - state.lastActive;
        if (quiet < state.idleMs) {
          wait(state.idleMs - quiet);
          return;
        }
        req.emit('timeout');
        req.socket.emit('timeout');
      }, ms);
    };
    wait(state.idleMs);
  }


  class ClientRequest extends Writable {
    constructor(scheme, options, callback) {
      // Not destroyed at `finish`: the answer is still to come (destroyed once it is read).
      super({ decodeStrings: true, autoDestroy: false });
      // As Node's: `hostname`, else `host` as it is (never split into a port).
      const host = String(options.hostname || options.host || 'localhost').replace(/^\[|\]$/g, '');
      const path = String(options.path || '/');
      if (/[\u0000-\u0020]/.test(path)) {
        throw Object.assign(new TypeError('Request path contains unescaped characters'), { code: 'ERR_UNESCAPED_CHARACTERS' });
      }
      const port = options.port || options.defaultPort || (scheme === 'https' ? 443 : 80);
      own.set(this, { id: nextRequest++, scheme, host, port, chunks: [], pending: false, timer: null, idleMs: 0, signal: null });
      this.method = String(options.method || 'GET').toUpperCase();
      this.path = path;
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
      this.socket = this.connection = new FakeSocket(scheme === 'https', host, port, this);
      if (callback) this.once('response', callback);
      if (options.timeout !== undefined) this.setTimeout(options.timeout);
      if (options.signal) {
        const signal = options.signal;
        const abort = () => this.destroy(Object.assign(new Error('The operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR', cause: signal.reason }));
        if (signal.aborted) later(abort);
        else {
          signal.addEventListener('abort', abort, { once: true });
          own.get(this).signal = () => signal.removeEventListener('abort', abort);
        }
      }
      later(() => {
        if (!this.destroyed) this.emit('socket', this.socket);
      });
    }
    get headersSent() {
      return this._sent === true;
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
    setTimeout(ms, callback) {
      if (callback) this.once('timeout', callback);
      idleTimer(this, ms);
      return this;
    }
    abort() {
      if (this.aborted) return;
      this.aborted = true;
      later(() => this.emit('abort'));
      this.destroy();
    }
    _write(chunk, encoding, callback) {
      own.get(this).chunks.push(chunk);
      callback();
    }
    _final(callback) {
      send(this).catch((e) => this.destroy(e));
      callback();
    }
    _destroy(err, callback) {
      const state = own.get(this);
      if (state.timer) g.clearTimeout(state.timer);
      state.timer = null;
      if (state.signal) state.signal();
      // Only a request still in flight is cancelled (an abort of any other id would linger).
      if (state.pending) native.fetchAbort(state.id);
      // Destroyed before any answer without a reason of its own: Node's hang-up error.
      const reason = err || (this._sent && !this.res && !this.aborted ? codeError('ECONNRESET', 'socket hang up') : null);
      if (this.res && !this.res.destroyed) this.res.destroy(err || (this.res.complete ? undefined : codeError('ECONNRESET', 'aborted')));
      callback(reason);
    }
  }

  // Sends the request as it stands (headers and the body written so far) and hands the answer
  // to `response`.
  async function send(req) {
    const state = own.get(req);
    req._sent = true;
    const url = `${state.scheme}://${state.host.includes(':') ? `[${state.host}]` : state.host}:${state.port}${req.path.startsWith('/') ? '' : '/'}${req.path}`;
    const body = state.chunks.length ? Buffer.concat(state.chunks) : null;
    state.chunks = [];
    const headers = [];
    for (const [name, value] of req._headers.values()) {
      for (const v of Array.isArray(value) ? value : [value]) headers.push([name, String(v)]);
    }
    const described = { id: state.id, url, method: req.method, headers, body: body ? native.base64Encode(body) : undefined, redirect: 'manual', cookies: false };
    state.pending = true;
    let reply;
    try {
      reply = parseJson(await native.fetch(stringify(described)));
    } finally {
      state.pending = false;
    }
    if (req.destroyed) {
      if (reply.stream) native.fetchCancel(reply.stream);
      return;
    }
    if (reply.error) {
      const e = reply.name ? Object.assign(new Error(reply.error), { name: reply.name }) : connectionError(reply.error, state.host, state.port);
      req.destroy(e);
      return;
    }
    const res = new IncomingMessage(req.socket);
    own.set(res, { stream: reply.stream, req });
    answered(res, reply, req);
    req.res = res;
    touch(req);
    // The request ends with its answer, read to the end or stopped.
    res.once('close', () => later(() => req.destroy()));
    // Nobody listens: the body is read and dropped, as Node's.
    if (!req.emit('response', res)) res.resume();
  }

  // Status and headers of an answer, as Node's IncomingMessage has them.
  function answered(res, reply, req) {
    res.req = req;
    res.statusCode = reply.status;
    res.statusMessage = reply.statusText || modules.http.STATUS_CODES[reply.status] || '';
    for (const [name, value] of reply.headers) {
      res.rawHeaders.push(name, value);
      const key = name.toLowerCase();
      (res.headersDistinct[key] = res.headersDistinct[key] || []).push(value);
      if (key === 'set-cookie') (res.headers[key] = res.headers[key] || []).push(value);
      else if (key in res.headers) {
        // Node keeps the first of these and joins the others (cookies with '; ').
        if (!SINGLE_HEADERS.has(key)) res.headers[key] += (key === 'cookie' ? '; ' : ', ') + value;
      } else res.headers[key] = value;
    }
  }
  const SINGLE_HEADERS = new Set(['content-type', 'content-length', 'user-agent', 'referer', 'host', 'authorization', 'proxy-authorization', 'if-modified-since', 'if-unmodified-since', 'from', 'location', 'max-forwards', 'retry-after', 'etag', 'last-modified', 'server', 'age', 'expires']);

  // An answer: made by a request here (its body then comes off the connection), or by user code
  // as Node's `new IncomingMessage(socket)` (an empty readable).
  class IncomingMessage extends Readable {
    constructor(socket) {
      super();
      this.socket = this.connection = socket || null;
      this.req = null;
      this.statusCode = null;
      this.statusMessage = null;
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
    }
    _read() {
      const mine = own.get(this);
      if (!mine) return;
      native.fetchRead(mine.stream).then((tagged) => {
        if (this.destroyed) return;
        touch(mine.req);
        if (tagged[0] === 0) this.push(Buffer.from(tagged.subarray(1)));
        else if (tagged[0] === 1) {
          this.complete = true;
          this.push(null);
        } else {
          this.destroy(codeError('ECONNRESET', new TextDecoder().decode(tagged.subarray(1))));
        }
      });
    }
    // Stopped before its end: `aborted`, the connection dropped, and the error only to those
    // listening for one (as Node's).
    _destroy(err, callback) {
      const mine = own.get(this);
      if (mine && !this.complete) {
        this.aborted = true;
        native.fetchCancel(mine.stream);
        this.emit('aborted');
      }
      callback(err && this.listenerCount('error') ? err : null);
    }
    setTimeout(ms, callback) {
      const mine = own.get(this);
      if (mine) mine.req.setTimeout(ms, callback);
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
  // node:dns: the runner resolves host names itself when it connects. A literal address (and
  // localhost) is answered as it is, another name says the lookup is not provided.
  const RESOLVES = ['resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCname', 'resolveMx', 'resolveNs', 'resolvePtr', 'resolveSoa', 'resolveSrv', 'resolveTxt', 'reverse'];
  const notResolved = (what) => codeError('ERR_FERRIDRIVER_NOT_PROVIDED', `dns.${what} is not provided by ferridriver: requests resolve host names in the runner`);
  function literal(hostname, options) {
    const family = typeof options === 'number' ? options : (options && options.family) || 0;
    const name = String(hostname);
    if (name === 'localhost') return family === 6 ? ['::1', 6] : ['127.0.0.1', 4];
    const kind = modules.net.isIP(name);
    return kind && (!family || family === kind) ? [name, kind] : null;
  }
  function lookupNow(hostname, options) {
    const found = literal(hostname, options);
    if (!found) throw notResolved('lookup');
    return options && options.all ? [{ address: found[0], family: found[1] }] : { address: found[0], family: found[1] };
  }
  function lookup(hostname, options, callback) {
    if (typeof options === 'function') [options, callback] = [{}, options];
    later(() => {
      let answer;
      try {
        answer = lookupNow(hostname, options);
      } catch (e) {
        callback(e);
        return;
      }
      if (Array.isArray(answer)) callback(null, answer);
      else callback(null, answer.address, answer.family);
    });
  }
  const refusedResolver = (promised) => {
    class Resolver {
      getServers() {
        return [];
      }
      setServers() {}
      setLocalAddress() {}
      cancel() {}
    }
    for (const name of RESOLVES) {
      Resolver.prototype[name] = promised
        ? () => Promise.reject(notResolved(name))
        : (...args) => {
            const callback = args.find((a) => typeof a === 'function');
            later(() => callback && callback(notResolved(name)));
          };
    }
    return Resolver;
  };
  const dnsPromises = { lookup: async (hostname, options) => lookupNow(hostname, options), Resolver: refusedResolver(true) };
  for (const name of RESOLVES) dnsPromises[name] = () => Promise.reject(notResolved(name));
  modules.dnsPromises = dnsPromises;
  modules.dns = { lookup, Resolver: refusedResolver(false), promises: dnsPromises, getServers: () => [], setServers() {}, ADDRCONFIG: 32, V4MAPPED: 8, ALL: 16, NOTFOUND: 'ENOTFOUND' };
  for (const name of RESOLVES) modules.dns[name] = (...args) => new modules.dns.Resolver()[name](...args);

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
