// Playwright's context events for the JS world: `context.on('page')` and
// `context.waitForEvent('page')`, heard when the context opens a page (`newPage`) and when one
// of its pages opens one (that page's `popup`, js/page_events.js). A popup joins its context's
// pages here, with its opener. While a context has 'page' listeners, each of its pages reports
// the pages it opens.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Page, BrowserContext, subscribe } = pw;

  function watched(context) {
    return pw.listenersOf(context, 'page').length > 0;
  }

  function watch(page) {
    subscribe(page, 'popup').catch(() => undefined);
  }

  // The page events a context hears too, by the context event's name (Playwright's context
  // events: a page's `pageerror` is the context's `weberror`).
  const FROM_PAGES = {
    request: 'request',
    response: 'response',
    requestfinished: 'requestfinished',
    requestfailed: 'requestfailed',
    console: 'console',
    dialog: 'dialog',
    weberror: 'pageerror',
  };
  const TO_CONTEXT = Object.fromEntries(Object.entries(FROM_PAGES).map(([c, p]) => [p, c]));
  // A page reports what its context's listeners want.
  function forward(context, page) {
    for (const [event, pageEvent] of Object.entries(FROM_PAGES)) {
      if (pw.listenersOf(context, event).length) subscribe(page, pageEvent).catch(() => undefined);
    }
  }
  // An uncaught error of one of the context's pages (the context's `weberror`).
  class WebError {
    constructor(page, error) {
      this._page = page;
      this._error = error;
    }
    page() {
      return this._page;
    }
    error() {
      return this._error;
    }
  }
  // A page event, heard by its context's listeners first (as Playwright emits them): whether
  // any heard it.
  pw.toContext = function (page, event, payload) {
    const name = TO_CONTEXT[event];
    const context = page._context;
    if (!name || !context || !pw.listenersOf(context, name).length) return false;
    pw.emitTo(context, 'browserContext', name, name === 'weberror' ? new WebError(page, payload) : payload);
    return true;
  };

  // A page joined `context`: its listeners hear of it, and a watched context watches it too.
  function joined(context, page) {
    forward(context, page);
    if (watched(context)) watch(page);
    if (context._exposed && context._exposed.size) pw.exposeToPage(page).catch(() => undefined);
    pw.emitTo(context, 'browserContext', 'page', page);
  }

  // Page `id` of `context`: the JS page it already has, or a new one.
  function pageOf(context, id) {
    const known = context._pages.find((p) => p._id === id);
    if (known) return [known, false];
    const page = new Page(id, context);
    context._pages.push(page);
    return [page, true];
  }

  // Page `id`, which `opener` opened and which is not announced yet (its requests are routed
  // before it is): the context's JS page, not yet among its listeners' pages.
  pw.popupOf = function (opener, id) {
    const [page] = pageOf(opener._context, id);
    if (!page._opener) page._opener = opener;
    return page;
  };

  // Page `id`, which `opener` opened (already one of the context's pages in Rust).
  pw.adoptPopup = function (opener, id) {
    const context = opener._context;
    const [page] = pageOf(context, id);
    page._opener = opener;
    joined(context, page);
    return page;
  };

  // The context's pages as the browser has them now: popups nobody listened for included.
  const native = g.__ferridriver_native;
  BrowserContext.prototype.pages = function () {
    for (const [id, opener] of JSON.parse(native.contextPages(this._id))) {
      const [page, fresh] = pageOf(this, id);
      if (fresh && opener !== null) page._opener = this._pages.find((p) => p._id === opener) || null;
      // Its requests wait for the context's routes (Rust routes a routed context's new pages).
      if (fresh && this._routes && this._routes.length) pw.subscribe(page, 'route').catch(() => undefined);
    }
    return this._pages.filter((p) => !p.isClosed());
  };

  Object.assign(
    BrowserContext.prototype,
    pw.emitterMethods('browserContext', (context, event) => {
      if (event === 'page') context.pages().forEach(watch);
      if (FROM_PAGES[event]) context.pages().forEach((page) => forward(context, page));
    }),
  );

  const newPage = BrowserContext.prototype.newPage;
  BrowserContext.prototype.newPage = async function () {
    const page = await newPage.call(this);
    joined(this, page);
    return page;
  };

  Object.assign(Page.prototype, {
    // The page that opened this one, while it is open (Playwright's `null` otherwise).
    async opener() {
      const opener = this._opener;
      return opener && !opener.isClosed() ? opener : null;
    },
  });
})(globalThis);
