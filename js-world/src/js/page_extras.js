// Playwright methods built on the bindings the classes already have (locator.evaluate /
// evaluateAll, page.evaluate): locator.focus/blur/dispatchEvent/boundingBox/
// scrollIntoViewIfNeeded, page.$eval/$$eval/waitForFunction/emulateMedia, and the default
// timeouts of pages and contexts, extra HTTP headers. Each waits for its element as the evaluation it rests on does
// (strict, like Playwright's), and fails with the call site's stack. Also locator.setInputFiles
// and context.tracing, which send their own requests.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Locator, Page, BrowserContext } = pw;
  const modules = g.__ferridriver_modules;
  const done = () => undefined;

  // The event class Playwright picks for a type (others are plain Events).
  const EVENT_CLASSES = [
    [/^(click|dblclick|auxclick|contextmenu|mouse\w+)$/, 'MouseEvent'],
    [/^pointer\w+$/, 'PointerEvent'],
    [/^key\w+$/, 'KeyboardEvent'],
    [/^(focus|blur|focusin|focusout)$/, 'FocusEvent'],
    [/^drag\w*|^drop$/, 'DragEvent'],
    [/^wheel$/, 'WheelEvent'],
    [/^(input|beforeinput)$/, 'InputEvent'],
  ];

  // A `{ x, y }` position option, checked here so a typo is an error at its line.
  function position(what, p) {
    if (p === undefined || p === null) return null;
    if (typeof p !== 'object' || !Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new TypeError(`dragTo: ${what} must be { x, y }`);
    return { x: p.x, y: p.y };
  }

  Object.assign(Locator.prototype, {
    // Once visible: focuses the element and selects all its text (the value of an input or a
    // textarea, else its contents).
    async selectText(options) {
      await this.waitFor({ state: 'visible', timeout: options && options.timeout }).catch((e) => {
        if (e && e.name === 'TimeoutError') e.message = e.message.replace(/^locator\.waitFor:/, 'locator.selectText:');
        throw e;
      });
      await this.evaluate((el) => {
        el.focus();
        if (typeof el.select === 'function' && (el.localName === 'input' || el.localName === 'textarea')) {
          el.select();
          return;
        }
        const range = el.ownerDocument.createRange();
        range.selectNodeContents(el);
        const selection = el.ownerDocument.defaultView.getSelection();
        selection.removeAllRanges();
        selection.addRange(range);
      }, undefined, options);
    },
    // Presses on this element, moves to `target` and releases: HTML5 drag and drop for
    // draggable elements (the browser's own events), plain mouse events for the others.
    async dragTo(target, options) {
      if (!(target instanceof Locator)) throw new TypeError('locator.dragTo: pass the target locator');
      const o = options || {};
      const args = [target._parts, position('sourcePosition', o.sourcePosition), position('targetPosition', o.targetPosition)];
      await this._op('dragTo', args, options);
    },
    focus(options) {
      return this.evaluate((el) => el.focus(), undefined, options).then(done);
    },
    blur(options) {
      return this.evaluate((el) => el.blur(), undefined, options).then(done);
    },
    dispatchEvent(type, eventInit, options) {
      const kind = (EVENT_CLASSES.find(([re]) => re.test(String(type))) || [null, 'Event'])[1];
      const fire = (el, [t, init, k]) => {
        const Ctor = window[k] || Event;
        el.dispatchEvent(new Ctor(t, { bubbles: true, cancelable: true, composed: true, ...init }));
      };
      // Playwright dispatches without running locator handlers first.
      return this._withoutHandlers().evaluate(fire, [String(type), eventInit || {}, kind], options).then(done);
    },
    scrollIntoViewIfNeeded(options) {
      return this.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }), undefined, options).then(done);
    },
    // The element's box in the main frame's viewport (CSS pixels), `null` when it has none
    // (not rendered: `display: none`, detached from layout).
    boundingBox(options) {
      const box = (el) => {
        if (el.getClientRects().length === 0) return null;
        const r = el.getBoundingClientRect();
        let x = r.x;
        let y = r.y;
        for (let w = el.ownerDocument.defaultView; w && w.frameElement; w = w.parent) {
          const f = w.frameElement.getBoundingClientRect();
          x += f.x + w.frameElement.clientLeft;
          y += f.y + w.frameElement.clientTop;
        }
        return { x, y, width: r.width, height: r.height };
      };
      return this.evaluate(box, undefined, options);
    },
  });

  // Polls `look` every `every` ms until it answers something truthy, within `timeout` ms (0: no
  // limit): a look the page never answers (a promise that never settles) ends at the limit too.
  // The last answer (falsy when the time ran out).
  pw.pollUntil = async function (look, timeout, every) {
    const start = Date.now();
    const OUT = {};
    for (;;) {
      const left = timeout > 0 ? timeout - (Date.now() - start) : Infinity;
      if (left <= 0) return null;
      let timer = null;
      const limit = left === Infinity ? null : new Promise((r) => (timer = g.setTimeout(() => r(OUT), left)));
      const answer = await (limit ? Promise.race([look(), limit]) : look());
      if (timer !== null) g.clearTimeout(timer);
      if (answer === OUT) return null;
      if (answer) return answer;
      await new Promise((r) => g.setTimeout(r, every));
    }
  };

  // A page function as source that calls it with `params`: a function is called; a string is
  // code Playwright evaluates as `eval` would (statements allowed) and never calls, so
  // `'el => el.id'` answers the function itself (undefined once it comes back).
  function callSource(what, fn, params) {
    if (typeof fn === 'function') return `(${String(fn)})(${params})`;
    if (typeof fn === 'string') return pw.evalCall(fn);
    throw new TypeError(`${what}: pass a function or an expression`);
  }
  pw.callSource = callSource;
  // The page's "no element" error of a `$eval` as Playwright words it (without the page's
  // `Error: ` and stack); any other error as it came.
  pw.plainMissing = (missing) => (e) => {
    throw String(e && e.message).includes(missing) ? new Error(missing) : e;
  };

  // page.keyboard and page.mouse act on the focused element and at page coordinates.
  class Keyboard {
    constructor(page) {
      this._page = page;
    }
    press(key, options) {
      return this._page._op('keyboardPress', [String(key)], options).then(done);
    }
    type(text, options) {
      return this._page._op('keyboardType', [String(text)], options).then(done);
    }
    down(key) {
      return this._page._op('keyboardDown', [String(key)]).then(done);
    }
    up(key) {
      return this._page._op('keyboardUp', [String(key)]).then(done);
    }
    insertText(text) {
      return this._page._op('keyboardInsertText', [String(text)]).then(done);
    }
  }
  class Mouse {
    constructor(page) {
      this._page = page;
    }
    move(x, y, options) {
      return this._page._op('mouseMove', [Number(x), Number(y)], options).then(done);
    }
    click(x, y, options) {
      return this._page._op('mouseClick', [Number(x), Number(y)], options).then(done);
    }
    dblclick(x, y, options) {
      return this._page._op('mouseDblclick', [Number(x), Number(y)], options).then(done);
    }
    down() {
      return this._page._op('mouseDown', []).then(done);
    }
    up() {
      return this._page._op('mouseUp', []).then(done);
    }
    wheel(deltaX, deltaY) {
      return this._page._op('mouseWheel', [Number(deltaX), Number(deltaY)]).then(done);
    }
  }

  // One touch at a point, on a page of a context with touch.
  class Touchscreen {
    constructor(page) {
      this._page = page;
    }
    tap(x, y) {
      return this._page._op('touchscreenTap', [Number(x), Number(y)]).then(done);
    }
  }

  for (const [name, Kind] of Object.entries({ keyboard: Keyboard, mouse: Mouse, touchscreen: Touchscreen })) {
    Object.defineProperty(Page.prototype, name, {
      configurable: true,
      get() {
        const key = `_${name}`;
        if (!this[key]) this[key] = new Kind(this);
        return this[key];
      },
    });
  }
  Object.assign(g.__ferridriver_modules.playwright, { Keyboard, Mouse, Touchscreen });

  const MEDIA_OPTIONS = ['media', 'colorScheme', 'reducedMotion', 'forcedColors', 'contrast'];
  const timeouts = {
    // Every operation of this page (or context) without its own `timeout` waits this long.
    setDefaultTimeout(ms) {
      this._defaultTimeout = Number(ms);
    },
    // Navigations and navigation waits of this page (or context), before setDefaultTimeout.
    setDefaultNavigationTimeout(ms) {
      this._navigationTimeout = Number(ms);
    },
  };
  Object.assign(g.__ferridriver_modules.playwright.BrowserContext.prototype, timeouts);

  Object.assign(Page.prototype, timeouts, {
    // The page printed to PDF (headless Chromium); `path` writes it inside the project too.
    async pdf(options) {
      const o = { ...(options || {}) };
      const path = o.path === undefined ? null : String(o.path);
      delete o.path;
      const data = await this._op('pdf', [o, path]);
      return g.Buffer.from(data, 'base64');
    },
    // Each selector's first match, as the other shortcuts (js/playwright.js).
    dragAndDrop(source, target, options) {
      const rest = [options];
      const from = pw.shortcutLocator(this, source, rest, 0);
      return from.dragTo(pw.shortcutLocator(this, target, [options], 0), rest[0]);
    },
    // What is left out stays as it is; `null` goes back to the browser's own value.
    emulateMedia(options) {
      const o = options || {};
      const change = {};
      for (const key of MEDIA_OPTIONS) {
        if (key in o) change[key] = o[key] === null ? '' : String(o[key]);
      }
      return this._op('emulateMedia', [change]).then(done);
    },
    // `fn(element, arg)` on the first match, at once (no waiting, as Playwright's $eval).
    // Its answer comes back as evaluate's do (js/evaluate_values.js).
    $eval(selector, fn, arg) {
      const call = callSource('page.$eval', fn, 'els[0], arg');
      const missing = `page.$eval: Failed to find element matching selector "${selector}"`;
      const first = `async (els, arg) => { if (!els.length) throw new Error(${JSON.stringify(missing)}); return ${pw.values.ENCODE}(await ${call}); }`;
      return this.locator(selector)._callOnAll(first, arg).then(pw.unboxed, pw.plainMissing(missing));
    },
    // `fn(elements, arg)` on every current match.
    $$eval(selector, fn, arg) {
      const call = callSource('page.$$eval', fn, 'els, arg');
      return this.locator(selector)._callOnAll(`async (els, arg) => ${pw.values.ENCODE}(await ${call})`, arg).then(pw.unboxed);
    },
    // Calls `fn(arg)` in the page until it returns a truthy value; `{ timeout, polling }` (ms,
    // or 'raf': every frame). Resolves to a JS handle of that value, kept in the page when it
    // was seen (js/js_handles.js).
    async waitForFunction(fn, arg, options) {
      const site = pw.callSite();
      const o = options || {};
      // Its own timeout, else the page's (or context's) default, else Playwright's 30 s.
      const fallback = pw.defaultTimeoutOf(this, false);
      const timeout = typeof o.timeout === 'number' ? o.timeout : fallback === null ? 30000 : fallback;
      const every = typeof o.polling === 'number' && o.polling > 0 ? o.polling : 16;
      // Handles in the argument are their values in the page (js/js_handles.js).
      const call = callSource('page.waitForFunction', fn, pw.argSource(arg, 'page.waitForFunction', this));
      const held = await pw.pollUntil(() => this.evaluate(pw.keptIfTruthy(call)), timeout, every);
      if (held) return pw.handleOf(this, held);
      throw pw.failure(site, 'TimeoutError', `page.waitForFunction: Timeout ${timeout}ms exceeded.`);
    },
  });

  // The files of `setInputFiles`: paths, `{ name, mimeType, buffer }`, or an array of them.
  const MIME = { txt: 'text/plain', csv: 'text/csv', json: 'application/json', html: 'text/html', pdf: 'application/pdf',
    png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', webp: 'image/webp',
    zip: 'application/zip', xml: 'application/xml', js: 'text/javascript', css: 'text/css' };
  function mimeOf(name) {
    const ext = String(name).split('.').pop().toLowerCase();
    return MIME[ext] || 'application/octet-stream';
  }
  function inputFiles(files) {
    const list = files === undefined || files === null ? [] : Array.isArray(files) ? files : [files];
    return list.map((f) => {
      if (typeof f === 'string') {
        const bytes = modules.fs.readFileSync(f);
        return { name: modules.path.basename(f), mimeType: mimeOf(f), buffer: bytes.toString('base64') };
      }
      if (f && typeof f === 'object' && typeof f.name === 'string' && f.buffer !== undefined) {
        const bytes = g.Buffer.from(f.buffer);
        return { name: f.name, mimeType: f.mimeType || mimeOf(f.name), buffer: bytes.toString('base64') };
      }
      throw new TypeError('setInputFiles: expected a file path, { name, mimeType, buffer }, or an array of them');
    });
  }

  // Paths are read here, through node:fs's native (inside the project or the session's
  // roots, like every file JS reads); the browser gets the files' content.
  Locator.prototype.setInputFiles = function (files, options) {
    let payloads;
    try {
      payloads = inputFiles(files);
    } catch (e) {
      return Promise.reject(e);
    }
    return this._op('setInputFiles', [payloads], options).then(done);
  };

  // Extra HTTP headers as Playwright takes them: every value a string.
  function headerMap(headers) {
    const h = {};
    for (const [k, v] of Object.entries(headers || {})) {
      if (typeof v !== 'string') throw new Error(`Expected value of header "${k}" to be String, but "${typeof v}" is found.`);
      h[k] = v;
    }
    return h;
  }

  // Headers on every request: a context's, and a page's, which win over its context's of the
  // same name. Every value must be a string, as Playwright checks.
  Page.prototype.setExtraHTTPHeaders = BrowserContext.prototype.setExtraHTTPHeaders = function setExtraHTTPHeaders(headers) {
    let h;
    try {
      h = headerMap(headers);
    } catch (e) {
      return Promise.reject(e);
    }
    return this._op('setExtraHTTPHeaders', [h]).then(() => undefined);
  };

  // Playwright's `page.video()` (ADR 0031): a page of a context made with `recordVideo` is
  // filmed into `<dir>/<id>.webm`, complete once the page or its context closed; `saveAs` and
  // `delete` wait for that (and work after the page closed, where suites call them).
  class Video {
    constructor(page) {
      this._page = page;
    }
    path() {
      return this._page._op('videoPath', []);
    }
    saveAs(path) {
      return this._page._op('videoSaveAs', [String(path)]).then(done);
    }
    delete() {
      return this._page._op('videoDelete', []).then(done);
    }
  }
  pw.Video = Video;
  Page.prototype.video = function () {
    if (!this._context._recordVideo) return null;
    return this._video || (this._video = new Video(this));
  };

  // Playwright's `context.tracing`: the same trace zips as `--trace` (stop/stopChunk write
  // `path`, inside the project).
  Object.defineProperty(BrowserContext.prototype, 'tracing', {
    get() {
      if (!this._tracing) {
        const op = (name, args) => this._op(name, args).then(done);
        const start = (o) => (o ? { title: o.title, snapshots: o.snapshots, screenshots: o.screenshots, sources: o.sources, name: o.name } : null);
        this._tracing = {
          start: (options) => op('tracingStart', [start(options)]),
          startChunk: () => op('tracingStartChunk', []),
          group: (name) => op('tracingGroup', [String(name)]),
          groupEnd: () => op('tracingGroupEnd', []),
          stopChunk: (options) => op('tracingStopChunk', [(options && options.path) || null]),
          stop: (options) => op('tracingStop', [(options && options.path) || null]),
          // One HAR at a time (Playwright's rule), written by stopHar or when the context closes.
          startHar: async (path, options) => {
            const o = options || {};
            if (this._harId !== undefined) throw new Error('tracing.startHar: HAR recording has already been started');
            if (o.resourcesDir && /\.zip$/i.test(String(path))) throw new Error('tracing.startHar: resourcesDir option is not compatible with a .zip har file');
            this._harId = null; // taken while it starts
            try {
              this._harId = await this._op('harStart', [String(path), pw.harOptions(o), null]);
            } catch (e) {
              this._harId = undefined;
              throw e;
            }
            // As Playwright's: disposing stops the HAR being recorded then, whichever it is.
            return new pw.Disposable(() => {
              if (this._harId === undefined) throw new Error('disposableStub.dispose: HAR recording has not been started');
              return this._tracing.stopHar();
            });
          },
          stopHar: async () => {
            const id = this._harId;
            if (id === undefined) throw new Error('tracing.stopHar: HAR recording has not been started');
            this._harId = undefined;
            await op('harStop', [id]);
          },
        };
      }
      return this._tracing;
    },
  });
})(globalThis);
