// node:url's legacy API — `parse`, `format`, `resolve`, `domainToASCII`, `domainToUnicode` —
// which older packages (follow-redirects, form-data, request-style clients) still call.
// Evaluated after node_extra.js, which made the module with its WHATWG part, and punycode.
(function (g) {
  'use strict';
  const url = g.__ferridriver_modules.url;

  // Node's legacy URL object: every part, null where the input had none.
  function Url() {
    for (const key of ['protocol', 'slashes', 'auth', 'host', 'port', 'hostname', 'hash', 'search', 'query', 'pathname', 'path', 'href']) this[key] = null;
  }

  const SPLIT = /^([a-zA-Z][a-zA-Z0-9+.-]*:)?(\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/s;
  // Schemes whose URLs always have an authority (`http:x` reads as `http://x`).
  const SLASHED = /^(https?|ftp|gopher|file|wss?):$/;

  function parse(input, parseQueryString, slashesDenoteHost) {
    if (input instanceof Url) return input;
    if (typeof input !== 'string') {
      throw Object.assign(new TypeError(`The "url" argument must be of type string. Received ${input === null ? 'null' : typeof input}`), { code: 'ERR_INVALID_ARG_TYPE' });
    }
    const out = new Url();
    const m = SPLIT.exec(input.trim());
    const protocol = m[1] ? m[1].toLowerCase() : null;
    let authority = m[3];
    let rest = m[4] || '';
    if (!protocol && authority !== undefined && !slashesDenoteHost) {
      // `//host/x` without a scheme is a path, unless asked otherwise.
      rest = `//${authority}${rest}`;
      authority = undefined;
    } else if (authority === undefined && protocol && SLASHED.test(protocol) && rest && !rest.startsWith('/')) {
      // `http:example.com/x`
      const cut = rest.search(/[/]|$/);
      authority = rest.slice(0, cut);
      rest = rest.slice(cut);
    }
    out.protocol = protocol;
    if (authority !== undefined) {
      out.slashes = true;
      const at = authority.lastIndexOf('@');
      if (at >= 0) out.auth = decodeURIComponent(authority.slice(0, at));
      const hostPort = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(authority.slice(at + 1)) || ['', authority.slice(at + 1), ''];
      out.hostname = hostPort[1].toLowerCase().replace(/^\[|\]$/g, '');
      out.port = hostPort[2] || null;
      out.host = (hostPort[1].startsWith('[') ? `[${out.hostname}]` : out.hostname) + (out.port ? `:${out.port}` : '');
      if (!rest && SLASHED.test(protocol || '')) rest = '/';
    }
    out.pathname = rest || null;
    out.search = m[5] || null;
    const query = m[5] ? m[5].slice(1) : null;
    out.query = parseQueryString ? queryObject(query || '') : query;
    out.hash = m[6] || null;
    out.path = (out.pathname || '') + (out.search || '') || null;
    out.href = format(out);
    return out;
  }

  // querystring.parse's reading: a repeated key gives an array.
  function queryObject(text) {
    const out = Object.create(null);
    for (const [key, value] of new g.URLSearchParams(text)) {
      if (!(key in out)) out[key] = value;
      else if (Array.isArray(out[key])) out[key].push(value);
      else out[key] = [out[key], value];
    }
    return out;
  }
  // querystring.stringify's writing: arrays repeat the key, spaces are %20.
  function queryText(query) {
    const pairs = [];
    const part = (v) => encodeURIComponent(typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' ? String(v) : '');
    for (const [key, value] of Object.entries(query)) {
      for (const v of Array.isArray(value) ? value : [value]) pairs.push(`${encodeURIComponent(key)}=${part(v)}`);
    }
    return pairs.join('&');
  }

  function format(u) {
    if (typeof u === 'string') u = parse(u);
    if (u instanceof g.URL) return u.href;
    if (u === null || typeof u !== 'object') {
      throw Object.assign(new TypeError(`The "urlObject" argument must be one of type object or string. Received ${u === null ? 'null' : typeof u}`), { code: 'ERR_INVALID_ARG_TYPE' });
    }
    let protocol = u.protocol || '';
    if (protocol && !protocol.endsWith(':')) protocol += ':';
    let host = '';
    if (u.host) host = String(u.host);
    else if (u.hostname) {
      const name = String(u.hostname);
      host = (name.includes(':') && !name.startsWith('[') ? `[${name}]` : name) + (u.port ? `:${u.port}` : '');
    }
    const auth = u.auth ? `${encodeURIComponent(u.auth).replace(/%3A/i, ':')}@` : '';
    let pathname = u.pathname || '';
    let search = u.search || '';
    if (!search && u.query && typeof u.query === 'object') {
      const q = queryText(u.query);
      if (q) search = `?${q}`;
    }
    if (search && !search.startsWith('?')) search = `?${search}`;
    let hash = u.hash || '';
    if (hash && !hash.startsWith('#')) hash = `#${hash}`;
    // `//` when the URL had it or has a host (`file:` always), as Node writes it.
    let authority = '';
    if (u.slashes || host) {
      if (pathname && !pathname.startsWith('/')) pathname = `/${pathname}`;
      authority = `//${auth}${host}`;
    } else if (protocol === 'file:') {
      authority = '//';
    }
    return protocol + authority + pathname.replace(/[?#]/g, encodeURIComponent) + search.replace('#', '%23') + hash;
  }

  // `to` read against `from`, as a browser resolves a link (a relative `from` stays relative).
  function resolve(from, to) {
    const base = 'http://resolve.invalid';
    if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(from)) return new g.URL(to, from).href;
    const absolute = new g.URL(to, base + (from.startsWith('/') ? from : `/${from}`)).href;
    if (!absolute.startsWith(base)) return absolute;
    const path = absolute.slice(base.length);
    return from.startsWith('/') || to.startsWith('/') ? path : path.slice(1);
  }

  // Lower case, then each label that needs it in punycode (js/node_punycode.js).
  const { toASCII, toUnicode } = g.__ferridriver_modules.punycode;
  const domainToASCII = (domain) => toASCII(String(domain).toLowerCase());
  const domainToUnicode = (domain) => toUnicode(String(domain).toLowerCase());

  Object.assign(url, { Url, parse, format, resolve, domainToASCII, domainToUnicode });
})(globalThis);
