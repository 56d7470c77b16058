// Which extension tool's handler the running code belongs to, carried across `await`s: the
// global `fetch` answers to that handler's own `allow.net` list (extensions.md). Bundles that
// define tools are compiled with `await` lowered to generators resumed through
// `Promise.prototype.then` (lower_async.rs), so wrapping `then` here is enough to carry the
// handler into every continuation, timer and nested tool call. Evaluated first, before any
// other prelude registers a callback.
(function (g) {
  'use strict';
  const native = g.__ferridriver_native;
  // The running handler's tool index; null outside handlers (then every restricted handler
  // running at that moment binds `fetch`, which fails closed).
  // Rust keeps its own copy, which is what requests are checked against (net_policy.rs).
  let current = null;
  const swap = native.runningSwap || (() => null);
  const then = Promise.prototype.then;
  const enter = (context, fn, self, args) => {
    const saved = current;
    current = context;
    swap(context);
    try {
      return fn.apply(self, args);
    } finally {
      current = saved;
      swap(saved);
    }
  };
  const bind = (fn, context) =>
    typeof fn === 'function' ? function (value) { return enter(context, fn, this, [value]); } : fn;
  Object.defineProperty(Promise.prototype, 'then', {
    value: function then_(onFulfilled, onRejected) {
      if (current === null) return then.call(this, onFulfilled, onRejected);
      return then.call(this, bind(onFulfilled, current), bind(onRejected, current));
    },
    writable: false,
    configurable: false,
    enumerable: false,
  });
  Object.defineProperty(Promise.prototype.then, 'name', { value: 'then' });
  // The engine's own queueMicrotask does not go through `then`: a handler's microtasks (and
  // process.nextTick, built on it) must keep the handler too, or a chain of them would run its
  // requests after the handler ended, outside every allow.net list.
  const engineMicrotask = g.queueMicrotask;
  if (typeof engineMicrotask === 'function') {
    Object.defineProperty(g, 'queueMicrotask', {
      value: function queueMicrotask(fn) {
        return engineMicrotask.call(g, current === null ? fn : bind(fn, current));
      },
      writable: false,
      configurable: false,
      enumerable: true,
    });
  }
  native.asyncContext = Object.freeze({
    current: () => current,
    run: (context, fn) => enter(context, fn, undefined, []),
    // A call from the host starts outside any handler (an interrupted handler cannot leave
    // its identity behind).
    reset: () => { current = null; swap(null); },
  });
})(globalThis);
