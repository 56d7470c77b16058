// What Playwright's Request and Response say beyond URL, status and headers: the headers as
// the server named them (`headersArray`, `allHeaders`, `headerValue(s)`), the server's address,
// the protocol, TLS details, a request's frame and the redirects between requests; and a
// navigation's own request (`page.goto(…).request()`), built from the hops Rust followed.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Request, Response } = pw;

  // [name, value] pairs as sent: the browser joins a repeated header's values with '\n'.
  function pairsOf(headers) {
    const out = [];
    for (const [name, value] of Object.entries(headers || {})) {
      for (const one of String(value).split('\n')) out.push([name, one]);
    }
    return out;
  }
  // Playwright's merge of repeated headers: set-cookie lines stay lines, others join with ', '.
  function joined(name, values) {
    return values.join(name.toLowerCase() === 'set-cookie' ? '\n' : ', ');
  }
  function valuesOf(pairs, name) {
    const wanted = String(name).toLowerCase();
    return pairs.filter(([n]) => n.toLowerCase() === wanted).map(([, v]) => v);
  }
  function allOf(pairs) {
    const grouped = new Map();
    for (const [name, value] of pairs) {
      const key = name.toLowerCase();
      if (!grouped.has(key)) grouped.set(key, []);
      grouped.get(key).push(value);
    }
    const out = {};
    for (const [key, values] of grouped) out[key] = joined(key, values);
    return out;
  }
  const headerMethods = (pairs) => ({
    async headersArray() {
      return pairs(this).map(([name, value]) => ({ name, value }));
    },
    async allHeaders() {
      return allOf(pairs(this));
    },
    async headerValue(name) {
      const values = valuesOf(pairs(this), name);
      return values.length ? joined(String(name), values) : null;
    },
    async headerValues(name) {
      return valuesOf(pairs(this), name);
    },
  });

  // The server's headers, Set-Cookie included (Rust waits for the browser's report of them);
  // without one (a cached response), the response's own.
  function rawOf(response) {
    // A redirect hop of a navigation carries its own headers (it has no request id to ask by).
    if (response._e.id === undefined) return Promise.resolve(response._e.rawHeaders || response._e.headers);
    // An event's response says which of its request's reported responses it is (null: none
    // will be reported); a navigation's own is its request's last.
    const which = response._e.extraInfo;
    if (which === null) return Promise.resolve(response._e.rawHeaders || response._e.headers);
    if (!response._raw) {
      response._raw = pw
        .op(response._page, 'responseHeaders', [String(response._e.id), which === undefined ? -1 : which])
        .then((raw) => raw || response._e.rawHeaders || response._e.headers)
        .catch(() => response._e.rawHeaders || response._e.headers);
    }
    return response._raw;
  }
  const rawHeaderMethods = {
    async headersArray() {
      return pairsOf(await rawOf(this)).map(([name, value]) => ({ name, value }));
    },
    async allHeaders() {
      return allOf(pairsOf(await rawOf(this)));
    },
    async headerValue(name) {
      const values = valuesOf(pairsOf(await rawOf(this)), name);
      return values.length ? joined(String(name), values) : null;
    },
    async headerValues(name) {
      return valuesOf(pairsOf(await rawOf(this)), name);
    },
  };

  Object.assign(Response.prototype, rawHeaderMethods, {
    async serverAddr() {
      return this._e.serverAddr || null;
    },
    async securityDetails() {
      return this._e.securityDetails === undefined ? null : this._e.securityDetails;
    },
    async httpVersion() {
      return this._e.httpVersion || 'HTTP/1.1';
    },
    fromServiceWorker() {
      return this._e.fromServiceWorker === true;
    },
  });

  // ---- timing, as Playwright computes it from the browser's: `startTime` in ms since the
  // epoch, the phases in ms after it (-1: not measured), `responseEnd` when the body ended.
  const unmeasured = () => ({
    startTime: 0,
    domainLookupStart: -1,
    domainLookupEnd: -1,
    connectStart: -1,
    secureConnectionStart: -1,
    connectEnd: -1,
    requestStart: -1,
    responseStart: -1,
    responseEnd: -1,
  });
  const timingOf = (request) => request._timing || (request._timing = unmeasured());
  pw.responseTiming = function (request, e) {
    const t = e.timing;
    const timing = timingOf(request);
    if (!t) {
      timing.startTime = (request._e.wallTime || 0) * 1000;
      return;
    }
    Object.assign(timing, {
      startTime: t.requestTime * 1000 - request._e.timestamp + (request._e.wallTime || 0) * 1000,
      domainLookupStart: t.dnsStart,
      domainLookupEnd: t.dnsEnd,
      connectStart: t.connectStart,
      secureConnectionStart: t.sslStart,
      connectEnd: t.connectEnd,
      requestStart: t.sendStart,
      responseStart: t.receiveHeadersEnd,
    });
  };
  pw.responseEnded = function (request, timestamp) {
    // A request that got no response has no end either (Playwright's -1).
    if (!request._response) return;
    const timing = timingOf(request);
    // Milliseconds after the request started, to the microsecond (Playwright's rounding).
    timing.responseEnd = Math.trunc((timestamp - request._e.timestamp) * 1000) / 1000;
    if (timing.responseStart === -1) timing.responseStart = timing.responseEnd;
  };

  Object.assign(Request.prototype, headerMethods((r) => pairsOf(r._e.headers)), {
    timing() {
      return timingOf(this);
    },
    // Its response if it came already (no waiting).
    existingResponse() {
      return this._response || null;
    },
    postDataBuffer() {
      const data = this.postData();
      return data === null ? null : g.Buffer.from(data, 'utf8');
    },
    // The frame that made it (the main frame when the page no longer lists it).
    frame() {
      const id = this._e.frameId;
      return (id && this._page.frames().find((f) => f._id === id)) || this._page.mainFrame();
    },
    redirectedFrom() {
      return this._redirectedFrom || null;
    },
    redirectedTo() {
      return this._redirectedTo || null;
    },
  });

  // The requests of a navigation (`e.requests`, first first), each hop answered by its
  // redirect; the last one's answer is `response`.
  pw.navigationRequest = function (page, e, response) {
    let previous = null;
    let last = null;
    for (const hop of e.requests || []) {
      const request = new Request(page, { ...hop, resourceType: 'document', isNavigation: true });
      if (previous) {
        previous._redirectedTo = request;
        request._redirectedFrom = previous;
      }
      if (hop.redirect) {
        request._response = new Response(page, { ...hop.redirect, isRedirect: true }, request);
      }
      request._finish();
      previous = request;
      last = request;
    }
    if (last) last._response = response;
    if (last && response && response._e) pw.responseTiming(last, response._e);
    return last;
  };
})(globalThis);
