// cucumber-js's `formatterHelpers` that custom formatters use (ferridriver's own reading of
// them): the EventDataCollector, the Gherkin document and pickle lookups,
// `parseTestCaseAttempt`, `formatLocation`, the issue predicates and keyword types. The
// helpers that format text in cucumber-js's own style (`formatIssue`, `formatSummary`,
// `getUsage`) say they are not provided. Evaluated after cucumber_scope.js.
(function (g) {
  'use strict';
  const modules = g.__ferridriver_modules;
  const api = modules.cucumber;

  const RANK = ['UNKNOWN', 'PASSED', 'SKIPPED', 'PENDING', 'UNDEFINED', 'AMBIGUOUS', 'FAILED'];
  const zero = () => ({ duration: { seconds: 0, nanos: 0 }, status: 'UNKNOWN' });
  const worstOf = (results) =>
    results.reduce((worst, r) => (RANK.indexOf(r.status) > RANK.indexOf(worst.status) ? r : worst), zero());

  // The attempts of a run, gathered from its envelopes (`eventBroadcaster`'s 'envelope').
  class EventDataCollector {
    constructor(broadcaster) {
      this.gherkinDocumentMap = {};
      this.pickleMap = {};
      this.testCaseMap = {};
      this.attempts = {};
      this.undefinedParameterTypes = [];
      if (broadcaster) broadcaster.on('envelope', (envelope) => this.parseEnvelope(envelope));
    }
    getGherkinDocument(uri) {
      return this.gherkinDocumentMap[uri];
    }
    getPickle(id) {
      return this.pickleMap[id];
    }
    getTestCaseAttempts() {
      return Object.keys(this.attempts).map((id) => this.getTestCaseAttempt(id));
    }
    getTestCaseAttempt(testCaseStartedId) {
      const data = this.attempts[testCaseStartedId];
      const testCase = this.testCaseMap[data.testCaseId];
      const pickle = this.pickleMap[testCase.pickleId];
      return {
        gherkinDocument: this.gherkinDocumentMap[pickle.uri],
        pickle,
        testCase,
        attempt: data.attempt,
        willBeRetried: data.willBeRetried,
        stepAttachments: data.stepAttachments,
        stepResults: data.stepResults,
        worstTestStepResult: data.worstTestStepResult,
      };
    }
    parseEnvelope(e) {
      if (e.gherkinDocument) this.gherkinDocumentMap[e.gherkinDocument.uri] = e.gherkinDocument;
      else if (e.pickle) this.pickleMap[e.pickle.id] = e.pickle;
      else if (e.undefinedParameterType) this.undefinedParameterTypes.push(e.undefinedParameterType);
      else if (e.testCase) this.testCaseMap[e.testCase.id] = e.testCase;
      else if (e.testCaseStarted) {
        const started = e.testCaseStarted;
        const stepResults = {};
        for (const step of this.testCaseMap[started.testCaseId].testSteps) stepResults[step.id] = zero();
        this.attempts[started.id] = {
          attempt: started.attempt,
          willBeRetried: false,
          testCaseId: started.testCaseId,
          stepAttachments: {},
          stepResults,
          worstTestStepResult: zero(),
        };
      } else if (e.attachment) {
        const { testCaseStartedId, testStepId } = e.attachment;
        const data = testCaseStartedId && this.attempts[testCaseStartedId];
        if (data && testStepId) (data.stepAttachments[testStepId] = data.stepAttachments[testStepId] || []).push(e.attachment);
      } else if (e.testStepFinished) {
        const data = this.attempts[e.testStepFinished.testCaseStartedId];
        if (data) data.stepResults[e.testStepFinished.testStepId] = e.testStepFinished.testStepResult;
      } else if (e.testCaseFinished) {
        const data = this.attempts[e.testCaseFinished.testCaseStartedId];
        if (data) {
          data.worstTestStepResult = worstOf(Object.values(data.stepResults));
          data.willBeRetried = Boolean(e.testCaseFinished.willBeRetried);
        }
      }
    }
  }

  // ---- Gherkin documents: the scenarios and steps by id, under rules too.
  const scenariosOf = (doc) =>
    doc.feature.children.flatMap((child) => (child.rule ? child.rule.children : [child])).filter((c) => c.scenario).map((c) => c.scenario);
  const stepContainersOf = (doc) =>
    doc.feature.children.flatMap((child) => {
      if (child.background) return [child.background];
      if (child.rule) return child.rule.children.map((c) => c.background || c.scenario);
      return [child.scenario];
    });
  const GherkinDocumentParser = {
    getGherkinStepMap(doc) {
      const map = {};
      for (const container of stepContainersOf(doc)) for (const step of container.steps) map[step.id] = step;
      return map;
    },
    getGherkinScenarioMap(doc) {
      const map = {};
      for (const scenario of scenariosOf(doc)) map[scenario.id] = scenario;
      return map;
    },
    getGherkinExampleRuleMap(doc) {
      const map = {};
      for (const child of doc.feature.children.filter((c) => c.rule)) {
        for (const c of child.rule.children.filter((x) => x.scenario)) map[c.scenario.id] = child.rule;
      }
      return map;
    },
    // Scenarios and example rows by id: a pickle's last AST node is one of them.
    getGherkinScenarioLocationMap(doc) {
      const map = {};
      for (const scenario of scenariosOf(doc)) {
        map[scenario.id] = scenario.location;
        for (const examples of scenario.examples || []) for (const row of examples.tableBody) map[row.id] = row.location;
      }
      return map;
    },
  };
  const PickleParser = {
    getPickleStepMap(pickle) {
      const map = {};
      for (const step of pickle.steps) map[step.id] = step;
      return map;
    },
    getStepKeyword({ pickleStep, gherkinStepMap }) {
      return pickleStep.astNodeIds.map((id) => gherkinStepMap[id]).find((s) => s != null).keyword;
    },
    getScenarioDescription({ pickle, gherkinScenarioMap }) {
      return pickle.astNodeIds.map((id) => gherkinScenarioMap[id]).find((s) => s != null).description;
    },
    getPickleLocation({ gherkinDocument, pickle }) {
      return GherkinDocumentParser.getGherkinScenarioLocationMap(gherkinDocument)[pickle.astNodeIds[pickle.astNodeIds.length - 1]];
    },
  };

  const KeywordType = Object.freeze({ Precondition: 'precondition', Event: 'event', Outcome: 'outcome' });
  // English keywords, and `* ` (a "given" in every dialect); other languages' And/But-like or
  // unknown keywords take the previous type (the pickle's own step type says it in every
  // language, which parseTestCaseAttempt reads).
  const ENGLISH = { 'Given ': KeywordType.Precondition, '* ': KeywordType.Precondition, 'When ': KeywordType.Event, 'Then ': KeywordType.Outcome };
  const getStepKeywordType = ({ keyword, previousKeywordType }) => ENGLISH[keyword] || previousKeywordType || KeywordType.Precondition;
  const fromPickleType = { Context: KeywordType.Precondition, Action: KeywordType.Event, Outcome: KeywordType.Outcome };

  const isFailure = (result, willBeRetried = false) =>
    result.status === 'AMBIGUOUS' || result.status === 'UNDEFINED' || (result.status === 'FAILED' && !willBeRetried);
  const isWarning = (result, willBeRetried = false) => result.status === 'PENDING' || (result.status === 'FAILED' && willBeRetried);
  const isIssue = (result) => isFailure(result) || isWarning(result);

  function formatLocation(obj, cwd) {
    const uri = cwd !== undefined && cwd !== null ? modules.path.relative(cwd, obj.uri) : obj.uri;
    return `${uri}:${obj.line}`;
  }

  // An attempt as formatters print it: the test case's name and place, then each step (hooks
  // named Before/After with their definition's place) with its result, attachments and, when
  // undefined, its snippet.
  function parseTestCaseAttempt({ testCaseAttempt, snippetBuilder, supportCodeLibrary }) {
    const { testCase, pickle, gherkinDocument } = testCaseAttempt;
    const stepMap = GherkinDocumentParser.getGherkinStepMap(gherkinDocument);
    const locations = GherkinDocumentParser.getGherkinScenarioLocationMap(gherkinDocument);
    const pickleSteps = PickleParser.getPickleStepMap(pickle);
    const library = supportCodeLibrary || {};
    const parsedCase = {
      attempt: testCaseAttempt.attempt,
      name: pickle.name,
      sourceLocation: { uri: pickle.uri, line: locations[pickle.astNodeIds[pickle.astNodeIds.length - 1]].line },
      worstTestStepResult: testCaseAttempt.worstTestStepResult,
    };
    let beforeSteps = true;
    let previousType = KeywordType.Precondition;
    const testSteps = testCase.testSteps.map((testStep) => {
      const result = testCaseAttempt.stepResults[testStep.id] || zero();
      beforeSteps = beforeSteps && Boolean(testStep.hookId);
      const pickleStep = testStep.pickleStepId ? pickleSteps[testStep.pickleStepId] : undefined;
      const keyword = pickleStep ? PickleParser.getStepKeyword({ pickleStep, gherkinStepMap: stepMap }) : beforeSteps ? 'Before' : 'After';
      const keywordType = pickleStep ? fromPickleType[pickleStep.type] || getStepKeywordType({ keyword, previousKeywordType: previousType }) : undefined;
      const step = { attachments: testCaseAttempt.stepAttachments[testStep.id] || [], keyword, result };
      if (testStep.hookId) {
        const hooks = (beforeSteps ? library.beforeTestCaseHookDefinitions : library.afterTestCaseHookDefinitions) || [];
        const hook = hooks.find((h) => h.id === testStep.hookId);
        if (hook) {
          step.actionLocation = { uri: hook.uri, line: hook.line };
          step.name = hook.name;
        }
      }
      if (testStep.stepDefinitionIds && testStep.stepDefinitionIds.length === 1) {
        const definition = (library.stepDefinitions || []).find((d) => d.id === testStep.stepDefinitionIds[0]);
        if (definition) step.actionLocation = { uri: definition.uri, line: definition.line };
      }
      if (pickleStep) {
        step.sourceLocation = { uri: pickle.uri, line: stepMap[pickleStep.astNodeIds[0]].location.line };
        step.text = pickleStep.text;
        if (pickleStep.argument) step.argument = pickleStep.argument;
      }
      if (result.status === 'UNDEFINED' && snippetBuilder) step.snippet = snippetBuilder.build({ keywordType, pickleStep });
      if (keywordType) previousType = keywordType;
      return step;
    });
    return { testCase: parsedCase, testSteps };
  }

  const notProvided = (name) => () => {
    throw new Error(`formatterHelpers.${name} is not provided by ferridriver (cucumber-js's own text formats)`);
  };
  api.formatterHelpers = Object.freeze({
    EventDataCollector,
    // Left writable, as cucumber-js's module exports are (tests stub them).
    GherkinDocumentParser,
    PickleParser,
    KeywordType,
    getStepKeywordType,
    parseTestCaseAttempt,
    formatLocation,
    isFailure,
    isWarning,
    isIssue,
    formatIssue: notProvided('formatIssue'),
    formatSummary: notProvided('formatSummary'),
    getUsage: notProvided('getUsage'),
  });
})(globalThis);
