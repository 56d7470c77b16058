// Runs a cucumber-js custom formatter in a VM of its own (formatter_host.rs): a class that
// extends `Formatter` (it hears envelopes from `options.eventBroadcaster` and writes with
// `this.log`), or a formatter plugin (`{ type: 'formatter', formatter({ on, options, write }) }`).
// An EventDataCollector (js/formatter_helpers.js) gathers the attempts formatters read. Each
// delivered envelope answers the text written since; `finish` awaits the formatter's end.
// Evaluated as an expression; answers the function that starts the formatter.
(function (namespace, optionsJson, cwd, name) {
  'use strict';
  const modules = globalThis.__ferridriver_modules;
  const EventEmitter = modules.events;
  const { Buffer } = modules.buffer;
  const options = JSON.parse(optionsJson);

  const { EventDataCollector } = modules.cucumber.formatterHelpers;

  let written = [];
  const write = (chunk) => {
    written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
  };
  // Enough of a Writable for formatters that write to it, wait for its callbacks or end it.
  const stream = new EventEmitter();
  Object.assign(stream, {
    isTTY: false,
    columns: 80,
    writable: true,
    write(chunk, encoding, callback) {
      write(chunk);
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') queueMicrotask(() => done());
      return true;
    },
    end(chunk, encoding, callback) {
      if (chunk !== undefined && typeof chunk !== 'function') write(chunk);
      const done = [chunk, encoding, callback].find((a) => typeof a === 'function');
      if (done) queueMicrotask(() => done());
      queueMicrotask(() => stream.emit('finish'));
      return stream;
    },
  });
  // No colours in a custom formatter's output: every colour function gives the text back.
  const identity = (text) => text;
  const colorFns = { forStatus: () => identity };
  for (const key of ['location', 'tag', 'diffAdded', 'diffRemoved', 'errorMessage', 'errorStack']) colorFns[key] = identity;
  // What the run's envelopes say of the step definitions and the snippets of undefined steps.
  const stepDefinitions = [];
  // Hook definitions by when they run, as cucumber-js's support code library lists them.
  const hookLists = {
    BEFORE_TEST_CASE: [],
    AFTER_TEST_CASE: [],
    BEFORE_TEST_STEP: [],
    AFTER_TEST_STEP: [],
    BEFORE_TEST_RUN: [],
    AFTER_TEST_RUN: [],
  };
  const snippets = {};
  const placeOf = (d) => ({
    uri: d.sourceReference && d.sourceReference.uri,
    line: d.sourceReference && d.sourceReference.location && d.sourceReference.location.line,
  });
  const remember = (e) => {
    if (e.stepDefinition) {
      const d = e.stepDefinition;
      const source = d.pattern ? d.pattern.source : '';
      stepDefinitions.push({ id: d.id, ...placeOf(d), pattern: source, expression: { source } });
    } else if (e.hook) {
      const h = e.hook;
      const definition = { id: h.id, name: h.name, ...placeOf(h), tagExpression: h.tagExpression };
      // A hook without a type is a test-case hook, before or after.
      const lists = hookLists[h.type] ? [hookLists[h.type]] : [hookLists.BEFORE_TEST_CASE, hookLists.AFTER_TEST_CASE];
      for (const list of lists) list.push(definition);
    } else if (e.suggestion && e.suggestion.snippets && e.suggestion.snippets[0]) {
      snippets[e.suggestion.pickleStepId] = e.suggestion.snippets[0].code;
    }
  };
  const snippetBuilder = {
    // The snippet the run suggested for that step (ferridriver's, as in the `suggestion` message).
    build: ({ pickleStep }) => (pickleStep && snippets[pickleStep.id]) || '',
  };

  // What the module exports: its default (a CommonJS module's `module.exports`), or that
  // object's own `default`.
  let implementation = namespace && namespace.default !== undefined ? namespace.default : namespace;
  if (implementation && typeof implementation === 'object' && implementation.type !== 'formatter' && implementation.default) {
    implementation = implementation.default;
  }
  const broadcaster = new EventEmitter();
  broadcaster.on('envelope', remember);
  let deliver;
  let finish;
  let started;
  if (implementation && typeof implementation === 'object' && implementation.type === 'formatter') {
    if (typeof implementation.formatter !== 'function') throw new TypeError(`${name}: the plugin's "formatter" is not a function`);
    const handlers = [];
    const own = implementation.optionsKey ? options[implementation.optionsKey] || {} : options;
    const logger = { debug() {}, info: (...a) => console.error(...a), warn: (...a) => console.error(...a), error: (...a) => console.error(...a) };
    let cleanup;
    started = Promise.resolve(
      implementation.formatter({
        on: (key, handler) => {
          if (key === 'message') handlers.push(handler);
        },
        options: own,
        logger,
        stream,
        write,
        directory: undefined,
      }),
    ).then((answer) => {
      cleanup = answer;
    });
    deliver = (envelope) => {
      for (const handler of handlers) handler(envelope);
    };
    finish = async () => {
      if (typeof cleanup === 'function') await cleanup();
    };
  } else if (typeof implementation === 'function') {
    // Only a Formatter subclass gets the collector (it keeps every attempt, as cucumber-js's).
    const collector = new EventDataCollector(broadcaster);
    const instance = new implementation({
      colorFns,
      cwd,
      eventBroadcaster: broadcaster,
      eventDataCollector: collector,
      log: write,
      parsedArgvOptions: options,
      snippetBuilder,
      stream,
      cleanup: async () => {},
      supportCodeLibrary: {
        stepDefinitions,
        beforeTestCaseHookDefinitions: hookLists.BEFORE_TEST_CASE,
        afterTestCaseHookDefinitions: hookLists.AFTER_TEST_CASE,
        beforeTestStepHookDefinitions: hookLists.BEFORE_TEST_STEP,
        afterTestStepHookDefinitions: hookLists.AFTER_TEST_STEP,
        beforeTestRunHookDefinitions: hookLists.BEFORE_TEST_RUN,
        afterTestRunHookDefinitions: hookLists.AFTER_TEST_RUN,
        parameterTypeRegistry: undefined,
      },
    });
    started = Promise.resolve();
    deliver = () => {};
    finish = async () => {
      if (typeof instance.finished === 'function') await instance.finished();
    };
  } else {
    throw new TypeError(
      `${name} does not export a formatter: a class that extends Formatter, or { type: 'formatter', formatter(context) { … } }`,
    );
  }
  const take = () => {
    const text = written.join('');
    written = [];
    return text;
  };
  return {
    async envelope(json) {
      await started;
      const envelope = JSON.parse(json);
      broadcaster.emit('envelope', envelope);
      deliver(envelope);
      return take();
    },
    async finish() {
      await started;
      await finish();
      return take();
    },
  };
});
