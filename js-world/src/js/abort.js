// DOMException, AbortController and AbortSignal as the WHATWG DOM standard defines them, for
// `fetch(url, { signal })` and for npm packages that accept a signal. Defined only when the
// engine lacks them. Listeners are held by the signal itself (no general EventTarget).
(function (g) {
  'use strict';

  if (typeof g.DOMException !== 'function') {
    const codes = { AbortError: 20, TimeoutError: 23, NotSupportedError: 9, InvalidStateError: 11 };
    g.DOMException = class DOMException extends Error {
      constructor(message = '', name = 'Error') {
        super(message);
        Object.defineProperty(this, 'name', { value: String(name), configurable: true, writable: true });
      }
      get code() { return codes[this.name] || 0; }
    };
  }

  if (typeof g.AbortSignal !== 'function') {
    // Only AbortController (and the static helpers) may create signals, as in browsers.
    const token = Symbol('AbortSignal');
    g.AbortSignal = class AbortSignal {
      constructor(key) {
        if (key !== token) throw new TypeError('Illegal constructor');
        this.aborted = false;
        this.reason = undefined;
        this.onabort = null;
        this._listeners = [];
      }
      throwIfAborted() { if (this.aborted) throw this.reason; }
      addEventListener(type, listener, options) {
        if (type !== 'abort' || typeof listener !== 'function') return;
        if (this._listeners.some((l) => l.listener === listener)) return;
        this._listeners.push({ listener, once: !!(options && options.once) });
      }
      removeEventListener(type, listener) {
        if (type === 'abort') this._listeners = this._listeners.filter((l) => l.listener !== listener);
      }
      dispatchEvent(event) {
        const listeners = this._listeners.slice();
        this._listeners = this._listeners.filter((l) => !l.once);
        if (typeof this.onabort === 'function') this.onabort.call(this, event);
        for (const { listener } of listeners) listener.call(this, event);
        return true;
      }
      _abort(reason) {
        if (this.aborted) return;
        this.aborted = true;
        this.reason = reason === undefined ? new g.DOMException('This operation was aborted', 'AbortError') : reason;
        this.dispatchEvent({ type: 'abort', target: this });
      }
      static abort(reason) {
        const signal = new AbortSignal(token);
        signal._abort(reason);
        return signal;
      }
      static timeout(ms) {
        const signal = new AbortSignal(token);
        g.setTimeout(() => signal._abort(new g.DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
        return signal;
      }
      static any(signals) {
        const signal = new AbortSignal(token);
        for (const s of signals) {
          if (s.aborted) {
            signal._abort(s.reason);
            return signal;
          }
        }
        for (const s of signals) s.addEventListener('abort', () => signal._abort(s.reason), { once: true });
        return signal;
      }
    };
    g.AbortController = class AbortController {
      constructor() { this.signal = new g.AbortSignal(token); }
      abort(reason) { this.signal._abort(reason); }
    };
  }
})(globalThis);
