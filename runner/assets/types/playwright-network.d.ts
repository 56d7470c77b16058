// ferridriver's TypeScript declarations: Playwright's network types (requests, responses,
// routes, downloads, cookies, the API request client), part of the `@playwright/test` module
// (the page classes are in playwright.d.ts; the blocks merge into one module). One of the
// files in this folder (see ferridriver.d.ts).

declare module '@playwright/test' {
  export {};

  /** The response type of APIRequestContext in this host. */
  type HostResponse = FerridriverHostTypes extends { scriptHost: true } ? HttpResponse : APIResponse;

  /** A request the page made. */
  export interface Request {
    url(): string;
    method(): string;
    /** Header names in lower case. */
    headers(): Record<string, string>;
    postData(): string | null;
    postDataBuffer(): Buffer | null;
    /** A form's fields as an object, else the body as JSON (an error when it is not). */
    postDataJSON(): any;
    /** Its response if it came already (no waiting). */
    existingResponse(): Response | null;
    /** `startTime` in ms since the epoch; the phases in ms after it (-1: not measured). */
    timing(): {
      startTime: number;
      domainLookupStart: number;
      domainLookupEnd: number;
      connectStart: number;
      secureConnectionStart: number;
      connectEnd: number;
      requestStart: number;
      responseStart: number;
      responseEnd: number;
    };
    resourceType(): string;
    isNavigationRequest(): boolean;
    /** Why it failed, after a `requestfailed` event; else null. */
    failure(): { errorText: string } | null;
    /** Its response once it finished (null if it failed). */
    response(): Promise<Response | null>;
    /** The frame that made it. */
    frame(): Frame;
    /** The request this one was redirected from, and to. */
    redirectedFrom(): Request | null;
    redirectedTo(): Request | null;
    headersArray(): Promise<{ name: string; value: string }[]>;
    allHeaders(): Promise<Record<string, string>>;
    headerValue(name: string): Promise<string | null>;
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
    /** The frame a navigation's response loaded in; null for other responses. */
    frame(): Frame | null;
    /** The headers as the server sent them (Set-Cookie included, names as sent). */
    headersArray(): Promise<{ name: string; value: string }[]>;
    /** Lower-case names; repeated values joined by `, ` (Set-Cookie lines by `\n`). */
    allHeaders(): Promise<Record<string, string>>;
    headerValue(name: string): Promise<string | null>;
    headerValues(name: string): Promise<string[]>;
    serverAddr(): Promise<{ ipAddress: string; port: number } | null>;
    securityDetails(): Promise<{ protocol?: string; subjectName?: string; issuer?: string; validFrom?: number; validTo?: number } | null>;
    httpVersion(): Promise<string>;
    fromServiceWorker(): boolean;
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
    /** Stops it; `failure()` then answers `'canceled'`. A download that ended is left as it is. */
    cancel(): Promise<void>;
    /** The completed file as a node:stream Readable. */
    createReadStream(): Promise<import('node:stream').Readable>;
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
    /** Sends it (optionally changed) with the context's cookies and gives the response, without answering the route. */
    fetch(options?: { url?: string; method?: string; headers?: Record<string, string>; postData?: string }): Promise<APIResponse>;
  }

  /** A WebSocket message as the test gets it: text, or bytes. */
  export type WebSocketMessage = string | Uint8Array;

  /** One of the page's WebSockets that `routeWebSocket` matched: mocked (nothing reaches the
   * server) unless `connectToServer()` is called; what is not handled is passed on. */
  export interface WebSocketRoute {
    url(): string;
    protocols(): string[];
    /** Sends a message to the page. */
    send(message: WebSocketMessage): void;
    /** Closes the page's socket. */
    close(options?: { code?: number; reason?: string }): Promise<void>;
    /** Connects to the real server; the answer is the server's side (its own `send`, `close`, `onMessage`, `onClose`). */
    connectToServer(): WebSocketRoute;
    /** Messages the page sends (they no longer go to the server by themselves). */
    onMessage(handler: (message: WebSocketMessage) => unknown): void;
    /** The page closed its socket (the server's is no longer closed by itself). */
    onClose(handler: (code: number | undefined, reason: string | undefined) => unknown): void;
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
    /** The cookies (and each open origin's localStorage) of its context. */
    storageState(options?: { path?: string }): Promise<StorageState>;
    /** Ends a context of `request.newContext()`; later calls fail. */
    dispose(): Promise<void>;
  }
  export interface APIRequestContext extends APIRequestMethods<HostResponse> {}

  /** Options of `request.newContext()`. */
  export interface APIRequestNewContextOptions {
    /** What relative URLs resolve against (without it a relative URL is an error). */
    baseURL?: string;
    /** Headers on every request; a call's own header of the same name wins. */
    extraHTTPHeaders?: Record<string, string>;
    /** Cookies to start with (`storageState()` of another context, or a file's contents). */
    storageState?: StorageState;
    /** Answer a Basic challenge (or go up front with `send: 'always'`). */
    httpCredentials?: HttpCredentials | HttpCredentials[];
  }
  /** Playwright's `request`: API clients with cookie jars of their own. */
  export const request: {
    newContext(options?: APIRequestNewContextOptions): Promise<APIRequestContext>;
  };

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
    /** The status's standard reason phrase (`Not Found`). */
    statusText(): string;
    /** Whether the status is 2xx. */
    ok(): boolean;
    url(): string;
    /** Frees the body: reading it afterwards fails. */
    dispose(): Promise<void>;
  }
  export interface APIResponse extends ResponseBody {}
  /** An HTTP response in the script hosts (`mcp`, `script`): `status`, `ok`, `url` are values, as with fetch. */
  export interface HttpResponse extends ResponseBody {
    readonly status: number;
    readonly ok: boolean;
    readonly url: string;
  }
}
