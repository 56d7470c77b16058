// `page.routeFromHAR` / `context.routeFromHAR`: requests answered from a HAR file, as
// Playwright's HAR router answers them. An entry matches by URL and method (a POST's body too,
// then the most request headers in common); a redirect in the HAR is followed to its target's
// entry, and a navigation that ends elsewhere is redirected there. A request no entry answers is
// aborted, or with `notFound: 'fallback'` handed to the next route (or the network). Bodies are
// the entries' text (or base64), or the files they name (`_file`, beside the HAR, as Playwright
// records them). With `update: true` the requests go to the network instead and are recorded
// into the file (Rust's HAR recorder, `har_recorder.rs`), written when the context closes; a
// page's records only that page. A `.zip` is read as Playwright writes one: the `.har` inside
// it, and the bodies beside it in the zip.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const { Page, BrowserContext } = pw;
  const { fs, path } = g.__ferridriver_modules;
  const native = g.__ferridriver_native;
  const REDIRECTS = [301, 302, 303, 307, 308];

  // The HAR at `file` (read as node:fs reads, so the project's file rules hold).
  function openHar(what, file, options) {
    const o = options || {};
    let har;
    if (/\.zip$/i.test(String(file))) {
      const files = unzipped(what, String(file));
      const name = [...files.keys()].find((n) => n.endsWith('.har'));
      if (!name) throw new Error(`${what}: Specified archive does not have a .har file`);
      har = JSON.parse(files.get(name).toString('utf8'));
      har.zip = files;
    } else {
      har = JSON.parse(fs.readFileSync(String(file), 'utf8'));
    }
    if (!har || !har.log || !Array.isArray(har.log.entries)) throw new Error(`${what}: ${file} is not a HAR file (no log.entries)`);
    // Where the files its entries name are.
    har.dir = path.dirname(path.resolve(String(file)));
    return har;
  }

  // The files of a zip under the project, by name (read and size-checked in Rust).
  function unzipped(what, file) {
    let files;
    try {
      files = native.unzip(path.resolve(file));
    } catch (e) {
      // Node's words for a missing file, as a .har's.
      throw new Error(`${what}: ${String(e.message).replace(/^[^:]*: (ENOENT: no such file or directory)$/, `$1, open '${file}'`)}`);
    }
    // A Map: a file's name is never taken for one of an object's own (`constructor`).
    return new Map(files.map(([name, bytes]) => [name, g.Buffer._wrap(bytes)]));
  }

  // A body: the file an entry names (in the zip, or beside the HAR and never outside its
  // folder), else its text.
  function contentOf(har, content) {
    if (content && content._file && har.zip) {
      const body = har.zip.get(String(content._file));
      if (!body) throw new Error(`HAR entry _file not found in the zip: ${content._file}`);
      return body;
    }
    if (content && content._file) {
      const file = path.resolve(har.dir, String(content._file));
      if (!file.startsWith(har.dir + '/')) throw new Error(`HAR entry _file escapes base directory: ${content._file}`);
      return fs.readFileSync(file);
    }
    return g.Buffer.from((content && content.text) || '', content && content.encoding === 'base64' ? 'base64' : 'utf8');
  }
  // A multipart body's boundary (its parts compare without it, as Playwright's).
  function boundaryOf(headers) {
    const type = headers.find(([name]) => name.toLowerCase() === 'content-type');
    const m = type && /multipart\/form-data/.test(type[1]) && /boundary=(\S+)/.exec(type[1]);
    return m ? m[1] : undefined;
  }
  const pairsOf = (list) => (list || []).map((h) => [String(h.name), String(h.value)]);
  function samePost(har, entry, postData, headers) {
    const recorded = contentOf(har, entry.request.postData);
    const sent = g.Buffer.from(postData);
    if (recorded.equals(sent)) return true;
    const mine = boundaryOf(Object.entries(headers));
    const theirs = boundaryOf(pairsOf(entry.request.headers));
    return !!mine && !!theirs && sent.toString().split(mine).join('') === recorded.toString().split(theirs).join('');
  }
  const sameHeaders = (har, headers) => {
    const sent = new Set(Object.entries(headers).map(([k, v]) => `${k.toLowerCase()}:${v}`));
    return (har || []).filter((h) => sent.has(`${String(h.name).toLowerCase()}:${h.value}`)).length;
  };

  // The entry that answers a request, following the HAR's own redirects (Playwright's lookup).
  function find(har, url, method, headers, postData) {
    const visited = new Set();
    for (;;) {
      const candidates = har.log.entries.filter((e) => {
        if (e.request.url !== url || e.request.method !== method) return false;
        if (method === 'POST' && postData && e.request.postData) return samePost(har, e, postData, headers);
        return true;
      });
      if (!candidates.length) return null;
      const entry = candidates.length === 1 ? candidates[0] : candidates.slice().sort((a, b) => sameHeaders(b.request.headers, headers) - sameHeaders(a.request.headers, headers))[0];
      if (visited.has(entry)) throw new Error(`Found redirect cycle for ${url}`);
      visited.add(entry);
      const location = (entry.response.headers || []).find((h) => String(h.name).toLowerCase() === 'location');
      if (!REDIRECTS.includes(entry.response.status) || !location) return entry;
      url = new g.URL(location.value, url).toString();
      if (((entry.response.status === 301 || entry.response.status === 302) && method === 'POST') || (entry.response.status === 303 && !['GET', 'HEAD'].includes(method))) method = 'GET';
    }
  }

  function handlerOf(har, notFound) {
    return async (route) => {
      const request = route.request();
      let entry = null;
      try {
        entry = find(har, request.url(), request.method(), request.headers(), request.postData());
      } catch (e) {
        entry = null;
      }
      if (!entry || entry.response.status === -1) return notFound === 'fallback' ? route.fallback() : route.abort();
      // A navigation that ends on another URL goes there (its entry answers it then).
      if (entry.request.url !== request.url() && request.isNavigationRequest()) {
        return route._answer('routeFulfill', [302, [['location', entry.request.url]], '']);
      }
      // The body is the content itself: the encoding and length it was sent with do not apply.
      const headers = (entry.response.headers || [])
        .filter((h) => !/^(content-encoding|content-length)$/i.test(h.name))
        .map((h) => [String(h.name), String(h.value)]);
      let body;
      try {
        body = contentOf(har, entry.response.content);
      } catch (e) {
        return notFound === 'fallback' ? route.fallback() : route.abort();
      }
      return route._answer('routeFulfill', [entry.response.status, headers, body.toString('base64')]);
    };
  }

  // A recording's options as Rust takes them: a RegExp travels as its source and flags.
  function harOptions(o) {
    const filter = o.urlFilter instanceof RegExp ? { source: o.urlFilter.source, flags: o.urlFilter.flags } : o.urlFilter;
    return { content: o.content, mode: o.mode, urlFilter: filter, resourcesDir: o.resourcesDir };
  }
  pw.harOptions = harOptions;
  // `update: true`, with Playwright's defaults for it: bodies attached beside the file, `minimal`.
  function recordInto(context, page, file, o) {
    const options = harOptions({ content: o.updateContent || 'attach', mode: o.updateMode || 'minimal', urlFilter: o.url });
    return context._op('harStart', [String(file), options, page ? page._id : null]).then(() => undefined);
  }

  Page.prototype.routeFromHAR = async function (file, options) {
    const o = options || {};
    if (o.update) return recordInto(this._context, this, file, o);
    const har = openHar('page.routeFromHAR', file, o);
    await this.route(o.url || '**/*', handlerOf(har, o.notFound || 'abort'));
  };
  BrowserContext.prototype.routeFromHAR = async function (file, options) {
    const o = options || {};
    if (o.update) return recordInto(this, null, file, o);
    const har = openHar('browserContext.routeFromHAR', file, o);
    await this.route(o.url || '**/*', handlerOf(har, o.notFound || 'abort'));
  };
})(globalThis);
