// Type declarations for ferridriver step files and extensions (`ferridriver bdd`, `ferridriver mcp`).
//
// Global declaration files, used together: this one (the globals every host defines:
// `ferridriver`, `defineTool`, `plugins`, `expect`, `Buffer`, `process`, the cucumber functions,
// `import.meta.dirname`), cucumber.d.ts ('@cucumber/cucumber'), playwright.d.ts + playwright-expect.d.ts +
// playwright-network.d.ts + playwright-context.d.ts ('@playwright/test'), node.d.ts ('node:assert', 'node:fs', 'node:path', 'node:buffer'…)
// and node-io.d.ts ('node:stream', 'node:zlib', 'node:http'…). They
// describe what ferridriver's QuickJS world implements (js-world/src/js/*.js), a subset of
// cucumber-js and Playwright: what is not declared here is not there. Use them with
// `"lib": ["ES2022", "DOM"]` and `"types": []`; the DOM library supplies fetch, URL,
// AbortController, timers and console (and types `page.evaluate` callbacks). The globals of
// scripts (`page`, `args`, `vars`…) are in script/ferridriver-script.d.ts.

// ---------------------------------------------------------------------------------------------
// Globals of every host.
// ---------------------------------------------------------------------------------------------

interface ImportMeta {
  /** The directory of this source file (absolute). */
  dirname: string;
  /** This source file's absolute path. */
  filename: string;
  /** This source file as a `file://` URL. */
  url: string;
}

/** Encodings `Buffer` understands; another name is Node's ERR_UNKNOWN_ENCODING. */
type BufferEncoding =
  | 'utf8' | 'utf-8' | 'base64' | 'base64url' | 'hex' | 'latin1' | 'binary' | 'ascii' | 'utf16le' | 'utf-16le' | 'ucs2' | 'ucs-2';

/** Node's Buffer: a Uint8Array with string conversions and numbers at offsets. */
interface Buffer extends Uint8Array<ArrayBuffer> {
  /** The bytes (from `start` to `end`) as text in `encoding` (UTF-8 by default). */
  toString(encoding?: BufferEncoding, start?: number, end?: number): string;
  toJSON(): { type: 'Buffer'; data: number[] };
  /** Whether `other` has the same bytes. */
  equals(other: Uint8Array): boolean;
  /** -1, 0 or 1, as `target` sorts against these bytes. */
  compare(target: Uint8Array, targetStart?: number, targetEnd?: number, sourceStart?: number, sourceEnd?: number): number;
  /** Copies into `target`; the bytes copied. */
  copy(target: Uint8Array, targetStart?: number, sourceStart?: number, sourceEnd?: number): number;
  /** A view of part of the same memory (as `subarray`). */
  slice(start?: number, end?: number): Buffer;
  subarray(start?: number, end?: number): Buffer;
  /** Writes `text` at `offset`; the bytes written. */
  write(text: string, encoding?: BufferEncoding): number;
  write(text: string, offset: number, encoding?: BufferEncoding): number;
  write(text: string, offset: number, length: number, encoding?: BufferEncoding): number;
  fill(value: number | string | Uint8Array, offset?: number, end?: number, encoding?: BufferEncoding): this;
  indexOf(value: number | string | Uint8Array, byteOffset?: number, encoding?: BufferEncoding): number;
  lastIndexOf(value: number | string | Uint8Array, byteOffset?: number, encoding?: BufferEncoding): number;
  includes(value: number | string | Uint8Array, byteOffset?: number, encoding?: BufferEncoding): boolean;
  readUInt8(offset?: number): number;
  readUInt16LE(offset?: number): number;
  readUInt16BE(offset?: number): number;
  readUInt32LE(offset?: number): number;
  readUInt32BE(offset?: number): number;
  readInt8(offset?: number): number;
  readInt16LE(offset?: number): number;
  readInt16BE(offset?: number): number;
  readInt32LE(offset?: number): number;
  readInt32BE(offset?: number): number;
  readFloatLE(offset?: number): number;
  readFloatBE(offset?: number): number;
  readDoubleLE(offset?: number): number;
  readDoubleBE(offset?: number): number;
  readBigUInt64LE(offset?: number): bigint;
  readBigUInt64BE(offset?: number): bigint;
  readBigInt64LE(offset?: number): bigint;
  readBigInt64BE(offset?: number): bigint;
  readUIntLE(offset: number, byteLength: number): number;
  readUIntBE(offset: number, byteLength: number): number;
  readIntLE(offset: number, byteLength: number): number;
  readIntBE(offset: number, byteLength: number): number;
  /** Each write answers the offset after what it wrote. */
  writeUInt8(value: number, offset?: number): number;
  writeUInt16LE(value: number, offset?: number): number;
  writeUInt16BE(value: number, offset?: number): number;
  writeUInt32LE(value: number, offset?: number): number;
  writeUInt32BE(value: number, offset?: number): number;
  writeInt8(value: number, offset?: number): number;
  writeInt16LE(value: number, offset?: number): number;
  writeInt16BE(value: number, offset?: number): number;
  writeInt32LE(value: number, offset?: number): number;
  writeInt32BE(value: number, offset?: number): number;
  writeFloatLE(value: number, offset?: number): number;
  writeFloatBE(value: number, offset?: number): number;
  writeDoubleLE(value: number, offset?: number): number;
  writeDoubleBE(value: number, offset?: number): number;
  writeBigUInt64LE(value: bigint, offset?: number): number;
  writeBigUInt64BE(value: bigint, offset?: number): number;
  writeBigInt64LE(value: bigint, offset?: number): number;
  writeBigInt64BE(value: bigint, offset?: number): number;
  writeUIntLE(value: number, offset: number, byteLength: number): number;
  writeUIntBE(value: number, offset: number, byteLength: number): number;
  writeIntLE(value: number, offset: number, byteLength: number): number;
  writeIntBE(value: number, offset: number, byteLength: number): number;
  swap16(): this;
  swap32(): this;
  swap64(): this;
}

interface BufferConstructor {
  new (size: number): Buffer;
  /** The bytes of a string in `encoding` (UTF-8 by default). */
  from(text: string, encoding?: BufferEncoding): Buffer;
  /** A view of (part of) an ArrayBuffer, sharing its memory. */
  from(buffer: ArrayBuffer, byteOffset?: number, length?: number): Buffer;
  /** A copy of a typed array, or of an array of byte values. */
  from(data: ArrayBufferView | ArrayLike<number>): Buffer;
  /** `size` bytes, all `fill` (a byte, or a string's bytes repeated) or zero. */
  alloc(size: number, fill?: number | string | Uint8Array, encoding?: BufferEncoding): Buffer;
  allocUnsafe(size: number): Buffer;
  allocUnsafeSlow(size: number): Buffer;
  isBuffer(value: unknown): value is Buffer;
  isEncoding(encoding: string): boolean;
  /** -1, 0 or 1, for sorting. */
  compare(a: Uint8Array, b: Uint8Array): number;
  /** The length in bytes of a string in `encoding`, or of bytes. */
  byteLength(value: string | ArrayBufferView | ArrayBuffer, encoding?: BufferEncoding): number;
  /** The buffers one after another, in a new Buffer. */
  concat(list: readonly Uint8Array[]): Buffer;
  readonly prototype: Buffer;
}

/** Node's Buffer (a global in every host, and the export of 'node:buffer'). */
declare var Buffer: BufferConstructor;

/** Switches declarations by host; ferridriver-script.d.ts sets `scriptHost: true`. */
interface FerridriverHostTypes {}

/** Which host loaded this file, and the types of the ferridriver-specific API. */
declare const ferridriver: {
  /** `'bdd'` under `ferridriver bdd`, `'mcp'` under `ferridriver mcp`, `'script'` under `ferridriver run`. */
  readonly host: ferridriver.Host;
};

declare namespace ferridriver {
  /** The host running the code: the test runner, the MCP server or `ferridriver run`. */
  type Host = 'bdd' | 'mcp' | 'script';

  /** A JSON Schema (checked when the tool is defined, enforced on every call). */
  type JsonSchema = boolean | { [keyword: string]: unknown };

  /** A command a tool may run: a `sh -c` line, or a spec. */
  type CommandDeclaration = string | CommandSpec;

  /** A declared command: `run` as a string runs through `sh -c`, as an array without a shell. */
  interface CommandSpec {
    run: string | readonly string[];
    /** Time limit in ms (one-shot default: 60 s). */
    timeoutMs?: number;
    /** Server environment variables passed through (besides PATH). */
    env?: readonly string[];
    /** Working directory, relative to the project root. */
    cwd?: string;
    /** How stdout is returned: trimmed text (default), parsed JSON, or non-empty lines. */
    output?: 'text' | 'json' | 'lines';
    /** A long-running process, managed with `commands.start/status/stop`. */
    persistent?: boolean;
  }

  /** A tool's capabilities (default-deny). */
  interface ToolAllow {
    /** The commands the handler may run, by name. */
    commands?: Readonly<Record<string, CommandDeclaration>>;
    /** Alias of `commands`. */
    exec?: Readonly<Record<string, CommandDeclaration>>;
    /** Hosts the handler's `request` and `fetch` may reach (`api.x.com`, `*.x.com`); empty: any. */
    net?: readonly string[];
  }

  /** What `defineTool` is told about a tool (besides its handler). */
  interface ToolManifest {
    /** Unique, dot-namespaced by convention (`box.login`). */
    name: string;
    /** Shown in the MCP tools/list. */
    description?: string;
    /** The arguments' JSON Schema, enforced before the handler runs. */
    inputSchema?: JsonSchema;
    /** The result's JSON Schema, enforced before the result leaves. */
    outputSchema?: JsonSchema;
    /** Also offer the tool to MCP clients (else only `plugins[name]`). */
    exposeAsTool?: boolean;
    /** Per-call time limit in ms, for every caller. */
    timeoutMs?: number;
    /** Capabilities: commands it may run, hosts it may reach. */
    allow?: ToolAllow;
  }

  /** One declared error code of a plugin (its key is bare: `LOGIN_FAILED`). */
  interface ErrorCodeSpec {
    /** Whether the same call may succeed if tried again. */
    retryable?: boolean;
    /** What to do about it (sent to MCP clients with the error). */
    hint?: string;
    /** A default message. */
    message?: string;
  }

  /** What `definePlugin` is told: a name that is the namespace of its tools and codes. */
  interface PluginManifest {
    /** 1-32 lowercase letters and digits (`box`); tools register as `box.<tool>`. */
    name: string;
    /** `X.Y.Z`. */
    version: string;
    /** The ferridriver versions it works with, npm style (`^0.1`, `>=0.1.0 <0.3`). */
    coreVersion?: string;
    description?: string;
    /** Codes its tools fail with (`throw new PluginError('LOGIN_FAILED', …)`), registered as `box.LOGIN_FAILED`. */
    errorCodes?: Readonly<Record<string, ErrorCodeSpec>>;
    /** Its tools, with short names (`login`). */
    tools?: readonly ToolDefinition[];
    /**
     * Runs once per host process before the first scenario or call, in a VM of the plugins'
     * own (tools run in the sessions' VMs). A throw, or more than 10 s, and the plugin
     * registers nothing.
     */
    setup?: (ctx: PluginLifecycleContext) => void | Promise<void>;
    /** Runs when the host ends and before a reload replaces the plugin (10 s at most). */
    teardown?: (ctx: PluginLifecycleContext) => void | Promise<void>;
    /**
     * Handlers of the events of the host they run in (a bdd worker's VM, an MCP or run
     * session's), sharing its `globalThis`. Never awaited by what caused them; each has 5 s;
     * a throw is reported with the plugin's name and line.
     */
    on?: PluginEventHandlers;
  }

  /** What each plugin event's handler gets. */
  interface PluginEvents {
    /** A page's main frame committed a navigation. */
    navigate: { readonly url: string };
    /** `console.*` in a page; `location` is where it was called (0-based, as Playwright's). */
    console: {
      readonly type: string;
      readonly text: string;
      readonly location: { readonly url: string; readonly lineNumber: number; readonly columnNumber: number } | null;
    };
    /** A request of a page ended (each redirect hop too); `failure` when it failed. */
    network: { readonly method: string; readonly url: string; readonly status: number; readonly durationMs: number; readonly failure?: string };
    /** An error nobody caught in a page. */
    pageError: { readonly message: string; readonly stack: string };
    /** An MCP or run session's first call. */
    sessionStart: { readonly host: Host };
    /** An MCP or run session ends (its handlers get their time to finish). */
    sessionEnd: { readonly host: Host };
    /** A bdd worker starts (each worker's VM hears it, before its BeforeAll hooks). */
    runStart: { readonly worker: string | null };
    /** A bdd worker ends, after its AfterAll hooks. */
    runEnd: { readonly worker: string | null };
    /** A scenario's attempt starts, before its Before hooks. */
    scenarioStart: ScenarioEvent;
    /** A scenario's attempt ended, after its After hooks. */
    scenarioEnd: ScenarioEvent & { readonly status: string; readonly willBeRetried: boolean };
  }

  interface ScenarioEvent {
    readonly name: string;
    readonly uri: string;
    readonly line: number | null;
    readonly tags: readonly string[];
    readonly attempt: number;
  }

  type PluginEventHandlers = {
    readonly [E in keyof PluginEvents]?: (event: PluginEvents[E]) => void | Promise<void>;
  };

  /** What `setup` and `teardown` are given. */
  interface PluginLifecycleContext {
    /** The plugin's name. */
    readonly name: string;
    /** The plugin's version. */
    readonly version: string;
    /** The host it runs in. */
    readonly host: ferridriver.Host;
  }

  /** A tool's manifest with its handler. */
  interface ToolDefinition<Args = any, Result = unknown> extends ToolManifest {
    handler: ToolHandler<Args, Result>;
  }

  /** The function behind a tool; its value must be JSON-serialisable. */
  type ToolHandler<Args = any, Result = unknown> = (context: ToolContext<Args>) => Result | Promise<Result>;

  /**
   * An HTTP response a tool's `request` gives: Playwright's APIResponse under `bdd`
   * (`status()`, `ok()`), a script host's HttpResponse under `mcp`/`script` (`status`, `ok`).
   */
  type ToolResponse = import('@playwright/test').APIResponse | import('@playwright/test').HttpResponse;

  /** What a tool handler gets. */
  interface ToolContext<Args = any> {
    /** The caller's arguments (checked against `inputSchema`). */
    args: Args;
    /** The session's page (the World's under `bdd`; absent in BeforeAll/AfterAll). */
    page: import('@playwright/test').Page;
    /** The session's browser context. */
    context: import('@playwright/test').BrowserContext;
    /** HTTP client bound by `allow.net`; its responses depend on the host (see ToolResponse). */
    request: import('@playwright/test').APIRequestMethods<ToolResponse>;
    /** The commands declared in `allow.commands`. */
    commands: ToolCommands;
  }

  /** Runs the commands a tool declared. */
  interface ToolCommands {
    /** Runs a one-shot command with its `${name}` placeholders filled; resolves to its output. */
    run(name: string, vars?: Readonly<Record<string, string | number | boolean>>): Promise<any>;
    /** Starts a persistent command (a no-op if it runs). */
    start(name: string): Promise<{ name: string; pid: number }>;
    /** A persistent command's state and the tail of its output. */
    status(name: string): Promise<CommandStatus>;
    /** Kills a persistent command; whether it was running. */
    stop(name: string): Promise<boolean>;
  }

  interface CommandStatus {
    running: boolean;
    pid: number | null;
    exitCode: number | null;
    uptimeMs: number;
    stdout: string;
    stderr: string;
  }

  /** The defined tools by name; augment it to type your own (`interface Plugins { 'box.login': … }`). */
  interface Plugins {
    readonly [name: string]: (args?: any) => Promise<any>;
  }

  /** What a failed `plugins[name](args)` call throws. */
  interface ToolError extends Error {
    code: string;
    retryable: boolean;
    hint?: string;
    details?: unknown;
  }

  /** `process`: real values without authority. */
  interface Process {
    /**
     * Only the variables `[scripting] allowEnv` lists (none by default), as the policy lets the
     * code reading them see them (none to a plugin denied `env`). Writes stay in this VM.
     */
    readonly env: Record<string, string | undefined>;
    readonly argv: readonly string[];
    readonly platform: string;
    readonly arch: string;
    readonly pid: number;
    readonly version: string;
    readonly versions: Readonly<Record<string, string>>;
    readonly release: { readonly name: string };
    /** The sandbox root (the project directory), never the real cwd. */
    cwd(): string;
    readonly stdout: ProcessStream;
    readonly stderr: ProcessStream;
    /** Always throws: nothing may end ferridriver. */
    exit(code?: number): never;
    nextTick(callback: (...args: any[]) => void, ...args: any[]): void;
    hrtime: {
      (previous?: [number, number]): [number, number];
      bigint(): bigint;
    };
    /** Listeners are kept as Node's are; ferridriver emits none of the process's own events into the VM. */
    on(event: string, listener: (...args: any[]) => void): this;
    once(event: string, listener: (...args: any[]) => void): this;
    off(event: string, listener: (...args: any[]) => void): this;
    addListener(event: string, listener: (...args: any[]) => void): this;
    removeListener(event: string, listener: (...args: any[]) => void): this;
    removeAllListeners(event?: string): this;
    emit(event: string, ...args: any[]): boolean;
    listenerCount(event: string): number;
  }

  /** `process.stdout`/`stderr`: writes go to the console (log/error). */
  interface ProcessStream {
    readonly isTTY: false;
    write(chunk: string | Uint8Array): true;
  }
}

/** A sandbox-safe `process` (empty env unless allowed, `exit` throws). */
declare var process: ferridriver.Process;
/** Node's name of the global object. */
declare var global: typeof globalThis;

/**
 * The tools `defineTool` registered, callable with the same checks as an MCP call. A failure
 * carries `code` (a plugin's `box.CODE`, or `INVALID_ARGUMENTS`, `TIMEOUT`, `CAPABILITY_DENIED`,
 * `SANDBOX_VIOLATION`, `NOT_FOUND`, `INTERNAL`) and `retryable`, as a `ferridriver.ToolError`.
 */
declare const plugins: ferridriver.Plugins;

/** Defines a tool for MCP clients (`exposeAsTool`), scripts and steps (`plugins[name]`). */
declare function defineTool<Args = any, Result = unknown>(tool: ferridriver.ToolDefinition<Args, Result>): void;
/** Defines a tool from a manifest and a separate handler. */
declare function defineTool<Args = any, Result = unknown>(
  manifest: ferridriver.ToolManifest,
  handler: ferridriver.ToolHandler<Args, Result>,
): void;

/** Defines a plugin: its tools (`<name>.<tool>`) and error codes (`<name>.CODE`), all or nothing. */
declare function definePlugin(plugin: ferridriver.PluginManifest): void;

/** A tool's failure with one of its plugin's declared codes; callers see the qualified `code`. */
declare class PluginError extends Error {
  constructor(code: string, message?: string, options?: { details?: unknown });
  /** `box.LOGIN_FAILED` once thrown out of the handler (the bare code inside it). */
  code: string;
  retryable?: boolean;
  hint?: string;
  details?: unknown;
}

/** Playwright's `expect` (also exported by '@playwright/test'). */
declare var expect: import('@playwright/test').Expect;

// The cucumber API is global as well as exported by '@cucumber/cucumber'.
declare var Given: import('@cucumber/cucumber').IDefineStep;
declare var When: import('@cucumber/cucumber').IDefineStep;
declare var Then: import('@cucumber/cucumber').IDefineStep;
declare var defineStep: import('@cucumber/cucumber').IDefineStep;
declare var And: import('@cucumber/cucumber').IDefineStep;
declare var But: import('@cucumber/cucumber').IDefineStep;
declare var Before: import('@cucumber/cucumber').IDefineTestCaseHook<import('@cucumber/cucumber').IBeforeHookParameter>;
declare var After: import('@cucumber/cucumber').IDefineTestCaseHook<import('@cucumber/cucumber').ITestCaseHookParameter>;
declare var BeforeStep: import('@cucumber/cucumber').IDefineTestStepHook<import('@cucumber/cucumber').IBeforeStepHookParameter>;
declare var AfterStep: import('@cucumber/cucumber').IDefineTestStepHook<import('@cucumber/cucumber').ITestStepHookParameter>;
declare var BeforeAll: import('@cucumber/cucumber').IDefineTestRunHook;
declare var AfterAll: import('@cucumber/cucumber').IDefineTestRunHook;
declare var defineParameterType: typeof import('@cucumber/cucumber').defineParameterType;
declare var ParameterType: typeof import('@cucumber/cucumber').defineParameterType;
declare var setDefaultTimeout: typeof import('@cucumber/cucumber').setDefaultTimeout;
declare var setWorldConstructor: typeof import('@cucumber/cucumber').setWorldConstructor;
declare var setDefinitionFunctionWrapper: typeof import('@cucumber/cucumber').setDefinitionFunctionWrapper;
declare var setParallelCanAssign: typeof import('@cucumber/cucumber').setParallelCanAssign;
declare var PendingException: typeof import('@cucumber/cucumber').PendingException;
type PendingException = import('@cucumber/cucumber').PendingException;
declare var SkippedException: typeof import('@cucumber/cucumber').SkippedException;
type SkippedException = import('@cucumber/cucumber').SkippedException;
declare var DataTable: typeof import('@cucumber/cucumber').DataTable;
type DataTable = import('@cucumber/cucumber').DataTable;
declare var World: typeof import('@cucumber/cucumber').World;
type World<ParametersType = any> = import('@cucumber/cucumber').World<ParametersType>;
declare var Status: typeof import('@cucumber/cucumber').Status;
type Status = import('@cucumber/cucumber').Status;
