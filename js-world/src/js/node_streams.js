// Node's stream classes for the JS world — Readable, Writable, Duplex, Transform, PassThrough,
// `pipeline`, `finished`, `Readable.from` and `stream/promises` — on the legacy `Stream` base of
// js/node_extra.js, so that packages written for Node streams (HTTP clients, loggers, zlib
// users, `for await` over a body) run unchanged. This file: Readable and what every class
// shares; js/node_stream_classes.js the writable side, the others and the functions. Byte streams hold Buffers (strings are
// encoded unless an encoding is set), object streams any value; a high-water mark gives back
// pressure (`write` answers false, then `drain`; `_read` is asked for more only below it).
// Events come as Node's do, one turn of the job queue later: `data`, `readable`, `end`, then
// `close` for a readable; `drain`, `prefinish`, `finish`, then `close` for a writable.
(function (g) {
  'use strict';
  const modules = g.__ferridriver_modules;
  const { Buffer } = modules.buffer;
  const { StringDecoder } = modules.stringDecoder;
  const Stream = modules.stream;
  const later = (fn) => queueMicrotask(fn);

  function codeError(code, message, Kind = Error) {
    const e = new Kind(message);
    e.code = code;
    return e;
  }
  const notImplemented = (name) => codeError('ERR_METHOD_NOT_IMPLEMENTED', `The ${name} method is not implemented`);
  const kindOf = (v) => (v === null ? 'null' : Array.isArray(v) ? 'an instance of Array' : typeof v === 'object' ? `an instance of ${(v.constructor && v.constructor.name) || 'Object'}` : `type ${typeof v} (${String(v)})`);

  function highWaterMark(options, key, objectMode) {
    const v = options[key] !== undefined ? options[key] : options.highWaterMark;
    if (v === undefined || v === null) return objectMode ? 16 : 16 * 1024;
    if (!Number.isInteger(v) || v < 0) throw codeError('ERR_INVALID_ARG_VALUE', `The property 'options.${key in options ? key : 'highWaterMark'}' is invalid. Received ${v}`, TypeError);
    return v;
  }

  // A byte chunk as the stream keeps it: a Buffer (a string encoded with `encoding`).
  function asBytes(chunk, encoding, what) {
    if (typeof chunk === 'string') return Buffer.from(chunk, encoding || 'utf8');
    if (Buffer.isBuffer(chunk)) return chunk;
    if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    throw codeError('ERR_INVALID_ARG_TYPE', `The "${what}" argument must be of type string or an instance of Buffer or Uint8Array. Received ${kindOf(chunk)}`, TypeError);
  }

  // ---- destroy, shared by every class: `_destroy`, then `error` (if any) and `close`.
  function destroy(err, cb) {
    const r = this._readableState;
    const w = this._writableState;
    if ((r && r.destroyed) || (w && w.destroyed)) {
      if (typeof cb === 'function') cb(err);
      return this;
    }
    for (const s of [r, w]) {
      if (!s) continue;
      s.destroyed = true;
      if (err && !s.errored) s.errored = err;
    }
    const self = this;
    let once = false;
    this._destroy(err || null, (e) => {
      if (once) return;
      once = true;
      // The error `_destroy` answers is the one told (Node's: a `_destroy` may swallow it).
      const error = e || null;
      for (const s of [r, w]) if (s) s.closed = true;
      if (typeof cb === 'function') cb(error);
      if (w) later(() => errorBuffer(w));
      later(() => {
        if (error && !(r && r.errorEmitted) && !(w && w.errorEmitted)) {
          if (r) r.errorEmitted = true;
          if (w) w.errorEmitted = true;
          self.emit('error', error);
        }
        if ((r || w).emitClose) self.emit('close');
      });
    });
    return this;
  }
  // Queued writes and `end` callbacks of a destroyed stream learn why they will never be done
  // (once no write is in flight: that one's callback comes first).
  function errorBuffer(w) {
    if (w.writing) return;
    const queued = w.queue.splice(0);
    const ends = w.onFinished.splice(0);
    for (const e of queued) w.length -= e.len;
    const whyWrite = w.errored || codeError('ERR_STREAM_DESTROYED', 'Cannot call write after a stream was destroyed');
    const whyEnd = w.errored || codeError('ERR_STREAM_DESTROYED', 'Cannot call end after a stream was destroyed');
    queued.forEach((e) => typeof e.cb === 'function' && e.cb(whyWrite));
    ends.forEach((f) => f(whyEnd));
  }
  function defaultDestroy(err, cb) {
    cb(err);
  }
  // An error of the stream: destroyed with it (autoDestroy), else only told.
  // (Without autoDestroy: told once, a turn later, and kept as the stream's error.)
  function fail(stream, err) {
    const s = stream._readableState || stream._writableState;
    if (s.autoDestroy) {
      stream.destroy(err);
      return;
    }
    const sides = [stream._readableState, stream._writableState].filter(Boolean);
    if (s.destroyed || sides.some((side) => side.errorEmitted)) return;
    for (const side of sides) {
      side.errored = side.errored || err;
      side.errorEmitted = true;
    }
    later(() => stream.emit('error', err));
  }

  // A constructor as Node's stream classes are: called with `new`, by `class … extends`, or as
  // `Base.call(this, options)` from a subclass made with util.inherits (older packages).
  function constructorOf(name, Parent, init, proto) {
    const C = {
      [name]: function (options) {
        if (!(this instanceof C)) return new C(options);
        init.call(this, options || {});
      },
    }[name];
    C.prototype = proto;
    Object.defineProperty(proto, 'constructor', { value: C, writable: true, configurable: true });
    Object.setPrototypeOf(C, Parent);
    return C;
  }

  // What either side of a stream keeps of its life: destroyed, closed, the error, whether it
  // destroys itself once done and tells `close`.
  function lifeState(options) {
    return {
      destroyed: false,
      closed: false,
      errored: null,
      errorEmitted: false,
      autoDestroy: options.autoDestroy !== false,
      emitClose: options.emitClose !== false,
    };
  }

  // ---- Readable
  function initReadable(options) {
    Stream.call(this, options);
    const objectMode = !!(options.objectMode || options.readableObjectMode);
    this._readableState = {
      objectMode,
      highWaterMark: highWaterMark(options, 'readableHighWaterMark', objectMode),
      buffer: [],
      length: 0,
      flowing: null,
      started: false,
      ended: false,
      endScheduled: false,
      endEmitted: false,
      reading: false,
      readableListening: false,
      readableNeeded: false,
      scheduled: false,
      decoder: null,
      encoding: null,
      ...lifeState(options),
      pipes: new Map(),
    };
    if (options.encoding) this.setEncoding(options.encoding);
    if (typeof options.read === 'function') this._read = options.read;
    if (typeof options.destroy === 'function') this._destroy = options.destroy;
  }
  // The methods (a class for `super`; never made itself).
  class ReadableMethods extends Stream {
    _read() {
      throw notImplemented('_read()');
    }
    push(chunk, encoding) {
      return addChunk(this, chunk, encoding, false);
    }
    unshift(chunk, encoding) {
      return addChunk(this, chunk, encoding, true);
    }
    // Paused mode: everything buffered (object mode: one value), `n` bytes, or null.
    read(n) {
      const s = this._readableState;
      s.started = true;
      let out = null;
      if (n !== 0 && s.length > 0) {
        if (s.objectMode) {
          out = s.buffer.shift();
          s.length -= 1;
        } else if (n === undefined || n >= s.length) {
          if (n === undefined || s.ended || n === s.length) {
            out = s.decoder ? s.buffer.join('') : Buffer.concat(s.buffer);
            s.buffer = [];
            s.length = 0;
          }
        } else {
          out = take(s, n);
        }
      }
      if (s.ended && s.length === 0) endReadable(this);
      else if (!s.reading && !s.ended && wantsMore(s)) askForMore(this);
      if (out !== null) this.emit('data', out);
      return out;
    }
    on(event, listener) {
      return listening(this, event, super.on(event, listener));
    }
    addListener(event, listener) {
      return listening(this, event, super.addListener(event, listener));
    }
    once(event, listener) {
      return listening(this, event, super.once(event, listener));
    }
    prependListener(event, listener) {
      return listening(this, event, super.prependListener(event, listener));
    }
    prependOnceListener(event, listener) {
      return listening(this, event, super.prependOnceListener(event, listener));
    }
    removeListener(event, listener) {
      const result = super.removeListener(event, listener);
      if (event === 'readable' && this.listenerCount('readable') === 0) this._readableState.readableListening = false;
      return result;
    }
    off(event, listener) {
      return this.removeListener(event, listener);
    }
    resume() {
      const s = this._readableState;
      if (!s.flowing) {
        s.flowing = !s.readableListening;
        s.started = true;
        later(() => this.emit('resume'));
        schedule(this);
      }
      return this;
    }
    pause() {
      const s = this._readableState;
      if (s.flowing !== false) {
        s.flowing = false;
        this.emit('pause');
      }
      return this;
    }
    isPaused() {
      return this._readableState.flowing === false;
    }
    setEncoding(encoding) {
      const s = this._readableState;
      s.decoder = new StringDecoder(encoding);
      s.encoding = s.decoder.encoding;
      // What is buffered already reads as text too.
      const bytes = Buffer.concat(s.buffer.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)));
      const text = bytes.length ? s.decoder.write(bytes) : '';
      s.buffer = text ? [text] : [];
      s.length = text.length;
      return this;
    }
    pipe(destination, options = {}) {
      const source = this;
      const s = this._readableState;
      const onData = (chunk) => {
        if (destination.write(chunk) === false) source.pause();
      };
      const onDrain = () => {
        if (s.pipes.has(destination)) source.resume();
      };
      const onEnd = () => destination.end();
      const onError = (err) => {
        source.unpipe(destination);
        if (destination.listenerCount('error') === 0) destination.emit('error', err);
      };
      const onClose = () => source.unpipe(destination);
      s.pipes.set(destination, () => {
        source.removeListener('data', onData);
        source.removeListener('end', onEnd);
        destination.removeListener('drain', onDrain);
        destination.removeListener('error', onError);
        destination.removeListener('close', onClose);
      });
      source.on('data', onData);
      if (options.end !== false) source.once('end', onEnd);
      destination.on('drain', onDrain);
      destination.once('error', onError);
      destination.once('close', onClose);
      destination.emit('pipe', source);
      if (!s.flowing) source.resume();
      return destination;
    }
    unpipe(destination) {
      const s = this._readableState;
      const targets = destination ? [destination] : [...s.pipes.keys()];
      for (const t of targets) {
        const cleanup = s.pipes.get(t);
        if (!cleanup) continue;
        cleanup();
        s.pipes.delete(t);
        t.emit('unpipe', this);
      }
      if (s.pipes.size === 0 && targets.length) s.flowing = false;
      return this;
    }
    // As Node's: what `read()` gives, until the end; leaving early destroys the stream.
    async *[Symbol.asyncIterator]() {
      const stream = this;
      const state = stream._readableState;
      let wake = null;
      // Already over: ended (nothing more to give) or destroyed (why, or a premature close).
      let ended = state.endEmitted;
      let error = !ended && state.destroyed ? state.errored || codeError('ERR_STREAM_PREMATURE_CLOSE', 'Premature close') : null;
      const nudge = () => {
        const w = wake;
        wake = null;
        if (w) w();
      };
      const onEnd = () => {
        ended = true;
        nudge();
      };
      const onError = (e) => {
        error = e;
        nudge();
      };
      const onClose = () => {
        if (!ended && !error) error = codeError('ERR_STREAM_PREMATURE_CLOSE', 'Premature close');
        nudge();
      };
      stream.on('readable', nudge);
      stream.on('end', onEnd);
      stream.on('error', onError);
      stream.on('close', onClose);
      let completed = false;
      try {
        for (;;) {
          const chunk = stream.destroyed ? null : stream.read();
          if (chunk !== null) {
            yield chunk;
          } else if (ended) {
            completed = true;
            return;
          } else if (error) {
            throw error;
          } else {
            await new Promise((resolve) => (wake = resolve));
          }
        }
      } finally {
        stream.removeListener('readable', nudge);
        stream.removeListener('end', onEnd);
        stream.removeListener('close', onClose);
        // The error this loop threw may still be on its way as an event: it is handled.
        if (error) stream.on('error', () => {});
        stream.removeListener('error', onError);
        if (!completed && !stream.destroyed) stream.destroy();
      }
    }
    async toArray() {
      const all = [];
      for await (const chunk of this) all.push(chunk);
      return all;
    }
    get readable() {
      const s = this._readableState;
      return s.readableOverride !== undefined ? s.readableOverride : !s.destroyed && !s.errored && !s.endEmitted;
    }
    set readable(value) {
      this._readableState.readableOverride = !!value;
    }
    get readableEnded() {
      return this._readableState.endEmitted;
    }
    get readableLength() {
      return this._readableState.length;
    }
    get readableFlowing() {
      return this._readableState.flowing;
    }
    get readableObjectMode() {
      return this._readableState.objectMode;
    }
    get readableHighWaterMark() {
      return this._readableState.highWaterMark;
    }
    get readableEncoding() {
      return this._readableState.encoding;
    }
    get destroyed() {
      const s = this._readableState || this._writableState;
      return s.destroyed;
    }
    get closed() {
      const s = this._readableState || this._writableState;
      return s.closed;
    }
    get errored() {
      const s = this._readableState || this._writableState;
      return s.errored;
    }
  }
  const Readable = constructorOf('Readable', Stream, initReadable, ReadableMethods.prototype);
  Readable.prototype.destroy = destroy;
  Readable.prototype._destroy = defaultDestroy;

  // A `data` listener starts the flow (unless paused on purpose); a `readable` one switches to
  // paused reading.
  function listening(stream, event, result) {
    const s = stream._readableState;
    if (event === 'data') {
      if (s.flowing !== false) stream.resume();
    } else if (event === 'readable' && !s.endEmitted) {
      s.readableListening = true;
      s.readableNeeded = true;
      s.flowing = false;
      s.started = true;
      schedule(stream);
    }
    return result;
  }

  // Below the high-water mark, or empty: a mark of 0 still reads when nothing is buffered
  // (as Node's, which streams that only relay, such as got's, rely on).
  const wantsMore = (s) => s.length === 0 || s.length < s.highWaterMark;

  // The first `n` bytes (or characters) of the buffer.
  function take(s, n) {
    const parts = [];
    let left = n;
    while (left > 0 && s.buffer.length) {
      const head = s.buffer[0];
      if (head.length <= left) {
        parts.push(s.buffer.shift());
        left -= head.length;
      } else {
        parts.push(head.slice(0, left));
        s.buffer[0] = head.slice(left);
        left = 0;
      }
    }
    s.length -= n - left;
    return s.decoder ? parts.join('') : Buffer.concat(parts);
  }

  function addChunk(stream, chunk, encoding, front) {
    const s = stream._readableState;
    if (!front) s.reading = false;
    if (chunk === null) {
      if (!s.ended) {
        s.ended = true;
        if (s.decoder) {
          const rest = s.decoder.end();
          if (rest) {
            s.buffer.push(rest);
            s.length += rest.length;
          }
        }
        s.readableNeeded = true;
        schedule(stream);
      }
      return false;
    }
    if (s.destroyed) return false;
    if (s.ended && !front) {
      fail(stream, codeError('ERR_STREAM_PUSH_AFTER_EOF', 'stream.push() after EOF'));
      return false;
    }
    if (!s.objectMode) {
      if (!(typeof chunk === 'string' && s.decoder && (!encoding || encoding === s.encoding))) {
        try {
          chunk = asBytes(chunk, encoding, 'chunk');
        } catch (e) {
          fail(stream, e);
          return false;
        }
        if (s.decoder) chunk = s.decoder.write(chunk);
      }
      if (chunk.length === 0) return wantsMore(s);
    } else if (chunk === undefined) {
      return wantsMore(s);
    }
    if (front) s.buffer.unshift(chunk);
    else s.buffer.push(chunk);
    s.length += s.objectMode ? 1 : chunk.length;
    s.readableNeeded = true;
    schedule(stream);
    return wantsMore(s);
  }

  // One pass of the readable side, a turn later: data to a flowing consumer, `readable` to a
  // paused one, the end once everything was taken, and `_read` asked for more below the mark.
  function schedule(stream) {
    const s = stream._readableState;
    if (s.scheduled) return;
    s.scheduled = true;
    later(() => {
      s.scheduled = false;
      flow(stream);
    });
  }
  function flow(stream) {
    const s = stream._readableState;
    if (s.destroyed) return;
    while (s.flowing && s.buffer.length) {
      const chunk = s.buffer.shift();
      s.length -= s.objectMode ? 1 : chunk.length;
      stream.emit('data', chunk);
    }
    if (!s.flowing && s.readableListening && s.readableNeeded && (s.length > 0 || s.ended)) {
      s.readableNeeded = false;
      stream.emit('readable');
    }
    if (s.ended) {
      if (s.length === 0 && s.started) endReadable(stream);
      return;
    }
    if (s.started && !s.reading && wantsMore(s)) askForMore(stream);
  }
  function askForMore(stream) {
    const s = stream._readableState;
    if (s.reading || s.ended || s.destroyed) return;
    s.reading = true;
    try {
      stream._read(s.objectMode ? 1 : s.highWaterMark);
    } catch (e) {
      fail(stream, e);
    }
  }
  function endReadable(stream) {
    const s = stream._readableState;
    if (s.endScheduled) return;
    s.endScheduled = true;
    later(() => {
      if (s.endEmitted || s.length !== 0 || s.destroyed) return;
      s.endEmitted = true;
      stream.emit('end');
      const w = stream._writableState;
      if (w && stream.allowHalfOpen === false && !w.ending) stream.end();
      if (s.autoDestroy && (!w || (w.autoDestroy && (w.finished || w.writableOverride === false)))) stream.destroy();
    });
  }

  Readable.from = function from(iterable, options = {}) {
    if (typeof iterable === 'string' || Buffer.isBuffer(iterable)) {
      return new Readable({
        objectMode: true,
        ...options,
        read() {
          this.push(iterable);
          this.push(null);
        },
      });
    }
    const iterator =
      iterable && typeof iterable[Symbol.asyncIterator] === 'function'
        ? iterable[Symbol.asyncIterator]()
        : iterable && typeof iterable[Symbol.iterator] === 'function'
          ? iterable[Symbol.iterator]()
          : null;
    if (!iterator) throw codeError('ERR_INVALID_ARG_TYPE', `The "iterable" argument must be an instance of Iterable. Received ${kindOf(iterable)}`, TypeError);
    let pulling = false;
    const readable = new Readable({
      objectMode: true,
      highWaterMark: 1,
      ...options,
      read() {
        if (pulling) return;
        pulling = true;
        pull();
      },
      // The iterator is closed either way, so its `finally` blocks run.
      destroy(err, cb) {
        Promise.resolve(typeof iterator.return === 'function' ? iterator.return() : undefined).then(() => cb(err), () => cb(err));
      },
    });
    async function pull() {
      try {
        for (;;) {
          const { value, done } = await iterator.next();
          if (done) {
            readable.push(null);
            return;
          }
          const v = value && typeof value.then === 'function' ? await value : value;
          if (v === null) throw codeError('ERR_STREAM_NULL_VALUES', 'May not write null values to stream', TypeError);
          if (!readable.push(v)) {
            pulling = false;
            return;
          }
        }
      } catch (e) {
        readable.destroy(e);
      }
    }
    return readable;
  };

  // For js/node_stream_classes.js, which takes them off the global object.
  g.__ferridriver_stream_parts = { codeError, notImplemented, highWaterMark, asBytes, destroy, defaultDestroy, fail, later, kindOf, constructorOf, lifeState, errorBuffer, initReadable, Readable };
})(globalThis);
