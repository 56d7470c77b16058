// The rest of @cucumber/cucumber's exports (cucumber-js 13): the `world` and `context` proxies
// that arrow functions use instead of `this`, `HookTarget` (a BeforeAll/AfterAll hook `on` the
// coordinator runs once per run), the `Formatter` base class (custom formatters extend it;
// formatter_host.rs runs them), `version`,
// `wrapPromiseWithTimeout` and `parallelCanAssignHelpers`. Evaluated after cucumber.js.
(function (g) {
  'use strict';
  const modules = g.__ferridriver_modules;
  const bridge = g.__ferridriver;
  const api = modules.cucumber;

  // A proxy to what `get` answers at each use, as cucumber-js's `makeProxy`.
  const proxyOf = (get) =>
    new Proxy(
      {},
      {
        defineProperty: (_, key, attributes) => Reflect.defineProperty(get(), key, attributes),
        deleteProperty: (_, key) => Reflect.deleteProperty(get(), key),
        get: (_, key) => Reflect.get(get(), key, get()),
        getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(get(), key),
        getPrototypeOf: () => Reflect.getPrototypeOf(get()),
        has: (_, key) => Reflect.has(get(), key),
        isExtensible: () => Reflect.isExtensible(get()),
        ownKeys: () => Reflect.ownKeys(get()),
        preventExtensions: () => Reflect.preventExtensions(get()),
        set: (_, key, value) => Reflect.set(get(), key, value, get()),
        setPrototypeOf: (_, proto) => Reflect.setPrototypeOf(get(), proto),
      },
    );
  const world = proxyOf(() => {
    const now = bridge.scoped();
    if (now.scope !== 'case' || !now.world) {
      throw new Error('Attempted to access `world` from incorrect scope; only applicable to steps and case-level hooks');
    }
    return now.world;
  });
  const context = proxyOf(() => {
    const now = bridge.scoped();
    if (now.scope !== 'run') {
      throw new Error('Attempted to access `context` from incorrect scope; only applicable to run-level hooks');
    }
    return now.context;
  });

  class Formatter {
    constructor(options) {
      this.colorFns = options.colorFns;
      this.cwd = options.cwd;
      this.eventDataCollector = options.eventDataCollector;
      this.log = options.log;
      this.snippetBuilder = options.snippetBuilder;
      this.stream = options.stream;
      this.supportCodeLibrary = options.supportCodeLibrary;
      this.cleanup = options.cleanup;
      const parsed = options.parsedArgvOptions || {};
      this.printAttachments = parsed.includeAttachments ?? parsed.printAttachments ?? true;
    }
    async finished() {
      if (typeof this.cleanup === 'function') await this.cleanup();
    }
  }
  Formatter.documentation = '';

  function wrapPromiseWithTimeout(promise, timeoutInMilliseconds, timeoutMessage = '') {
    const message = timeoutMessage || `Action did not complete within ${timeoutInMilliseconds} milliseconds`;
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = g.setTimeout(() => reject(new Error(message)), timeoutInMilliseconds);
    });
    return Promise.race([promise, timeout]).finally(() => g.clearTimeout(timer));
  }

  Object.assign(api, {
    world,
    context,
    HookTarget: Object.freeze({ WORKER: 'WORKER', COORDINATOR: 'COORDINATOR' }),
    Formatter,
    // The cucumber-js API these follow.
    version: '13.2.1',
    wrapPromiseWithTimeout,
    // Scenarios are given to workers without cucumber-js's per-pickle gate (setParallelCanAssign
    // does nothing), so its helpers answer "any".
    parallelCanAssignHelpers: Object.freeze({ atMostOnePicklePerTag: () => () => true }),
  });
})(globalThis);
