// fs's file descriptors (node_fs_fd.rs): `openSync` checks the path once, as the other calls
// do, and hands out a number; `writeSync`/`readSync`/`fstatSync`/`ftruncateSync`/`fsyncSync`/
// `closeSync` take it, with Node's argument forms and Node's codes (`EBADF` for a number not
// open). The callback forms answer a turn later, with Node's extra results.
(function (g) {
  'use strict';
  const native = g.__ferridriver_native;
  const modules = g.__ferridriver_modules;
  const fs = modules.fs;
  const { Buffer } = modules.buffer;

  const coded = (f) =>
    function (...args) {
      try {
        return f(...args);
      } catch (e) {
        const m = e && /^([A-Z_]+):/.exec(e.message);
        if (m && e.code === undefined) e.code = m[1];
        // Node's own argument errors carry their code beside the message, not in it.
        if (m && m[1].startsWith('ERR_')) e.message = e.message.slice(m[0].length).trimStart();
        throw e;
      }
    };
  // Node's words for a value it was not given the right type of.
  const { received } = modules.argumentWords;
  const descriptor = (fd) => {
    if (typeof fd !== 'number') {
      throw Object.assign(new TypeError(`The "fd" argument must be of type number. ${received(fd)}`), { code: 'ERR_INVALID_ARG_TYPE' });
    }
    if (!Number.isInteger(fd) || fd < 0 || fd > 2147483647) throw outOfRange('fd', '>= 0 && <= 2147483647', fd);
    return fd;
  };
  const positionOf = (p) => {
    const n = typeof p === 'bigint' ? Number(p) : p;
    return typeof n === 'number' && n >= 0 ? n : -1;
  };
  const givenPath = (file) => (file instanceof g.URL ? modules.url.fileURLToPath(file) : String(file));
  const pathOf = (file) => modules.path.resolve(givenPath(file));
  // `mode` as Node takes it: a number, or a string of octal digits.
  const modeOf = (mode) => (typeof mode === 'number' ? mode : typeof mode === 'string' ? parseInt(mode.replace(/^0o/, ''), 8) : undefined);
  const outOfRange = (name, range, value) =>
    Object.assign(new RangeError(`The value of "${name}" is out of range. It must be ${range}. Received ${value}`), { code: 'ERR_OUT_OF_RANGE' });

  const openSync = coded((file, flags = 'r', mode) => {
    const given = givenPath(file);
    try {
      const bits = modeOf(mode);
      return Number.isFinite(bits)
        ? native.nodeFsOpen(pathOf(file), String(flags ?? 'r'), bits)
        : native.nodeFsOpen(pathOf(file), String(flags ?? 'r'));
    } catch (e) {
      e.message = e.message.split(`'${pathOf(file)}'`).join(`'${given}'`);
      throw e;
    }
  });
  const closeSync = coded((fd) => native.nodeFsClose(descriptor(fd)));

  // writeSync(fd, buffer, offset?, length?, position?) | (fd, buffer, { offset, length, position })
  // | (fd, string, position?, encoding?): the number of bytes written.
  const writeSync = coded((fd, data, a, b, c) => {
    descriptor(fd);
    // The process's own output: the console's, as process.stdout/stderr write it.
    if (fd === 1 || fd === 2) {
      const text = typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString();
      (fd === 1 ? g.process.stdout : g.process.stderr).write(text);
      return Buffer.byteLength(text);
    }
    if (typeof data === 'string') {
      const encoding = typeof b === 'string' ? b : 'utf8';
      return native.nodeFsWriteFd(fd, Buffer.from(data, encoding), positionOf(a));
    }
    if (!ArrayBuffer.isView(data)) {
      throw Object.assign(new TypeError('The "buffer" argument must be of type string or an instance of Buffer, TypedArray, or DataView.'), { code: 'ERR_INVALID_ARG_TYPE' });
    }
    const options = a !== null && typeof a === 'object' ? a : { offset: a, length: b, position: c };
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const offset = options.offset ?? 0;
    const length = options.length ?? bytes.byteLength - offset;
    return native.nodeFsWriteFd(fd, bytes.subarray(offset, offset + length), positionOf(options.position));
  });

  // readSync(fd, buffer, offset, length, position) | (fd, buffer, { offset, length, position }):
  // the number of bytes read into `buffer`.
  const readSync = coded((fd, buffer, a, b, c) => {
    descriptor(fd);
    const options = a !== null && typeof a === 'object' ? a : { offset: a, length: b, position: c };
    const target = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    const offset = options.offset ?? 0;
    const length = options.length ?? target.byteLength - offset;
    // Node's checks (its validateOffsetLengthRead), in its words.
    if (offset < 0) throw outOfRange('offset', '>= 0', offset);
    if (length < 0) throw outOfRange('length', '>= 0', length);
    if (offset + length > target.byteLength) throw outOfRange('length', `<= ${target.byteLength - offset}`, length);
    const read = native.nodeFsReadFd(fd, Math.max(0, length), positionOf(options.position));
    target.set(new Uint8Array(read), offset);
    return read.byteLength;
  });

  const fstatSync = coded((fd) => modules.fsStats(JSON.parse(native.nodeFsFstat(descriptor(fd)))));
  const ftruncateSync = coded((fd, length) => native.nodeFsFtruncate(descriptor(fd), length ?? 0));
  const fsyncSync = coded((fd) => native.nodeFsFsync(descriptor(fd)));

  // The callback forms: the callback is the last argument; its results follow the error.
  const answer = (sync, results) =>
    function (...args) {
      // `close(fd)` may leave its callback out (Node's default ignores the outcome).
      const callback = sync === closeSync && typeof args[args.length - 1] !== 'function' ? () => {} : args.pop();
      if (typeof callback !== 'function') {
        throw Object.assign(new TypeError('The "cb" argument must be of type function'), { code: 'ERR_INVALID_ARG_TYPE' });
      }
      let outcome;
      try {
        outcome = [null, ...results(sync(...args), args)];
      } catch (e) {
        outcome = [e];
      }
      queueMicrotask(() => callback(...outcome));
    };

  // readFileSync/writeFileSync/appendFileSync take an open file's number too: the rest of the
  // file from where it stands, or the data written where it stands.
  const { readFileSync: readPath, writeFileSync: writePath, appendFileSync: appendPath } = fs;
  const readFileSync = coded((file, options) => {
    if (typeof file !== 'number') return readPath(file, options);
    const chunks = [];
    for (;;) {
      const chunk = native.nodeFsReadFd(descriptor(file), 1 << 20, -1);
      if (chunk.byteLength === 0) break;
      chunks.push(Buffer.from(chunk));
    }
    const bytes = Buffer.concat(chunks);
    const encoding = typeof options === 'string' ? options : options && options.encoding;
    return encoding ? bytes.toString(encoding) : bytes;
  });
  const byNumber = (byPath) =>
    coded((file, data, options) => {
      if (typeof file !== 'number') return byPath(file, data, options);
      const encoding = typeof options === 'string' ? options : (options && options.encoding) || 'utf8';
      writeSync(file, typeof data === 'string' ? Buffer.from(data, encoding) : data);
      return undefined;
    });
  const writeFileSync = byNumber(writePath);
  const appendFileSync = byNumber(appendPath);

  Object.assign(fs, {
    readFileSync,
    writeFileSync,
    appendFileSync,
    readFile: answer(readFileSync, (data) => [data]),
    writeFile: answer(writeFileSync, () => []),
    appendFile: answer(appendFileSync, () => []),
    openSync,
    closeSync,
    writeSync,
    readSync,
    fstatSync,
    ftruncateSync,
    fsyncSync,
    fdatasyncSync: fsyncSync,
    open: answer(openSync, (fd) => [fd]),
    close: answer(closeSync, () => []),
    write: answer(writeSync, (written, args) => [written, args[1]]),
    read: answer(readSync, (read, args) => [read, args[1]]),
    fstat: answer(fstatSync, (stats) => [stats]),
    ftruncate: answer(ftruncateSync, () => []),
    fsync: answer(fsyncSync, () => []),
    fdatasync: answer(fsyncSync, () => []),
  });
})(globalThis);
