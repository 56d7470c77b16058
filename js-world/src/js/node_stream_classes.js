// Node's writable side and the rest of node:stream (js/node_streams.js has Readable): Writable
// (`write` with back pressure and `drain`, `_writev` batches, `cork`, `_final`, `finish`),
// Duplex, Transform (`_transform`/`_flush`, held while its readable side is full),
// PassThrough, `finished`, `pipeline` (streams, iterables and async-generator stages) and
// `stream/promises`.
(function (g) {
  'use strict';
  const modules = g.__ferridriver_modules;
  const Stream = modules.stream;
  const parts = g.__ferridriver_stream_parts;
  delete g.__ferridriver_stream_parts;
  const { codeError, notImplemented, highWaterMark, asBytes, destroy, defaultDestroy, fail, later, constructorOf, lifeState, errorBuffer, initReadable, Readable } = parts;

  // ---- Writable
  function initWritable(stream, options) {
    const objectMode = !!(options.objectMode || options.writableObjectMode);
    stream._writableState = {
      objectMode,
      highWaterMark: highWaterMark(options, 'writableHighWaterMark', objectMode),
      decodeStrings: options.decodeStrings !== false,
      defaultEncoding: options.defaultEncoding || 'utf8',
      queue: [],
      length: 0,
      writing: false,
      current: null,
      sync: false,
      corked: 0,
      ending: false,
      finalCalled: false,
      finalPending: false,
      finished: false,
      needDrain: false,
      ...lifeState(options),
      // `end`'s callbacks: called just before `finish` is emitted, as Node's.
      onFinished: [],
    };
    if (typeof options.write === 'function') stream._write = options.write;
    if (typeof options.writev === 'function') stream._writev = options.writev;
    if (typeof options.final === 'function') stream._final = options.final;
    if (typeof options.destroy === 'function') stream._destroy = options.destroy;
  }

  const Writable = constructorOf(
    'Writable',
    Stream,
    function (options) {
      Stream.call(this, options);
      initWritable(this, options);
    },
    Object.create(Stream.prototype),
  );
  const writableMethods = {
    _write(chunk, encoding, callback) {
      if (typeof this._writev === 'function') this._writev([{ chunk, encoding }], callback);
      else throw notImplemented('_write()');
    },
    write(chunk, encoding, cb) {
      if (typeof encoding === 'function') {
        cb = encoding;
        encoding = null;
      }
      const w = this._writableState;
      if (chunk === null) throw codeError('ERR_STREAM_NULL_VALUES', 'May not write null values to stream', TypeError);
      if (!w.objectMode) {
        if (typeof chunk === 'string' && !w.decodeStrings) {
          encoding = encoding || w.defaultEncoding;
        } else {
          chunk = asBytes(chunk, encoding || w.defaultEncoding, 'chunk');
          encoding = 'buffer';
        }
      }
      let err = null;
      if (w.ending) err = codeError('ERR_STREAM_WRITE_AFTER_END', 'write after end');
      else if (w.destroyed) err = codeError('ERR_STREAM_DESTROYED', 'Cannot call write after a stream was destroyed');
      if (err) {
        later(() => typeof cb === 'function' && cb(err));
        fail(this, err);
        return false;
      }
      const len = w.objectMode ? 1 : chunk.length;
      w.length += len;
      const below = w.length < w.highWaterMark;
      if (!below) w.needDrain = true;
      const entry = { chunk, encoding, cb, len };
      if (w.writing || w.corked || w.errored) w.queue.push(entry);
      else doWrite(this, [entry]);
      return below && !w.errored && !w.destroyed;
    },
    end(chunk, encoding, cb) {
      if (typeof chunk === 'function') {
        cb = chunk;
        chunk = null;
        encoding = null;
      } else if (typeof encoding === 'function') {
        cb = encoding;
        encoding = null;
      }
      const w = this._writableState;
      if (chunk !== null && chunk !== undefined) this.write(chunk, encoding);
      if (w.corked) {
        w.corked = 1;
        this.uncork();
      }
      if (!w.ending) {
        w.ending = true;
        finishMaybe(this);
      }
      if (typeof cb === 'function') {
        if (w.finished) later(() => cb());
        else if (w.errored || w.destroyed) later(() => cb(w.errored || codeError('ERR_STREAM_DESTROYED', 'Cannot call end after a stream was destroyed')));
        else w.onFinished.push(cb);
      }
      return this;
    },
    cork() {
      this._writableState.corked++;
    },
    uncork() {
      const w = this._writableState;
      if (w.corked) {
        w.corked--;
        if (!w.corked && !w.writing) clearQueue(this);
      }
    },
    setDefaultEncoding(encoding) {
      this._writableState.defaultEncoding = String(encoding).toLowerCase();
      return this;
    },
  };
  const writableGetters = {
    writable() {
      const w = this._writableState;
      return w.writableOverride !== undefined ? w.writableOverride : !w.destroyed && !w.errored && !w.ending;
    },
    writableEnded() {
      return this._writableState.ending;
    },
    writableFinished() {
      return this._writableState.finished;
    },
    writableLength() {
      return this._writableState.length;
    },
    writableObjectMode() {
      return this._writableState.objectMode;
    },
    writableHighWaterMark() {
      return this._writableState.highWaterMark;
    },
    writableNeedDrain() {
      return this._writableState.needDrain;
    },
    writableCorked() {
      return this._writableState.corked;
    },
  };
  function addWritable(proto) {
    for (const [name, fn] of Object.entries(writableMethods)) {
      Object.defineProperty(proto, name, { value: fn, writable: true, configurable: true });
    }
    for (const [name, get] of Object.entries(writableGetters)) {
      const set =
        name === 'writable'
          ? function (value) {
              this._writableState.writableOverride = !!value;
            }
          : undefined;
      Object.defineProperty(proto, name, { get, set, configurable: true });
    }
  }
  addWritable(Writable.prototype);
  for (const name of ['destroyed', 'closed', 'errored']) {
    Object.defineProperty(Writable.prototype, name, Object.getOwnPropertyDescriptor(Readable.prototype, name));
  }
  Writable.prototype.destroy = destroy;
  Writable.prototype._destroy = defaultDestroy;

  function doWrite(stream, entries) {
    const w = stream._writableState;
    w.writing = true;
    w.current = entries;
    w.sync = true;
    let called = false;
    const done = (err) => {
      if (called) {
        fail(stream, codeError('ERR_MULTIPLE_CALLBACK', 'Callback called multiple times'));
        return;
      }
      called = true;
      afterWrite(stream, err);
    };
    try {
      if (entries.length > 1) stream._writev(entries.map(({ chunk, encoding }) => ({ chunk, encoding })), done);
      else stream._write(entries[0].chunk, entries[0].encoding, done);
    } catch (e) {
      if (!called) done(e);
      else fail(stream, e);
    }
    w.sync = false;
  }
  function afterWrite(stream, err) {
    const w = stream._writableState;
    const entries = w.current || [];
    w.writing = false;
    w.current = null;
    for (const e of entries) w.length -= e.len;
    if (err) {
      w.errored = w.errored || err;
      const failed = [...entries, ...w.queue.splice(0)];
      later(() => failed.forEach((e) => typeof e.cb === 'function' && e.cb(err)));
      fail(stream, err);
      return;
    }
    // Whether `_write` called back before returning: its callbacks then wait a turn, so that
    // they never run inside `write()` (read before the queue is worked, which writes again).
    const sync = w.sync;
    const settle = () => {
      if (w.needDrain && w.length === 0 && !w.ending && !w.destroyed) {
        w.needDrain = false;
        stream.emit('drain');
      }
      for (const e of entries) if (typeof e.cb === 'function') e.cb(null);
      if (w.destroyed) errorBuffer(w);
      finishMaybe(stream);
    };
    if (w.queue.length && !w.corked && !w.destroyed) clearQueue(stream);
    if (sync) later(settle);
    else settle();
  }
  // Works the queue in a loop (not by recursion: thousands of corked writes that call back at
  // once would otherwise nest as deep).
  function clearQueue(stream) {
    const w = stream._writableState;
    if (w.clearing) return;
    w.clearing = true;
    try {
      while (!w.writing && w.queue.length && !w.destroyed && !w.corked) {
        if (typeof stream._writev === 'function' && w.queue.length > 1) doWrite(stream, w.queue.splice(0));
        else doWrite(stream, [w.queue.shift()]);
      }
    } finally {
      w.clearing = false;
    }
  }
  function finishMaybe(stream) {
    const w = stream._writableState;
    if (!w.ending || w.writing || w.queue.length || w.finished || w.errored || w.destroyed || w.finalPending) return;
    if (!w.finalCalled) {
      w.finalCalled = true;
      if (typeof stream._final === 'function') {
        w.finalPending = true;
        later(() => {
          if (w.destroyed) return;
          let called = false;
          const done = (err) => {
            if (called) return;
            called = true;
            w.finalPending = false;
            if (err) {
              fail(stream, err);
              return;
            }
            stream.emit('prefinish');
            finish(stream);
          };
          try {
            stream._final(done);
          } catch (e) {
            done(e);
          }
        });
        return;
      }
      stream.emit('prefinish');
    }
    later(() => finish(stream));
  }
  function finish(stream) {
    const w = stream._writableState;
    if (w.finished || w.destroyed || w.errored) return;
    w.finished = true;
    for (const cb of w.onFinished.splice(0)) cb();
    stream.emit('finish');
    const r = stream._readableState;
    if (w.autoDestroy && (!r || (r.autoDestroy && (r.endEmitted || r.readableOverride === false)))) stream.destroy();
  }
  // `x instanceof Writable` holds for a Duplex, as in Node.
  Object.defineProperty(Writable, Symbol.hasInstance, {
    value(object) {
      if (Function.prototype[Symbol.hasInstance].call(this, object)) return true;
      return this === Writable && !!object && !!object._writableState;
    },
  });

  // ---- Duplex, Transform, PassThrough
  function initDuplex(options) {
    initReadable.call(this, options);
    initWritable(this, options);
    this.allowHalfOpen = options.allowHalfOpen !== false;
    if (options.readable === false) this.readable = false;
    if (options.writable === false) this.writable = false;
  }
  const Duplex = constructorOf('Duplex', Readable, initDuplex, Object.create(Readable.prototype));
  addWritable(Duplex.prototype);

  function initTransform(options) {
    initDuplex.call(this, options);
    this._pendingWrite = null;
    if (typeof options.transform === 'function') this._transform = options.transform;
    if (typeof options.flush === 'function') this._flush = options.flush;
  }
  class TransformMethods extends Duplex {
    _transform() {
      throw notImplemented('_transform()');
    }
    _write(chunk, encoding, callback) {
      const r = this._readableState;
      const before = r.length;
      this._transform(chunk, encoding, (err, value) => {
        if (err) {
          callback(err);
          return;
        }
        if (value !== undefined && value !== null) this.push(value);
        // Held while the readable side is full and nobody takes from it (back pressure).
        if (r.ended || before === r.length || r.length < r.highWaterMark) callback();
        else this._pendingWrite = callback;
      });
    }
    _read() {
      const pending = this._pendingWrite;
      if (pending) {
        this._pendingWrite = null;
        pending();
      }
    }
    _final(callback) {
      if (typeof this._flush === 'function' && !this.destroyed) {
        this._flush((err, value) => {
          if (err) {
            callback(err);
            return;
          }
          if (value !== undefined && value !== null) this.push(value);
          this.push(null);
          callback();
        });
      } else {
        this.push(null);
        callback();
      }
    }
  }

  const Transform = constructorOf('Transform', Duplex, initTransform, TransformMethods.prototype);

  const PassThrough = constructorOf('PassThrough', Transform, initTransform, Object.create(Transform.prototype));
  PassThrough.prototype._transform = function (chunk, encoding, callback) {
    callback(null, chunk);
  };

  // ---- finished and pipeline
  // Calls back once the stream is done (ended, finished, or both for a duplex; after its
  // `close` when one comes), with the error that stopped it, or a premature close.
  function finished(stream, options, callback) {
    if (typeof options === 'function') {
      callback = options;
      options = {};
    }
    options = options || {};
    const r = stream._readableState;
    const w = stream._writableState;
    const readable = options.readable !== undefined ? options.readable : !!r && stream.readable !== false;
    const writable = options.writable !== undefined ? options.writable : !!w && stream.writable !== false;
    // `close` is waited for only where it will come: a stream that destroys itself once done,
    // asked about every side it has (a duplex asked about its writing alone is done at
    // `finish`, its readable side may never be read).
    const willClose = !!(r || w) && (r || w).autoDestroy && (r || w).emitClose && !!r === readable && !!w === writable;
    let readableDone = !readable || (r && r.endEmitted);
    let writableDone = !writable || (w && w.finished);
    let called = false;
    const call = (err) => {
      if (called) return;
      called = true;
      cleanup();
      callback.call(stream, err);
    };
    const onEnd = () => {
      readableDone = true;
      if (writableDone && !willClose) call();
    };
    const onFinish = () => {
      writableDone = true;
      if (readableDone && !willClose) call();
    };
    const onError = (err) => call(err);
    const onClose = () => {
      if (readable && !readableDone) call(codeError('ERR_STREAM_PREMATURE_CLOSE', 'Premature close'));
      else if (writable && !writableDone) call(codeError('ERR_STREAM_PREMATURE_CLOSE', 'Premature close'));
      else call();
    };
    stream.on('end', onEnd);
    stream.on('finish', onFinish);
    stream.on('error', onError);
    stream.on('close', onClose);
    const cleanup = () => {
      stream.removeListener('end', onEnd);
      stream.removeListener('finish', onFinish);
      stream.removeListener('error', onError);
      stream.removeListener('close', onClose);
    };
    const s = r || w;
    if (s && s.closed) later(() => (s.errored ? call(s.errored) : onClose()));
    return cleanup;
  }

  const isStream = (v) => !!v && typeof v.on === 'function' && (!!v._readableState || !!v._writableState || typeof v.pipe === 'function');
  // Pipeline options (`{ signal, end }`) after the stages: neither a stream, an iterable nor a
  // function.
  const isOptions = (v) => !!v && typeof v === 'object' && !isStream(v) && typeof v[Symbol.iterator] !== 'function' && typeof v[Symbol.asyncIterator] !== 'function';
  function pipeline(...streams) {
    const callback = typeof streams[streams.length - 1] === 'function' ? streams.pop() : null;
    const options = isOptions(streams[streams.length - 1]) ? streams.pop() : {};
    if (streams.length === 1 && Array.isArray(streams[0])) streams = streams[0];
    if (!callback) throw codeError('ERR_INVALID_ARG_TYPE', 'The "streams[stream.length - 1]" argument must be of type function', TypeError);
    if (streams.length < 2) throw codeError('ERR_MISSING_ARGS', 'The "streams" argument must be specified', TypeError);
    let error = null;
    let done = false;
    let stopListening = () => {};
    const stages = [];
    let last = null;
    let value;
    const finish = (err) => {
      if (done) return;
      if (err && !error) error = err;
      if (!err && !error && pending > 0) return;
      done = true;
      stopListening();
      if (error) for (const s of stages) if (!s.destroyed) s.destroy(error);
      later(() => callback(error || undefined, value));
    };
    let pending = 0;
    streams.forEach((stage, i) => {
      const final = i === streams.length - 1;
      if (i === 0) {
        if (typeof stage === 'function') stage = stage({ signal: options.signal });
        if (!isStream(stage)) stage = Readable.from(stage);
      } else if (typeof stage === 'function') {
        const result = stage(last, { signal: options.signal });
        if (final && result && typeof result.then === 'function') {
          pending++;
          result.then(
            (v) => {
              value = v;
              pending--;
              finish();
            },
            (e) => finish(e),
          );
          return;
        }
        stage = isStream(result) ? result : Readable.from(result);
      } else {
        last.pipe(stage);
      }
      stages.push(stage);
      pending++;
      finished(stage, { readable: !final && !!stage._readableState, writable: i > 0 && !!stage._writableState }, (err) => {
        pending--;
        finish(err);
      });
      last = stage;
    });
    if (options.signal) {
      const signal = options.signal;
      const abort = () => finish(Object.assign(new Error('The operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR', cause: signal.reason }));
      if (signal.aborted) abort();
      else {
        signal.addEventListener('abort', abort, { once: true });
        stopListening = () => signal.removeEventListener('abort', abort);
      }
    }
    return last;
  }

  const promises = {
    pipeline: (...streams) => new Promise((resolve, reject) => pipeline(...streams, (err, value) => (err ? reject(err) : resolve(value)))),
    finished: (stream, options) => new Promise((resolve, reject) => finished(stream, options || {}, (err) => (err ? reject(err) : resolve()))),
  };

  Object.assign(Stream, { Readable, Writable, Duplex, Transform, PassThrough, pipeline, finished, promises });
  modules.streamPromises = promises;
})(globalThis);
