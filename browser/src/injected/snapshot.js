// A DOM snapshot in the node format of Playwright's traces, which its trace viewer renders:
// an element is [TAG, {attributes}, ...children], a text node a string. What the attributes
// cannot say is added as Playwright's own `__playwright_*` attributes (form values, checked,
// selected, scroll positions); scripts are left out and event handler attributes emptied.
// Stylesheets loaded with <link> travel as overrides (their rules' text) with the snapshot.
// The documents of iframes the page can read (same origin) are snapshots of their own, which
// the iframe's `src` names (`/snapshot/<id>`, as Playwright's); the id stays with the iframe
// element from one snapshot to the next.
(() => {
  const started = performance.now();
  // A page can be huge: past these the snapshot is cut short (it says so), so that a trace
  // never holds up the page or outgrows the connection.
  const MAX_NODES = 20000;
  const MAX_TEXT = 100000;
  const FRAME_ID = Symbol.for('ferridriver.snapshotFrameId');
  let nodes = 0;
  const frames = [];
  const cut = (text) => (text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) + '…' : text);
  // The id of the snapshot of an iframe's document, if the page can read that document.
  const frameSnapshot = (iframe) => {
    let doc = null;
    try {
      doc = iframe.contentDocument;
    } catch (e) {
      doc = null;
    }
    if (!doc || !doc.documentElement) return '';
    // Unique in the trace: a token of the page, and a count of its iframes. A page that got in
    // the way (the property taken) only costs this iframe its stable id.
    const counter = (window[FRAME_ID] && typeof window[FRAME_ID].next === 'number' && window[FRAME_ID])
      || { token: Math.random().toString(36).slice(2), next: 0 };
    try {
      window[FRAME_ID] = counter;
      if (typeof iframe[FRAME_ID] !== 'string') Object.defineProperty(iframe, FRAME_ID, { value: `frame@${counter.token}-${++counter.next}` });
    } catch (e) {
      // Left without a stable id.
    }
    const id = typeof iframe[FRAME_ID] === 'string' ? iframe[FRAME_ID] : `frame@${counter.token}-x${++counter.next}`;
    frames.push({ id, ...walk(doc, iframe.contentWindow || window) });
    return `/snapshot/${id}`;
  };
  const visit = (node) => {
    if (++nodes > MAX_NODES) return nodes === MAX_NODES + 1 ? '… (snapshot cut short: the page has more than 20000 nodes)' : null;
    if (node.nodeType === Node.TEXT_NODE) return cut(node.nodeValue || '');
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const name = node.nodeName;
    if (name === 'SCRIPT' || name === 'NOSCRIPT') return null;
    if (name === 'META' && ['content-security-policy', 'refresh', 'set-cookie'].includes((node.httpEquiv || '').toLowerCase())) return null;
    if (name === 'STYLE') {
      let text = '';
      try { text = [...node.sheet.cssRules].map((r) => r.cssText).join('\n'); } catch (e) { text = node.textContent || ''; }
      return ['STYLE', {}, cut(text)];
    }
    const attrs = {};
    for (const a of node.attributes) {
      if ((name === 'IFRAME' || name === 'FRAME') && (a.name === 'src' || a.name === 'srcdoc' || a.name === 'sandbox')) continue;
      if (name === 'LINK' && a.name === 'integrity') continue;
      let value = a.value;
      if (a.name.startsWith('on')) value = '';
      else if ((a.name === 'href' || a.name === 'src') && /^\s*(javascript|vbscript):/i.test(value)) value = '';
      attrs[a.name] = cut(value);
    }
    if (name === 'INPUT' || name === 'TEXTAREA') attrs.__playwright_value_ = String(node.value);
    if (name === 'INPUT' && (node.type === 'checkbox' || node.type === 'radio')) attrs.__playwright_checked_ = node.checked ? 'true' : 'false';
    if (name === 'OPTION') attrs.__playwright_selected_ = node.selected ? 'true' : 'false';
    if (node.scrollTop) attrs.__playwright_scroll_top_ = String(node.scrollTop);
    if (node.scrollLeft) attrs.__playwright_scroll_left_ = String(node.scrollLeft);
    if (name === 'IMG') attrs.__playwright_current_src__ = node.currentSrc || '';
    if (name === 'IFRAME' || name === 'FRAME' || name === 'CANVAS') {
      const r = node.getBoundingClientRect();
      attrs.__playwright_bounding_rect__ = JSON.stringify({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    }
    if (name === 'IFRAME' || name === 'FRAME') attrs.src = frameSnapshot(node);
    const out = [name, attrs];
    // Relative URLs of the snapshot resolve against the document's own address.
    if (name === 'HEAD') out.push(['BASE', { href: node.ownerDocument.baseURI }]);
    for (let child = node.firstChild; child; child = child.nextSibling) {
      const n = visit(child);
      if (n !== null) out.push(n);
    }
    return out;
  };
  // One document: its nodes, its linked stylesheets' rules, where it is and how big.
  const walk = (doc, win) => {
    const overrides = [];
    for (const sheet of doc.styleSheets) {
      if (!sheet.href) continue;
      try {
        overrides.push({ url: sheet.href.replace(/#.*/, ''), content: [...sheet.cssRules].map((r) => r.cssText).join('\n') });
      } catch (e) {
        // A cross-origin sheet's rules are not readable: the viewer loads it from the network log.
      }
    }
    return {
      html: doc.documentElement ? visit(doc.documentElement) : ['HTML'],
      doctype: doc.doctype ? doc.doctype.name : undefined,
      viewport: { width: win.innerWidth, height: win.innerHeight },
      url: doc.location ? doc.location.href : '',
      overrides,
    };
  };
  const main = walk(document, window);
  return { ...main, frames, wallTime: Date.now(), collectionTime: performance.now() - started };
})()
