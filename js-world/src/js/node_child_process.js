// node:child_process (ADR 0036): Node's six ways to run a program, over the natives of
// child_process/natives.rs, which decide each start in Rust ([scripting] allowCommands, the
// running handler's policy) and run it without a shell. Results, errors and events are Node's.
(function (g) {
  'use strict';
  const native = g.__ferridriver_native;
  const modules = g.__ferridriver_modules;
  const { Buffer } = modules.buffer;
  const { EventEmitter } = modules.events;
  const { Readable, Writable } = modules.stream;
  const util = modules.util;

  const toBuffer = (b64) => Buffer.from(b64 || '', 'base64');
  const decode = (buffer, encoding) => (encoding && encoding !== 'buffer' ? buffer.toString(encoding) : buffer);

  function refusal(message) {
    const e = new Error(message);
    if (message.startsWith('CAPABILITY_DENIED')) e.name = 'CapabilityDeniedError';
    return e;
  }

  function answer(json) {
    const reply = JSON.parse(json);
    if (reply.refused !== undefined) throw refusal(reply.refused);
    return reply.ok;
  }

  // Node's argument checks for the program and its arguments.
  function checkFile(file, name = 'file') {
    if (typeof file !== 'string') {
      const e = new TypeError(`The "${name}" argument must be of type string. ${modules.argumentWords.received(file)}`);
      e.code = 'ERR_INVALID_ARG_TYPE';
      throw e;
    }
    if (file.length === 0) {
      const e = new TypeError(`The argument '${name}' cannot be empty. Received ''`);
      e.code = 'ERR_INVALID_ARG_VALUE';
      throw e;
    }
  }

  function noNullBytes(value, what) {
    if (String(value).includes('\u0000')) {
      const e = new TypeError(`The ${what} must be a string without null bytes. Received ${util.inspect(String(value))}`);
      e.code = 'ERR_INVALID_ARG_VALUE';
      throw e;
    }
  }

  // `(file, args?, options?)` with either of the last two left out.
  function normalize(file, args, options) {
    if (!Array.isArray(args)) {
      if (args !== undefined && args !== null && typeof args !== 'object') {
        const e = new TypeError(`The "args" argument must be of type object. ${modules.argumentWords.received(args)}`);
        e.code = 'ERR_INVALID_ARG_TYPE';
        throw e;
      }
      if (args !== undefined && args !== null) options = args;
      args = [];
    }
    noNullBytes(file, "argument 'file'");
    args.forEach((a, i) => noNullBytes(a, `argument 'args[${i}]'`));
    return { file, args: args.map(String), options: options || {} };
  }

  const stdioOf = (stdio, fallback) => {
    if (typeof stdio === 'string') return [stdio, stdio, stdio];
    if (Array.isArray(stdio)) return [0, 1, 2].map((i) => (typeof stdio[i] === 'string' ? stdio[i] : stdio[i] === undefined || stdio[i] === null ? 'pipe' : 'inherit'));
    return fallback;
  };

  function envOf(options) {
    const source = options.env || g.process.env;
    const env = {};
    for (const key of Object.keys(source)) {
      if (source[key] === undefined) continue;
      noNullBytes(key, `property 'options.env['${key}']'`);
      noNullBytes(source[key], `property 'options.env['${key}']'`);
      env[key] = String(source[key]);
    }
    return env;
  }

  function spec(api, file, args, options, stdio) {
    const input = options.input;
    if (options.timeout !== undefined && options.timeout !== null && !(Number.isInteger(options.timeout) && options.timeout >= 0)) {
      const e = new RangeError(`The value of "timeout" is out of range. It must be an unsigned integer. Received ${util.inspect(options.timeout)}`);
      e.code = 'ERR_OUT_OF_RANGE';
      throw e;
    }
    return JSON.stringify({
      api,
      file,
      args,
      shell: !!options.shell,
      cwd: options.cwd === undefined || options.cwd === null ? null : String(options.cwd instanceof g.URL ? modules.url.fileURLToPath(options.cwd) : options.cwd),
      env: envOf(options),
      stdio,
      input: input === undefined || input === null ? null : (typeof input === 'string' ? Buffer.from(input, options.encoding && options.encoding !== 'buffer' ? options.encoding : 'utf8') : Buffer.from(input.buffer ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength) : input)).toString('base64'),
      timeout: options.timeout || 0,
      killSignal: options.killSignal === undefined ? 'SIGTERM' : options.killSignal,
      maxBuffer: options.maxBuffer === undefined ? 1024 * 1024 : options.maxBuffer,
    });
  }

  // The error of a start that did not happen (`spawnSync ls ENOENT`).
  function osError(error, syscall, file, args) {
    const e = new Error(`${syscall} ${error.code}`);
    Object.assign(e, { errno: error.errno, code: error.code, syscall, path: file, spawnargs: args });
    return e;
  }

  // ---- the synchronous three

  function spawnSyncWith(api, file, args, options, stdio) {
    const shown = options.shell ? '/bin/sh' : file;
    const shownArgs = options.shell ? ['-c', [file, ...args].join(' ')] : args;
    const r = answer(native.cpRunSync(spec(api, file, args, options, stdio)));
    const encoding = options.encoding;
    if (r.shell) {
      // What `sh -c` says of a program it cannot find or run.
      const stderr = Buffer.from(r.shell.stderr);
      return { pid: 0, status: r.shell.status, signal: null, stdout: decode(Buffer.alloc(0), encoding), stderr: decode(stderr, encoding), output: [null, decode(Buffer.alloc(0), encoding), decode(stderr, encoding)] };
    }
    if (r.error && r.error.code && r.pid === undefined) {
      return { error: osError(r.error, `spawnSync ${shown}`, shown, shownArgs), status: null, signal: null, output: null, pid: 0, stdout: null, stderr: null };
    }
    const out = stdio[1] === 'pipe' ? decode(toBuffer(r.stdout), encoding) : null;
    const err = stdio[2] === 'pipe' ? decode(toBuffer(r.stderr), encoding) : null;
    const result = { status: r.status, signal: r.signal, output: [null, out, err], pid: r.pid, stdout: out, stderr: err };
    if (r.error) {
      result.error = osError(r.error, `spawnSync ${shown}`, shown, shownArgs);
      // The step's time ran out while the program ran (it was stopped): the VM's deadline has
      // passed, so its interrupt ends the call here, before any catch, as a time-out.
      if (r.error.deadline) for (;;);
    }
    return result;
  }

  function spawnSync(file, args, options) {
    checkFile(file);
    const n = normalize(file, args, options);
    return spawnSyncWith('spawnSync', n.file, n.args, n.options, stdioOf(n.options.stdio, ['pipe', 'pipe', 'pipe']));
  }

  // execSync/execFileSync: stderr shown on ours unless `stdio` says otherwise; a failure throws.
  function checkedSync(api, file, args, options, shown) {
    const given = options.stdio !== undefined;
    const stdio = stdioOf(options.stdio, ['pipe', 'pipe', 'pipe']);
    const r = spawnSyncWith(api, file, args, options, stdio);
    if (!given && r.stderr && r.stderr.length) g.process.stderr.write(r.stderr);
    if (r.error) {
      Object.assign(r.error, { status: r.status, signal: r.signal, output: r.output, pid: r.pid, stdout: r.stdout, stderr: r.stderr });
      throw r.error;
    }
    if (r.status !== 0) {
      let message = `Command failed: ${shown}`;
      if (r.stderr && r.stderr.length) message += `\n${r.stderr.toString()}`;
      const e = new Error(message);
      Object.assign(e, { status: r.status, signal: r.signal, output: r.output, pid: r.pid, stdout: r.stdout, stderr: r.stderr });
      throw e;
    }
    return r.stdout;
  }

  function execSync(command, options) {
    checkFile(command, 'command');
    const o = Object.assign({}, options || {}, { shell: true });
    return checkedSync('execSync', command, [], o, command);
  }

  function execFileSync(file, args, options) {
    checkFile(file);
    const n = normalize(file, args, options);
    return checkedSync('execFileSync', n.file, n.args, n.options, [n.file, ...n.args].join(' '));
  }

  // ---- the asynchronous three

  const SIGNALS = ['SIGHUP', 'SIGINT', 'SIGQUIT', 'SIGILL', 'SIGTRAP', 'SIGABRT', 'SIGBUS', 'SIGFPE', 'SIGKILL', 'SIGUSR1', 'SIGSEGV', 'SIGUSR2', 'SIGPIPE', 'SIGALRM', 'SIGTERM', 'SIGCHLD', 'SIGCONT', 'SIGSTOP', 'SIGTSTP'];

  class ChildProcess extends EventEmitter {
    constructor() {
      super();
      this.pid = undefined;
      this.exitCode = null;
      this.signalCode = null;
      this.killed = false;
      this.stdin = null;
      this.stdout = null;
      this.stderr = null;
      this.stdio = [null, null, null];
      this.spawnfile = undefined;
      this.spawnargs = [];
      this._id = 0;
    }

    kill(signal) {
      const name = signal === undefined ? 'SIGTERM' : signal;
      if (typeof name === 'string' ? !SIGNALS.includes(name) : !Number.isInteger(name)) {
        const e = new TypeError(`Unknown signal: ${name}`);
        e.code = 'ERR_UNKNOWN_SIGNAL';
        throw e;
      }
      // A child that ended is not signalled again (its number may be another's by now).
      if (!this._id || this.exitCode !== null || this.signalCode !== null) return false;
      const sent = native.cpKill(this._id, String(name));
      if (sent) this.killed = true;
      return sent;
    }

    ref() {}
    unref() {}

    get connected() {
      return false;
    }
  }

  function startChild(api, file, args, options) {
    const child = new ChildProcess();
    const stdio = stdioOf(options.stdio, ['pipe', 'pipe', 'pipe']);
    child.spawnfile = options.shell ? '/bin/sh' : file;
    child.spawnargs = options.shell ? ['/bin/sh', '-c', [file, ...args].join(' ')] : [file, ...args];
    const r = answer(native.cpSpawn(spec(api, file, args, options, stdio)));
    const readable = (i) => {
      if (stdio[i] !== 'pipe') return null;
      const stream = new Readable({ read() {} });
      return stream;
    };
    child.stdout = readable(1);
    child.stderr = readable(2);
    if (stdio[0] === 'pipe') {
      child.stdin = new Writable({
        write(chunk, encoding, done) {
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk);
          done(child._id && native.cpWrite(child._id, bytes.toString('base64')) ? null : Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
        },
        final(done) {
          if (child._id) native.cpEnd(child._id);
          done();
        },
      });
    }
    child.stdio = [child.stdin, child.stdout, child.stderr];
    const ended = new Set();
    const end = (stream) => {
      if (stream && !ended.has(stream)) {
        ended.add(stream);
        stream.push(null);
      }
    };
    // `exit` and `close` a turn later: after the streams' last 'data' and their 'end', as Node
    // orders them.
    const later = (f) => setTimeout(f, 0);
    const finish = (code, signal) => {
      end(child.stdout);
      end(child.stderr);
      later(() => child.emit('close', code, signal));
    };
    if (r.error) {
      const e = osError(r.error, `spawn ${child.spawnfile}`, child.spawnfile, child.spawnargs.slice(1));
      g.queueMicrotask(() => {
        child.exitCode = r.error.errno;
        child.emit('error', e);
        finish(r.error.errno, null);
      });
      return child;
    }
    if (r.shell) {
      // `sh -c` saying it cannot find the program, and exiting with 127.
      g.queueMicrotask(() => child.emit('spawn'));
      setTimeout(() => {
        if (child.stderr) child.stderr.push(Buffer.from(r.shell.stderr));
        child.exitCode = r.shell.status;
        child.emit('exit', r.shell.status, null);
        finish(r.shell.status, null);
      }, 0);
      return child;
    }
    child._id = r.id;
    child.pid = r.pid;
    g.queueMicrotask(() => child.emit('spawn'));
    if (options.timeout > 0) {
      const timer = setTimeout(() => child.kill(options.killSignal || 'SIGTERM'), options.timeout);
      child.once('exit', () => clearTimeout(timer));
    }
    (async () => {
      for (;;) {
        const events = JSON.parse(await native.cpNext(child._id));
        for (const [kind, a, b] of events) {
          if (kind === 'stdout' && child.stdout) child.stdout.push(toBuffer(a));
          else if (kind === 'stderr' && child.stderr) child.stderr.push(toBuffer(a));
          else if (kind === 'end') end(child[a]);
          else if (kind === 'exit') {
            child.exitCode = a;
            child.signalCode = b;
            later(() => child.emit('exit', a, b));
          } else if (kind === 'close') {
            finish(child.exitCode, child.signalCode);
            return;
          }
        }
      }
    })();
    return child;
  }

  function spawn(file, args, options) {
    checkFile(file);
    const n = normalize(file, args, options);
    return startChild('spawn', n.file, n.args, n.options);
  }

  // exec/execFile: the output collected (up to maxBuffer), then `callback(error, stdout, stderr)`.
  function collect(api, file, args, options, callback, shown) {
    const o = Object.assign({ encoding: 'utf8', maxBuffer: 1024 * 1024, killSignal: 'SIGTERM' }, options);
    const child = startChild(api, file, args, o);
    const chunks = { stdout: [], stderr: [] };
    const sizes = { stdout: 0, stderr: 0 };
    let failure = null;
    for (const name of ['stdout', 'stderr']) {
      const stream = child[name];
      if (!stream) continue;
      stream.on('data', (chunk) => {
        sizes[name] += chunk.length;
        if (sizes[name] > o.maxBuffer && !failure) {
          failure = new RangeError(`${name} maxBuffer length exceeded`);
          failure.code = 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER';
          child.kill(o.killSignal);
        }
        chunks[name].push(chunk);
      });
    }
    let timedOut = false;
    if (o.timeout > 0) child.once('spawn', () => setTimeout(() => { timedOut = true; }, o.timeout));
    let spawnError = null;
    child.on('error', (e) => { spawnError = e; });
    child.on('close', (code, signal) => {
      const text = (name) => {
        const all = Buffer.concat(chunks[name]);
        const cut = o.maxBuffer < all.length ? all.subarray(0, o.maxBuffer) : all;
        return decode(cut, o.encoding);
      };
      const stdout = text('stdout');
      const stderr = text('stderr');
      let error = spawnError || failure;
      if (!error && (code !== 0 || signal)) {
        error = new Error(`Command failed: ${shown}\n${stderr}`);
        Object.assign(error, { code: signal ? null : code, killed: child.killed || timedOut, signal, cmd: shown });
      }
      if (error && error.cmd === undefined) error.cmd = shown;
      if (typeof callback === 'function') callback(error, stdout, stderr);
    });
    return child;
  }

  function exec(command, options, callback) {
    checkFile(command, 'command');
    if (typeof options === 'function') [callback, options] = [options, {}];
    return collect('exec', command, [], Object.assign({}, options, { shell: true }), callback, command);
  }

  function execFile(file, args, options, callback) {
    checkFile(file);
    if (typeof args === 'function') [callback, args, options] = [args, [], {}];
    else if (typeof options === 'function') [callback, options] = [options, Array.isArray(args) ? {} : args];
    const n = normalize(file, args, options);
    return collect('execFile', n.file, n.args, n.options, callback, [n.file, ...n.args].join(' '));
  }

  // util.promisify(exec) gives `{ stdout, stderr }`, and the error carries both, as in Node.
  const promised = (run) =>
    function (...args) {
      let child;
      const p = new Promise((resolve, reject) => {
        child = run(...args, (error, stdout, stderr) => (error ? reject(Object.assign(error, { stdout, stderr })) : resolve({ stdout, stderr })));
      });
      p.child = child;
      return p;
    };
  exec[util.promisify.custom] = promised(exec);
  execFile[util.promisify.custom] = promised(execFile);

  function fork() {
    throw new Error("child_process.fork is not supported by ferridriver: there is no Node process to fork; run the script with spawn('node', [file]) and list node in [scripting] allowCommands");
  }

  modules.childProcess = { ChildProcess, exec, execFile, execFileSync, execSync, fork, spawn, spawnSync };
})(globalThis);
