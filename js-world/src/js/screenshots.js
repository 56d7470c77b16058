// Playwright's screenshot options for `page.screenshot` and `locator.screenshot`: `type`
// (png, jpeg, webp; from the path's extension when not given), `quality`, `clip`, `fullPage`,
// `omitBackground`, `mask`/`maskColor`, `style`, `caret`, `animations`, `scale`, `path`
// (its folders made). Checked here with Playwright's words; taken in Rust
// (browser/src/screenshot.rs).
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Page, Locator } = pw;

  const MIME = { txt: 'text/plain', html: 'text/html', htm: 'text/html', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml', bmp: 'image/bmp', ico: 'image/x-icon', tif: 'image/tiff', tiff: 'image/tiff', json: 'application/json', pdf: 'application/pdf' };
  // The type a path's extension asks for; Playwright writes only PNG and JPEG files.
  function typeOfPath(path) {
    const ext = /\.([^./]+)$/.exec(String(path));
    const e = ext ? ext[1].toLowerCase() : '';
    if (e === 'png') return 'png';
    if (e === 'jpg' || e === 'jpeg') return 'jpeg';
    throw new Error(`path: unsupported mime type "${MIME[e] || null}"`);
  }
  const check = (ok, message) => {
    if (!ok) throw new Error(message);
  };
  // [options for Rust, path]; throws Playwright's error for a bad option (`api` names the call).
  function shotArgs(api, options, fullPage) {
    const o = options || {};
    let type = o.type;
    if (!type && o.path !== undefined) {
      try {
        type = typeOfPath(o.path);
      } catch (e) {
        // Playwright checks a page's path before its call, a locator's inside it.
        if (api === 'locator.screenshot') e.message = `${api}: ${e.message}`;
        throw e;
      }
    }
    type = type || 'png';
    const fail = (message) => new Error(`${api}: ${message}`);
    if (!['png', 'jpeg', 'webp'].includes(type)) throw fail('type: expected one of (png|jpeg|webp)');
    if (o.quality !== undefined) {
      if (type === 'png') throw fail(`options.quality is unsupported for the ${type} screenshots`);
      if (typeof o.quality !== 'number') throw fail(`Expected options.quality to be a number but found ${typeof o.quality}`);
      if (!Number.isInteger(o.quality)) throw fail('Expected options.quality to be an integer');
      if (o.quality < 0 || o.quality > 100) throw fail(`Expected options.quality to be between 0 and 100 (inclusive), got ${o.quality}`);
    }
    let clip = null;
    if (o.clip && fullPage !== undefined) {
      for (const key of ['x', 'y', 'width', 'height']) {
        if (typeof o.clip[key] !== 'number') throw fail(`Expected options.clip.${key} to be a number but found ${typeof o.clip[key]}`);
      }
      if (!(o.clip.width > 0)) throw fail('Expected options.clip.width to be greater than 0.');
      if (!(o.clip.height > 0)) throw fail('Expected options.clip.height to be greater than 0.');
      clip = { x: o.clip.x, y: o.clip.y, width: o.clip.width, height: o.clip.height };
    }
    for (const [key, allowed] of [['caret', ['hide', 'initial']], ['animations', ['disabled', 'allow']], ['scale', ['css', 'device']]]) {
      if (o[key] !== undefined && !allowed.includes(o[key])) throw fail(`${key}: expected one of (${allowed.join('|')})`);
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
      style: o.style === undefined ? null : String(o.style),
      mask,
      maskColor: o.maskColor === undefined ? null : String(o.maskColor),
    };
    return [shot, o.path === undefined ? null : String(o.path)];
  }

  // The area's own errors, named after the call as Playwright's are.
  const named = (api) => (e) => {
    if (e && typeof e.message === 'string' && /^(Clipped area|Node )/.test(e.message)) e.message = `${api}: ${e.message}`;
    throw e;
  };
  Page.prototype.screenshot = async function (options) {
    const o = options || {};
    const data = await this._op('screenshot', shotArgs('page.screenshot', o, o.fullPage === true), options).catch(named('page.screenshot'));
    return g.Buffer.from(data, 'base64');
  };
  Locator.prototype.screenshot = async function (options) {
    const data = await this._op('screenshot', shotArgs('locator.screenshot', options), options).catch(named('locator.screenshot'));
    return g.Buffer.from(data, 'base64');
  };
})(globalThis);
