// ARIA roles and accessible names computed in the page, for `getByRole`: the role an element
// has (explicit `role`, else the HTML element's implicit one), whether assistive technology
// sees it, and its accessible name after WAI-ARIA's "accessible name computation" (labelledby,
// aria-label, the host language's labels, content, tooltip). Chromium's own accessibility tree
// gives the same answers but only on its next frame (~16 ms a query), which every click by role
// paid; `ariaSnapshot` still reads that tree. Evaluated as an expression yielding the object.
(() => {
  // Elements of same-origin frames come from other realms: no `instanceof`, and styles are read
  // through the element's own window.
  const HTML = 'http://www.w3.org/1999/xhtml';
  const getComputedStyle = (el, which) => (el.ownerDocument.defaultView || window).getComputedStyle(el, which);
  const norm = (s) => String(s == null ? '' : s).replace(/\s+/g, ' ').trim();

  // Every role of WAI-ARIA 1.2 a `role` attribute may name (abstract ones excluded).
  const ROLES = new Set(('alert alertdialog application article banner blockquote button caption cell checkbox code '
    + 'columnheader combobox complementary contentinfo definition deletion dialog directory document emphasis feed '
    + 'figure form generic grid gridcell group heading img insertion link list listbox listitem log main mark marquee '
    + 'math menu menubar menuitem menuitemcheckbox menuitemradio meter navigation none note option paragraph '
    + 'presentation progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox separator '
    + 'slider spinbutton status strong subscript superscript switch tab table tablist tabpanel term textbox time '
    + 'timer toolbar tooltip tree treegrid treeitem').split(' '));

  // Roles whose name comes from their content (WAI-ARIA 1.2 "name from: contents").
  const NAME_FROM_CONTENT = new Set(['button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading', 'link',
    'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'row', 'rowheader', 'switch', 'tab',
    'tooltip', 'treeitem']);

  // Global states and properties: with any of them a presentational role is ignored.
  const GLOBAL_ARIA = ['aria-atomic', 'aria-busy', 'aria-controls', 'aria-current', 'aria-describedby',
    'aria-details', 'aria-dropeffect', 'aria-flowto', 'aria-grabbed', 'aria-hidden', 'aria-keyshortcuts',
    'aria-label', 'aria-labelledby', 'aria-live', 'aria-owns', 'aria-relevant', 'aria-roledescription'];

  const TEXT_INPUTS = new Set(['', 'email', 'tel', 'text', 'url', 'password']);

  const hasName = (el) => !!(norm(el.getAttribute('aria-label')) || norm(el.getAttribute('aria-labelledby'))
    || norm(el.getAttribute('title')));

  const closestOutside = (el, selector) => el.parentElement && el.parentElement.closest(selector);

  const inputRole = (el) => {
    const type = (el.getAttribute('type') || '').toLowerCase();
    switch (type) {
      case 'button': case 'image': case 'reset': case 'submit': case 'file': return 'button';
      case 'checkbox': return 'checkbox';
      case 'radio': return 'radio';
      case 'range': return 'slider';
      case 'number': return 'spinbutton';
      case 'hidden': return null;
      case 'search': return el.hasAttribute('list') ? 'combobox' : 'searchbox';
      default:
        if (TEXT_INPUTS.has(type) || !['color', 'date', 'datetime-local', 'month', 'time', 'week'].includes(type)) {
          return el.hasAttribute('list') && type !== 'password' ? 'combobox' : 'textbox';
        }
        return null;
    }
  };

  // A header cell heads its row when the table says so, or when it starts a row of data cells.
  const headerRole = (el) => {
    const scope = (el.getAttribute('scope') || '').toLowerCase();
    if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
    if (scope === 'col' || scope === 'colgroup') return 'columnheader';
    if (el.parentElement && el.parentElement.parentElement && el.parentElement.parentElement.localName === 'thead') {
      return 'columnheader';
    }
    const row = el.parentElement;
    if (row && row.localName === 'tr' && row.firstElementChild === el
      && Array.from(row.children).some((c) => c.localName === 'td')) return 'rowheader';
    return 'columnheader';
  };

  const implicitRole = (el) => {
    if (el.namespaceURI !== HTML) {
      if (el.localName === 'svg') return 'img';
      return null;
    }
    switch (el.localName) {
      case 'a': case 'area': return el.hasAttribute('href') ? 'link' : null;
      case 'article': return 'article';
      case 'aside': return 'complementary';
      case 'blockquote': return 'blockquote';
      case 'button': return 'button';
      case 'caption': return 'caption';
      case 'code': return 'code';
      case 'datalist': return 'listbox';
      case 'dd': return 'definition';
      case 'del': case 's': return 'deletion';
      case 'details': return 'group';
      case 'dfn': case 'dt': return 'term';
      case 'dialog': return 'dialog';
      case 'em': return 'emphasis';
      case 'fieldset': return 'group';
      case 'figure': return 'figure';
      case 'footer': return closestOutside(el, 'article,aside,main,nav,section') ? null : 'contentinfo';
      case 'form': return hasName(el) ? 'form' : null;
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
      case 'header': return closestOutside(el, 'article,aside,main,nav,section') ? null : 'banner';
      case 'hr': return 'separator';
      case 'html': return 'document';
      case 'img': return el.getAttribute('alt') === '' && !el.hasAttribute('title') ? 'presentation' : 'img';
      case 'input': return inputRole(el);
      case 'ins': return 'insertion';
      case 'li': return 'listitem';
      case 'main': return 'main';
      case 'mark': return 'mark';
      case 'math': return 'math';
      case 'menu': case 'ol': case 'ul': return 'list';
      case 'meter': return 'meter';
      case 'nav': return 'navigation';
      case 'optgroup': return 'group';
      case 'option': return 'option';
      case 'output': return 'status';
      case 'p': return 'paragraph';
      case 'progress': return 'progressbar';
      case 'search': return 'search';
      case 'section': return hasName(el) ? 'region' : null;
      case 'select': return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
      case 'strong': return 'strong';
      case 'sub': return 'subscript';
      case 'sup': return 'superscript';
      case 'table': return 'table';
      case 'tbody': case 'tfoot': case 'thead': return 'rowgroup';
      case 'td': return el.closest('table') && ['grid', 'treegrid'].includes(explicitRole(el.closest('table')))
        ? 'gridcell' : 'cell';
      case 'textarea': return 'textbox';
      case 'th': return headerRole(el);
      case 'time': return 'time';
      case 'tr': return 'row';
      default: return null;
    }
  };

  const focusable = (el) => el.tabIndex >= 0 || el.hasAttribute('tabindex');

  const explicitRole = (el) => {
    for (const token of (el.getAttribute('role') || '').split(/\s+/)) {
      if (ROLES.has(token.toLowerCase())) return token.toLowerCase();
    }
    return null;
  };

  const roleOf = (el) => {
    const explicit = explicitRole(el);
    if (explicit === 'none' || explicit === 'presentation') {
      // Presentation gives way when the element must stay reachable (focusable, or carrying
      // global ARIA), as user agents do.
      if (focusable(el) || GLOBAL_ARIA.some((a) => el.hasAttribute(a))) return implicitRole(el);
      return 'presentation';
    }
    return explicit || implicitRole(el);
  };

  // Hidden from assistive technology: aria-hidden on it or an ancestor, `display: none`
  // anywhere up the tree, or `visibility: hidden` on the element itself.
  const hiddenForAria = (el) => {
    for (let e = el; e; e = e.parentElement || (e.parentNode && e.parentNode.host)) {
      if (e.getAttribute && e.getAttribute('aria-hidden') === 'true') return true;
    }
    if (el.checkVisibility && el.checkVisibility({ visibilityProperty: true })) return false;
    // No box: `display: none` (here or above) hides it; `display: contents` and options in a
    // closed select have no box and are not hidden.
    for (let e = el; e && e.nodeType === Node.ELEMENT_NODE; e = e.parentElement || (e.parentNode && e.parentNode.host)) {
      if (getComputedStyle(e).display === 'none' && !(e.localName === 'option' || e.localName === 'optgroup')) {
        return true;
      }
    }
    const v = getComputedStyle(el).visibility;
    return v === 'hidden' || v === 'collapse';
  };

  const isBlock = (el) => {
    const d = getComputedStyle(el).display;
    return d !== 'inline' && d !== 'contents' && d !== 'none';
  };

  const pseudo = (el, which) => {
    const c = getComputedStyle(el, which).content;
    if (!c || c === 'none' || c === 'normal') return '';
    const m = c.match(/^"(.*)"$/s);
    return m ? m[1] : '';
  };

  // The value an embedded control contributes to a name it is part of.
  const controlValue = (el, role) => {
    if (role === 'textbox' || role === 'searchbox') return 'value' in el ? el.value : el.textContent;
    if (role === 'combobox' || role === 'listbox') {
      if (el.localName === 'select') return Array.from(el.selectedOptions).map((o) => o.textContent).join(' ');
      if ('value' in el) return el.value;
      const selected = el.querySelector('[aria-selected="true"]');
      return selected ? selected.textContent : '';
    }
    if (['slider', 'spinbutton', 'progressbar', 'scrollbar', 'meter'].includes(role)) {
      return el.getAttribute('aria-valuetext') || el.getAttribute('aria-valuenow') || el.value || '';
    }
    return null;
  };

  const childNodesOf = (el) => {
    if (el.localName === 'slot') {
      const assigned = el.assignedNodes();
      return assigned.length ? assigned : Array.from(el.childNodes);
    }
    return Array.from((el.shadowRoot || el).childNodes);
  };

  const fromContent = (el, state) => {
    let out = pseudo(el, '::before');
    for (const child of childNodesOf(el)) {
      if (child.nodeType === Node.TEXT_NODE) out += child.data;
      else if (child.nodeType === Node.ELEMENT_NODE) {
        const text = alternative(child, { ...state, recursing: true });
        out += isBlock(child) ? ` ${text} ` : text;
      }
    }
    return out + pseudo(el, '::after');
  };

  const byIds = (el, attribute) => (el.getAttribute(attribute) || '').split(/\s+/).filter(Boolean)
    .map((id) => el.getRootNode().getElementById ? el.getRootNode().getElementById(id) : el.ownerDocument.getElementById(id))
    .filter(Boolean);

  // One step of the name computation (WAI-ARIA accname 1.2, rules 2A–2I).
  const alternative = (el, state) => {
    if (state.visited.has(el)) return '';
    state.visited.add(el);
    // 2A: hidden nodes count only when a labelledby reference points at them.
    if (!state.referenced && hiddenForAria(el)) return '';
    const role = roleOf(el);
    // 2B: aria-labelledby, unless we are already following one.
    if (!state.labelledBy) {
      const refs = byIds(el, 'aria-labelledby');
      if (refs.length) {
        const text = refs.map((r) => alternative(r, { ...state, labelledBy: true, referenced: true, recursing: true }))
          .join(' ');
        if (norm(text)) return text;
      }
    }
    // 2C/2E: a control inside the name being computed gives its value.
    const embedded = state.recursing && ['textbox', 'searchbox', 'combobox', 'listbox', 'slider', 'spinbutton',
      'progressbar', 'scrollbar', 'meter'].includes(role);
    const label = norm(el.getAttribute('aria-label'));
    if (label && !embedded) return label;
    if (embedded) return controlValue(el, role) || '';
    // 2D: the host language's own labels.
    const native = nativeName(el, state);
    if (norm(native)) return native;
    // 2F: content, for roles named by it, and for anything inside a name being computed.
    if (state.recursing || NAME_FROM_CONTENT.has(role)) {
      const text = fromContent(el, state);
      if (norm(text)) return text;
    }
    // 2I: the tooltip.
    return el.getAttribute('title') || '';
  };

  const nativeName = (el, state) => {
    const tag = el.localName;
    if (tag === 'input') {
      const type = (el.getAttribute('type') || '').toLowerCase();
      if (['button', 'submit', 'reset'].includes(type)) {
        return el.hasAttribute('value') ? el.value : type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '';
      }
      if (type === 'image') return el.getAttribute('alt') || el.getAttribute('value') || 'Submit';
    }
    if (['input', 'textarea', 'select', 'meter', 'output', 'progress'].includes(tag)) {
      const labels = el.labels ? Array.from(el.labels) : [];
      const text = labels.map((l) => alternative(l, { ...state, recursing: true, referenced: false })).join(' ');
      if (norm(text)) return text;
      if (tag !== 'select' && !state.recursing) {
        const placeholder = el.getAttribute('placeholder');
        if (norm(el.getAttribute('title'))) return el.getAttribute('title');
        if (placeholder) return placeholder;
      }
      return '';
    }
    if (tag === 'button' && el.labels && el.labels.length) {
      const text = Array.from(el.labels).map((l) => alternative(l, { ...state, recursing: true })).join(' ');
      if (norm(text)) return text;
    }
    if (tag === 'img' || tag === 'area') return el.getAttribute('alt') || '';
    if (tag === 'fieldset') {
      const legend = Array.from(el.children).find((c) => c.localName === 'legend');
      return legend ? alternative(legend, { ...state, recursing: true }) : '';
    }
    if (tag === 'table') {
      const caption = Array.from(el.children).find((c) => c.localName === 'caption');
      return caption ? alternative(caption, { ...state, recursing: true }) : '';
    }
    if (tag === 'figure') {
      const caption = Array.from(el.children).find((c) => c.localName === 'figcaption');
      return caption ? alternative(caption, { ...state, recursing: true }) : '';
    }
    if (tag === 'svg') {
      const title = Array.from(el.children).find((c) => c.localName === 'title');
      return title ? title.textContent : '';
    }
    return '';
  };

  const nameOf = (el) => norm(alternative(el, { visited: new Set(), labelledBy: false, referenced: false, recursing: false }));

  // The ARIA states getByRole filters on, as WAI-ARIA defines them for each role (`undefined`
  // where the role has no such state).
  const tri = (v) => (v === 'true' ? true : v === 'false' ? false : v === 'mixed' ? 'mixed' : undefined);
  const CHECKABLE = ['checkbox', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'switch', 'treeitem'];
  const SELECTABLE = ['gridcell', 'option', 'row', 'tab', 'columnheader', 'rowheader', 'treeitem'];
  const LEVELED = ['heading', 'listitem', 'row', 'treeitem'];
  const NATIVE_DISABLE = ['button', 'input', 'select', 'textarea', 'option', 'optgroup', 'fieldset'];
  const states = {
    checked: (el, role) => {
      if (!CHECKABLE.includes(role)) return undefined;
      if (el.localName === 'input' && (el.type === 'checkbox' || el.type === 'radio')) {
        return el.type === 'checkbox' && el.indeterminate ? 'mixed' : el.checked;
      }
      return tri(el.getAttribute('aria-checked')) ?? false;
    },
    pressed: (el, role) => (role === 'button' ? tri(el.getAttribute('aria-pressed')) : undefined),
    expanded: (el) => tri(el.getAttribute('aria-expanded')),
    selected: (el, role) => {
      if (!SELECTABLE.includes(role)) return undefined;
      if (el.localName === 'option') return el.selected;
      return tri(el.getAttribute('aria-selected')) ?? false;
    },
    level: (el, role) => {
      if (!LEVELED.includes(role)) return undefined;
      const own = parseInt(el.getAttribute('aria-level') || '', 10);
      if (own > 0) return own;
      const h = /^h([1-6])$/.exec(el.localName);
      return role === 'heading' ? (h ? Number(h[1]) : 2) : undefined;
    },
    // Disabled natively (or inside a disabled fieldset, but its legend) or by aria-disabled
    // on it or an ancestor.
    disabled: (el) => {
      if (NATIVE_DISABLE.includes(el.localName) && el.matches(':disabled')) return true;
      for (let e = el; e; e = e.parentElement) {
        if (e.getAttribute('aria-disabled') === 'true') return true;
      }
      return false;
    },
  };

  // Does `el` (of `role`) pass getByRole's state options ({checked, disabled, expanded, level,
  // pressed, selected}; absent ones are not checked)? `checkOptions` has refused the options
  // the role cannot have.
  const statesMatch = (el, role, options) => Object.keys(states).every((k) =>
    options[k] === undefined || options[k] === null || states[k](el, role) === options[k]);

  // An option the role cannot have is a mistake in the locator, told at once (as Playwright).
  const ROLES_OF = { checked: CHECKABLE, pressed: ['button'], selected: SELECTABLE, level: LEVELED };
  const checkOptions = (role, options) => {
    for (const [key, roles] of Object.entries(ROLES_OF)) {
      if (options[key] !== undefined && options[key] !== null && !roles.includes(role)) {
        throw new Error(`getByRole: "${key}" is only supported for the roles ${roles.map((r) => `"${r}"`).join(', ')}, not "${role}"`);
      }
    }
  };

  // The accessible description: the text of the aria-describedby references (hidden ones
  // included) when the attribute is there, even if none resolves; else aria-description; else
  // the title. An element hidden from the accessibility tree has none.
  const descriptionOf = (el) => {
    if (hiddenForAria(el)) return '';
    if (el.hasAttribute('aria-describedby')) {
      return norm(byIds(el, 'aria-describedby')
        .map((r) => alternative(r, { visited: new Set(), labelledBy: true, referenced: true, recursing: true }))
        .join(' '));
    }
    if (el.hasAttribute('aria-description')) return norm(el.getAttribute('aria-description'));
    return norm(el.getAttribute('title') || '');
  };

  return { roleOf, nameOf, descriptionOf, hiddenForAria, statesMatch, checkOptions };
})()
