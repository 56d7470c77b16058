// Type declarations for the globals of ferridriver scripts: `ferridriver run` and the MCP tool
// `run_script`. Use it together with ferridriver.d.ts, and only for scripts: step files have no
// such globals. A script file is an ES module whose default export (a value, a promise, or a
// function called with `args`) is the result; top-level await works.

/** In the script hosts, `request` answers HttpResponses (`status`, `ok`, `url` are values). */
interface FerridriverHostTypes {
  scriptHost: true;
}

declare namespace ferridriver {
  /** `vars`: the session's string store, which outlives resets of globalThis. */
  interface Vars {
    /** The value, or undefined. */
    get(key: string): string | undefined;
    /** Stores a string (numbers, booleans and bigints become strings; use JSON.stringify for objects). */
    set(key: string, value: string | number | boolean | bigint): void;
    has(key: string): boolean;
    /** Removes the key; whether it was there. */
    delete(key: string): boolean;
    keys(): string[];
  }

  /** `fs`: files under script_root (relative paths only; `..`, absolute paths and symlinks out are refused). */
  interface ScriptFs {
    /** A file as UTF-8 text. */
    readFile(path: string): Promise<string>;
    readFileBytes(path: string): Promise<Buffer>;
    /** Writes text (UTF-8) or bytes, creating directories. */
    writeFile(path: string, data: string | ArrayBuffer | ArrayBufferView): Promise<void>;
    /** The names in a directory (default: script_root). */
    readdir(path?: string): Promise<string[]>;
    exists(path: string): Promise<boolean>;
  }

  /** `artifacts`: files under artifacts_root (screenshots, reports…). */
  interface Artifacts {
    /** Writes text; resolves to the path. */
    write(path: string, text: string): Promise<string>;
    /** Writes bytes; resolves to the path. */
    writeBytes(path: string, data: ArrayBuffer | ArrayBufferView): Promise<string>;
    read(path: string): Promise<string>;
    readBytes(path: string): Promise<Buffer>;
    /** The files under a directory (default: all), as relative paths. */
    list(path?: string): Promise<string[]>;
    exists(path: string): Promise<boolean>;
    /** Removes a file; whether it was there. */
    remove(path: string): Promise<boolean>;
  }
}

/** The session's page (opened on first use). */
declare var page: import('@playwright/test').Page;
/** The session's browser context. */
declare var context: import('@playwright/test').BrowserContext;
/** The session's browser. */
declare var browser: import('@playwright/test').Browser;
/** HTTP client sharing the session's cookies; its responses have `status`, `ok`, `url` as values. */
declare var request: import('@playwright/test').APIRequestContext;
/** The call's arguments (`ferridriver run file -- a b` → `['a', 'b']`; run_script's `args`), deep-frozen. */
declare var args: any;
/** The session's string store (survives VM resets). */
declare const vars: ferridriver.Vars;
/** Files under script_root. */
declare const fs: ferridriver.ScriptFs;
/** Files under artifacts_root. */
declare const artifacts: ferridriver.Artifacts;
