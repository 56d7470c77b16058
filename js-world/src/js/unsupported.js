// Runs after every prelude that defines Playwright methods: a method ferridriver does not have
// yet gets a body that says so by name, rather than failing with QuickJS's bare "not a
// function".
(function (g) {
  'use strict';
  const { Page, Locator, BrowserContext } = g.__ferridriver_playwright;

  const MISSING = {
    page: 'workers',
    locator: 'highlight',
    context: 'serviceWorkers backgroundPages newCDPSession setHTTPCredentials',
  };
  for (const [owner, proto] of [['page', Page.prototype], ['locator', Locator.prototype], ['context', BrowserContext.prototype]]) {
    for (const name of MISSING[owner].split(' ')) {
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
