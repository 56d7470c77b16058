// A child frame's navigation and load waits (`frame.goto`, `waitForNavigation`,
// `waitForLoadState`, `waitForURL`, `setContent`, `addScriptTag`, `addStyleTag` on an iframe's
// frame). `goto` is the browser's
// (Rust follows the frame's own document load); the waits read the frame's document, and its
// URL as the page's events last gave it. Messages as Playwright's, with `frame.` in front.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Frame, Page } = pw;
  const { Response } = g.__ferridriver_modules.playwright;
  const STATES = ['load', 'domcontentloaded', 'networkidle'];
  // What counts as quiet for `networkidle`: no new resource for this long (as Playwright's).
  const IDLE_MS = 500;
  const POLL_MS = 20;

  const pause = (ms) => new Promise((r) => g.setTimeout(r, ms));

  // The time an operation of the frame may take: its own, else the page's navigation default.
  function timeoutOf(frame, options) {
    if (options && typeof options.timeout === 'number') return options.timeout;
    const fallback = pw.defaultTimeoutOf(frame._page, true);
    return fallback === null ? 30000 : fallback;
  }

  // Errors of a document being replaced or gone: the wait reads again. Any other (a page whose
  // policy forbids evaluating, say) is the wait's error.
  const PASSING = /context|detached|navigat|closed|not found|Cannot find/i;
  // The frame's document state; null while it cannot be read (being replaced, or gone).
  async function documentState(frame) {
    try {
      return await frame.evaluate(() => ({ ready: document.readyState, resources: performance.getEntriesByType('resource').length }));
    } catch (e) {
      if (PASSING.test(String((e && e.message) || e))) return null;
      throw e;
    }
  }
  // `waitUntil` checked before anything is done, in Playwright's words (its message names no
  // method here).
  function checkWaitUntil(value) {
    if (value !== undefined && value !== 'commit' && !STATES.includes(value)) {
      throw new Error('waitUntil: expected one of (load|domcontentloaded|networkidle|commit)');
    }
  }

  async function waitForState(frame, state, timeout, site, what) {
    if (state === 'commit') return;
    if (!STATES.includes(state)) throw new Error(`${what}: state: expected one of (load|domcontentloaded|networkidle|commit)`);
    const start = Date.now();
    let quietSince = null;
    let resources = -1;
    for (;;) {
      if (frame.isDetached()) throw pw.failure(site, 'Error', `${what}: Frame was detached`);
      const now = await documentState(frame);
      if (now) {
        const reached = state === 'domcontentloaded' ? now.ready !== 'loading' : now.ready === 'complete';
        if (reached && state !== 'networkidle') return;
        if (reached && now.resources === resources) {
          if (Date.now() - quietSince >= IDLE_MS) return;
        } else {
          quietSince = Date.now();
          resources = reached ? now.resources : -1;
        }
      }
      if (timeout > 0 && Date.now() - start >= timeout) {
        throw pw.failure(site, 'TimeoutError', `${what}: Timeout ${timeout}ms exceeded.`);
      }
      await pause(POLL_MS);
    }
  }

  // `url` as Playwright's waitForURL takes it: a string (glob), a RegExp or a predicate of a URL
  // (whose throw is the wait's error, as in Playwright).
  function urlTest(frame, url) {
    if (typeof url === 'function') return (u) => Boolean(url(new g.URL(u)));
    const matcher = pw.urlMatcher(frame._page, url);
    return (u) => matcher({ url: () => u });
  }

  const child = {
    async goto(url, options) {
      const o = options || {};
      const e = await this._page._op('frameGoto', [this._id, String(url), o.waitUntil || null], o);
      if (!e) return null;
      const response = new Response(this._page, e, null);
      response._frame = this;
      return response;
    },
    // Deprecated in Playwright, still common: start it before the action that navigates. The
    // frame's next navigation is followed by Rust (browser/src/frame_navigation.rs).
    async waitForNavigation(options) {
      const o = options || {};
      checkWaitUntil(o.waitUntil);
      if (typeof o.url === 'function') throw new TypeError('frame.waitForNavigation: a function as `url` is not supported by ferridriver yet; pass a string, glob or RegExp');
      const url = o.url === undefined ? null : pw.textSpec(typeof o.url === 'string' && /[*{]/.test(o.url) ? pw.globToRegExp(o.url) : o.url, true);
      const e = await this._page._op('frameWaitForNavigation', [this._id, url, o.waitUntil || null], { timeout: timeoutOf(this, o) }).catch((error) => {
        // Playwright's words for a wait that ran out, which suites match on.
        const ms = error && error.name === 'TimeoutError' && /timed out after (\d+) ms waiting for (.*)/.exec(error.message);
        if (ms) error.message = `frame.waitForNavigation: Timeout ${ms[1]}ms exceeded (waiting for ${ms[2]}).`;
        throw error;
      });
      if (!e) return null;
      const response = new Response(this._page, e, null);
      response._frame = this;
      return response;
    },
    waitForLoadState(state, options) {
      const site = pw.callSite();
      return waitForState(this, state || 'load', timeoutOf(this, options), site, 'frame.waitForLoadState');
    },
    async waitForURL(url, options) {
      const site = pw.callSite();
      const o = options || {};
      checkWaitUntil(o.waitUntil);
      const timeout = timeoutOf(this, o);
      const matches = urlTest(this, url);
      const start = Date.now();
      while (!matches(this.url())) {
        if (this.isDetached()) throw pw.failure(site, 'Error', 'frame.waitForURL: Frame was detached');
        if (timeout > 0 && Date.now() - start >= timeout) {
          throw pw.failure(site, 'TimeoutError', `frame.waitForURL: Timeout ${timeout}ms exceeded.`);
        }
        await pause(POLL_MS);
      }
      if (o.waitUntil === 'commit') return;
      const left = timeout > 0 ? Math.max(1, timeout - (Date.now() - start)) : 0;
      await waitForState(this, o.waitUntil || 'load', left, site, 'frame.waitForURL');
    },
    // The document is written anew (as Playwright's: open, write, close), then waited for.
    async setContent(html, options) {
      const site = pw.callSite();
      const o = options || {};
      checkWaitUntil(o.waitUntil);
      await this.evaluate((content) => {
        document.open();
        document.write(content);
        document.close();
      }, String(html));
      if (o.waitUntil === 'commit') return;
      await waitForState(this, o.waitUntil || 'load', timeoutOf(this, o), site, 'frame.setContent');
    },
    addScriptTag(options) {
      return Page.prototype.addScriptTag.call(this, options);
    },
    addStyleTag(options) {
      return Page.prototype.addStyleTag.call(this, options);
    },
  };
  for (const [name, method] of Object.entries(child)) {
    Frame.prototype[name] = function (...args) {
      if (this._isMain()) return this._page[name](...args);
      return method.apply(this, args);
    };
  }
})(globalThis);
