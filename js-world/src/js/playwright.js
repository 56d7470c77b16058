// Playwright's Page and Locator for the JS world (BrowserContext and Browser are
// js/browser_context.js, APIRequestContext js/api_request.js).
// Each method sends one JSON request to the native `browser` function, which runs it on the
// scenario's Rust Page (the same page the built-in steps use). A Locator is only a description
// (its chain of parts), rebuilt on the Rust side for every call, like Playwright's own.
(function (g) {
  'use strict';
  const native = g.__ferridriver_native;
  const modules = (g.__ferridriver_modules = g.__ferridriver_modules || {});
  // What the later preludes (js/api_request.js, js/page_*.js, …) extend and read.
  const pw = (g.__ferridriver_playwright = {});

  class TimeoutError extends Error {
    constructor(message) {
      super(message);
      this.name = 'TimeoutError';
    }
  }

  // QuickJS keeps no async stack: once a method awaits, the user's frame is gone. Each public
  // method therefore takes its call site synchronously, and a failure is thrown with that
  // stack, so the report points at the user's line (our own frames are hidden by the host).
  // Playwright's URL globs: `**` any characters, `*` any but `/`, `{a,b}` alternatives; the
  // rest literal (`?` included, as in current Playwright).
  function globToRegExp(glob) {
    let out = '^';
    let inGroup = false;
    for (let i = 0; i < glob.length; i++) {
      const c = glob[i];
      if (c === '*') {
        if (glob[i + 1] === '*') {
          out += '.*';
          i++;
        } else {
          out += '[^/]*';
        }
      } else if (c === '{') {
        inGroup = true;
        out += '(?:';
      } else if (c === '}' && inGroup) {
        inGroup = false;
        out += ')';
      } else if (c === ',' && inGroup) {
        out += '|';
      } else {
        out += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      }
    }
    return new RegExp(out + '$');
  }

  function callSite() {
    return new Error('call site');
  }
  function frames(site) {
    const stack = String((site && site.stack) || '');
    return stack
      .split('\n')
      .filter((l) => /^\s*at /.test(l))
      .join('\n');
  }
  function failure(site, name, message) {
    const Kind = name === 'TimeoutError' ? TimeoutError : name === 'TypeError' ? TypeError : Error;
    const e = new Kind(message);
    // A gate refused it (a file: page outside the sandbox, a host the policy denies): the
    // script result's kind says so.
    if (name === 'SandboxViolationError' || name === 'CapabilityDeniedError') e.name = name;
    const stack = frames(site);
    if (stack) {
      try {
        e.stack = stack + '\n';
      } catch (_) {
        // A read-only stack keeps the engine's own.
      }
    }
    return e;
  }
  async function send(request, site) {
    request.site = frames(site);
    const reply = JSON.parse(await native.browser(JSON.stringify(request)));
    if (reply.error !== undefined) throw failure(site, reply.name, playwrightWording(request, reply.name, reply.error));
    return reply;
  }
  // An action that ran out of time, in Playwright's words (`locator.click: Timeout 300ms
  // exceeded.` and a call log naming the locator and why it was not done); Rust says
  // `timed out after 300 ms waiting for locator('#b') (element is not enabled) to click`.
  const ACTION_TIMED_OUT = /^timed out after (\d+) ms waiting for ([\s\S]+) to (\w+)$/;
  // The locator and the reason of `what`: split at the first ` (` outside the locator's quotes
  // and brackets (a name may hold ` (`, a reason may hold brackets of its own).
  function locatorAndReason(what) {
    let depth = 0;
    let quote = null;
    for (let i = 0; i < what.length; i++) {
      const c = what[i];
      if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = null;
      } else if (c === "'" || c === '"' || c === '`') quote = c;
      else if (c === '(' || c === '{' || c === '[') {
        if (depth === 0 && c === '(' && what[i - 1] === ' ' && what.endsWith(')')) return [what.slice(0, i - 1), what.slice(i + 1, -1)];
        depth++;
      } else if (c === ')' || c === '}' || c === ']') depth--;
    }
    return [what, null];
  }
  function playwrightWording(request, name, message) {
    const m = name === 'TimeoutError' && typeof message === 'string' && ACTION_TIMED_OUT.exec(message);
    // Only the action asked for (not, say, a navigation's wait for its load).
    if (!m || m[3] !== request.op) return message;
    const [, ms, what, action] = m;
    const [locator, reason] = locatorAndReason(what);
    const log = [`  - waiting for ${locator}`];
    if (reason && reason !== 'no element matches') log.push(`  - ${reason}`);
    return `${request.target || 'locator'}.${action}: Timeout ${ms}ms exceeded.\nCall log:\n${log.join('\n')}\n`;
  }
  // `string | RegExp` with Playwright's `exact`.
  function textSpec(value, exact) {
    if (value instanceof RegExp) return { source: value.source, flags: value.flags };
    if (value === undefined || value === null) throw new TypeError('expected a string or a RegExp');
    return { value: String(value), exact: exact === true };
  }
  // Playwright's 0 is "no time limit".
  const NO_LIMIT = 2147483647;
  function timeoutOf(options) {
    if (!options || typeof options.timeout !== 'number') return null;
    return options.timeout === 0 ? NO_LIMIT : options.timeout;
  }
  const NAVIGATIONS = new Set(['goto', 'frameGoto', 'frameWaitForNavigation', 'reload', 'goBack', 'goForward', 'waitForURL', 'waitForLoadState', 'waitForNavigation']);
  // Under `bdd` the step files are a cucumber-js + Playwright suite's, written against the
  // Playwright library's defaults: 30 s for actions, waits and navigations, cut short by the
  // step's own timeout as under cucumber-js. Agents' scripts (mcp, run) keep the host's
  // shorter default (null: the page's own).
  const LIBRARY_TIMEOUT = native.host === 'bdd' ? 30000 : null;
  function defaultTimeoutOf(page, navigation) {
    const c = page._context || {};
    const t = [navigation ? page._navigationTimeout : undefined, navigation ? c._navigationTimeout : undefined, page._defaultTimeout, c._defaultTimeout]
      .find((v) => typeof v === 'number');
    return t === undefined ? LIBRARY_TIMEOUT : t === 0 ? NO_LIMIT : t;
  }
  // A pointer action's options as Rust takes them (the timeout travels on its own).
  function pointerOptions(options) {
    const o = { ...(options || {}) };
    delete o.timeout;
    return o;
  }
  // The answer of a function's call is encoded in the page and decoded here
  // (js/evaluate_values.js: undefined, NaN, Date… as Playwright carries them); a string of page
  // code (it may be statements) is run as it is, and its value encoded after.
  const values = g.__ferridriver_values;
  // The caller's code comes first, so that a console call in it names the line it has there.
  const boxed = (call) => `(async () => ${call})().then(${values.ENCODE})`;
  const boxedFunction = (fn) => `(...a) => (async () => (${fn})(...a))().then(${values.ENCODE})`;
  // Page code `source` of (target, arg) and the argument to send with it: plain JSON as it
  // is; anything JSON loses (undefined, NaN, Date… js/evaluate_values.js) encoded and made
  // again in the page, as Playwright's serializer carries it.
  const withArg = (source, arg) => {
    if (arg === undefined) return [`(x) => (${source})(x, undefined)`, null];
    const { plain, data } = values.encodeArg(arg);
    return plain ? [source, data] : [`(x, a) => (${source})(x, ${values.DECODE}(a))`, data];
  };
  // A string given where a function may go is an expression Playwright evaluates in the
  // element's window as `eval` would and never calls (a string `'el => el.id'` answers undefined).
  // A leading `function` keyword is bracketed first, so that it is an expression too. `win`
  // is page code naming the window (the page's own by default).
  const evalCall = (code, win = '(0, eval)') => {
    const trimmed = code.trim();
    return `${win}(${JSON.stringify(/^(async)?\s*function(\s|\()/.test(trimmed) ? `(${trimmed})` : trimmed)})`;
  };
  // In the element's own window (a frame's element is reached from the page's).
  const evalOn = (code) => `(el) => ${evalCall(code, 'el.ownerDocument.defaultView.eval')}`;
  const evalOnAll = (code) => `(els) => ${evalCall(code, '(els.length ? els[0].ownerDocument.defaultView : globalThis).eval')}`;
  const unboxed = (encoded) => values.decode(encoded);
  // `json`: the argument as JSON.stringify carries it (addInitScript's, as Playwright's), else
  // as evaluate's serializer carries it.
  function scriptOf(fn, arg, json) {
    if (typeof fn === 'function') {
      const carried = arg === undefined ? '' : json ? JSON.stringify(arg) : values.argSource(arg);
      return `(${fn.toString()})(${carried})`;
    }
    if (fn && typeof fn.content === 'string') return fn.content;
    if (typeof fn === 'string') return fn;
    throw new TypeError('expected a function or a string of JavaScript');
  }

  // What Playwright 1.65's route, addInitScript, exposeFunction and exposeBinding answer:
  // `dispose()` undoes it (once; later calls do nothing), also as `await using`.
  class Disposable {
    constructor(undo) {
      this._undo = undo;
      this._done = null;
    }
    dispose() {
      if (!this._done) this._done = Promise.resolve().then(() => this._undo()).then(() => undefined);
      return this._done;
    }
  }
  if (typeof Symbol.asyncDispose === 'symbol') {
    Disposable.prototype[Symbol.asyncDispose] = function () {
      return this.dispose();
    };
  }

  // `selectors.setTestIdAttribute`: what getByTestId matches from then on (a locator keeps the
  // attribute it was made with, as in Playwright).
  const testIds = { attribute: native.testIdAttribute || 'data-testid' };
  const selectors = Object.freeze({
    setTestIdAttribute(name) {
      if (typeof name !== 'string' || !name.trim()) throw new TypeError('selectors.setTestIdAttribute: pass an attribute name');
      testIds.attribute = name.trim();
    },
    // A selector engine by name: `script` is a function that makes it (called in the page), a
    // string of page code that evaluates to it, or `{ content }` / `{ path }` (read as node:fs
    // reads). Locators made after it may use `name=body` (parsed in browser/src/selector.rs).
    async register(name, script) {
      const n = String(name);
      if (!/^[a-zA-Z0-9_]+$/.test(n)) throw new Error('selectors.register: Selector engine name may only contain [a-zA-Z0-9_] characters');
      if (PREDEFINED_ENGINES.includes(n)) throw new Error(`selectors.register: "${n}" is a predefined selector engine`);
      if (engines.some(([taken]) => taken === n)) throw new Error(`selectors.register: "${n}" selector engine has been already registered`);
      let source;
      if (typeof script === 'function') source = `(${script.toString()})()`;
      else if (typeof script === 'string') source = script;
      else if (script && typeof script.content === 'string') source = script.content;
      else if (script && typeof script.path === 'string') source = `${g.__ferridriver_modules.fs.readFileSync(script.path, 'utf8')}\n//# sourceURL=${script.path}`;
      else throw new TypeError('selectors.register: pass a function, a string of page code, or { content } / { path }');
      engines.push([n, source]);
    },
  });
  // Playwright's own engine names (those its name rule lets through).
  const PREDEFINED_ENGINES = ['css', 'xpath', 'text', 'id', 'nth', 'visible', 'role', '_react', '_vue'];
  // The engines registered in this JS world: [name, source], in order.
  const engines = [];
  // A CSS/selector part of a locator, with the registered engines its text names (only those:
  // each travels with every query).
  function selectorPart(selector) {
    const part = { kind: 'css', selector: String(selector) };
    const named = engines.filter(([name]) => part.selector.includes(`${name}=`));
    if (named.length) part.engines = named;
    return part;
  }

  // Builds locators; shared by Page (empty chain) and Locator.
  class Finder {
    _with(part) {
      return new Locator(this._pageObject(), this._chain().concat([part]));
    }
    locator(selectorOrLocator, options) {
      const l =
        selectorOrLocator instanceof Locator
          ? new Locator(this._pageObject(), this._chain().concat(selectorOrLocator._parts))
          : this._with(selectorPart(selectorOrLocator));
      return options ? l.filter(options) : l;
    }
    getByRole(role, options) {
      const o = options || {};
      const name = o.name === undefined ? null : textSpec(o.name, o.exact);
      // Playwright's other options; the page checks them (`includeHidden` defaults to false).
      const states = {};
      for (const key of ['checked', 'disabled', 'expanded', 'pressed', 'selected', 'includeHidden']) {
        if (o[key] !== undefined) states[key] = Boolean(o[key]);
      }
      if (o.level !== undefined) states.level = Number(o.level);
      return this._with({ kind: 'role', role: String(role), name, states });
    }
    getByText(text, options) {
      return this._with({ kind: 'text', text: textSpec(text, (options || {}).exact) });
    }
    getByLabel(text, options) {
      return this._with({ kind: 'label', text: textSpec(text, (options || {}).exact) });
    }
    getByPlaceholder(text, options) {
      return this._with({ kind: 'placeholder', text: textSpec(text, (options || {}).exact) });
    }
    getByAltText(text, options) {
      return this._with({ kind: 'altText', text: textSpec(text, (options || {}).exact) });
    }
    getByTitle(text, options) {
      return this._with({ kind: 'title', text: textSpec(text, (options || {}).exact) });
    }
    frameLocator(selector) {
      return new FrameLocator(this._pageObject(), this._chain().concat([selectorPart(selector)]));
    }
    getByTestId(id) {
      if (id instanceof RegExp) throw new TypeError('getByTestId: a RegExp is not supported; pass the id');
      return this._with({ kind: 'testId', id: String(id), attribute: testIds.attribute });
    }
  }

  // Playwright's FrameLocator: the iframe its owner parts match, searched inside. Entering the
  // frame is strict (one iframe), so first()/last()/nth() pick the iframe.
  class FrameLocator extends Finder {
    constructor(page, owner) {
      super();
      this._page = page;
      this._owner = owner;
    }
    _pageObject() {
      return this._page;
    }
    _chain() {
      return this._owner.concat([{ kind: 'enterFrame' }]);
    }
    owner() {
      return new Locator(this._page, this._owner);
    }
    first() {
      return this.nth(0);
    }
    last() {
      return this.nth(-1);
    }
    nth(n) {
      return new FrameLocator(this._page, this._owner.concat([{ kind: 'nth', n: Math.trunc(Number(n)) }]));
    }
  }

  class Locator extends Finder {
    constructor(page, parts) {
      super();
      this._page = page;
      this._parts = parts;
    }
    _pageObject() {
      return this._page;
    }
    _chain() {
      return this._parts;
    }
    _op(op, args, options) {
      const site = callSite();
      const request = { target: 'locator', parts: this._parts, op, args: args || [], timeout: timeoutOf(options) };
      if (this._unintercepted) request.intercept = false;
      return this._page._send(request, site).then((r) => r.ok);
    }
    // The same locator (or handle), whose actions do not let the page's locator handlers run
    // first (js/locator_handlers.js): for what Playwright does without them.
    _withoutHandlers() {
      const l = Object.assign(Object.create(Object.getPrototypeOf(this)), this);
      l._unintercepted = true;
      return l;
    }
    page() {
      return this._page;
    }
    contentFrame() {
      return new FrameLocator(this._page, this._parts);
    }
    first() {
      return this._with({ kind: 'nth', n: 0 });
    }
    last() {
      return this._with({ kind: 'nth', n: -1 });
    }
    nth(n) {
      return this._with({ kind: 'nth', n: Math.trunc(Number(n)) });
    }
    // Playwright's `describe`: the same elements, named `description` in messages and traces
    // until another part follows.
    describe(description) {
      return this._with({ kind: 'describe', description: String(description) });
    }
    description() {
      const last = this._parts[this._parts.length - 1];
      return last && last.kind === 'describe' ? last.description : null;
    }
    and(locator) {
      if (!(locator instanceof Locator)) throw new TypeError('locator.and: pass a Locator');
      return this._with({ kind: 'and', parts: locator._parts });
    }
    or(locator) {
      if (!(locator instanceof Locator)) throw new TypeError('locator.or: pass a Locator');
      return this._with({ kind: 'or', parts: locator._parts });
    }
    // Only the visible matches (Playwright's `visible()`, `filter({ visible: true })`).
    visible() {
      return this.filter({ visible: true });
    }
    filter(options) {
      const o = options || {};
      let l = this;
      // Playwright's order, which `String(locator)` shows.
      if (o.hasText !== undefined) l = l._with({ kind: 'hasText', text: textSpec(o.hasText, false) });
      if (o.hasNotText !== undefined) l = l._with({ kind: 'hasNotText', text: textSpec(o.hasNotText, false) });
      if (o.has !== undefined) {
        if (!(o.has instanceof Locator)) throw new TypeError('filter: `has` must be a Locator');
        l = l._with({ kind: 'has', parts: o.has._parts });
      }
      if (o.hasNot !== undefined) {
        if (!(o.hasNot instanceof Locator)) throw new TypeError('filter: `hasNot` must be a Locator');
        l = l._with({ kind: 'hasNot', parts: o.hasNot._parts });
      }
      if (o.visible !== undefined) l = l._with({ kind: 'visible', visible: Boolean(o.visible) });
      return l;
    }
    async all() {
      const n = await this.count();
      return Array.from({ length: n }, (_, i) => this.nth(i));
    }
    async allTextContents() {
      return Promise.all((await this.all()).map((l) => l.textContent()));
    }
    async allInnerTexts() {
      return Promise.all((await this.all()).map((l) => l.innerText()));
    }
    // Playwright's options: button, modifiers, position, clickCount, delay, force, trial.
    click(options) {
      return this._op('click', [pointerOptions(options)], options).then(() => undefined);
    }
    dblclick(options) {
      return this._op('dblclick', [pointerOptions(options)], options).then(() => undefined);
    }
    tap(options) {
      return this._op('tap', [pointerOptions(options)], options).then(() => undefined);
    }
    hover(options) {
      return this._op('hover', [pointerOptions(options)], options).then(() => undefined);
    }
    fill(value, options) {
      return this._op('fill', [String(value)], options).then(() => undefined);
    }
    clear(options) {
      return this._op('clear', [], options).then(() => undefined);
    }
    press(key, options) {
      return this._op('press', [String(key)], options).then(() => undefined);
    }
    pressSequentially(text, options) {
      return this._op('pressSequentially', [String(text)], options).then(() => undefined);
    }
    type(text, options) {
      return this._op('type', [String(text)], options).then(() => undefined);
    }
    check(options) {
      return this._op('check', [pointerOptions(options)], options).then(() => undefined);
    }
    uncheck(options) {
      return this._op('uncheck', [pointerOptions(options)], options).then(() => undefined);
    }
    setChecked(checked, options) {
      return this._op('setChecked', [!!checked, pointerOptions(options)], options).then(() => undefined);
    }
    // Each value: a string (an option's value or label), or `{ value, label, index }`.
    selectOption(values, options) {
      const list = (values === null || values === undefined ? [] : Array.isArray(values) ? values : [values]).map((v) => {
        if (v && typeof v === 'object') {
          const spec = {};
          if (v.value !== undefined) spec.value = String(v.value);
          if (v.label !== undefined) spec.label = String(v.label);
          if (v.index !== undefined) spec.index = Number(v.index);
          return spec;
        }
        return { valueOrLabel: String(v) };
      });
      return this._op('selectOption', [list], options);
    }
    // `fn(element, arg)` runs in the page on the one matching element; `arg` travels as JSON.
    evaluate(fn, arg, options) {
      if (typeof fn !== 'function' && typeof fn !== 'string') return Promise.reject(new TypeError('locator.evaluate: pass a function'));
      const source = typeof fn === 'string' ? evalOn(fn) : fn;
      let call;
      try {
        call = withArg(boxedFunction(source), arg);
      } catch (e) {
        return Promise.reject(e);
      }
      return this._op('evaluate', call, options).then(unboxed);
    }
    // For our own page code: `source` is a function's code, called as evaluate's function is;
    // the answer comes back as the page gave it (callers that encode it decode it).
    _callOn(source, arg, options) {
      try {
        return this._op('evaluate', withArg(source, arg), options);
      } catch (e) {
        return Promise.reject(e);
      }
    }
    _callOnAll(source, arg) {
      try {
        return this._op('evaluateAll', withArg(source, arg));
      } catch (e) {
        return Promise.reject(e);
      }
    }
    // `fn(elements, arg)` runs once in the page with every current match (no waiting).
    evaluateAll(fn, arg) {
      if (typeof fn !== 'function' && typeof fn !== 'string') return Promise.reject(new TypeError('locator.evaluateAll: pass a function'));
      const source = typeof fn === 'string' ? evalOnAll(fn) : fn;
      let call;
      try {
        call = withArg(boxedFunction(source), arg);
      } catch (e) {
        return Promise.reject(e);
      }
      return this._op('evaluateAll', call).then(unboxed);
    }
    // screenshot: js/screenshots.js
    textContent(options) {
      return this._op('textContent', [], options);
    }
    innerText(options) {
      return this._op('innerText', [], options);
    }
    innerHTML(options) {
      return this._op('innerHTML', [], options);
    }
    ariaSnapshot(options) {
      return this._op('ariaSnapshot', [], options);
    }
    inputValue(options) {
      return this._op('inputValue', [], options);
    }
    getAttribute(name, options) {
      return this._op('getAttribute', [String(name)], options);
    }
    count() {
      return this._op('count', []);
    }
    waitFor(options) {
      const o = options || {};
      const state = o.state || 'visible';
      const site = callSite();
      const checks = {
        visible: ['toBeVisible', false, []],
        hidden: ['toBeHidden', false, []],
        attached: ['toHaveCount', true, [0]],
        detached: ['toHaveCount', false, [0]],
      };
      const check = checks[state];
      if (!check) throw new TypeError(`waitFor: unknown state '${state}'`);
      // An action's timeout (the page's default), not an assertion's.
      const timeout = timeoutOf(o) ?? defaultTimeoutOf(this._page, false);
      const request = { target: 'expect', parts: this._parts, op: check[0], not: check[1], args: check[2], timeout };
      // The wait is checked as an assertion; a time-out is reported as Playwright's waitFor's.
      return this._page._send(request, site).then(
        () => undefined,
        (e) => {
          const text = String(e && e.message);
          const strict = /\nReceived: (.*strict mode violation[\s\S]*?)\nTimeout:/.exec(text);
          if (strict) {
            const s = new Error(strict[1].replace(/^locator\.\w+: /, 'locator.waitFor: '));
            s.stack = e.stack;
            throw s;
          }
          const ms = /\nTimeout: (\d+)\s?ms/.exec(text);
          if (!ms) throw e;
          // Playwright's words: the time-out, then the call log naming the locator and state.
          const locator = /\nLocator: (.*)/.exec(text);
          const what = locator ? locator[1] : String(this);
          const waiting = `  - waiting for ${what}${state === 'attached' ? '' : ` to be ${state}`}`;
          const t = new TimeoutError(`locator.waitFor: Timeout ${ms[1]}ms exceeded.\nCall log:\n${waiting}\n`);
          t.stack = e.stack;
          throw t;
        }
      );
    }
    // Playwright's text of the locator (`locator('text=Sign in').first()`); a locator of the
    // scenario page before the page is open keeps its parts' form.
    toString() {
      const parts = JSON.stringify(this._parts);
      return native.describeLocator(this._page._id, parts) || `Locator@${parts}`;
    }
  }

  class Page extends Finder {
    constructor(id, context) {
      super();
      this._id = id;
      this._context = context;
      this._closed = false;
      // Plugins that listen to page events watch every page (js/page_events.js).
      if (pw.tapPage) pw.tapPage(this);
    }
    _pageObject() {
      return this;
    }
    _chain() {
      return [];
    }
    _send(request, site) {
      request.page = this._id;
      request.generation = this._context._generation;
      // setDefaultTimeout / setDefaultNavigationTimeout of the page, else of its context
      // (js/page_extras.js); assertions keep their own.
      if ((request.timeout === null || request.timeout === undefined) && request.target !== 'expect') {
        request.timeout = defaultTimeoutOf(this, request.target === 'page' && NAVIGATIONS.has(request.op));
      }
      // Adding a listener (js/page_events.js) subscribes the page first.
      if (this._barrier) return this._barrier.then(() => send(request, site));
      return send(request, site);
    }
    _op(op, args, options) {
      const site = callSite();
      return this._send({ target: 'page', op, args: args || [], timeout: timeoutOf(options) }, site).then((r) => r.ok);
    }
    context() {
      return this._context;
    }
    get request() {
      return this._context.request;
    }
    // Synchronous, as in Playwright: the URL after this page's last operation (or, for the
    // scenario page, as it was when the step began: a Rust step may have navigated).
    url() {
      return native.pageUrl(this._id);
    }
    goto(url, options) {
      return this._op('goto', [String(url), (options && options.waitUntil) || null], options);
    }
    reload(options) {
      return this._op('reload', [(options && options.waitUntil) || null], options);
    }
    goBack(options) {
      return this._op('goBack', [(options && options.waitUntil) || null], options);
    }
    goForward(options) {
      return this._op('goForward', [(options && options.waitUntil) || null], options);
    }
    title() {
      return this._op('title', []);
    }
    // ferridriver: the page as Markdown (what a reader sees), for agents.
    markdown() {
      return this._op('markdown', []);
    }
    ariaSnapshot() {
      return this._op('ariaSnapshot', []);
    }
    content() {
      return this._op('content', []);
    }
    setContent(html, options) {
      return this._op('setContent', [String(html), (options && options.waitUntil) || 'load'], options).then(() => undefined);
    }
    evaluate(fn, arg) {
      try {
        if (typeof fn !== 'function') return this._op('evaluate', [scriptOf(fn, arg), values.ENCODE]).then(values.answered);
        return this._op('evaluate', [boxed(scriptOf(fn, arg))]).then(unboxed);
      } catch (e) {
        return Promise.reject(e);
      }
    }
    // screenshot: js/screenshots.js
    waitForURL(url, options) {
      const expected = typeof url === 'string' && /[*{]/.test(url) ? globToRegExp(url) : url;
      const waitUntil = (options && options.waitUntil) || null;
      return this._op('waitForURL', [textSpec(expected, true), waitUntil], options).then(() => undefined);
    }
    // A script run in this page's every new document, before the page's own; `dispose()` of
    // the answer stops it.
    addInitScript(script, arg) {
      const undo = (id) => () => (this.isClosed() ? undefined : this._op('removeInitScript', [id]));
      return this._op('addInitScript', [scriptOf(script, arg, true)]).then((id) => new Disposable(undo(id)));
    }
    // Deprecated in Playwright, still common: start it before the action that navigates.
    waitForNavigation(options) {
      const o = options || {};
      if (typeof o.url === 'function') throw new TypeError('page.waitForNavigation: a function as `url` is not supported by ferridriver yet; pass a string, glob or RegExp');
      const url = o.url === undefined ? null : textSpec(typeof o.url === 'string' && /[*{]/.test(o.url) ? globToRegExp(o.url) : o.url, true);
      // Playwright's words for a wait that ran out, which suites match on.
      return this._op('waitForNavigation', [url, o.waitUntil || null], options).catch((e) => {
        const ms = e && e.name === 'TimeoutError' && /timed out after (\d+) ms waiting for (.*)/.exec(e.message);
        if (ms) e.message = `page.waitForNavigation: Timeout ${ms[1]}ms exceeded (waiting for ${ms[2]}).`;
        throw e;
      });
    }
    waitForLoadState(state, options) {
      return this._op('waitForLoadState', [state || 'load'], options).then(() => undefined);
    }
    async setViewportSize(size) {
      if (!size || !(size.width > 0) || !(size.height > 0)) throw new TypeError('setViewportSize: pass { width, height }');
      const viewport = { width: Math.round(size.width), height: Math.round(size.height) };
      await this._op('setViewportSize', [viewport.width, viewport.height]);
      this._viewport = viewport;
    }
    viewportSize() {
      if (this._viewport) return this._viewport;
      if (this._context._windowViewport) return null;
      return this._context._viewport || { width: 1280, height: 720 };
    }
    waitForTimeout(ms) {
      return new Promise((resolve) => g.setTimeout(resolve, ms));
    }
    async close() {
      if (this._closed) return;
      this._closed = true;
      await this._op('close', []);
      // 'close' listeners (js/page_events.js), the context of browser.newPage().
      for (const hook of this._closeHooks || []) hook();
    }
    isClosed() {
      return this._closed;
    }
  }
  // State queries: isVisible/isHidden answer at once; the others wait for the one element
  // (`timeout` option) and fail when it never comes, as Playwright's.
  for (const name of ['isVisible', 'isHidden', 'isEnabled', 'isDisabled', 'isChecked', 'isEditable']) {
    Locator.prototype[name] = function (options) {
      return this._op(name, [], options);
    };
  }
  // The selector shortcuts: page.click(selector, …) acts on the selector's first match, as
  // Playwright's does (a locator wants exactly one); `strict: true` in the options, or a context
  // made with `strictSelectors: true`, wants one here too. Frames take them (js/frames.js).
  const shortcuts = 'click dblclick tap fill press type hover check uncheck setChecked focus selectOption setInputFiles textContent innerText innerHTML inputValue getAttribute isVisible isHidden isEnabled isDisabled isChecked isEditable dispatchEvent';
  // Where each shortcut's options are among the arguments after the selector.
  const OPTIONS_AT = { fill: 1, press: 1, type: 1, selectOption: 1, setInputFiles: 1, getAttribute: 1, setChecked: 1, dispatchEvent: 2 };
  function shortcutLocator(owner, selector, rest, at) {
    const options = rest[at];
    const page = owner._page || owner;
    let strict = native.strictSelectors(page._context._id);
    if (options && typeof options === 'object' && options.strict !== undefined) {
      strict = options.strict === true;
      rest[at] = { ...options };
      delete rest[at].strict;
    }
    const locator = owner.locator(selector);
    // Its first match, still named as written in messages (Playwright's call log says
    // `waiting for locator('#id')`).
    return strict ? locator : locator.first().describe(String(locator));
  }
  for (const name of shortcuts.split(' ')) {
    Page.prototype[name] = function (selector, ...rest) {
      return shortcutLocator(this, selector, rest, OPTIONS_AT[name] || 0)[name](...rest);
    };
  }

  Object.assign(pw, { values, boxed, unboxed, evalCall, scriptOf, shortcutLocator, Disposable, textSpec, callSite, failure, send, globToRegExp, defaultTimeoutOf, Locator, Page });
  // js/browser_context.js adds BrowserContext and Browser.
  modules.playwright = {
    errors: Object.freeze({ TimeoutError }),
    Page,
    Locator,
    FrameLocator,
    selectors,
  };
})(globalThis);
