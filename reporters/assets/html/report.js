// The HTML report's page: reads the Cucumber Messages embedded in the file (one JSON envelope
// per line in <script type="application/x-ndjson" id="cucumber-messages">) and builds the
// report in the browser. No network, no dependencies. Scenario bodies are built when opened,
// so a run of 10,000 scenarios stays usable.
(function () {
  'use strict';
  const began = performance.now();
  // Cucumber's status order, least severe first: a scenario is as bad as its worst step.
  const ORDER = ['UNKNOWN', 'PASSED', 'SKIPPED', 'PENDING', 'UNDEFINED', 'AMBIGUOUS', 'FAILED'];
  // `flaky`: passed on a retry (an earlier attempt failed); counted and filtered apart from passed.
  const SHOWN = ['passed', 'flaky', 'failed', 'pending', 'undefined', 'ambiguous', 'skipped'];
  const ICON = { passed: '✔', failed: '✘', pending: '?', undefined: '?', ambiguous: '✘', skipped: '↷', unknown: '·' };

  const state = {
    meta: null, runStarted: null, runFinished: null, docs: [], ast: new Map(), pickles: new Map(),
    definitions: new Map(), hooks: new Map(), cases: new Map(), started: new Map(), byCase: new Map(),
    parseErrors: [], undefinedParameterTypes: [], suggestions: new Map(), runAttachments: [],
  };

  function h(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') e.className = v;
      else if (k === 'text') e.textContent = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) e.append(c);
    return e;
  }
  const lower = (s) => String(s || '').toLowerCase();
  const ms = (d) => (d ? Number(d.seconds || 0) * 1000 + Number(d.nanos || 0) / 1e6 : 0);
  const when = (t) => (t ? new Date(ms(t)) : null);
  function duration(millis) {
    if (millis < 1000) return `${Math.round(millis)} ms`;
    if (millis < 60000) return `${(millis / 1000).toFixed(2)} s`;
    return `${Math.floor(millis / 60000)} min ${Math.round((millis % 60000) / 1000)} s`;
  }
  function worst(statuses) {
    let w = 'PASSED';
    for (const s of statuses) if (ORDER.indexOf(s) > ORDER.indexOf(w)) w = s;
    return w === 'UNKNOWN' ? 'SKIPPED' : w;
  }
  function decode(body, encoding) {
    if (encoding !== 'BASE64') return body || '';
    try {
      const bytes = Uint8Array.from(atob(body || ''), (c) => c.charCodeAt(0));
      return new TextDecoder().decode(bytes);
    } catch (_) {
      return '';
    }
  }

  // ---- reading the messages, line by line.
  function indexDocument(doc) {
    state.docs.push(doc);
    const feature = doc.feature;
    if (!feature) return;
    const visit = (children, rule) => {
      for (const child of children || []) {
        if (child.rule) {
          state.ast.set(child.rule.id, { kind: 'rule', node: child.rule, doc });
          visit(child.rule.children, child.rule);
        }
        const block = child.scenario || child.background;
        if (!block) continue;
        state.ast.set(block.id, { kind: child.scenario ? 'scenario' : 'background', node: block, rule, doc });
        for (const step of block.steps || []) state.ast.set(step.id, { kind: 'step', node: step, doc });
        for (const examples of block.examples || []) {
          for (const row of examples.tableBody || []) state.ast.set(row.id, { kind: 'row', node: row, header: examples.tableHeader, doc });
        }
      }
    };
    visit(feature.children, null);
  }
  function read(envelope) {
    const [kind, m] = Object.entries(envelope)[0] || [];
    switch (kind) {
      case 'meta': state.meta = m; break;
      case 'gherkinDocument': indexDocument(m); break;
      case 'pickle': state.pickles.set(m.id, m); break;
      case 'stepDefinition': state.definitions.set(m.id, m); break;
      case 'hook': state.hooks.set(m.id, m); break;
      case 'testCase': state.cases.set(m.id, m); break;
      case 'testRunStarted': state.runStarted = m; break;
      case 'testRunFinished': state.runFinished = m; break;
      case 'parseError': state.parseErrors.push(m); break;
      case 'undefinedParameterType': state.undefinedParameterTypes.push(m); break;
      case 'suggestion': state.suggestions.set(m.pickleStepId, (m.snippets || []).map((s) => s.code)); break;
      case 'testCaseStarted': {
        const attempt = { id: m.id, testCaseId: m.testCaseId, attempt: m.attempt || 0, results: new Map(), attachments: [], willBeRetried: false, started: m.timestamp };
        state.started.set(m.id, attempt);
        if (!state.byCase.has(m.testCaseId)) state.byCase.set(m.testCaseId, []);
        state.byCase.get(m.testCaseId).push(attempt);
        break;
      }
      case 'testStepFinished': {
        const a = state.started.get(m.testCaseStartedId);
        if (a) a.results.set(m.testStepId, m.testStepResult);
        break;
      }
      case 'testCaseFinished': {
        const a = state.started.get(m.testCaseStartedId);
        if (a) a.willBeRetried = !!m.willBeRetried;
        break;
      }
      case 'attachment': {
        const a = m.testCaseStartedId && state.started.get(m.testCaseStartedId);
        if (a) a.attachments.push(m);
        else state.runAttachments.push(m);
        break;
      }
      default: break;
    }
  }
  const source = document.getElementById('cucumber-messages');
  const text = source ? source.textContent : '';
  for (let at = 0; at < text.length;) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    const line = text.slice(at, end).trim();
    at = end + 1;
    if (!line) continue;
    try {
      read(JSON.parse(line));
    } catch (_) {
      // A damaged line loses itself, not the report.
    }
  }

  // ---- the scenarios that ran, with their final attempt.
  const scenarios = [];
  for (const [caseId, attempts] of state.byCase) {
    const testCase = state.cases.get(caseId);
    const pickle = testCase && state.pickles.get(testCase.pickleId);
    if (!pickle) continue;
    attempts.sort((a, b) => a.attempt - b.attempt);
    const last = attempts[attempts.length - 1];
    const final = lower(worst([...last.results.values()].map((r) => r.status)));
    const status = final === 'passed' && attempts.length > 1 ? 'flaky' : final;
    const tags = pickle.tags.map((t) => t.name);
    const scenarioNode = state.ast.get(pickle.astNodeIds[0]);
    const rule = scenarioNode && scenarioNode.rule;
    const feature = scenarioNode && scenarioNode.doc.feature;
    const stepText = pickle.steps.map((s) => s.text).join('\n');
    scenarios.push({
      pickle, testCase, attempts, last, status, tags, rule,
      search: lower([pickle.name, pickle.uri, feature && feature.name, tags.join(' '), stepText].join('\n')),
    });
  }

  // ---- counts.
  const scenarioCounts = {};
  const stepCounts = {};
  for (const s of scenarios) {
    scenarioCounts[s.status] = (scenarioCounts[s.status] || 0) + 1;
    for (const step of s.testCase.testSteps) {
      if (!step.pickleStepId) continue;
      const r = s.last.results.get(step.id);
      const st = lower(r ? (r.status === 'UNKNOWN' ? 'SKIPPED' : r.status) : 'SKIPPED');
      stepCounts[st] = (stepCounts[st] || 0) + 1;
    }
  }
  const countLine = (counts) =>
    SHOWN.filter((s) => counts[s]).map((s) => h('span', { class: `count s-${s}`, text: `${counts[s]} ${s}` }));
  const total = (counts) => Object.values(counts).reduce((a, b) => a + b, 0);

  // ---- a scenario's body, built when opened.
  function location(uri, line) {
    return uri ? `${uri}${line ? ':' + line : ''}` : '';
  }
  function definedAt(reference) {
    return reference && reference.uri ? location(reference.uri, reference.location && reference.location.line) : '';
  }
  function attachmentView(a) {
    const body = a.body || '';
    const type = a.mediaType || '';
    const name = a.fileName ? h('div', { class: 'name', text: a.fileName }) : null;
    if (type === 'text/x.cucumber.log+plain') return h('div', { class: 'log', text: decode(body, a.contentEncoding) });
    // A video file (`--video`): played in place, with its link.
    if (a.url && type.startsWith('video/')) {
      return h('div', { class: 'attachment video' }, name, h('video', { src: a.url, controls: true, preload: 'metadata' }), h('div', {}, h('a', { href: a.url, text: a.url })));
    }
    if (a.url) return h('div', { class: 'attachment' }, name, h('a', { href: a.url, text: a.url }));
    if (type.startsWith('image/') && a.contentEncoding === 'BASE64') {
      return h('div', { class: 'attachment' }, name, h('img', { src: `data:${type};base64,${body}`, alt: a.fileName || 'attached image' }));
    }
    if (type === 'text/uri-list') {
      const links = decode(body, a.contentEncoding).split(/\r?\n/).filter((l) => l && !l.startsWith('#'));
      return h('div', { class: 'attachment' }, name, links.map((l) => h('div', {}, h('a', { href: l, text: l }))));
    }
    if (type === 'application/json') {
      let pretty = decode(body, a.contentEncoding);
      try { pretty = JSON.stringify(JSON.parse(pretty), null, 2); } catch (_) { /* shown as it is */ }
      return h('div', { class: 'attachment' }, name, h('pre', { text: pretty }));
    }
    if (type.startsWith('text/')) return h('div', { class: 'attachment' }, name, h('pre', { text: decode(body, a.contentEncoding) }));
    const href = a.contentEncoding === 'BASE64' ? `data:${type};base64,${body}` : `data:${type},${encodeURIComponent(body)}`;
    return h('div', { class: 'attachment' }, h('a', { href, download: a.fileName || 'attachment', text: `Download ${a.fileName || type}` }));
  }
  function argumentView(argument) {
    if (!argument) return null;
    if (argument.dataTable) {
      return h('table', { class: 'data' }, argument.dataTable.rows.map((row) => h('tr', {}, row.cells.map((c) => h('td', { text: c.value })))));
    }
    if (argument.docString) {
      const d = argument.docString;
      return h('pre', { class: 'docstring', 'data-media-type': d.mediaType || null, text: d.content });
    }
    return null;
  }
  function errorView(result) {
    if (!result) return null;
    const e = result.exception;
    const textOf = e ? [e.type && e.message ? `${e.type}: ${e.message}` : e.message || e.type, e.stackTrace].filter(Boolean).join('\n') : '';
    const message = textOf || result.message;
    if (!message) return null;
    return h('pre', { class: result.status === 'FAILED' ? 'error' : 'note', text: message });
  }
  function stepsView(s, attempt) {
    const list = h('ol', { class: 'steps' });
    const attachmentsOf = (id) => attempt.attachments.filter((a) => a.testStepId === id);
    for (const step of s.testCase.testSteps) {
      const result = attempt.results.get(step.id);
      const status = lower(result ? (result.status === 'UNKNOWN' ? 'SKIPPED' : result.status) : 'SKIPPED');
      const attachments = attachmentsOf(step.id);
      if (step.hookId) {
        if (status !== 'failed' && attachments.length === 0) continue;
        const hook = state.hooks.get(step.hookId) || {};
        const label = hook.type ? hook.type.replace(/_/g, ' ').toLowerCase() : 'hook';
        list.append(h('li', { class: 'step hook', 'data-status': status },
          h('div', { class: 'line' }, h('span', { class: 'icon', text: ICON[status] }), h('span', { class: 'keyword', text: `Hook (${label})` }),
            hook.name ? h('span', { text: hook.name }) : null, h('span', { class: 'status', text: status }), h('span', { class: 'where', text: definedAt(hook.sourceReference) })),
          errorView(result), attachments.map(attachmentView)));
        continue;
      }
      const pickleStep = s.pickle.steps.find((p) => p.id === step.pickleStepId);
      if (!pickleStep) continue;
      const gherkin = state.ast.get(pickleStep.astNodeIds[0]);
      const keyword = gherkin ? gherkin.node.keyword : '';
      const line = gherkin && gherkin.node.location ? gherkin.node.location.line : null;
      const definitions = (step.stepDefinitionIds || []).map((id) => state.definitions.get(id)).filter(Boolean);
      const extra = [];
      if (status === 'failed' || status === 'pending') {
        extra.push(h('div', { class: 'where', text: `at ${location(s.pickle.uri, line)}` + (definitions[0] ? ` — defined at ${definedAt(definitions[0].sourceReference)}` : '') }));
      }
      if (status === 'undefined') {
        const snippets = state.suggestions.get(pickleStep.id) || [];
        extra.push(h('div', { class: 'where', text: `Undefined step at ${location(s.pickle.uri, line)}${snippets.length ? '; implement it with:' : ''}` }));
        for (const code of snippets) extra.push(h('pre', { class: 'snippet', text: code }));
      }
      if (status === 'ambiguous') {
        extra.push(h('div', { class: 'where', text: 'Several step definitions match:' }));
        extra.push(h('pre', { class: 'error', text: definitions.map((d) => `${d.pattern.source}   ${definedAt(d.sourceReference)}`).join('\n') }));
      }
      list.append(h('li', { class: 'step', 'data-status': status },
        h('div', { class: 'line' }, h('span', { class: 'icon', 'aria-hidden': 'true', text: ICON[status] }), h('span', { class: 'keyword', text: keyword.trim() }),
          h('span', { class: 'text', text: pickleStep.text }), h('span', { class: 'status', text: status }),
          result && result.duration ? h('span', { class: 'duration', text: duration(ms(result.duration)) }) : null),
        argumentView(pickleStep.argument), errorView(result), extra, attachments.map(attachmentView)));
    }
    return list;
  }
  function bodyOf(s) {
    const body = h('div', { class: 'body' });
    const row = state.ast.get(s.pickle.astNodeIds[1]);
    if (row && row.header) {
      body.append(h('div', { class: 'where', text: 'Example: ' + row.header.cells.map((c, i) => `${c.value} = ${row.node.cells[i] ? row.node.cells[i].value : ''}`).join(', ') }));
    }
    const n = s.attempts.length;
    if (n > 1) body.append(h('div', { class: 'attempt-label', text: `Attempt ${n} of ${n} (retried ${n - 1} time${n > 2 ? 's' : ''})` }));
    body.append(stepsView(s, s.last));
    // Files attached to the whole test case: its trace, with how to open it.
    for (const a of s.last.attachments.filter((x) => !x.testStepId && x.url)) {
      if (a.mediaType === 'application/zip') {
        body.append(h('div', { class: 'attachment trace' }, h('span', { text: 'Trace: ' }), h('a', { href: a.url, text: a.fileName || a.url }),
          h('span', { text: ` — open it with npx playwright show-trace ${a.url}, or drop the file on trace.playwright.dev` })));
      } else {
        body.append(attachmentView(a));
      }
    }
    s.attempts.slice(0, -1).forEach((a, i) => {
      const st = lower(worst([...a.results.values()].map((r) => r.status)));
      const earlier = h('details', { class: 'attempt' }, h('summary', { text: `Attempt ${i + 1} — ${st}` }));
      earlier.addEventListener('toggle', () => { if (earlier.open && earlier.children.length === 1) earlier.append(stepsView(s, a)); });
      body.append(earlier);
    });
    return body;
  }

  // ---- Cucumber tag expressions: and, or, not, parentheses, @tags (\ escapes).
  function parseTags(expression) {
    const tokens = [];
    const re = /\s*(\(|\)|(?:\\.|[^\s()\\])+)/g;
    let m;
    let rest = expression;
    while ((m = re.exec(expression))) tokens.push(m[1]);
    rest = expression.replace(re, '');
    if (rest.trim()) throw new Error(`unexpected ${rest.trim()}`);
    let i = 0;
    const peek = () => tokens[i];
    function primary() {
      const t = tokens[i++];
      if (t === undefined) throw new Error('expression ends too early');
      if (t === '(') {
        const e = or();
        if (tokens[i++] !== ')') throw new Error('missing )');
        return e;
      }
      if (t === 'not') { const e = primary(); return (tags) => !e(tags); }
      if (t === ')' || t === 'and' || t === 'or') throw new Error(`unexpected ${t}`);
      const name = t.replace(/\\(.)/g, '$1');
      return (tags) => tags.includes(name);
    }
    function and() {
      let left = primary();
      while (peek() === 'and') { i++; const l = left; const r = primary(); left = (tags) => l(tags) && r(tags); }
      return left;
    }
    function or() {
      let left = and();
      while (peek() === 'or') { i++; const l = left; const r = and(); left = (tags) => l(tags) || r(tags); }
      return left;
    }
    if (!tokens.length) return () => true;
    const e = or();
    if (i < tokens.length) throw new Error(`unexpected ${tokens[i]}`);
    return e;
  }

  // ---- the page.
  const root = document.getElementById('report');
  root.textContent = '';
  const success = state.runFinished ? !!state.runFinished.success : false;
  const started = when(state.runStarted && state.runStarted.timestamp);
  const finished = when(state.runFinished && state.runFinished.timestamp);
  const meta = state.meta;
  root.append(h('header', { class: 'run' },
    h('h1', { text: 'Cucumber report' }),
    h('span', { class: `outcome ${success ? 'passed' : 'failed'}`, text: success ? 'Passed' : 'Failed' }),
    started ? h('span', { class: 'meta', text: `Started ${started.toLocaleString()}` }) : null,
    started && finished ? h('span', { class: 'meta', text: `Duration ${duration(finished - started)}` }) : null,
    meta ? h('span', { class: 'meta', text: [meta.implementation && `${meta.implementation.name} ${meta.implementation.version || ''}`, meta.os && `${meta.os.name} ${meta.os.version || ''}`, meta.runtime && `${meta.runtime.name} ${meta.runtime.version || ''}`, meta.ci && `CI: ${meta.ci.name}`].filter(Boolean).join(' · ') }) : null));

  const problems = [];
  for (const e of state.parseErrors) problems.push(h('pre', { class: 'error', text: `${location(e.source.uri, e.source.location && e.source.location.line)}: ${e.message}` }));
  for (const u of state.undefinedParameterTypes) problems.push(h('pre', { class: 'error', text: `Undefined parameter type {${u.name}} in ${u.expression}` }));
  if (state.runFinished && state.runFinished.exception) problems.push(h('pre', { class: 'error', text: state.runFinished.exception.message || '' }));
  if (problems.length) root.append(h('section', { class: 'problems', 'aria-label': 'Problems' }, h('strong', { text: 'Problems' }), problems));

  root.append(h('section', { class: 'summary', 'aria-label': 'Summary' },
    h('div', { class: 'box' }, h('strong', { text: `${scenarios.length} scenarios` }), h('div', {}, countLine(scenarioCounts))),
    h('div', { class: 'box' }, h('strong', { text: `${total(stepCounts)} steps` }), h('div', {}, countLine(stepCounts)))));
  if (state.runAttachments.length) root.append(h('section', { class: 'run-attachments', 'aria-label': 'Run attachments' }, state.runAttachments.map(attachmentView)));

  const checked = {};
  const boxes = SHOWN.filter((s) => scenarioCounts[s]).map((s) => {
    checked[s] = true;
    const input = h('input', { type: 'checkbox', id: `status-${s}`, checked: true });
    input.addEventListener('change', () => { checked[s] = input.checked; apply(); });
    return h('label', { for: `status-${s}`, class: `s-${s}` }, input, ` ${s} (${scenarioCounts[s]})`);
  });
  const search = h('input', { type: 'search', 'aria-label': 'Search', placeholder: 'Search scenarios, steps, tags' });
  const tagInput = h('input', { class: 'tags', 'aria-label': 'Tag expression', placeholder: '@smoke and not @slow' });
  const tagError = h('span', { class: 'tag-error', role: 'alert' });
  const shownText = h('span', { class: 'shown' });
  search.addEventListener('input', () => apply());
  tagInput.addEventListener('input', () => apply());
  root.append(h('div', { class: 'filters' }, boxes, search, tagInput, tagError, shownText));

  // Features in the order their documents came, rules inside them.
  const list = h('div', { class: 'features' });
  const featureSections = [];
  const byUri = new Map();
  for (const s of scenarios) {
    if (!byUri.has(s.pickle.uri)) byUri.set(s.pickle.uri, []);
    byUri.get(s.pickle.uri).push(s);
  }
  // Within a file, scenarios in the order they are written (workers finish them in any order).
  const lineOf = (s) => {
    const at = (id) => { const n = state.ast.get(id); return n && n.node.location ? n.node.location.line : 0; };
    return [at(s.pickle.astNodeIds[0]), at(s.pickle.astNodeIds[1])];
  };
  for (const list of byUri.values()) list.sort((a, b) => { const [x, y] = [lineOf(a), lineOf(b)]; return x[0] - y[0] || x[1] - y[1]; });
  const uris = state.docs.map((d) => d.uri).filter((u) => byUri.has(u));
  for (const u of byUri.keys()) if (!uris.includes(u)) uris.push(u);
  for (const uri of uris) {
    const doc = state.docs.find((d) => d.uri === uri);
    const feature = doc && doc.feature;
    const section = h('section', { class: 'feature', 'aria-label': feature ? feature.name : uri },
      h('h2', { text: feature ? `${feature.keyword}: ${feature.name}` : uri }), h('div', { class: 'uri', text: uri }),
      feature && feature.description && feature.description.trim() ? h('div', { class: 'description', text: feature.description.trim() }) : null);
    const ruleSections = new Map();
    for (const s of byUri.get(uri)) {
      let parent = section;
      if (s.rule) {
        if (!ruleSections.has(s.rule.id)) {
          const r = h('section', { class: 'rule' }, h('h3', { text: `${s.rule.keyword}: ${s.rule.name}` }));
          ruleSections.set(s.rule.id, r);
          section.append(r);
        }
        parent = ruleSections.get(s.rule.id);
      }
      const open = ['failed', 'undefined', 'ambiguous'].includes(s.status);
      const scenarioNode = state.ast.get(s.pickle.astNodeIds[0]);
      const keyword = scenarioNode ? scenarioNode.node.keyword : 'Scenario';
      const line = s.pickle.location ? s.pickle.location.line : scenarioNode && scenarioNode.node.location.line;
      const details = h('details', { open },
        h('summary', {},
          h('span', { class: `status s-${s.status}`, text: s.status }),
          h('h3', { text: `${keyword}: ${s.pickle.name}` }),
          h('span', { class: 'uri', text: location(uri, line) }),
          s.attempts.length > 1 ? h('span', { class: 'attempt-label', text: `${s.attempts.length} attempts` }) : null,
          h('span', {}, s.tags.map((t) => h('span', { class: 'tag', text: t, title: 'Filter by this tag', onclick: (ev) => { ev.preventDefault(); addTag(t); } })))));
      const build = () => { if (details.open && details.children.length === 1) details.append(bodyOf(s)); };
      details.addEventListener('toggle', build);
      build();
      s.element = h('article', { class: 'scenario', 'data-status': s.status }, details);
      s.section = section;
      parent.append(s.element);
    }
    featureSections.push(section);
    list.append(section);
  }
  root.append(list);

  function addTag(tag) {
    const current = tagInput.value.trim();
    tagInput.value = current ? `${current} and ${tag}` : tag;
    apply();
  }
  function apply() {
    let matches = () => true;
    tagError.textContent = '';
    try {
      matches = parseTags(tagInput.value.trim());
    } catch (e) {
      tagError.textContent = `Invalid tag expression: ${e.message}`;
    }
    const q = lower(search.value.trim());
    const visible = new Set();
    let shown = 0;
    for (const s of scenarios) {
      const on = checked[s.status] !== false && (!q || s.search.includes(q)) && matches(s.tags);
      s.element.classList.toggle('hidden', !on);
      if (on) { shown++; visible.add(s.section); }
    }
    for (const section of featureSections) section.classList.toggle('hidden', !visible.has(section));
    shownText.textContent = `${shown} of ${scenarios.length} scenarios shown`;
  }
  apply();
  // How long building the report took (for measurements).
  root.dataset.renderMs = String(Math.round(performance.now() - began));
})();
