// ferridriver's TypeScript declarations: the cucumber-js API. One of the files in this folder (see
// ferridriver.d.ts); global declaration files, used together with `"types": []`.

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
    /** `HookTarget.COORDINATOR`: once per run; `WORKER` (the default): once per worker. */
    on?: HookTarget;
  }
  /** Where a BeforeAll/AfterAll hook runs (cucumber-js 13.2). */
  export enum HookTarget {
    WORKER = 'WORKER',
    COORDINATOR = 'COORDINATOR',
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

  /** The World of the running scenario, for arrow functions (steps and case-level hooks). */
  export const world: IWorld;
  /** The run's context, for arrow functions in BeforeAll/AfterAll hooks. */
  export const context: IContext;
  /** cucumber-js's formatter base class: `--format ./my-formatter.js` runs a subclass. */
  export class Formatter {
    constructor(options: any);
    protected log: (text: string | Uint8Array) => void;
    protected cwd: string;
    finished(): Promise<void>;
    static readonly documentation: string;
  }
  /** cucumber-js's helpers for custom formatters (formatIssue, formatSummary and getUsage throw). */
  export const formatterHelpers: {
    EventDataCollector: new (broadcaster?: { on(event: 'envelope', listener: (envelope: any) => void): unknown }) => any;
    GherkinDocumentParser: Record<string, (...args: any[]) => any>;
    PickleParser: Record<string, (...args: any[]) => any>;
    KeywordType: { readonly Precondition: 'precondition'; readonly Event: 'event'; readonly Outcome: 'outcome' };
    getStepKeywordType(request: { keyword: string; language?: string; previousKeywordType?: string }): string;
    parseTestCaseAttempt(request: { testCaseAttempt: any; snippetBuilder?: any; supportCodeLibrary?: any }): { testCase: any; testSteps: any[] };
    formatLocation(location: { uri: string; line: number }, cwd?: string): string;
    isFailure(result: { status: string }, willBeRetried?: boolean): boolean;
    isWarning(result: { status: string }, willBeRetried?: boolean): boolean;
    isIssue(result: { status: string }): boolean;
  };
  /** The cucumber-js API version these follow. */
  export const version: string;
  export function wrapPromiseWithTimeout<T>(promise: Promise<T>, timeoutInMilliseconds: number, timeoutMessage?: string): Promise<T>;
  export const parallelCanAssignHelpers: {
    atMostOnePicklePerTag(tags: string[]): (pickle: unknown, runningPickles: unknown[]) => boolean;
  };
}

declare module '@cucumber/fake-cucumber' {
  export * from '@cucumber/cucumber';
}
