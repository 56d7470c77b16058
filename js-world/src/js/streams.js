// A ReadableStream with what fetch bodies and everyday step code use: an underlying source with
// `start`, `pull` and `cancel`; `getReader()` (`read`, `releaseLock`, `cancel`, `closed`);
// `locked`, `cancel()` and `for await`. No tee, BYOB readers or queuing strategies. Defined only
// when the engine lacks one.
(function (g) {
  'use strict';
  if (typeof g.ReadableStream === 'function') return;

  g.ReadableStream = class ReadableStream {
    constructor(source = {}) {
      this._source = source;
      this._queue = [];
      this._waiting = [];
      this._state = 'readable';
      this._closeRequested = false;
      this._pulling = false;
      this._disturbed = false;
      this.locked = false;
      this._closed = new Promise((resolve, reject) => { this._settle = { resolve, reject }; });
      this._closed.catch(() => {});
      const stream = this;
      this._controller = {
        enqueue(chunk) {
          if (stream._state !== 'readable' || stream._closeRequested) throw new TypeError('Cannot enqueue into a closed stream');
          const waiter = stream._waiting.shift();
          if (waiter) waiter.resolve({ value: chunk, done: false });
          else stream._queue.push(chunk);
        },
        close() {
          if (stream._state !== 'readable' || stream._closeRequested) throw new TypeError('The stream is already closed');
          stream._closeRequested = true;
          if (!stream._queue.length) stream._finish();
        },
        error(reason) { stream._fail(reason); },
        get desiredSize() { return stream._state === 'readable' ? Math.max(0, 1 - stream._queue.length) : 0; },
      };
      this._started = Promise.resolve()
        .then(() => (typeof source.start === 'function' ? source.start(this._controller) : undefined))
        .catch((e) => this._fail(e));
    }

    _finish() {
      if (this._state !== 'readable') return;
      this._state = 'closed';
      for (const w of this._waiting.splice(0)) w.resolve({ value: undefined, done: true });
      this._settle.resolve();
    }

    _fail(reason) {
      if (this._state !== 'readable') return;
      this._state = 'errored';
      this._error = reason;
      this._queue = [];
      for (const w of this._waiting.splice(0)) w.reject(reason);
      this._settle.reject(reason);
    }

    async _read() {
      this._disturbed = true;
      await this._started;
      if (this._queue.length) {
        const value = this._queue.shift();
        if (this._closeRequested && !this._queue.length) this._finish();
        return { value, done: false };
      }
      if (this._state === 'closed') return { value: undefined, done: true };
      if (this._state === 'errored') throw this._error;
      const next = new Promise((resolve, reject) => this._waiting.push({ resolve, reject }));
      if (typeof this._source.pull === 'function' && !this._pulling) {
        this._pulling = true;
        Promise.resolve()
          .then(() => this._source.pull(this._controller))
          .then(() => { this._pulling = false; }, (e) => { this._pulling = false; this._fail(e); });
      }
      return next;
    }

    async _cancel(reason) {
      this._disturbed = true;
      if (this._state === 'errored') throw this._error;
      if (this._state === 'closed') return;
      this._queue = [];
      this._finish();
      if (typeof this._source.cancel === 'function') await this._source.cancel(reason);
    }

    cancel(reason) {
      if (this.locked) return Promise.reject(new TypeError('Cannot cancel a locked stream'));
      return this._cancel(reason);
    }

    getReader(options) {
      if (options && options.mode === 'byob') throw new TypeError('BYOB readers are not supported');
      if (this.locked) throw new TypeError('ReadableStream is locked to a reader');
      this.locked = true;
      const stream = this;
      let released = false;
      const live = () => { if (released) throw new TypeError('The reader has been released'); };
      return {
        read() { try { live(); } catch (e) { return Promise.reject(e); } return stream._read(); },
        cancel(reason) { try { live(); } catch (e) { return Promise.reject(e); } return stream._cancel(reason); },
        releaseLock() { if (!released) { released = true; stream.locked = false; } },
        get closed() { return stream._closed; },
      };
    }

    async *[Symbol.asyncIterator]() {
      const reader = this.getReader();
      let finished = false;
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) { finished = true; return; }
          yield value;
        }
      } finally {
        // Leaving a `for await` early cancels the stream, as the standard's iterator does.
        if (!finished) await reader.cancel().catch(() => {});
        reader.releaseLock();
      }
    }
  };
})(globalThis);
