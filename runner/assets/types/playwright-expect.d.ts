// ferridriver's TypeScript declarations: Playwright's `expect` and its matchers, the second
// half of the `@playwright/test` module (the classes are in playwright.d.ts; the two blocks
// merge into one module). One of the files in this folder (see ferridriver.d.ts).

declare module '@playwright/test' {
  export {};

  // ---- expect.

  /** The options of `toHaveText` and `toContainText`. */
  export interface TextAssertionOptions extends TimeoutOptions {
    /** Compare case aside (wins over a RegExp's own flags). */
    ignoreCase?: boolean;
    /** Read what is rendered (`innerText`) rather than all of the text. */
    useInnerText?: boolean;
  }

  /** Checks on any value; `R` is void, or a Promise for `.resolves`/`.rejects`/`expect.poll`. */
  export interface GenericMatchers<R> {
    /** Calls the function (the received value) until it stops throwing. */
    toPass(options?: { timeout?: number; intervals?: number[] }): Promise<void>;
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
    toBeEditable(options?: TimeoutOptions & { editable?: boolean }): Promise<void>;
    /** An input or textarea without a value, or an element without text. */
    toBeEmpty(options?: TimeoutOptions): Promise<void>;
    toBeFocused(options?: TimeoutOptions): Promise<void>;
    /** Some of the element is in the viewport (`ratio`: at least that share of it, 0 to 1). */
    toBeInViewport(options?: TimeoutOptions & { ratio?: number }): Promise<void>;
    /** A computed style property (`'color'`, `'background-color'`). */
    toHaveCSS(name: string, value: string | RegExp, options?: TimeoutOptions): Promise<void>;
    /** A JavaScript property of the element, compared by deep equality. */
    toHaveJSProperty(name: string, value: unknown, options?: TimeoutOptions): Promise<void>;
    toHaveId(id: string | RegExp, options?: TimeoutOptions): Promise<void>;
    /** The values selected in a `<select multiple>`, in order. */
    toHaveValues(values: readonly (string | RegExp)[], options?: TimeoutOptions): Promise<void>;
    /** The ARIA role, explicit or implicit. */
    toHaveRole(role: string, options?: TimeoutOptions): Promise<void>;
    toHaveAccessibleName(name: string | RegExp, options?: TimeoutOptions): Promise<void>;
    /** The accessible description (aria-describedby, aria-description, title). */
    toHaveAccessibleDescription(description: string | RegExp, options?: TimeoutOptions): Promise<void>;
    /** The text equals this or matches the RegExp; an array checks every match in order. */
    toHaveText(expected: string | RegExp | readonly (string | RegExp)[], options?: TextAssertionOptions): Promise<void>;
    /** The text contains this or matches the RegExp; an array checks every match in order. */
    toContainText(expected: string | RegExp | readonly (string | RegExp)[], options?: TextAssertionOptions): Promise<void>;
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

  /** What a custom matcher's `this` holds. */
  export interface ExpectMatcherState {
    readonly isNot: boolean;
    readonly promise: '' | 'resolves' | 'rejects';
    readonly timeout: number;
    readonly utils: {
      printReceived(value: unknown): string;
      printExpected(value: unknown): string;
      stringify(value: unknown): string;
      matcherHint(name: string, received?: string, expected?: string, options?: { isNot?: boolean }): string;
    };
  }
  /** A custom matcher's answer: whether it passed, and why not. */
  export interface MatcherReturnType {
    pass: boolean;
    message: () => string;
    name?: string;
    expected?: unknown;
    actual?: unknown;
  }
  export type CustomMatcher = (this: ExpectMatcherState, received: any, ...args: any[]) => MatcherReturnType | Promise<MatcherReturnType>;
  type CustomCalls<M extends Record<string, CustomMatcher>> = {
    [K in keyof M]: (...args: M[K] extends (received: any, ...rest: infer A) => any ? A : never) => ReturnType<M[K]> extends Promise<any> ? Promise<void> : void;
  };
  /** `expect` with the matchers `expect.extend` added. */
  export type ExtendedExpect<M extends Record<string, CustomMatcher>> = {
    <T = unknown>(actual: T, message?: ExpectMessage): Matchers<T> & CustomCalls<M> & { readonly not: CustomCalls<M> };
  } & Expect;
  /** Playwright's `expect`: web-first assertions on pages and locators, Jest-style ones on values. */
  export interface Expect {
    <T = unknown>(actual: T, message?: ExpectMessage): Matchers<T>;
    /** A failure is recorded and the step carries on; the step fails when it ends. */
    soft<T = unknown>(actual: T, message?: ExpectMessage): Matchers<T>;
    /** Calls `fn` until the matcher passes (default time limit 5 s). */
    poll<T>(fn: () => T | Promise<T>, options?: { message?: string; timeout?: number; intervals?: number[] }): PollMatchers;
    /** An `expect` whose assertions default to these options. */
    configure(options: { timeout?: number; soft?: boolean }): Expect;
    /** Adds the suite's own matchers to every `expect`; the `expect` answered knows their types. */
    extend<M extends Record<string, CustomMatcher>>(matchers: M): ExtendedExpect<M>;
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
