// Playwright's frames for the JS world: `page.frames()`, `page.mainFrame()`, `page.frame()` and
// Frame objects. The list is the page's as Rust last saw it from the page's events, read at
// once as Playwright's is. A frame's elements are found through its <iframe> (so every
// locator method, shortcut and `$`/`$eval` works in it); the main frame is the page itself.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const native = g.__ferridriver_native;
  const { Page, Locator } = pw;
  const Finder = Object.getPrototypeOf(Page.prototype);

  // The page's frames now: [{ id, parentId, name, url }], the main frame first.
  function listed(page) {
    return page._closed ? [] : JSON.parse(native.pageFrames(page._id));
  }

  class Frame extends Finder.constructor {
    constructor(page, id) {
      super();
      this._page = page;
      this._id = id;
      this._last = { name: '', url: '' };
    }
    _pageObject() {
      return this._page;
    }
    _isMain() {
      return this._id === null;
    }
    _chain() {
      if (this._isMain()) return [];
      return [{ kind: 'frame', frame: this._id, label: this._last.name || this._last.url }, { kind: 'enterFrame' }];
    }
    // Timeouts as the page's.
    get _defaultTimeout() {
      return this._page._defaultTimeout;
    }
    get _context() {
      return this._page._context;
    }
    _info() {
      const list = listed(this._page);
      const found = this._isMain() ? list[0] : list.find((f) => f.id === this._id);
      if (found) this._last = found;
      return found || null;
    }
    name() {
      return (this._info() || this._last).name;
    }
    url() {
      if (this._isMain()) return this._page.url();
      return (this._info() || this._last).url;
    }
    page() {
      return this._page;
    }
    isDetached() {
      return this._page.isClosed() || (!this._isMain() && this._info() === null);
    }
    parentFrame() {
      const info = this._info();
      return info && info.parentId ? frameOf(this._page, info.parentId, listed(this._page)) : null;
    }
    childFrames() {
      const list = listed(this._page);
      const id = this._isMain() ? list[0] && list[0].id : this._id;
      return list.filter((f) => id && f.parentId === id).map((f) => frameOf(this._page, f.id, list));
    }
    // `fn(arg)` in the frame's own window (its `document`, `location`…): the source is
    // compiled there, not where the frame's root element was reached from.
    evaluate(fn, arg) {
      if (this._isMain()) return this._page.evaluate(fn, arg);
      if (typeof fn !== 'function' && typeof fn !== 'string') return Promise.reject(new TypeError('frame.evaluate: pass a function or an expression'));
      // Encoded in the frame as page.evaluate's answers are (js/evaluate_values.js).
      const values = pw.values;
      if (typeof fn === 'string') {
        // A string is evaluated and never called (Playwright's reading), as the frame's own
        // script (browser/src/evaluate_expression.rs): a library injected in every frame is
        // compiled once, as in the page. Where the frame's context is not known here, through
        // its root element with `eval` (the code travels as the argument: a megabyte library
        // inside the function's text would be parsed twice). A leading `function` keyword is
        // bracketed, so that it is an expression (as locators do).
        const trimmed = fn.trim();
        const code = /^(async)?\s*function(\s|\()/.test(trimmed) ? `(${trimmed})` : fn;
        const throughRoot = () => {
          const run = `(root, code) => Promise.resolve(root.ownerDocument.defaultView.eval(code)).then(${values.ENCODE})`;
          return this.locator(':root')._withoutHandlers()._callOn(run, code).then(values.decode);
        };
        return this._page._op('evaluateInFrame', [this._id, code, values.ENCODE]).then((answer) => (answer === null ? throughRoot() : values.answered(answer)));
      }
      const source = JSON.stringify(`(${String(fn)})`);
      const run = `(root, arg) => { const v = root.ownerDocument.defaultView.eval(${source}); return Promise.resolve(v(arg)).then(${values.ENCODE}); }`;
      return this.locator(':root')._withoutHandlers()._callOn(run, arg).then(values.decode);
    }
    title() {
      return this.evaluate(() => document.title);
    }
    content() {
      if (this._isMain()) return this._page.content();
      return this.evaluate(() => {
        const d = document.doctype;
        return (d ? `<!DOCTYPE ${d.name}>` : '') + document.documentElement.outerHTML;
      });
    }
    async frameElement() {
      if (this._isMain()) throw new Error('frame.frameElement: Frame has been detached.');
      return new Locator(this._page, [this._chain()[0]]).elementHandle();
    }
  }

  // The main frame does what the page does. A child frame's navigation and load waits are in
  // js/frame_navigation.js, its waitForFunction in js/js_handles.js.
  // What the page does through a selector, the frame does inside itself.
  const throughSelectors =
    'click dblclick tap fill press type hover check uncheck setChecked focus selectOption setInputFiles textContent innerText innerHTML inputValue getAttribute isVisible isHidden isEnabled isDisabled isChecked isEditable dispatchEvent $ $$ $eval $$eval waitForSelector dragAndDrop';
  for (const name of throughSelectors.split(' ')) {
    Frame.prototype[name] = Page.prototype[name];
  }

  // One Frame object per frame of a page, so that `page.frames()[0] === page.mainFrame()`.
  function frameOf(page, id, list) {
    const frames = page._frames || (page._frames = new Map());
    const key = list[0] && list[0].id === id ? null : id;
    if (!frames.has(key)) frames.set(key, new Frame(page, key));
    return frames.get(key);
  }

  // A pause, as the page's (Playwright's frame has one too).
  Frame.prototype.waitForTimeout = function (ms) {
    return this._page.waitForTimeout(ms);
  };

  Object.assign(Page.prototype, {
    mainFrame() {
      return frameOf(this, null, []);
    },
    frames() {
      const list = listed(this);
      if (list.length === 0) return [this.mainFrame()];
      return list.map((f) => frameOf(this, f.id, list));
    },
    // By name, or by `{ name, url }` (a string, a glob, a RegExp or a predicate of the URL).
    frame(selector) {
      const o = typeof selector === 'string' ? { name: selector } : selector || {};
      if (o.name === undefined && o.url === undefined) throw new Error('page.frame: pass a name or { name, url }');
      // A predicate gets a URL object, as Playwright's; patterns match the URL's text.
      const matcher = o.url === undefined || typeof o.url === 'function' ? null : pw.urlMatcher(this, o.url);
      const urlMatches = (f) => {
        if (o.url === undefined) return true;
        if (matcher) return matcher({ url: () => f.url() });
        try {
          return Boolean(o.url(new g.URL(f.url())));
        } catch (_) {
          return false;
        }
      };
      return this.frames().find((f) => (o.name === undefined || f.name() === o.name) && urlMatches(f)) || null;
    },
  });

  // The Frame object of the page's frame `id` (null when the page has no such frame now).
  pw.frameById = function (page, id) {
    const list = listed(page);
    return id && list.some((f) => f.id === id) ? frameOf(page, id, list) : null;
  };
  pw.Frame = Frame;
  Object.assign(g.__ferridriver_modules.playwright, { Frame });
})(globalThis);
