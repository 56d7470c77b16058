// Listeners as Playwright's pages and contexts take them (on/once/off/…/waitForEvent), for both.
// What reports an event (a page's subscription, a context watching its pages) is started by
// the owner's `added(owner, event)`, called with each new listener.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { callSite, failure } = pw;
  const DEFAULT_TIMEOUT = 30000;

  function listeners(owner, event) {
    if (!owner._listeners) owner._listeners = new Map();
    if (!owner._listeners.has(event)) owner._listeners.set(event, []);
    return owner._listeners.get(event);
  }

  function report(where, e) {
    g.console.error(`${where} failed: ${e && e.stack ? e.stack : e}`);
  }

  // Calls every listener of `event` (once-listeners leave first); a listener's error, thrown
  // or rejected, is shown as the page's console would and never stops the others.
  function emit(owner, label, event, payload) {
    const list = listeners(owner, event);
    for (const entry of [...list]) {
      if (entry.once) {
        list.splice(list.indexOf(entry), 1);
        // A `once` listener that was the last one: what it started may stop.
        if (list.length === 0 && owner._lastListenerGone) owner._lastListenerGone(event);
      }
      try {
        const result = entry.handler.call(owner, payload);
        if (result && typeof result.then === 'function') result.then(undefined, (e) => report(`${label}.on('${event}') listener`, e));
      } catch (e) {
        report(`${label}.on('${event}') listener`, e);
      }
    }
  }

  // The listener methods of an owner called `label` in messages (Playwright's: `page`,
  // `browserContext`).
  function emitterMethods(label, added, removed) {
    function add(owner, event, handler, once) {
      if (typeof handler !== 'function') throw new TypeError(`${label}.on('${event}'): the listener must be a function`);
      listeners(owner, event).push({ handler, once });
      added(owner, event);
      return owner;
    }
    return {
      _lastListenerGone(event) {
        if (removed) removed(this, event);
      },
      on(event, handler) {
        return add(this, event, handler, false);
      },
      addListener(event, handler) {
        return add(this, event, handler, false);
      },
      once(event, handler) {
        return add(this, event, handler, true);
      },
      off(event, handler) {
        const list = listeners(this, event);
        const i = list.findIndex((l) => l.handler === handler);
        if (i >= 0) list.splice(i, 1);
        // What the owner started for the event may stop with its last listener.
        if (removed && list.length === 0) removed(this, event);
        return this;
      },
      removeListener(event, handler) {
        return this.off(event, handler);
      },
      removeAllListeners(event) {
        const events = event === undefined ? [...(this._listeners || new Map()).keys()] : [event];
        if (event === undefined) this._listeners = new Map();
        else listeners(this, event).length = 0;
        if (removed) events.forEach((e) => removed(this, e));
        return this;
      },
      listenerCount(event) {
        return listeners(this, event).length;
      },
      // Resolves with the first payload the predicate accepts (sync or async), or rejects with
      // Playwright's TimeoutError.
      waitForEvent(event, optionsOrPredicate) {
        const site = callSite();
        const options = typeof optionsOrPredicate === 'function' ? { predicate: optionsOrPredicate } : optionsOrPredicate || {};
        // The method messages name (`waitForRequest` waits through this one).
        const api = options._api || 'waitForEvent';
        // Its own timeout, else the page's (or context's) setDefaultTimeout, else 30 s.
        // (A WebSocket's waits take its page's.)
        const fallback = pw.defaultTimeoutOf(this._timeoutOwner ? this._timeoutOwner() : this, false);
        const timeout =
          typeof options.timeout === 'number' ? options.timeout : fallback === null ? DEFAULT_TIMEOUT : fallback;
        return new Promise((resolve, reject) => {
          let timer = null;
          // Events that end the wait with an error (a socket's close: `_waitRejections`).
          const rejections = (this._waitRejections ? this._waitRejections(event) : []).map(([owner, name, error]) => {
            const stop = () => {
              settle();
              const e = error();
              e.message = `${label}.${api}: ${e.message}`;
              reject(e);
            };
            return [owner, name, stop];
          });
          const settle = () => {
            this.off(event, handler);
            for (const [owner, name, stop] of rejections) owner.off(name, stop);
            if (timer !== null) g.clearTimeout(timer);
          };
          const handler = async (payload) => {
            try {
              if (options.predicate && !(await options.predicate(payload))) return;
            } catch (e) {
              settle();
              reject(e);
              return;
            }
            settle();
            // The page's event pump lets the code awaiting this run before its next event.
            pw.waiterSettled = true;
            resolve(payload);
          };
          add(this, event, handler, false);
          for (const [owner, name, stop] of rejections) owner.on(name, stop);
          if (timeout > 0) {
            timer = g.setTimeout(() => {
              settle();
              const message = `${label}.${api}: Timeout ${timeout}ms exceeded while waiting for event "${event}"`;
              reject(failure(site, 'TimeoutError', message));
            }, timeout);
          }
        });
      },
    };
  }

  Object.assign(pw, { emitterMethods, listenersOf: listeners, emitTo: emit, reportListenerError: report });
  // A browser's listeners (`disconnected`, emitted when `browser.close()` closes it: js/launchers.js).
  Object.assign(g.__ferridriver_modules.playwright.Browser.prototype, emitterMethods('browser', () => undefined));
})(globalThis);
