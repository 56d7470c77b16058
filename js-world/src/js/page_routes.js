// Playwright's request routing for the JS world: page.route/unroute/unrouteAll and
// context.route/unroute, with Route.fulfill/abort/continue/fallback. While a page has routes,
// each of its requests pauses and arrives through the page's event pump (js/page_events.js);
// the newest matching route's handler answers it, `fallback()` hands it to the next one, and
// a request no route matches goes on unchanged.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Page, subscribe, unsubscribeRoutes, op, urlMatcher, Request, callSite, failure } = pw;
  const BrowserContext = g.__ferridriver_modules.playwright.BrowserContext;
  const native = g.__ferridriver_native;

  function headerPairs(headers) {
    return Object.entries(headers || {}).map(([name, value]) => [String(name), String(value)]);
  }
  function base64Of(body) {
    if (body === undefined || body === null) return '';
    return g.Buffer.from(typeof body === 'string' ? body : body).toString('base64');
  }

  const CONTENT_TYPES = {
    html: 'text/html', htm: 'text/html', js: 'text/javascript', mjs: 'text/javascript', css: 'text/css',
    json: 'application/json', txt: 'text/plain', svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg',
    jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', ico: 'image/x-icon', woff: 'font/woff',
    woff2: 'font/woff2', pdf: 'application/pdf', xml: 'application/xml', wasm: 'application/wasm',
  };
  function contentTypeOf(path) {
    const ext = path.split('.').pop().toLowerCase();
    return CONTENT_TYPES[ext] || 'application/octet-stream';
  }

  class Route {
    constructor(page, e) {
      this._page = page;
      this._e = e;
      // The same Request the 'request' event gave, when network events are on; else one of
      // its own, which reports no response.
      const known = page._requests && page._requests.get(e.networkId);
      this._request = known || new Request(page, { ...e, isNavigation: e.resourceType === 'document' });
      if (!known) this._request._finish();
      this._state = 'pending'; // pending | fallback | handled
    }
    request() {
      return this._request;
    }
    _answer(name, args) {
      if (this._state === 'handled') throw new Error('Route is already handled!');
      this._state = 'handled';
      const site = callSite();
      return op(this._page, name, [this._e.id, ...args]).then(
        () => undefined,
        (e) => {
          throw failure(site, e.name, e.message);
        },
      );
    }
    fulfill(options) {
      const o = options || {};
      // `response`: an APIResponse (route.fetch(), request.get()) whose status, headers and
      // body are the defaults. Script hosts' responses carry status/headers as values.
      if (o.response !== undefined && o.response !== null) {
        const r = o.response;
        const value = (x) => (typeof x === 'function' ? x.call(r) : x);
        return Promise.resolve(o.body !== undefined || o.json !== undefined ? undefined : r.body()).then((bytes) =>
          this.fulfill({
            status: o.status !== undefined ? o.status : value(r.status),
            headers: o.headers !== undefined ? o.headers : value(r.headers),
            contentType: o.contentType,
            json: o.json,
            body: o.body !== undefined ? o.body : bytes,
          }),
        );
      }
      let body = o.body;
      const headers = headerPairs(o.headers);
      if (o.path !== undefined) {
        // Read through node:fs, so the same file access rules hold as for step code.
        body = g.__ferridriver_modules.fs.readFileSync(String(o.path));
        if (!headers.some(([n]) => n.toLowerCase() === 'content-type')) headers.push(['content-type', contentTypeOf(String(o.path))]);
      }
      const has = (name) => headers.some(([n]) => n.toLowerCase() === name);
      if (o.json !== undefined) {
        body = JSON.stringify(o.json);
        if (!has('content-type')) headers.push(['content-type', 'application/json']);
      }
      if (o.contentType !== undefined && !has('content-type')) headers.push(['content-type', String(o.contentType)]);
      return this._answer('routeFulfill', [o.status || 200, headers, base64Of(body)]);
    }
    abort(errorCode) {
      return this._answer('routeAbort', [errorCode === undefined ? 'failed' : String(errorCode)]);
    }
    // Sends the request (with `url`, `method`, `headers`, `postData` changed when given)
    // through the page's context, its cookies included, and gives the response without
    // answering the route: a handler then fulfills with it, changed or not.
    fetch(options) {
      const o = options || {};
      const r = this._request;
      const data = o.postData !== undefined ? o.postData : r.postData();
      const request = this._page._context.request;
      const url = o.url !== undefined ? String(o.url) : r.url();
      const method = o.method !== undefined ? String(o.method) : r.method();
      // The length is the body's own, counted again when it is sent.
      const headers = { ...(o.headers !== undefined ? o.headers : r.headers()) };
      for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-length') delete headers[name];
      return request.fetch(url, { method, headers, data: data === null ? undefined : data }, true);
    }
    continue(options) {
      const o = options || {};
      const overrides = {};
      if (o.url !== undefined) overrides.url = String(o.url);
      if (o.method !== undefined) overrides.method = String(o.method);
      if (o.headers !== undefined) overrides.headers = headerPairs(o.headers);
      if (o.postData !== undefined) overrides.postData = base64Of(o.postData);
      return this._answer('routeContinue', [overrides]);
    }
    async fallback() {
      if (this._state === 'handled') throw new Error('Route is already handled!');
      this._state = 'fallback';
    }
  }

  // Tries the routes newest first; a route whose handler neither answers nor falls back keeps
  // the request paused, as in Playwright (the handler may answer later).
  pw.handleRoute = async function (page, e) {
    const route = new Route(page, e);
    // The page's routes first, then its context's; in each, the newest first.
    const routes = [...(page._routes || [])].reverse().concat([...((page._context && page._context._routes) || [])].reverse());
    for (const entry of routes) {
      if (!entry.matches(route.request())) continue;
      if (entry.times !== undefined) {
        if (entry.times <= 0) continue;
        entry.times -= 1;
      }
      route._state = 'pending';
      try {
        // With the capabilities of the code that added the route (a tool's own, or none):
        // a request the page makes never runs a handler with more.
        await native.asyncContext.run(entry.context, () => (async () => entry.handler(route, route.request()))());
      } catch (err) {
        g.console.error(`page.route handler failed: ${err && err.stack ? err.stack : err}`);
        if (route._state !== 'handled') await route.continue().catch(() => undefined);
        return;
      }
      if (route._state !== 'fallback') return;
    }
    if (route._state !== 'handled') await route.continue().catch(() => undefined);
  };

  function addRoute(owner, page, url, handler, options) {
    if (typeof handler !== 'function') throw new TypeError('route: the handler must be a function');
    const times = options && typeof options.times === 'number' ? options.times : undefined;
    const list = owner._routes || (owner._routes = []);
    list.push({ url, handler, times, matches: urlMatcher(page, url), context: native.asyncContext.current() });
  }
  function removeRoutes(owner, url, handler) {
    owner._routes = (owner._routes || []).filter(
      (r) => !((url === undefined || r.url === url || String(r.url) === String(url)) && (handler === undefined || r.handler === handler)),
    );
  }

  // The pages whose routing may have become unnecessary after `owner` lost routes.
  function pagesOf(owner) {
    return owner instanceof Page ? [owner] : owner.pages();
  }
  function settleRouting(owner) {
    const idle = pagesOf(owner).filter((p) => !(p._routes || []).length && !((p._context && p._context._routes) || []).length);
    const context = owner instanceof Page ? null : owner;
    const newPages = context && !(context._routes || []).length ? context._op('routeNewPages', [false]) : null;
    return Promise.all([...idle.map(unsubscribeRoutes), newPages]).then(() => undefined);
  }

  // unroute/unrouteAll, the same on pages and contexts.
  const removal = {
    unroute(url, handler) {
      removeRoutes(this, url, handler);
      return settleRouting(this);
    },
    unrouteAll() {
      this._routes = [];
      return settleRouting(this);
    },
  };

  Object.assign(Page.prototype, removal, {
    // `dispose()` of the answer takes this route away again.
    // `dispose()` of the answer is `unroute(url, handler)`, as in Playwright (a later route of
    // the same URL and handler goes too).
    route(url, handler, options) {
      addRoute(this, this, url, handler, options);
      return subscribe(this, 'route').then(() => new pw.Disposable(() => this.unroute(url, handler)));
    },
  });

  // A context's routes apply to each of its pages (they are consulted after the page's own).
  const newPage = BrowserContext.prototype.newPage;
  Object.assign(BrowserContext.prototype, removal, {
    route(url, handler, options) {
      addRoute(this, this._pages[0], url, handler, options);
      // New pages, popups too, route from their first request on (Rust holds what they ask
      // for until it is answered here).
      const pages = Promise.all(this.pages().map((page) => subscribe(page, 'route')));
      const added = Promise.all([pages, this._op('routeNewPages', [true])]);
      return added.then(() => new pw.Disposable(() => this.unroute(url, handler)));
    },
    async newPage() {
      const page = await newPage.call(this);
      if (this._routes && this._routes.length) await subscribe(page, 'route');
      return page;
    },
  });

  // A popup meets its context's routes from the moment it is announced (its first document
  // loaded before: the page that opened it is the one routes can stop).
  const adoptPopup = pw.adoptPopup;
  pw.adoptPopup = function (opener, id) {
    const page = adoptPopup(opener, id);
    if (page._context._routes && page._context._routes.length) subscribe(page, 'route').catch(() => undefined);
    return page;
  };

  Object.assign(g.__ferridriver_modules.playwright, { Route });
})(globalThis);
