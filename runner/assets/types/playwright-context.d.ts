// ferridriver's TypeScript declarations: Playwright's contexts and browsers (context options,
// clock, video, tracing, BrowserContext, Browser, the launchers and devices), part of the
// `@playwright/test` module (the page classes are in playwright.d.ts; the blocks merge into one
// module). One of the files in this folder (see ferridriver.d.ts).

declare module '@playwright/test' {
  export {};

  /** Options of `browser.newContext()` (and of `[browser]` in ferridriver.toml, but for
   * `recordVideo`). */
  export interface BrowserContextOptions {
    /** `null`: no emulated viewport, the pages have the browser window's size (780×493 headless). */
    viewport?: { width: number; height: number } | null;
    locale?: string;
    timezoneId?: string;
    colorScheme?: 'light' | 'dark' | 'no-preference' | 'no-override';
    userAgent?: string;
    extraHTTPHeaders?: Record<string, string>;
    /** Answers HTTP authentication challenges (only from `origin` when given). */
    /** One set or a list (the first that fits the request's origin); pages answer a server's
     * challenge with them, API requests too, or send them up front with `send: 'always'`. */
    httpCredentials?: HttpCredentials | HttpCredentials[];
    ignoreHTTPSErrors?: boolean;
    offline?: boolean;
    geolocation?: { latitude: number; longitude: number; accuracy?: number };
    permissions?: string[];
    javaScriptEnabled?: boolean;
    deviceScaleFactor?: number;
    isMobile?: boolean;
    hasTouch?: boolean;
    /** The size of `window.screen` (a device's). */
    screen?: { width: number; height: number };
    /** Carried by `devices[…]`; pages here are Chromium's whatever it says. */
    defaultBrowserType?: 'chromium' | 'firefox' | 'webkit';
    baseURL?: string;
    /** A file written by `context.storageState({ path })`, or the state itself. */
    storageState?: string | StorageState;
    /** Films every page into `dir` (inside the project; without one, a scratch folder whose
     * files go with their videos) as WebM; `size` defaults to the viewport scaled down to fit
     * 800×800; at most `fps` frames a second (25 without). */
    recordVideo?: { dir?: string; size?: { width: number; height: number }; fps?: number };
    /** The context's network log as a HAR at `path` (inside the project), written when the
     * context closes: bodies embedded (`.har`), in files beside it (`attach`, a `.zip`'s
     * default) or omitted; `minimal` keeps what `routeFromHAR` needs; `urlFilter` keeps the
     * requests it matches. */
    recordHar?: {
      path: string;
      content?: 'embed' | 'attach' | 'omit';
      mode?: 'full' | 'minimal';
      urlFilter?: string | RegExp;
      omitContent?: boolean;
    };
    /** Downloads are accepted (the default); `false` refuses them. */
    acceptDownloads?: boolean;
    /** Pages run what their Content-Security-Policy forbids. */
    bypassCSP?: boolean;
    reducedMotion?: 'reduce' | 'no-preference' | 'no-override';
    forcedColors?: 'active' | 'none' | 'no-override';
    contrast?: 'more' | 'no-preference' | 'no-override';
    /** `block`: `navigator.serviceWorker.register` registers nothing. */
    serviceWorkers?: 'allow' | 'block';
    /** The page's selector shortcuts (`page.click(selector)`…) want exactly one match. */
    strictSelectors?: boolean;
    /** The context's requests go through this proxy (loopback too, unless `bypass` names it);
     * a proxy that asks for a sign-in gets `username` and `password`. */
    proxy?: { server: string; bypass?: string; username?: string; password?: string };
  }

  /** Fake Date, timers, animation frames and `performance.now` (Playwright's `clock`). A time
   * is a Date, epoch milliseconds or a date string; a duration milliseconds or 'ss', 'mm:ss',
   * 'hh:mm:ss'. */
  /** A script's coverage: V8's functions, each with its ranges (offsets into `source`) and call counts. */
  export interface JSCoverageEntry {
    url: string;
    scriptId: string;
    source?: string;
    functions: Array<{
      functionName: string;
      isBlockCoverage: boolean;
      ranges: Array<{ count: number; startOffset: number; endOffset: number }>;
    }>;
  }
  /** A style sheet's coverage: its text and the ranges of it that rules in use cover. */
  export interface CSSCoverageEntry {
    url: string;
    text?: string;
    ranges: Array<{ start: number; end: number }>;
  }
  /** `page.coverage`: start, run the code under test, stop and read what ran. */
  export interface Coverage {
    /** `resetOnNavigation` (default true) forgets the scripts of documents the page leaves;
     * `reportAnonymousScripts` keeps scripts without a URL (ferridriver's own evaluations among them). */
    startJSCoverage(options?: { resetOnNavigation?: boolean; reportAnonymousScripts?: boolean }): Promise<void>;
    stopJSCoverage(): Promise<JSCoverageEntry[]>;
    startCSSCoverage(options?: { resetOnNavigation?: boolean }): Promise<void>;
    stopCSSCoverage(): Promise<CSSCoverageEntry[]>;
  }
  export interface Clock {
    /** Fakes time and timers from `time` (default now); the time runs. */
    install(options?: { time?: number | string | Date }): Promise<void>;
    /** Jumps ahead, firing each due timer once (a laptop lid reopened). */
    fastForward(ticks: number | string): Promise<void>;
    /** Jumps to `time` and stops the time there. */
    pauseAt(time: number | string | Date): Promise<void>;
    /** Lets the time run again. */
    resume(): Promise<void>;
    /** Advances, firing every timer due on the way at its own time. */
    runFor(ticks: number | string): Promise<void>;
    /** `Date` always answers `time`; timers keep running. */
    setFixedTime(time: number | string | Date): Promise<void>;
    /** Sets `Date`'s time without firing any timer. */
    setSystemTime(time: number | string | Date): Promise<void>;
  }

  /** A page's video (`page.video()`), complete once the page or its context closed. */
  export interface Video {
    /** Where the video is written. */
    path(): Promise<string>;
    /** Copies it to `path` (inside the project) once the page closed. */
    saveAs(path: string): Promise<void>;
    /** Removes it once the page closed. */
    delete(): Promise<void>;
  }

  /** `context.tracing`: writes the same zips as `--trace` (paths inside the project). */
  export interface Tracing {
    start(options?: { name?: string; title?: string; snapshots?: boolean; screenshots?: boolean; sources?: boolean }): Promise<void>;
    startChunk(options?: { name?: string; title?: string }): Promise<void>;
    group(name: string, options?: { location?: { file: string; line?: number; column?: number } }): Promise<void>;
    groupEnd(): Promise<void>;
    stopChunk(options?: { path?: string }): Promise<void>;
    stop(options?: { path?: string }): Promise<void>;
    /** Records the context's network into a HAR at `path` (inside the project), written by
     * `stopHar()`, by disposing what it answers, or when the context closes. */
    startHar(
      path: string,
      options?: { content?: 'omit' | 'embed' | 'attach'; mode?: 'full' | 'minimal'; resourcesDir?: string; urlFilter?: string | RegExp },
    ): Promise<Disposable>;
    stopHar(): Promise<void>;
  }

  export interface HttpCredentials {
    username: string;
    password: string;
    origin?: string;
    send?: 'always' | 'unauthorized';
  }

  /** `routeFromHAR`: answers from the HAR, or with `update` records into it (written when the
   * context closes; bodies attached beside it and `minimal` by default). */
  export interface RouteFromHAROptions {
    url?: string | RegExp;
    notFound?: 'abort' | 'fallback';
    update?: boolean;
    updateContent?: 'embed' | 'attach';
    updateMode?: 'full' | 'minimal';
  }

  /** A file given by its content, for `setInputFiles`. */
  export interface FilePayload {
    name: string;
    mimeType?: string;
    buffer: Uint8Array | string;
  }

  export class BrowserContext {
    /** The default timeout of its pages' operations (a page's own setting wins). */
    setDefaultTimeout(timeout: number): void;
    setDefaultNavigationTimeout(timeout: number): void;
    private constructor();
    /** Cookies and the localStorage of the origins its pages show; written to `path` if given. */
    storageState(options?: { path?: string }): Promise<StorageState>;
    /** HTTP client sharing the context's cookies. */
    readonly request: APIRequestContext;
    /** Records a Playwright-format trace (`npx playwright show-trace FILE` opens it). */
    readonly tracing: Tracing;
    /** Fake time in every page of the context, kept across navigations. */
    readonly clock: Clock;
    /** ferridriver: the session's context name (`context-N` for extra ones). */
    readonly name: string;
    browser(): Browser;
    pages(): Page[];
    newPage(): Promise<Page>;
    /** `page.exposeFunction` for every page of the context, open now or later. */
    exposeFunction(name: string, callback: (...args: any[]) => unknown): Promise<Disposable>;
    /** `page.exposeBinding` for every page of the context, open now or later. */
    exposeBinding(name: string, callback: (source: BindingSource, ...args: any[]) => unknown, options?: { handle?: boolean }): Promise<Disposable>;
    /** Calls `listener` on every such event (`page`: every page opened from now on). */
    on<K extends keyof BrowserContextEvents>(event: K, listener: (this: BrowserContext, payload: BrowserContextEvents[K]) => unknown): this;
    addListener<K extends keyof BrowserContextEvents>(event: K, listener: (this: BrowserContext, payload: BrowserContextEvents[K]) => unknown): this;
    once<K extends keyof BrowserContextEvents>(event: K, listener: (this: BrowserContext, payload: BrowserContextEvents[K]) => unknown): this;
    off<K extends keyof BrowserContextEvents>(event: K, listener: (this: BrowserContext, payload: BrowserContextEvents[K]) => unknown): this;
    removeListener<K extends keyof BrowserContextEvents>(event: K, listener: (this: BrowserContext, payload: BrowserContextEvents[K]) => unknown): this;
    removeAllListeners(event?: keyof BrowserContextEvents): this;
    listenerCount(event: keyof BrowserContextEvents): number;
    /** The next event the predicate accepts (default time limit 30 s). */
    waitForEvent<K extends keyof BrowserContextEvents>(
      event: K,
      optionsOrPredicate?:
        | ((payload: BrowserContextEvents[K]) => boolean | Promise<boolean>)
        | { predicate?: (payload: BrowserContextEvents[K]) => boolean | Promise<boolean>; timeout?: number },
    ): Promise<BrowserContextEvents[K]>;
    /** Closes an extra context (the scenario's own closes with the scenario). */
    close(): Promise<void>;
    /** Whether `close()` was called on it. */
    isClosed(): boolean;
    /** Replaces its cookies and storage with a saved state (or a file of one, in the project). */
    setStorageState(storageState: string | StorageState): Promise<void>;
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
    addInitScript<Arg>(script: PageFunction<Arg, unknown> | { content: string }, arg?: Arg): Promise<Disposable>;
    /** Intercepts the requests of all its pages (after each page's own routes). */
    route(url: RouteMatcher, handler: RouteHandler, options?: { times?: number }): Promise<Disposable>;
    /** Answers matching requests from a HAR file (`url` narrows them; a request without an entry is aborted, or with `notFound: 'fallback'` goes on). */
    routeFromHAR(har: string, options?: RouteFromHAROptions): Promise<void>;
    /** Hands the WebSockets its pages open to `url` (a glob, RegExp or predicate of the URL) to `handler` (after each page's own). */
    routeWebSocket(url: string | RegExp | ((url: URL) => boolean), handler: (ws: WebSocketRoute) => unknown): Promise<void>;
    unroute(url?: RouteMatcher, handler?: RouteHandler): Promise<void>;
    unrouteAll(): Promise<void>;
  }

  /** The browser: more contexts (more users) for the scenario, closed with it. */
  export class Browser {
    private constructor();
    version(): Promise<string>;
    isConnected(): boolean;
    /** Chromium's launcher: the worker's browser is Chromium's. */
    browserType(): BrowserType;
    /** `disconnected`: when the suite closes it. */
    on(event: 'disconnected', listener: (browser: Browser) => void): this;
    once(event: 'disconnected', listener: (browser: Browser) => void): this;
    off(event: 'disconnected', listener: (browser: Browser) => void): this;
    /** A fresh isolated context with Playwright's context options. */
    newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
    /** A page in a context of its own, closed with the page. */
    newPage(options?: BrowserContextOptions): Promise<Page>;
    contexts(): BrowserContext[];
    /** Closes the contexts opened from this handle; the worker's browser itself stays. */
    close(): Promise<void>;
  }

  /** `chromium.launch()` and the like hand out the worker's browser (no new process). */
  export interface BrowserType {
    name(): string;
    launch(options?: Record<string, unknown>): Promise<Browser>;
    connect(wsEndpoint?: string, options?: Record<string, unknown>): Promise<Browser>;
    connectOverCDP(endpointURL?: string, options?: Record<string, unknown>): Promise<Browser>;
  }
  export const chromium: BrowserType;
  /** ferridriver drives Chromium only: this gives the worker's Chromium. */
  export const firefox: BrowserType;
  /** ferridriver drives Chromium only: this gives the worker's Chromium. */
  export const webkit: BrowserType;

  /** One device of Playwright's list: spread it into `browser.newContext()`. */
  export interface DeviceDescriptor {
    userAgent: string;
    viewport: { width: number; height: number };
    screen?: { width: number; height: number };
    deviceScaleFactor: number;
    isMobile: boolean;
    hasTouch: boolean;
    defaultBrowserType: 'chromium' | 'firefox' | 'webkit';
  }
  /** Playwright's devices by name, read on first use from the project's playwright-core
   * package (install `@playwright/test` or `playwright-core` in the project). */
  export const devices: Readonly<Record<string, DeviceDescriptor>>;
}
