// Runs after every prelude that defines Playwright methods: a method ferridriver does not have
// yet gets a body that says so by name, rather than failing with QuickJS's bare "not a
// function".
(function (g) {
  'use strict';
  const { Page, Locator } = g.__ferridriver_playwright;
  const { BrowserContext, Browser, ElementHandle } = g.__ferridriver_modules.playwright;

  // Playwright 1.65's methods (its type declarations) that ferridriver lacks.
  const MISSING = {
    page: 'ariaSnapshotJSON pickLocator cancelPickLocator hideHighlight getByRef',
    locator: 'highlight hideHighlight ariaSnapshotJSON drop normalize within waitForFunction',
    context: 'serviceWorkers backgroundPages newCDPSession setHTTPCredentials',
    elementHandle: '',
    browser: 'newBrowserCDPSession startTracing stopTracing',
  };
  const owners = [
    ['page', Page.prototype],
    ['locator', Locator.prototype],
    ['context', BrowserContext.prototype],
    ['elementHandle', ElementHandle.prototype],
    ['browser', Browser.prototype],
  ];
  for (const [owner, proto] of owners) {
    for (const name of MISSING[owner].split(' ').filter(Boolean)) {
      if (name in proto) continue;
      Object.defineProperty(proto, name, {
        configurable: true,
        writable: true,
        value() {
          throw new Error(`${owner}.${name}() is not supported by ferridriver yet (docs/migrating.md lists what is)`);
        },
      });
    }
  }
})(globalThis);
