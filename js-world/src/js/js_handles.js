// JS handles: `page.evaluateHandle`, `locator.evaluateHandle`, a handle's `getProperty`,
// `getProperties`, `evaluate`, `evaluateHandle`, `jsonValue` and `dispose`. The value stays in
// the page, numbered in the registry element handles use (a symbol-keyed property of the
// document, helper.js `pin`), until `dispose()` or until its document goes. A value that is an
// element of the page's document comes back as an ElementHandle. Handles given to `evaluate` /
// `evaluateHandle` as their argument, or inside it (arrays, plain objects), are the values
// themselves in the page, as in Playwright. A child frame's handles (`frame.evaluateHandle`,
// `frame.waitForFunction`, a locator of `frame.locator()`) live in the registry of the frame's
// document and are given only to code running there, as in Playwright.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Locator, Page, Frame } = pw;
  const { ElementHandle } = g.__ferridriver_modules.playwright;
  const callSource = pw.callSource;

  // The key of a handle's place in an argument sent to the page.
  const MARK = '__ferridriver_handle__';
  // The registry of document `doc` (page code; made as helper.js makes it when no handle was
  // pinned yet: its numbers start at a random point).
  const registryOf = (doc) =>
    `(() => { const owner = ${doc}, k = Symbol.for('ferridriver.pins'); return owner[k] || Object.defineProperty(owner, k, { value: { next: Math.floor(Math.random() * 1e12), map: new Map() } })[k]; })()`;
  const REGISTRY = registryOf('document');
  // Puts the handles' values back in place of their marks (from `doc`'s registry).
  // The argument was made for this call: its arrays and plain objects are changed in place
  // (shared and circular parts stay so); other objects (Date, RegExp…) are left as they are.
  const reviveIn = (doc) => `((arg) => {
    const reg = ${registryOf(doc)};
    const seen = new Set();
    const walk = (v) => {
      if (v === null || typeof v !== 'object' || seen.has(v)) return v;
      if (Object.prototype.hasOwnProperty.call(v, '${MARK}')) {
        // A JS handle names its document too: ids start again in every document.
        if (v.document !== undefined && v.document !== reg.token) throw new Error('JSHandle is disposed: its document is gone');
        if (!reg.map.has(v['${MARK}'])) throw new Error('JSHandle is disposed');
        return reg.map.get(v['${MARK}']);
      }
      if (!Array.isArray(v) && Object.getPrototypeOf(v) !== Object.prototype) return v;
      seen.add(v);
      for (const k of Object.keys(v)) v[k] = walk(v[k]);
      return v;
    };
    return walk(arg);
  })`;
  const REVIVE = reviveIn('document');
  // Keeps value `v` in `doc`'s registry and says what it is (Playwright's preview text).
  const keepIn = (doc) => `((v) => {
    const d = ${doc}, reg = ${registryOf('d')};
    if (!reg.token) reg.token = Math.random().toString(36).slice(2) + Date.now().toString(36);
    reg.next += 1;
    reg.map.set(reg.next, v);
    const element = !!v && typeof v === 'object' && v.nodeType === 1 && v.ownerDocument === d;
    let preview;
    if (v === null || v === undefined || (typeof v !== 'object' && typeof v !== 'function')) preview = String(v);
    else if (element) preview = 'JSHandle@node';
    else if (Array.isArray(v)) preview = 'Array(' + v.length + ')';
    else if (typeof v === 'function') preview = Function.prototype.toString.call(v);
    else preview = (v.constructor && typeof v.constructor.name === 'string' && v.constructor.name) || 'Object';
    return { id: reg.next, document: reg.token, element, preview };
  })`;
  const KEEP = keepIn('document');

  // A child frame as the place its handles live (`null`: the page's main document).
  const placeOf = (frame) => (frame && !frame._isMain() ? frame : null);
  // The child frame a locator's chain starts in (`frame.locator()`), null for the main
  // document; `undefined` when its elements are in a frame no Frame names (`frameLocator`).
  function frameOfLocator(locator) {
    const parts = locator._parts;
    const entered = parts.filter((p) => p.kind === 'enterFrame').length;
    if (entered === 0) return null;
    if (entered > 1 || parts[0].kind !== 'frame') return undefined;
    const known = locator._page._frames && locator._page._frames.get(parts[0].frame);
    return known || new Frame(locator._page, parts[0].frame);
  }

  // The mark of a handle in an argument for code running in `frame` of `page` (null: its main
  // document): a JSHandle's number and document, or the number of an element handle pinned
  // there. A handle made elsewhere is refused in Playwright's words.
  function markOf(handle, what, page, frame) {
    if (handle._page !== page) throw new Error(`${what}: the handle belongs to another page`);
    const here = placeOf(frame);
    if (handle instanceof JSHandle) {
      if (handle._disposed) throw new Error(`${what}: JSHandle is disposed`);
      if (placeOf(handle._frame) !== here && (placeOf(handle._frame) === null || here === null || handle._frame._id !== here._id)) {
        throw new Error(`${what}: JSHandles can be evaluated only in the context they were created!`);
      }
      return { [MARK]: handle._id, document: handle._document };
    }
    const parts = handle._parts;
    const last = parts[parts.length - 1];
    const prefix = here ? here._chain() : [];
    const inPlace =
      parts.length === prefix.length + 1 && last && last.kind === 'pinned' && prefix.every((p, i) => p.kind === parts[i].kind && p.frame === parts[i].frame);
    if (!inPlace) throw new Error(`${what}: JSHandles can be evaluated only in the context they were created!`);
    return { [MARK]: last.id };
  }

  // `arg` as JSON for code running in `frame` of `page` (null: its main document), each handle
  // in it replaced by its mark; whether it held any.
  const KEPT_AS_THEY_ARE = [Date, RegExp, Error, Map, Set, g.URL, ArrayBuffer];
  function marked(arg, what, page, frame) {
    let found = false;
    // Copies keep the argument's shape: a value met again (shared, or a cycle) is its copy.
    const copies = new Map();
    const walk = (v) => {
      if (v instanceof JSHandle || v instanceof ElementHandle) {
        found = true;
        return markOf(v, what, page, frame);
      }
      if (copies.has(v)) return copies.get(v);
      if (Array.isArray(v)) {
        const a = [];
        copies.set(v, a);
        for (let i = 0; i < v.length; i++) a[i] = walk(v[i]);
        return a;
      }
      // Any other object but those the serializer carries as values of their own: its own
      // properties, as Playwright's serializer reads a class instance (handles at any depth).
      if (v && typeof v === 'object' && !KEPT_AS_THEY_ARE.some((C) => typeof C === 'function' && v instanceof C) && !ArrayBuffer.isView(v)) {
        const o = {};
        copies.set(v, o);
        for (const [k, x] of Object.entries(v)) o[k] = walk(x);
        return o;
      }
      return v;
    };
    const value = walk(arg);
    // Page code for the argument (js/evaluate_values.js carries what JSON loses).
    return { json: value === undefined ? 'undefined' : pw.values.argSource(value), found };
  }

  // The handle of a value kept in `page`'s main document or in child `frame` (what KEEP
  // answered).
  function handleOf(page, held, frame) {
    const place = placeOf(frame);
    if (held.element) {
      return new ElementHandle(page, [...(place ? place._chain() : []), { kind: 'pinned', id: held.id, from: 'JSHandle@node' }]);
    }
    return new JSHandle(page, held.id, held.document, held.preview, place);
  }

  // A handle to the value of page expression `expression` (awaited), kept in `doc`.
  async function keep(page, evaluate, expression, frame, doc = 'document') {
    return handleOf(page, await evaluate(`(async () => ${keepIn(doc)}(await ${expression}))()`), frame);
  }

  // For waits (`page.waitForFunction`): page code that keeps the value of `expression` when it
  // is truthy (answering what `handleOf` takes) and answers null otherwise.
  pw.keptIfTruthy = (expression) => `(async () => { const v = await ${expression}; return v ? ${KEEP}(v) : null; })()`;
  pw.handleOf = handleOf;
  // Page code for `arg` with its handles as their values (`page.waitForFunction`'s argument).
  pw.argSource = (arg, what, page, frame) => `${REVIVE}(${marked(arg, what, page, frame).json})`;

  class JSHandle {
    constructor(page, id, document, preview, frame) {
      this._page = page;
      this._id = id;
      this._document = document;
      this._preview = preview;
      this._disposed = false;
      // The child frame whose document keeps the value (null: the page's main document).
      this._frame = frame || null;
    }
    // Page code's value where the handle lives.
    _run(code) {
      if (this._frame) return plainFrameEvaluate.call(this._frame, code);
      return plainPageEvaluate.call(this._page, pw.boxed(code)).then(pw.unboxed);
    }
    // `fn(value, arg)` where the value lives.
    async evaluate(fn, arg) {
      const { json } = marked(arg === undefined ? [this] : [this, arg], 'jsHandle.evaluate', this._page, this._frame);
      return this._run(callSource('jsHandle.evaluate', fn, `...${REVIVE}(${json})`));
    }
    async evaluateHandle(fn, arg) {
      const { json } = marked(arg === undefined ? [this] : [this, arg], 'jsHandle.evaluateHandle', this._page, this._frame);
      const call = callSource('jsHandle.evaluateHandle', fn, `...${REVIVE}(${json})`);
      const run = this._frame ? (s) => plainFrameEvaluate.call(this._frame, s) : (s) => plainPageEvaluate.call(this._page, s);
      return keep(this._page, run, call, this._frame);
    }
    jsonValue() {
      return this.evaluate((v) => v);
    }
    getProperty(name) {
      return this.evaluateHandle((v, n) => v[n], String(name));
    }
    async getProperties() {
      const names = await this.evaluate((v) => (v !== null && typeof v === 'object' ? Object.keys(v) : []));
      const out = new Map();
      for (const name of names) out.set(name, await this.getProperty(name));
      return out;
    }
    asElement() {
      return null;
    }
    async dispose() {
      if (this._disposed) return;
      this._disposed = true;
      await this._run(`${REGISTRY}.map.delete(${this._id})`).catch(() => undefined);
    }
    // Playwright's text: the value's own for a primitive, its class for an object.
    toString() {
      return this._preview;
    }
  }

  const plainPageEvaluate = Page.prototype.evaluate;
  const plainLocatorEvaluate = Locator.prototype.evaluate;
  const plainFrameEvaluate = Frame.prototype.evaluate;

  Object.assign(Page.prototype, {
    // Handles in the argument are their values in the page.
    async evaluate(fn, arg) {
      const { json, found } = marked(arg, 'page.evaluate', this);
      if (!found) return plainPageEvaluate.call(this, fn, arg);
      return plainPageEvaluate.call(this, pw.boxed(callSource('page.evaluate', fn, `${REVIVE}(${json})`))).then(pw.unboxed);
    },
    async evaluateHandle(fn, arg) {
      const { json } = marked(arg, 'page.evaluateHandle', this);
      const call = callSource('page.evaluateHandle', fn, `${REVIVE}(${json})`);
      return keep(this, (s) => plainPageEvaluate.call(this, s), call);
    },
  });

  // A locator's element is reached from the page's main world: its own document's registry
  // is named through it.
  const ELEMENT_DOCUMENT = 'el.ownerDocument';
  Object.assign(Locator.prototype, {
    async evaluate(fn, arg, options) {
      const frame = frameOfLocator(this);
      if (frame === undefined && arg !== undefined && marked(arg, 'locator.evaluate', this._page).found) {
        throw new Error('locator.evaluate: handles as the argument of a frameLocator() locator are not supported by ferridriver yet (use frame.locator())');
      }
      const { json, found } = frame === undefined ? { found: false } : marked(arg, 'locator.evaluate', this._page, frame);
      if (!found) return plainLocatorEvaluate.call(this, fn, arg, options);
      const call = callSource('locator.evaluate', fn, `el, ${reviveIn(ELEMENT_DOCUMENT)}(${json})`);
      const encode = pw.values.ENCODE;
      return this._callOn(`async (el) => ${encode}(await ${call})`, undefined, options).then(pw.unboxed);
    },
    async evaluateHandle(fn, arg, options) {
      const frame = frameOfLocator(this);
      if (frame === undefined) throw new Error('locator.evaluateHandle on a frameLocator() locator is not supported by ferridriver yet (use frame.locator())');
      const { json } = marked(arg, 'locator.evaluateHandle', this._page, frame);
      const call = callSource('locator.evaluateHandle', fn, `el, ${reviveIn(ELEMENT_DOCUMENT)}(${json})`);
      return keep(this._page, (s) => this._callOn(`(el) => ${s}`, undefined, options), call, frame, ELEMENT_DOCUMENT);
    },
  });

  // A child frame's evaluations with handles, its handles and its waits for a function; the
  // main frame's are the page's.
  Object.assign(Frame.prototype, {
    async evaluate(fn, arg) {
      if (this._isMain()) return this._page.evaluate(fn, arg);
      const { json, found } = marked(arg, 'frame.evaluate', this._page, this);
      if (!found) return plainFrameEvaluate.call(this, fn, arg);
      return plainFrameEvaluate.call(this, callSource('frame.evaluate', fn, `${REVIVE}(${json})`));
    },
    async evaluateHandle(fn, arg) {
      if (this._isMain()) return this._page.evaluateHandle(fn, arg);
      const { json } = marked(arg, 'frame.evaluateHandle', this._page, this);
      const call = callSource('frame.evaluateHandle', fn, `${REVIVE}(${json})`);
      return keep(this._page, (s) => plainFrameEvaluate.call(this, s), call, this);
    },
    async waitForFunction(fn, arg, options) {
      if (this._isMain()) return this._page.waitForFunction(fn, arg, options);
      const site = pw.callSite();
      const o = options || {};
      const fallback = pw.defaultTimeoutOf(this._page, false);
      const timeout = typeof o.timeout === 'number' ? o.timeout : fallback === null ? 30000 : fallback;
      const every = typeof o.polling === 'number' && o.polling > 0 ? o.polling : 16;
      const call = callSource('frame.waitForFunction', fn, pw.argSource(arg, 'frame.waitForFunction', this._page, this));
      const held = await pw.pollUntil(() => plainFrameEvaluate.call(this, pw.keptIfTruthy(call)), timeout, every);
      if (held) return handleOf(this._page, held, this);
      throw pw.failure(site, 'TimeoutError', `frame.waitForFunction: Timeout ${timeout}ms exceeded.`);
    },
  });

  // An element handle is a JS handle too.
  Object.assign(ElementHandle.prototype, {
    jsonValue() {
      return this.evaluate((v) => v);
    },
    getProperty(name) {
      return this.evaluateHandle((el, n) => el[n], String(name));
    },
    async getProperties() {
      const names = await this.evaluate((el) => Object.keys(el));
      const out = new Map();
      for (const name of names) out.set(name, await this.getProperty(name));
      return out;
    },
  });

  Object.assign(g.__ferridriver_modules.playwright, { JSHandle });
})(globalThis);
