// page.addStyleTag / page.addScriptTag (a <style>/<link> or <script> added to the document,
// waited for when it loads from a URL, handed back as an element handle) and page.bringToFront.
// Behaviour and messages as recorded from Playwright 1.65.1.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Page } = pw;
  const modules = g.__ferridriver_modules;
  let counter = 0;

  // Adds the element in the page (to <head>, else the document element), waiting for a URL to
  // load; it carries a one-off mark so that it can be pinned as a handle, then the mark goes.
  // (Its source is sent to the page: it uses nothing from here.)
  const INSERT = async ([kind, url, content, type, mark]) => {
    const el = document.createElement(kind === 'style' ? (url ? 'link' : 'style') : 'script');
    if (kind === 'style' && url) { el.rel = 'stylesheet'; el.href = url; }
    else if (kind === 'style') { el.type = 'text/css'; el.textContent = content; }
    else {
      el.type = type || 'text/javascript';
      if (url) el.src = url; else el.textContent = content;
      if (!type && url) el.removeAttribute('type');
    }
    el.setAttribute('data-ferridriver-tag', mark);
    const loaded = url
      ? new Promise((resolve, reject) => {
          el.onload = resolve;
          el.onerror = () => reject(new Error('Failed to load ' + (kind === 'style' ? 'stylesheet' : 'script') + ' at ' + el[kind === 'style' ? 'href' : 'src']));
        })
      : null;
    (document.head || document.documentElement).appendChild(el);
    if (loaded) await loaded;
  };

  async function addTag(page, kind, options) {
    // A child frame's (js/frame_navigation.js) are named as Playwright names them.
    const what = `${page instanceof Page ? 'page' : 'frame'}.${kind === 'style' ? 'addStyleTag' : 'addScriptTag'}`;
    const o = options || {};
    if (o.url === undefined && o.path === undefined && o.content === undefined) {
      throw new Error(`${what}: Provide an object with a \`url\`, \`path\` or \`content\` property`);
    }
    let content = o.content === undefined ? undefined : String(o.content);
    if (o.url === undefined && o.path !== undefined) {
      // Read as node:fs reads (inside the project), with the file named for the page's tools.
      const text = modules.fs.readFileSync(String(o.path), 'utf8');
      content = kind === 'style' ? `${text}/*# sourceURL=${o.path}*/` : `${text}\n//# sourceURL=${o.path}`;
    }
    const mark = `t${++counter}-${Date.now()}`;
    const url = o.url === undefined ? null : String(o.url);
    const type = o.type === undefined ? null : String(o.type);
    try {
      await page.evaluate(INSERT, [kind, url, content === undefined ? '' : content, type, mark]);
    } catch (e) {
      const message = String((e && e.message) || e).replace(/^(page|frame|locator)\.evaluate: /, '');
      throw new Error(`${what}: ${message}`);
    }
    const handle = await page.$(`[data-ferridriver-tag="${mark}"]`);
    if (handle) await handle.evaluate((el) => el.removeAttribute('data-ferridriver-tag'));
    return handle;
  }

  Object.assign(Page.prototype, {
    addStyleTag(options) {
      return addTag(this, 'style', options);
    },
    addScriptTag(options) {
      return addTag(this, 'script', options);
    },
    bringToFront() {
      return this._op('bringToFront', []).then(() => undefined);
    },
  });
})(globalThis);
