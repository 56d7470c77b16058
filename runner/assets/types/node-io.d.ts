// The Node built-ins for data on the move: stream and stream/promises, zlib, http and https
// (clients), punycode. The others: node.d.ts.
declare module 'node:stream' {
  import { EventEmitter } from 'node:events';
  import { Buffer } from 'node:buffer';
  type Callback = (error?: Error | null) => void;
  /** What `pipe` writes to. */
  type Sink = { write(chunk: any, ...rest: any[]): unknown; end?(...args: any[]): unknown };
  /** The legacy base class packages extend. */
  export class Stream extends EventEmitter {
    constructor(options?: object);
    pipe<T extends Sink>(destination: T, options?: { end?: boolean }): T;
  }
  export interface ReadableOptions {
    highWaterMark?: number;
    encoding?: string;
    objectMode?: boolean;
    autoDestroy?: boolean;
    emitClose?: boolean;
    read?(this: Readable, size: number): void;
    destroy?(this: Readable, error: Error | null, callback: Callback): void;
  }
  export class Readable extends Stream implements AsyncIterable<any> {
    constructor(options?: ReadableOptions);
    static from(iterable: Iterable<any> | AsyncIterable<any> | string | Buffer, options?: ReadableOptions): Readable;
    readable: boolean;
    readonly readableEnded: boolean;
    readonly readableLength: number;
    readonly readableFlowing: boolean | null;
    readonly readableObjectMode: boolean;
    readonly readableHighWaterMark: number;
    readonly readableEncoding: string | null;
    readonly destroyed: boolean;
    readonly closed: boolean;
    readonly errored: Error | null;
    _read(size: number): void;
    _destroy(error: Error | null, callback: Callback): void;
    push(chunk: any, encoding?: string): boolean;
    unshift(chunk: any, encoding?: string): boolean;
    read(size?: number): any;
    setEncoding(encoding: string): this;
    pause(): this;
    resume(): this;
    isPaused(): boolean;
    unpipe(destination?: Sink): this;
    destroy(error?: Error, callback?: Callback): this;
    toArray(): Promise<any[]>;
    [Symbol.asyncIterator](): AsyncIterableIterator<any>;
  }
  export interface WritableOptions {
    highWaterMark?: number;
    decodeStrings?: boolean;
    defaultEncoding?: string;
    objectMode?: boolean;
    autoDestroy?: boolean;
    emitClose?: boolean;
    write?(this: Writable, chunk: any, encoding: string, callback: Callback): void;
    writev?(this: Writable, chunks: { chunk: any; encoding: string }[], callback: Callback): void;
    final?(this: Writable, callback: Callback): void;
    destroy?(this: Writable, error: Error | null, callback: Callback): void;
  }
  /** The writable side, of a Writable and of a Duplex. */
  interface WritableSide {
    writable: boolean;
    readonly writableEnded: boolean;
    readonly writableFinished: boolean;
    readonly writableLength: number;
    readonly writableObjectMode: boolean;
    readonly writableHighWaterMark: number;
    readonly writableNeedDrain: boolean;
    readonly writableCorked: number;
    _write(chunk: any, encoding: string, callback: Callback): void;
    _writev?(chunks: { chunk: any; encoding: string }[], callback: Callback): void;
    _final(callback: Callback): void;
    write(chunk: any, callback?: Callback): boolean;
    write(chunk: any, encoding: string, callback?: Callback): boolean;
    end(callback?: () => void): this;
    end(chunk: any, callback?: () => void): this;
    end(chunk: any, encoding: string, callback?: () => void): this;
    cork(): void;
    uncork(): void;
    setDefaultEncoding(encoding: string): this;
  }
  export interface Writable extends WritableSide {}
  export class Writable extends Stream {
    constructor(options?: WritableOptions);
    readonly destroyed: boolean;
    readonly closed: boolean;
    readonly errored: Error | null;
    _destroy(error: Error | null, callback: Callback): void;
    destroy(error?: Error, callback?: Callback): this;
  }
  export interface DuplexOptions extends Omit<ReadableOptions, 'destroy'>, Omit<WritableOptions, 'destroy'> {
    destroy?(this: Duplex, error: Error | null, callback: Callback): void;
    allowHalfOpen?: boolean;
    readableObjectMode?: boolean;
    writableObjectMode?: boolean;
  }
  export interface Duplex extends WritableSide {}
  export class Duplex extends Readable {
    constructor(options?: DuplexOptions);
    allowHalfOpen: boolean;
  }
  export interface TransformOptions extends DuplexOptions {
    transform?(this: Transform, chunk: any, encoding: string, callback: (error?: Error | null, data?: any) => void): void;
    flush?(this: Transform, callback: (error?: Error | null, data?: any) => void): void;
  }
  export class Transform extends Duplex {
    constructor(options?: TransformOptions);
    _transform(chunk: any, encoding: string, callback: (error?: Error | null, data?: any) => void): void;
    _flush(callback: (error?: Error | null, data?: any) => void): void;
  }
  export class PassThrough extends Transform {}
  type Stage = Stream | Iterable<any> | AsyncIterable<any> | ((source: any) => any);
  export function pipeline(...streams: [...Stage[], (error: Error | null | undefined, value?: unknown) => void]): any;
  export function finished(
    stream: Stream,
    options: { readable?: boolean; writable?: boolean } | ((error?: Error | null) => void),
    callback?: (error?: Error | null) => void,
  ): () => void;
  export const promises: {
    pipeline(...streams: Stage[]): Promise<unknown>;
    finished(stream: Stream, options?: { readable?: boolean; writable?: boolean }): Promise<void>;
  };
  export default Stream;
}
declare module 'node:stream/promises' {
  import { promises } from 'node:stream';
  export const pipeline: typeof promises.pipeline;
  export const finished: typeof promises.finished;
}
declare module 'stream/promises' {
  export * from 'node:stream/promises';
}
declare module 'stream' {
  export * from 'node:stream';
  export { default } from 'node:stream';
}
declare module 'node:zlib' {
  import { Buffer } from 'node:buffer';
  import { Transform } from 'node:stream';
  type Input = string | ArrayBuffer | ArrayBufferView;
  /** `level` (-1 for the default, 0–9) is read; the other zlib options are accepted and ignored. */
  interface ZlibOptions {
    level?: number;
    windowBits?: number;
    memLevel?: number;
    strategy?: number;
    chunkSize?: number;
  }
  type Callback = (error: Error | null, result: Buffer) => void;
  export const constants: Readonly<Record<string, number>>;
  export function deflateSync(input: Input, options?: ZlibOptions): Buffer;
  export function inflateSync(input: Input, options?: ZlibOptions): Buffer;
  export function deflateRawSync(input: Input, options?: ZlibOptions): Buffer;
  export function inflateRawSync(input: Input, options?: ZlibOptions): Buffer;
  export function gzipSync(input: Input, options?: ZlibOptions): Buffer;
  export function gunzipSync(input: Input, options?: ZlibOptions): Buffer;
  /** Gunzip or inflate, by the header. */
  export function unzipSync(input: Input, options?: ZlibOptions): Buffer;
  export function deflate(input: Input, callback: Callback): void;
  export function deflate(input: Input, options: ZlibOptions, callback: Callback): void;
  export function inflate(input: Input, callback: Callback): void;
  export function inflate(input: Input, options: ZlibOptions, callback: Callback): void;
  export function deflateRaw(input: Input, callback: Callback): void;
  export function deflateRaw(input: Input, options: ZlibOptions, callback: Callback): void;
  export function inflateRaw(input: Input, callback: Callback): void;
  export function inflateRaw(input: Input, options: ZlibOptions, callback: Callback): void;
  export function gzip(input: Input, callback: Callback): void;
  export function gzip(input: Input, options: ZlibOptions, callback: Callback): void;
  export function gunzip(input: Input, callback: Callback): void;
  export function gunzip(input: Input, options: ZlibOptions, callback: Callback): void;
  export function unzip(input: Input, callback: Callback): void;
  export function unzip(input: Input, options: ZlibOptions, callback: Callback): void;
  /** The stream forms: the whole input is taken, the output comes at its end. */
  export class Deflate extends Transform {
    constructor(options?: ZlibOptions);
    readonly bytesWritten: number;
    close(callback?: () => void): void;
  }
  export class Inflate extends Deflate {}
  export class DeflateRaw extends Deflate {}
  export class InflateRaw extends Deflate {}
  export class Gzip extends Deflate {}
  export class Gunzip extends Deflate {}
  export class Unzip extends Deflate {}
  export function createDeflate(options?: ZlibOptions): Deflate;
  export function createInflate(options?: ZlibOptions): Inflate;
  export function createDeflateRaw(options?: ZlibOptions): DeflateRaw;
  export function createInflateRaw(options?: ZlibOptions): InflateRaw;
  export function createGzip(options?: ZlibOptions): Gzip;
  export function createGunzip(options?: ZlibOptions): Gunzip;
  export function createUnzip(options?: ZlibOptions): Unzip;
}
declare module 'zlib' {
  export * from 'node:zlib';
}
declare module 'node:http' {
  import { Readable, Writable } from 'node:stream';
  /** Requests go through the runner's HTTP client, under the network policy. */
  export const STATUS_CODES: Record<number, string>;
  export const METHODS: string[];
  export class Agent {
    constructor(options?: { keepAlive?: boolean; maxSockets?: number; maxFreeSockets?: number });
    destroy(): void;
  }
  export const globalAgent: Agent;
  export function validateHeaderName(name: string): void;
  export function validateHeaderValue(name: string, value: unknown): void;
  export type OutgoingHttpHeaders = Record<string, string | number | string[] | undefined>;
  export interface RequestOptions {
    protocol?: string;
    host?: string;
    hostname?: string;
    port?: number | string;
    path?: string;
    method?: string;
    headers?: OutgoingHttpHeaders;
    auth?: string;
    agent?: Agent | boolean;
    timeout?: number;
    signal?: AbortSignal;
  }
  /** The answer: its body as a Readable. */
  export class IncomingMessage extends Readable {
    statusCode?: number;
    statusMessage?: string;
    httpVersion: string;
    headers: Record<string, string | string[] | undefined>;
    headersDistinct: Record<string, string[]>;
    rawHeaders: string[];
    complete: boolean;
    setTimeout(ms: number, callback?: () => void): this;
  }
  /** A request: its body written as to a Writable; `response` with the answer. */
  export class ClientRequest extends Writable {
    method: string;
    path: string;
    host: string;
    protocol: string;
    readonly headersSent: boolean;
    setHeader(name: string, value: string | number | readonly string[]): this;
    getHeader(name: string): string | number | string[] | undefined;
    getHeaders(): OutgoingHttpHeaders;
    getHeaderNames(): string[];
    hasHeader(name: string): boolean;
    removeHeader(name: string): void;
    setTimeout(ms: number, callback?: () => void): this;
    abort(): void;
    on(event: 'response', listener: (response: IncomingMessage) => void): this;
    on(event: string | symbol, listener: (...args: any[]) => void): this;
  }
  export function request(url: string | URL, options?: RequestOptions, callback?: (response: IncomingMessage) => void): ClientRequest;
  export function request(url: string | URL, callback?: (response: IncomingMessage) => void): ClientRequest;
  export function request(options: RequestOptions, callback?: (response: IncomingMessage) => void): ClientRequest;
  export function get(url: string | URL, options?: RequestOptions, callback?: (response: IncomingMessage) => void): ClientRequest;
  export function get(url: string | URL, callback?: (response: IncomingMessage) => void): ClientRequest;
  export function get(options: RequestOptions, callback?: (response: IncomingMessage) => void): ClientRequest;
}
declare module 'http' {
  export * from 'node:http';
}
declare module 'node:https' {
  export * from 'node:http';
}
declare module 'https' {
  export * from 'node:http';
}
declare module 'node:punycode' {
  export const version: string;
  export const ucs2: { decode(text: string): number[]; encode(points: number[]): string };
  export function encode(label: string): string;
  export function decode(label: string): string;
  export function toASCII(domain: string): string;
  export function toUnicode(domain: string): string;
}
declare module 'punycode' {
  export * from 'node:punycode';
}
