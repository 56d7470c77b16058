// What suites written for cucumber-js + Playwright do with their own browser, made to work on
// the worker's: `chromium.launch()` (and `firefox`/`webkit`, `connect`, `connectOverCDP`) hands
// out the worker's browser, no new process; `browser.close()` closes the contexts the suite
// opened; closing the scenario's own context is allowed (it closes with the scenario anyway).
// Suites then create their context and page in a Before hook and assign them to the World,
// where they win over the fixtures.
(function (g) {
  'use strict';
  const modules = g.__ferridriver_modules;
  const { Browser, BrowserContext } = modules.playwright;
  const native = g.__ferridriver_native || {};
  const pw = g.__ferridriver_playwright;

  // Launch options that choose a browser process: the worker's is already running.
  const PROCESS_OPTIONS = ['executablePath', 'channel', 'args', 'headless', 'devtools', 'slowMo', 'env', 'downloadsPath', 'tracesDir', 'chromiumSandbox', 'firefoxUserPrefs', 'ignoreDefaultArgs', 'handleSIGINT', 'handleSIGTERM', 'handleSIGHUP', 'timeout', 'logger'];
  // Once per run, not per worker: every worker's BeforeAll launches.
  const once = (key) => (native.firstInProcess ? native.firstInProcess(key) : true);
  function tellOnce(kind, options) {
    const given = Object.keys(options || {}).filter((k) => PROCESS_OPTIONS.includes(k) && k !== 'timeout' && k !== 'headless');
    // Switches the worker's browser already runs with (`--no-sandbox`, as most suites pass)
    // apply; only the others are worth a warning.
    const args = Array.isArray(options && options.args) ? options.args.filter((a) => !(native.switchInEffect && native.switchInEffect(String(a)))) : [];
    const named = given.filter((k) => k !== 'args' || args.length).map((k) => (k === 'args' ? `args (${args.join(' ')})` : k));
    if (!named.length || !once(`launch-options ${named.join(', ')}`)) return;
    console.warn(`ferridriver: ${kind}.launch() uses the worker's browser; these options do not apply: ${named.join(', ')} (set [browser] in ferridriver.toml instead: args = [...] for Chromium's switches)`);
  }

  // A browser handle that belongs to no one test case: it may be made in BeforeAll and used in
  // every scenario after (its calls are checked against the test case running at the time).
  class WorkerBrowser extends Browser {
    get _generation() {
      return native.generation ? native.generation() : 0;
    }
    set _generation(_) {}
  }

  Browser.prototype.close = async function close() {
    for (const context of this._extra || []) {
      if (!context._closed) await context.close().catch(() => undefined);
    }
    const first = !this._closedByUser;
    this._closedByUser = true;
    // As a launched browser's: closing it is its disconnection for its listeners.
    if (first) pw.emitTo(this, 'browser', 'disconnected', this);
  };
  Browser.prototype.isConnected = function isConnected() {
    return !this._closedByUser;
  };
  // The worker's browser is Chromium's, whatever launched it.
  Browser.prototype.browserType = function browserType() {
    return modules.playwright.chromium;
  };

  const closeContext = BrowserContext.prototype.close;
  BrowserContext.prototype.close = async function close() {
    if (this._id !== 0) return closeContext.call(this);
    // The scenario's own context: it closes when the scenario ends; here its pages count as closed.
    if (this._closed) return;
    this._closed = true;
    for (const page of this._pages) {
      if (page._closed) continue;
      page._closed = true;
      for (const hook of page._closeHooks || []) hook();
    }
  };

  function browserType(name) {
    return {
      name: () => name,
      executablePath: () => '',
      async launch(options) {
        tellOnce(name, options);
        if (name !== 'chromium' && once('launch-engine')) {
          console.warn(`ferridriver: ${name}.launch() gives the worker's Chromium (ferridriver drives Chromium only)`);
        }
        const browser = new WorkerBrowser();
        // As a launched browser's: the contexts it makes go through its proxy unless they name
        // their own.
        if (options && options.proxy) browser._launchProxy = options.proxy;
        return browser;
      },
      async connect() {
        return new WorkerBrowser();
      },
      async connectOverCDP() {
        return new WorkerBrowser();
      },
      async launchPersistentContext() {
        throw new Error(`${name}.launchPersistentContext is not supported by ferridriver yet: use this.context, or browser.newContext({ storageState })`);
      },
    };
  }
  modules.playwright.chromium = browserType('chromium');
  modules.playwright.firefox = browserType('firefox');
  modules.playwright.webkit = browserType('webkit');
})(globalThis);
