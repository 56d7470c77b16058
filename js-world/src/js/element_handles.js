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
    async waitForSelector(selector, options) {
      const o = options || {};
      const state = o.state || 'visible';
      const first = this.locator(selector).first();
      const fallback = pw.defaultTimeoutOf(this, false);
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
