// Playwright's `page.addLocatorHandler(locator, handler, { noWaitAfter, times })` and
// `removeLocatorHandler(locator)`. The Rust page keeps the overlays' locators and checks them
// before each action attempt and assertion look (browser/src/locator_handlers.rs); when one
// is visible it sends a `locatorhandler` event (js/page_events.js) and waits: the handler runs
// here, then its answer lets the action go on.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Page, Locator, callSite, failure } = pw;

  function handlersOf(page) {
    return page._locatorHandlers || (page._locatorHandlers = new Map());
  }
  // A locator of the page's main frame (one reached through `page.frame()` is another frame's).
  function belongs(page, locator) {
    return locator instanceof Locator && locator._page === page && !(locator._parts[0] && locator._parts[0].kind === 'frame');
  }
  function sameLocator(a, b) {
    return a._page === b._page && JSON.stringify(a._parts) === JSON.stringify(b._parts);
  }

  Page.prototype.addLocatorHandler = async function (locator, handler, options) {
    const site = callSite();
    const page = this;
    if (!belongs(page, locator)) throw failure(site, 'Error', 'Locator must belong to the main frame of this page');
    if (typeof handler !== 'function') throw failure(site, 'TypeError', 'page.addLocatorHandler: the handler must be a function');
    const o = options || {};
    if (o.times === 0) return;
    // The handler is called from this page's events.
    await pw.subscribe(page, 'locatorhandler');
    const adding = pw.op(page, 'addLocatorHandler', [locator._parts, o.noWaitAfter === true]).then((uid) => {
      handlersOf(page).set(uid, { locator, handler, times: typeof o.times === 'number' ? o.times : undefined });
    });
    // A trigger that comes before the handler is known here waits for it (runLocatorHandler).
    page._handlersAdded = Promise.all([page._handlersAdded, adding.catch(() => undefined)]);
    await adding;
  };

  Page.prototype.removeLocatorHandler = async function (locator) {
    const page = this;
    for (const [uid, data] of handlersOf(page)) {
      if (sameLocator(data.locator, locator)) {
        handlersOf(page).delete(uid);
        await pw.op(page, 'removeLocatorHandler', [uid]).catch(() => undefined);
      }
    }
  };

  // Runs the handler `uid` for trigger number `trigger` (sent again while unanswered: run once
  // each), given its locator as Playwright's, counting its `times`; its answer (and a thrown
  // error's message, which fails the waiting action) always goes back.
  pw.runLocatorHandler = async function (page, uid, trigger) {
    const seen = page._handlerTriggers || (page._handlerTriggers = new Set());
    if (seen.has(trigger)) return;
    seen.add(trigger);
    let remove = false;
    let error = null;
    try {
      await page._handlersAdded;
      const data = handlersOf(page).get(uid);
      if (data && data.times !== 0) {
        if (data.times !== undefined) data.times--;
        await data.handler(data.locator);
      }
      remove = !!data && data.times === 0;
    } catch (e) {
      error = e && e.message !== undefined ? `${e.name || 'Error'}: ${e.message}` : String(e);
    } finally {
      if (remove) handlersOf(page).delete(uid);
      pw.op(page, 'resolveLocatorHandler', [uid, remove, error]).catch(() => undefined);
    }
  };
})(globalThis);
