// The rest of Node's Buffer (js/node.js made the class and its conversions): numbers read and
// written at offsets (8 to 64 bits, both byte orders, floats), `copy`, `compare`, `slice` as a
// view, `write`, `fill`, `indexOf`/`includes`, `toString` of a range, swaps, the utf16le and
// base64url encodings, and the statics packages reach for (`allocUnsafe`, `compare`,
// `isEncoding`). Range errors carry Node's codes and words.
(function (g) {
  'use strict';
  const modules = g.__ferridriver_modules;
  const { Buffer } = modules.buffer;
  const proto = Buffer.prototype;
  const fromString = Buffer.from;
  const baseToString = proto.toString;
  const kMaxLength = 2 ** 32;

  const ENCODINGS = ['utf8', 'utf-8', 'hex', 'base64', 'base64url', 'ascii', 'latin1', 'binary', 'ucs2', 'ucs-2', 'utf16le', 'utf-16le'];
  const normal = (encoding) => {
    const e = String(encoding || 'utf8').toLowerCase();
    if (!ENCODINGS.includes(e)) throw Object.assign(new TypeError(`Unknown encoding: ${encoding}`), { code: 'ERR_UNKNOWN_ENCODING' });
    return { 'utf-8': 'utf8', binary: 'latin1', 'ucs-2': 'utf16le', ucs2: 'utf16le', 'utf-16le': 'utf16le' }[e] || e;
  };

  // Bytes of `text` in `encoding`, for the encodings js/node.js does not know.
  function encodeMore(text, encoding) {
    if (encoding === 'utf16le') {
      const out = new Uint8Array(text.length * 2);
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        out[2 * i] = c & 255;
        out[2 * i + 1] = c >> 8;
      }
      return out;
    }
    if (encoding === 'base64url') return fromString.call(Buffer, text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (encoding === 'hex') {
      // Node stops at the first pair that is not hex.
      const pairs = [];
      for (let i = 0; i + 1 < text.length; i += 2) {
        const byte = parseInt(text.slice(i, i + 2), 16);
        if (!/^[0-9a-fA-F]{2}$/.test(text.slice(i, i + 2))) break;
        pairs.push(byte);
      }
      return Uint8Array.from(pairs);
    }
    return null;
  }

  Buffer.from = function from(value, encodingOrOffset, length) {
    if (value instanceof String) value = String(value);
    if (typeof value === 'string') {
      const encoding = normal(encodingOrOffset);
      // Node's base64 reads the URL-safe alphabet too (JWT payloads).
      if (encoding === 'base64') return fromString.call(Buffer, value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
      const bytes = encodeMore(value, encoding);
      if (bytes) return Buffer._wrap(bytes instanceof Buffer ? bytes : new Uint8Array(bytes));
      return fromString.call(Buffer, value, encoding);
    }
    // A typed array other than bytes gives its values (each cut to a byte), as an array would.
    if (ArrayBuffer.isView(value) && !(value instanceof Uint8Array) && !(value instanceof DataView)) {
      return fromString.call(Buffer, Array.from(value, (v) => Number(v) & 255));
    }
    if (value && typeof value === 'object' && value.type === 'Buffer' && Array.isArray(value.data)) {
      return fromString.call(Buffer, value.data);
    }
    return fromString.call(Buffer, value, encodingOrOffset, length);
  };
  const baseConcat = Buffer.concat;
  Buffer.concat = (list, totalLength) => {
    const all = baseConcat(list);
    if (totalLength === undefined || totalLength === all.length) return all;
    const out = Buffer.alloc(totalLength);
    out.set(all.subarray(0, totalLength));
    return out;
  };
  Buffer.allocUnsafe = (size) => Buffer.alloc(size);
  Buffer.allocUnsafeSlow = (size) => Buffer.alloc(size);
  Buffer.isEncoding = (encoding) => typeof encoding === 'string' && ENCODINGS.includes(encoding.toLowerCase());
  Buffer.compare = (a, b) => compareBytes(a, 0, a.length, b, 0, b.length);
  Buffer.poolSize = 8192;
  const baseByteLength = Buffer.byteLength;
  Buffer.byteLength = (value, encoding) => {
    if (typeof value === 'string') {
      const e = normal(encoding);
      if (e === 'utf16le') return value.length * 2;
      if (e === 'base64url') return Buffer.from(value, 'base64url').length;
    }
    return baseByteLength(value, encoding);
  };
  const baseAlloc = Buffer.alloc;
  Buffer.alloc = (size, fill, encoding) => {
    if (typeof size !== 'number' || size < 0 || size > kMaxLength || !Number.isFinite(size)) {
      throw rangeError('ERR_OUT_OF_RANGE', `The value of "size" is out of range. It must be >= 0 && <= ${kMaxLength}. Received ${size}`);
    }
    const b = baseAlloc(size);
    if (fill !== undefined && fill !== 0) b.fill(fill, 0, size, encoding);
    return b;
  };

  function rangeError(code, message) {
    return Object.assign(new RangeError(message), { code });
  }
  // A received value as Node's range errors write it (large integers with `_` separators).
  function received(value) {
    const separated = (digits) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '_');
    if (typeof value === 'bigint') return `${value > 2n ** 32n || value < -(2n ** 32n) ? separated(String(value)) : String(value)}n`;
    if (Number.isInteger(value) && Math.abs(value) > 2 ** 32) return separated(String(value));
    return String(value);
  }
  function compareBytes(a, aStart, aEnd, b, bStart, bEnd) {
    const n = Math.min(aEnd - aStart, bEnd - bStart);
    for (let i = 0; i < n; i++) {
      if (a[aStart + i] !== b[bStart + i]) return a[aStart + i] < b[bStart + i] ? -1 : 1;
    }
    return Math.sign(aEnd - aStart - (bEnd - bStart));
  }
  // An offset within the buffer for a value of `size` bytes, as Node checks it.
  function at(buffer, offset, size) {
    if (offset === undefined) offset = 0;
    if (typeof offset !== 'number') throw Object.assign(new TypeError(`The "offset" argument must be of type number. Received ${typeof offset}`), { code: 'ERR_INVALID_ARG_TYPE' });
    if (!Number.isInteger(offset) || offset < 0 || offset + size > buffer.length) {
      if (buffer.length - size < 0) throw rangeError('ERR_BUFFER_OUT_OF_BOUNDS', 'Attempt to access memory outside buffer bounds');
      throw rangeError('ERR_OUT_OF_RANGE', `The value of "offset" is out of range. It must be >= 0 and <= ${buffer.length - size}. Received ${offset}`);
    }
    return offset;
  }
  const view = (buffer) => new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);

  // read/write of every width and order: [suffix, bytes, DataView getter/setter, little-endian, min, max].
  const NUMBERS = [
    ['UInt8', 1, 'Uint8', false, 0, 255],
    ['Int8', 1, 'Int8', false, -128, 127],
    ['UInt16LE', 2, 'Uint16', true, 0, 65535],
    ['UInt16BE', 2, 'Uint16', false, 0, 65535],
    ['Int16LE', 2, 'Int16', true, -32768, 32767],
    ['Int16BE', 2, 'Int16', false, -32768, 32767],
    ['UInt32LE', 4, 'Uint32', true, 0, 4294967295],
    ['UInt32BE', 4, 'Uint32', false, 0, 4294967295],
    ['Int32LE', 4, 'Int32', true, -2147483648, 2147483647],
    ['Int32BE', 4, 'Int32', false, -2147483648, 2147483647],
    ['FloatLE', 4, 'Float32', true, null, null],
    ['FloatBE', 4, 'Float32', false, null, null],
    ['DoubleLE', 8, 'Float64', true, null, null],
    ['DoubleBE', 8, 'Float64', false, null, null],
    ['BigUInt64LE', 8, 'BigUint64', true, null, null],
    ['BigUInt64BE', 8, 'BigUint64', false, null, null],
    ['BigInt64LE', 8, 'BigInt64', true, null, null],
    ['BigInt64BE', 8, 'BigInt64', false, null, null],
  ];
  for (const [suffix, size, kind, little, min, max] of NUMBERS) {
    const read = function (offset) {
      return view(this)[`get${kind}`](at(this, offset, size), little);
    };
    const big = kind.startsWith('Big');
    const [bigMin, bigMax] = kind === 'BigInt64' ? [-(2n ** 63n), 2n ** 63n - 1n] : [0n, 2n ** 64n - 1n];
    const write = function (value, offset) {
      const where = at(this, offset, size);
      if (big) {
        // (Node's own words: its check does arithmetic with the value.)
        if (typeof value !== 'bigint') throw new TypeError('Cannot mix BigInt and other types, use explicit conversions');
        if (value < bigMin || value > bigMax) throw rangeError('ERR_OUT_OF_RANGE', `The value of "value" is out of range. It must be >= ${bigMin === 0n ? '0n' : '-(2n ** 63n)'} and < ${bigMin === 0n ? '2n ** 64n' : '2n ** 63n'}. Received ${received(value)}`);
        view(this)[`set${kind}`](where, value, little);
        return where + size;
      }
      value = +value;
      if (min !== null && !(value >= min && value <= max)) {
        throw rangeError('ERR_OUT_OF_RANGE', `The value of "value" is out of range. It must be >= ${min} and <= ${max}. Received ${received(value)}`);
      }
      view(this)[`set${kind}`](where, value, little);
      return where + size;
    };
    proto[`read${suffix}`] = read;
    proto[`write${suffix}`] = write;
    // Node's aliases: readUint32LE…
    if (suffix.startsWith('UInt') || suffix.startsWith('BigUInt')) {
      proto[`read${suffix.replace('UInt', 'Uint')}`] = read;
      proto[`write${suffix.replace('UInt', 'Uint')}`] = write;
    }
  }
  // Variable widths (1 to 6 bytes).
  const variable = (name, little, signed) => {
    const read = function (offset, byteLength) {
      at(this, offset, byteLength);
      let value = 0;
      for (let i = 0; i < byteLength; i++) value += this[offset + (little ? i : byteLength - 1 - i)] * 2 ** (8 * i);
      if (signed && value >= 2 ** (8 * byteLength - 1)) value -= 2 ** (8 * byteLength);
      return value;
    };
    const write = function (value, offset, byteLength) {
      at(this, offset, byteLength);
      let v = signed && value < 0 ? value + 2 ** (8 * byteLength) : value;
      for (let i = 0; i < byteLength; i++) {
        this[offset + (little ? i : byteLength - 1 - i)] = v % 256;
        v = Math.floor(v / 256);
      }
      return offset + byteLength;
    };
    proto[`read${name}`] = read;
    proto[`write${name}`] = write;
  };
  variable('UIntLE', true, false);
  variable('UIntBE', false, false);
  variable('IntLE', true, true);
  variable('IntBE', false, true);
  proto.readUintLE = proto.readUIntLE;
  proto.readUintBE = proto.readUIntBE;
  proto.writeUintLE = proto.writeUIntLE;
  proto.writeUintBE = proto.writeUIntBE;

  // Node's `slice` is a view (a Uint8Array's is a copy).
  proto.slice = function (start, end) {
    return this.subarray(start, end);
  };
  proto.copy = function (target, targetStart = 0, sourceStart = 0, sourceEnd = this.length) {
    for (const [name, v] of [['targetStart', targetStart], ['sourceStart', sourceStart], ['sourceEnd', sourceEnd]]) {
      const limit = name === 'sourceStart' ? ` && <= ${this.length}` : '';
      if (v < 0) throw rangeError('ERR_OUT_OF_RANGE', `The value of "${name}" is out of range. It must be >= 0${limit}. Received ${v}`);
    }
    sourceEnd = Math.min(sourceEnd, this.length);
    if (sourceStart >= sourceEnd || targetStart >= target.length) return 0;
    const n = Math.min(sourceEnd - sourceStart, target.length - targetStart);
    target.set(this.subarray(sourceStart, sourceStart + n), targetStart);
    return n;
  };
  proto.compare = function (target, targetStart = 0, targetEnd = target.length, sourceStart = 0, sourceEnd = this.length) {
    return compareBytes(this, sourceStart, sourceEnd, target, targetStart, targetEnd);
  };
  proto.equals = function (other) {
    if (!(other instanceof Uint8Array)) throw Object.assign(new TypeError('The "otherBuffer" argument must be an instance of Buffer or Uint8Array.'), { code: 'ERR_INVALID_ARG_TYPE' });
    return compareBytes(this, 0, this.length, other, 0, other.length) === 0;
  };
  proto.toString = function (encoding, start = 0, end = this.length) {
    const e = normal(encoding);
    // Node's reading of the range: clamped, and empty when it ends before it starts.
    start = Math.max(0, Math.trunc(+start) || 0);
    end = end === undefined ? this.length : Math.min(this.length, Math.trunc(+end) || 0);
    if (end <= start) return '';
    const part = start === 0 && end === this.length ? this : this.subarray(start, end);
    if (e === 'utf16le') {
      let out = '';
      for (let i = 0; i + 1 < part.length; i += 2) out += String.fromCharCode(part[i] | (part[i + 1] << 8));
      return out;
    }
    if (e === 'base64url') return baseToString.call(part, 'base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    if (e === 'latin1' || e === 'ascii') {
      // In slices: one string per byte would be slow on a screenshot's megabytes.
      let out = '';
      for (let i = 0; i < part.length; i += 8192) {
        const slice = part.subarray(i, i + 8192);
        out += String.fromCharCode(...(e === 'ascii' ? slice.map((b) => b & 127) : slice));
      }
      return out;
    }
    return baseToString.call(part, e);
  };
  // `write(string[, offset[, length]][, encoding])`: the bytes written.
  proto.write = function (text, offset, length, encoding) {
    if (typeof offset === 'string') [offset, length, encoding] = [0, undefined, offset];
    else if (typeof length === 'string') [length, encoding] = [undefined, length];
    offset = offset === undefined ? 0 : offset;
    if (offset < 0 || offset > this.length) throw rangeError('ERR_OUT_OF_RANGE', `The value of "offset" is out of range. It must be >= 0 && <= ${this.length}. Received ${offset}`);
    if (length !== undefined && length < 0) throw rangeError('ERR_OUT_OF_RANGE', `The value of "length" is out of range. It must be >= 0 && <= ${this.length}. Received ${length}`);
    const bytes = Buffer.from(String(text), encoding);
    let n = Math.min(bytes.length, this.length - offset, length === undefined ? Infinity : length);
    // UTF-8 is written in whole characters only.
    if (n < bytes.length && normal(encoding) === 'utf8') while (n > 0 && (bytes[n] & 0xc0) === 0x80) n--;
    this.set(bytes.subarray(0, n), offset);
    return n;
  };
  const baseFill = Uint8Array.prototype.fill;
  proto.fill = function (value, offset = 0, end = this.length, encoding) {
    if (typeof offset === 'string') [offset, end, encoding] = [0, this.length, offset];
    else if (typeof end === 'string') [end, encoding] = [this.length, end];
    if (offset < 0) throw rangeError('ERR_OUT_OF_RANGE', `The value of "offset" is out of range. It must be >= 0 && <= ${kMaxLength}. Received ${offset}`);
    if (end < 0 || end > this.length) throw rangeError('ERR_OUT_OF_RANGE', `The value of "end" is out of range. It must be >= 0 && <= ${this.length}. Received ${end}`);
    if (typeof value === 'boolean') value = Number(value);
    if (typeof value === 'number') return baseFill.call(this, value & 255, offset, end);
    const pattern = typeof value === 'string' ? Buffer.from(value, encoding) : value;
    if (pattern.length === 0) return baseFill.call(this, 0, offset, end);
    for (let i = offset, j = 0; i < end; i++, j = (j + 1) % pattern.length) this[i] = pattern[j];
    return this;
  };
  function find(buffer, value, from, encoding, last) {
    const needle = typeof value === 'number' ? Uint8Array.of(value & 255) : typeof value === 'string' ? Buffer.from(value, encoding) : value;
    const size = buffer.length;
    from = from === undefined ? undefined : Math.trunc(+from) || 0;
    let start = from === undefined ? (last ? size - needle.length : 0) : from < 0 ? size + from : from;
    if (needle.length === 0) return Math.min(Math.max(start, 0), size);
    const step = last ? -1 : 1;
    if (last) start = Math.min(start, size - needle.length);
    for (let i = Math.max(start, last ? -1 : 0); last ? i >= 0 : i <= size - needle.length; i += step) {
      let j = 0;
      while (j < needle.length && buffer[i + j] === needle[j]) j++;
      if (j === needle.length) return i;
    }
    return -1;
  }
  proto.indexOf = function (value, from, encoding) {
    if (typeof from === 'string') [from, encoding] = [undefined, from];
    return find(this, value, from, encoding, false);
  };
  proto.lastIndexOf = function (value, from, encoding) {
    if (typeof from === 'string') [from, encoding] = [undefined, from];
    return find(this, value, from, encoding, true);
  };
  proto.includes = function (value, from, encoding) {
    return this.indexOf(value, from, encoding) !== -1;
  };
  const swap = (size) =>
    function () {
      if (this.length % size !== 0) throw rangeError('ERR_INVALID_BUFFER_SIZE', `Buffer size must be a multiple of ${size * 8}-bits`);
      for (let i = 0; i < this.length; i += size) {
        for (let a = i, b = i + size - 1; a < b; a++, b--) [this[a], this[b]] = [this[b], this[a]];
      }
      return this;
    };
  proto.swap16 = swap(2);
  proto.swap32 = swap(4);
  proto.swap64 = swap(8);
  proto.toLocaleString = proto.toString;
  proto.inspect = function () {
    const shown = Array.from(this.subarray(0, 50), (b) => b.toString(16).padStart(2, '0')).join(' ');
    return `<Buffer${shown ? ' ' + shown : ''}${this.length > 50 ? ` ... ${this.length - 50} more bytes` : ''}>`;
  };

  // Whether the bytes are well-formed UTF-8 (no overlongs, surrogates or values past U+10FFFF).
  function isUtf8(input) {
    const b = input instanceof ArrayBuffer ? new Uint8Array(input) : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    for (let i = 0; i < b.length; ) {
      const c = b[i];
      const [n, low, high] = c < 0x80 ? [0] : c >= 0xc2 && c <= 0xdf ? [1, 0x80, 0xbf] : c === 0xe0 ? [2, 0xa0, 0xbf] : c === 0xed ? [2, 0x80, 0x9f] : c >= 0xe1 && c <= 0xef ? [2, 0x80, 0xbf] : c === 0xf0 ? [3, 0x90, 0xbf] : c >= 0xf1 && c <= 0xf3 ? [3, 0x80, 0xbf] : c === 0xf4 ? [3, 0x80, 0x8f] : [-1];
      if (n < 0 || i + n >= b.length + (n ? 0 : 1)) return false;
      for (let k = 1; k <= n; k++) {
        const next = b[i + k];
        if (k === 1 ? next < low || next > high : next < 0x80 || next > 0xbf) return false;
      }
      i += n + 1;
    }
    return true;
  }

  Object.assign(modules.buffer, {
    kMaxLength,
    constants: Object.freeze({ MAX_LENGTH: kMaxLength, MAX_STRING_LENGTH: 2 ** 29 - 24 }),
    isUtf8,
  });
})(globalThis);
