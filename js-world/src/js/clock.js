// Playwright's `clock` (`page.clock`, the same object as its context's `context.clock`): a fake
// Date, timers, animation frames and `performance.now` in the pages, whose time flows, stops
// or jumps on command. The fake lives in each document (PAGE_CLOCK below); a call is added to
// the context's init script, which replays every call so far in each new document (so the
// time survives a reload or a navigation), and runs in every open page. Calls are numbered:
// a document that already replayed one skips it, so a navigation racing a call never applies
// it twice.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Page, BrowserContext } = pw;

  // Page code: makes `globalThis.__ferridriverClock` once per document. Its time is kept as
  // an anchor (the Date and performance times at a real moment) plus, while it runs, the real
  // time since; timers are due on the performance timeline, so setting the system time fires
  // none of them. Running timers yields a real task between two, as Playwright's clock does,
  // so what a callback awaits settles before the next one fires.
  const PAGE_CLOCK = `(() => {
    if (globalThis.__ferridriverClock) return;
    const RealDate = Date;
    const realPerf = performance.now.bind(performance);
    const realSetTimeout = setTimeout.bind(globalThis);
    const realClearTimeout = clearTimeout.bind(globalThis);
    // The browser's own timer ids are small: ours start far above them.
    const s = { date: false, timers: false, running: true, wall: RealDate.now(), perf: realPerf(), anchor: realPerf(),
      fixed: null, pending: new Map(), nextId: 1e12, driver: null, ticking: false, busy: false, applied: 0 };
    const elapsed = () => (s.running ? realPerf() - s.anchor : 0);
    const wallNow = () => (s.fixed !== null ? s.fixed : Math.floor(s.wall + elapsed()));
    const perfNow = () => s.perf + elapsed();
    // Makes the time so far part of the anchor (before the mode changes or time jumps).
    const settle = () => { const e = elapsed(); s.wall += e; s.perf += e; s.anchor = realPerf(); };
    const advance = (ms) => { if (ms > 0) { s.wall += ms; s.perf += ms; } };
    // A real task between two timers, through a message port: a nested zero timeout would be
    // held 4 ms (and a second in a background tab).
    const channel = new MessageChannel();
    const waiting = [];
    channel.port1.onmessage = () => { const resolve = waiting.shift(); if (resolve) resolve(); };
    const nextTask = () => new Promise((resolve) => { waiting.push(resolve); channel.port2.postMessage(null); });
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
    // Intl formats "now" when given no date: the fake one.
    const formats = Intl.DateTimeFormat.prototype;
    const realFormat = Object.getOwnPropertyDescriptor(formats, 'format').get;
    const realFormatToParts = formats.formatToParts;
    const overrideDate = () => {
      if (s.date) return;
      s.date = true;
      define(globalThis, 'Date', ClockDate);
      define(RealDate.prototype, 'constructor', ClockDate);
      Object.defineProperty(formats, 'format', { configurable: true, get() {
        const format = realFormat.call(this);
        return (date) => format(date === undefined ? wallNow() : date);
      } });
      define(formats, 'formatToParts', function formatToParts(date) {
        return realFormatToParts.call(this, date === undefined ? wallNow() : date);
      });
    };

    const byTime = (a, b) => a.at - b.at || a.id - b.id;
    const first = (limit) => {
      let found = null;
      for (const t of s.pending.values()) if (t.at <= limit && (!found || byTime(t, found) < 0)) found = t;
      return found;
    };
    // Fires \`t\` and waits a real task, so what its callback awaits settles; until then a zero
    // delay it sets (even from a promise) waits 1 ms.
    const fire = async (t, errors) => {
      if (t.every) t.at += t.every; else s.pending.delete(t.id);
      s.ticking = true;
      try {
        if (t.kind === 'frame') t.fn(perfNow());
        else if (t.kind === 'idle') t.fn({ didTimeout: false, timeRemaining: () => 0 });
        else t.fn(...t.args);
      } catch (e) {
        errors.push(e);
      }
      await nextTask();
      s.ticking = false;
    };
    // Runs \`work\` with the real-time driver held off (a timer its callbacks set must not
    // start a second run meanwhile); the driver looks again at the end.
    const exclusive = async (work) => {
      s.busy = true;
      try { await work(); } finally { s.busy = false; drive(); }
    };
    // Runs every timer due until \`target\` (performance time), each at its own time.
    const runTo = (target) => exclusive(async () => {
      settle();
      const errors = [];
      let count = 0;
      for (let t = first(target); t; t = first(target)) {
        if (++count > 100000) throw new Error('Aborting after running 100000 timers, assuming an infinite loop!');
        advance(t.at - s.perf);
        await fire(t, errors);
        settle();
      }
      advance(target - s.perf);
      if (errors.length) throw errors[0];
    });
    // While the time runs, a real timer wakes the fake ones when the first is due (checking
    // at least every second, so a far one never makes the real timer overflow).
    const drive = () => {
      if (s.driver !== null) realClearTimeout(s.driver);
      s.driver = null;
      if (s.busy || !s.running || !s.timers || s.pending.size === 0) return;
      let soonest = Infinity;
      for (const t of s.pending.values()) soonest = Math.min(soonest, t.at);
      s.driver = realSetTimeout(() => {
        s.driver = null;
        runTo(perfNow()).catch((e) => realSetTimeout(() => { throw e; }, 0));
      }, Math.min(1000, Math.max(0, soonest - perfNow())));
    };
    // A delay as the browser reads one: not a finite number is 0, past 2^31-1 ms is 1; a zero
    // delay set while a timer runs waits 1 ms, so a timer that sets itself again moves on.
    const delayOf = (delay) => {
      let ms = Number(delay);
      if (!Number.isFinite(ms) || ms < 0) ms = 0;
      if (ms > 2147483647) ms = 1;
      return ms || (s.ticking ? 1 : 0);
    };
    const add = (kind, fn, delay, args, every) => {
      if (typeof fn === 'string') { const code = fn; fn = () => (0, eval)(code); }
      if (typeof fn !== 'function') throw new TypeError('Callback must be a function');
      const id = s.nextId++;
      const wait = delayOf(delay);
      const now = perfNow();
      // Frames come on the 16 ms grid, as a 60 Hz display's.
      const at = kind === 'frame' ? now + 16 - (now % 16) : now + wait;
      s.pending.set(id, { id, kind, fn, args, at, every: every ? Math.max(1, wait) : 0 });
      drive();
      return id;
    };
    const cancel = (id) => { s.pending.delete(Number(id)); drive(); };
    const overrideTimers = () => {
      overrideDate();
      if (s.timers) return;
      s.timers = true;
      // The performance timeline of a new clock starts at 0.
      s.perf = 0;
      define(globalThis, 'setTimeout', (fn, delay, ...args) => add('timer', fn, delay, args, false));
      define(globalThis, 'setInterval', (fn, delay, ...args) => add('timer', fn, delay, args, true));
      define(globalThis, 'clearTimeout', cancel);
      define(globalThis, 'clearInterval', cancel);
      define(globalThis, 'requestAnimationFrame', (fn) => add('frame', fn, 16, [], false));
      define(globalThis, 'cancelAnimationFrame', cancel);
      define(globalThis, 'requestIdleCallback', (fn, o) => {
        const idle = s.pending.size ? 50 : 0;
        return add('idle', fn, o && o.timeout ? Math.min(o.timeout, idle) : idle, [], false);
      });
      define(globalThis, 'cancelIdleCallback', cancel);
      define(performance, 'now', () => perfNow());
    };
    // Jumps \`ms\` ahead; each timer due meanwhile fires once, at the new time (a laptop lid
    // reopened).
    const jump = async (ms) => {
      if (ms < 0) throw new Error('Cannot fast-forward to the past');
      await exclusive(async () => {
        settle();
        advance(ms);
        const errors = [];
        const now = s.perf;
        for (const t of [...s.pending.values()].filter((t) => t.at <= now).sort(byTime)) {
          if (!s.pending.has(t.id)) continue;
          if (t.every) t.at = now;
          await fire(t, errors);
        }
        if (errors.length) throw errors[0];
      });
    };
    const calls = {
      install(time) { settle(); overrideTimers(); s.wall = time; s.fixed = null; s.running = true; drive(); },
      async fastForward(ms) { overrideTimers(); await jump(ms); },
      async pauseAt(time) {
        // Without a clock yet, the clock starts at \`time\`.
        if (!s.timers) {
          calls.install(time);
          s.running = false;
          return drive();
        }
        // Stopped first, so that it lands on \`time\` exactly.
        settle();
        s.running = false;
        await jump(time - s.wall);
      },
      resume() { overrideTimers(); settle(); s.running = true; drive(); },
      async runFor(ms) {
        if (ms < 0) throw new TypeError('Negative ticks are not supported');
        overrideTimers();
        settle();
        await runTo(s.perf + ms);
      },
      setFixedTime(time) { overrideDate(); s.fixed = time; },
      setSystemTime(time) { overrideDate(); settle(); s.wall = time; s.fixed = null; },
    };
    // How a call replays in a new document, as Playwright's log replay does: a pause lands on
    // its time even where the real time replayed before it went past it.
    const replayed = {
      ...calls,
      async pauseAt(time) {
        if (!s.timers) return calls.pauseAt(time);
        settle();
        s.running = false;
        s.wall = time;
        drive();
      },
    };
    const clock = {
      // Call number \`n\` (each document applies a call once).
      async apply(n, method, arg, table = calls) {
        if (n <= s.applied) return;
        s.applied = n;
        await table[method](arg);
      },
      // Every call so far in a new document, \`[n, method, arg, at]\` with \`at\` the real time
      // it was made. While the clock runs, the real time from each call to the next (and from
      // the last to now) passes here too, as it did for the pages open then; while it is paused
      // none does, so a pause lands where it did.
      async replay(list) {
        for (const [i, [n, method, arg, at]] of list.entries()) {
          // Once per document, however many replays it gets (one per init script while a new
          // one replaces the old).
          const fresh = n > s.applied;
          try { await clock.apply(n, method, arg, replayed); } catch (e) { /* it failed where it was made too */ }
          const next = i + 1 < list.length ? list[i + 1][3] : RealDate.now();
          if (fresh && s.running && s.date && next > at) { settle(); advance(next - at); }
        }
      },
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
      // The calls so far, `[n, method, arg, at]`, replayed in each new document.
      this._calls = [];
      // Numbers given to calls so far (a call taken back keeps its number).
      this._numbered = 0;
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
    // New documents replay the calls in `this._calls` from now on.
    async _replayed() {
      const source = `(() => { ${PAGE_CLOCK}; __ferridriverClock.replay(${JSON.stringify(this._calls)}); })();`;
      const previous = this._script;
      // One call swaps them (each call of the clock makes a new one; suites call it in loops).
      await this._context._op('replaceInitScript', [previous, source]);
      this._script = source;
    }
    // Adds `method` to what new documents replay, then runs it in every open page; a call a
    // page refuses is taken back. One call at a time, in the order they were made.
    _call(method, argument) {
      const run = async () => {
        const arg = argument();
        // Never reused, even for a call taken back: a page that saw it skips its number.
        const n = ++this._numbered;
        this._calls.push([n, method, arg === undefined ? null : arg, Date.now()]);
        await this._replayed();
        const call = `__ferridriverClock.apply(${n}, ${JSON.stringify(method)}, ${JSON.stringify(arg === undefined ? null : arg)})`;
        const once = `(async () => { ${PAGE_CLOCK}; try { await ${call}; return null; } catch (e) { return e && e.name ? e.name + ': ' + e.message : String(e); } })()`;
        for (const page of this._context.pages()) {
          const failure = await page.evaluate(once);
          if (failure) {
            this._calls.pop();
            await this._replayed();
            throw new Error(`clock.${method}: ${failure}`);
          }
        }
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
