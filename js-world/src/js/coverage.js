// Playwright's `page.coverage` (browser/src/coverage.rs): JavaScript coverage (V8's functions
// with their ranges and call counts, and each script's source) and CSS coverage (each style
// sheet's text and used ranges), started and stopped around the code under test.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Page } = pw;

  class Coverage {
    constructor(page) {
      this._page = page;
      this._anonymous = false;
    }
    async startJSCoverage(options = {}) {
      this._anonymous = !!options.reportAnonymousScripts;
      await this._page._op('coverageStartJs', [options.resetOnNavigation !== false]);
    }
    async stopJSCoverage() {
      return this._page._op('coverageStopJs', [this._anonymous]);
    }
    async startCSSCoverage(options = {}) {
      await this._page._op('coverageStartCss', [options.resetOnNavigation !== false]);
    }
    async stopCSSCoverage() {
      return this._page._op('coverageStopCss', []);
    }
  }

  Object.defineProperty(Page.prototype, 'coverage', {
    get() {
      return this._coverage || (this._coverage = new Coverage(this));
    },
  });
})(globalThis);
