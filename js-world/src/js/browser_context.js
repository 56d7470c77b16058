// Playwright's BrowserContext and Browser for the JS world, and the fixtures every World gets
// (`this.page`, `this.context`, `this.browser`, `this.request`). Evaluated right after
// js/playwright.js, whose Page it hands out.
(function (g) {
  'use strict';
  const native = g.__ferridriver_native;
  const pw = g.__ferridriver_playwright;
  const { Page, callSite, send, scriptOf, Disposable } = pw;

  class BrowserContext {
    // Context 0 is the scenario's (its first page is `this.page`); others come from
    // browser.newContext() and start without pages.
    constructor(browser, id) {
      this._browser = browser;
      this._id = id || 0;
      // The test case this context belongs to (its browser's, fixed when the World was made):
      // calls left over from it are refused later, even if the context is made late.
      this._generation = browser._generation;
      this._pages = this._id === 0 ? [new Page(0, this)] : [];
      // js/api_request.js, evaluated after this file.
      this._request = new pw.APIRequestContext(this);
    }
    _op(op, args) {
      const site = callSite();
      const request = { target: 'context', op, args: args || [], context: this._id, generation: this._generation };
      return send(request, site).then((r) => r.ok);
    }
    isClosed() {
      return this._closed === true;
    }
    async close() {
      if (this._closed) return;
      await this._op('close', []);
      this._closed = true;
      for (const page of this._pages) {
        if (page._closed) continue;
        page._closed = true;
        for (const hook of page._closeHooks || []) hook();
      }
    }
    get request() {
      return this._request;
    }
    // ferridriver: the session's context name (`instance:context` → `context`); extra
    // contexts are `context-N`.
    get name() {
      return this._id === 0 ? native.contextName || 'default' : `context-${this._id}`;
    }
    browser() {
      return this._browser;
    }
    pages() {
      return this._pages.filter((p) => !p.isClosed());
    }
    async newPage() {
      const id = await this._op('newPage', []);
      const page = new Page(id, this);
      this._pages.push(page);
      return page;
    }
    // Cookies and each open origin's localStorage; written to `path` (in the project) if given.
    storageState(options) {
      return this._op('storageState', [(options && options.path) || null]);
    }
    // Replaces the context's cookies and storage with a state (or a file of one, read inside
    // the project as node:fs reads), as Playwright's.
    async setStorageState(stateOrPath) {
      let state = stateOrPath;
      if (typeof state === 'string') {
        try {
          state = JSON.parse(g.__ferridriver_modules.fs.readFileSync(state, 'utf8'));
        } catch (e) {
          throw new Error(`Error reading storage state from ${stateOrPath}:\n${e.message}`);
        }
      }
      for (const key of ['cookies', 'origins']) {
        const value = state && state[key];
        if (value !== undefined && !Array.isArray(value)) {
          throw new Error(`browserContext.setStorageState: storageState.${key}: expected array, got ${typeof value}`);
        }
      }
      await this._op('setStorageState', [{ cookies: (state && state.cookies) || [], origins: (state && state.origins) || [] }]);
    }
    cookies(urls) {
      const list = urls === undefined ? [] : Array.isArray(urls) ? urls : [urls];
      return this._op('cookies', [list.map(String)]);
    }
    addCookies(cookies) {
      return this._op('addCookies', [cookies]).then(() => undefined);
    }
    clearCookies(filter) {
      const f = filter || {};
      if (f.name instanceof RegExp || f.domain instanceof RegExp || f.path instanceof RegExp) {
        return Promise.reject(new TypeError('clearCookies: RegExp filters are not supported; pass strings'));
      }
      return this._op('clearCookies', [filter ? { name: f.name, domain: f.domain, path: f.path } : null]).then(() => undefined);
    }
    // ferridriver: removes the cookies named `name` (optionally only for `domain`/`path`);
    // resolves to how many were removed.
    deleteCookie(name, options) {
      if (typeof name !== 'string' || !name) return Promise.reject(new TypeError('deleteCookie: a cookie name is required'));
      const o = options || {};
      return this._op('clearCookies', [{ name, domain: o.domain, path: o.path }]).then((n) => n || 0);
    }
    clearPermissions() {
      return this._op('clearPermissions', []).then(() => undefined);
    }
    grantPermissions(permissions, options) {
      return this._op('grantPermissions', [permissions, (options && options.origin) || null]).then(
        () => undefined,
        (e) => {
          e.message = `browserContext.grantPermissions: ${e.message}`;
          throw e;
        },
      );
    }
    setGeolocation(where) {
      if (!where) throw new TypeError('setGeolocation: pass { latitude, longitude }');
      return this._op('setGeolocation', [where.latitude, where.longitude]).then(() => undefined);
    }
    setOffline(offline) {
      return this._op('setOffline', [!!offline]).then(() => undefined);
    }
    addInitScript(script, arg) {
      const source = scriptOf(script, arg, true);
      return this._op('addInitScript', [source]).then(() => new Disposable(() => this._op('removeInitScript', [source])));
    }
  }

  class Browser {
    constructor() {
      this._context = null;
      this._extra = [];
      this._generation = native.generation();
    }
    version() {
      const site = callSite();
      return send({ target: 'browser', op: 'version', args: [] }, site).then((r) => r.ok);
    }
    isConnected() {
      return true;
    }
    // Another fresh, isolated context in the same browser (a second user), closed with the
    // scenario, with Playwright's context options (checked in Rust: an unknown one is an error).
    async newContext(options) {
      let o = options || {};
      if (this._launchProxy && o.proxy === undefined) o = { ...o, proxy: this._launchProxy };
      const site = callSite();
      // A RegExp travels as its source and flags (a glob as it is, read in Rust).
      const filter = o.recordHar && o.recordHar.urlFilter;
      if (filter instanceof RegExp) o = { ...o, recordHar: { ...o.recordHar, urlFilter: { source: filter.source, flags: filter.flags } } };
      const id = await send({ target: 'browser', op: 'newContext', args: [o], generation: this._generation }, site).then((r) => r.ok);
      const context = new BrowserContext(this, id);
      context._recordVideo = !!o.recordVideo;
      // What routeWebSocket resolves a relative glob against (js/websocket_routes.js).
      if (typeof o.baseURL === 'string') context._baseURL = o.baseURL;
      context._refusesDownloads = o.acceptDownloads === false;
      if (o.viewport) {
        context._viewport = { width: Math.round(o.viewport.width), height: Math.round(o.viewport.height) };
      }
      // `viewport: null`: the pages have the window's size, and `viewportSize()` answers null.
      if (o.viewport === null) context._windowViewport = true;
      this._extra.push(context);
      return context;
    }
    // A page in a context of its own; closing the page closes that context, as in Playwright.
    async newPage(options) {
      const context = await this.newContext(options);
      const page = await context.newPage();
      (page._closeHooks || (page._closeHooks = [])).push(() => context.close().catch(() => undefined));
      return page;
    }
    contexts() {
      return (this._context ? [this._context] : []).concat(this._extra.filter((c) => !c._closed));
    }
  }

  // `this.page`, `this.context`, `this.browser`, `this.request` on every World, created lazily
  // (a scenario that never touches them opens nothing). A World that assigns its own (a custom
  // constructor, a Before hook) replaces ours.
  function installFixtures(world) {
    let context = null;
    const browser = new Browser();
    const ctx = () => {
      if (!context) context = browser._context = new BrowserContext(browser);
      return context;
    };
    const getters = {
      page: () => ctx()._pages[0],
      context: () => ctx(),
      browser: () => browser,
      request: () => ctx().request,
    };
    for (const [name, get] of Object.entries(getters)) {
      // A field the World declares but leaves unset (`page!: Page`, `this.page = null`) gets the
      // fixture; a value of its own, or an accessor its class defines, wins.
      const own = Object.getOwnPropertyDescriptor(world, name);
      const unset = own && own.configurable && !own.get && !own.set && (own.value === undefined || own.value === null);
      if (name in world && !unset) continue;
      Object.defineProperty(world, name, {
        configurable: true,
        enumerable: false,
        get,
        set(value) {
          Object.defineProperty(this, name, { value, writable: true, configurable: true, enumerable: true });
        },
      });
    }
  }

  // BeforeAll/AfterAll get `this.browser` (a fresh handle per hook): a suite signs in once,
  // saves `context.storageState({ path })`, and `[browser] storageState` starts every scenario
  // signed in. Contexts opened here are the hook's to close.
  function installBrowser(target) {
    const browser = new Browser();
    Object.defineProperty(target, 'browser', { configurable: true, enumerable: false, get: () => browser });
  }

  Object.assign(pw, { BrowserContext, installFixtures });
  g.__ferridriver.installFixtures = installFixtures;
  g.__ferridriver.installBrowser = installBrowser;
  Object.assign(g.__ferridriver_modules.playwright, { BrowserContext, Browser });
})(globalThis);
