// The web-platform globals step files and npm packages expect, where QuickJS has none:
// TextEncoder/TextDecoder (UTF-8), atob/btoa, structuredClone, URL/URLSearchParams, fetch with
// Headers, Request and Response (signals from abort.js), and a sandbox-safe `process` (empty env, `exit` throws, no binding/kill). Each is defined only when
// the engine lacks it.
(function (g) {
  'use strict';
  const native = g.__ferridriver_native || {};

  if (typeof g.TextEncoder !== 'function') {
    g.TextEncoder = class TextEncoder {
      get encoding() { return 'utf-8'; }
      encode(input = '') {
        const s = String(input), out = [];
        for (let i = 0; i < s.length; i++) {
          let c = s.charCodeAt(i);
          if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
            const d = s.charCodeAt(i + 1);
            if (d >= 0xdc00 && d < 0xe000) { c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00); i++; }
          }
          if (c >= 0xd800 && c < 0xe000) c = 0xfffd; // a lone surrogate
          if (c < 0x80) out.push(c);
          else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
          else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
          else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        }
        return new Uint8Array(out);
      }
    };
  }

  if (typeof g.TextDecoder !== 'function') {
    g.TextDecoder = class TextDecoder {
      constructor(label = 'utf-8') {
        if (!/^utf-?8$/i.test(label)) throw new RangeError(`TextDecoder: only utf-8 is supported, not ${label}`);
      }
      get encoding() { return 'utf-8'; }
      decode(input) {
        if (input === undefined) return '';
        const b = input instanceof ArrayBuffer ? new Uint8Array(input) : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
        let out = '';
        for (let i = 0; i < b.length; ) {
          const x = b[i];
          let c, n;
          if (x < 0x80) { c = x; n = 1; }
          else if (x >= 0xc2 && x < 0xe0) { c = x & 31; n = 2; }
          else if (x >= 0xe0 && x < 0xf0) { c = x & 15; n = 3; }
          else if (x >= 0xf0 && x < 0xf5) { c = x & 7; n = 4; }
          else { out += '\ufffd'; i++; continue; }
          let ok = i + n <= b.length;
          for (let k = 1; ok && k < n; k++) { if ((b[i + k] & 0xc0) !== 0x80) ok = false; else c = (c << 6) | (b[i + k] & 63); }
          if (!ok) { out += '\ufffd'; i++; continue; }
          out += String.fromCodePoint(c);
          i += n;
        }
        return out;
      }
    };
  }

  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  if (typeof g.btoa !== 'function') {
    g.btoa = (input) => {
      const s = String(input);
      let out = '';
      for (let i = 0; i < s.length; i += 3) {
        const bytes = [s.charCodeAt(i), s.charCodeAt(i + 1), s.charCodeAt(i + 2)];
        if (bytes.some((b) => b > 255)) throw new Error('btoa: the string contains characters outside Latin-1');
        const n = (bytes[0] << 16) | ((bytes[1] || 0) << 8) | (bytes[2] || 0);
        out += B64[n >> 18] + B64[(n >> 12) & 63] + (i + 1 < s.length ? B64[(n >> 6) & 63] : '=') + (i + 2 < s.length ? B64[n & 63] : '=');
      }
      return out;
    };
  }
  if (typeof g.atob !== 'function') {
    g.atob = (input) => {
      const s = String(input).replace(/[\t\n\f\r ]/g, '').replace(/=+$/, '');
      if (/[^A-Za-z0-9+/]/.test(s) || s.length % 4 === 1) throw new Error('atob: the string is not valid base64');
      let out = '';
      for (let i = 0; i < s.length; i += 4) {
        const n = (B64.indexOf(s[i]) << 18) | (B64.indexOf(s[i + 1]) << 12) | ((B64.indexOf(s[i + 2]) & 63) << 6) | (B64.indexOf(s[i + 3]) & 63);
        out += String.fromCharCode(n >> 16);
        if (i + 2 < s.length) out += String.fromCharCode((n >> 8) & 255);
        if (i + 3 < s.length) out += String.fromCharCode(n & 255);
      }
      return out;
    };
  }

  if (typeof g.structuredClone !== 'function') {
    g.structuredClone = function structuredClone(value) {
      const seen = new Map();
      const clone = (v) => {
        if (v === null || typeof v !== 'object') {
          if (typeof v === 'function' || typeof v === 'symbol') throw new Error(`structuredClone: ${typeof v} cannot be cloned`);
          return v;
        }
        if (seen.has(v)) return seen.get(v);
        let out;
        if (v instanceof Date) out = new Date(v.getTime());
        else if (v instanceof RegExp) out = new RegExp(v.source, v.flags);
        else if (ArrayBuffer.isView(v)) out = new v.constructor(v);
        else if (v instanceof ArrayBuffer) out = v.slice(0);
        else if (v instanceof Map) { out = new Map(); seen.set(v, out); v.forEach((x, k) => out.set(clone(k), clone(x))); return out; }
        else if (v instanceof Set) { out = new Set(); seen.set(v, out); v.forEach((x) => out.add(clone(x))); return out; }
        else if (Array.isArray(v)) { out = []; seen.set(v, out); v.forEach((x, i) => { out[i] = clone(x); }); return out; }
        else if (v instanceof Error) { out = new v.constructor(v.message); out.name = v.name; }
        else { out = {}; seen.set(v, out); for (const k of Object.keys(v)) out[k] = clone(v[k]); return out; }
        seen.set(v, out);
        return out;
      };
      return clone(value);
    };
  }

  if (typeof g.URLSearchParams !== 'function') {
    const decode = (s) => decodeURIComponent(s.replace(/\+/g, ' '));
    const encode = (s) => encodeURIComponent(s).replace(/%20/g, '+').replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
    g.URLSearchParams = class URLSearchParams {
      constructor(init = '') {
        this._list = [];
        this._url = null;
        if (typeof init === 'string') {
          for (const part of init.replace(/^\?/, '').split('&')) {
            if (!part) continue;
            const at = part.indexOf('=');
            this._list.push(at < 0 ? [decode(part), ''] : [decode(part.slice(0, at)), decode(part.slice(at + 1))]);
          }
        } else if (init && typeof init[Symbol.iterator] === 'function') {
          for (const [k, v] of init) this._list.push([String(k), String(v)]);
        } else if (init && typeof init === 'object') {
          for (const k of Object.keys(init)) this._list.push([k, String(init[k])]);
        }
      }
      _changed() { if (this._url) this._url._search = this._list.length ? '?' + this.toString() : ''; }
      get size() { return this._list.length; }
      append(k, v) { this._list.push([String(k), String(v)]); this._changed(); }
      delete(k) { this._list = this._list.filter(([x]) => x !== String(k)); this._changed(); }
      get(k) { const e = this._list.find(([x]) => x === String(k)); return e ? e[1] : null; }
      getAll(k) { return this._list.filter(([x]) => x === String(k)).map(([, v]) => v); }
      has(k) { return this._list.some(([x]) => x === String(k)); }
      set(k, v) {
        const i = this._list.findIndex(([x]) => x === String(k));
        if (i < 0) this._list.push([String(k), String(v)]);
        else { this._list[i][1] = String(v); this._list = this._list.filter(([x], j) => j <= i || x !== String(k)); }
        this._changed();
      }
      sort() { this._list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)); this._changed(); }
      forEach(fn, self) { for (const [k, v] of this._list) fn.call(self, v, k, this); }
      keys() { return this._list.map(([k]) => k)[Symbol.iterator](); }
      values() { return this._list.map(([, v]) => v)[Symbol.iterator](); }
      entries() { return this._list.map(([k, v]) => [k, v])[Symbol.iterator](); }
      [Symbol.iterator]() { return this.entries(); }
      toString() { return this._list.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'); }
    };
  }

  if (typeof g.URL !== 'function') {
    // The URL Standard's parser and setters (url_native.rs: the `url` crate); each URL keeps its
    // components as the parser answered them.
    // Node's error (its code, the input on it), which packages test for.
    const invalid = (input) => Object.assign(new TypeError('Invalid URL'), { code: 'ERR_INVALID_URL', input });
    const parsed = (input, base) => {
      const json = base === undefined ? native.urlParse(String(input)) : native.urlParse(String(input), String(base));
      if (json === null || json === undefined) throw invalid(String(input));
      return JSON.parse(json);
    };
    const PARTS = ['protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'hash'];
    g.URL = class URL {
      constructor(input, base) {
        this._c = parsed(input, base instanceof URL ? base.href : base);
        this._params = new g.URLSearchParams(this._c.search);
        this._params._url = this;
      }
      _change(part, value) {
        const json = native.urlSet(this._c.href, part, String(value));
        if (json !== null && json !== undefined) this._c = JSON.parse(json);
      }
      // The query the search params serialize to (URLSearchParams' `_changed`).
      set _search(value) {
        this._change('search', value);
      }
      get href() { return this._c.href; }
      set href(v) {
        this._c = parsed(v);
        this._params._list = new g.URLSearchParams(this._c.search)._list;
      }
      get origin() { return this._c.origin; }
      get search() { return this._c.search; }
      set search(v) {
        this._change('search', v);
        this._params._list = new g.URLSearchParams(this._c.search)._list;
      }
      get searchParams() { return this._params; }
      toString() { return this.href; }
      toJSON() { return this.href; }
      static canParse(input, base) { try { new URL(input, base); return true; } catch { return false; } }
    };
    for (const part of PARTS) {
      Object.defineProperty(g.URL.prototype, part, {
        get() { return this._c[part]; },
        set(value) { this._change(part, value); },
        enumerable: true,
        configurable: true,
      });
    }
  }


  // ---- fetch, Headers, Request, Response: backed by the runner's HTTP client (reqwest).
  // Response bodies stream (streams.js); request bodies are sent whole.
  if (typeof g.Headers !== 'function') {
    g.Headers = class Headers {
      constructor(init) {
        this._map = new Map();
        if (init instanceof Headers) init.forEach((v, k) => this.append(k, v));
        else if (Array.isArray(init)) for (const [k, v] of init) this.append(k, v);
        else if (init && typeof init === 'object') for (const k of Object.keys(init)) this.append(k, init[k]);
      }
      append(k, v) {
        const key = String(k).toLowerCase();
        const prev = this._map.get(key);
        this._map.set(key, prev === undefined ? String(v) : `${prev}, ${v}`);
      }
      set(k, v) { this._map.set(String(k).toLowerCase(), String(v)); }
      get(k) { const v = this._map.get(String(k).toLowerCase()); return v === undefined ? null : v; }
      has(k) { return this._map.has(String(k).toLowerCase()); }
      delete(k) { this._map.delete(String(k).toLowerCase()); }
      forEach(fn, self) { for (const [k, v] of [...this._map].sort()) fn.call(self, v, k, this); }
      entries() { return [...this._map].sort()[Symbol.iterator](); }
      keys() { return [...this._map.keys()].sort()[Symbol.iterator](); }
      values() { return [...this._map].sort().map(([, v]) => v)[Symbol.iterator](); }
      [Symbol.iterator]() { return this.entries(); }
    };
  }

  const toBytes = (body) => {
    if (body === undefined || body === null) return null;
    if (typeof body === 'string') return new TextEncoder().encode(body);
    if (body instanceof ArrayBuffer) return new Uint8Array(body);
    if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    if (body instanceof g.URLSearchParams) return new TextEncoder().encode(body.toString());
    if (g.Blob && body instanceof g.Blob) return body._bytes.slice();
    return new TextEncoder().encode(String(body));
  };
  const bytesToBase64 = (bytes) => native.base64Encode(bytes);

  // Reads a whole stream of chunks (bytes or strings) into one Uint8Array.
  const drain = async (stream) => {
    const reader = stream.getReader();
    const chunks = [];
    let total = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : toBytes(value);
      chunks.push(bytes);
      total += bytes.length;
    }
    reader.releaseLock();
    const out = new Uint8Array(total);
    let at = 0;
    for (const c of chunks) { out.set(c, at); at += c.length; }
    return out;
  };

  if (typeof g.Response !== 'function') {
    g.Response = class Response {
      constructor(body, init = {}) {
        // The body is either bytes in hand or a stream (fetch's, pulled off the socket).
        this._stream = g.ReadableStream && body instanceof g.ReadableStream ? body : null;
        this._bytes = this._stream ? null : toBytes(body);
        this.status = init.status === undefined ? 200 : init.status;
        this.statusText = init.statusText || '';
        this.headers = new g.Headers(init.headers);
        this.url = init.url || '';
        this.redirected = !!init.redirected;
        this.type = 'basic';
        this._used = false;
      }
      get ok() { return this.status >= 200 && this.status < 300; }
      get bodyUsed() { return this._used || !!(this._stream && this._stream._disturbed); }
      get body() {
        if (!this._stream && this._bytes) {
          const bytes = this._bytes;
          this._bytes = null;
          this._stream = new g.ReadableStream({ start(c) { if (bytes.length) c.enqueue(bytes); c.close(); } });
        }
        return this._stream;
      }
      async _take() {
        if (this.bodyUsed) throw new TypeError('Body has already been consumed.');
        this._used = true;
        if (this._stream) return drain(this._stream);
        return this._bytes || new Uint8Array(0);
      }
      async arrayBuffer() { const b = await this._take(); return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength); }
      async bytes() { return new Uint8Array(await this._take()); }
      async text() { return new TextDecoder().decode(await this._take()); }
      async json() { return JSON.parse(await this.text()); }
      async blob() { return new g.Blob([await this._take()], { type: this.headers.get('content-type') || '' }); }
      clone() {
        if (this.bodyUsed) throw new TypeError('Body has already been consumed.');
        // There is no tee: a body still on the wire cannot be read twice.
        if (this._stream) throw new TypeError('clone() of a streamed Response is not supported; read it once (text(), json()…)');
        return new g.Response(this._bytes ? this._bytes.slice() : null, { status: this.status, statusText: this.statusText, headers: this.headers, url: this.url, redirected: this.redirected });
      }
      static json(data, init = {}) {
        const headers = new g.Headers(init.headers);
        if (!headers.has('content-type')) headers.set('content-type', 'application/json');
        return new g.Response(JSON.stringify(data), { ...init, headers });
      }
      static error() { const r = new g.Response(null, { status: 0 }); r.type = 'error'; return r; }
      static redirect(url, status = 302) {
        if (![301, 302, 303, 307, 308].includes(status)) throw new RangeError(`Invalid status code ${status}`);
        return new g.Response(null, { status, headers: { location: String(url) } });
      }
    };
  }

  // A fetch body: chunks pulled from the native response one read at a time. Aborting the
  // request's signal, or cancelling the stream, drops the connection.
  const nativeBody = (id, signal) => {
    const stream = new g.ReadableStream({
      async pull(c) {
        const tagged = await native.fetchRead(id);
        if (tagged[0] === 0) c.enqueue(tagged.subarray(1));
        else if (tagged[0] === 1) c.close();
        else c.error(new TypeError(new TextDecoder().decode(tagged.subarray(1))));
      },
      cancel() { native.fetchCancel(id); },
    });
    signal.addEventListener('abort', () => { native.fetchCancel(id); stream._fail(signal.reason); }, { once: true });
    return stream;
  };

  // ---- Blob and FormData: in-memory bodies for fetch (no `stream()`: there is no ReadableStream).
  if (typeof g.Blob !== 'function') {
    g.Blob = class Blob {
      constructor(parts = [], options = {}) {
        const chunks = [];
        for (const part of parts) {
          if (part instanceof Blob) chunks.push(part._bytes);
          else if (part instanceof ArrayBuffer) chunks.push(new Uint8Array(part));
          else if (ArrayBuffer.isView(part)) chunks.push(new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
          else chunks.push(new TextEncoder().encode(String(part)));
        }
        const total = chunks.reduce((n, c) => n + c.length, 0);
        this._bytes = new Uint8Array(total);
        let at = 0;
        for (const c of chunks) { this._bytes.set(c, at); at += c.length; }
        this.type = options.type ? String(options.type).toLowerCase() : '';
      }
      get size() { return this._bytes.length; }
      async text() { return new TextDecoder().decode(this._bytes); }
      async arrayBuffer() { return this._bytes.slice().buffer; }
      async bytes() { return this._bytes.slice(); }
      slice(start = 0, end = this._bytes.length, type = '') {
        return new Blob([this._bytes.slice(start, end)], { type });
      }
    };
  }
  if (typeof g.FormData !== 'function') {
    const entry = (name, value, filename) => {
      if (value instanceof g.Blob) return [String(name), value, filename === undefined ? (value.name || 'blob') : String(filename)];
      return [String(name), String(value), undefined];
    };
    g.FormData = class FormData {
      constructor() { this._entries = []; }
      append(name, value, filename) { this._entries.push(entry(name, value, filename)); }
      set(name, value, filename) {
        const i = this._entries.findIndex(([n]) => n === String(name));
        this.delete(name);
        this._entries.splice(i < 0 ? this._entries.length : i, 0, entry(name, value, filename));
      }
      get(name) { const e = this._entries.find(([n]) => n === String(name)); return e ? e[1] : null; }
      getAll(name) { return this._entries.filter(([n]) => n === String(name)).map(([, v]) => v); }
      has(name) { return this._entries.some(([n]) => n === String(name)); }
      delete(name) { this._entries = this._entries.filter(([n]) => n !== String(name)); }
      entries() { return this._entries.map(([n, v]) => [n, v]); }
      keys() { return this._entries.map(([n]) => n); }
      values() { return this._entries.map(([, v]) => v); }
      forEach(fn, self) { for (const [n, v] of this._entries) fn.call(self, v, n, this); }
      // multipart/form-data as RFC 7578 describes it.
      _encode() {
        const boundary = `----ferridriver${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`;
        const quote = (s) => s.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
        const parts = [];
        for (const [name, value, filename] of this._entries) {
          let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"`;
          if (filename !== undefined) head += `; filename="${quote(filename)}"\r\nContent-Type: ${value.type || 'application/octet-stream'}`;
          parts.push(`${head}\r\n\r\n`, value, '\r\n');
        }
        parts.push(`--${boundary}--\r\n`);
        return { bytes: new g.Blob(parts)._bytes, type: `multipart/form-data; boundary=${boundary}` };
      }
    };
  }

  // Turns a fetch body into bytes, setting the content type a plain object (sent as JSON, the
  // spec's extension) or URLSearchParams implies.
  const encodeBody = (body, headers) => {
    if (body instanceof g.Blob) {
      if (body.type && !headers.has('content-type')) headers.set('content-type', body.type);
      return body._bytes.slice();
    }
    if (body instanceof g.FormData) {
      const { bytes, type } = body._encode();
      headers.set('content-type', type);
      return bytes;
    }
    if (body && typeof body === 'object' && !ArrayBuffer.isView(body) && !(body instanceof ArrayBuffer) && !(body instanceof g.URLSearchParams)) {
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      return toBytes(JSON.stringify(body));
    }
    if (body instanceof g.URLSearchParams && !headers.has('content-type')) {
      headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    }
    return toBytes(body);
  };

  if (typeof g.Request !== 'function') {
    g.Request = class Request {
      constructor(input, init = {}) {
        const from = input instanceof Request ? input : null;
        this.url = from ? from.url : String(input instanceof g.URL ? input.href : input);
        this.method = String(init.method || (from ? from.method : 'GET')).toUpperCase();
        this.headers = new g.Headers(init.headers || (from ? from.headers : undefined));
        this.redirect = init.redirect || (from ? from.redirect : 'follow');
        this.credentials = init.credentials || (from ? from.credentials : 'same-origin');
        this.signal = init.signal || (from ? from.signal : new g.AbortController().signal);
        if (init.body !== undefined && init.body !== null) {
          if (this.method === 'GET' || this.method === 'HEAD') throw new TypeError('Request with GET/HEAD method cannot have body.');
          this._bytes = encodeBody(init.body, this.headers);
        } else {
          this._bytes = from ? from._take() : null;
        }
        this.bodyUsed = false;
      }
      _take() {
        if (this.bodyUsed) throw new TypeError('Body has already been consumed.');
        if (this._bytes) this.bodyUsed = true;
        return this._bytes;
      }
      async arrayBuffer() { const b = this._take() || new Uint8Array(0); return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength); }
      async text() { return new TextDecoder().decode(this._take() || new Uint8Array(0)); }
      async json() { return JSON.parse(await this.text()); }
      clone() {
        if (this.bodyUsed) throw new TypeError('Body has already been consumed.');
        const copy = new Request(this.url, { method: this.method, headers: this.headers, redirect: this.redirect, credentials: this.credentials, signal: this.signal });
        copy._bytes = this._bytes ? this._bytes.slice() : null;
        return copy;
      }
    };
  }

  if (typeof g.fetch !== 'function' && typeof native.fetch === 'function') {
    let nextFetch = 1;
    g.fetch = async function fetch(input, init = {}) {
      const request = new g.Request(input, init);
      const signal = request.signal;
      // An aborted signal rejects before any I/O.
      if (signal.aborted) throw signal.reason;
      const bytes = request._take();
      const id = nextFetch++;
      const described = {
        id,
        url: request.url,
        method: request.method,
        headers: [...request.headers.entries()],
        body: bytes ? bytesToBase64(bytes) : undefined,
        redirect: request.redirect,
      };
      const pending = native.fetch(JSON.stringify(described));
      // Aborting in flight cancels the native request (it drops the connection) and rejects
      // with the signal's reason right away.
      let onAbort;
      const aborted = new Promise((_, reject) => {
        onAbort = () => {
          native.fetchAbort(id);
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
      });
      let reply;
      try {
        reply = JSON.parse(await Promise.race([pending, aborted]));
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
      if (reply.error) {
        const e = new TypeError(reply.error);
        // A host outside the running handler's allow.net, or the policy denies it network.
        if (reply.name === 'SandboxViolationError' || reply.name === 'CapabilityDeniedError') e.name = reply.name;
        throw e;
      }
      return new g.Response(nativeBody(reply.stream, signal), {
        status: reply.status, statusText: reply.statusText, headers: reply.headers, url: reply.url, redirected: reply.redirected,
      });
    };
  }

  // process: real values without authority. `env` shows only the variables `[scripting]
  // allowEnv` lists (none by default), each read decided in Rust for the code running at that
  // moment (a plugin the policy denies `env` reads nothing, ADR 0030). Writes stay in this VM,
  // as Node's stay in its process (what `dotenv.config()` does); `exit` must never end the
  // runner.
  function environment() {
    const envGet = native.envGet || (() => undefined);
    const envNames = native.envNames || (() => []);
    // What this VM wrote (a string, or `deleted` where it removed a variable).
    const written = Object.create(null);
    const deleted = {};
    // What the project's configuration file set (cucumber-js runs it in the steps' process):
    // read as the process's own variables are, by code the policy grants `env` (Rust decides).
    const preset = new Map(JSON.parse(native.presetEnv || '[]'));
    const envGranted = native.envGranted || (() => true);
    const read = (name) => {
      if (typeof name !== 'string') return undefined;
      if (Object.prototype.hasOwnProperty.call(written, name)) return written[name] === deleted ? undefined : written[name];
      const value = envGet(name);
      if (value !== null && value !== undefined) return value;
      return preset.has(name) && envGranted() ? preset.get(name) : undefined;
    };
    const describe = (name) => {
      const value = read(name);
      return value === undefined ? undefined : { value, writable: true, enumerable: true, configurable: true };
    };
    return new Proxy(Object.create(null), {
      get: (_, name) => read(name),
      has: (_, name) => read(name) !== undefined,
      set: (_, name, value) => {
        if (typeof name !== 'string') return false;
        written[name] = String(value);
        return true;
      },
      deleteProperty: (_, name) => {
        if (typeof name === 'string') written[name] = deleted;
        return true;
      },
      defineProperty: (_, name, desc) => {
        if (typeof name !== 'string' || !('value' in desc)) return false;
        written[name] = String(desc.value);
        return true;
      },
      getOwnPropertyDescriptor: (_, name) => describe(name),
      ownKeys: () => {
        const names = new Set(envNames());
        if (preset.size && envGranted()) for (const name of preset.keys()) names.add(name);
        for (const name of Object.keys(written)) {
          if (written[name] === deleted) names.delete(name);
          else names.add(name);
        }
        return [...names];
      },
      getPrototypeOf: () => Object.prototype,
      setPrototypeOf: () => false,
      preventExtensions: () => false,
    });
  }
  const now = () => (g.performance && typeof g.performance.now === 'function' ? g.performance.now() : Date.now());
  const info = JSON.parse(native.processInfo || '{}');
  const processBase = g.process || {};
  // stdout/stderr write into the console (captured by the host): a trailing newline is one line.
  const stream = (level) =>
    Object.freeze({
      isTTY: false,
      write(chunk) {
        const text = typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? native.utf8Decode(chunk) : String(chunk);
        g.console[level](text.endsWith('\n') ? text.slice(0, -1) : text);
        return true;
      },
    });
  g.process = Object.assign(processBase, {
    env: environment(),
    argv: ['ferridriver', 'script'],
    platform: info.platform,
    arch: info.arch,
    pid: info.pid,
    version: info.version,
    versions: Object.freeze(info.versions || {}),
    release: Object.freeze({ name: 'ferridriver' }),
    cwd: () => native.root,
    stdout: stream('log'),
    stderr: stream('error'),
    exit: (code) => {
      throw new Error(`process.exit(${code === undefined ? '' : code}) is not allowed: a script or step must never end ferridriver (throw or return instead)`);
    },
    nextTick: (fn, ...args) => queueMicrotask(() => fn(...args)),
    // Node's tag, by which packages tell Node from a browser (axios picks its http adapter).
    [Symbol.toStringTag]: 'process',
    // The VM's own heap (natives.rs: memory_usage), in Node's shape.
    memoryUsage: Object.assign(() => JSON.parse(native.memoryUsage()), { rss: () => JSON.parse(native.memoryUsage()).rss }),
    uptime: () => now() / 1000,
    hrtime: Object.assign((prev) => {
      const ns = BigInt(Math.round(now() * 1e6));
      const t = [Number(ns / 1000000000n), Number(ns % 1000000000n)];
      return prev ? [t[0] - prev[0] - (t[1] < prev[1] ? 1 : 0), (t[1] - prev[1] + 1e9) % 1e9] : t;
    }, { bigint: () => BigInt(Math.round(now() * 1e6)) }),
  });
})(globalThis);
