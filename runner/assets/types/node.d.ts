// ferridriver's TypeScript declarations: the Node built-ins. One of the files in this folder (see
// ferridriver.d.ts); global declaration files, used together with `"types": []`.

// ---------------------------------------------------------------------------------------------
// Node built-ins: node:assert (the strict API), node:fs, node:path (POSIX), node:buffer… (node-io.d.ts: streams, zlib, http).
// ---------------------------------------------------------------------------------------------

declare module 'node:assert' {
  export {};
  /** What `throws`/`rejects` may check the error against: a class, a RegExp of the message, a validation function or an object of properties. */
  type ErrorCheck = RegExp | Function | ((error: unknown) => boolean) | object;

  /** Throws an AssertionError unless the value is truthy. */
  function assert(value: unknown, message?: string | Error): asserts value;
  namespace assert {
    /** Throws unless the value is truthy. */
    function ok(value: unknown, message?: string | Error): asserts value;
    /** `Object.is` equality (the strict API: the same as strictEqual). */
    function equal<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T;
    function notEqual(actual: unknown, expected: unknown, message?: string | Error): void;
    /** `Object.is` equality. */
    function strictEqual<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T;
    function notStrictEqual(actual: unknown, expected: unknown, message?: string | Error): void;
    /** Deep strict equality (the strict API: the same as deepStrictEqual). */
    function deepEqual<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T;
    /** Deep strict equality. */
    function deepStrictEqual<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T;
    function notDeepStrictEqual(actual: unknown, expected: unknown, message?: string | Error): void;
    /** The function throws (an error matching `error`, if given). */
    function throws(fn: () => unknown, message?: string): void;
    function throws(fn: () => unknown, error: ErrorCheck, message?: string): void;
    function doesNotThrow(fn: () => unknown, message?: string): void;
    /** The promise (or the function's promise) rejects (with an error matching `error`, if given). */
    function rejects(promise: Promise<unknown> | (() => Promise<unknown>), message?: string): Promise<void>;
    function rejects(promise: Promise<unknown> | (() => Promise<unknown>), error: ErrorCheck, message?: string): Promise<void>;
    /** Always throws. */
    function fail(message?: string | Error): never;
    /** The string matches the RegExp. */
    function match(value: string, regExp: RegExp, message?: string | Error): void;
    /** What the assertions throw. */
    class AssertionError extends Error {
      constructor(options: { message?: string; actual?: unknown; expected?: unknown; operator?: string });
      actual: unknown;
      expected: unknown;
      operator: string;
      generatedMessage: boolean;
      code: 'ERR_ASSERTION';
    }
    /** The same API (it is already the strict one). */
    const strict: typeof assert;
  }
  export default assert;
  export import ok = assert.ok;
  export import equal = assert.equal;
  export import notEqual = assert.notEqual;
  export import strictEqual = assert.strictEqual;
  export import notStrictEqual = assert.notStrictEqual;
  export import deepEqual = assert.deepEqual;
  export import deepStrictEqual = assert.deepStrictEqual;
  export import notDeepStrictEqual = assert.notDeepStrictEqual;
  export import throws = assert.throws;
  export import doesNotThrow = assert.doesNotThrow;
  export import rejects = assert.rejects;
  export import fail = assert.fail;
  export import match = assert.match;
  export import AssertionError = assert.AssertionError;
  export import strict = assert.strict;
}

declare module 'assert' {
  export * from 'node:assert';
  export { default } from 'node:assert';
}
declare module 'node:assert/strict' {
  export * from 'node:assert';
  export { default } from 'node:assert';
}
declare module 'assert/strict' {
  export * from 'node:assert';
  export { default } from 'node:assert';
}

declare module 'node:fs' {
  import { Readable, Writable } from 'node:stream';
  /** A file as a Readable (`this.attach(fs.createReadStream(p), 'image/png')` attaches it). */
  export class ReadStream extends Readable {
    readonly path: string;
    bytesRead: number;
    readonly start: number | undefined;
    readonly end: number;
    close(callback?: () => void): void;
  }
  /** Reads a file in the project (relative paths from the project root). */
  export function readFileSync(path: string, options?: { encoding?: null } | null): Buffer;
  export function readFileSync(path: string, options: BufferEncoding | { encoding: BufferEncoding }): string;
  /** Whether the file exists (inside the project). */
  export function existsSync(path: string): boolean;
  /** The file (from `start` to `end`, both included) as a stream. */
  export function createReadStream(
    path: string,
    options?: BufferEncoding | { encoding?: BufferEncoding; start?: number; end?: number; highWaterMark?: number } | null,
  ): ReadStream;
  /** What `writeFileSync` takes: text (UTF-8, or base64 with that encoding) or bytes. */
  export type FileData = string | ArrayBufferView | ArrayBuffer;
  export type WriteOptions = BufferEncoding | { encoding?: BufferEncoding; flag?: 'w' | 'a' } | null;
  /**
   * Writes a file below the project (`bdd`) or below script_root/artifacts_root (mcp, run);
   * anything else is an `EACCES` error. The folder must exist (`ENOENT` otherwise).
   */
  export function writeFileSync(path: string, data: FileData, options?: WriteOptions): void;
  export function appendFileSync(path: string, data: FileData, options?: WriteOptions): void;
  /** Makes a folder (with `recursive`, its parents too; returns the first one made). */
  export function mkdirSync(path: string, options?: { recursive?: boolean }): string | undefined;
  export interface Dirent {
    readonly name: string;
    readonly parentPath: string;
    isFile(): boolean;
    isDirectory(): boolean;
    isSymbolicLink(): boolean;
  }
  export function readdirSync(path: string): string[];
  export function readdirSync(path: string, options: { withFileTypes: true }): Dirent[];
  export interface Stats {
    readonly size: number;
    readonly mtimeMs: number;
    readonly mtime: Date;
    readonly birthtimeMs: number;
    readonly birthtime: Date;
    isFile(): boolean;
    isDirectory(): boolean;
    isSymbolicLink(): boolean;
  }
  export function statSync(path: string): Stats;
  /** A link's own entry (a link whose target lies outside the project is refused). */
  export function lstatSync(path: string): Stats;
  /** The path with every link resolved (inside the project). */
  export function realpathSync(path: string): string;
  /** Where a link points. */
  export function readlinkSync(path: string): string;
  /** Throws `ENOENT` when the path does not exist. */
  export function accessSync(path: string, mode?: number): void;
  /** Reads `from` where reads may go and writes `to` where writes may go. */
  export function copyFileSync(from: string, to: string): void;
  /** Chunks written as they come (`flags: 'a'` appends, `'wx'` refuses an existing file). */
  export class WriteStream extends Writable {
    readonly path: string;
    readonly bytesWritten: number;
    close(callback?: () => void): void;
  }
  export function createWriteStream(
    path: string,
    options?: { flags?: 'w' | 'a' | 'wx' | 'ax'; encoding?: BufferEncoding } | BufferEncoding,
  ): WriteStream;
  export const constants: {
    readonly F_OK: number; readonly R_OK: number; readonly W_OK: number; readonly X_OK: number;
    readonly COPYFILE_EXCL: number; readonly O_RDONLY: number; readonly O_WRONLY: number; readonly O_RDWR: number;
    readonly O_CREAT: number; readonly O_EXCL: number; readonly O_TRUNC: number; readonly O_APPEND: number;
  };
  /** Node's callback forms: the answer (or the error) comes to the last argument. */
  type Callback<T> = (error: (Error & { code?: string }) | null, value: T) => void;
  export function readFile(path: string, callback: Callback<Buffer>): void;
  export function readFile(path: string, options: BufferEncoding | { encoding: BufferEncoding }, callback: Callback<string>): void;
  export function writeFile(path: string, data: FileData, callback: Callback<void>): void;
  export function appendFile(path: string, data: FileData, callback: Callback<void>): void;
  export function mkdir(path: string, options: { recursive?: boolean }, callback: Callback<string | undefined>): void;
  export function readdir(path: string, callback: Callback<string[]>): void;
  export function stat(path: string, callback: Callback<Stats>): void;
  export function lstat(path: string, callback: Callback<Stats>): void;
  export function realpath(path: string, callback: Callback<string>): void;
  export function readlink(path: string, callback: Callback<string>): void;
  export function access(path: string, callback: Callback<void>): void;
  export function copyFile(from: string, to: string, callback: Callback<void>): void;
  export function unlink(path: string, callback: Callback<void>): void;
  export function unlinkSync(path: string): void;
  export function rmSync(path: string, options?: { recursive?: boolean; force?: boolean }): void;
  /** Moves a file or folder; both places must be where writes may go. */
  export function renameSync(from: string, to: string): void;
  export function rename(from: string, to: string, callback: Callback<void>): void;
  /** Removes an empty folder (`ENOTEMPTY` otherwise; `recursive` removes it whole). */
  export function rmdirSync(path: string, options?: { recursive?: boolean }): void;
  export function rmdir(path: string, callback: Callback<void>): void;
  export function rmdir(path: string, options: { recursive?: boolean }, callback: Callback<void>): void;
  export function rm(path: string, callback: Callback<void>): void;
  export function rm(path: string, options: { recursive?: boolean; force?: boolean }, callback: Callback<void>): void;
  export const promises: {
    lstat(path: string): Promise<Stats>;
    realpath(path: string): Promise<string>;
    readlink(path: string): Promise<string>;
    access(path: string, mode?: number): Promise<void>;
    copyFile(from: string, to: string): Promise<void>;
    readFile(path: string, options?: { encoding?: null } | null): Promise<Buffer>;
    readFile(path: string, options: BufferEncoding | { encoding: BufferEncoding }): Promise<string>;
    writeFile(path: string, data: FileData, options?: WriteOptions): Promise<void>;
    appendFile(path: string, data: FileData, options?: WriteOptions): Promise<void>;
    mkdir(path: string, options?: { recursive?: boolean }): Promise<string | undefined>;
    readdir(path: string): Promise<string[]>;
    stat(path: string): Promise<Stats>;
    unlink(path: string): Promise<void>;
    rm(path: string, options?: { recursive?: boolean; force?: boolean }): Promise<void>;
    rename(from: string, to: string): Promise<void>;
    rmdir(path: string, options?: { recursive?: boolean }): Promise<void>;
  };
  const fs: {
    readFileSync: typeof readFileSync;
    existsSync: typeof existsSync;
    createReadStream: typeof createReadStream;
    writeFileSync: typeof writeFileSync;
    appendFileSync: typeof appendFileSync;
    mkdirSync: typeof mkdirSync;
    readdirSync: typeof readdirSync;
    statSync: typeof statSync;
    unlinkSync: typeof unlinkSync;
    rmSync: typeof rmSync;
    lstatSync: typeof lstatSync;
    realpathSync: typeof realpathSync;
    readlinkSync: typeof readlinkSync;
    accessSync: typeof accessSync;
    copyFileSync: typeof copyFileSync;
    createWriteStream: typeof createWriteStream;
    constants: typeof constants;
    readFile: typeof readFile;
    writeFile: typeof writeFile;
    appendFile: typeof appendFile;
    mkdir: typeof mkdir;
    readdir: typeof readdir;
    stat: typeof stat;
    lstat: typeof lstat;
    realpath: typeof realpath;
    readlink: typeof readlink;
    access: typeof access;
    copyFile: typeof copyFile;
    unlink: typeof unlink;
    rm: typeof rm;
    renameSync: typeof renameSync;
    rename: typeof rename;
    rmdirSync: typeof rmdirSync;
    rmdir: typeof rmdir;
    promises: typeof promises;
  };
  export default fs;
}

declare module 'fs' {
  export * from 'node:fs';
  export { default } from 'node:fs';
}

declare module 'node:fs/promises' {
  import type { promises } from 'node:fs';
  export const readFile: (typeof promises)['readFile'];
  export const writeFile: (typeof promises)['writeFile'];
  export const appendFile: (typeof promises)['appendFile'];
  export const mkdir: (typeof promises)['mkdir'];
  export const readdir: (typeof promises)['readdir'];
  export const stat: (typeof promises)['stat'];
  export const unlink: (typeof promises)['unlink'];
  export const rm: (typeof promises)['rm'];
  export const rename: (typeof promises)['rename'];
  export const rmdir: (typeof promises)['rmdir'];
  export const lstat: (typeof promises)['lstat'];
  export const realpath: (typeof promises)['realpath'];
  export const readlink: (typeof promises)['readlink'];
  export const access: (typeof promises)['access'];
  export const copyFile: (typeof promises)['copyFile'];
  const fsPromises: typeof promises;
  export default fsPromises;
}

declare module 'fs/promises' {
  export * from 'node:fs/promises';
  export { default } from 'node:fs/promises';
}

declare module 'node:path' {
  export {};
  /** POSIX paths; `resolve` starts from the project root. */
  interface Path {
    readonly sep: '/';
    normalize(path: string): string;
    isAbsolute(path: string): boolean;
    join(...paths: string[]): string;
    /** An absolute path: the project root, then each path in turn. */
    resolve(...paths: string[]): string;
    dirname(path: string): string;
    basename(path: string, suffix?: string): string;
    extname(path: string): string;
    relative(from: string, to: string): string;
    readonly delimiter: ':';
    parse(path: string): ParsedPath;
    format(parts: Partial<ParsedPath>): string;
    toNamespacedPath(path: string): string;
    readonly posix: Path;
    /** Its `sep` and `delimiter` only: calling a Windows function throws. */
    readonly win32: { readonly sep: '\\'; readonly delimiter: ';' };
  }
  interface ParsedPath {
    root: string;
    dir: string;
    base: string;
    ext: string;
    name: string;
  }
  const path: Path;
  export default path;
  export const sep: '/';
  export function normalize(path: string): string;
  export function isAbsolute(path: string): boolean;
  export function join(...paths: string[]): string;
  /** An absolute path: the project root, then each path in turn. */
  export function resolve(...paths: string[]): string;
  export function dirname(path: string): string;
  export function basename(path: string, suffix?: string): string;
  export function extname(path: string): string;
  export function relative(from: string, to: string): string;
  export const delimiter: ':';
  export function parse(path: string): ParsedPath;
  export function format(parts: Partial<ParsedPath>): string;
  export function toNamespacedPath(path: string): string;
  export const posix: Path;
  export const win32: Path['win32'];
}

declare module 'path' {
  export * from 'node:path';
  export { default } from 'node:path';
}

declare module 'node:buffer' {
  export {};
  export const Buffer: BufferConstructor;
  export type Buffer = globalThis.Buffer;
  export const kMaxLength: number;
  export const constants: { readonly MAX_LENGTH: number; readonly MAX_STRING_LENGTH: number };
  export function isUtf8(input: ArrayBufferView | ArrayBuffer): boolean;
  const buffer: { Buffer: BufferConstructor; kMaxLength: number; constants: typeof constants; isUtf8: typeof isUtf8 };
  export default buffer;
}

declare module 'buffer' {
  export * from 'node:buffer';
  export { default } from 'node:buffer';
}

declare module 'node:os' {
  export const EOL: string;
  export function platform(): string;
  export function arch(): string;
  export function type(): string;
  export function release(): string;
  /** The project's root: no host path beyond the project reaches the steps. */
  export function homedir(): string;
  /** `.ferridriver/tmp` under the project. */
  export function tmpdir(): string;
  /** Always `localhost`. */
  export function hostname(): string;
  export function cpus(): unknown[];
  export function endianness(): 'LE' | 'BE';
  const os: {
    EOL: string; platform: typeof platform; arch: typeof arch; type: typeof type; release: typeof release;
    homedir: typeof homedir; tmpdir: typeof tmpdir; hostname: typeof hostname; cpus: typeof cpus; endianness: typeof endianness;
  };
  export default os;
}
declare module 'os' {
  export * from 'node:os';
  export { default } from 'node:os';
}

declare module 'node:url' {
  export const URL: typeof globalThis.URL;
  export const URLSearchParams: typeof globalThis.URLSearchParams;
  export function fileURLToPath(url: string | URL): string;
  export function pathToFileURL(path: string): URL;
  /** The legacy API's URL object: null where the input had no such part. */
  export interface UrlWithParts {
    protocol: string | null;
    slashes: boolean | null;
    auth: string | null;
    host: string | null;
    port: string | null;
    hostname: string | null;
    hash: string | null;
    search: string | null;
    query: string | null | Record<string, string>;
    pathname: string | null;
    path: string | null;
    href: string;
  }
  export function parse(url: string, parseQueryString?: boolean, slashesDenoteHost?: boolean): UrlWithParts;
  export function format(url: string | URL | Partial<UrlWithParts>): string;
  export function resolve(from: string, to: string): string;
  export function domainToASCII(domain: string): string;
  export function domainToUnicode(domain: string): string;
  const url: {
    URL: typeof URL;
    URLSearchParams: typeof URLSearchParams;
    fileURLToPath: typeof fileURLToPath;
    pathToFileURL: typeof pathToFileURL;
    parse: typeof parse;
    format: typeof format;
    resolve: typeof resolve;
    domainToASCII: typeof domainToASCII;
    domainToUnicode: typeof domainToUnicode;
  };
  export default url;
}
declare module 'url' {
  export * from 'node:url';
  export { default } from 'node:url';
}

declare module 'node:util' {
  /** Node's layout of values: `depth` (default 2, `null` for all), `breakLength` (80), `showHidden`, `customInspect`. */
  export interface InspectOptions { depth?: number | null; breakLength?: number; showHidden?: boolean; customInspect?: boolean }
  /** `%s %d %i %f %j %o %O %c %%`, then the other arguments (strings as they are, values inspected). */
  export function format(format?: unknown, ...args: unknown[]): string;
  export function formatWithOptions(options: InspectOptions, format?: unknown, ...args: unknown[]): string;
  export function inspect(value: unknown, options?: InspectOptions): string;
  export namespace inspect {
    /** `Symbol.for('nodejs.util.inspect.custom')`: a method under it gives the object's own text. */
    const custom: unique symbol;
  }
  export function promisify<T = unknown>(fn: (...args: any[]) => void): (...args: any[]) => Promise<T>;
  export function deprecate<F extends (...args: any[]) => unknown>(fn: F, message?: string): F;
  export function inherits(ctor: Function, superCtor: Function): void;
  export function isDeepStrictEqual(a: unknown, b: unknown): boolean;
  export const types: { isPromise(v: unknown): boolean; isRegExp(v: unknown): boolean; isDate(v: unknown): boolean };
  export const TextEncoder: typeof globalThis.TextEncoder;
  export const TextDecoder: typeof globalThis.TextDecoder;
  const util: {
    format: typeof format; formatWithOptions: typeof formatWithOptions; inspect: typeof inspect; promisify: typeof promisify; deprecate: typeof deprecate;
    inherits: typeof inherits; isDeepStrictEqual: typeof isDeepStrictEqual; types: typeof types;
  };
  export default util;
}
declare module 'util' {
  export * from 'node:util';
  export { default } from 'node:util';
}

declare module 'node:events' {
  export class EventEmitter {
    on(event: string | symbol, listener: (...args: any[]) => void): this;
    addListener(event: string | symbol, listener: (...args: any[]) => void): this;
    prependListener(event: string | symbol, listener: (...args: any[]) => void): this;
    once(event: string | symbol, listener: (...args: any[]) => void): this;
    prependOnceListener(event: string | symbol, listener: (...args: any[]) => void): this;
    off(event: string | symbol, listener: (...args: any[]) => void): this;
    removeListener(event: string | symbol, listener: (...args: any[]) => void): this;
    removeAllListeners(event?: string | symbol): this;
    emit(event: string | symbol, ...args: any[]): boolean;
    listeners(event: string | symbol): Function[];
    rawListeners(event: string | symbol): Function[];
    listenerCount(event: string | symbol, listener?: Function): number;
    eventNames(): (string | symbol)[];
    setMaxListeners(n: number): this;
    getMaxListeners(): number;
  }
  /** Resolves with the event's arguments; an 'error' first rejects. */
  export function once(emitter: EventEmitter, event: string | symbol): Promise<any[]>;
  /** Listeners for 'error' that run before the others and do not count as handling it. */
  export const errorMonitor: unique symbol;
  export let defaultMaxListeners: number;
  export const captureRejections: boolean;
  export function listenerCount(emitter: EventEmitter, event: string | symbol): number;
  export function getEventListeners(emitter: EventEmitter, event: string | symbol): Function[];
  export function setMaxListeners(n?: number, ...targets: EventEmitter[]): void;
  export default EventEmitter;
}
declare module 'events' {
  export * from 'node:events';
  export { default } from 'node:events';
}

declare module 'node:crypto' {
  interface Hash {
    update(data: string | Uint8Array, encoding?: 'utf8' | 'hex' | 'base64'): Hash;
    digest(): Buffer;
    digest(encoding: 'hex' | 'base64'): string;
  }
  export function randomBytes(size: number): Buffer;
  export function randomUUID(): string;
  export function randomInt(max: number): number;
  export function randomInt(min: number, max: number): number;
  /** sha1, sha256, sha384 or sha512. */
  export function createHash(algorithm: string): Hash;
  export function getRandomValues<T extends ArrayBufferView>(array: T): T;
  /** HMAC over sha1, sha256, sha384 or sha512. */
  export function createHmac(algorithm: string, key: string | Uint8Array): Hash;
  const crypto: {
    randomBytes: typeof randomBytes; randomUUID: typeof randomUUID; randomInt: typeof randomInt;
    createHash: typeof createHash; getRandomValues: typeof getRandomValues; createHmac: typeof createHmac;
  };
  export default crypto;
}
declare module 'crypto' {
  export * from 'node:crypto';
  export { default } from 'node:crypto';
}

declare module 'node:timers' {
  export const setTimeout: typeof globalThis.setTimeout;
  export const clearTimeout: typeof globalThis.clearTimeout;
  export const setInterval: typeof globalThis.setInterval;
  export const clearInterval: typeof globalThis.clearInterval;
  export function setImmediate<A extends unknown[]>(callback: (...args: A) => void, ...args: A): number;
  export function clearImmediate(id: number): void;
}
declare module 'timers' {
  export * from 'node:timers';
}
declare module 'node:timers/promises' {
  export function setTimeout<T = void>(ms?: number, value?: T): Promise<T>;
  export function setImmediate<T = void>(value?: T): Promise<T>;
  export function setInterval<T = void>(ms?: number, value?: T): AsyncIterableIterator<T>;
}
declare module 'timers/promises' {
  export * from 'node:timers/promises';
}
declare module 'node:string_decoder' {
  /** Bytes to text across chunk boundaries (utf8, base64, hex, latin1). */
  export class StringDecoder {
    constructor(encoding?: BufferEncoding);
    write(chunk: Uint8Array | string): string;
    end(chunk?: Uint8Array | string): string;
  }
}
declare module 'string_decoder' {
  export * from 'node:string_decoder';
}
declare module 'node:tty' {
  /** Nothing a step sees is a terminal. */
  export function isatty(fd: number): false;
}
declare module 'tty' {
  export * from 'node:tty';
}
declare module 'node:constants' {
  export const F_OK: number;
  export const R_OK: number;
  export const W_OK: number;
  export const X_OK: number;
}
declare module 'constants' {
  export * from 'node:constants';
}
declare module 'node:process' {
  const process: ferridriver.Process;
  export default process;
}
declare module 'process' {
  export { default } from 'node:process';
}
