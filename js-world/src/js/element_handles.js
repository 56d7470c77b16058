// Element handles: page.$/$$, locator.elementHandle(s), page.waitForSelector's answer, and a
// handle's own $/$$/$eval/$$eval. A handle is a locator pinned to one element
// (browser/src/element_handles.rs): every locator method works on it with its usual waiting,
// and it names the element it was given for as long as that element lives, never another one
// that matches the same selector later.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Locator, Page } = pw;
  const modules = g.__ferridriver_modules;

  // The frames a chain entered: a pinned element is looked up in the last one's document.
  function framePrefix(parts) {
    let at = 0;
    parts.forEach((p, i) => {
      if (p.kind === 'enterFrame') at = i + 1;
    });
    return parts.slice(0, at);
  }

  // `{ owner, content }` frame ids of a handle's element; a handle inside a frame that went
  // away fails as Playwright's does.
  function frameIds(handle, method) {
    const site = pw.callSite();
    return handle._op('frameIds', []).catch((e) => {
      if (/Frame was detached/.test(e.message)) throw pw.failure(site, 'Error', `elementHandle.${method}: Frame has been detached.`);
      throw e;
    });
  }

  class ElementHandle extends Locator {
    asElement() {
      return this;
    }
    // Lets the page forget the element (it stays pinned otherwise until its document goes).
    dispose() {
      return this._op('dispose', []).then(() => undefined);
    }
    $(selector) {
      return pin(this.locator(selector), 'first').then((found) => found[0] || null);
    }
    $$(selector) {
      return pin(this.locator(selector), 'all');
    }
    // `fn(element, arg)` on the first match inside this element, at once (no waiting).
    $eval(selector, fn, arg) {
      const call = pw.callSource('elementHandle.$eval', fn, 'els[0], arg');
      const missing = `elementHandle.$eval: Failed to find element matching selector "${selector}"`;
      const first = `async (els, arg) => { if (!els.length) throw new Error(${JSON.stringify(missing)}); return ${pw.values.ENCODE}(await ${call}); }`;
      return this.locator(selector)._callOnAll(first, arg).then(pw.unboxed, pw.plainMissing(missing));
    }
    // `fn(elements, arg)` on every current match inside this element (answers as evaluate's).
    $$eval(selector, fn, arg) {
      const call = pw.callSource('elementHandle.$$eval', fn, 'els, arg');
      return this.locator(selector)._callOnAll(`async (els, arg) => ${pw.values.ENCODE}(await ${call})`, arg).then(pw.unboxed);
    }
    toString() {
      return 'JSHandle@node';
    }
    // Waits for `selector` inside this element, as page.waitForSelector does in the page.
    waitForSelector(selector, options) {
      return waitForSelectorIn(this, this._page, selector, options, pw.callSite());
    }
    // Waits for the element to reach `state` (Playwright's six); a detached element is hidden,
    // and an error for the others.
    async waitForElementState(state, options) {
      const site = pw.callSite();
      const what = 'elementHandle.waitForElementState';
      if (!STATES.includes(state)) throw new Error(`${what}: state: expected one of (${STATES.join('|')})`);
      const o = options || {};
      const fallback = pw.defaultTimeoutOf(this._page, false);
      const timeout = typeof o.timeout === 'number' ? o.timeout : fallback === null ? 30000 : fallback;
      const attached = () => this._callOn('el => el.isConnected', null).catch(() => false);
      if (!(await attached())) {
        if (state === 'hidden') return;
        throw new Error(`${what}: Element is not attached to the DOM`);
      }
      const expect = modules.playwright.expect;
      const reach = {
        visible: () => this.waitFor({ state: 'visible', timeout }),
        hidden: () => this.waitFor({ state: 'hidden', timeout }),
        enabled: () => expect(this).toBeEnabled({ timeout }),
        disabled: () => expect(this).toBeDisabled({ timeout }),
        editable: () => expect(this).toBeEditable({ timeout }),
        // The same box two animation frames in a row, as Playwright's stable; an element that
        // never stops moving (or a page that paints no frames) ends at the time-out.
        stable: () => {
          let timer = null;
          const late = new Promise((_, reject) => (timer = g.setTimeout(() => reject(new Error('timeout')), timeout)));
          return Promise.race([this._callOn(STABLE, null), late]).finally(() => g.clearTimeout(timer));
        },
      }[state];
      try {
        await reach();
      } catch (e) {
        if (!(await attached())) throw pw.failure(site, 'Error', `${what}: Element is not attached to the DOM`);
        throw pw.failure(site, 'TimeoutError', `${what}: Timeout ${timeout}ms exceeded.`);
      }
    }
    // The frame whose document holds the element; null when the browser names none.
    ownerFrame() {
      return frameIds(this, 'ownerFrame').then((ids) => pw.frameById(this._page, ids.owner));
    }
    // The frame an <iframe>/<frame> element shows; null for other elements.
    contentFrame() {
      return frameIds(this, 'contentFrame').then((ids) => pw.frameById(this._page, ids.content));
    }
  }

  const STATES = ['visible', 'hidden', 'stable', 'enabled', 'disabled', 'editable'];
  const STABLE = `el => new Promise((done) => {
    let last = null;
    const look = () => {
      const b = el.getBoundingClientRect();
      const now = [b.x, b.y, b.width, b.height].join();
      if (now === last) done(true);
      else { last = now; requestAnimationFrame(look); }
    };
    requestAnimationFrame(look);
  })`;

  // page.waitForSelector and elementHandle.waitForSelector: waits for `state` (default
  // visible) of the first match under `root`; a handle to the element, null for hidden or
  // detached.
  async function waitForSelectorIn(root, page, selector, options, site) {
    const what = root === page ? 'page.waitForSelector' : 'elementHandle.waitForSelector';
    try {
      return await waitedFor(root, page, selector, options);
    } catch (e) {
      // Playwright's first line for a time-out (its configured limit); ours goes on to say
      // what it waited for. A TimeoutError, thrown at the caller's line.
      const m = /Timeout (\d+)ms exceeded(.*)/s.exec(String(e.message));
      if (!m) throw e;
      const o = options || {};
      const fallback = pw.defaultTimeoutOf(page, false);
      const limit = typeof o.timeout === 'number' ? o.timeout : fallback === null ? 30000 : fallback;
      const detail = m[2].trim() ? `\n  (${m[2].trim()})` : '';
      throw pw.failure(site, 'TimeoutError', `${what}: Timeout ${limit}ms exceeded.${detail}`);
    }
  }
  async function waitedFor(root, page, selector, options) {
    const o = options || {};
    const state = o.state || 'visible';
    const first = root.locator(selector).first();
    const fallback = pw.defaultTimeoutOf(page, false);
    const limit = typeof o.timeout === 'number' ? o.timeout : fallback === null ? 30000 : fallback;
    const deadline = Date.now() + limit;
    for (;;) {
      const left = limit === 0 ? 0 : Math.max(1, deadline - Date.now());
      await first.waitFor({ state, timeout: left });
      if (state === 'hidden' || state === 'detached') return null;
      // Gone again between the wait and the pin: wait for the next one.
      const [handle] = await pin(first, 'first');
      if (handle) return handle;
    }
  }

  // Pins the first, every or the only current match of `locator` as handles.
  async function pin(locator, which) {
    const found = await locator._op('pin', [which]);
    const prefix = framePrefix(locator._parts);
    return found.ids.map((id) => new ElementHandle(locator._page, prefix.concat([{ kind: 'pinned', id, from: found.from }])));
  }

  Object.assign(Page.prototype, {
    // The first match now, or null (no waiting, as Playwright's).
    $(selector) {
      return pin(this.locator(selector), 'first').then((found) => found[0] || null);
    },
    $$(selector) {
      return pin(this.locator(selector), 'all');
    },
    // Waits for `state` (default visible); a handle to the element, null for hidden/detached.
    waitForSelector(selector, options) {
      return waitForSelectorIn(this, this, selector, options, pw.callSite());
    },
  });

  Object.assign(Locator.prototype, {
    // Waits until the locator finds an element (strict: several are an error) and pins it.
    async elementHandle(options) {
      const o = options || {};
      for (;;) {
        await this.waitFor({ state: 'attached', timeout: o.timeout });
        const [handle] = await pin(this, 'one');
        if (handle) return handle;
      }
    },
    // Every current match, at once.
    elementHandles() {
      return pin(this, 'all');
    },
  });

  Object.assign(modules.playwright, { ElementHandle });
})(globalThis);
