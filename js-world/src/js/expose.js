// Playwright's `exposeFunction` and `exposeBinding` on pages and contexts for the JS world. The
// page's calls come as its `__binding` events (js/page_events.js hands them to
// `pw.answerBinding`); each runs the test's function with the capabilities of the code that
// exposed it (a tool's own, or none: a page never gets more) and its answer settles the
// page's promise.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Page, op, subscribe } = pw;
  const native = g.__ferridriver_native;
  function exposed(page, name) {
    return (page._exposed && page._exposed.get(name)) || (page._context._exposed && page._context._exposed.get(name));
  }
  pw.answerBinding = async function (page, e) {
    const entry = exposed(page, e.name);
    let answer;
    try {
      if (!entry) throw new Error(`no function "${e.name}" is exposed to this page`);
      const args = e.args || [];
      // exposeBinding's callbacks get where the call came from first.
      const call = entry.binding ? () => entry.fn(bindingSource(page, e.frame, e.context), ...args) : () => entry.fn(...args);
      const value = await native.asyncContext.run(entry.context, () => (async () => call())());
      answer = [true, value === undefined ? null : value];
    } catch (err) {
      answer = [false, String(err && err.message !== undefined ? err.message : err)];
    }
    // A value JSON cannot carry still settles the page's promise (as a rejection).
    op(page, 'answerBinding', [e.context, e.id, ...answer]).catch((err) =>
      op(page, 'answerBinding', [e.context, e.id, false, `the exposed function's value cannot be sent to the page: ${err.message}`]).catch(() => undefined),
    );
  };
  // `{ context, page, frame }` of an exposeBinding call; the frame is found by the calling
  // document's window name and URL (the main frame when none matches).
  // The calling document's JavaScript context travels unseen, for our own bindings.
  function bindingSource(page, frame, executionContext) {
    const [name, url] = Array.isArray(frame) ? frame : [];
    const frames = typeof page.frames === 'function' ? page.frames() : [];
    const found = frames.find((f) => f.url() === url && (f === page.mainFrame() || f.name() === name)) || frames.find((f) => f.url() === url);
    const source = { context: page.context(), page, frame: found || page.mainFrame() };
    Object.defineProperty(source, '_executionContext', { value: executionContext });
    return source;
  }
  // Defines `name` in the page; the identifier of its init script is kept for `dispose()`.
  async function expose(page, name) {
    await subscribe(page, '__binding');
    const id = await op(page, 'exposeFunction', [name]);
    if (!page._bindingScripts) page._bindingScripts = new Map();
    page._bindingScripts.set(name, id);
  }
  // Takes `name` away from `page` again (what `expose` defined there, if it did).
  async function unexpose(page, name) {
    const id = page._bindingScripts && page._bindingScripts.get(name);
    if (id === undefined || page.isClosed()) return;
    page._bindingScripts.delete(name);
    await op(page, 'removeBinding', [name, id]);
  }
  // What `exposeFunction`/`exposeBinding` answer: `dispose()` frees the name and removes the
  // function from the owner's pages (a page's own, or every page of a context).
  function disposable(owner, name, pages) {
    return new pw.Disposable(async () => {
      if (owner._exposed) owner._exposed.delete(name);
      await Promise.all(pages().map((page) => unexpose(page, name)));
    });
  }
  function checkExposable(owner, label, name, callback, binding) {
    const method = `${label}.${binding ? 'exposeBinding' : 'exposeFunction'}`;
    if (typeof name !== 'string' || !name) throw new TypeError(`${method}: pass a name`);
    if (typeof callback !== 'function') throw new TypeError(`${method}: the callback must be a function`);
    if (owner._exposed && owner._exposed.has(name)) throw new Error(`${method}: Function "${name}" has been already registered`);
    if (owner._context && owner._context._exposed && owner._context._exposed.has(name)) {
      throw new Error(`${method}: Function "${name}" has been already registered in the browser context`);
    }
    if (!owner._exposed) owner._exposed = new Map();
    owner._exposed.set(name, { fn: callback, binding, context: native.asyncContext.current() });
  }
  // A name whose exposing failed is free again.
  async function exposing(owner, name, work) {
    try {
      await work();
    } catch (e) {
      owner._exposed.delete(name);
      throw e;
    }
  }
  Page.prototype.exposeFunction = async function (name, callback) {
    checkExposable(this, 'page', name, callback);
    await exposing(this, name, () => expose(this, name));
    return disposable(this, name, () => [this]);
  };
  Page.prototype.exposeBinding = async function (name, callback) {
    // Playwright 1.65 takes no options any more: `{ handle: true }` is ignored, values are passed.
    checkExposable(this, 'page', name, callback, true);
    await exposing(this, name, () => expose(this, name));
    return disposable(this, name, () => [this]);
  };
  pw.BrowserContext.prototype.exposeBinding = async function (name, callback) {
    // Playwright 1.65 takes no options any more: `{ handle: true }` is ignored, values are passed.
    checkExposable(this, 'browserContext', name, callback, true);
    await exposing(this, name, () => Promise.all(this.pages().map((page) => expose(page, name))));
    return disposable(this, name, () => this.pages());
  };
  pw.BrowserContext.prototype.exposeFunction = async function (name, callback) {
    checkExposable(this, 'browserContext', name, callback);
    await exposing(this, name, () => Promise.all(this.pages().map((page) => expose(page, name))));
    return disposable(this, name, () => this.pages());
  };
  // A page joining a context that exposed functions gets them too.
  pw.exposeToPage = (page) => Promise.all([...((page._context && page._context._exposed) || new Map()).keys()].map((name) => expose(page, name)));
})(globalThis);
