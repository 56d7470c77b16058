// Playwright's page events for the JS world: page.on/once/off, waitForEvent, waitForRequest,
// waitForResponse, and the objects listeners receive (ConsoleMessage, Dialog, Request,
// Response, Error). The first listener subscribes the page (the Rust side buffers its events
// from then on); one pending `nextEvents` call per page brings them in batches. Listeners run
// while the scenario's JS or Rust steps run; see js-world/src/playwright/events.rs.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  // The cucumber prelude's bridge: plugins' page events (captured before it is sealed away).
  const bridge = g.__ferridriver;
  const modules = g.__ferridriver_modules;
  const { Page, send, callSite, failure, globToRegExp, listenersOf: listeners, reportListenerError: report } = pw;
  const NETWORK = new Set(['request', 'response', 'requestfinished', 'requestfailed', 'websocket']);
  // Why a context made with `acceptDownloads: false` has no download to give (Playwright's).
  const CLOSED = 'Target page, context or browser has been closed';
  const REFUSED_DOWNLOADS = 'Pass { acceptDownloads: true } when you are creating your browser context.';
  // The events the page reports; others are accepted and never fire.
  const REPORTED = new Set([
    ...NETWORK,
    'filechooser',
    'console',
    'pageerror',
    'dialog',
    'download',
    'load',
    'domcontentloaded',
    'framenavigated',
    'popup',
    'crash',
    'worker',
  ]);

  function op(page, name, args) {
    const request = {
      target: 'page',
      page: page._id,
      context: page._context._id,
      op: name,
      args: args || [],
      generation: page._context._generation,
    };
    return send(request, callSite()).then((r) => r.ok);
  }
  // Header names as Playwright gives them: lower-case.
  function lowerCased(headers) {
    const out = {};
    for (const [k, v] of Object.entries(headers || {})) out[k.toLowerCase()] = String(v);
    return out;
  }

  class ConsoleMessage {
    constructor(page, e) {
      this._page = page;
      this._e = e;
    }
    type() {
      return this._e.type;
    }
    text() {
      return this._e.text;
    }
    location() {
      return this._e.location || { url: '', lineNumber: 0, columnNumber: 0 };
    }
    args() {
      return [];
    }
    page() {
      return this._page;
    }
    // The dedicated worker that logged it (null: the page), js/workers.js.
    worker() {
      return this._e.worker ? pw.workerBySession(this._page, this._e.worker) : null;
    }
    // When it was logged, in milliseconds since the Unix epoch.
    timestamp() {
      return this._e.timestamp;
    }
    toString() {
      return this._e.text;
    }
  }

  class Dialog {
    constructor(page, e) {
      this._page = page;
      this._e = e;
      this._handled = false;
    }
    type() {
      return this._e.type;
    }
    message() {
      return this._e.message;
    }
    defaultValue() {
      return this._e.defaultValue;
    }
    page() {
      return this._page;
    }
    accept(promptText) {
      this._handled = true;
      return op(this._page, 'dialogAccept', [promptText === undefined ? null : String(promptText)]).then(() => undefined);
    }
    dismiss() {
      this._handled = true;
      return op(this._page, 'dialogDismiss').then(() => undefined);
    }
  }

  class Request {
    constructor(page, e) {
      this._page = page;
      this._e = e;
      this._response = null;
      this._failure = null;
      // Settles when the request finished or failed: a body can only be read after that.
      let finished;
      this._done = new Promise((resolve) => (finished = resolve));
      // Settles when its response came (or it ended without one), for `response()`.
      this._answered = new Promise((resolve) => (this._answer = resolve));
      this._finish = () => {
        this._answer();
        finished();
      };
    }
    url() {
      return this._e.url;
    }
    method() {
      return this._e.method;
    }
    headers() {
      return lowerCased(this._e.headers);
    }
    postData() {
      return this._e.postData === undefined ? null : this._e.postData;
    }
    // A form's fields as an object; anything else as JSON (Playwright's words when it is not).
    postDataJSON() {
      const data = this.postData();
      if (!data) return null;
      const type = this.headers()['content-type'] || '';
      if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new g.URLSearchParams(data));
      try {
        return JSON.parse(data);
      } catch (_) {
        throw new Error('POST data is not a valid JSON object: ' + data);
      }
    }
    resourceType() {
      return this._e.resourceType;
    }
    isNavigationRequest() {
      return this._e.isNavigation === true;
    }
    failure() {
      return this._failure;
    }
    // Its response once the headers came (null when it failed), as Playwright's.
    async response() {
      await this._answered;
      return this._response;
    }
  }

  class Response {
    constructor(page, e, request) {
      this._page = page;
      this._e = e;
      this._request = request;
    }
    url() {
      return this._e.url;
    }
    status() {
      return this._e.status;
    }
    statusText() {
      return this._e.statusText;
    }
    ok() {
      return this._e.status === 0 || (this._e.status >= 200 && this._e.status <= 299);
    }
    headers() {
      return lowerCased(this._e.headers);
    }
    request() {
      return this._request;
    }
    // The frame a navigation's response loaded in (null for other responses: not followed).
    frame() {
      return this._frame || null;
    }
    async body() {
      if (this._e.isRedirect) throw new Error('response.body: Response body is unavailable for redirect responses');
      if (this._request) await this._request._done;
      const site = callSite();
      const data = await op(this._page, 'responseBody', [this._e.id]).catch((e) => {
        throw failure(site, 'Error', `response.body: ${e.message}`);
      });
      return g.Buffer.from(data, 'base64');
    }
    async text() {
      return (await this.body()).toString('utf8');
    }
    async json() {
      return JSON.parse(await this.text());
    }
    async finished() {
      if (this._request) await this._request._done;
      return this._request && this._request._failure ? new Error(this._request._failure.errorText) : null;
    }
  }

  // A file the page downloaded, kept in its context's own directory until the context closes.
  class Download {
    constructor(page, e) {
      this._page = page;
      this._e = e;
      this._state = null;
      this._done = new Promise((resolve) => (this._resolve = resolve));
    }
    _finish(state) {
      this._state = state;
      this._resolve();
    }
    url() {
      return this._e.url;
    }
    suggestedFilename() {
      return this._e.suggestedFilename;
    }
    page() {
      return this._page;
    }
    async failure() {
      await this._done;
      if (this._state === 'completed') return null;
      return this._page._context._refusesDownloads ? REFUSED_DOWNLOADS : this._state;
    }
    async path() {
      await this._ended('path');
      return op(this._page, 'downloadPath', [this._e.guid]);
    }
    async saveAs(path) {
      await this._ended('saveAs');
      await op(this._page, 'downloadSaveAs', [this._e.guid, String(path)]);
    }
    async delete() {
      await this._done;
      await op(this._page, 'downloadDelete', [this._e.guid]);
    }
    // As Playwright's: a download that already ended is left as it is; `failure()` waits for
    // the browser to say it stopped.
    async cancel() {
      if (this._state !== null || this._page._context._refusesDownloads) return;
      await op(this._page, 'downloadCancel', [this._e.guid]);
    }
    // The file as a node:stream Readable of bytes, once completed.
    async createReadStream() {
      await this._ended('createReadStream');
      const bytes = modules.buffer.Buffer.from(await op(this._page, 'downloadRead', [this._e.guid]), 'base64');
      const stream = new modules.stream.Readable({ read() {} });
      if (bytes.length) stream.push(bytes);
      stream.push(null);
      return stream;
    }
    async _ended(what) {
      await this._done;
      if (this._state === 'completed') return;
      if (this._page._context._refusesDownloads) throw new Error(`download.${what}: ${REFUSED_DOWNLOADS}`);
      throw new Error(`download.${what}: ${this._state}`);
    }
  }

  // Turns one event from Rust into [name, payload] for the listeners.
  // What came for a request the page had no Request object for (one that started before it
  // was watched): `page.requests()` gives it to the Request it makes for it. The last 200.
  function orphan(page, id, what) {
    const orphans = page._orphans || (page._orphans = new Map());
    orphans.set(id, { ...(orphans.get(id) || {}), ...what });
    if (orphans.size > 200) orphans.delete(orphans.keys().next().value);
  }
  function adopt(page, request, id) {
    const o = page._orphans && page._orphans.get(id);
    // Only what came for this very hop (a redirect's earlier hop has another URL).
    if (!o || (o.response && o.response.url() !== request.url())) return;
    page._orphans.delete(id);
    if (o.response && !request._response) {
      o.response._request = request;
      request._response = o.response;
      request._answer();
    }
    if (o.ended) {
      if (o.failure !== undefined) request._failure = { errorText: o.failure };
      page._requests.delete(id);
      request._finish();
    }
  }

  function decode(page, e) {
    const requests = page._requests;
    switch (e.event) {
      case 'console':
        return ['console', new ConsoleMessage(page, e)];
      case 'crash':
        return ['crash', page];
      case 'pageerror': {
        const first = e.message.split('\n')[0];
        const error = new Error(first.replace(/^\w*Error: /, ''));
        // Its class's name, as Playwright's (`TypeError`).
        const named = /^(\w*Error): /.exec(first);
        if (named) error.name = named[1];
        error.stack = e.message;
        return ['pageerror', error];
      }
      case 'dialog':
        return ['dialog', new Dialog(page, e)];
      case 'request': {
        // The browser's own favicon fetch is not the page's: Playwright reports none of it.
        if (/\/favicon\.ico$/.test(e.url)) {
          (page._favicons || (page._favicons = new Set())).add(e.id);
          return null;
        }
        // What came for an earlier hop of the same id is not this request's.
        if (page._orphans) page._orphans.delete(e.id);
        // `page.requests()` may have made it already (it listed it before its event came here).
        const listed = requests.get(e.id);
        if (listed && listed._listed && listed.url() === e.url) {
          listed._listed = false;
          return ['request', listed];
        }
        const request = new Request(page, e);
        requests.set(e.id, request);
        return ['request', request];
      }
      case 'response': {
        if (page._favicons && page._favicons.has(e.id)) return null;
        const request = requests.get(e.id) || null;
        const response = new Response(page, e, request);
        if (request) pw.responseTiming(request, e);
        if (request) request._answer();
        else orphan(page, e.id, { response });
        if (request) request._response = response;
        return ['response', response];
      }
      case 'requestfinished': {
        if (page._favicons && page._favicons.delete(e.id)) return null;
        const request = requests.get(e.id);
        if (!request) {
          orphan(page, e.id, { ended: true });
          return null;
        }
        requests.delete(e.id);
        pw.responseEnded(request, e.timestamp);
        request._finish();
        return ['requestfinished', request];
      }
      case 'requestfailed': {
        if (page._favicons && page._favicons.delete(e.id)) return null;
        const request = requests.get(e.id);
        if (!request) {
          orphan(page, e.id, { ended: true, failure: e.errorText });
          return null;
        }
        requests.delete(e.id);
        request._failure = { errorText: e.errorText };
        pw.responseEnded(request, e.timestamp);
        request._finish();
        return ['requestfailed', request];
      }
      case 'domcontentloaded':
        return ['domcontentloaded', page];
      case 'load':
        return ['load', page];
      case 'download': {
        const download = new Download(page, e);
        (page._downloads || (page._downloads = new Map())).set(e.guid, download);
        return ['download', download];
      }
      case 'downloadfinished': {
        const download = page._downloads && page._downloads.get(e.guid);
        if (download) download._finish(e.state);
        return null;
      }
      case 'route':
        // Paused by page.route (js/page_routes.js), which answers it.
        return ['__route', e];
      case 'popuproute':
        // A request of a popup not announced yet, paused by the context's routes: answered
        // through the popup, which joins the context when it is announced.
        return ['__route', e.route, pw.popupOf(page, e.page)];
      case 'binding':
        // A call of a function exposeFunction gave the page.
        return ['__binding', e];
      case 'filechooser':
        // Emitted once its input is pinned (js/file_chooser.js).
        pw.fileChooserEvent(page, e, (p, name, payload) => pw.emitTo(p, 'page', name, payload));
        return null;
      case 'websocket':
        // js/websocket_events.js
        return pw.webSocketEvent(page, e);
      case 'worker':
      case 'workerclosed':
        // js/workers.js
        return pw.workerEvent(page, e);
      case 'contextdestroyed':
        // A document went: what lived in it (a routed WebSocket) is gone (js/websocket_routes.js).
        return ['__contextGone', e.id];
      case 'contextscleared':
        return ['__contextGone', null];
      case 'locatorhandler':
        // An action waits for this handler's overlay to be dealt with (js/locator_handlers.js).
        return ['__locatorHandler', e];
      case 'framenavigated':
        // Only the main frame's navigations are reported. The page's WebSockets are forgotten
        // with their document, as Playwright's (their later close is not reported).
        if (page._webSockets) page._webSockets.clear();
        return ['framenavigated', page.mainFrame()];
      case 'popup':
        // Already one of the context's pages in Rust; here it joins the context's JS pages.
        return ['popup', pw.adoptPopup(page, e.page, e.url)];
      default:
        return null;
    }
  }

  // Makes sure the page's events (and network events, and manual dialogs) are on before the
  // page's next operation: Page._send waits for this barrier.
  // Returns the subscription's own promise (rejecting when it failed); the page's barrier
  // swallows the failure so the page's other operations still run.
  function subscribe(page, event) {
    const wants =
      page._wants || (page._wants = { events: false, network: false, dialogs: false, routing: false, downloads: false, fileChoosers: false });
    const steps = [];
    if (!wants.events) {
      wants.events = true;
      wants.network = NETWORK.has(event);
      page._requests = new Map();
      steps.push(() => op(page, 'subscribe', [wants.network]));
    }
    if (NETWORK.has(event) && !wants.network) {
      wants.network = true;
      steps.push(() => op(page, 'subscribe', [true]));
    }
    if (event === 'dialog' && !wants.dialogs) {
      wants.dialogs = true;
      steps.push(() => op(page, 'dialogMode', [true]));
    }
    if (event === 'filechooser' && !wants.fileChoosers) {
      // Reported instead of opened from now on (js/file_chooser.js).
      wants.fileChoosers = true;
      steps.push(() => op(page, 'fileChooserMode', [true]));
    }
    if (event === 'download' && !wants.downloads) {
      wants.downloads = true;
      steps.push(() => op(page, 'watchDownloads'));
    }
    if (event === 'route' && !wants.routing) {
      wants.routing = true;
      steps.push(() => op(page, 'routing', [true]));
    }
    if (steps.length === 0) return Promise.resolve(page._barrier);
    const before = page._barrier || Promise.resolve();
    const subscribed = steps.reduce((p, step) => p.then(step), before);
    page._barrier = subscribed.catch(() => undefined);
    // The step that adds a listener ends only once it is subscribed (js/cucumber.js).
    (g.__ferridriver_settle || (g.__ferridriver_settle = [])).push(page._barrier);
    if (!page._pumping) pump(page);
    return subscribed;
  }

  // Turns routing off once no route is left for the page (nothing pauses for nothing).
  function unsubscribeRoutes(page) {
    const wants = page._wants;
    if (!wants || !wants.routing) return Promise.resolve();
    wants.routing = false;
    const off = (page._barrier || Promise.resolve()).then(() => op(page, 'routing', [false]));
    page._barrier = off.catch(() => undefined);
    return off;
  }

  async function pump(page) {
    page._pumping = true;
    try {
      await page._barrier;
      for (;;) {
        const batch = await op(page, 'nextEvents');
        if (!batch) break;
        // Listeners and route handlers are not awaited (as with Playwright's emitter): one
        // that waits for a later event (a response body, a request's response) must not stop
        // the events it waits for.
        for (const e of batch) {
          // Each event reached Playwright in a message of its own: the code that awaited a
          // `waitForEvent` this batch settled runs before the next event (it may wait for that
          // one: `const ws = await page.waitForEvent('websocket'); await ws.waitForEvent(…)`).
          if (pw.waiterSettled) {
            pw.waiterSettled = false;
            for (let turn = 0; turn < 16; turn++) await null;
          }
          if (page._tap) tapEvent(page, e);
          const decoded = decode(page, e);
          if (!decoded) continue;
          if (decoded[0] === '__route') pw.handleRoute(decoded[2] || page, decoded[1]).catch((err) => report('page.route handler', err));
          else if (decoded[0] === '__binding') pw.answerBinding(page, decoded[1]);
          else if (decoded[0] === '__contextGone') {
            if (pw.documentGone) pw.documentGone(page, decoded[1]);
          } else if (decoded[0] === '__locatorHandler') pw.runLocatorHandler(page, decoded[1].uid, decoded[1].trigger);
          else emit(page, decoded[0], decoded[1]);
        }
      }
    } catch (_) {
      // The page or the test case is gone: nothing more will come.
    } finally {
      page._pumping = false;
      // Nothing more will come for the requests in flight either: their waits end.
      if (page._requests) {
        for (const request of page._requests.values()) request._finish();
        page._requests.clear();
      }
    }
  }

  // ---- plugins' page events (`on: { navigate, console, network, pageError }`): every page the
  // World or session knows is watched once it is open — never opened for it — and its events
  // go to the plugins as plain objects, next to (not through) the page's own listeners.
  function tapPage(page) {
    if (page._tap || !bridge) return;
    const wanted = bridge.pluginPageEvents();
    if (!wanted.any) return;
    page._tap = new Map(); // request id -> { method, url, start, status }
    op(page, 'awaitOpen')
      .then((open) => (open ? subscribe(page, wanted.network ? 'request' : 'console') : undefined))
      .catch(() => undefined);
  }
  function tapEvent(page, e) {
    const fire = (name, event) => bridge.emitPluginEvent(name, JSON.stringify(event));
    switch (e.event) {
      case 'framenavigated':
        return fire('navigate', { url: e.url });
      case 'console':
        return fire('console', { type: e.type, text: e.text, location: e.location || null });
      case 'pageerror':
        return fire('pageError', { message: e.message.split('\n')[0].replace(/^\w*Error: /, ''), stack: e.message });
      case 'request':
        page._tap.set(e.id, { method: e.method, url: e.url, start: e.timestamp, status: 0 });
        return undefined;
      case 'response': {
        // A redirect hop's response is followed by its end (then the next hop's request).
        const r = page._tap.get(e.id);
        if (r) r.status = e.status;
        return undefined;
      }
      case 'requestfinished':
      case 'requestfailed': {
        const r = page._tap.get(e.id);
        if (!r) return undefined;
        page._tap.delete(e.id);
        const event = { method: r.method, url: r.url, status: r.status, durationMs: Math.max(0, Math.round(e.timestamp - r.start)) };
        if (e.event === 'requestfailed') event.failure = e.errorText;
        return fire('network', event);
      }
      default:
        return undefined;
    }
  }
  pw.tapPage = tapPage;

  function emit(page, event, payload) {
    // The context's listeners hear it first (js/context_events.js).
    const heardByContext = pw.toContext ? pw.toContext(page, event, payload) : false;
    // A worker's message is its own `console` event too.
    const worker = event === 'console' ? payload.worker() : null;
    if (worker) pw.emitTo(worker, 'worker', 'console', payload);
    if (event !== 'dialog') {
      pw.emitTo(page, 'page', event, payload);
      return;
    }
    const contextListens = () => pw.listenersOf(page._context, 'dialog').length > 0;
    const heardByPage = listeners(page, 'dialog').length > 0;
    if (heardByPage) pw.emitTo(page, 'page', event, payload);
    if (!heardByPage && !heardByContext) {
      // Every dialog listener went away before this dialog arrived: Playwright accepts a
      // beforeunload and dismisses the others.
      (payload.type() === 'beforeunload' ? payload.accept() : payload.dismiss()).catch(() => undefined);
    }
    if (page._wants.dialogs && listeners(page, 'dialog').length === 0 && !contextListens()) {
      page._wants.dialogs = false;
      page._barrier = (page._barrier || Promise.resolve()).then(() => op(page, 'dialogMode', [false])).catch(() => undefined);
    }
  }

  function added(page, event) {
    if (event === 'close' && !page._closeEmitted) {
      page._closeEmitted = true;
      (page._closeHooks || (page._closeHooks = [])).push(() => emit(page, 'close', page));
    }
    if (REPORTED.has(event)) subscribe(page, event);
  }

  // With its last `filechooser` listener gone, the page opens its file choosers again (as
  // Playwright's: a chooser nobody answers is cancelled rather than held).
  function removed(page, event) {
    const wants = page._wants;
    if (event !== 'filechooser' || !wants || !wants.fileChoosers) return;
    wants.fileChoosers = false;
    page._barrier = (page._barrier || Promise.resolve()).then(() => op(page, 'fileChooserMode', [false])).catch(() => undefined);
  }

  Object.assign(Page.prototype, pw.emitterMethods('page', added, removed), {
    // A wait for another event fails when the page crashes or closes (Playwright's).
    _waitRejections(event) {
      const out = [];
      if (event !== 'crash') out.push([this, 'crash', () => new Error('Page crashed')]);
      if (event !== 'close') out.push([this, 'close', () => new Error(CLOSED)]);
      return out;
    },
    waitForRequest(urlOrPredicate, options) {
      const matches = urlMatcher(this, urlOrPredicate);
      return this.waitForEvent('request', { predicate: matches, timeout: options && options.timeout, _api: 'waitForRequest' });
    },
    waitForResponse(urlOrPredicate, options) {
      const matches = urlMatcher(this, urlOrPredicate);
      return this.waitForEvent('response', { predicate: matches, timeout: options && options.timeout, _api: 'waitForResponse' });
    },
  });


  // Playwright's URL matching: a predicate, a RegExp, a glob (`*` within a path segment, `**`
  // across them) or an exact URL; relative strings resolve against the page's URL.
  function urlMatcher(page, pattern) {
    if (typeof pattern === 'function') return pattern;
    if (pattern instanceof RegExp) return (r) => pattern.test(r.url());
    if (typeof pattern !== 'string') throw new TypeError('expected a URL string, a RegExp or a predicate');
    if (pattern.includes('*')) {
      const re = globToRegExp(pattern);
      return (r) => re.test(r.url());
    }
    let wanted = pattern;
    try {
      wanted = new g.URL(pattern, page.url()).href;
    } catch (_) {
      // Not resolvable: compare as given.
    }
    return (r) => r.url() === wanted || r.url() === pattern;
  }

  // For js/page_routes.js.
  // Navigations answer the main resource's Response (null: same-document, or nowhere to go).
  for (const name of ['goto', 'reload', 'goBack', 'goForward', 'waitForNavigation']) {
    const navigate = Page.prototype[name];
    Page.prototype[name] = function (...args) {
      return navigate.apply(this, args).then((e) => {
        if (!e) return null;
        const response = new Response(this, e, null);
        response._frame = this.mainFrame();
        // The request behind it, after the hops it was redirected from (js/response_details.js).
        response._request = pw.navigationRequest(this, e, response);
        return response;
      });
    };
  }

  // The page's last console messages and uncaught errors, kept whether or not anyone listened
  // (browser/src/recent_events.rs): the current document's, or with `{ filter: 'all' }` all kept.
  const everyOne = (options) => !!options && options.filter === 'all';
  Object.assign(Page.prototype, {
    async consoleMessages(options) {
      const list = await op(this, 'consoleMessages', [everyOne(options)]);
      // Playwright's kept messages do not say which worker logged them (`worker()` is null).
      return list.map((e) => decode(this, { ...e, worker: undefined })[1]);
    },
    // The last requests (100 at most), as Request objects: one still in flight is the one the
    // page's events speak of, and its response() waits for its response, as Playwright's.
    async requests() {
      await subscribe(this, 'request');
      const list = await op(this, 'requests');
      return list.map((kept) => {
        const id = kept.request.id;
        const live = !kept.ended && this._requests.get(id);
        if (live && live.url() === kept.request.url) return live;
        const request = new Request(this, kept.request);
        if (!kept.ended) {
          // In flight: the page's events go on with it (and what already came is taken).
          request._listed = true;
          this._requests.set(id, request);
          adopt(this, request, id);
        }
        if (kept.response && !request._response) {
          request._response = new Response(this, kept.response, request);
          request._answer();
        }
        if (kept.failure) request._failure = { errorText: kept.failure };
        if (kept.ended) request._finish();
        return request;
      });
    },
    async clearConsoleMessages() {
      await op(this, 'clearConsoleMessages');
    },
    async clearPageErrors() {
      await op(this, 'clearPageErrors');
    },
    async pageErrors(options) {
      const list = await op(this, 'pageErrors', [everyOne(options)]);
      return list.map((e) => decode(this, e)[1]);
    },
    requestGC() {
      return op(this, 'requestGC', []).then(() => undefined);
    },
    // Playwright's pause waits for its inspector, which a headless run has none of: there it
    // returns at once, and so does ours (a `pause()` left in a suite does not fail it).
    async pause() {},
  });

  Object.assign(pw, { subscribe, unsubscribeRoutes, op, urlMatcher, Request, Response });
  Object.assign(g.__ferridriver_modules.playwright, { ConsoleMessage, Dialog, Download, Request, Response });
})(globalThis);
