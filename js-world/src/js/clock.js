// Playwright's `clock` (`page.clock`, the same object as its context's `context.clock`): a fake
// Date, timers, animation frames and `performance.now` in the pages, whose time flows, stops
// or jumps on command. The fake lives in each document (PAGE_CLOCK below); a call runs in every
// open page of the context at once and is added to the context's init script, which replays
// every call so far in each new document, so the time survives a reload or a navigation.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Page, BrowserContext } = pw;

  // Page code: makes `globalThis.__ferridriverClock` once per document. Its time is kept as
  // an anchor (the Date and performance times at a real moment) plus, while it runs, the real
  // time since; timers are due on the performance timeline, so setting the system time fires
  // none of them.
  const PAGE_CLOCK = `(() => {
    if (globalThis.__ferridriverClock) return;
    const RealDate = Date;
    const realPerf = performance.now.bind(performance);
    const realSetTimeout = setTimeout.bind(globalThis);
    const realClearTimeout = clearTimeout.bind(globalThis);
    const s = { date: false, timers: false, running: true, wall: RealDate.now(), perf: realPerf(), anchor: realPerf(),
      fixed: null, pending: new Map(), nextId: 1, driver: null };
    const elapsed = () => (s.running ? realPerf() - s.anchor : 0);
    const wallNow = () => (s.fixed !== null ? s.fixed : Math.floor(s.wall + elapsed()));
    const perfNow = () => s.perf + elapsed();
    // Makes the time so far part of the anchor (before the mode changes or time jumps).
    const settle = () => { const e = elapsed(); s.wall += e; s.perf += e; s.anchor = realPerf(); };
    const advance = (ms) => { if (ms > 0) { s.wall += ms; s.perf += ms; } };
    const define = (target, name, value) =>
      Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: false });

    function ClockDate(...args) {
      if (!new.target) return new RealDate(wallNow()).toString();
      return Reflect.construct(RealDate, args.length ? args : [wallNow()], new.target);
    }
    ClockDate.prototype = RealDate.prototype;
    define(ClockDate, 'now', () => wallNow());
    define(ClockDate, 'UTC', RealDate.UTC);
    define(ClockDate, 'parse', RealDate.parse);
    Object.defineProperty(ClockDate, 'name', { value: 'Date' });
    Object.defineProperty(ClockDate, 'length', { value: 7 });
    define(ClockDate, 'toString', () => 'function Date() { [native code] }');
    const overrideDate = () => {
      if (s.date) return;
      s.date = true;
      define(globalThis, 'Date', ClockDate);
      define(RealDate.prototype, 'constructor', ClockDate);
    };

    const byTime = (a, b) => a.at - b.at || a.id - b.id;
    const due = (limit) => {
      let first = null;
      for (const t of s.pending.values()) if (t.at <= limit && (!first || byTime(t, first) < 0)) first = t;
      return first;
    };
    const fire = (t, errors) => {
      if (t.every) t.at += t.every; else s.pending.delete(t.id);
      try {
        if (t.kind === 'frame') t.fn(perfNow());
        else if (t.kind === 'idle') t.fn({ didTimeout: false, timeRemaining: () => 50 });
        else t.fn(...t.args);
      } catch (e) {
        errors.push(e);
      }
    };
    // Runs every timer due until \`target\` (performance time), each at its own time.
    const runTo = (target) => {
      settle();
      const errors = [];
      let count = 0;
      for (let t = due(target); t; t = due(target)) {
        if (++count > 100000) throw new Error('Aborting after running 100000 timers, assuming an infinite loop!');
        advance(t.at - s.perf);
        fire(t, errors);
      }
      advance(target - s.perf);
      drive();
      if (errors.length) throw errors[0];
    };
    // While the time runs, a real timer wakes the fake ones when the first is due.
    const drive = () => {
      if (s.driver !== null) realClearTimeout(s.driver);
      s.driver = null;
      if (!s.running || !s.timers) return;
      let first = null;
      for (const t of s.pending.values()) if (!first || t.at < first.at) first = t;
      if (!first) return;
      s.driver = realSetTimeout(() => {
        s.driver = null;
        try { runTo(perfNow()); } catch (e) { realSetTimeout(() => { throw e; }, 0); }
      }, Math.max(0, first.at - perfNow()));
    };
    const add = (kind, fn, delay, args, every) => {
      if (typeof fn === 'string') { const code = fn; fn = () => (0, eval)(code); }
      if (typeof fn !== 'function') throw new TypeError('Callback must be a function');
      const id = s.nextId++;
      const wait = Math.max(0, Number(delay) || 0);
      const now = perfNow();
      // Frames come on the 16 ms grid, as a 60 Hz display's.
      const at = kind === 'frame' ? now + 16 - (now % 16) : now + wait;
      s.pending.set(id, { id, kind, fn, args, at, every: every ? Math.max(1, wait) : 0 });
      drive();
      return id;
    };
    const cancel = (id) => { s.pending.delete(id); drive(); };
    const overrideTimers = () => {
      overrideDate();
      if (s.timers) return;
      s.timers = true;
      define(globalThis, 'setTimeout', (fn, delay, ...args) => add('timer', fn, delay, args, false));
      define(globalThis, 'setInterval', (fn, delay, ...args) => add('timer', fn, delay, args, true));
      define(globalThis, 'clearTimeout', cancel);
      define(globalThis, 'clearInterval', cancel);
      define(globalThis, 'requestAnimationFrame', (fn) => add('frame', fn, 16, [], false));
      define(globalThis, 'cancelAnimationFrame', cancel);
      define(globalThis, 'requestIdleCallback', (fn, o) => add('idle', fn, (o && o.timeout) || 1, [], false));
      define(globalThis, 'cancelIdleCallback', cancel);
      define(performance, 'now', () => perfNow());
    };
    const jump = (ms) => {
      if (ms < 0) throw new Error('Cannot fast-forward to the past');
      settle();
      advance(ms);
      const errors = [];
      const now = s.perf;
      // Each timer due meanwhile fires once, at the new time (the laptop lid reopened).
      for (const t of [...s.pending.values()].filter((t) => t.at <= now).sort(byTime)) {
        if (!s.pending.has(t.id)) continue;
        if (t.every) t.at = now;
        fire(t, errors);
      }
      drive();
      if (errors.length) throw errors[0];
    };
    const clock = {
      // The performance timeline starts again at 0, as Playwright's.
      install(time) { settle(); overrideTimers(); s.wall = time; s.perf = 0; s.fixed = null; s.running = true; drive(); },
      fastForward(ms) { overrideTimers(); jump(ms); },
      // Without a clock yet, the clock starts at \`time\`; paused first, so it lands there exactly.
      pauseAt(time) {
        if (!s.timers) {
          clock.install(time);
          s.running = false;
          return drive();
        }
        settle();
        s.running = false;
        jump(time - s.wall);
      },
      resume() { overrideTimers(); settle(); s.running = true; drive(); },
      runFor(ms) {
        if (ms < 0) throw new TypeError('Negative ticks are not supported');
        overrideTimers();
        settle();
        runTo(s.perf + ms);
      },
      setFixedTime(time) { overrideDate(); s.fixed = time; },
      setSystemTime(time) { overrideDate(); settle(); s.wall = time; s.fixed = null; },
    };
    Object.defineProperty(globalThis, '__ferridriverClock', { value: clock, enumerable: false });
  })();`;

  // A time as Playwright takes one: a Date, epoch milliseconds, or a date string.
  function dateOf(what, value) {
    const t = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : typeof value === 'string' ? new Date(value).getTime() : NaN;
    if (!Number.isFinite(t)) throw new Error(`${what}: Invalid date: ${value}`);
    return t;
  }

  // A duration: milliseconds, or 'ss', 'mm:ss', 'hh:mm:ss' (two digits each but the last).
  // (A negative number is the page's to refuse: runFor and fastForward say different things.)
  function ticksOf(what, value) {
    if (typeof value === 'number') return Math.ceil(value);
    const text = String(value);
    if (!text) return 0;
    if (!/^(\d\d:){0,2}\d\d?$/.test(text)) throw new Error(`${what}: Clock only understands numbers, 'mm:ss' and 'hh:mm:ss'`);
    let ms = 0;
    for (const part of text.split(':')) {
      const n = parseInt(part, 10);
      if (n >= 60) throw new Error(`${what}: Invalid time ${text}`);
      ms = ms * 60 + n;
    }
    return ms * 1000;
  }

  class Clock {
    constructor(context) {
      this._context = context;
      // The calls so far, replayed in each new document.
      this._calls = [];
      this._script = null;
      this._queue = Promise.resolve();
    }
    install(options) {
      return this._call('install', () => dateOf('clock.install', options && options.time !== undefined ? options.time : Date.now()));
    }
    fastForward(ticks) {
      return this._call('fastForward', () => ticksOf('clock.fastForward', ticks));
    }
    pauseAt(time) {
      return this._call('pauseAt', () => dateOf('clock.pauseAt', time));
    }
    resume() {
      return this._call('resume', () => undefined);
    }
    runFor(ticks) {
      return this._call('runFor', () => ticksOf('clock.runFor', ticks));
    }
    setFixedTime(time) {
      return this._call('setFixedTime', () => dateOf('clock.setFixedTime', time));
    }
    setSystemTime(time) {
      return this._call('setSystemTime', () => dateOf('clock.setSystemTime', time));
    }
    // Runs `method` in every open page, then makes it part of what new documents replay. One
    // call at a time, in the order they were made.
    _call(method, argument) {
      const run = async () => {
        const arg = argument();
        const call = `__ferridriverClock.${method}(${arg === undefined ? '' : JSON.stringify(arg)})`;
        const once = `(() => { ${PAGE_CLOCK}; try { ${call}; return null; } catch (e) { return e && e.name ? e.name + ': ' + e.message : String(e); } })()`;
        for (const page of this._context.pages()) {
          const failure = await page.evaluate(once);
          if (failure) throw new Error(`clock.${method}: ${failure}`);
        }
        this._calls.push(call);
        const replay = this._calls.map((c) => `try { ${c}; } catch (e) {}`).join('\n');
        const previous = this._script;
        this._script = await this._context.addInitScript(`(() => { ${PAGE_CLOCK};\n${replay}\n})();`);
        if (previous) await previous.dispose();
      };
      const result = this._queue.then(run);
      this._queue = result.catch(() => undefined);
      return result;
    }
  }
  pw.Clock = Clock;

  Object.defineProperty(BrowserContext.prototype, 'clock', {
    get() {
      return this._clock || (this._clock = new Clock(this));
    },
  });
  Object.defineProperty(Page.prototype, 'clock', {
    get() {
      return this._context.clock;
    },
  });
})(globalThis);
