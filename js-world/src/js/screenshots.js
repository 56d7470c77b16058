// Playwright's screenshot options for `page.screenshot` and `locator.screenshot`: `type`
// (png, jpeg, webp; from the path's extension when not given), `quality`, `clip`, `fullPage`,
// `omitBackground`, `mask`/`maskColor`, `style`, `caret`, `animations`, `scale`, `path`
// (its folders made). Checked here with Playwright's words; taken in Rust
// (browser/src/screenshot.rs).
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Page, Locator } = pw;

  const MIME = { txt: 'text/plain', html: 'text/html', htm: 'text/html', gif: 'image/gif', svg: 'image/svg+xml', bmp: 'image/bmp', ico: 'image/x-icon', avif: 'image/avif', tif: 'image/tiff', tiff: 'image/tiff', json: 'application/json', pdf: 'application/pdf' };
  // The type a path's extension asks for (Playwright's `determineScreenshotType`).
  function typeOfPath(path) {
    const ext = /\.([^./]+)$/.exec(String(path));
    const e = ext ? ext[1].toLowerCase() : '';
    if (e === 'png') return 'png';
    if (e === 'jpg' || e === 'jpeg') return 'jpeg';
    if (e === 'webp') return 'webp';
    throw new Error(`path: unsupported mime type "${MIME[e] || null}"`);
  }
  // Playwright's protocol checks of one option (`what` names it in the message).
  const kinds = {
    int(v, what) {
      if (typeof v !== 'number') return `${what}: expected integer, got ${typeof v}`;
      return Number.isInteger(v) ? null : `${what}: expected integer, got float ${v}`;
    },
    float: (v, what) => (typeof v === 'number' ? null : `${what}: expected float, got ${typeof v}`),
    bool: (v, what) => (typeof v === 'boolean' ? null : `${what}: expected boolean, got ${typeof v}`),
    string: (v, what) => (typeof v === 'string' ? null : `${what}: expected string, got ${typeof v}`),
  };
  const oneOf = (allowed) => (v, what) => (allowed.includes(v) ? null : `${what}: expected one of (${allowed.join('|')})`);
  // [options for Rust, path]; throws Playwright's error for a bad option (`api` names the call).
  function shotArgs(api, options, fullPage) {
    const o = options || {};
    const path = o.path === undefined || o.path === '' ? null : String(o.path);
    let type = o.type;
    if (!type && path !== null) {
      try {
        type = typeOfPath(path);
      } catch (e) {
        // Playwright checks a page's path before its call, a locator's inside it.
        if (api === 'locator.screenshot') e.message = `${api}: ${e.message}`;
        throw e;
      }
    }
    const fail = (message) => new Error(`${api}: ${message}`);
    // In the order Playwright's protocol checks them.
    const checks = [
      ['type', oneOf(['png', 'jpeg', 'webp'])],
      ['quality', kinds.int],
      ['fullPage', kinds.bool],
      ['clip', (clip) => ['x', 'y', 'width', 'height'].map((k) => kinds.float(clip[k], `clip.${k}`)).find(Boolean) || null],
      ['omitBackground', kinds.bool],
      ['caret', oneOf(['hide', 'initial'])],
      ['animations', oneOf(['disabled', 'allow'])],
      ['scale', oneOf(['css', 'device'])],
      ['maskColor', kinds.string],
      ['style', kinds.string],
    ];
    for (const [key, check] of checks) {
      // A locator's shot has no fullPage or clip.
      if ((key === 'fullPage' || key === 'clip') && fullPage === undefined) continue;
      const value = key === 'type' ? type : o[key];
      if (value === undefined || (key === 'clip' && !value)) continue;
      const problem = check(value, key);
      if (problem) throw fail(problem);
    }
    type = type || 'png';
    if (o.quality !== undefined) {
      if (type === 'png') throw fail(`options.quality is unsupported for the ${type} screenshots`);
      if (o.quality < 0 || o.quality > 100) throw fail(`Expected options.quality to be between 0 and 100 (inclusive), got ${o.quality}`);
    }
    let clip = null;
    if (o.clip && fullPage !== undefined) {
      if (!(o.clip.width > 0)) throw fail('Expected options.clip.width to be greater than 0.');
      if (!(o.clip.height > 0)) throw fail('Expected options.clip.height to be greater than 0.');
      clip = { x: o.clip.x, y: o.clip.y, width: o.clip.width, height: o.clip.height };
    }
    const mask = (o.mask || []).map((m) => {
      if (!(m instanceof Locator)) throw fail('mask: pass locators');
      return m._parts;
    });
    const shot = {
      type,
      quality: o.quality === undefined ? null : o.quality,
      clip,
      fullPage: fullPage === true,
      omitBackground: o.omitBackground === true,
      caret: o.caret || 'hide',
      animations: o.animations || 'allow',
      scale: o.scale || 'device',
      style: o.style === undefined ? null : o.style,
      mask,
      maskColor: o.maskColor === undefined ? null : o.maskColor,
    };
    return [shot, path];
  }

  // The area's own errors, named after the call as Playwright's are.
  const named = (api) => (e) => {
    if (e && typeof e.message === 'string' && /^(Clipped area|Node )/.test(e.message)) e.message = `${api}: ${e.message}`;
    throw e;
  };
  Page.prototype.screenshot = async function (options) {
    const o = options || {};
    const data = await this._op('screenshot', shotArgs('page.screenshot', o, o.fullPage === undefined ? false : o.fullPage), options).catch(named('page.screenshot'));
    return g.Buffer.from(data, 'base64');
  };
  Locator.prototype.screenshot = async function (options) {
    const data = await this._op('screenshot', shotArgs('locator.screenshot', options), options).catch(named('locator.screenshot'));
    return g.Buffer.from(data, 'base64');
  };
})(globalThis);
