// node:punycode (RFC 3492; deprecated in Node, still imported through whatwg-url's tr46 by
// node-fetch 2 and its kin): `encode`/`decode` of one label, `toASCII`/`toUnicode` of a domain
// or an e-mail address, `ucs2`. Also behind url.domainToASCII/domainToUnicode.
(function (g) {
  'use strict';
  const modules = g.__ferridriver_modules;
  const BASE = 36;
  const T_MIN = 1;
  const T_MAX = 26;
  const SKEW = 38;
  const DAMP = 700;
  const INITIAL_BIAS = 72;
  const INITIAL_N = 128;
  // punycode.js's own words.
  const fail = (message) => {
    throw new RangeError(message);
  };
  const adapt = (delta, points, first) => {
    delta = first ? Math.floor(delta / DAMP) : delta >> 1;
    delta += Math.floor(delta / points);
    let k = 0;
    while (delta > ((BASE - T_MIN) * T_MAX) >> 1) {
      delta = Math.floor(delta / (BASE - T_MIN));
      k += BASE;
    }
    return k + Math.floor(((BASE - T_MIN + 1) * delta) / (delta + SKEW));
  };
  const threshold = (k, bias) => (k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias);
  const digitChar = (d) => String.fromCharCode(d < 26 ? 97 + d : 22 + d);
  const digitOf = (c) => (c >= 48 && c < 58 ? c - 22 : c >= 65 && c < 91 ? c - 65 : c >= 97 && c < 123 ? c - 97 : BASE);

  const ucs2 = {
    decode: (text) => Array.from(String(text), (c) => c.codePointAt(0)),
    encode: (points) => String.fromCodePoint(...points),
  };

  function encode(input) {
    const points = ucs2.decode(input);
    let out = points.filter((c) => c < 0x80).map((c) => String.fromCharCode(c)).join('');
    const basic = out.length;
    let handled = basic;
    if (basic) out += '-';
    let n = INITIAL_N;
    let delta = 0;
    let bias = INITIAL_BIAS;
    while (handled < points.length) {
      const m = Math.min(...points.filter((c) => c >= n));
      delta += (m - n) * (handled + 1);
      n = m;
      for (const c of points) {
        if (c < n) delta++;
        if (c !== n) continue;
        let q = delta;
        for (let k = BASE; ; k += BASE) {
          const t = threshold(k, bias);
          if (q < t) break;
          out += digitChar(t + ((q - t) % (BASE - t)));
          q = Math.floor((q - t) / (BASE - t));
        }
        out += digitChar(q);
        bias = adapt(delta, handled + 1, handled === basic);
        delta = 0;
        handled++;
      }
      delta++;
      n++;
    }
    return out;
  }

  function decode(input) {
    const text = String(input);
    const cut = text.lastIndexOf('-');
    const out = [];
    for (let i = 0; i < Math.max(cut, 0); i++) {
      if (text.charCodeAt(i) >= 0x80) fail('Illegal input >= 0x80 (not a basic code point)');
      out.push(text.charCodeAt(i));
    }
    let n = INITIAL_N;
    let bias = INITIAL_BIAS;
    let i = 0;
    for (let at = cut > 0 ? cut + 1 : 0; at < text.length; ) {
      const old = i;
      for (let w = 1, k = BASE; ; k += BASE) {
        if (at >= text.length) fail('Invalid input');
        const digit = digitOf(text.charCodeAt(at++));
        if (digit >= BASE) fail('Invalid input');
        i += digit * w;
        const t = threshold(k, bias);
        if (digit < t) break;
        w *= BASE - t;
      }
      bias = adapt(i - old, out.length + 1, old === 0);
      n += Math.floor(i / (out.length + 1));
      i %= out.length + 1;
      out.splice(i++, 0, n);
    }
    return ucs2.encode(out);
  }

  // Each label of a domain (or of an e-mail address's domain), converted where it needs it.
  const mapDomain = (domain, convert) => {
    const [local, host] = String(domain).includes('@') ? String(domain).split(/@(?=[^@]*$)/) : [null, String(domain)];
    const mapped = host.replace(/[\u3002\uFF0E\uFF61]/g, '.').split('.').map(convert).join('.');
    return local === null ? mapped : `${local}@${mapped}`;
  };
  const toASCII = (domain) => mapDomain(domain, (label) => (/[^\0-\x7F]/.test(label) ? `xn--${encode(label)}` : label));
  const toUnicode = (domain) => mapDomain(domain, (label) => (/^xn--/i.test(label) ? decode(label.slice(4).toLowerCase()) : label));

  modules.punycode = { version: '2.1.0', ucs2, encode, decode, toASCII, toUnicode };
})(globalThis);
