// Playwright's Worker for the JS world: `page.workers()`, the page's `worker` event,
// `worker.url()`, `worker.evaluate(fn | expression, arg)` and its `close` event. Rust attaches
// to every dedicated worker a page starts (browser/src/workers.rs); a worker is named by the
// session that reaches it. Its console calls are the page's `console` events.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const native = g.__ferridriver_native;
  const { Page, callSite, send, values } = pw;

  class Worker {
    constructor(page, info) {
      this._page = page;
      this._session = info.session;
      this._url = info.url;
      this._closed = false;
    }
    url() {
      return this._url;
    }
    // In the worker's global scope: a function is called with `arg` (JSON), a string is an
    // expression; promises are awaited; the answer comes back as page.evaluate's does.
    async evaluate(fn, arg) {
      const site = callSite();
      if (typeof fn !== 'function' && typeof fn !== 'string') throw new TypeError('worker.evaluate: pass a function or an expression');
      // A string runs as the worker's own code would (statements too), as page.evaluate's.
      const call = typeof fn === 'function' ? `(${fn.toString()})(${arg === undefined ? '' : values.argSource(arg)})` : `(0, eval)(${JSON.stringify(fn)})`;
      const expression = `(async () => ${call})().then(${values.ENCODE})`;
      const page = this._page;
      const request = { target: 'page', page: page._id, context: page._context._id, op: 'workerEvaluate', args: [this._session, expression], generation: page._context._generation };
      try {
        return values.decode((await send(request, site)).ok);
      } catch (e) {
        e.message = `worker.evaluate: ${e.message}`;
        throw e;
      }
    }
  }
  Object.assign(
    Worker.prototype,
    pw.emitterMethods('worker', (worker) => {
      // Its `close` and its console messages come with the page's events.
      pw.subscribe(worker._page, 'worker').catch(() => undefined);
    }),
  );

  // One Worker object per worker of a page.
  function workerOf(page, info) {
    const known = page._workers || (page._workers = new Map());
    if (!known.has(info.session)) known.set(info.session, new Worker(page, info));
    return known.get(info.session);
  }

  // The Worker reached through `session` (the page's list is read when it is not known yet).
  pw.workerBySession = function (page, session) {
    const known = (page._workers && page._workers.get(session)) || (page._endedWorkers && page._endedWorkers.get(session));
    if (known) return known;
    const info = JSON.parse(native.pageWorkers(page._id)).find((w) => w.session === session);
    return info ? workerOf(page, info) : null;
  };

  // The page's `worker` and `workerclosed` events (js/page_events.js decodes them here).
  pw.workerEvent = function (page, e) {
    if (e.event === 'worker') return ['worker', workerOf(page, e)];
    const worker = page._workers && page._workers.get(e.session);
    if (!worker) return null;
    page._workers.delete(e.session);
    // Its messages still name it (`ConsoleMessage.worker()`).
    (page._endedWorkers || (page._endedWorkers = new Map())).set(e.session, worker);
    worker._closed = true;
    pw.emitTo(worker, 'worker', 'close', worker);
    return null;
  };

  Page.prototype.workers = function () {
    // Their `close` events come with the page's events from now on.
    pw.subscribe(this, 'worker').catch(() => undefined);
    return JSON.parse(native.pageWorkers(this._id)).map((info) => workerOf(this, info));
  };

  pw.Worker = Worker;
  Object.assign(g.__ferridriver_modules.playwright, { Worker });
})(globalThis);
