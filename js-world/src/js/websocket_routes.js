// Playwright's `page.routeWebSocket(url, handler)` and `context.routeWebSocket(url, handler)`.
// The browser gives no way to intercept a WebSocket, so the page's `WebSocket` is replaced
// (an init script, also run in the frames already there) by one that asks the test first:
// each new socket is announced through an exposed binding; a socket no route matches connects
// to its server directly, as if nothing had happened; one a route matches is the handler's —
// mocked (nothing reaches a server) unless the handler calls `connectToServer()`, after which
// what it does not handle itself is passed on both ways. The test's answers reach the socket
// by evaluating in its frame, one after another per socket (their order is the test's).
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Page, callSite, failure } = pw;
  const { BrowserContext } = g.__ferridriver_modules.playwright;
  const BINDING = '__ferridriverWebSocketRoute';

  // ---- in the page: the WebSocket that asks the test (its source is sent as text) ----
  function pageWebSocket(binding) {
    if (globalThis.__ferridriverWebSocketDispatch) return;
    const NativeWebSocket = globalThis.WebSocket;
    const sockets = new Map();
    let counter = 0;
    const tell = (message) => {
      const call = globalThis[binding];
      if (typeof call === 'function') Promise.resolve(call(message)).catch(() => undefined);
    };
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
        this._id = `${++counter}:${Math.random().toString(36).slice(2)}`;
        sockets.set(this._id, this);
        const list = protocols === undefined ? [] : Array.isArray(protocols) ? [...protocols] : [protocols];
        tell({ type: 'create', id: this._id, url: this.url, protocols: list });
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
        this._forget();
        if (this._direct) this._closeServer(code, reason, wasClean);
        else tell({ type: 'pageClose', id: this._id, code, reason, wasClean });
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
        if (this.readyState === 3 && !this._server) sockets.delete(this._id);
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
    globalThis.__ferridriverWebSocketDispatch = (id, request) => {
      const ws = sockets.get(id);
      if (!ws) return;
      switch (request.type) {
        case 'direct':
          ws._direct = true;
          ws._connect();
          break;
        case 'connect':
          ws._connect();
          break;
        case 'open':
          if (!ws._server) ws._open();
          break;
        case 'toPage':
          ws._toPage(fromMessage(request.message, ws.binaryType));
          break;
        case 'toServer':
          ws._toServer(fromMessage(request.message, ws.binaryType));
          break;
        case 'closePage':
          ws._closePage(request.code, request.reason, request.wasClean);
          break;
        case 'closeServer':
          ws._closeServer(request.code, request.reason, request.wasClean);
          break;
        default:
      }
    };
    globalThis.WebSocket = WebSocket;
  }
  const PAGE_SOURCE = `(${pageWebSocket.toString()})(${JSON.stringify(BINDING)})`;

  // ---- in the test ----
  const Bytes = () => g.Buffer || Uint8Array;
  function received(message) {
    if (!message.binary) return message.data;
    const text = g.atob(message.data);
    const bytes = Bytes().from(text, (c) => c.charCodeAt(0));
    return bytes;
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
    constructor(frame, e) {
      this._frame = frame;
      this._id = e.id;
      this._url = e.url;
      this._protocols = e.protocols || [];
      this._connected = false;
      this._queue = Promise.resolve();
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
    // One request to the socket in its frame, after the ones before it; a frame that went
    // (navigated, closed) takes none.
    _ask(request) {
      const id = this._id;
      this._queue = this._queue
        .then(() => this._frame.evaluate(([i, r]) => globalThis.__ferridriverWebSocketDispatch && globalThis.__ferridriverWebSocketDispatch(i, r), [id, request]))
        .catch(() => undefined);
      return this._queue;
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

  // Whether a route's `url` (glob, RegExp, predicate of a URL) names the socket's URL; a glob
  // not starting with `*` is taken relative to the context's baseURL, made ws(s):.
  function matches(context, pattern, url) {
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
    const base = context && context._baseURL;
    if (base && !glob.startsWith('*')) {
      try {
        glob = new g.URL(glob, base.replace(/^http/i, 'ws')).href;
      } catch (_) {
        // Not resolvable: as given.
      }
    }
    return pw.globToRegExp(glob).test(url);
  }

  // The binding every page of the context calls: a new socket finds its route (the page's
  // newest first, then the context's) or goes straight through; later calls are its events.
  function heard(context, source, e) {
    const sockets = context._webSockets || (context._webSockets = new Map());
    if (e.type !== 'create') {
      const route = sockets.get(e.id);
      if (route) route._heard(e);
      if (route && (e.type === 'pageClose' || e.type === 'serverClose') && !route._connected) sockets.delete(e.id);
      return;
    }
    const page = source.page;
    const pick = (owner) => (owner && owner._webSocketRoutes ? owner._webSocketRoutes.find((r) => matches(context, r.url, e.url)) : undefined);
    const chosen = pick(page) || pick(context);
    const route = new WebSocketRoute(source.frame, e);
    if (!chosen) {
      route._ask({ type: 'direct' });
      return;
    }
    sockets.set(e.id, route);
    (async () => {
      try {
        await chosen.handler(route);
      } catch (err) {
        reportError('routeWebSocket handler', err);
      }
      if (!route._connected) route._ask({ type: 'open' });
    })();
  }

  // Puts the asking WebSocket in the context's pages (once): its binding, its init script,
  // and the documents already open.
  function install(context) {
    if (!context._webSocketRouting) {
      context._webSocketRouting = (async () => {
        await context.exposeBinding(BINDING, (source, e) => heard(context, source, e));
        await context.addInitScript({ content: PAGE_SOURCE });
        for (const page of context.pages()) {
          for (const frame of page.frames()) await frame.evaluate(PAGE_SOURCE).catch(() => undefined);
        }
      })();
      context._webSocketRouting.catch(() => {
        context._webSocketRouting = null;
      });
    }
    return context._webSocketRouting;
  }

  function addRoute(owner, context, label, url, handler, site) {
    if (typeof handler !== 'function') throw failure(site, 'TypeError', `${label}.routeWebSocket: the handler must be a function`);
    if (!(url instanceof RegExp) && typeof url !== 'string' && typeof url !== 'function') {
      throw failure(site, 'TypeError', `${label}.routeWebSocket: url must be a string, a RegExp or a function`);
    }
    (owner._webSocketRoutes || (owner._webSocketRoutes = [])).unshift({ url, handler });
    return install(context);
  }
  Page.prototype.routeWebSocket = async function (url, handler) {
    await addRoute(this, this.context(), 'page', url, handler, callSite());
  };
  BrowserContext.prototype.routeWebSocket = async function (url, handler) {
    await addRoute(this, this, 'browserContext', url, handler, callSite());
  };

  pw.WebSocketRoute = WebSocketRoute;
  Object.assign(g.__ferridriver_modules.playwright, { WebSocketRoute });
})(globalThis);
