// ferridriver's TypeScript declarations: the Playwright API. One of the files in this folder (see
// ferridriver.d.ts); global declaration files, used together with `"types": []`.

// ---------------------------------------------------------------------------------------------
// @playwright/test (and playwright/test, playwright: the same module).
// ---------------------------------------------------------------------------------------------

declare module '@playwright/test' {
  export {};


  /** When a navigation counts as done (default `load`). */
  export interface NavigationOptions extends TimeoutOptions {
    waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit';
  }

  export interface TimeoutOptions {
    /** Time limit in ms (default: the step's or the page's). */
    timeout?: number;
  }

  /** A selector shortcut's: whether the selector must match exactly one element. */
  export interface StrictOption {
    strict?: boolean;
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
    /** Only elements in this checked state (checkboxes, radios, switches, menu items…). */
    checked?: boolean;
    /** Only natively disabled elements, or ones with `aria-disabled` on them or above (or not). */
    disabled?: boolean;
    /** Only elements whose `aria-expanded` is this. */
    expanded?: boolean;
    /** Also elements hidden from assistive technology. */
    includeHidden?: boolean;
    /** Only headings (list items, rows, tree items) of this level. */
    level?: number;
    /** Only toggle buttons whose `aria-pressed` is this. */
    pressed?: boolean;
    /** Only selected (or unselected) options, tabs, rows, cells. */
    selected?: boolean;
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
    /** Only visible (`true`) or only hidden (`false`) elements. */
    visible?: boolean;
  }

  /** The locator factories pages, locators and frame locators share. */
  interface LocatorFactories {
    /**
     * Elements a Playwright selector (or another locator) finds inside this one: CSS, with
     * `:has-text()`, `:text()`, `:text-is()`, `:text-matches()` and `:visible`; `text=`,
     * `xpath=` (or `//…`), `id=`, `data-testid=`, `role=`, and `>>` chains with `nth=` and
     * `visible=`.
     */
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
    /** Also write the image to this path (relative to the project root; folders made); `.png`, `.jpg` or `.jpeg` give the type when `type` is not set. */
    path?: string;
    type?: 'png' | 'jpeg' | 'webp';
    /** JPEG/WebP quality, 0–100. */
    quality?: number;
    /** No white default background (PNG and WebP). */
    omitBackground?: boolean;
    /** Locators whose elements are covered by a box of `maskColor` (`#FF00FF`). */
    mask?: Locator[];
    maskColor?: string;
    /** A style sheet in force while the shot is taken. */
    style?: string;
    /** The text caret is hidden unless `'initial'`. */
    caret?: 'hide' | 'initial';
    /** `'disabled'` finishes finite CSS animations and stops infinite ones for the shot. */
    animations?: 'disabled' | 'allow';
    /** One image pixel per CSS pixel, or per device pixel (the default). */
    scale?: 'css' | 'device';
  }
  /** A rectangle in CSS pixels. */
  export interface ScreenshotClip {
    x: number;
    y: number;
    width: number;
    height: number;
  }

  export interface SelectOptionValue {
    value?: string;
    label?: string;
    /** The option's position among the select's options (0-based). */
    index?: number;
  }
  /** Playwright's click options. */
  export interface ClickOptions extends TimeoutOptions {
    button?: 'left' | 'right' | 'middle';
    /** Keys held during the click. */
    modifiers?: ('Alt' | 'Control' | 'ControlOrMeta' | 'Meta' | 'Shift')[];
    /** Where to click, from the element's top-left corner (inside its border). */
    position?: { x: number; y: number };
    clickCount?: number;
    /** Milliseconds between press and release. */
    delay?: number;
    /** Skip the actionability checks. */
    force?: boolean;
    /** Make the checks only; click nothing. */
    trial?: boolean;
    noWaitAfter?: boolean;
  }
  /** Playwright's hover options: a click's, without pressing anything. */
  export type HoverOptions = Omit<ClickOptions, 'button' | 'clickCount' | 'delay'>;
  /** Playwright's tap options: a click's, without a button, a count or a delay. */
  export type TapOptions = Omit<ClickOptions, 'button' | 'clickCount' | 'delay'>;
  /** What `route`, `addInitScript`, `exposeFunction` and `exposeBinding` answer: `dispose()`
   * undoes it (also `await using`). */
  export interface Disposable {
    dispose(): Promise<void>;
  }
  /** Where an `exposeBinding` callback was called from. */
  export interface BindingSource {
    context: BrowserContext;
    page: Page;
    frame: Frame;
  }
  /** `check`/`uncheck`/`setChecked`: click's `force`, `position`, `trial`. */
  export type CheckOptions = Pick<ClickOptions, 'force' | 'position' | 'trial' | 'noWaitAfter' | 'timeout'>;
  export type SelectOptionValues = string | SelectOptionValue | readonly (string | SelectOptionValue)[];

  export type URLMatcher = string | RegExp;

  /** Playwright's Page: the scenario's `this.page`, or one from `context.newPage()`. */
  export class Page {
    private constructor();
    /** The context the page belongs to. */
    context(): BrowserContext;
    /** HTTP client sharing the page's cookies. */
    readonly request: APIRequestContext;
    /** The fake time of the page's context (the same object as `context().clock`). */
    readonly clock: Clock;
    /** JavaScript and CSS coverage of the page (Chromium's). */
    readonly coverage: Coverage;
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
    /** The last console messages (at most 200) of the current document, or every one kept with `filter: 'all'`. */
    consoleMessages(options?: { filter?: 'all' | 'since-navigation' }): Promise<ConsoleMessage[]>;
    /** The last uncaught errors (at most 200) of the current document, or every one kept with `filter: 'all'`. */
    pageErrors(options?: { filter?: 'all' | 'since-navigation' }): Promise<Error[]>;
    /** Asks the page's JavaScript engine to collect garbage now. */
    requestGC(): Promise<void>;
    /** The page's last requests (100 at most), oldest first; their `response()` answers what
     * had come when they were listed. */
    requests(): Promise<Request[]>;
    /** Forgets the console messages (`consoleMessages()` answers what comes after). */
    clearConsoleMessages(): Promise<void>;
    /** Forgets the page errors. */
    clearPageErrors(): Promise<void>;
    /** Returns at once, as Playwright's does in a headless run (there is no inspector to wait for). */
    pause(): Promise<void>;
    /** Brings the page's tab to the front. */
    bringToFront(): Promise<void>;
    /** Adds a `<style>` (`content`, or a file's at `path`) or a `<link rel=stylesheet>` (`url`, waited for). */
    addStyleTag(options: { url?: string; path?: string; content?: string }): Promise<ElementHandle>;
    /** Adds a `<script>` (`content`, or a file's at `path`; `type: 'module'`…) or one loading `url` (waited for). */
    addScriptTag(options: { url?: string; path?: string; content?: string; type?: string }): Promise<ElementHandle>;
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
    /** Like `evaluate`, but the value stays in the page: a handle to it (an ElementHandle for an element). */
    evaluateHandle<R, Arg>(pageFunction: PageFunction<Arg, R>, arg: Arg): Promise<JSHandle<R>>;
    evaluateHandle<R>(pageFunction: PageFunction<void, R>): Promise<JSHandle<R>>;
    /** `fn(element, arg)` on the first match, without waiting (fails when nothing matches). */
    $eval<R, Arg = void>(selector: string, pageFunction: (element: SVGElement | HTMLElement, arg: Arg) => R | Promise<R>, arg?: Arg): Promise<R>;
    /** `fn(elements, arg)` on every current match. */
    $$eval<R, Arg = void>(selector: string, pageFunction: (elements: (SVGElement | HTMLElement)[], arg: Arg) => R | Promise<R>, arg?: Arg): Promise<R>;
    /** Calls the function in the page until it returns a truthy value. */
    waitForFunction<R, Arg = void>(
      pageFunction: string | ((arg: Arg) => R | Promise<R>),
      arg?: Arg,
      options?: { timeout?: number; polling?: number | 'raf' },
    ): Promise<JSHandle<R>>;
    /** A PNG of the viewport (or the whole page). */
    /** The viewport (or the whole page, or `clip` of either) as an image. */
    screenshot(options?: ScreenshotOptions & { fullPage?: boolean; clip?: ScreenshotClip }): Promise<Buffer>;
    /** Waits until the URL matches (a glob with `*`/`**`, an exact URL, or a RegExp). */
    waitForURL(url: URLMatcher, options?: NavigationOptions): Promise<void>;
    /** The next main-frame navigation (to `url`, when given): its response, null for a
     * same-document one. Deprecated in Playwright; start it before the action that navigates. */
    waitForNavigation(options?: NavigationOptions & { url?: string | RegExp }): Promise<Response | null>;
    /** Waits for the load state (`networkidle` waits like `load`). */
    waitForLoadState(state?: 'load' | 'domcontentloaded' | 'networkidle', options?: TimeoutOptions): Promise<void>;
    /** Waits for an element matching the CSS selector; resolves to a locator of the first (not an ElementHandle). */
    /** Waits for `state` (default visible): a handle to the element, null for hidden/detached. */
    waitForSelector(
      selector: string,
      options?: TimeoutOptions & { state?: 'attached' | 'detached' | 'visible' | 'hidden' },
    ): Promise<ElementHandle | null>;
    /** The page printed to PDF (headless Chromium); `path` also writes it inside the project. */
    pdf(options?: {
      path?: string;
      format?: string;
      width?: string | number;
      height?: string | number;
      margin?: { top?: string | number; right?: string | number; bottom?: string | number; left?: string | number };
      scale?: number;
      landscape?: boolean;
      printBackground?: boolean;
      pageRanges?: string;
      preferCSSPageSize?: boolean;
      displayHeaderFooter?: boolean;
      headerTemplate?: string;
      footerTemplate?: string;
      outline?: boolean;
      tagged?: boolean;
    }): Promise<Buffer>;
    /** `page.locator(source).dragTo(page.locator(target), options)`. */
    dragAndDrop(
      source: string,
      target: string,
      options?: TimeoutOptions & { sourcePosition?: { x: number; y: number }; targetPosition?: { x: number; y: number } },
    ): Promise<void>;
    /** Headers on every request of this page; they win over the context's of the same name. */
    setExtraHTTPHeaders(headers: Record<string, string>): Promise<void>;
    /** A script run in this page's every new document, before the page's own scripts. */
    addInitScript<Arg>(script: PageFunction<Arg, unknown> | { content: string }, arg?: Arg): Promise<Disposable>;
    /** `page.locator(selector).focus()`. */
    focus(selector: string, options?: TimeoutOptions): Promise<void>;
    /** `page.locator(selector).setChecked(checked)`. */
    setChecked(selector: string, checked: boolean, options?: CheckOptions): Promise<void>;
    /** A handle to the first match now, or null (no waiting). */
    $(selector: string): Promise<ElementHandle | null>;
    /** Handles to every current match. */
    $$(selector: string): Promise<ElementHandle[]>;
    setViewportSize(size: { width: number; height: number }): Promise<void>;
    /** null in a context made with `viewport: null` (until `setViewportSize`). */
    viewportSize(): { width: number; height: number } | null;
    waitForTimeout(timeout: number): Promise<void>;
    close(): Promise<void>;
    isClosed(): boolean;
    readonly keyboard: Keyboard;
    /** Every operation without its own `timeout` waits this long (0: no limit). */
    setDefaultTimeout(timeout: number): void;
    /** Navigations and navigation waits without their own `timeout` (before setDefaultTimeout). */
    setDefaultNavigationTimeout(timeout: number): void;
    /** What is left out stays; `null` returns to the browser's own value. */
    emulateMedia(options?: {
      media?: 'screen' | 'print' | null;
      colorScheme?: 'light' | 'dark' | 'no-preference' | null;
      reducedMotion?: 'reduce' | 'no-preference' | null;
      forcedColors?: 'active' | 'none' | null;
      contrast?: 'more' | 'no-preference' | null;
    }): Promise<void>;
    readonly mouse: Mouse;
    /** One touch at a point (a context with `hasTouch`). */
    readonly touchscreen: Touchscreen;

    // The selector shortcuts: page.click(selector) acts on the selector's first match, as
    // Playwright's do; `strict: true` (or a context made with `strictSelectors: true`) wants
    // exactly one, as a locator does.
    click(selector: string, options?: ClickOptions & StrictOption): Promise<void>;
    dblclick(selector: string, options?: ClickOptions & StrictOption): Promise<void>;
    /** Taps the element (a context with `hasTouch`, or a mobile device). */
    tap(selector: string, options?: TapOptions & StrictOption): Promise<void>;
    fill(selector: string, value: string, options?: TimeoutOptions & StrictOption): Promise<void>;
    press(selector: string, key: string, options?: TimeoutOptions & StrictOption): Promise<void>;
    type(selector: string, text: string, options?: TimeoutOptions & StrictOption): Promise<void>;
    hover(selector: string, options?: HoverOptions & StrictOption): Promise<void>;
    check(selector: string, options?: CheckOptions & StrictOption): Promise<void>;
    uncheck(selector: string, options?: CheckOptions & StrictOption): Promise<void>;
    selectOption(selector: string, values: SelectOptionValues, options?: TimeoutOptions & StrictOption): Promise<string[]>;
    setInputFiles(selector: string, files: string | FilePayload | ReadonlyArray<string | FilePayload>, options?: TimeoutOptions & StrictOption): Promise<void>;
    textContent(selector: string, options?: TimeoutOptions & StrictOption): Promise<string>;
    innerText(selector: string, options?: TimeoutOptions & StrictOption): Promise<string>;
    innerHTML(selector: string, options?: TimeoutOptions & StrictOption): Promise<string>;
    inputValue(selector: string, options?: TimeoutOptions & StrictOption): Promise<string>;
    getAttribute(selector: string, name: string, options?: TimeoutOptions & StrictOption): Promise<string | null>;
    isVisible(selector: string, options?: StrictOption): Promise<boolean>;
    isHidden(selector: string, options?: StrictOption): Promise<boolean>;
    isEnabled(selector: string, options?: TimeoutOptions & StrictOption): Promise<boolean>;
    isDisabled(selector: string, options?: TimeoutOptions & StrictOption): Promise<boolean>;
    isChecked(selector: string, options?: TimeoutOptions & StrictOption): Promise<boolean>;
    isEditable(selector: string, options?: TimeoutOptions & StrictOption): Promise<boolean>;
    dispatchEvent(selector: string, type: string, eventInit?: Record<string, unknown>, options?: TimeoutOptions & StrictOption): Promise<void>;
    /**
     * `window[name](...args)` in the page's documents (this one and later ones) calls
     * `callback` in the test and resolves to what it returns (a throw rejects with its message).
     */
    exposeFunction(name: string, callback: (...args: any[]) => unknown): Promise<Disposable>;
    /** `exposeFunction` whose callback gets `{ context, page, frame }` of the call first. */
    exposeBinding(name: string, callback: (source: BindingSource, ...args: any[]) => unknown, options?: { handle?: boolean }): Promise<Disposable>;
    /**
     * Runs `handler` (given `locator`) whenever `locator` is visible before an action attempt
     * or an assertion look — a cookie banner, a sign-up dialog — then waits for it to be hidden
     * (unless `noWaitAfter`) and goes on; `times` limits how often. A handler that throws
     * fails the action it interrupted.
     */
    addLocatorHandler(locator: Locator, handler: (locator: Locator) => unknown, options?: { noWaitAfter?: boolean; times?: number }): Promise<void>;
    /** Removes the handlers added for `locator`. */
    removeLocatorHandler(locator: Locator): Promise<void>;
    /** The page's dedicated workers now. */
    workers(): Worker[];
    /** The page's frames: the main frame first, then each frame after its parent. */
    frames(): Frame[];
    mainFrame(): Frame;
    /** A frame by name, or by `{ name, url }`; null when none matches. */
    frame(selector: string | { name?: string; url?: URLMatcher | ((url: URL) => boolean) }): Frame | null;
    /** The page that opened this one (a popup's opener) while it is open, else `null`. */
    opener(): Promise<Page | null>;
    /** The page's video when its context records them (`recordVideo`), else `null`. */
    video(): Video | null;

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
    route(url: RouteMatcher, handler: RouteHandler, options?: { times?: number }): Promise<Disposable>;
    /** Answers matching requests from a HAR file (`url` narrows them; a request without an entry is aborted, or with `notFound: 'fallback'` goes on). */
    routeFromHAR(har: string, options?: RouteFromHAROptions): Promise<void>;
    /** Hands the WebSockets the page opens to `url` (a glob, RegExp or predicate of the URL) to `handler`: the newest matching route first. */
    routeWebSocket(url: string | RegExp | ((url: URL) => boolean), handler: (ws: WebSocketRoute) => unknown): Promise<void>;
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
    /** A page this page opened (`target=_blank`, `window.open`), once it has a document. */
    popup: Page;
    close: Page;
    /** The page's renderer crashed: what is asked of the page after fails ("Target crashed"). */
    crash: Page;
    /** A dedicated worker the page started. */
    worker: Worker;
    /** A WebSocket the page opened (announced when its handshake goes out). */
    websocket: WebSocket;
    /** A file input asked for files (while the page has such a listener, no dialog opens). */
    filechooser: FileChooser;
  }

  /** A file input's request for files: answer it with `setFiles`. */
  export class FileChooser {
    /** The `<input type=file>` that asked. */
    element(): ElementHandle;
    isMultiple(): boolean;
    page(): Page;
    /** Sets the input's files, as `setInputFiles` does. */
    setFiles(files: Parameters<Locator['setInputFiles']>[0], options?: TimeoutOptions): Promise<void>;
  }

  /** A frame a WebSocket sent or received: text as a string, binary as a Buffer. */
  export interface WebSocketFrame {
    payload: string | Buffer;
  }
  /** The events of a page's WebSocket and what listeners receive. */
  export interface WebSocketEvents {
    framesent: WebSocketFrame;
    framereceived: WebSocketFrame;
    /** Why the socket failed. */
    socketerror: string;
    close: WebSocket;
  }
  /** A WebSocket of a page, as the page's network sees it. */
  export class WebSocket {
    url(): string;
    isClosed(): boolean;
    on<K extends keyof WebSocketEvents>(event: K, listener: (payload: WebSocketEvents[K]) => unknown): this;
    once<K extends keyof WebSocketEvents>(event: K, listener: (payload: WebSocketEvents[K]) => unknown): this;
    off<K extends keyof WebSocketEvents>(event: K, listener: (payload: WebSocketEvents[K]) => unknown): this;
    addListener<K extends keyof WebSocketEvents>(event: K, listener: (payload: WebSocketEvents[K]) => unknown): this;
    removeListener<K extends keyof WebSocketEvents>(event: K, listener: (payload: WebSocketEvents[K]) => unknown): this;
    removeAllListeners(event?: keyof WebSocketEvents): this;
    /** The next such event the predicate accepts; fails when the socket fails or closes first (unless that is the event), or the page closes. */
    waitForEvent<K extends keyof WebSocketEvents>(
      event: K,
      optionsOrPredicate?: ((payload: WebSocketEvents[K]) => boolean | Promise<boolean>) | { predicate?: (payload: WebSocketEvents[K]) => boolean | Promise<boolean>; timeout?: number },
    ): Promise<WebSocketEvents[K]>;
  }

  /** One of a page's dedicated workers. */
  export class Worker {
    url(): string;
    /** Runs `pageFunction(arg)` (or an expression) in the worker's global scope; promises are awaited. */
    evaluate<R, Arg>(pageFunction: ((arg: Arg) => R | Promise<R>) | string, arg?: Arg): Promise<R>;
    on(event: 'close', listener: (worker: Worker) => unknown): this;
    once(event: 'close', listener: (worker: Worker) => unknown): this;
    off(event: 'close', listener: (worker: Worker) => unknown): this;
    /** Its console messages (the page's `console` event has them too). */
    on(event: 'console', listener: (message: ConsoleMessage) => unknown): this;
    addListener(event: 'close', listener: (worker: Worker) => unknown): this;
    removeListener(event: 'close', listener: (worker: Worker) => unknown): this;
    waitForEvent(event: 'close', optionsOrPredicate?: ((worker: Worker) => boolean | Promise<boolean>) | { predicate?: (worker: Worker) => boolean | Promise<boolean>; timeout?: number }): Promise<Worker>;
  }
  export interface BrowserContextEvents {
    /** A page the context opened, or one of its pages opened. */
    page: Page;
    /** Its pages' network, console and uncaught errors (heard before the page's own listeners). */
    request: Request;
    response: Response;
    requestfinished: Request;
    requestfailed: Request;
    console: ConsoleMessage;
    /** A dialog of any of its pages (answered here, or by the page's listener). */
    dialog: Dialog;
    weberror: WebError;
  }
  /** An uncaught error in one of the context's pages. */
  export interface WebError {
    page(): Page | null;
    error(): Error;
  }

  /** A description of elements, resolved on every use; actions wait until they can act. */
  export class Locator {
    protected constructor();
    /** The page this locator belongs to. */
    page(): Page;
    /** The content of the iframe this locator matches. */
    contentFrame(): FrameLocator;
    first(): Locator;
    last(): Locator;
    /** The n-th match (0-based; -1 is the last). */
    nth(index: number): Locator;
    /** The same elements, named `description` in error messages and traces. */
    describe(description: string): Locator;
    /** What `describe` named this locator, or null. */
    description(): string | null;
    /** Elements matching both locators. */
    and(locator: Locator): Locator;
    /** Elements matching either locator. */
    or(locator: Locator): Locator;
    /** Narrows the matches. */
    filter(options?: LocatorFilterOptions): Locator;
    /** Only the visible matches (`filter({ visible: true })`). */
    visible(): Locator;
    /** A locator per current match. */
    all(): Promise<Locator[]>;
    allTextContents(): Promise<string[]>;
    allInnerTexts(): Promise<string[]>;
    click(options?: ClickOptions): Promise<void>;
    dblclick(options?: ClickOptions): Promise<void>;
    /** A touch at the element (a context with `hasTouch`, or a mobile device), after click's checks. */
    tap(options?: TapOptions): Promise<void>;
    hover(options?: HoverOptions): Promise<void>;
    /** Replaces the field's value. */
    fill(value: string, options?: TimeoutOptions): Promise<void>;
    clear(options?: TimeoutOptions): Promise<void>;
    /** Sets the files of a file input (paths inside the project, or contents); `[]` clears it. */
    setInputFiles(files: string | FilePayload | ReadonlyArray<string | FilePayload>, options?: TimeoutOptions): Promise<void>;
    /** Presses a key (`Enter`, `Tab`, `a`…) in the element. */
    press(key: string, options?: TimeoutOptions): Promise<void>;
    /** Types text key by key. */
    pressSequentially(text: string, options?: TimeoutOptions): Promise<void>;
    type(text: string, options?: TimeoutOptions): Promise<void>;
    check(options?: CheckOptions): Promise<void>;
    uncheck(options?: CheckOptions): Promise<void>;
    setChecked(checked: boolean, options?: CheckOptions): Promise<void>;
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
    /** `fn(element, arg)` on the one match, its value kept in the page (see `JSHandle`). */
    evaluateHandle<R, Arg>(pageFunction: PageFunctionOn<SVGElement | HTMLElement, Arg, R>, arg: Arg, options?: TimeoutOptions): Promise<JSHandle<R>>;
    evaluateHandle<R>(pageFunction: PageFunctionOn<SVGElement | HTMLElement, void, R>): Promise<JSHandle<R>>;
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
    /** Answers at once: false when nothing matches; several matches are an error. */
    isVisible(): Promise<boolean>;
    isHidden(): Promise<boolean>;
    /** Waits for the one element (strict) and fails when it never comes. */
    isEnabled(options?: TimeoutOptions): Promise<boolean>;
    isDisabled(options?: TimeoutOptions): Promise<boolean>;
    isChecked(options?: TimeoutOptions): Promise<boolean>;
    isEditable(options?: TimeoutOptions): Promise<boolean>;
    /** Waits until the element is visible (default), hidden, attached or detached. */
    waitFor(options?: TimeoutOptions & { state?: 'attached' | 'detached' | 'visible' | 'hidden' }): Promise<void>;
    /** Presses on this element, moves onto `target` and releases (HTML5 drag and drop for
     * draggable elements). Positions are relative to each element's top left. */
    dragTo(
      target: Locator,
      options?: TimeoutOptions & { sourcePosition?: { x: number; y: number }; targetPosition?: { x: number; y: number } },
    ): Promise<void>;
    /** Once visible: focuses the element and selects all its text (a field's value). */
    selectText(options?: TimeoutOptions): Promise<void>;
    /** Waits for the one element (strict) and gives a handle that keeps naming it. */
    elementHandle(options?: TimeoutOptions): Promise<ElementHandle>;
    /** Handles to every current match. */
    elementHandles(): Promise<ElementHandle[]>;
    focus(options?: TimeoutOptions): Promise<void>;
    blur(options?: TimeoutOptions): Promise<void>;
    /** Dispatches a DOM event of that type (MouseEvent for clicks, KeyboardEvent for keys…). */
    dispatchEvent(type: string, eventInit?: Record<string, unknown>, options?: TimeoutOptions): Promise<void>;
    scrollIntoViewIfNeeded(options?: TimeoutOptions): Promise<void>;
    /** The element's box in the main frame's viewport; null when it is not rendered. */
    boundingBox(options?: TimeoutOptions): Promise<{ x: number; y: number; width: number; height: number } | null>;
  }
  export interface Locator extends LocatorFactories {}

  /** An iframe's content; first/last/nth pick the iframe. */
  /** Selector settings: `setTestIdAttribute` changes what `getByTestId` matches for the
   * locators made after it. */
  export const selectors: {
    setTestIdAttribute(attributeName: string): void;
    /** Adds selector engine `name` (`locator('name=…')` in locators made after it): a function
     * that makes `{ query(root, selector), queryAll(root, selector) }` in the page, page code
     * that evaluates to it, or `{ content }` / `{ path }`. */
    register(name: string, script: Function | string | { path?: string; content?: string }, options?: { contentScript?: boolean }): Promise<void>;
  };

  /** Locator's members but `contentFrame`, which a handle answers with its frame. */
  const LocatorMembers: new (...args: any[]) => Omit<Locator, 'contentFrame'>;
  /** One element, for as long as it lives: every Locator method works on it; a removed
   * element stays readable, while acting on it fails at once. */
  export class ElementHandle extends LocatorMembers {
    asElement(): ElementHandle;
    $(selector: string): Promise<ElementHandle | null>;
    $$(selector: string): Promise<ElementHandle[]>;
    $eval<R, Arg = void>(selector: string, pageFunction: (element: SVGElement | HTMLElement, arg: Arg) => R | Promise<R>, arg?: Arg): Promise<R>;
    $$eval<R, Arg = void>(selector: string, pageFunction: (elements: (SVGElement | HTMLElement)[], arg: Arg) => R | Promise<R>, arg?: Arg): Promise<R>;
    dispose(): Promise<void>;
    jsonValue(): Promise<unknown>;
    getProperty(name: string): Promise<JSHandle>;
    getProperties(): Promise<Map<string, JSHandle>>;
    /** Waits for a match inside this element (`state` default `visible`); null for hidden/detached. */
    waitForSelector(
      selector: string,
      options?: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number },
    ): Promise<ElementHandle | null>;
    /** Waits for the element to be `visible`, `hidden`, `stable`, `enabled`, `disabled` or `editable`. */
    waitForElementState(
      state: 'visible' | 'hidden' | 'stable' | 'enabled' | 'disabled' | 'editable',
      options?: { timeout?: number },
    ): Promise<void>;
    /** The frame whose document holds the element; null once that frame is gone. */
    ownerFrame(): Promise<Frame | null>;
    /** The frame an `<iframe>`/`<frame>` element shows; null for any other element. */
    contentFrame(): Promise<Frame | null>;
  }

  /** A value kept in the page (`evaluateHandle`, `getProperty`) until `dispose()` or until its
   * document goes; passed to `evaluate` (alone or inside an array or object) it is that value. */
  export class JSHandle<T = unknown> {
    evaluate<R, Arg>(pageFunction: (value: T, arg: Arg) => R | Promise<R>, arg: Arg): Promise<R>;
    evaluate<R>(pageFunction: (value: T) => R | Promise<R>): Promise<R>;
    evaluateHandle<R, Arg>(pageFunction: (value: T, arg: Arg) => R | Promise<R>, arg: Arg): Promise<JSHandle<R>>;
    evaluateHandle<R>(pageFunction: (value: T) => R | Promise<R>): Promise<JSHandle<R>>;
    jsonValue(): Promise<T>;
    getProperty(name: string): Promise<JSHandle>;
    getProperties(): Promise<Map<string, JSHandle>>;
    asElement(): ElementHandle | null;
    dispose(): Promise<void>;
  }

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

  /** `page.touchscreen`: touches at viewport points. */
  export interface Touchscreen {
    tap(x: number, y: number): Promise<void>;
  }

  /** A `console` event. */
  export interface ConsoleMessage {
    /** `log`, `error`, `warning`… */
    type(): string;
    text(): string;
    /** Where the call was made (0-based line and column). */
    location(): { url: string; lineNumber: number; columnNumber: number };
    /** Always empty: the arguments are not kept as handles. */
    args(): unknown[];
    page(): Page;
    /** When it was logged, in milliseconds since the Unix epoch. */
    timestamp(): number;
    /** The dedicated worker that logged it (null: the page). */
    worker(): Worker | null;
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

  /**
   * One frame of a page (`page.frames()`, `page.mainFrame()`, `page.frame()`): its locators and
   * selector shortcuts act inside it. A child frame navigates (`goto`, `setContent`) and waits
   * for its own loads and navigations, evaluates, keeps handles and waits for a function in its
   * own window.
   */
  export interface Frame
    extends LocatorFactories,
      Pick<
        Page,
        | 'click' | 'dblclick' | 'tap' | 'dispatchEvent' | 'fill' | 'press' | 'type' | 'hover' | 'check' | 'uncheck' | 'setChecked' | 'focus'
        | 'selectOption' | 'setInputFiles' | 'textContent' | 'innerText' | 'innerHTML' | 'inputValue' | 'getAttribute'
        | 'isVisible' | 'isHidden' | 'isEnabled' | 'isDisabled' | 'isChecked' | 'isEditable' | '$' | '$$' | '$eval'
        | '$$eval' | 'waitForSelector' | 'dragAndDrop' | 'evaluate' | 'evaluateHandle' | 'title' | 'content' | 'waitForLoadState'
        | 'waitForURL' | 'setContent' | 'waitForFunction' | 'addScriptTag' | 'addStyleTag' | 'waitForTimeout'
      > {
    /** Loads `url` in this frame (a child frame: only its own document); its response. */
    goto(url: string, options?: NavigationOptions): Promise<Response | null>;
    /** The frame's next navigation (to `url`, when given): its document's response, null for a same-document one. Start it before the action that navigates. */
    waitForNavigation(options?: NavigationOptions & { url?: string | RegExp }): Promise<Response | null>;
    url(): string;
    /** The `name` of its iframe ("" for the main frame). */
    name(): string;
    page(): Page;
    parentFrame(): Frame | null;
    childFrames(): Frame[];
    /** Whether its iframe was removed (or the page closed). */
    isDetached(): boolean;
    /** Its `<iframe>` element. */
    frameElement(): Promise<ElementHandle>;
  }

  /** Thrown when an operation runs out of time (`e instanceof errors.TimeoutError`). */
  export interface TimeoutError extends Error {}
  interface TimeoutErrorConstructor {
    new (message?: string): TimeoutError;
    readonly prototype: TimeoutError;
  }
  /** The error classes. */
  export const errors: { readonly TimeoutError: TimeoutErrorConstructor };
}

declare module 'playwright-core' {
  export * from '@playwright/test';
}
