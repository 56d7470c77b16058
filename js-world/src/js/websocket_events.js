// Playwright's WebSocket for the JS world: the page's `websocket` event and each socket's
// `framesent`, `framereceived`, `socketerror` and `close` events, `url()`, `isClosed()` and
// `waitForEvent`. Rust reports what DevTools says about the page's sockets once the page's
// network is watched (browser/src/events.rs `WebSocketEvent`); js/page_events.js hands the
// reports here.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;

  class WebSocket {
    constructor(page, url) {
      this._page = page;
      this._url = url;
      this._closed = false;
      this._announced = false;
    }
    url() {
      return this._url;
    }
    isClosed() {
      return this._closed;
    }
    _timeoutOwner() {
      return this._page;
    }
    // A wait for anything but the socket's own end fails when the socket fails or closes, and
    // any wait fails when the page closes (Playwright's).
    _waitRejections(event) {
      const out = [];
      if (event !== 'socketerror') out.push([this, 'socketerror', () => new Error('Socket error')]);
      if (event !== 'close') out.push([this, 'close', () => new Error('Socket closed')]);
      out.push([this._page, 'close', () => new Error('Target page, context or browser has been closed')]);
      return out;
    }
  }
  // Nothing to start per listener: the page's network watch (on since the socket was seen) brings it all.
  Object.assign(WebSocket.prototype, pw.emitterMethods('webSocket', () => undefined));

  // A frame as Playwright's listeners get it: text as a string, binary as a Buffer; control
  // frames (ping, pong, close) are not reported.
  function payloadOf(e) {
    if (e.opcode === 1) return { payload: e.data };
    if (e.opcode === 2) return { payload: g.Buffer.from(e.data, 'base64') };
    return null;
  }

  // One report about the socket `e.id`: returns the page event to emit (`websocket`) or null;
  // the socket's own events go to its listeners here.
  pw.webSocketEvent = function (page, e) {
    const sockets = page._webSockets || (page._webSockets = new Map());
    if (e.kind === 'created') {
      sockets.set(e.id, new WebSocket(page, String(e.url).replace(/#.*$/, '')));
      return null;
    }
    const ws = sockets.get(e.id);
    if (!ws) return null;
    // Announced to the page when its handshake goes out, or when it fails or closes first.
    const announce = () => {
      if (ws._announced) return false;
      ws._announced = true;
      return true;
    };
    const emit = (event, payload) => pw.emitTo(ws, 'webSocket', event, payload);
    switch (e.kind) {
      case 'handshake':
        return announce() ? ['websocket', ws] : null;
      case 'response':
        if (e.status >= 400) emit('socketerror', `${e.statusText}: ${e.status}`);
        return null;
      case 'sent':
      case 'received': {
        const frame = e.data ? payloadOf(e) : null;
        if (frame) emit(e.kind === 'sent' ? 'framesent' : 'framereceived', frame);
        return null;
      }
      case 'error': {
        const first = announce();
        if (first) pw.emitTo(page, 'page', 'websocket', ws);
        emit('socketerror', e.message);
        return null;
      }
      case 'closed': {
        sockets.delete(e.id);
        const first = announce();
        if (first) pw.emitTo(page, 'page', 'websocket', ws);
        ws._closed = true;
        emit('close', ws);
        return null;
      }
      default:
        return null;
    }
  };

  pw.WebSocket = WebSocket;
})(globalThis);
