// Playwright's `page.routeWebSocket(url, handler)` and `context.routeWebSocket(url, handler)`.
// The browser gives no way to intercept a WebSocket, so the page's `WebSocket` is replaced
// (an init script, also run in the documents already there) by one that asks the test first:
// each new socket is announced through an exposed binding, whose answer says whether it goes
// straight to its server (no route matches: as if nothing had happened) or is the handler's —
// mocked (nothing reaches a server) unless the handler calls `connectToServer()`, after which
// what it does not handle itself is passed on both ways. The test's requests reach the socket
// as answers to its own pending binding call (`next`), so they arrive in order, in the very
// document that made the socket; when that document goes (its JavaScript context, as the
// page's events tell), the route's handlers hear both sides close, as Playwright's do.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Page, callSite, failure } = pw;
  const { BrowserContext } = g.__ferridriver_modules.playwright;

  // ---- in the page: the WebSocket that asks the test (its source is sent as text) ----
  function pageWebSocket(binding) {
    if (globalThis.__ferridriverWebSocketRouted) return;
    globalThis.__ferridriverWebSocketRouted = true;
    const NativeWebSocket = globalThis.WebSocket;
    const sockets = new Map();
    const ask = (message) => {
      const call = globalThis[binding];
      if (typeof call !== 'function') return Promise.reject(new Error('the test is not listening'));
      try {
        return Promise.resolve(call(message));
      } catch (e) {
        return Promise.reject(e);
      }
    };
    const tell = (message) => {
      ask(message).catch(() => undefined);
    };
    // Unguessable, so that another frame cannot speak for a socket it does not own.
    const newId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
    const bytesToMessage = (bytes) => {
      let text = '';
      for (let i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
      return { data: btoa(text), binary: true };
    };
    // A message as it travels: text, or bytes in base64.
    const toMessage = (data, done) => {
      if (typeof data === 'string') return done({ data, binary: false });
      if (data instanceof Blob) return data.arrayBuffer().then((b) => done(bytesToMessage(new Uint8Array(b))));
      if (ArrayBuffer.isView(data)) return done(bytesToMessage(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)));
      return done(bytesToMessage(new Uint8Array(data)));
    };
    const fromMessage = (message, binaryType) => {
      if (!message.binary) return message.data;
      const text = atob(message.data);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      return binaryType === 'arraybuffer' ? bytes.buffer : new Blob([bytes]);
    };
    // Named as Playwright's stand-in names them (a plain DOMException).
    const invalid = (message) => new DOMException(message);

    class WebSocket extends EventTarget {
      constructor(url, protocols) {
        super();
        this.url = new URL(url, document.baseURI).href.replace(/^http/, 'ws');
        this.readyState = 0;
        this.protocol = '';
        this.extensions = '';
        this.bufferedAmount = 0;
        this._binaryType = 'blob';
        this._protocols = protocols;
        this._server = null; // the real socket, once connected
        this._direct = false; // no route: everything goes straight through
        this._early = []; // sent to the server before it opened
        this._listeners = {};
        this._id = newId();
        sockets.set(this._id, this);
        const list = protocols === undefined ? [] : Array.isArray(protocols) ? [...protocols].map(String) : [String(protocols)];
        // No route (or no test to ask any more): straight to the server.
        const direct = () => {
          this._direct = true;
          this._connect();
        };
        ask({ type: 'create', id: this._id, url: this.url, protocols: list }).then(
          (answer) => (answer === 'routed' ? this._pull() : direct()),
          direct,
        );
      }
      // Takes the test's requests for this socket, in order, until it is done with.
      async _pull() {
        while (sockets.has(this._id)) {
          let requests;
          try {
            requests = await ask({ type: 'next', id: this._id });
          } catch (_) {
            return;
          }
          // Nothing more will come (the test is done with the socket).
          if (!Array.isArray(requests) || requests.length === 0) return;
          for (const request of requests) this._do(request);
        }
      }
      get binaryType() {
        return this._binaryType;
      }
      set binaryType(type) {
        this._binaryType = type;
        if (this._server) this._server.binaryType = type;
      }
      send(data) {
        if (this.readyState === 0) throw invalid("Failed to execute 'send' on 'WebSocket': Still in CONNECTING state.");
        if (this.readyState !== 1) throw invalid('WebSocket is already in CLOSING or CLOSED state.');
        if (this._direct) this._toServer(data);
        else toMessage(data, (message) => tell({ type: 'pageMessage', id: this._id, message }));
      }
      close(code, reason) {
        if (code !== undefined && code !== 1000 && (code < 3000 || code > 4999)) {
          throw new DOMException(`Failed to execute 'close' on 'WebSocket': The close code must be either 1000, or between 3000 and 4999. ${code} is neither.`);
        }
        if (this.readyState === 0 || this.readyState === 1) this.readyState = 2;
        if (this._direct) this._closeServer(code, reason, true);
        else tell({ type: 'pageClose', id: this._id, code, reason, wasClean: true });
      }
      // ---- what the test asks ----
      _open() {
        if (this.readyState !== 0) return;
        const asked = Array.isArray(this._protocols) ? this._protocols[0] : this._protocols;
        this.protocol = this._server ? this._server.protocol : asked || '';
        this.extensions = this._server ? this._server.extensions : '';
        this.readyState = 1;
        this.dispatchEvent(new Event('open'));
      }
      _toPage(data) {
        this._open();
        if (this.readyState !== 1) return;
        this.dispatchEvent(new MessageEvent('message', { data, origin: new URL(this.url).origin }));
      }
      _connect() {
        if (this._server) return;
        const server = new NativeWebSocket(this.url, this._protocols);
        server.binaryType = this._binaryType;
        this._server = server;
        server.onopen = () => {
          for (const data of this._early.splice(0)) server.send(data);
          this._open();
        };
        server.onmessage = (e) => {
          if (this._direct) this._toPage(e.data);
          else toMessage(e.data, (message) => tell({ type: 'serverMessage', id: this._id, message }));
        };
        server.onclose = (e) => this._serverClosed(e.code, e.reason, e.wasClean);
        server.onerror = () => this.dispatchEvent(new Event('error'));
      }
      _toServer(data) {
        if (!this._server) return;
        if (this._server.readyState === 0) this._early.push(data);
        else this._server.send(data);
      }
      _closeServer(code, reason, wasClean) {
        if (!this._server) return this._serverClosed(code, reason, wasClean);
        if (this._server.readyState <= 1) this._server.close(code, reason);
        return undefined;
      }
      _closePage(code, reason, wasClean) {
        if (this.readyState === 3) return;
        this.readyState = 3;
        this.dispatchEvent(new CloseEvent('close', { code, reason, wasClean }));
        if (this._direct) this._closeServer(code, reason, wasClean);
        else tell({ type: 'pageClose', id: this._id, code, reason, wasClean });
        this._forget();
      }
      _serverClosed(code, reason, wasClean) {
        if (this._server) {
          this._server.onopen = this._server.onmessage = this._server.onclose = this._server.onerror = null;
          this._server = null;
          this._early = [];
        }
        if (this._direct) this._closePage(code, reason, wasClean);
        else tell({ type: 'serverClose', id: this._id, code, reason, wasClean });
        this._forget();
      }
      _forget() {
        if (this.readyState !== 3 || this._server || !sockets.has(this._id)) return;
        sockets.delete(this._id);
        if (!this._direct) tell({ type: 'gone', id: this._id });
      }
      _do(request) {
        switch (request.type) {
          case 'connect':
            this._connect();
            break;
          case 'open':
            if (!this._server) this._open();
            break;
          case 'toPage':
            this._toPage(fromMessage(request.message, this.binaryType));
            break;
          case 'toServer':
            this._toServer(fromMessage(request.message, this.binaryType));
            break;
          case 'closePage':
            this._closePage(request.code, request.reason, request.wasClean);
            break;
          case 'closeServer':
            this._closeServer(request.code, request.reason, request.wasClean);
            break;
          default:
        }
      }
    }
    for (const event of ['open', 'message', 'close', 'error']) {
      Object.defineProperty(WebSocket.prototype, `on${event}`, {
        get() {
          return this._listeners[event] || null;
        },
        set(listener) {
          if (this._listeners[event]) this.removeEventListener(event, this._listeners[event]);
          this._listeners[event] = typeof listener === 'function' ? listener : null;
          if (this._listeners[event]) this.addEventListener(event, this._listeners[event]);
        },
      });
    }
    ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED'].forEach((name, value) => {
      Object.defineProperty(WebSocket, name, { value });
      Object.defineProperty(WebSocket.prototype, name, { value });
    });
    globalThis.WebSocket = WebSocket;
  }
  // For the routes of one page, and of a whole context (two names: a page of the context may
  // have both; the first one its document was given answers for both).
  const PAGE_BINDING = '__ferridriverWebSocketPage';
  const CONTEXT_BINDING = '__ferridriverWebSocketContext';
  const pageSource = (binding) => `(${pageWebSocket.toString()})(${JSON.stringify(binding)})`;

  // ---- in the test ----
  // A message for the test's handlers: text, or a Buffer of its bytes (as Playwright's).
  function received(message) {
    if (!message || !message.binary) return message ? String(message.data) : '';
    const text = g.atob(String(message.data));
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return g.Buffer ? g.Buffer.from(bytes) : bytes;
  }
  function outgoing(data) {
    if (typeof data === 'string') return { data, binary: false };
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    let text = '';
    for (let i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
    return { data: g.btoa(text), binary: true };
  }
  function reportError(what, err) {
    if (typeof pw.reportListenerError === 'function') pw.reportListenerError(what, err);
  }

  // Playwright's WebSocketRoute: the page's side of one socket.
  class WebSocketRoute {
    constructor(page, e) {
      this._page = page;
      this._id = e.id;
      this._url = e.url;
      this._protocols = e.protocols;
      this._connected = false;
      // Requests the socket has not taken yet, and its pending `next` call's answer.
      this._outbox = [];
      this._taking = null;
      this._ended = false;
      this._onPageMessage = null;
      this._onPageClose = null;
      this._onServerMessage = null;
      this._onServerClose = null;
      const route = this;
      // The server's side, once connected.
      this._server = {
        url: () => route._url,
        protocols: () => [...route._protocols],
        onMessage(handler) {
          route._onServerMessage = handler;
        },
        onClose(handler) {
          route._onServerClose = handler;
        },
        connectToServer() {
          throw new Error('connectToServer must be called on the page-side WebSocketRoute');
        },
        send(data) {
          route._ask({ type: 'toServer', message: outgoing(data) });
        },
        close(options) {
          const o = options || {};
          return route._ask({ type: 'closeServer', code: o.code, reason: o.reason, wasClean: true });
        },
      };
      if (typeof Symbol.asyncDispose === 'symbol') this._server[Symbol.asyncDispose] = () => this._server.close();
    }
    url() {
      return this._url;
    }
    protocols() {
      return [...this._protocols];
    }
    send(data) {
      this._ask({ type: 'toPage', message: outgoing(data) });
    }
    close(options) {
      const o = options || {};
      return this._ask({ type: 'closePage', code: o.code, reason: o.reason, wasClean: true });
    }
    connectToServer() {
      if (this._connected) throw new Error('Already connected to the server');
      this._connected = true;
      this._ask({ type: 'connect' });
      return this._server;
    }
    onMessage(handler) {
      this._onPageMessage = handler;
    }
    onClose(handler) {
      this._onPageClose = handler;
    }
    // One request for the socket, after the ones before it: settles once the socket took it
    // (at once when the socket is gone).
    _ask(request) {
      if (this._ended) return Promise.resolve();
      return new Promise((taken) => {
        this._outbox.push([request, taken]);
        this._hand();
      });
    }
    // The socket's `next` call: answered with what is waiting, or with the next request.
    _next() {
      if (this._ended) return Promise.resolve([]);
      if (this._taking) this._taking([]);
      return new Promise((answer) => {
        this._taking = answer;
        this._hand();
      });
    }
    _hand() {
      if (!this._taking || (!this._outbox.length && !this._ended)) return;
      const answer = this._taking;
      this._taking = null;
      const batch = this._outbox.splice(0);
      answer(batch.map(([request]) => request));
      batch.forEach(([, taken]) => taken());
    }
    // The socket is done with (closed, or its document went): nothing more goes to it.
    _end() {
      this._ended = true;
      this._outbox.splice(0).forEach(([, taken]) => taken());
      if (this._taking) this._hand();
    }
    // Its document went: both sides count as closed, as Playwright tells the handlers.
    _documentGone() {
      if (this._ended) return;
      this._heard({ type: 'pageClose', wasClean: true });
      this._heard({ type: 'serverClose', wasClean: true });
      this._end();
    }
    // What the page's socket told: the handler's, else passed on.
    _heard(e) {
      const call = (handler, ...args) => {
        try {
          const r = handler(...args);
          if (r && typeof r.catch === 'function') r.catch((err) => reportError('WebSocketRoute handler', err));
        } catch (err) {
          reportError('WebSocketRoute handler', err);
        }
      };
      switch (e.type) {
        case 'pageMessage':
          if (this._onPageMessage) call(this._onPageMessage, received(e.message));
          else if (this._connected) this._ask({ type: 'toServer', message: e.message });
          break;
        case 'serverMessage':
          if (this._onServerMessage) call(this._onServerMessage, received(e.message));
          else this._ask({ type: 'toPage', message: e.message });
          break;
        case 'pageClose':
          if (this._onPageClose) call(this._onPageClose, e.code, e.reason);
          else this._ask({ type: 'closeServer', code: e.code, reason: e.reason, wasClean: e.wasClean });
          break;
        case 'serverClose':
          if (this._onServerClose) call(this._onServerClose, e.code, e.reason);
          else this._ask({ type: 'closePage', code: e.code, reason: e.reason, wasClean: e.wasClean });
          break;
        default:
      }
    }
  }
  if (typeof Symbol.asyncDispose === 'symbol') {
    WebSocketRoute.prototype[Symbol.asyncDispose] = function () {
      return this.close();
    };
  }

  // Whether a route's `url` (glob, RegExp, predicate of a URL) names the socket's URL. A
  // string is resolved against the context's baseURL (else the page's URL), made ws(s):, as
  // Playwright resolves it against its baseURL: a path names the page's server; an address
  // without a path names its root.
  function matches(page, pattern, url) {
    if (pattern === undefined || pattern === '') return true;
    if (pattern instanceof RegExp) {
      pattern.lastIndex = 0;
      return pattern.test(url);
    }
    if (typeof pattern === 'function') {
      try {
        return Boolean(pattern(new g.URL(url)));
      } catch (_) {
        return false;
      }
    }
    let glob = String(pattern);
    const base = String((page._context && page._context._baseURL) || page.url()).replace(/^http/i, 'ws');
    if (glob.startsWith('/') && !glob.startsWith('//')) {
      const origin = /^wss?:\/\/[^/]+/i.exec(base);
      if (origin) glob = origin[0] + glob;
    }
    const address = /^(wss?:\/\/[^/?#*{]+)(.*)$/i.exec(glob);
    if (address) glob = address[1].toLowerCase() + (address[2] || '/');
    return pw.globToRegExp(glob).test(url);
  }

  // A message from a page's socket, checked before anything trusts it (the page can call the
  // binding itself).
  function wellFormed(e) {
    if (!e || typeof e !== 'object' || typeof e.type !== 'string') return false;
    if (typeof e.id !== 'string' || e.id.length > 64) return false;
    if (e.type === 'create') return typeof e.url === 'string' && Array.isArray(e.protocols) && e.protocols.every((p) => typeof p === 'string');
    return true;
  }

  // The bindings' callback: a new socket finds its route (the page's newest first, then the
  // context's) or goes straight through; the socket's later calls are its events, its `next`
  // requests, and `gone` when it is done with. A page's sockets are only its own.
  function heard(source, e) {
    if (!wellFormed(e)) return null;
    const page = source.page;
    const context = page.context();
    const sockets = page._webSockets || (page._webSockets = new Map());
    if (e.type === 'create') {
      if (sockets.has(e.id)) return 'direct';
      const pick = (owner) => (owner && owner._webSocketRoutes ? owner._webSocketRoutes.find((r) => matches(page, r.url, e.url)) : undefined);
      const chosen = pick(page) || pick(context);
      if (!chosen) return 'direct';
      const route = new WebSocketRoute(page, e);
      route._executionContext = source._executionContext;
      sockets.set(e.id, route);
      watchClose(page);
      (async () => {
        try {
          await chosen.handler(route);
        } catch (err) {
          reportError('routeWebSocket handler', err);
        }
        if (!route._connected) route._ask({ type: 'open' });
      })();
      return 'routed';
    }
    const route = sockets.get(e.id);
    if (!route) return e.type === 'next' ? [] : null;
    if (e.type === 'next') return route._next();
    if (e.type === 'gone') {
      route._end();
      sockets.delete(e.id);
      return null;
    }
    route._heard(e);
    return null;
  }

  // A document that went (`id`: its JavaScript context; null: every one of the page's) took
  // its sockets with it.
  pw.documentGone = function (page, id) {
    if (!page._webSockets) return;
    for (const [socket, route] of page._webSockets) {
      if (id !== null && route._executionContext !== id) continue;
      route._documentGone();
      page._webSockets.delete(socket);
    }
  };

  // A page that closes takes its sockets with it.
  function watchClose(page) {
    if (page._webSocketsWatched) return;
    page._webSocketsWatched = true;
    page.on('close', () => {
      for (const route of page._webSockets.values()) route._documentGone();
      page._webSockets.clear();
    });
  }

  // Puts the asking WebSocket in `owner`'s pages (once): its binding, its init script, and
  // the documents already open (a page's own routes: that page; a context's: all of its).
  function install(owner, binding, pages) {
    if (!owner._webSocketRouting) {
      owner._webSocketRouting = (async () => {
        await owner.exposeBinding(binding, heard);
        const source = pageSource(binding);
        await owner.addInitScript({ content: source });
        for (const page of pages()) {
          for (const frame of page.frames()) await frame.evaluate(source).catch(() => undefined);
        }
      })();
      owner._webSocketRouting.catch(() => {
        owner._webSocketRouting = null;
      });
    }
    return owner._webSocketRouting;
  }

  function addRoute(owner, label, url, handler, site) {
    if (typeof handler !== 'function') throw failure(site, 'TypeError', `${label}.routeWebSocket: the handler must be a function`);
    if (!(url instanceof RegExp) && typeof url !== 'string' && typeof url !== 'function') {
      throw failure(site, 'TypeError', `${label}.routeWebSocket: url must be a string, a RegExp or a function`);
    }
    (owner._webSocketRoutes || (owner._webSocketRoutes = [])).unshift({ url, handler });
  }
  Page.prototype.routeWebSocket = async function (url, handler) {
    addRoute(this, 'page', url, handler, callSite());
    await install(this, PAGE_BINDING, () => [this]);
  };
  BrowserContext.prototype.routeWebSocket = async function (url, handler) {
    addRoute(this, 'browserContext', url, handler, callSite());
    await install(this, CONTEXT_BINDING, () => this.pages());
  };

  pw.WebSocketRoute = WebSocketRoute;
  Object.assign(g.__ferridriver_modules.playwright, { WebSocketRoute });
})(globalThis);
