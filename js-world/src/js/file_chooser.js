// Playwright's FileChooser for the JS world: `page.on('filechooser')` and
// `page.waitForEvent('filechooser')`. While the page has such a listener it intercepts file
// choosers (browser/src/file_chooser.rs); each one comes with its input pinned as an element
// handle, whose `setInputFiles` is the chooser's `setFiles`.
(function (g) {
  'use strict';
  const pw = g.__ferridriver_playwright;
  const ElementHandle = g.__ferridriver_modules.playwright.ElementHandle;

  class FileChooser {
    constructor(page, element, multiple) {
      this._page = page;
      this._element = element;
      this._multiple = multiple;
    }
    element() {
      return this._element;
    }
    isMultiple() {
      return this._multiple;
    }
    page() {
      return this._page;
    }
    async setFiles(files, options) {
      try {
        await this._element.setInputFiles(files, options);
      } catch (e) {
        e.message = e.message.replace(/^(locator|elementHandle)\.setInputFiles: /, 'fileChooser.setFiles: ');
        throw e;
      }
    }
  }

  // A chooser the page reported (`{ backendNodeId, multiple, frameId }`): emitted once its
  // input is pinned; one whose input went meanwhile is dropped, as Playwright's.
  pw.fileChooserEvent = function (page, e, emit) {
    pw.op(page, 'pinFileChooser', [e.backendNodeId])
      .then((id) => {
        const frame = pw.frameById(page, e.frameId);
        const prefix = frame && !frame._isMain() ? frame._chain() : [];
        const element = new ElementHandle(page, prefix.concat([{ kind: 'pinned', id, from: 'input[type=file]' }]));
        emit(page, 'filechooser', new FileChooser(page, element, e.multiple === true));
      })
      .catch(() => undefined);
  };

  pw.FileChooser = FileChooser;
  Object.assign(g.__ferridriver_modules.playwright, { FileChooser });
})(globalThis);
