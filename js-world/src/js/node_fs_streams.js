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
  const pathOf = (file) => String(file instanceof g.URL ? file.pathname : file);

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

  class ReadStream extends Readable {
    constructor(file, options = {}) {
      if (typeof options === 'string') options = { encoding: options };
      super({ highWaterMark: options.highWaterMark || 64 * 1024, encoding: options.encoding, emitClose: options.emitClose });
      this.path = pathOf(file);
      this.bytesRead = 0;
      this.pending = true;
      this._range = [options.start || 0, options.end === undefined ? Infinity : options.end + 1];
      this._rest = null;
      // Opened at once, as Node's: a file that cannot be read is an `error` even with no one
      // reading yet.
      openSoon(this, () => this._load());
    }
    _load() {
      if (this._rest === null) this._rest = fs.readFileSync(this.path).subarray(...this._range);
    }
    // The whole range at once, for `this.attach(fs.createReadStream(p))` (js/cucumber.js).
    get __ferridriverBytes() {
      return fs.readFileSync(this.path).subarray(...this._range);
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
      if (callback) this.once('close', callback);
      this.destroy();
    }
  }

  class WriteStream extends Writable {
    constructor(file, options = {}) {
      if (typeof options === 'string') options = { encoding: options };
      super({ decodeStrings: true, defaultEncoding: options.encoding || 'utf8', emitClose: options.emitClose });
      this.path = pathOf(file);
      this.bytesWritten = 0;
      this.pending = true;
      this._append = String(options.flags || 'w').startsWith('a');
      this._created = false;
      // The file exists once the stream is open, as Node's.
      openSoon(this, () => this._open());
    }
    _open() {
      if (this._created) return;
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
      if (callback) this.once('close', callback);
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
