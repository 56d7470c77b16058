// Playwright's APIRequestContext (`context.request`, `this.request`, the script hosts' `request`)
// and its APIResponse. Each call is one request to the native `browser` function, run through
// the browser context's cookie jar and the running handler's network policy in Rust.
(function (g) {
  'use strict';
  const native = g.__ferridriver_native;
  const pw = g.__ferridriver_playwright;
  const { callSite, send } = pw;

  class APIResponse {
    // `playwright`: always Playwright's shape (`route.fetch()` answers one in every host).
    constructor(raw, playwright) {
      this._raw = raw;
      this._body = null;
      // The script hosts' `request` answers an HttpResponse whose `status`, `ok` and `url` are
      // values, as run_script's reference uses them (`if (!r.ok) …`); step code keeps
      // Playwright's methods. A method left in place would be truthy and hide a failure.
      if (native.host !== 'bdd' && !playwright) {
        Object.defineProperties(this, {
          status: { value: raw.status, enumerable: true },
          ok: { value: raw.status >= 200 && raw.status < 300, enumerable: true },
          url: { value: raw.url, enumerable: true },
        });
      }
    }
    status() {
      return this._raw.status;
    }
    statusText() {
      return this._raw.statusText || '';
    }
    // Frees the body; reading it afterwards fails, as in Playwright.
    async dispose() {
      this._disposed = true;
      this._body = null;
    }
    ok() {
      return this._raw.status >= 200 && this._raw.status < 300;
    }
    url() {
      return this._raw.url;
    }
    headersArray() {
      return this._raw.headers.map(([name, value]) => ({ name, value }));
    }
    // The value of one header (case-insensitive; repeated headers joined with ', '), or null.
    header(name) {
      const v = this.headers()[String(name).toLowerCase()];
      return v === undefined ? null : v;
    }
    headers() {
      const out = {};
      for (const [k, v] of this._raw.headers) out[k.toLowerCase()] = out[k.toLowerCase()] === undefined ? v : `${out[k.toLowerCase()]}, ${v}`;
      return out;
    }
    async body() {
      if (this._disposed) throw new Error('apiResponse.body: Response has been disposed');
      if (!this._body) this._body = g.Buffer.from(this._raw.body, 'base64');
      return this._body;
    }
    async text() {
      if (this._disposed) throw new Error('apiResponse.text: Response has been disposed');
      return (await this.body()).toString('utf8');
    }
    async json() {
      if (this._disposed) throw new Error('apiResponse.json: Response has been disposed');
      return JSON.parse(await this.text());
    }
  }

  class APIRequestContext {
    constructor(context) {
      this._context = context;
    }
    // `playwright` (internal): answer Playwright's APIResponse in every host.
    fetch(urlOrRequest, options, playwright) {
      const o = options || {};
      const site = callSite();
      let url = String(urlOrRequest);
      if (o.params) {
        const query = Object.entries(o.params)
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
          .join('&');
        if (query) url += (url.includes('?') ? '&' : '?') + query;
      }
      const headers = {};
      for (const [k, v] of Object.entries(o.headers || {})) headers[k] = String(v);
      let data = o.data;
      if (data !== undefined && data !== null && typeof data !== 'string') {
        if (ArrayBuffer.isView(data)) data = native.utf8Decode(data);
        else data = JSON.stringify(data);
      }
      const request = {
        target: 'request',
        op: 'fetch',
        args: [o.method || 'GET', url, { headers, data: data === undefined ? null : data }],
        context: this._context._id,
        generation: this._context._generation,
      };
      return send(request, site).then((r) => new APIResponse(r.ok, playwright === true));
    }
    get(url, options) {
      return this.fetch(url, { ...options, method: 'GET' });
    }
    post(url, options) {
      return this.fetch(url, { ...options, method: 'POST' });
    }
    put(url, options) {
      return this.fetch(url, { ...options, method: 'PUT' });
    }
    patch(url, options) {
      return this.fetch(url, { ...options, method: 'PATCH' });
    }
    delete(url, options) {
      return this.fetch(url, { ...options, method: 'DELETE' });
    }
    head(url, options) {
      return this.fetch(url, { ...options, method: 'HEAD' });
    }
  }

  // The context's cookies and each origin's storage (Playwright's `storageState`).
  APIRequestContext.prototype.storageState = function storageState(options) {
    return this._context.storageState(options);
  };

  // Playwright's `request.newContext()`: an API client with a cookie jar of its own (a browser
  // context of the worker's browser that never opens a page). `baseURL` and `extraHTTPHeaders`
  // apply here, as Playwright applies them: URLs resolve against `baseURL` (a relative URL
  // without one is an error), and a call's own header wins over the context's of the same name;
  // its `httpCredentials` answer challenges (or go up front with `send: 'always'`).
  // It lives until `dispose()`, or until the scenario (or BeforeAll round) that made it ends.
  class StandaloneRequestContext extends APIRequestContext {
    constructor(context, options) {
      super(context);
      this._baseURL = options.baseURL;
      this._headers = options.extraHTTPHeaders || {};
      this._disposed = false;
    }
    fetch(urlOrRequest, options) {
      const o = options || {};
      const what = `apiRequestContext.${o.method ? String(o.method).toLowerCase() : 'fetch'}`;
      if (this._disposed) return Promise.reject(new Error(`${what}: Target page, context or browser has been closed`));
      let url = String(urlOrRequest);
      if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(url)) {
        if (!this._baseURL) return Promise.reject(new Error(`${what}: Invalid URL`));
        url = new g.URL(url, this._baseURL).toString();
      }
      const headers = {};
      for (const [k, v] of Object.entries(this._headers)) headers[k] = String(v);
      for (const [k, v] of Object.entries(o.headers || {})) {
        for (const name of Object.keys(headers)) if (name.toLowerCase() === k.toLowerCase()) delete headers[name];
        headers[k] = String(v);
      }
      return super.fetch(url, { ...o, headers });
    }
    async dispose() {
      if (this._disposed) return;
      this._disposed = true;
      await this._context.close().catch(() => undefined);
    }
  }
  const request = {
    async newContext(options) {
      const o = options || {};
      const browser = await g.__ferridriver_modules.playwright.chromium.launch();
      const own = {};
      if (o.storageState) own.storageState = o.storageState;
      if (o.httpCredentials) own.httpCredentials = o.httpCredentials;
      const context = await browser.newContext(own);
      return new StandaloneRequestContext(context, o);
    },
  };

  pw.APIRequestContext = APIRequestContext;
  Object.assign(g.__ferridriver_modules.playwright, { APIRequestContext, APIResponse, request });
})(globalThis);
