// Type declarations for ferridriver step files and extensions (`ferridriver bdd`, `ferridriver mcp`).
//
// A global declaration file: it declares the modules a step file may import ('@cucumber/cucumber',
// '@playwright/test', 'node:assert', 'node:fs', 'node:path', 'node:buffer' and their aliases),
// the globals every host defines (`ferridriver`, `defineTool`, `plugins`, `expect`, `Buffer`,
// `process`, the cucumber functions) and `import.meta.dirname`. It describes what ferridriver's
// QuickJS world implements (js-world/src/js/*.js), which is a subset of cucumber-js and Playwright:
// what is not declared here is not there. Use it with `"lib": ["ES2022", "DOM"]` and `"types": []`;
// the DOM library supplies fetch, URL, AbortController, timers and console (and types
// `page.evaluate` callbacks). The globals of scripts (`page`, `args`, `vars`…) are in
// ferridriver-script.d.ts.

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

/** Encodings `Buffer` understands; any other name is read as UTF-8. */
type BufferEncoding = 'utf8' | 'utf-8' | 'base64' | 'hex' | 'latin1' | 'binary' | 'ascii';

/** Node's Buffer, as far as ferridriver has it: a Uint8Array with string conversions. */
interface Buffer extends Uint8Array {
  /** The bytes as text in `encoding` (UTF-8 by default). */
  toString(encoding?: BufferEncoding): string;
  toJSON(): { type: 'Buffer'; data: number[] };
  /** Whether `other` has the same bytes. */
  equals(other: Uint8Array): boolean;
}

interface BufferConstructor {
  new (size: number): Buffer;
  /** The bytes of a string in `encoding` (UTF-8 by default). */
  from(text: string, encoding?: BufferEncoding): Buffer;
  /** A view of (part of) an ArrayBuffer, sharing its memory. */
  from(buffer: ArrayBuffer, byteOffset?: number, length?: number): Buffer;
  /** A copy of a typed array, or of an array of byte values. */
  from(data: ArrayBufferView | ArrayLike<number>): Buffer;
  /** `size` bytes, all `fill` (a byte, or a string's first character code) or zero. */
  alloc(size: number, fill?: number | string): Buffer;
  isBuffer(value: unknown): value is Buffer;
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

  /** `process`: real values without authority. */
  interface Process {
    /** Only the variables `[scripting] allowEnv` lists (none by default); frozen. */
    readonly env: Readonly<Record<string, string | undefined>>;
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
  }

  /** `process.stdout`/`stderr`: writes go to the console (log/error). */
  interface ProcessStream {
    readonly isTTY: false;
    write(chunk: string | Uint8Array): true;
  }
}

/** A sandbox-safe `process` (empty env unless allowed, `exit` throws). */
declare var process: ferridriver.Process;

/** The tools `defineTool` registered, callable with the same checks as an MCP call. */
declare const plugins: ferridriver.Plugins;

/** Defines a tool for MCP clients (`exposeAsTool`), scripts and steps (`plugins[name]`). */
declare function defineTool<Args = any, Result = unknown>(tool: ferridriver.ToolDefinition<Args, Result>): void;
/** Defines a tool from a manifest and a separate handler. */
declare function defineTool<Args = any, Result = unknown>(
  manifest: ferridriver.ToolManifest,
  handler: ferridriver.ToolHandler<Args, Result>,
): void;

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

// ---------------------------------------------------------------------------------------------
// @cucumber/cucumber (and @cucumber/fake-cucumber, the same module).
// ---------------------------------------------------------------------------------------------

declare module '@cucumber/cucumber' {
  export {};
  import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
  import type { ReadStream } from 'node:fs';

  // ---- The messages hooks are told about (the Cucumber messages' JSON).

  export type TestStepResultStatus = 'UNKNOWN' | 'PASSED' | 'SKIPPED' | 'PENDING' | 'UNDEFINED' | 'AMBIGUOUS' | 'FAILED';
  export interface Duration {
    seconds: number;
    nanos: number;
  }
  export interface Exception {
    type: string;
    message?: string;
    stackTrace?: string;
  }
  export interface TestStepResult {
    duration: Duration;
    message?: string;
    status: TestStepResultStatus;
    exception?: Exception;
  }
  export interface Location {
    line: number;
    column?: number;
  }
  export interface Tag {
    location: Location;
    name: string;
    id: string;
  }
  export interface Feature {
    location: Location;
    tags: readonly Tag[];
    language: string;
    keyword: string;
    name: string;
    description: string;
    children: readonly unknown[];
  }
  export interface GherkinDocument {
    uri?: string;
    feature?: Feature;
    comments: readonly { location: Location; text: string }[];
  }
  export interface PickleTag {
    name: string;
    astNodeId: string;
  }
  export interface PickleTable {
    rows: readonly { cells: readonly { value: string }[] }[];
  }
  export interface PickleDocString {
    mediaType?: string;
    content: string;
  }
  export interface PickleStep {
    argument?: { docString?: PickleDocString; dataTable?: PickleTable };
    astNodeIds: readonly string[];
    id: string;
    type?: 'Unknown' | 'Context' | 'Action' | 'Outcome';
    text: string;
  }
  export interface Pickle {
    id: string;
    uri: string;
    location?: Location;
    name: string;
    language: string;
    steps: readonly PickleStep[];
    tags: readonly PickleTag[];
    astNodeIds: readonly string[];
  }

  // ---- The World.

  export interface ICreateAttachmentOptions {
    mediaType: string;
    fileName?: string;
  }
  /** Attaches text (media type `text/plain` by default; `base64:<type>` decodes it) or bytes to the running step. */
  export interface ICreateAttachment {
    (data: string, mediaTypeOrOptions?: string | ICreateAttachmentOptions): Promise<void>;
    (data: ArrayBuffer | ArrayBufferView | ReadStream, mediaTypeOrOptions: string | ICreateAttachmentOptions): Promise<void>;
  }
  /** Attaches a log line (`text/x.cucumber.log+plain`) to the running step. */
  export type ICreateLog = (text: string) => void;
  /** Attaches links (`text/uri-list`) to the running step. */
  export type ICreateLink = (...urls: string[]) => void;

  /** What a World constructor is given. */
  export interface IWorldOptions<ParametersType = any> {
    attach: ICreateAttachment;
    log: ICreateLog;
    link: ICreateLink;
    parameters: ParametersType;
  }

  /** The browser objects every World gets, created on first use (assigning one replaces it). */
  export interface IWorldFixtures {
    /** The scenario's page. */
    page: Page;
    /** The scenario's browser context (isolated per scenario). */
    context: BrowserContext;
    /** The browser (for `newContext()`/`newPage()`: more users). */
    browser: Browser;
    /** HTTP client sharing the context's cookies. */
    request: APIRequestContext;
  }

  /** `this` of steps and scenario hooks: the per-scenario World (any property may be added). */
  export interface IWorld<ParametersType = any> extends IWorldFixtures {
    readonly attach: ICreateAttachment;
    readonly log: ICreateLog;
    readonly link: ICreateLink;
    /** The world parameters (`--world-parameters`, `[test] world_parameters`). */
    readonly parameters: ParametersType;
    /** Skips the rest of the step (and the scenario's following steps). */
    skip(): never;
    [key: string]: any;
  }

  /** The default World; extend it for `setWorldConstructor` (fixtures are added after construction). */
  export class World<ParametersType = any> {
    readonly attach: ICreateAttachment;
    readonly log: ICreateLog;
    readonly link: ICreateLink;
    readonly parameters: ParametersType;
    /** The scenario's page (not yet there inside the constructor). */
    page: Page;
    /** The scenario's browser context. */
    context: BrowserContext;
    /** The browser. */
    browser: Browser;
    /** HTTP client sharing the context's cookies. */
    request: APIRequestContext;
    /** Skips the rest of the step (and the scenario's following steps). */
    skip(): never;
    constructor(options: IWorldOptions<ParametersType>);
  }

  /** `this` of BeforeAll/AfterAll hooks. */
  export interface ITestRunContext<ParametersType = any> {
    /** ferridriver: the worker's browser, to sign in once and save `context.storageState({ path })`; close what you open. */
    readonly browser: import('@playwright/test').Browser;
    readonly attach: ICreateAttachment;
    readonly log: ICreateLog;
    readonly link: ICreateLink;
    readonly parameters: ParametersType;
  }
  /** cucumber-js's name for the BeforeAll/AfterAll context. */
  export type IContext<ParametersType = any> = ITestRunContext<ParametersType>;

  // ---- Hook arguments.

  /** A Before hook's argument. */
  export interface IBeforeHookParameter {
    /** The feature file's document, when the runner has it. */
    gherkinDocument?: GherkinDocument;
    pickle: Pickle;
    testCaseStartedId: string;
  }
  /** An After hook's argument. */
  export interface ITestCaseHookParameter extends IBeforeHookParameter {
    /** The worst step result so far. */
    result: TestStepResult;
    /** Whether a failed attempt will be retried. */
    willBeRetried: boolean;
  }
  /** A BeforeStep hook's argument (under `ferridriver mcp`'s bdd_run_steps only `pickleStep`). */
  export interface IBeforeStepHookParameter {
    gherkinDocument?: GherkinDocument;
    pickle: Pickle;
    pickleStep: PickleStep;
    testCaseStartedId: string;
    testStepId: string;
  }
  /** An AfterStep hook's argument. */
  export interface ITestStepHookParameter extends IBeforeStepHookParameter {
    /** The step's result. */
    result: TestStepResult;
  }

  // ---- Definitions.

  export type DefineStepPattern = string | RegExp;
  /** A step body: its arguments are the expression's parameters, then a DataTable or doc string. Return `'pending'` or `'skipped'` to say so. */
  export type TestStepFunction<WorldType> = (this: WorldType, ...args: any[]) => unknown;
  export type TestCaseHookFunction<WorldType, Parameter = ITestCaseHookParameter> = (this: WorldType, arg: Parameter) => unknown;
  export type TestStepHookFunction<WorldType, Parameter = ITestStepHookParameter> = (this: WorldType, arg: Parameter) => unknown;
  export type TestRunHookFunction = (this: ITestRunContext) => unknown;

  export interface IDefineStepOptions {
    /** Time limit in ms. */
    timeout?: number;
    /** Passed to the `setDefinitionFunctionWrapper` wrapper. */
    wrapperOptions?: any;
  }
  export interface IDefineTestCaseHookOptions {
    name?: string;
    /** A tag expression (`'@smoke and not @slow'`). */
    tags?: string;
    timeout?: number;
    /** Position among hooks of the same kind (default 0). */
    order?: number;
  }
  export type IDefineTestStepHookOptions = IDefineTestCaseHookOptions;
  export interface IDefineTestRunHookOptions {
    name?: string;
    timeout?: number;
    order?: number;
  }

  /** Defines a step: a Cucumber expression or a RegExp, optional options, and its body. */
  export interface IDefineStep {
    <WorldType = IWorld>(pattern: DefineStepPattern, code: TestStepFunction<WorldType>): void;
    <WorldType = IWorld>(pattern: DefineStepPattern, options: IDefineStepOptions, code: TestStepFunction<WorldType>): void;
  }
  /** Defines a scenario hook, optionally for a tag expression or with options. */
  export interface IDefineTestCaseHook<Parameter> {
    <WorldType = IWorld>(code: TestCaseHookFunction<WorldType, Parameter>): void;
    <WorldType = IWorld>(tags: string, code: TestCaseHookFunction<WorldType, Parameter>): void;
    <WorldType = IWorld>(options: IDefineTestCaseHookOptions, code: TestCaseHookFunction<WorldType, Parameter>): void;
  }
  /** Defines a step hook, optionally for a tag expression or with options. */
  export interface IDefineTestStepHook<Parameter> {
    <WorldType = IWorld>(code: TestStepHookFunction<WorldType, Parameter>): void;
    <WorldType = IWorld>(tags: string, code: TestStepHookFunction<WorldType, Parameter>): void;
    <WorldType = IWorld>(options: IDefineTestStepHookOptions, code: TestStepHookFunction<WorldType, Parameter>): void;
  }
  /** Defines a hook that runs once per worker, before or after its scenarios. */
  export interface IDefineTestRunHook {
    (code: TestRunHookFunction): void;
    (options: IDefineTestRunHookOptions, code: TestRunHookFunction): void;
  }

  export interface IParameterTypeDefinition<T> {
    /** The name used in expressions: `{name}`. */
    name: string;
    regexp: RegExp | string | readonly (RegExp | string)[];
    /** Turns the capture groups into the step's argument (`this` is the World). */
    transformer?: (this: IWorld, ...match: string[]) => T | Promise<T>;
    useForSnippets?: boolean;
    preferForRegexpMatch?: boolean;
  }

  /** Defines a Given step. */
  export const Given: IDefineStep;
  /** Defines a When step. */
  export const When: IDefineStep;
  /** Defines a Then step. */
  export const Then: IDefineStep;
  /** Defines a step for any keyword. */
  export const defineStep: IDefineStep;
  /** Defines a step for any keyword. */
  export const And: IDefineStep;
  /** Defines a step for any keyword. */
  export const But: IDefineStep;
  /** Defines a hook run before each scenario. */
  export const Before: IDefineTestCaseHook<IBeforeHookParameter>;
  /** Defines a hook run after each scenario (it is told the result). */
  export const After: IDefineTestCaseHook<ITestCaseHookParameter>;
  /** Defines a hook run before each step. */
  export const BeforeStep: IDefineTestStepHook<IBeforeStepHookParameter>;
  /** Defines a hook run after each step (it is told the step's result). */
  export const AfterStep: IDefineTestStepHook<ITestStepHookParameter>;
  /** Defines a hook run once per worker before its first scenario. */
  export const BeforeAll: IDefineTestRunHook;
  /** Defines a hook run once per worker after its last scenario. */
  export const AfterAll: IDefineTestRunHook;
  /** Defines a parameter type for Cucumber expressions. */
  export function defineParameterType<T>(options: IParameterTypeDefinition<T>): void;
  /** Defines a parameter type (fake-cucumber's name). */
  export const ParameterType: typeof defineParameterType;
  /** Sets the default time limit of steps and hooks, in ms. */
  export function setDefaultTimeout(milliseconds: number): void;
  /** Sets the World class (`new World({ attach, log, link, parameters })` per scenario). */
  export function setWorldConstructor(constructor: new (options: IWorldOptions) => unknown): void;
  /** Wraps every step and hook body (called once per definition after loading). */
  export function setDefinitionFunctionWrapper(
    wrapper: (fn: (...args: any[]) => any, wrapperOptions?: any) => (...args: any[]) => any,
  ): void;
  /** Accepted and ignored: ferridriver runs one VM per worker. */
  export function setParallelCanAssign(validator: (pickle: Pickle, runningPickles: Pickle[]) => boolean): void;

  /** Throw it to mark a step pending. */
  export class PendingException extends Error {
    constructor(message?: string);
  }
  /** Throw it to skip a step. */
  export class SkippedException extends Error {
    constructor(message?: string);
  }

  /** A step's data table. */
  export class DataTable {
    constructor(raw: readonly (readonly string[])[]);
    /** Every row, the header included. */
    raw(): string[][];
    /** The rows after the first. */
    rows(): string[][];
    /** One object per row after the first, keyed by the first row. */
    hashes(): Record<string, string>[];
    /** A two-column table as an object (first column: keys). */
    rowsHash(): Record<string, string>;
    /** Rows and columns swapped. */
    transpose(): DataTable;
  }

  /** The result statuses. */
  export const Status: {
    readonly UNKNOWN: 'UNKNOWN';
    readonly PASSED: 'PASSED';
    readonly SKIPPED: 'SKIPPED';
    readonly PENDING: 'PENDING';
    readonly UNDEFINED: 'UNDEFINED';
    readonly AMBIGUOUS: 'AMBIGUOUS';
    readonly FAILED: 'FAILED';
  };
  export type Status = TestStepResultStatus;
}

declare module '@cucumber/fake-cucumber' {
  export * from '@cucumber/cucumber';
}

// ---------------------------------------------------------------------------------------------
// @playwright/test (and playwright/test, playwright: the same module).
// ---------------------------------------------------------------------------------------------

declare module '@playwright/test' {
  export {};

  /** The response type of APIRequestContext in this host. */
  type HostResponse = FerridriverHostTypes extends { scriptHost: true } ? HttpResponse : APIResponse;

  /** When a navigation counts as done (default `load`). */
  export interface NavigationOptions extends TimeoutOptions {
    waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit';
  }

  export interface TimeoutOptions {
    /** Time limit in ms (default: the step's or the page's). */
    timeout?: number;
  }

  export type AriaRole =
    | 'alert' | 'alertdialog' | 'application' | 'article' | 'banner' | 'blockquote' | 'button' | 'caption' | 'cell'
    | 'checkbox' | 'code' | 'columnheader' | 'combobox' | 'complementary' | 'contentinfo' | 'definition' | 'deletion'
    | 'dialog' | 'directory' | 'document' | 'emphasis' | 'feed' | 'figure' | 'form' | 'generic' | 'grid' | 'gridcell'
    | 'group' | 'heading' | 'img' | 'insertion' | 'link' | 'list' | 'listbox' | 'listitem' | 'log' | 'main' | 'marquee'
    | 'math' | 'meter' | 'menu' | 'menubar' | 'menuitem' | 'menuitemcheckbox' | 'menuitemradio' | 'navigation' | 'none'
    | 'note' | 'option' | 'paragraph' | 'presentation' | 'progressbar' | 'radio' | 'radiogroup' | 'region' | 'row'
    | 'rowgroup' | 'rowheader' | 'scrollbar' | 'search' | 'searchbox' | 'separator' | 'slider' | 'spinbutton' | 'status'
    | 'strong' | 'subscript' | 'superscript' | 'switch' | 'tab' | 'table' | 'tablist' | 'tabpanel' | 'term' | 'textbox'
    | 'time' | 'timer' | 'toolbar' | 'tooltip' | 'tree' | 'treegrid' | 'treeitem';

  export interface GetByRoleOptions {
    /** The accessible name: a substring (case-insensitive) unless `exact`, or a RegExp. */
    name?: string | RegExp;
    exact?: boolean;
  }
  export interface GetByTextOptions {
    /** Match the whole text, case-sensitively. */
    exact?: boolean;
  }
  export interface LocatorFilterOptions {
    /** Only elements containing an element that matches this locator. */
    has?: Locator;
    /** Only elements containing no element that matches this locator. */
    hasNot?: Locator;
    /** Only elements whose text contains this (or matches the RegExp). */
    hasText?: string | RegExp;
    /** Only elements whose text does not contain this. */
    hasNotText?: string | RegExp;
  }

  /** The locator factories pages, locators and frame locators share. */
  interface LocatorFactories {
    /** Elements matching a CSS selector (or another locator), inside this one. */
    locator(selectorOrLocator: string | Locator, options?: LocatorFilterOptions): Locator;
    /** Elements by ARIA role and accessible name. */
    getByRole(role: AriaRole, options?: GetByRoleOptions): Locator;
    /** Elements by their text. */
    getByText(text: string | RegExp, options?: GetByTextOptions): Locator;
    /** Form controls by their label. */
    getByLabel(text: string | RegExp, options?: GetByTextOptions): Locator;
    /** Inputs by their placeholder. */
    getByPlaceholder(text: string | RegExp, options?: GetByTextOptions): Locator;
    /** Images and areas by their alt text. */
    getByAltText(text: string | RegExp, options?: GetByTextOptions): Locator;
    /** Elements by their title attribute. */
    getByTitle(text: string | RegExp, options?: GetByTextOptions): Locator;
    /** Elements by `data-testid` (a string; RegExp is not supported). */
    getByTestId(testId: string): Locator;
    /** The content of the iframe matching a CSS selector. */
    frameLocator(selector: string): FrameLocator;
  }

  /** A function run in the page (its source is sent; `arg` travels as JSON), or a JavaScript expression. */
  export type PageFunction<Arg, R> = string | ((arg: Arg) => R | Promise<R>);
  /** A function run in the page on elements. */
  export type PageFunctionOn<On, Arg, R> = string | ((on: On, arg: Arg) => R | Promise<R>);

  export interface ScreenshotOptions extends TimeoutOptions {
    /** Also write the PNG to this path (relative to the project root). */
    path?: string;
  }

  export interface SelectOptionValue {
    value?: string;
    label?: string;
  }
  export type SelectOptionValues = string | SelectOptionValue | readonly (string | SelectOptionValue)[];

  export type URLMatcher = string | RegExp;

  /** Playwright's Page: the scenario's `this.page`, or one from `context.newPage()`. */
  export class Page {
    private constructor();
    /** The context the page belongs to. */
    context(): BrowserContext;
    /** HTTP client sharing the page's cookies. */
    readonly request: APIRequestContext;
    /** The URL after the page's last operation. */
    url(): string;
    /** Navigates (relative URLs resolve against the `baseUrl` world parameter); resolves to null. */
    /** Navigates; resolves with the main resource's response (null for a same-document navigation). Fails with `net::ERR_… at URL`. */
    goto(url: string, options?: NavigationOptions): Promise<Response | null>;
    reload(options?: NavigationOptions): Promise<Response | null>;
    /** null when there is no entry to go to (or it is in the same document). */
    goBack(options?: NavigationOptions): Promise<Response | null>;
    goForward(options?: NavigationOptions): Promise<Response | null>;
    title(): Promise<string>;
    /** ferridriver: the page as Markdown (what a reader sees). */
    markdown(): Promise<string>;
    /** The page's accessibility tree as Playwright's ARIA snapshot YAML. */
    ariaSnapshot(): Promise<string>;
    /** The page's HTML. */
    content(): Promise<string>;
    setContent(html: string, options?: TimeoutOptions): Promise<void>;
    /** Runs a function (or an expression) in the page; resolves to its JSON-serialisable value. */
    evaluate<R, Arg>(pageFunction: PageFunction<Arg, R>, arg: Arg): Promise<R>;
    evaluate<R>(pageFunction: PageFunction<void, R>): Promise<R>;
    /** A PNG of the viewport (or the whole page). */
    screenshot(options?: ScreenshotOptions & { fullPage?: boolean }): Promise<Buffer>;
    /** Waits until the URL matches (a glob with `*`/`**`, an exact URL, or a RegExp). */
    waitForURL(url: URLMatcher, options?: NavigationOptions): Promise<void>;
    /** Waits for the load state (`networkidle` waits like `load`). */
    waitForLoadState(state?: 'load' | 'domcontentloaded' | 'networkidle', options?: TimeoutOptions): Promise<void>;
    /** Waits for an element matching the CSS selector; resolves to a locator of the first (not an ElementHandle). */
    waitForSelector(selector: string, options?: TimeoutOptions): Promise<Locator>;
    setViewportSize(size: { width: number; height: number }): Promise<void>;
    viewportSize(): { width: number; height: number };
    waitForTimeout(timeout: number): Promise<void>;
    close(): Promise<void>;
    isClosed(): boolean;
    readonly keyboard: Keyboard;
    readonly mouse: Mouse;

    // The selector shortcuts: page.click(selector) is page.locator(selector).click().
    click(selector: string, options?: TimeoutOptions): Promise<void>;
    dblclick(selector: string, options?: TimeoutOptions): Promise<void>;
    fill(selector: string, value: string, options?: TimeoutOptions): Promise<void>;
    press(selector: string, key: string, options?: TimeoutOptions): Promise<void>;
    type(selector: string, text: string, options?: TimeoutOptions): Promise<void>;
    hover(selector: string, options?: TimeoutOptions): Promise<void>;
    check(selector: string, options?: TimeoutOptions): Promise<void>;
    uncheck(selector: string, options?: TimeoutOptions): Promise<void>;
    selectOption(selector: string, values: SelectOptionValues, options?: TimeoutOptions): Promise<string[]>;
    textContent(selector: string, options?: TimeoutOptions): Promise<string>;
    innerText(selector: string, options?: TimeoutOptions): Promise<string>;
    innerHTML(selector: string, options?: TimeoutOptions): Promise<string>;
    inputValue(selector: string, options?: TimeoutOptions): Promise<string>;
    getAttribute(selector: string, name: string, options?: TimeoutOptions): Promise<string | null>;
    isVisible(selector: string): Promise<boolean>;
    isHidden(selector: string): Promise<boolean>;
    isEnabled(selector: string): Promise<boolean>;
    isDisabled(selector: string): Promise<boolean>;
    isChecked(selector: string): Promise<boolean>;

    // Events (the first listener subscribes the page).
    /** Calls `listener` on every such event. */
    on<K extends keyof PageEvents>(event: K, listener: (this: Page, payload: PageEvents[K]) => unknown): this;
    addListener<K extends keyof PageEvents>(event: K, listener: (this: Page, payload: PageEvents[K]) => unknown): this;
    /** Calls `listener` on the next such event. */
    once<K extends keyof PageEvents>(event: K, listener: (this: Page, payload: PageEvents[K]) => unknown): this;
    off<K extends keyof PageEvents>(event: K, listener: (this: Page, payload: PageEvents[K]) => unknown): this;
    removeListener<K extends keyof PageEvents>(event: K, listener: (this: Page, payload: PageEvents[K]) => unknown): this;
    removeAllListeners(event?: keyof PageEvents): this;
    listenerCount(event: keyof PageEvents): number;
    /** The next event the predicate accepts (default time limit 30 s). */
    waitForEvent<K extends keyof PageEvents>(
      event: K,
      optionsOrPredicate?:
        | ((payload: PageEvents[K]) => boolean | Promise<boolean>)
        | { predicate?: (payload: PageEvents[K]) => boolean | Promise<boolean>; timeout?: number },
    ): Promise<PageEvents[K]>;
    /** The next request whose URL matches (glob, exact URL, RegExp) or that the predicate accepts. */
    waitForRequest(urlOrPredicate: URLMatcher | ((request: Request) => boolean | Promise<boolean>), options?: TimeoutOptions): Promise<Request>;
    /** The next response whose URL matches (glob, exact URL, RegExp) or that the predicate accepts. */
    waitForResponse(urlOrPredicate: URLMatcher | ((response: Response) => boolean | Promise<boolean>), options?: TimeoutOptions): Promise<Response>;

    // Routing.
    /** Intercepts the page's requests matching `url` (a glob, exact URL, RegExp, or a predicate of the Request). */
    route(url: RouteMatcher, handler: RouteHandler, options?: { times?: number }): Promise<void>;
    /** Removes routes of this `url` (and `handler`, if given). */
    unroute(url?: RouteMatcher, handler?: RouteHandler): Promise<void>;
    unrouteAll(): Promise<void>;
  }
  export interface Page extends LocatorFactories {}

  /** Which requests a route intercepts; a function is given the Request (not a URL as in Playwright). */
  export type RouteMatcher = string | RegExp | ((request: Request) => boolean);
  /** A route's handler: answer with fulfill/abort/continue, or hand it on with fallback. */
  export type RouteHandler = (route: Route, request: Request) => unknown;

  /** The events of a page and what listeners receive. */
  export interface PageEvents {
    console: ConsoleMessage;
    pageerror: Error;
    dialog: Dialog;
    request: Request;
    response: Response;
    requestfinished: Request;
    requestfailed: Request;
    download: Download;
    load: Page;
    domcontentloaded: Page;
    framenavigated: Frame;
    close: Page;
  }

  /** A description of elements, resolved on every use; actions wait until they can act. */
  export class Locator {
    private constructor();
    /** The page this locator belongs to. */
    page(): Page;
    /** The content of the iframe this locator matches. */
    contentFrame(): FrameLocator;
    first(): Locator;
    last(): Locator;
    /** The n-th match (0-based; -1 is the last). */
    nth(index: number): Locator;
    /** Elements matching both locators. */
    and(locator: Locator): Locator;
    /** Elements matching either locator. */
    or(locator: Locator): Locator;
    /** Narrows the matches. */
    filter(options?: LocatorFilterOptions): Locator;
    /** A locator per current match. */
    all(): Promise<Locator[]>;
    allTextContents(): Promise<string[]>;
    allInnerTexts(): Promise<string[]>;
    click(options?: TimeoutOptions): Promise<void>;
    dblclick(options?: TimeoutOptions): Promise<void>;
    hover(options?: TimeoutOptions): Promise<void>;
    /** Replaces the field's value. */
    fill(value: string, options?: TimeoutOptions): Promise<void>;
    clear(options?: TimeoutOptions): Promise<void>;
    /** Presses a key (`Enter`, `Tab`, `a`…) in the element. */
    press(key: string, options?: TimeoutOptions): Promise<void>;
    /** Types text key by key. */
    pressSequentially(text: string, options?: TimeoutOptions): Promise<void>;
    type(text: string, options?: TimeoutOptions): Promise<void>;
    check(options?: TimeoutOptions): Promise<void>;
    uncheck(options?: TimeoutOptions): Promise<void>;
    setChecked(checked: boolean, options?: TimeoutOptions): Promise<void>;
    /** Selects options by value or label; resolves to the selected values. */
    selectOption(values: SelectOptionValues, options?: TimeoutOptions): Promise<string[]>;
    /** Runs a function in the page on the one matching element. */
    evaluate<R, Arg, E extends SVGElement | HTMLElement = SVGElement | HTMLElement>(
      pageFunction: PageFunctionOn<E, Arg, R>,
      arg: Arg,
      options?: TimeoutOptions,
    ): Promise<R>;
    evaluate<R, E extends SVGElement | HTMLElement = SVGElement | HTMLElement>(
      pageFunction: PageFunctionOn<E, void, R>,
      arg?: undefined,
      options?: TimeoutOptions,
    ): Promise<R>;
    /** Runs a function in the page once, with every current match. */
    evaluateAll<R, Arg, E extends SVGElement | HTMLElement = SVGElement | HTMLElement>(
      pageFunction: PageFunctionOn<E[], Arg, R>,
      arg: Arg,
    ): Promise<R>;
    evaluateAll<R, E extends SVGElement | HTMLElement = SVGElement | HTMLElement>(pageFunction: PageFunctionOn<E[], void, R>): Promise<R>;
    /** A PNG of the element. */
    screenshot(options?: ScreenshotOptions): Promise<Buffer>;
    textContent(options?: TimeoutOptions): Promise<string>;
    innerText(options?: TimeoutOptions): Promise<string>;
    innerHTML(options?: TimeoutOptions): Promise<string>;
    /** The element's accessibility tree as ARIA snapshot YAML. */
    ariaSnapshot(options?: TimeoutOptions): Promise<string>;
    inputValue(options?: TimeoutOptions): Promise<string>;
    getAttribute(name: string, options?: TimeoutOptions): Promise<string | null>;
    count(): Promise<number>;
    isVisible(): Promise<boolean>;
    isHidden(): Promise<boolean>;
    isEnabled(): Promise<boolean>;
    isDisabled(): Promise<boolean>;
    isChecked(): Promise<boolean>;
    /** Waits until the element is visible (default), hidden, attached or detached. */
    waitFor(options?: TimeoutOptions & { state?: 'attached' | 'detached' | 'visible' | 'hidden' }): Promise<void>;
  }
  export interface Locator extends LocatorFactories {}

  /** An iframe's content; first/last/nth pick the iframe. */
  export interface FrameLocator extends LocatorFactories {
    /** The iframe element itself. */
    owner(): Locator;
    first(): FrameLocator;
    last(): FrameLocator;
    nth(index: number): FrameLocator;
  }

  /** `page.keyboard`: acts on the focused element. */
  export interface Keyboard {
    press(key: string, options?: TimeoutOptions): Promise<void>;
    type(text: string, options?: TimeoutOptions): Promise<void>;
    down(key: string): Promise<void>;
    up(key: string): Promise<void>;
    insertText(text: string): Promise<void>;
  }

  /** `page.mouse`: acts at page coordinates. */
  export interface Mouse {
    move(x: number, y: number, options?: TimeoutOptions): Promise<void>;
    click(x: number, y: number, options?: TimeoutOptions): Promise<void>;
    dblclick(x: number, y: number, options?: TimeoutOptions): Promise<void>;
    down(): Promise<void>;
    up(): Promise<void>;
    wheel(deltaX: number, deltaY: number): Promise<void>;
  }

  /** A `console` event. */
  export interface ConsoleMessage {
    /** `log`, `error`, `warning`… */
    type(): string;
    text(): string;
    /** Always empty: ferridriver has no JSHandles. */
    args(): unknown[];
    page(): Page;
  }

  /** A `dialog` event; with a listener, dialogs wait to be accepted or dismissed. */
  export interface Dialog {
    type(): string;
    message(): string;
    defaultValue(): string;
    page(): Page;
    accept(promptText?: string): Promise<void>;
    dismiss(): Promise<void>;
  }

  /** A request the page made. */
  export interface Request {
    url(): string;
    method(): string;
    /** Header names in lower case. */
    headers(): Record<string, string>;
    postData(): string | null;
    postDataJSON(): any;
    resourceType(): string;
    isNavigationRequest(): boolean;
    /** Why it failed, after a `requestfailed` event; else null. */
    failure(): { errorText: string } | null;
    /** Its response once it finished (null if it failed). */
    response(): Promise<Response | null>;
  }

  /** A response the page received. */
  export interface Response {
    url(): string;
    status(): number;
    statusText(): string;
    ok(): boolean;
    /** Header names in lower case. */
    headers(): Record<string, string>;
    request(): Request;
    /** Always null (frames are not modelled). */
    frame(): null;
    body(): Promise<Buffer>;
    text(): Promise<string>;
    json(): Promise<any>;
    /** Resolves when the response finished: null, or the error it failed with. */
    finished(): Promise<Error | null>;
  }

  /** A `download` event: the file is kept until the context closes. */
  export interface Download {
    url(): string;
    suggestedFilename(): string;
    page(): Page;
    /** null once completed, else why it did not. */
    failure(): Promise<string | null>;
    /** The downloaded file's path, once completed. */
    path(): Promise<string>;
    /** Copies the file to `path` (relative to the project root). */
    saveAs(path: string): Promise<void>;
    delete(): Promise<void>;
  }

  /** A `framenavigated` event (main frame only). */
  export interface Frame {
    url(): string;
    name(): string;
    page(): Page;
    parentFrame(): null;
  }

  /** The error codes `route.abort` takes. */
  export type AbortErrorCode =
    | 'aborted' | 'accessdenied' | 'addressunreachable' | 'blockedbyclient' | 'blockedbyresponse' | 'connectionaborted'
    | 'connectionclosed' | 'connectionfailed' | 'connectionrefused' | 'connectionreset' | 'internetdisconnected'
    | 'namenotresolved' | 'timedout' | 'failed';

  /** A request paused by `page.route`/`context.route`. */
  export interface Route {
    request(): Request;
    /** Answers it: `json` is sent as JSON, `path` is a project file (content type from its extension), `response` (an APIResponse) gives the defaults the other fields override. */
    fulfill(options?: {
      status?: number;
      headers?: Record<string, string>;
      contentType?: string;
      body?: string | Uint8Array;
      json?: unknown;
      path?: string;
      response?: APIResponse | HttpResponse;
    }): Promise<void>;
    /** Fails it with a network error (default `failed`). */
    abort(errorCode?: AbortErrorCode): Promise<void>;
    /** Sends it on, optionally changed. */
    continue(options?: { url?: string; method?: string; headers?: Record<string, string>; postData?: string | Uint8Array }): Promise<void>;
    /** Hands it to the next matching route. */
    fallback(): Promise<void>;
  }

  /** A cookie as the browser reports it. */
  export interface Cookie {
    name: string;
    value: string;
    domain: string;
    path: string;
    /** Seconds since the epoch; -1 for a session cookie. */
    expires: number;
    httpOnly: boolean;
    secure: boolean;
  }
  /** A cookie to add: with a `url`, or a `domain` (and `path`). */
  export type SetCookie = {
    name: string;
    value: string;
    expires?: number;
    httpOnly?: boolean;
    secure?: boolean;
  } & ({ url: string; path?: string } | { domain: string; path?: string });

  /** A browser context: isolated cookies, storage and permissions, holding pages. */
  /** Cookies and each origin's localStorage (Playwright's storage state file format). */
  export interface StorageState {
    cookies: Cookie[];
    origins: { origin: string; localStorage: { name: string; value: string }[] }[];
  }

  /** Options of `browser.newContext()` (and of `[browser]` in ferridriver.toml). */
  export interface BrowserContextOptions {
    viewport?: { width: number; height: number };
    locale?: string;
    timezoneId?: string;
    colorScheme?: 'light' | 'dark' | 'no-preference';
    userAgent?: string;
    extraHTTPHeaders?: Record<string, string>;
    /** Answers HTTP authentication challenges (only from `origin` when given). */
    httpCredentials?: { username: string; password: string; origin?: string };
    ignoreHTTPSErrors?: boolean;
    offline?: boolean;
    geolocation?: { latitude: number; longitude: number; accuracy?: number };
    permissions?: string[];
    javaScriptEnabled?: boolean;
    deviceScaleFactor?: number;
    isMobile?: boolean;
    hasTouch?: boolean;
    baseURL?: string;
    /** A file written by `context.storageState({ path })`, or the state itself. */
    storageState?: string | StorageState;
  }

  export class BrowserContext {
    private constructor();
    /** Cookies and the localStorage of the origins its pages show; written to `path` if given. */
    storageState(options?: { path?: string }): Promise<StorageState>;
    /** HTTP client sharing the context's cookies. */
    readonly request: APIRequestContext;
    /** ferridriver: the session's context name (`context-N` for extra ones). */
    readonly name: string;
    browser(): Browser;
    pages(): Page[];
    newPage(): Promise<Page>;
    /** Closes an extra context (the scenario's own closes with the scenario). */
    close(): Promise<void>;
    /** The cookies (for these URLs, if given). */
    cookies(urls?: string | readonly string[]): Promise<Cookie[]>;
    addCookies(cookies: readonly SetCookie[]): Promise<void>;
    /** Removes cookies (those matching the filter, if given; strings only). */
    clearCookies(filter?: { name?: string; domain?: string; path?: string }): Promise<void>;
    /** ferridriver: removes the cookies named `name`; resolves to how many. */
    deleteCookie(name: string, options?: { domain?: string; path?: string }): Promise<number>;
    clearPermissions(): Promise<void>;
    grantPermissions(permissions: readonly string[], options?: { origin?: string }): Promise<void>;
    setGeolocation(geolocation: { latitude: number; longitude: number }): Promise<void>;
    setOffline(offline: boolean): Promise<void>;
    setExtraHTTPHeaders(headers: Record<string, string>): Promise<void>;
    /** Script run in every page before its own scripts. */
    addInitScript<Arg>(script: PageFunction<Arg, unknown> | { content: string }, arg?: Arg): Promise<void>;
    /** Intercepts the requests of all its pages (after each page's own routes). */
    route(url: RouteMatcher, handler: RouteHandler, options?: { times?: number }): Promise<void>;
    unroute(url?: RouteMatcher, handler?: RouteHandler): Promise<void>;
    unrouteAll(): Promise<void>;
  }

  /** The browser: more contexts (more users) for the scenario, closed with it. */
  export class Browser {
    private constructor();
    version(): Promise<string>;
    isConnected(): boolean;
    /** A fresh isolated context with Playwright's context options. */
    newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
    /** A page in a context of its own, closed with the page. */
    newPage(options?: BrowserContextOptions): Promise<Page>;
    contexts(): BrowserContext[];
  }

  export interface APIRequestOptions {
    /** Added to the URL's query. */
    params?: Record<string, string | number | boolean>;
    headers?: Record<string, string>;
    /** The body: a string, bytes (sent as UTF-8 text) or a value sent as JSON. */
    data?: unknown;
  }
  /** The request methods; `Response` is the response type of the host. */
  export interface APIRequestMethods<Response> {
    fetch(url: string, options?: APIRequestOptions & { method?: string }): Promise<Response>;
    get(url: string, options?: APIRequestOptions): Promise<Response>;
    post(url: string, options?: APIRequestOptions): Promise<Response>;
    put(url: string, options?: APIRequestOptions): Promise<Response>;
    patch(url: string, options?: APIRequestOptions): Promise<Response>;
    delete(url: string, options?: APIRequestOptions): Promise<Response>;
    head(url: string, options?: APIRequestOptions): Promise<Response>;
  }
  /** HTTP client sharing a context's cookies (relative URLs use the `baseUrl` world parameter). */
  export class APIRequestContext {
    private constructor();
  }
  export interface APIRequestContext extends APIRequestMethods<HostResponse> {}

  /** The body and headers a response shares in every host. */
  interface ResponseBody {
    headersArray(): { name: string; value: string }[];
    /** One header's value (case-insensitive; repeated ones joined by `, `), or null. */
    header(name: string): string | null;
    /** Header names in lower case. */
    headers(): Record<string, string>;
    body(): Promise<Buffer>;
    text(): Promise<string>;
    json(): Promise<any>;
  }
  /** An HTTP response (under `bdd`): Playwright's methods. */
  export class APIResponse {
    private constructor();
    status(): number;
    /** Whether the status is 2xx. */
    ok(): boolean;
    url(): string;
  }
  export interface APIResponse extends ResponseBody {}
  /** An HTTP response in the script hosts (`mcp`, `script`): `status`, `ok`, `url` are values, as with fetch. */
  export interface HttpResponse extends ResponseBody {
    readonly status: number;
    readonly ok: boolean;
    readonly url: string;
  }

  /** Thrown when an operation runs out of time (`e instanceof errors.TimeoutError`). */
  export interface TimeoutError extends Error {}
  interface TimeoutErrorConstructor {
    new (message?: string): TimeoutError;
    readonly prototype: TimeoutError;
  }
  /** The error classes. */
  export const errors: { readonly TimeoutError: TimeoutErrorConstructor };

  // ---- expect.

  /** Checks on any value; `R` is void, or a Promise for `.resolves`/`.rejects`/`expect.poll`. */
  export interface GenericMatchers<R> {
    /** `Object.is` equality. */
    toBe(expected: unknown): R;
    /** Deep equality (undefined properties ignored). */
    toEqual(expected: unknown): R;
    /** Deep equality, types and undefined properties included. */
    toStrictEqual(expected: unknown): R;
    /** The value has (at least) these properties. */
    toMatchObject(expected: Record<string, unknown> | readonly unknown[]): R;
    /** A string contains the substring, or an iterable contains the item (===). */
    toContain(expected: unknown): R;
    /** An iterable contains an item deeply equal to this. */
    toContainEqual(expected: unknown): R;
    /** A string contains the substring or matches the RegExp. */
    toMatch(expected: string | RegExp): R;
    toBeTruthy(): R;
    toBeFalsy(): R;
    toBeNull(): R;
    toBeUndefined(): R;
    toBeDefined(): R;
    toBeNaN(): R;
    toBeGreaterThan(expected: number | bigint): R;
    toBeGreaterThanOrEqual(expected: number | bigint): R;
    toBeLessThan(expected: number | bigint): R;
    toBeLessThanOrEqual(expected: number | bigint): R;
    /** Equal within 10^-numDigits / 2 (numDigits defaults to 2). */
    toBeCloseTo(expected: number, numDigits?: number): R;
    toBeInstanceOf(expected: Function): R;
    toHaveLength(expected: number): R;
    /** The value has this (dotted or array) property path, with this value if given. */
    toHaveProperty(keyPath: string | readonly (string | number)[], value?: unknown): R;
    /** The function throws (or, with `.rejects`, the promise rejects): message substring, RegExp, class or error. */
    toThrow(expected?: string | RegExp | Error | Function): R;
    toThrowError(expected?: string | RegExp | Error | Function): R;
  }

  /** Web-first assertions on a page: they retry until they pass or time out. */
  export interface PageAssertions {
    /** The page's URL is exactly this, or matches the RegExp. */
    toHaveURL(expected: string | RegExp, options?: TimeoutOptions): Promise<void>;
    /** The page's title is exactly this, or matches the RegExp. */
    toHaveTitle(expected: string | RegExp, options?: TimeoutOptions): Promise<void>;
  }

  /** Web-first assertions on a locator: they retry until they pass or time out. */
  export interface LocatorAssertions {
    toBeVisible(options?: TimeoutOptions & { visible?: boolean }): Promise<void>;
    toBeHidden(options?: TimeoutOptions): Promise<void>;
    toBeEnabled(options?: TimeoutOptions & { enabled?: boolean }): Promise<void>;
    toBeDisabled(options?: TimeoutOptions): Promise<void>;
    toBeChecked(options?: TimeoutOptions & { checked?: boolean }): Promise<void>;
    toBeAttached(options?: TimeoutOptions & { attached?: boolean }): Promise<void>;
    /** The text equals this or matches the RegExp; an array checks every match in order. */
    toHaveText(expected: string | RegExp | readonly (string | RegExp)[], options?: TimeoutOptions): Promise<void>;
    /** The text contains this or matches the RegExp; an array checks every match in order. */
    toContainText(expected: string | RegExp | readonly (string | RegExp)[], options?: TimeoutOptions): Promise<void>;
    toHaveValue(expected: string | RegExp, options?: TimeoutOptions): Promise<void>;
    /** The class attribute is this or matches the RegExp; an array checks every match in order. */
    toHaveClass(expected: string | RegExp | readonly (string | RegExp)[], options?: TimeoutOptions): Promise<void>;
    /** The element has these classes (space-separated); an array checks every match in order. */
    toContainClass(expected: string | readonly string[], options?: TimeoutOptions): Promise<void>;
    /** The attribute is there (with this value, or matching the RegExp). */
    toHaveAttribute(name: string, value: string | RegExp, options?: TimeoutOptions): Promise<void>;
    toHaveAttribute(name: string, options?: TimeoutOptions): Promise<void>;
    toHaveCount(count: number, options?: TimeoutOptions): Promise<void>;
  }

  /** Assertions on an HTTP response. */
  export interface APIResponseAssertions {
    /** The status is 2xx. */
    toBeOK(): void;
  }

  /** What `expect.any(Number)` and friends return, for use inside toEqual and the like. */
  export interface AsymmetricMatcher {
    asymmetricMatch(other: unknown): boolean;
  }

  type IfAny<T, Y, N> = 0 extends 1 & T ? Y : N;
  type AllowedGeneric<R> = Pick<GenericMatchers<R>, 'toBe' | 'toBeDefined' | 'toBeFalsy' | 'toBeNull' | 'toBeTruthy' | 'toBeUndefined'>;
  type SpecificMatchers<T> = T extends Page
    ? PageAssertions & AllowedGeneric<void>
    : T extends Locator
      ? LocatorAssertions & AllowedGeneric<void>
      : T extends APIResponse | HttpResponse
        ? APIResponseAssertions & AllowedGeneric<void>
        : GenericMatchers<void>;
  /** Matchers of a promise's value (`.resolves`) or rejection (`.rejects`). */
  export type AsyncMatchers = GenericMatchers<Promise<void>> & { readonly not: AsyncMatchers };

  /** What `expect(value)` returns: the matchers that apply to the value's type. */
  export type Matchers<T> = {
    /** The opposite check. */
    readonly not: Matchers<T>;
    /** Checks the value the promise resolves to. */
    readonly resolves: AsyncMatchers;
    /** Checks the reason the promise rejects with. */
    readonly rejects: AsyncMatchers;
  } & IfAny<T, GenericMatchers<void> & PageAssertions & LocatorAssertions & APIResponseAssertions, SpecificMatchers<T>>;

  /** What `expect.poll(fn)` returns: value matchers that call `fn` until they pass. */
  export type PollMatchers = GenericMatchers<Promise<void>> & { readonly not: PollMatchers };

  export type ExpectMessage = string | { message?: string };

  /** Playwright's `expect`: web-first assertions on pages and locators, Jest-style ones on values. */
  export interface Expect {
    <T = unknown>(actual: T, message?: ExpectMessage): Matchers<T>;
    /** A failure is recorded and the step carries on; the step fails when it ends. */
    soft<T = unknown>(actual: T, message?: ExpectMessage): Matchers<T>;
    /** Calls `fn` until the matcher passes (default time limit 5 s). */
    poll<T>(fn: () => T | Promise<T>, options?: { message?: string; timeout?: number; intervals?: number[] }): PollMatchers;
    /** Matches any instance of the class (or primitive of Number, String…). */
    any(classType: Function): AsymmetricMatcher;
    /** Matches anything but null and undefined. */
    anything(): AsymmetricMatcher;
    stringContaining(expected: string): AsymmetricMatcher;
    stringMatching(expected: string | RegExp): AsymmetricMatcher;
    objectContaining(expected: Record<string, unknown>): AsymmetricMatcher;
    arrayContaining(expected: readonly unknown[]): AsymmetricMatcher;
  }

  /** Playwright's `expect`. */
  export const expect: Expect;
}

declare module 'playwright/test' {
  export * from '@playwright/test';
}

declare module 'playwright' {
  export * from '@playwright/test';
}

// ---------------------------------------------------------------------------------------------
// Node built-ins: node:assert (the strict API), node:fs (read-only), node:path (POSIX), node:buffer.
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
  export {};
  /** Enough of a ReadStream to attach a file: `this.attach(fs.createReadStream(p), 'image/png')`. */
  export interface ReadStream {
    readonly path: string;
    bytesRead: number;
    on(event: 'data', listener: (chunk: Buffer) => void): this;
    on(event: 'end' | 'close', listener: () => void): this;
    [Symbol.asyncIterator](): AsyncIterableIterator<Buffer>;
  }
  /** Reads a file in the project (relative paths from the project root). */
  export function readFileSync(path: string, options?: { encoding?: null } | null): Buffer;
  export function readFileSync(path: string, options: BufferEncoding | { encoding: BufferEncoding }): string;
  /** Whether the file exists (inside the project). */
  export function existsSync(path: string): boolean;
  /** The file as a stream (read whole when created). */
  export function createReadStream(path: string): ReadStream;
  export const promises: {
    readFile(path: string, options?: { encoding?: null } | null): Promise<Buffer>;
    readFile(path: string, options: BufferEncoding | { encoding: BufferEncoding }): Promise<string>;
  };
  const fs: {
    readFileSync: typeof readFileSync;
    existsSync: typeof existsSync;
    createReadStream: typeof createReadStream;
    promises: typeof promises;
  };
  export default fs;
}

declare module 'fs' {
  export * from 'node:fs';
  export { default } from 'node:fs';
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
    readonly posix: Path;
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
}

declare module 'path' {
  export * from 'node:path';
  export { default } from 'node:path';
}

declare module 'node:buffer' {
  export {};
  export const Buffer: BufferConstructor;
  export type Buffer = globalThis.Buffer;
  const buffer: { Buffer: BufferConstructor };
  export default buffer;
}

declare module 'buffer' {
  export * from 'node:buffer';
  export { default } from 'node:buffer';
}
