// fs's streams as Node's stream classes (js/node_streams.js): `createReadStream` a Readable of
// the file's bytes (from `start` to `end`, in `highWaterMark` pieces), `createWriteStream` a
// Writable that writes each chunk as it comes (`flags: 'a'` appends), through fs's checked
// reads and writes (node_fs.rs). `fs.ReadStream`/`fs.WriteStream` are the classes, for the
// `instanceof` checks packages make. A file that cannot be read or written is the stream's
// `error` (with Node's code), then its `close`.
(function (g) {
  'use strict';
  const modules = g.__ferridriver_modules;
  const fs = modules.fs;
  const { Readable, Writable } = modules.stream;
  const later = (fn) => queueMicrotask(fn);
  const pathOf = (file) => (file instanceof g.URL ? modules.url.fileURLToPath(file) : String(file));

  // A turn later: `open` the file (a failure is the stream's error), then `open` and `ready`.
  function openSoon(stream, open) {
    later(() => {
      if (stream.destroyed) return;
      try {
        open();
      } catch (e) {
        stream.destroy(e);
        return;
      }
      stream.pending = false;
      stream.emit('open');
      stream.emit('ready');
    });
  }

  const rangeError = (name, value) =>
    Object.assign(new RangeError(`The value of "${name}" is out of range. It must be >= 0 && <= 9007199254740991. Received ${value}`), { code: 'ERR_OUT_OF_RANGE' });

  class ReadStream extends Readable {
    constructor(file, options) {
      if (typeof options === 'string') options = { encoding: options };
      options = options || {};
      const start = options.start === undefined ? undefined : options.start;
      const end = options.end === undefined || options.end === null ? Infinity : options.end;
      if (start !== undefined && !(start >= 0)) throw rangeError('start', start);
      if (!(end >= 0)) throw rangeError('end', end);
      if (start !== undefined && start > end) {
        throw Object.assign(new RangeError(`The value of "start" is out of range. It must be <= "end" (here: ${end}). Received ${start}`), { code: 'ERR_OUT_OF_RANGE' });
      }
      super({ highWaterMark: options.highWaterMark || 64 * 1024, encoding: options.encoding, emitClose: options.emitClose });
      this.path = pathOf(file);
      // Node's own fields (form-data reads `fd`, `start` and `end` to size an upload).
      this.fd = null;
      this.flags = options.flags || 'r';
      this.mode = options.mode || 0o666;
      this.start = start;
      this.end = end;
      this.bytesRead = 0;
      this.pending = true;
      this._range = [start || 0, end === Infinity ? Infinity : end + 1];
      this._whole = null;
      this._rest = null;
      // Opened at once, as Node's: a file that cannot be read is an `error` even with no one
      // reading yet.
      openSoon(this, () => this._load());
    }
    // The file is read once, whole (fs reads whole files, checked in Rust), when it is opened.
    _load() {
      if (this._whole === null) {
        this._whole = fs.readFileSync(this.path).subarray(...this._range);
        this._rest = this._whole;
      }
    }
    // The whole range at once, for `this.attach(fs.createReadStream(p))` (js/cucumber.js).
    get __ferridriverBytes() {
      this._load();
      return this._whole;
    }
    _read(size) {
      try {
        this._load();
      } catch (e) {
        this.destroy(e);
        return;
      }
      const chunk = this._rest.subarray(0, size);
      this._rest = this._rest.subarray(chunk.length);
      this.bytesRead += chunk.length;
      if (chunk.length) this.push(chunk);
      if (!this._rest.length) this.push(null);
    }
    close(callback) {
      if (callback) whenClosed(this, callback);
      this.destroy();
    }
  }

  // `close(callback)`: called back once the stream is closed, at once if it is already.
  function whenClosed(stream, callback) {
    if (stream.closed) later(() => callback());
    else stream.once('close', () => callback());
  }

  class WriteStream extends Writable {
    constructor(file, options = {}) {
      if (typeof options === 'string') options = { encoding: options };
      super({ decodeStrings: true, defaultEncoding: options.encoding || 'utf8', emitClose: options.emitClose });
      this.path = pathOf(file);
      this.bytesWritten = 0;
      this.pending = true;
      const flags = String(options.flags || 'w');
      // Writing in place (`r+`, a `start`) is not provided: it would be done as an append.
      if (flags.startsWith('r') || options.start !== undefined) {
        throw Object.assign(new Error(`fs.createWriteStream: ${options.start !== undefined ? 'a start position' : `flags '${flags}'`} is not provided by ferridriver (write a new file with 'w', or append with 'a')`), { code: 'ERR_FERRIDRIVER_NOT_PROVIDED' });
      }
      this.flags = flags;
      this.fd = null;
      this._append = flags.startsWith('a');
      this._exclusive = flags.includes('x');
      this._created = false;
      // The file exists once the stream is open, as Node's.
      openSoon(this, () => this._open());
    }
    _open() {
      if (this._created) return;
      if (this._exclusive && fs.existsSync(this.path)) {
        throw Object.assign(new Error(`EEXIST: file already exists, open '${this.path}'`), { code: 'EEXIST', errno: -17, syscall: 'open', path: this.path });
      }
      if (this._append) fs.appendFileSync(this.path, '');
      else fs.writeFileSync(this.path, '');
      this._created = true;
    }
    _write(chunk, encoding, callback) {
      try {
        this._open();
        fs.appendFileSync(this.path, chunk);
      } catch (e) {
        callback(e);
        return;
      }
      this.bytesWritten += chunk.length;
      callback();
    }
    _final(callback) {
      try {
        this._open();
      } catch (e) {
        callback(e);
        return;
      }
      callback();
    }
    close(callback) {
      if (callback) whenClosed(this, callback);
      if (!this.writableEnded) this.end();
      else if (!this.destroyed && this.writableFinished) this.destroy();
    }
  }

  Object.assign(fs, {
    ReadStream,
    WriteStream,
    createReadStream: (file, options) => new ReadStream(file, options),
    createWriteStream: (file, options) => new WriteStream(file, options),
  });
})(globalThis);
