// node:vm and node:v8 as far as packages use them to load (monocart-coverage-reports fetches
// `gc` with `v8.setFlagsFromString('--expose_gc')` + `vm.runInNewContext('gc')`). QuickJS has
// one realm per VM, so a "new context" is not a new realm: code runs in this one, with the
// context object's properties as its globals, the ECMAScript built-ins readable, and nothing
// else of the steps' globals (`typeof process` is 'undefined'). Where it differs from Node:
// reading a name nothing defines gives undefined (Node: a ReferenceError), and what the code
// declares (`var x`, `function f`) stays in the evaluation instead of landing on the context. Like Node's vm this is no security boundary; it reaches
// nothing that `eval` does not already reach. What V8 alone can answer (heap statistics,
// snapshots, serialization) says so by name.
(function (g) {
  'use strict';
  const modules = g.__ferridriver_modules;

  const typeError = (message, code) => Object.assign(new TypeError(message), { code });
  const received = (value) =>
    value === null ? 'null' : typeof value === 'object' || typeof value === 'function' ? `an instance of ${value.constructor?.name || 'Object'}` : `type ${typeof value} (${String(value)})`;

  // The globals every V8 context has: what code in a "new context" reads from this realm.
  const STANDARD = new Set(
    ('Object Function Array Number parseFloat parseInt Infinity NaN undefined Boolean String Symbol Date Promise ' +
      'RegExp Error AggregateError EvalError RangeError ReferenceError SyntaxError TypeError URIError JSON Math ' +
      'Intl ArrayBuffer SharedArrayBuffer Atomics Uint8Array Int8Array Uint16Array Int16Array Uint32Array ' +
      'Int32Array Float32Array Float64Array Uint8ClampedArray BigUint64Array BigInt64Array DataView Map BigInt ' +
      'Set WeakMap WeakSet Proxy Reflect FinalizationRegistry WeakRef decodeURI decodeURIComponent encodeURI ' +
      'encodeURIComponent escape unescape eval isFinite isNaN console').split(' '),
  );
  // Names of the evaluator's own parameters, which the context must not hide.
  const SCOPE = '__vm_scope';
  const CODE = '__vm_code';
  // A direct eval inside `with`: a name the code reads or assigns resolves in the scope proxy
  // first, so an undeclared assignment lands on the context object as in Node. The eval runs in
  // a function of its own inside the `with`, so what the code declares (`function f`, `var x`)
  // is found before the proxy, which answers every name.
  // eslint-disable-next-line no-new-func
  const evaluator = new Function(SCOPE, CODE, `with (${SCOPE}) { return (function () { return eval(${CODE}); }).call(this); }`);

  const contexts = new WeakSet();
  let gcExposed = false;
  // QuickJS frees by reference counting as it goes; a forced collection has nothing to add.
  const gc = function gc() {};

  function scopeOf(context) {
    return new Proxy(context, {
      has: (_, key) => key !== SCOPE && key !== CODE && key !== Symbol.unscopables,
      get(target, key) {
        if (key in target) return target[key];
        if (key === 'globalThis') return target;
        if (typeof key === 'string' && STANDARD.has(key)) return g[key];
        if (key === 'gc' && gcExposed) return gc;
        // Node throws a ReferenceError for a name no context defines; a proxy cannot tell that
        // read from `typeof name`, which must answer 'undefined' (UMD code probes `typeof
        // module`, `typeof define`), so both answer undefined.
        return undefined;
      },
      set(target, key, value) {
        target[key] = value;
        return true;
      },
    });
  }

  function runIn(context, code) {
    return evaluator.call(context, scopeOf(context), String(code));
  }

  function createContext(context = {}) {
    if (context === null || (typeof context !== 'object' && typeof context !== 'function')) {
      throw typeError(`The "contextObject" argument must be of type object. Received ${received(context)}`, 'ERR_INVALID_ARG_TYPE');
    }
    contexts.add(context);
    return context;
  }

  function isContext(object) {
    if (object === null || (typeof object !== 'object' && typeof object !== 'function')) {
      throw typeError(`The "object" argument must be of type object. Received ${received(object)}`, 'ERR_INVALID_ARG_TYPE');
    }
    return contexts.has(object);
  }

  function contextified(context) {
    if (context === null || typeof context !== 'object' || !contexts.has(context)) {
      throw typeError('The "contextifiedObject" argument must be an vm.Context', 'ERR_INVALID_ARG_TYPE');
    }
    return context;
  }

  // The indirect eval runs code as a script of this realm, as Node's runInThisContext does.
  const runInThisContext = (code) => (0, g.eval)(String(code));
  const runInContext = (code, context) => runIn(contextified(context), code);
  const runInNewContext = (code, context) => runIn(createContext(context), code);

  class Script {
    constructor(code, options) {
      this._code = String(code);
      this._filename = typeof options === 'string' ? options : options?.filename;
      // A syntax error surfaces here, where Node reports it; the body is not run.
      // eslint-disable-next-line no-new-func
      new Function(this._code);
      this.cachedDataRejected = false;
    }
    runInThisContext() {
      return runInThisContext(this._code);
    }
    runInContext(context) {
      return runInContext(this._code, context);
    }
    runInNewContext(context) {
      return runInNewContext(this._code, context);
    }
    createCachedData() {
      return modules.buffer.Buffer.alloc(0);
    }
  }

  function compileFunction(code, params = [], options = {}) {
    if (options.contextExtensions?.length || options.parsingContext) {
      throw new Error('vm.compileFunction: contextExtensions and parsingContext are not supported by ferridriver');
    }
    // eslint-disable-next-line no-new-func
    return new Function(...params, String(code));
  }

  const v8Only = (name) =>
    function () {
      throw Object.assign(new Error(`${name}() is not supported by ferridriver: QuickJS runs the steps, not V8`), {
        code: 'ERR_FERRIDRIVER_UNSUPPORTED',
      });
    };

  modules.vm = {
    Script,
    createContext,
    isContext,
    runInContext,
    runInNewContext,
    runInThisContext,
    compileFunction,
    measureMemory: () => Promise.reject(v8Only('vm.measureMemory')()),
    constants: Object.freeze({ USE_MAIN_CONTEXT_DEFAULT_LOADER: Symbol('vm_dynamic_import_main_context_default') }),
  };

  modules.v8 = {
    // V8's flags mean nothing to QuickJS; `--expose_gc` gives new contexts their `gc`, as in Node.
    setFlagsFromString(flags) {
      if (typeof flags !== 'string') {
        throw typeError(`The "flags" argument must be of type string. Received ${received(flags)}`, 'ERR_INVALID_ARG_TYPE');
      }
      if (/(^|\s)--expose[-_]gc(\s|$)/.test(flags)) gcExposed = true;
    },
    cachedDataVersionTag: () => 0,
    getHeapStatistics: v8Only('v8.getHeapStatistics'),
    getHeapSpaceStatistics: v8Only('v8.getHeapSpaceStatistics'),
    getHeapCodeStatistics: v8Only('v8.getHeapCodeStatistics'),
    getHeapSnapshot: v8Only('v8.getHeapSnapshot'),
    writeHeapSnapshot: v8Only('v8.writeHeapSnapshot'),
    setHeapSnapshotNearHeapLimit: v8Only('v8.setHeapSnapshotNearHeapLimit'),
    serialize: v8Only('v8.serialize'),
    deserialize: v8Only('v8.deserialize'),
    takeCoverage: v8Only('v8.takeCoverage'),
    stopCoverage: v8Only('v8.stopCoverage'),
  };
})(globalThis);
