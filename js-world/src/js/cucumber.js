// The cucumber-js API of the JS world. Registration records each definition (with the bundle
// position of its caller) in an ordered manifest the Rust side reads once per process; the
// functions stay here, and the worker calls them by index through `__ferridriver`. The same
// bytecode runs in every VM, so index i is the same definition everywhere.
(function (g) {
  'use strict';
  // Taken now: the host removes the internal globals before user code runs.
  const consoleControl = g.__ferridriver_console;
  const native = g.__ferridriver_native;
  const modules = (g.__ferridriver_modules = g.__ferridriver_modules || {});
  const steps = [];
  const hooks = [];
  const params = [];
  const manifest = [];
  let defaultTimeout = null;
  let WorldClass = null;
  let wrapper = null;
  let loaded = false;

  class PendingException extends Error {
    constructor(message) {
      super(message === undefined ? 'TODO' : message);
      this.name = 'PendingException';
    }
  }
  class SkippedException extends Error {
    constructor(message) {
      super(message === undefined ? 'skipped' : message);
      this.name = 'SkippedException';
    }
  }

  // A tool's failure with one of its plugin's declared error codes (`errorCodes`); without a
  // message of its own it gets the code's declared `message` (see qualified()).
  const unmessaged = new WeakSet();
  class PluginError extends Error {
    constructor(code, message, options) {
      super(message === undefined ? String(code) : String(message));
      if (message === undefined) unmessaged.add(this);
      this.name = 'PluginError';
      this.code = String(code);
      if (options && options.details !== undefined) this.details = options.details;
    }
  }

  class DataTable {
    constructor(raw) {
      this._raw = (raw && raw.rawTable) || raw || [];
    }
    raw() {
      return this._raw.map((r) => r.slice());
    }
    rows() {
      return this._raw.slice(1).map((r) => r.slice());
    }
    hashes() {
      const [keys, ...rows] = this._raw;
      return rows.map((r) => Object.fromEntries(keys.map((k, i) => [k, r[i]])));
    }
    rowsHash() {
      return Object.fromEntries(
        this._raw.map((r) => {
          if (r.length !== 2) throw new Error('rowsHash can only be called on a data table where all rows have exactly two columns');
          return r;
        })
      );
    }
    transpose() {
      const width = this._raw.length ? this._raw[0].length : 0;
      return new DataTable(Array.from({ length: width }, (_, c) => this._raw.map((r) => r[c])));
    }
  }

  // ---- attachments of the running step, drained by the host after each call.
  let pending = [];
  function attach(data, mediaTypeOrOptions) {
    let mediaType;
    let fileName;
    if (typeof mediaTypeOrOptions === 'string') mediaType = mediaTypeOrOptions;
    else if (mediaTypeOrOptions) ({ mediaType, fileName } = mediaTypeOrOptions);
    if (data && data.__ferridriverBytes) data = data.__ferridriverBytes;
    if (typeof data === 'string') {
      if (mediaType && mediaType.startsWith('base64:')) {
        pending.push({ bytes: native.base64Decode(data), mediaType: mediaType.slice(7), fileName });
      } else {
        pending.push({ text: data, mediaType: mediaType || 'text/plain', fileName });
      }
    } else if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
      if (!mediaType) throw new TypeError('attach: binary data needs a media type, e.g. this.attach(buffer, "image/png")');
      const view = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      pending.push({ bytes: new Uint8Array(view), mediaType, fileName });
    } else {
      throw new TypeError('attach: data must be a string, a Buffer/Uint8Array/ArrayBuffer or fs.createReadStream(path)');
    }
    return Promise.resolve();
  }
  const log = (text) => {
    pending.push({ text: String(text), mediaType: 'text/x.cucumber.log+plain' });
  };
  const link = (...urls) => {
    pending.push({ text: urls.join('\n'), mediaType: 'text/uri-list' });
  };
  function skip() {
    throw new SkippedException();
  }

  class World {
    constructor(options) {
      const o = options || {};
      this.attach = o.attach;
      this.log = o.log;
      this.link = o.link;
      this.parameters = o.parameters;
    }
  }

  // ---- registration.
  function callerPosition() {
    const m = /bundle\.js:(\d+):(\d+)/.exec(new Error().stack || '');
    return m ? { line: Number(m[1]), column: Number(m[2]) } : { line: 0, column: 0 };
  }
  function checkLoading(what) {
    if (loaded) throw new Error(`${what} must be called while the step files load (at the top level of a module)`);
  }
  function splitOptions(what, options, fn) {
    if (typeof options === 'function') return [{}, options];
    if (typeof options === 'string') options = { tags: options };
    if (typeof fn !== 'function') throw new TypeError(`${what}: the last argument must be a function`);
    return [options || {}, fn];
  }
  function stepFunction(keyword) {
    return function (pattern, options, fn) {
      checkLoading(keyword);
      [options, fn] = splitOptions(keyword, options, fn);
      const regex = pattern instanceof RegExp;
      if (!regex && typeof pattern !== 'string') throw new TypeError(`${keyword}: the pattern must be a string or a RegExp`);
      const index = steps.length;
      steps.push({ fn, options });
      manifest.push({
        type: 'step',
        keyword,
        pattern: regex ? pattern.source : pattern,
        flags: regex ? pattern.flags : '',
        regex,
        timeout: typeof options.timeout === 'number' ? options.timeout : null,
        index,
        ...callerPosition(),
      });
    };
  }
  function hookFunction(kind) {
    return function (options, fn) {
      checkLoading(kind);
      [options, fn] = splitOptions(kind, options, fn);
      const index = hooks.length;
      hooks.push({ fn, options, global: kind === 'BeforeAll' || kind === 'AfterAll' });
      manifest.push({
        type: 'hook',
        kind,
        tags: typeof options.tags === 'string' ? options.tags : null,
        name: typeof options.name === 'string' ? options.name : null,
        order: typeof options.order === 'number' ? options.order : 0,
        timeout: typeof options.timeout === 'number' ? options.timeout : null,
        // cucumber-js 13.2's HookTarget: a run hook on the coordinator runs once per run.
        coordinator: (kind === 'BeforeAll' || kind === 'AfterAll') && options.on === 'COORDINATOR',
        index,
        ...callerPosition(),
      });
    };
  }
  function defineParameterType(options) {
    checkLoading('defineParameterType');
    const { name, regexp, transformer, useForSnippets, preferForRegexpMatch } = options || {};
    if (typeof name !== 'string') throw new TypeError('defineParameterType: `name` must be a string');
    const list = Array.isArray(regexp) ? regexp : [regexp];
    const regexps = list.map((r) => (r instanceof RegExp ? r.source : String(r)));
    params.push({ transformer: typeof transformer === 'function' ? transformer : null });
    manifest.push({
      type: 'parameterType',
      name,
      regexps,
      id: String(params.length - 1),
      useForSnippets: useForSnippets !== false,
      preferForRegexpMatch: preferForRegexpMatch === true,
      ...callerPosition(),
    });
  }

  // ---- tools (defineTool): one handler for MCP, scripts (`plugins[name]`) and steps.
  const tools = [];
  const pluginTable = Object.create(null);
  // A tool's manifest checked and turned into its manifest entry (nothing is registered).
  function toolEntry(m, handler) {
    if (typeof m.name !== 'string' || !m.name.trim()) throw new TypeError('defineTool: `name` must be a non-empty string (e.g. "box.login")');
    if (pluginTable[m.name]) throw new Error(`defineTool: a tool named "${m.name}" is already defined`);
    if (typeof handler !== 'function') throw new TypeError(`defineTool "${m.name}": a handler function is required (\`handler\` or the second argument)`);
    if (m.timeoutMs !== undefined && !(typeof m.timeoutMs === 'number' && m.timeoutMs > 0)) {
      throw new TypeError(`defineTool "${m.name}": \`timeoutMs\` must be a positive number of milliseconds`);
    }
    const schema = (what, value) => {
      if (value === undefined || value === null) return null;
      const text = JSON.stringify(value);
      const problem = native.checkSchema(text);
      if (problem) throw new TypeError(`defineTool "${m.name}": \`${what}\` is not a valid JSON Schema: ${problem}`);
      return text;
    };
    const allow = m.allow || {};
    const problem = native.checkAllow(JSON.stringify({ commands: allow.commands || allow.exec || {}, net: allow.net || [] }));
    if (problem) throw new TypeError(`defineTool "${m.name}": allow: ${problem}`);
    return {
      type: 'tool',
      name: m.name,
      description: typeof m.description === 'string' ? m.description : null,
      inputSchema: schema('inputSchema', m.inputSchema),
      outputSchema: schema('outputSchema', m.outputSchema),
      exposeAsTool: m.exposeAsTool === true,
      timeout: typeof m.timeoutMs === 'number' ? m.timeoutMs : null,
      allow: JSON.stringify({ commands: allow.commands || allow.exec || {}, net: allow.net || [] }),
      index: tools.length,
      ...callerPosition(),
    };
  }
  function registerTool(handler, entry) {
    entry.index = tools.length;
    tools.push({ handler, entry });
    manifest.push(entry);
    pluginTable[entry.name] = Object.freeze((args) => callTool(entry.index, args));
  }
  function defineTool(manifestOrTool, maybeHandler) {
    checkLoading('defineTool');
    const m = manifestOrTool || {};
    const handler = typeof maybeHandler === 'function' ? maybeHandler : m.handler;
    registerTool(handler, toolEntry(m, handler));
  }
  // ---- plugins (definePlugin): a name that is a namespace, a version, tools and error codes.
  const pluginNames = Object.create(null);
  const errorCodes = Object.create(null); // 'box.LOGIN_FAILED' -> { retryable, hint, message }
  const toolPlugin = []; // tool index -> plugin name
  const RESERVED = ['ferridriver', 'bdd', 'session', 'run', 'script'];
  // name -> { setup, teardown, version }: run by the host's plugin lifecycle (plugin_lifecycle.rs),
  // once per process, never by user code.
  const pluginLifecycles = Object.create(null);
  // ---- plugins' events (`on: { navigate, … }`): event name -> [{ plugin, fn }], fired by the
  // host where the event happened, never awaited by what caused it.
  const PLUGIN_EVENTS = ['navigate', 'console', 'network', 'pageError', 'sessionStart', 'sessionEnd', 'runStart', 'runEnd', 'scenarioStart', 'scenarioEnd'];
  const PAGE_EVENTS = ['navigate', 'console', 'network', 'pageError'];
  const EVENT_LIMIT_MS = 5000;
  const pluginEvents = Object.create(null);
  const hiddenPlugins = new Set();
  let eventFailures = [];
  function listenersOf(name) {
    return (pluginEvents[name] || []).filter((h) => !hiddenPlugins.has(h.plugin));
  }
  // One handler, on its own: its failure or its 5 s limit is recorded, never thrown.
  function runEventHandler(h, name, event) {
    let timer;
    const limit = new Promise((resolve) => {
      timer = setTimeout(() => resolve('timeout'), EVENT_LIMIT_MS);
    });
    // Outside any tool's handler, whatever code fired the event (a page first touched inside a
    // tool's handler carries that tool in its event pump): a handler never borrows a tool's
    // `allow.net`; it runs as its plugin's own code, with what the policy gives that plugin.
    const context = native.pluginContext ? native.pluginContext(h.plugin) : null;
    const run = native.asyncContext.run(context, () => (async () => h.fn(event))());
    const failed = (e) => {
      eventFailures.push({ plugin: h.plugin, event: name, type: (e && e.name) || 'Error', message: String((e && e.message) || e), stack: (e && e.stack) || '' });
    };
    return Promise.race([run.then(() => 'done'), limit]).then(
      (how) => {
        clearTimeout(timer);
        if (how === 'timeout') failed({ name: 'TimeoutError', message: `did not finish within ${EVENT_LIMIT_MS / 1000} s`, stack: '' });
      },
      (e) => {
        clearTimeout(timer);
        failed(e);
      },
    );
  }
  function pluginFailure(code, name, why) {
    const e = new Error(`${code}: definePlugin "${name}": ${why}`);
    e.name = 'PluginLoadError';
    e.code = code;
    return e;
  }
  // A tool's MCP name, as mcp/src/tools.rs `wire_name` makes it.
  function wireName(declared) {
    let out = String(declared).toLowerCase().replace(/[^a-z0-9_]/g, '_');
    if (!/^[a-z]/.test(out)) out = `x_${out}`;
    return out.slice(0, 64);
  }
  function definePlugin(m) {
    checkLoading('definePlugin');
    const p = m || {};
    const name = typeof p.name === 'string' ? p.name : String(p.name);
    // Everything is checked before anything registers: a plugin loads whole or not at all.
    const invalid = (why) => pluginFailure('PLUGIN_INVALID', name, why);
    if (!/^[a-z][a-z0-9]{0,31}$/.test(name)) throw invalid('`name` must be 1-32 lowercase letters and digits, starting with a letter (it is the namespace of its tools)');
    if (RESERVED.includes(name)) throw invalid(`\`${name}\` is reserved`);
    if (typeof p.version !== 'string' || !/^\d+\.\d+\.\d+$/.test(p.version)) throw invalid('`version` must be X.Y.Z');
    if (p.coreVersion !== undefined) {
      const problem = native.versionMismatch(String(p.coreVersion));
      if (problem) throw pluginFailure('PLUGIN_VERSION_MISMATCH', name, problem);
    }
    // The same plugin registered again (a second copy of one package) is a no-op that counts
    // a reference; a different one under a taken name fails closed.
    let signature = null;
    try {
      signature = JSON.stringify(p, (_, v) => (typeof v === 'function' ? `function ${String(v)}` : v));
    } catch (_) {
      // A manifest that cannot be written down is never "the same" as another.
    }
    if (pluginNames[name] !== undefined) {
      if (signature !== null && pluginNames[name].signature === signature) {
        pluginNames[name].references += 1;
        return;
      }
      throw pluginFailure('PLUGIN_CONFLICT', name, `a plugin named "${name}" is already loaded (version ${pluginNames[name].version})`);
    }
    const codes = p.errorCodes || {};
    if (typeof codes !== 'object' || Array.isArray(codes)) throw invalid('`errorCodes` must be an object of CODE: { retryable?, hint?, message? }');
    for (const [code, spec] of Object.entries(codes)) {
      if (!/^[A-Z][A-Z0-9_]*$/.test(code)) throw invalid(`error code "${code}" must be SCREAMING_SNAKE_CASE (its plugin's name is added: ${name}.${code})`);
      if (spec !== undefined && (spec === null || typeof spec !== 'object')) throw invalid(`error code ${code}: expected { retryable?, hint?, message? }`);
    }
    const list = p.tools === undefined ? [] : p.tools;
    if (!Array.isArray(list)) throw invalid('`tools` must be an array of defineTool manifests with a handler');
    const wire = new Set();
    const entries = [];
    for (const t of list) {
      const short = t && t.name;
      if (typeof short !== 'string' || !/^[a-z][a-zA-Z0-9_-]*$/.test(short)) throw invalid(`a tool's \`name\` must be short (e.g. "login"); it is registered as ${name}.<name>`);
      if (typeof (t && t.handler) !== 'function') throw invalid(`tool "${short}" needs a handler function`);
      const full = `${name}.${short}`;
      if (pluginTable[full] || wire.has(full)) throw pluginFailure('PLUGIN_CONFLICT', name, `a tool named "${full}" is already defined`);
      // Its name on MCP (mcp/src/tools.rs wire_name): two names that differ only in case or
      // punctuation would be one tool there.
      const onWire = wireName(full);
      const taken = tools.find((other) => wireName(other.entry.name) === onWire);
      if (taken || wire.has(onWire)) {
        throw pluginFailure('PLUGIN_CONFLICT', name, `tool "${full}" would be "${onWire}" on MCP, the name of ${taken ? `tool "${taken.entry.name}"` : 'another of its tools'}`);
      }
      wire.add(full);
      wire.add(onWire);
      try {
        entries.push([t.handler, toolEntry({ ...t, name: full }, t.handler)]);
      } catch (e) {
        throw invalid(`tool "${short}": ${e && e.message}`);
      }
    }
    for (const [hook, fn] of [['setup', p.setup], ['teardown', p.teardown]]) {
      if (fn !== undefined && typeof fn !== 'function') throw invalid(`\`${hook}\` must be a function`);
    }
    const on = p.on === undefined ? {} : p.on;
    if (on === null || typeof on !== 'object' || Array.isArray(on)) throw invalid('`on` must be an object of event: handler');
    for (const [event, fn] of Object.entries(on)) {
      if (!PLUGIN_EVENTS.includes(event)) throw invalid(`\`on.${event}\` is not an event (${PLUGIN_EVENTS.join(', ')})`);
      if (typeof fn !== 'function') throw invalid(`\`on.${event}\` must be a function`);
    }
    pluginNames[name] = { signature, version: p.version, references: 1 };
    pluginLifecycles[name] = { setup: p.setup, teardown: p.teardown, version: p.version };
    for (const [event, fn] of Object.entries(on)) (pluginEvents[event] || (pluginEvents[event] = [])).push({ plugin: name, fn });
    manifest.push({
      type: 'plugin',
      name,
      version: p.version,
      hasSetup: typeof p.setup === 'function',
      hasTeardown: typeof p.teardown === 'function',
      events: Object.keys(on),
      description: typeof p.description === 'string' ? p.description : null,
      errorCodes: Object.keys(codes).map((c) => `${name}.${c}`),
      ...callerPosition(),
    });
    for (const [code, spec] of Object.entries(codes)) {
      const s = spec || {};
      errorCodes[`${name}.${code}`] = Object.freeze({
        retryable: s.retryable === true,
        hint: typeof s.hint === 'string' ? s.hint : undefined,
        message: typeof s.message === 'string' ? s.message : undefined,
      });
    }
    for (const [handler, entry] of entries) {
      entry.plugin = name;
      registerTool(handler, entry);
      toolPlugin[entry.index] = name;
    }
  }
  // A handler's failure with its code qualified: `PluginError('X')` of plugin p is `p.X` with
  // the declared retryable and hint; an undeclared code is itself an error.
  // Errors whose code was checked here (user code cannot mark an error so).
  const checkedCodes = new WeakSet();
  function qualified(index, e) {
    if (!(e instanceof PluginError) || checkedCodes.has(e)) return e;
    const plugin = toolPlugin[index];
    // Only the throwing tool's own plugin's codes: `LOGIN_FAILED` or `box.LOGIN_FAILED`.
    const code = plugin && !e.code.includes('.') ? `${plugin}.${e.code}` : e.code;
    const spec = plugin && code.startsWith(`${plugin}.`) ? errorCodes[code] : undefined;
    if (!spec) {
      const wrong = new Error(`tool "${tools[index].entry.name}" threw PluginError("${e.code}"), which its plugin does not declare in errorCodes`);
      wrong.code = 'INTERNAL';
      checkedCodes.add(wrong);
      return wrong;
    }
    e.code = code;
    if (unmessaged.has(e) && spec.message !== undefined) e.message = spec.message;
    e.retryable = spec.retryable;
    if (spec.hint !== undefined) e.hint = spec.hint;
    checkedCodes.add(e);
    return e;
  }
  // The objects a handler gets: the session's (script hosts) or the running World's (steps).
  function fixtures() {
    const src = native.host === 'bdd' ? world || {} : g;
    return { page: src.page, context: src.context, request: src.request };
  }
  async function runHandler(index, args) {
    const t = tools[index];
    // The command natives find the declared commands by tool index, in Rust.
    const answer = (site, reply) => {
      const r = JSON.parse(reply);
      if (r.error !== undefined) {
        const e = new Error(r.error);
        if (r.name === 'CapabilityDeniedError') e.name = r.name;
        if (site && site.stack) e.stack = site.stack;
        throw e;
      }
      return r.ok;
    };
    const index2 = index;
    const commands = Object.freeze({
      run: async (name, vars) => {
        const site = new Error('call site');
        if (vars !== undefined && (vars === null || typeof vars !== 'object' || Array.isArray(vars))) {
          throw new TypeError('commands.run: vars must be an object of ${name} values');
        }
        return answer(site, await native.commandRun(index2, String(name), JSON.stringify(vars || {})));
      },
      start: async (name) => answer(new Error('call site'), native.commandStart(index2, String(name))),
      status: async (name) => answer(new Error('call site'), native.commandStatus(index2, String(name))),
      stop: async (name) => answer(new Error('call site'), native.commandStop(index2, String(name))),
    });
    // The handler's allow.net list is in force while it runs; the `request` and `fetch` calls
    // of its code and its continuations (async_context.js tells Rust which handler runs)
    // answer to it.
    // The handler runs under its caller's chain plus itself (running.rs): what it may use is
    // what it and every caller before it may.
    const chain = native.policyCall ? native.policyCall(index) : index;
    const token = native.policyEnter ? native.policyEnter(index) : null;
    try {
      const f = fixtures();
      const fixture = { args, page: f.page, context: f.context, request: f.request, commands };
      return await native.asyncContext.run(chain, () => t.handler(fixture));
    } catch (e) {
      throw qualified(index, e);
    } finally {
      if (token !== null) native.policyExit(token);
    }
  }
  // An error of a core code (`INVALID_ARGUMENTS`, `TIMEOUT`, …) as `plugins[...]` callers and
  // MCP clients get it: `code`, `retryable`; an error already coded keeps its code.
  const CORE_CODES = { CapabilityDeniedError: 'CAPABILITY_DENIED', SandboxViolationError: 'SANDBOX_VIOLATION', TimeoutError: 'TIMEOUT' };
  function coded(e, code) {
    if (!(e instanceof Error) || checkedCodes.has(e)) return e;
    e.code = code || CORE_CODES[e.name] || 'INTERNAL';
    e.retryable = e.code === 'TIMEOUT';
    checkedCodes.add(e);
    return e;
  }
  // `plugins[name](args)`: the same checks as an MCP call (input schema in Rust, the tool's
  // timeout, output schema), then the handler; a failure carries its code as MCP's would.
  async function callTool(index, args) {
    const { entry } = tools[index];
    const input = JSON.stringify(args === undefined ? {} : args);
    if (entry.inputSchema) {
      const problem = native.validate(entry.inputSchema, input);
      if (problem) throw coded(new TypeError(`tool "${entry.name}": invalid arguments: ${problem}`), 'INVALID_ARGUMENTS');
    }
    let timer;
    const limit = entry.timeout
      ? new Promise((_, reject) => {
          timer = setTimeout(() => {
            const e = new Error(`tool "${entry.name}" timed out after ${entry.timeout} ms`);
            e.name = 'TimeoutError';
            reject(coded(e, 'TIMEOUT'));
          }, entry.timeout);
        })
      : null;
    try {
      const value = await (limit ? Promise.race([runHandler(index, JSON.parse(input)), limit]) : runHandler(index, JSON.parse(input)));
      if (entry.outputSchema) {
        const problem = native.validate(entry.outputSchema, JSON.stringify(value === undefined ? null : value));
        if (problem) throw coded(new TypeError(`tool "${entry.name}": its result does not match its outputSchema: ${problem}`), 'INTERNAL');
      }
      return value;
    } catch (e) {
      throw coded(e);
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
  }
  // The host's entry for an MCP call (arguments already checked in Rust): `{ ok: json }` or the
  // failure as `describe` gives it.
  async function invokeTool(index, argsJson) {
    native.asyncContext.reset();
    try {
      const value = await runHandler(index, JSON.parse(argsJson));
      return JSON.stringify({ ok: value === undefined ? null : value });
    } catch (e) {
      return JSON.stringify({ error: describe(e) });
    }
  }
  const plugins = new Proxy(pluginTable, {
    get(target, name) {
      if (typeof name !== 'string') return undefined;
      const f = target[name];
      if (f) return f;
      return () => Promise.reject(coded(new Error(`plugins["${name}"]: no tool of that name; defined: ${Object.keys(target).join(', ') || 'none'}`), 'NOT_FOUND'));
    },
    // The table is what callers trust to reach a tool: nothing may replace, add or remove an
    // entry, nor give it a prototype to inherit entries from.
    set: readOnly,
    defineProperty: readOnly,
    deleteProperty: readOnly,
    setPrototypeOf: readOnly,
    preventExtensions: readOnly,
  });
  function readOnly() {
    throw new TypeError('plugins is read-only: define tools with defineTool');
  }

  // ---- invocation (called by the host).
  let world = null;
  let worldError = null;
  const globalThisArg = { attach, log, link, parameters: {} };
  // Which kind of code runs: 'case' (steps, Before/After hooks), 'run' (BeforeAll/AfterAll).
  let scope = null;

  function describe(e) {
    const message = (x) => (x && x.message !== undefined ? String(x.message) : String(x));
    if (e instanceof PendingException || (e && e.name === 'PendingException')) return { status: 'pending', type: 'PendingException', message: message(e) };
    if (e instanceof SkippedException || (e && e.name === 'SkippedException')) return { status: 'skipped', type: 'SkippedException', message: message(e) };
    if (e instanceof Error) {
      const ctor = e.constructor && e.constructor.name;
      const type = ctor && ctor !== 'Error' ? ctor : e.name || 'Error';
      const described = { status: 'failed', type, message: message(e), stack: String(e.stack || '') };
      // A plugin's error code travels with it (PluginError, see qualified()).
      if (checkedCodes.has(e)) Object.assign(described, { code: e.code, retryable: e.retryable === true, hint: e.hint });
      return described;
    }
    let text;
    try {
      text = typeof e === 'string' ? e : JSON.stringify(e);
    } catch (_) {
      text = String(e);
    }
    return { status: 'failed', type: 'Error', message: String(text), stack: '' };
  }
  async function run(fn, thisArg, args) {
    // This call's own lists: a call left pending at its deadline that ends later must not take
    // the soft failures or the subscriptions of the call running then.
    const softFailures = (g.__ferridriver_soft = []);
    const settling = (g.__ferridriver_settle = []);
    try {
      const result = await fn.apply(thisArg, args);
      // What the step started and must be in place when it ends (a page.on subscription,
      // which a Rust step right after relies on).
      const settle = settling.splice(0);
      if (settle.length) await Promise.all(settle);
      // Soft assertions (expect.soft) that failed fail the step now, all of them in one message,
      // located at the first.
      const soft = softFailures.splice(0);
      if (soft.length) {
        const first = soft[0];
        if (soft.length > 1) {
          first.message = `${soft.length} soft assertions failed:\n\n${soft.map((e, i) => `${i + 1}. ${e.message}`).join('\n\n')}`;
        }
        return describe(first);
      }
      if (result === 'pending') return { status: 'pending' };
      if (result === 'skipped') return { status: 'skipped' };
      return { status: 'passed' };
    } catch (e) {
      return describe(e);
    }
  }
  async function invokeStep(index, args, transforms, table, docString) {
    scope = 'case';
    if (worldError) return describe(worldError);
    try {
      const values = await Promise.all(
        args.map((value, i) => {
          const t = transforms[i];
          if (!t) return value;
          if (t.bigint !== undefined) return BigInt(t.bigint);
          const p = params[Number(t.id)];
          const groups = t.groups.map((x) => (x === null ? undefined : x));
          return p && p.transformer ? p.transformer.apply(world, groups) : groups[0];
        })
      );
      if (table !== null && table !== undefined) values.push(new DataTable(table));
      else if (docString !== null && docString !== undefined) values.push(docString);
      const d = steps[index];
      return await run(d.wrapped || d.fn, world, values);
    } catch (e) {
      return describe(e);
    }
  }
  // `hookArg` is the JSON of cucumber-js's hook argument ({ pickle, testCaseStartedId, result,
  // willBeRetried, pickleStep, testStepId }); BeforeAll/AfterAll hooks get none.
  function invokeHook(index, hookArg) {
    const d = hooks[index];
    scope = d.global ? 'run' : 'case';
    if (!d.global && worldError) return Promise.resolve(describe(worldError));
    let arg = {};
    try {
      arg = typeof hookArg === 'string' ? JSON.parse(hookArg) : hookArg || {};
    } catch (_) {
      arg = {};
    }
    if (d.global && arg.runParameters && typeof arg.runParameters === 'object') globalThisArg.parameters = arg.runParameters;
    if (d.global && bridge.installBrowser) bridge.installBrowser(globalThisArg);
    return run(d.wrapped || d.fn, d.global ? globalThisArg : world, d.global ? [] : [arg]);
  }
  // console.* during a call: under `bdd` it is printed as it happens (to stderr: stdout is the
  // reporters'), as cucumber-js leaves a step's console.log on the terminal, and not attached
  // (cucumber-js attaches nothing of it; `pretty` and the summary would show it twice); a
  // run hook's (a coverage table) is attached as well, as before. In the other hosts it is a
  // log attachment of the running step or hook (js/node.js), which their callers read.
  const printAndLog = (text) => {
    native.print(text);
    log(text);
  };
  // The call whose console is captured now. A call left pending at its deadline may end during
  // a later one: it must not end that one's capture.
  let capturingCall = null;
  async function capturingConsole(call, runHook) {
    const con = consoleControl;
    const mine = {};
    capturingCall = mine;
    if (con) con.capture(runHook ? printAndLog : native.host === 'bdd' ? native.print : log);
    try {
      return await call();
    } finally {
      if (con && capturingCall === mine) con.capture(null);
    }
  }
  // `hidden`: the tools of files the host left out (a plugin whose setup failed registers
  // nothing), taken out of `plugins[...]` as they are out of the registry.
  function finishLoading(hidden, hiddenPluginNames) {
    loaded = true;
    for (const name of hidden || []) delete pluginTable[name];
    for (const name of hiddenPluginNames || []) hiddenPlugins.add(name);
    if (!wrapper) return;
    for (const d of steps.concat(hooks)) d.wrapped = wrapper(d.fn, d.options.wrapperOptions);
  }

  const bridge = (g.__ferridriver = {
    manifest: () => JSON.stringify({ definitions: manifest, defaultTimeout }),
    finishLoading,
    newWorld(parametersJson) {
      const parameters = JSON.parse(parametersJson);
      globalThisArg.parameters = parameters;
      const options = { attach, log, link, parameters };
      world = null;
      worldError = null;
      try {
        world = new (WorldClass || World)(options);
        for (const k of ['attach', 'log', 'link']) if (typeof world[k] !== 'function') world[k] = options[k];
        if (world.parameters === undefined) world.parameters = parameters;
        if (typeof world.skip !== 'function') world.skip = skip;
        // this.page, this.context, this.browser, this.request (js/playwright.js).
        if (bridge.installFixtures) bridge.installFixtures(world);
      } catch (e) {
        worldError = e;
      }
    },
    dropWorld() {
      world = null;
      worldError = null;
      scope = null;
    },
    // What the `world` and `context` proxies stand for now (js/cucumber_scope.js).
    scoped: () => ({ scope, world, context: globalThisArg }),
    invokeStep(index, args, transforms, table, docString) {
      native.asyncContext.reset();
      return capturingConsole(() => invokeStep(index, args, transforms, table, docString));
    },
    invokeHook(index, hookArg) {
      return capturingConsole(() => invokeHook(index, hookArg), !!(hooks[index] && hooks[index].global));
    },
    takeAttachments() {
      const out = pending;
      pending = [];
      return out;
    },
    invokeTool,
    // A plugin event: every handler starts now, each on its own; the promise settles when all
    // have (each within its 5 s), for hosts that must let them finish (a session's end). A
    // session or scenario start also brings the page into view, so page events are watched.
    emitPluginEvent(name, json) {
      const handlers = listenersOf(name);
      if ((name === 'scenarioStart' || name === 'sessionStart') && PAGE_EVENTS.some((e) => listenersOf(e).length)) {
        try {
          void (world || g).page;
        } catch (_) {
          // A World whose own `page` getter throws: its pages are not watched.
        }
      }
      if (handlers.length === 0) return Promise.resolve();
      const event = JSON.parse(json);
      return Promise.all(handlers.map((h) => runEventHandler(h, name, Object.freeze({ ...event })))).then(() => undefined);
    },
    // The page events plugins listen to: whether any, and whether network ones.
    pluginPageEvents() {
      return { any: PAGE_EVENTS.some((e) => listenersOf(e).length > 0), network: listenersOf('network').length > 0 };
    },
    // Failed or timed-out handlers since the last call, for the host to report.
    takePluginEventFailures() {
      const out = eventFailures;
      eventFailures = [];
      return JSON.stringify(out);
    },
    // A plugin's `setup(ctx)` / `teardown(ctx)`, awaited; a throw rejects.
    async pluginLifecycle(name, which) {
      const p = pluginLifecycles[name];
      const f = p && p[which];
      if (typeof f !== 'function') return;
      await f({ name, version: p.version, host: native.host });
    },
  });

  const api = {
    defineTool,
    definePlugin,
    PluginError,
    Given: stepFunction('Given'),
    When: stepFunction('When'),
    Then: stepFunction('Then'),
    defineStep: stepFunction('Step'),
    And: stepFunction('Step'),
    But: stepFunction('Step'),
    Before: hookFunction('Before'),
    After: hookFunction('After'),
    BeforeAll: hookFunction('BeforeAll'),
    AfterAll: hookFunction('AfterAll'),
    BeforeStep: hookFunction('BeforeStep'),
    AfterStep: hookFunction('AfterStep'),
    defineParameterType,
    ParameterType: defineParameterType,
    setDefaultTimeout(ms) {
      defaultTimeout = Number(ms);
    },
    setWorldConstructor(ctor) {
      WorldClass = ctor;
    },
    setDefinitionFunctionWrapper(fn) {
      wrapper = fn;
    },
    // Parallelism is per worker VM in ferridriver; cucumber-js's per-pickle gate has no meaning.
    setParallelCanAssign() {},
    PendingException,
    SkippedException,
    DataTable,
    World,
    Status: Object.freeze({
      UNKNOWN: 'UNKNOWN',
      PASSED: 'PASSED',
      SKIPPED: 'SKIPPED',
      PENDING: 'PENDING',
      UNDEFINED: 'UNDEFINED',
      AMBIGUOUS: 'AMBIGUOUS',
      FAILED: 'FAILED',
    }),
  };
  modules.cucumber = api;
  Object.assign(g, api);
  // The registration functions cannot be replaced: a file loaded earlier that wrapped them
  // could put its own code inside a later plugin's handlers, running with that plugin's
  // capabilities.
  for (const name of ['defineTool', 'definePlugin', 'PluginError']) {
    Object.defineProperty(g, name, { value: api[name], writable: false, configurable: false, enumerable: true });
  }
  g.ferridriver = Object.freeze({ host: native.host });
  Object.defineProperty(g, 'plugins', { value: plugins, writable: false, configurable: false });
})(globalThis);
