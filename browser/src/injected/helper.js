// ferridriver's in-page helper: element queries by text, label and attributes, and the
// actionability checks of the auto-waiting locators. Evaluated as an expression that yields
// the helper object; it keeps nothing but caches, so it can be re-created in any document. `aria` is roles.js's
// object (the Rust side applies this function to it; `null` where no role query is made).
((aria) => {
  const norm = (s) => String(s == null ? '' : s).replace(/\s+/g, ' ').trim();
  const PINS = Symbol.for('ferridriver.pins');
  // The engines `selectors.register` made, per document (`custom`).
  const engines = new WeakMap();
  // Numbers start at a random point in each document: a handle kept across a navigation never
  // names what the next document pinned under the same number.
  const pins = (doc) =>
    doc[PINS] || Object.defineProperty(doc, PINS, { value: { next: Math.floor(Math.random() * 1e12), map: new Map() } })[PINS];

  // A text matcher sent from Rust: {kind: 'exact'|'substring'|'regex', value, source, flags}.
  const test = (text, m) => {
    const t = norm(text);
    if (m.kind === 'exact') return t === m.value;
    if (m.kind === 'regex') return new RegExp(m.source, m.flags).test(t);
    return t.toLowerCase().includes(norm(m.value).toLowerCase());
  };

  const elementText = (el) => {
    if (el.localName === 'input' && (el.type === 'button' || el.type === 'submit')) return el.value;
    return el.textContent;
  };

  const elements = (root) => {
    const scope = root.nodeType === Node.DOCUMENT_NODE ? root.documentElement : root;
    const out = scope ? [scope] : [];
    if (scope) out.push(...scope.querySelectorAll('*'));
    return out.filter((e) => !['SCRIPT', 'STYLE', 'HEAD', 'TITLE', 'NOSCRIPT', 'TEMPLATE'].includes(e.tagName));
  };

  // An element's labels as Playwright's getByLabel reads them: the elements `aria-labelledby`
  // names (when one exists), else `aria-label` (on any element), else a form control's own
  // <label>s (not a hidden input's).
  const LABELABLE = ['BUTTON', 'METER', 'OUTPUT', 'PROGRESS', 'SELECT', 'TEXTAREA'];
  const labelsOf = (el) => {
    if (!el.getAttribute) return [];
    const by = el.getAttribute('aria-labelledby');
    const refs = by ? by.split(/\s+/).filter(Boolean).map((id) => el.ownerDocument.getElementById(id)).filter(Boolean) : [];
    if (refs.length) return refs.map((l) => l.textContent);
    const aria = el.getAttribute('aria-label');
    if (aria !== null && aria.trim()) return [aria];
    const input = el.tagName === 'INPUT' && el.type !== 'hidden';
    if ((input || LABELABLE.includes(el.tagName)) && el.labels) return Array.from(el.labels, (l) => l.textContent);
    return [];
  };

  // Visible as Playwright decides it: rendered (`checkVisibility`, which also sees a closed
  // <details>' content and `content-visibility`), `visibility: visible`, and a non-empty box;
  // `display: contents` is visible when one of its children is. Opacity does not count.
  const isVisible = (el) => {
    if (!el.isConnected) return false;
    const style = (el.ownerDocument.defaultView || window).getComputedStyle(el);
    if (style.display === 'contents') {
      for (let c = el.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === 1 && isVisible(c)) return true;
        if (c.nodeType === 3) {
          const range = el.ownerDocument.createRange();
          range.selectNode(c);
          const r = range.getBoundingClientRect();
          if (r.width > 0 && r.height > 0) return true;
        }
      }
      return false;
    }
    if (typeof el.checkVisibility === 'function' && !el.checkVisibility()) return false;
    if (style.visibility !== 'visible') return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };

  // The role `aria-*` states are read for: the explicit one, else the implicit one of the few
  // elements whose role carries aria-disabled / aria-readonly / aria-checked.
  const IMPLICIT = { button: 'button', select: 'combobox', textarea: 'textbox', option: 'option', fieldset: 'group',
    optgroup: 'group', details: 'group', a: 'link', area: 'link', summary: 'button' };
  const INPUT_ROLES = { checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox',
    button: 'button', submit: 'button', reset: 'button', image: 'button' };
  const roleFor = (el) => {
    const explicit = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
    if (explicit) return explicit;
    if (el.localName === 'input') return INPUT_ROLES[el.type] || 'textbox';
    if ((el.localName === 'a' || el.localName === 'area') && !el.hasAttribute('href')) return '';
    return IMPLICIT[el.localName] || '';
  };
  const DISABLEABLE_ROLES = ['application', 'button', 'composite', 'gridcell', 'group', 'input', 'link', 'menuitem',
    'scrollbar', 'separator', 'tab', 'checkbox', 'columnheader', 'combobox', 'grid', 'listbox', 'menu', 'menubar',
    'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'radiogroup', 'row', 'rowheader', 'searchbox', 'select',
    'slider', 'spinbutton', 'switch', 'tablist', 'textbox', 'toolbar', 'tree', 'treegrid', 'treeitem'];
  const READONLY_ROLES = ['checkbox', 'combobox', 'grid', 'gridcell', 'listbox', 'radiogroup', 'slider', 'spinbutton',
    'textbox'];
  const CHECKED_ROLES = ['checkbox', 'menuitemcheckbox', 'option', 'radio', 'switch', 'menuitemradio', 'treeitem'];
  const FORM_CONTROLS = ['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'OPTION', 'OPTGROUP'];

  // Disabled natively (its own attribute, a disabled optgroup, or a disabled fieldset unless in
  // that fieldset's legend) or by aria-disabled on it (when its role has the state) or an
  // ancestor, the nearest explicit value deciding.
  const isDisabled = (el) => {
    if (FORM_CONTROLS.includes(el.tagName)) {
      if (el.hasAttribute('disabled')) return true;
      if (el.tagName === 'OPTION' && el.closest('optgroup[disabled]')) return true;
      const fieldset = el.closest('fieldset[disabled]');
      if (fieldset) {
        const legend = fieldset.querySelector(':scope > legend');
        if (!legend || !legend.contains(el)) return true;
      }
    }
    for (let e = el, ancestor = false; e; e = e.parentElement || (e.getRootNode() && e.getRootNode().host), ancestor = true) {
      if (!ancestor && !DISABLEABLE_ROLES.includes(roleFor(e))) return false;
      const v = (e.getAttribute('aria-disabled') || '').toLowerCase();
      if (v === 'true') return true;
      if (v === 'false') return false;
    }
    return false;
  };

  // Checked, unchecked or 'mixed'; an element that has no such state is an error, as in Playwright.
  const checkedState = (el) => {
    if (el.localName === 'input' && (el.type === 'checkbox' || el.type === 'radio')) {
      return el.type === 'checkbox' && el.indeterminate ? 'mixed' : el.checked;
    }
    if (CHECKED_ROLES.includes(roleFor(el))) {
      const v = el.getAttribute('aria-checked');
      return v === 'true' ? true : v === 'mixed' ? 'mixed' : false;
    }
    throw new Error('Not a checkbox or radio button');
  };

  const isEditable = (el) => {
    let readonly;
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) readonly = el.hasAttribute('readonly');
    else if (el.isContentEditable) readonly = false;
    else if (READONLY_ROLES.includes(roleFor(el))) readonly = el.getAttribute('aria-readonly') === 'true';
    else throw new Error('Element is not an <input>, <textarea>, <select> or [contenteditable] and does not have a role allowing [aria-readonly]');
    return !isDisabled(el) && !readonly;
  };

  // The element's focus: the active element of its own document or shadow root, in a focused document.
  const isFocused = (el) => el.getRootNode().activeElement === el && !!el.ownerDocument && el.ownerDocument.hasFocus();

  const describe = (el) => {
    const tag = el.tagName.toLowerCase();
    const id = el.id ? `#${el.id}` : '';
    const cls = el.classList && el.classList.length ? '.' + Array.from(el.classList).slice(0, 2).join('.') : '';
    const text = norm(el.textContent).slice(0, 40);
    const own = `<${tag}${id}${cls}>${text ? ' "' + text + '"' : ''}`;
    // Identical matches are told apart by where they are.
    const p = el.parentElement;
    if (!p || p === el.ownerDocument.body || p === el.ownerDocument.documentElement) return own;
    return `${own} in <${p.tagName.toLowerCase()}> "${norm(p.textContent).slice(0, 40)}"`;
  };

  return {
    css: (root, selector) => Array.from(root.querySelectorAll(selector)),

    // The deepest elements whose text matches: a matching element none of whose children match.
    text: (root, m) => elements(root).filter((el) =>
      test(elementText(el), m) && !Array.from(el.children).some((c) => test(elementText(c), m))),

    // Elements with this ARIA role that assistive technology sees (all with
    // `options.includeHidden`), by accessible name when `m` is given and by the ARIA states
    // in `options`; open shadow roots are searched too, as Playwright does.
    role: (root, role, m, options) => {
      const all = [];
      const walk = (scope) => {
        for (const el of scope.querySelectorAll('*')) {
          all.push(el);
          if (el.shadowRoot) walk(el.shadowRoot);
        }
      };
      if (root.nodeType === Node.ELEMENT_NODE) all.push(root);
      walk(root);
      const o = options || {};
      aria.checkOptions(role, o);
      return all.filter((el) => aria.roleOf(el) === role && (o.includeHidden || !aria.hiddenForAria(el))
        && aria.statesMatch(el, role, o) && (m == null || test(aria.nameOf(el), m)));
    },

    // Below the scope only, as Playwright's (a chained locator's own element is not a match).
    label: (root, m) => elements(root).filter((el) => el !== root && labelsOf(el).some((t) => test(t, m))),

    attribute: (root, name, m) => elements(root).filter((el) => el.hasAttribute(name) && test(el.getAttribute(name), m)),

    containsText: (el, m) => test(el.textContent, m),

    // Playwright's `:text()` family: the element is one the text query would pick.
    ownText: (el, m) => test(elementText(el), m) && !Array.from(el.children).some((c) => test(elementText(c), m)),


    // An XPath expression; one starting with `/` is relative to an element root, as in
    // Playwright. Only elements count.
    xpath: (root, selector) => {
      const expression = root.nodeType !== Node.DOCUMENT_NODE && selector.startsWith('/') ? '.' + selector : selector;
      const doc = root.nodeType === Node.DOCUMENT_NODE ? root : root.ownerDocument;
      const found = doc.evaluate(expression, root, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
      const out = [];
      for (let i = 0; i < found.snapshotLength; i++) {
        const node = found.snapshotItem(i);
        if (node.nodeType === Node.ELEMENT_NODE) out.push(node);
      }
      return out;
    },

    // A registered engine's matches (`selectors.register`): the engine is made from its source
    // once per document, in that document's window, and asked for all it finds under `root`.
    custom: (root, name, source, body) => {
      const doc = root.nodeType === Node.DOCUMENT_NODE ? root : root.ownerDocument;
      // Kept where the page's own scripts cannot reach (not on the document).
      if (!engines.has(doc)) engines.set(doc, new Map());
      const made = engines.get(doc);
      if (!made.has(source)) {
        try {
          made.set(source, doc.defaultView.eval(source));
        } catch (e) {
          const why = e instanceof EvalError ? "the page's Content-Security-Policy forbids evaluating code" : String(e && e.message);
          throw new Error(`selector engine "${name}" cannot be made in this document: ${why}`);
        }
      }
      const engine = made.get(source);
      if (!engine || typeof engine.queryAll !== 'function') {
        throw new Error(`selector engine "${name}" has no queryAll(root, selector) (selectors.register)`);
      }
      return Array.from(engine.queryAll(root, body) || []).filter((el) => el && el.nodeType === Node.ELEMENT_NODE);
    },

    describe,

    // Actionability: {reason} when the element cannot be acted on yet, else {reason: '', x, y}
    // with the point to click (its center, or `position` from its top-left corner). `checks`:
    // which of visible, enabled, editable, stable, receivesEvents, inView apply.
    actionable: async (el, checks, position) => {
      const no = (reason) => ({ reason, x: 0, y: 0 });
      // Only an element handle can name a removed element: reading it is fine, acting is not.
      if (!el.isConnected && checks.length) return no('element is not attached to the DOM');
      if (checks.includes('visible') && !isVisible(el)) return no('element is not visible');
      if (checks.includes('enabled') && isDisabled(el)) return no('element is not enabled');
      // An element that cannot be edited at all fails at once (isEditable throws), as Playwright's.
      if (checks.includes('editable') && !isEditable(el)) return no('element is not editable');
      // `inView`: scrolled into view without the hit test (screenshots).
      if (checks.includes('receivesEvents') || checks.includes('inView')) el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      let r = el.getBoundingClientRect();
      if (checks.includes('stable')) {
        // Stable: the same box on two consecutive animation frames.
        await new Promise((ok) => requestAnimationFrame(ok));
        const b = el.getBoundingClientRect();
        if (r.x !== b.x || r.y !== b.y || r.width !== b.width || r.height !== b.height) return no('element is not stable (moving)');
        r = b;
      }
      // `position` counts from the padding box's corner, inside the border, as Playwright's.
      const x = position ? r.left + el.clientLeft + position.x : r.left + r.width / 2;
      const y = position ? r.top + el.clientTop + position.y : r.top + r.height / 2;
      if (checks.includes('receivesEvents')) {
        const hit = el.ownerDocument.elementFromPoint(x, y);
        if (hit && hit !== el && !el.contains(hit)) return no(`${describe(hit)} would receive the click instead`);
      }
      // Mouse events take page coordinates: add the offsets of the frames the element is in.
      // A cross-origin frame hides its element from us; then `framed` asks the caller to take
      // the point from the browser's layout instead.
      let px = x, py = y, view = el.ownerDocument.defaultView;
      while (view && view.frameElement) {
        const f = view.frameElement.getBoundingClientRect();
        px += f.left + view.frameElement.clientLeft;
        py += f.top + view.frameElement.clientTop;
        view = view.parent;
      }
      if (!view) return no('element is not attached to the DOM');
      return { reason: '', x: px, y: py, framed: view !== view.top };
    },

    center: (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    },

    isVisible,
    isChecked: (el) => checkedState(el) === true,
    isEnabled: (el) => !isDisabled(el),

    // A value an assertion compares (`what`; `arg`: the attribute, CSS or JS property name).
    read: (el, what, arg) => {
      switch (what) {
        case 'text': return elementText(el);
        case 'innerText': return el.innerText;
        case 'value':
          if (!['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) throw new Error('Not an input element');
          return el.value;
        case 'values':
          if (el.tagName !== 'SELECT' || !el.multiple) throw new Error('Not a select element with a multiple attribute');
          return Array.from(el.selectedOptions).map((o) => o.value);
        case 'attribute': return el.getAttribute(arg);
        case 'class': return el.getAttribute('class') || '';
        case 'id': return el.id;
        case 'css': {
          const style = (el.ownerDocument.defaultView || window).getComputedStyle(el);
          return style.getPropertyValue(arg) || style[arg] || '';
        }
        case 'property': {
          const v = el[arg];
          return v === undefined ? null : v;
        }
        default: throw new Error(`unknown value "${what}"`);
      }
    },

    // Need roles.js (the Rust side sends it for these methods, as for role queries).
    ariaRole: (el) => aria.roleOf(el) || '',
    // Element handles: elements pinned by number in a registry on their document, held until
    // the handle is disposed or the document goes (a removed element stays readable, as a
    // Playwright handle's does, and a handle never names another element).
    pin: (el) => {
      const r = pins(el.ownerDocument || el);
      r.next += 1;
      r.map.set(r.next, el);
      return r.next;
    },
    pinned: (root, id) => {
      const el = pins(root.ownerDocument || root).map.get(id);
      return el ? [el] : [];
    },
    unpin: (root, id) => pins(root.ownerDocument || root).map.delete(id),
    accessibleName: (el) => aria.nameOf(el),
    accessibleDescription: (el) => aria.descriptionOf(el),

    // One element's state for a state query or an assertion (`name` as Playwright's
    // elementState); throws where the element cannot have it.
    state: (el, name) => {
      switch (name) {
        case 'visible': return isVisible(el);
        case 'hidden': return !isVisible(el);
        case 'enabled': return !isDisabled(el);
        case 'disabled': return isDisabled(el);
        case 'checked': return checkedState(el) === true;
        case 'mixed': return checkedState(el) === 'mixed';
        case 'editable': return isEditable(el);
        case 'focused': return isFocused(el);
        case 'empty': return ['INPUT', 'TEXTAREA'].includes(el.tagName) ? !el.value : !norm(el.textContent);
        case 'attached': return el.isConnected;
        default: throw new Error(`unknown element state "${name}"`);
      }
    },

    // Why `fill` cannot type into this element (Playwright's words), or '' when it can.
    unfillable: (el) => {
      if (el.tagName === 'INPUT') {
        const type = (el.getAttribute('type') || 'text').toLowerCase();
        const typed = ['', 'text', 'email', 'number', 'password', 'search', 'tel', 'url', 'date', 'time', 'datetime-local', 'month', 'week', 'color', 'range'];
        return typed.includes(type) ? '' : `Input of type "${type}" cannot be filled`;
      }
      if (el.tagName === 'TEXTAREA' || el.isContentEditable) return '';
      return 'Element is not an <input>, <textarea> or [contenteditable] element';
    },

    selectAll: (el) => {
      el.focus();
      if (typeof el.select === 'function') el.select();
      else if (el.isContentEditable) document.getSelection().selectAllChildren(el);
    },

    // `specs`: what Playwright's selectOption takes, each `{ valueOrLabel }` (a string) or
    // `{ value, label, index }` (all given must hold). `{ missing: true }` while an option is
    // not there yet (the caller waits for it, as Playwright does).
    selectOption: (el, specs) => {
      if (el.tagName !== 'SELECT') throw new Error('Element is not a <select> element');
      const options = Array.from(el.options);
      const fits = (o, i, s) =>
        (s.valueOrLabel === undefined || o.value === s.valueOrLabel || norm(o.label) === norm(s.valueOrLabel)) &&
        (s.value === undefined || o.value === s.value) &&
        (s.label === undefined || norm(o.label) === norm(s.label)) &&
        (s.index === undefined || i === s.index);
      const matching = [];
      for (const s of specs) {
        const found = options.filter((o, i) => fits(o, i, s));
        if (!found.length) return { missing: true };
        matching.push(...(el.multiple ? found : found.slice(0, 1)));
      }
      // Decide first, then set: reading `selected` back while changing a single select is racy.
      if (el.multiple) for (const o of el.options) o.selected = matching.includes(o);
      else el.value = matching[0].value;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
      return { selected: Array.from(el.selectedOptions).map((o) => o.value) };
    },
  };
})
