// JS handles: `page.evaluateHandle`, `locator.evaluateHandle`, a handle's `getProperty`,
// `getProperties`, `evaluate`, `evaluateHandle`, `jsonValue` and `dispose`. The value stays in
// the page, numbered in the registry element handles use (a symbol-keyed property of the
// document, helper.js `pin`), until `dispose()` or until its document goes. A value that is an
// element of the page's document comes back as an ElementHandle. Handles given to `evaluate` /
// `evaluateHandle` as their argument, or inside it (arrays, plain objects), are the values
// themselves in the page, as in Playwright. Values live in the page's main document: handles of
// elements inside frames cannot be passed that way yet (they say so).
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Locator, Page } = pw;
  const { ElementHandle } = g.__ferridriver_modules.playwright;
  const callSource = pw.callSource;

  // The key of a handle's place in an argument sent to the page.
  const MARK = '__ferridriver_handle__';
  // The document's registry (made as helper.js makes it when no handle was pinned yet: its
  // numbers start at a random point).
  const REGISTRY =
    "(() => { const k = Symbol.for('ferridriver.pins'); return document[k] || Object.defineProperty(document, k, { value: { next: Math.floor(Math.random() * 1e12), map: new Map() } })[k]; })()";
  // Puts the handles' values back in place of their marks.
  const REVIVE = `((arg) => {
    const reg = ${REGISTRY};
    const walk = (v) => {
      if (Array.isArray(v)) return v.map(walk);
      if (v === null || typeof v !== 'object') return v;
      if (Object.prototype.hasOwnProperty.call(v, '${MARK}')) {
        // A JS handle names its document too: ids start again in every document.
        if (v.document !== undefined && v.document !== reg.token) throw new Error('JSHandle is disposed: its document is gone');
        if (!reg.map.has(v['${MARK}'])) throw new Error('JSHandle is disposed');
        return reg.map.get(v['${MARK}']);
      }
      const o = {};
      for (const k of Object.keys(v)) o[k] = walk(v[k]);
      return o;
    };
    return walk(arg);
  })`;
  // Keeps value `v` and says what it is (Playwright's preview text of a handle).
  const KEEP = `((v) => {
    const reg = ${REGISTRY};
    if (!reg.token) reg.token = Math.random().toString(36).slice(2) + Date.now().toString(36);
    reg.next += 1;
    reg.map.set(reg.next, v);
    const element = v instanceof Element && v.ownerDocument === document;
    let preview;
    if (v === null || v === undefined || (typeof v !== 'object' && typeof v !== 'function')) preview = String(v);
    else if (element) preview = 'JSHandle@node';
    else if (Array.isArray(v)) preview = 'Array(' + v.length + ')';
    else if (typeof v === 'function') preview = Function.prototype.toString.call(v);
    else preview = (v.constructor && typeof v.constructor.name === 'string' && v.constructor.name) || 'Object';
    return { id: reg.next, document: reg.token, element, preview };
  })`;

  // The mark of a handle in an argument for `page`: a JSHandle's number and document, or the
  // number of an element handle pinned in the page's own document.
  function markOf(handle, what, page) {
    if (handle._page !== page) throw new Error(`${what}: the handle belongs to another page`);
    if (handle instanceof JSHandle) {
      if (handle._disposed) throw new Error(`${what}: JSHandle is disposed`);
      return { [MARK]: handle._id, document: handle._document };
    }
    const parts = handle._parts;
    const last = parts[parts.length - 1];
    if (parts.length !== 1 || !last || last.kind !== 'pinned') {
      throw new Error(`${what}: a handle of an element inside a frame cannot be passed here yet (not supported by ferridriver yet)`);
    }
    return { [MARK]: last.id };
  }

  // `arg` as JSON for `page`, each handle in it replaced by its mark; whether it held any.
  function marked(arg, what, page) {
    let found = false;
    const walk = (v) => {
      if (v instanceof JSHandle || v instanceof ElementHandle) {
        found = true;
        return markOf(v, what, page);
      }
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
        const o = {};
        for (const [k, x] of Object.entries(v)) o[k] = walk(x);
        return o;
      }
      return v;
    };
    const value = walk(arg);
    return { json: value === undefined ? 'undefined' : JSON.stringify(value), found };
  }

  // The handle of a value kept in `page` (what KEEP answered).
  function handleOf(page, held) {
    if (held.element) return new ElementHandle(page, [{ kind: 'pinned', id: held.id, from: 'JSHandle@node' }]);
    return new JSHandle(page, held.id, held.document, held.preview);
  }

  // A handle to the value of page expression `expression` (awaited).
  async function keep(page, evaluate, expression) {
    return handleOf(page, await evaluate(`(async () => ${KEEP}(await ${expression}))()`));
  }

  // For waits (`page.waitForFunction`): page code that keeps the value of `expression` when it
  // is truthy (answering what `handleOf` takes) and answers null otherwise.
  pw.keptIfTruthy = (expression) => `(async () => { const v = await ${expression}; return v ? ${KEEP}(v) : null; })()`;
  pw.handleOf = handleOf;
  // Page code for `arg` with its handles as their values (`page.waitForFunction`'s argument).
  pw.argSource = (arg, what, page) => `${REVIVE}(${marked(arg, what, page).json})`;

  class JSHandle {
    constructor(page, id, document, preview) {
      this._page = page;
      this._id = id;
      this._document = document;
      this._preview = preview;
      this._disposed = false;
    }
    // `fn(value, arg)` in the page.
    async evaluate(fn, arg) {
      const { json } = marked(arg === undefined ? [this] : [this, arg], 'jsHandle.evaluate', this._page);
      const call = callSource('jsHandle.evaluate', fn, `...${REVIVE}(${json})`);
      return plainPageEvaluate.call(this._page, pw.boxed(call)).then(pw.unboxed);
    }
    async evaluateHandle(fn, arg) {
      const { json } = marked(arg === undefined ? [this] : [this, arg], 'jsHandle.evaluateHandle', this._page);
      const call = callSource('jsHandle.evaluateHandle', fn, `...${REVIVE}(${json})`);
      return keep(this._page, (s) => plainPageEvaluate.call(this._page, s), call);
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
      const id = this._id;
      await plainPageEvaluate.call(this._page, `${REGISTRY}.map.delete(${id})`).catch(() => undefined);
    }
    // Playwright's text: the value's own for a primitive, its class for an object.
    toString() {
      return this._preview;
    }
  }

  const plainPageEvaluate = Page.prototype.evaluate;
  const plainLocatorEvaluate = Locator.prototype.evaluate;
  const enteredFrame = (locator) => locator._parts.some((p) => p.kind === 'enterFrame');

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

  Object.assign(Locator.prototype, {
    async evaluate(fn, arg, options) {
      const { json, found } = marked(arg, 'locator.evaluate', this._page);
      if (!found) return plainLocatorEvaluate.call(this, fn, arg, options);
      if (enteredFrame(this)) throw new Error('locator.evaluate: handles as the argument of a locator inside a frame are not supported by ferridriver yet');
      const call = callSource('locator.evaluate', fn, `el, ${REVIVE}(${json})`);
      const encode = pw.values.ENCODE;
      return plainLocatorEvaluate.call(this, `async (el) => ${encode}(await ${call})`, undefined, options).then(pw.unboxed);
    },
    async evaluateHandle(fn, arg, options) {
      if (enteredFrame(this)) throw new Error('locator.evaluateHandle inside a frame is not supported by ferridriver yet');
      const { json } = marked(arg, 'locator.evaluateHandle', this._page);
      const call = callSource('locator.evaluateHandle', fn, `el, ${REVIVE}(${json})`);
      return keep(this._page, (s) => plainLocatorEvaluate.call(this, `(el) => ${s}`, undefined, options), call);
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
