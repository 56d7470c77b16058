//! Every operation the JS Playwright classes may ask of the browser, declared once (ADR 0026):
//! its family, the name JS sends, its arguments, the gate it passes and the Playwright members
//! it serves. The dispatcher looks requests up here and each family's handler matches its enum
//! without a catch-all, so a row without a handler (or the reverse) does not compile; the tests
//! below check the rows against the JS classes and the `.d.ts` users program against.

/// What an operation is checked against before its handler runs, from Rust state the script
/// cannot name (the session's `file:` roots, the running handler, the project root).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Gate {
    /// Nothing beyond the session's own page.
    Open,
    /// Argument `i` is a URL the page navigates to: resolved (relative to `baseURL`) and checked
    /// against the session's `file:` roots.
    Navigation(usize),
    /// Argument `i` is a URL fetched for the script: resolved and checked against the running
    /// handler's `allow.net`, whose check also follows each redirect.
    Net(usize),
    /// Argument `i`, when given, is a path the operation writes: it must stay inside the
    /// project (symlinks followed); its directories are made.
    ProjectWrite(usize),
    /// Argument `i` is a context's options: its `storageState`, when it is a string, names a
    /// file read from inside the project; its `recordVideo.dir` is a directory written inside
    /// the project (symlinks followed; made if missing).
    ContextOptions(usize),
}

/// One row of the table.
#[derive(Debug)]
pub(super) struct Operation {
    pub op: Op,
    /// The `target` JS sends (`page`, `locator`, `expect`, `context`, `request`, `browser`).
    pub target: &'static str,
    /// The `op` JS sends.
    pub name: &'static str,
    /// The arguments' names, in the order JS sends them; more arguments are a `TypeError`.
    pub args: &'static [&'static str],
    pub gate: Gate,
    /// The Playwright members this serves (`Page.goto`); empty for internal plumbing.
    pub api: &'static [&'static str],
}

impl Operation {
    /// How errors name the operation: its first Playwright member as Playwright's own
    /// messages do (`page.screenshot`, `browserContext.storageState`), else `target.name`.
    pub(super) fn label(&self) -> String {
        match self.api.first() {
            Some(member) => {
                // `Page` → `page`, `APIRequestContext` → `apiRequestContext`.
                let capitals = member.chars().take_while(char::is_ascii_uppercase).count();
                let lower = if capitals > 1 && member[capitals..].starts_with(|c: char| c.is_ascii_lowercase()) {
                    capitals - 1
                } else {
                    capitals.max(1)
                };
                member[..lower].to_ascii_lowercase() + &member[lower..]
            }
            None => format!("{}.{}", self.target, self.name),
        }
    }
}

macro_rules! operations {
    ($( $family:ident ($target:literal) $kind:ident {
        $( $variant:ident = $name:literal ($($arg:literal),*) $gate:expr, [$($api:literal),*]; )*
    } )*) => {
        $(
            #[doc = concat!("The operations JS sends with target `", $target, "` handled by one family.")]
            #[derive(Clone, Copy, Debug, PartialEq, Eq)]
            // The variants mirror the names JS sends (the matchers all start with `to`).
            #[allow(clippy::enum_variant_names)]
            pub(super) enum $kind { $($variant),* }
        )*
        /// An operation of the table, by family.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(super) enum Op { $($family($kind)),* }
        /// The table.
        pub(super) static OPERATIONS: &[Operation] = &[$($(
            Operation {
                op: Op::$family($kind::$variant),
                target: $target,
                name: $name,
                args: &[$($arg),*],
                gate: $gate,
                api: &[$($api),*],
            },
        )*)*];
    };
}

use Gate::{ContextOptions, Navigation, Net, Open, ProjectWrite};

operations! {
    Page("page") PageOp {
        Goto = "goto"("url", "waitUntil") Navigation(0), ["Page.goto"];
        FrameGoto = "frameGoto"("frame", "url", "waitUntil") Navigation(1), ["Frame.goto"];
        FrameWaitForNavigation = "frameWaitForNavigation"("frame", "url", "waitUntil") Open, ["Frame.waitForNavigation"];
        Reload = "reload"("waitUntil") Open, ["Page.reload"];
        GoBack = "goBack"("waitUntil") Open, ["Page.goBack"];
        GoForward = "goForward"("waitUntil") Open, ["Page.goForward"];
        EmulateMedia = "emulateMedia"("options") Open, ["Page.emulateMedia"];
        Pdf = "pdf"("options", "path") ProjectWrite(1), ["Page.pdf"];
        AddInitScript = "addInitScript"("script") Open, ["Page.addInitScript"];
        RemoveInitScript = "removeInitScript"("identifier") Open, [];
        Title = "title"() Open, ["Page.title"];
        ConsoleMessages = "consoleMessages"("all") Open, ["Page.consoleMessages"];
        PageErrors = "pageErrors"("all") Open, ["Page.pageErrors"];
        ClearConsoleMessages = "clearConsoleMessages"() Open, ["Page.clearConsoleMessages"];
        ClearPageErrors = "clearPageErrors"() Open, ["Page.clearPageErrors"];
        Requests = "requests"() Open, ["Page.requests"];
        TouchscreenTap = "touchscreenTap"("x", "y") Open, ["Touchscreen.tap"];
        RequestGc = "requestGC"() Open, ["Page.requestGC"];
        BringToFront = "bringToFront"() Open, ["Page.bringToFront"];
        CoverageStartJs = "coverageStartJs"("resetOnNavigation") Open, ["Coverage.startJSCoverage"];
        CoverageStopJs = "coverageStopJs"("reportAnonymousScripts") Open, ["Coverage.stopJSCoverage"];
        CoverageStartCss = "coverageStartCss"("resetOnNavigation") Open, ["Coverage.startCSSCoverage"];
        CoverageStopCss = "coverageStopCss"() Open, ["Coverage.stopCSSCoverage"];
        Markdown = "markdown"() Open, ["Page.markdown"];
        AriaSnapshot = "ariaSnapshot"() Open, ["Page.ariaSnapshot"];
        Content = "content"() Open, ["Page.content"];
        SetContent = "setContent"("html", "waitUntil") Open, ["Page.setContent"];
        Evaluate = "evaluate"("expression", "encoder") Open, ["Page.evaluate"];
        EvaluateInFrame = "evaluateInFrame"("frame", "expression", "encoder") Open, ["Frame.evaluate"];
        Screenshot = "screenshot"("options", "path") ProjectWrite(1), ["Page.screenshot"];
        WaitForUrl = "waitForURL"("url", "waitUntil") Open, ["Page.waitForURL"];
        WaitForNavigation = "waitForNavigation"("url", "waitUntil") Open, ["Page.waitForNavigation"];
        WaitForLoadState = "waitForLoadState"("state") Open, ["Page.waitForLoadState"];
        SetViewportSize = "setViewportSize"("width", "height") Open, ["Page.setViewportSize"];
        SetExtraHttpHeaders = "setExtraHTTPHeaders"("headers") Open, ["Page.setExtraHTTPHeaders"];
        KeyboardPress = "keyboardPress"("key") Open, ["Keyboard.press"];
        KeyboardType = "keyboardType"("text") Open, ["Keyboard.type"];
        KeyboardDown = "keyboardDown"("key") Open, ["Keyboard.down"];
        KeyboardUp = "keyboardUp"("key") Open, ["Keyboard.up"];
        KeyboardInsertText = "keyboardInsertText"("text") Open, ["Keyboard.insertText"];
        MouseDown = "mouseDown"() Open, ["Mouse.down"];
        MouseUp = "mouseUp"() Open, ["Mouse.up"];
        MouseWheel = "mouseWheel"("deltaX", "deltaY") Open, ["Mouse.wheel"];
        MouseDblclick = "mouseDblclick"("x", "y") Open, ["Mouse.dblclick"];
        MouseMove = "mouseMove"("x", "y") Open, ["Mouse.move"];
        MouseClick = "mouseClick"("x", "y") Open, ["Mouse.click"];
        Close = "close"() Open, ["Page.close"];
    }
    Video("page") VideoOp {
        Path = "videoPath"() Open, ["Page.video", "Video.path"];
        SaveAs = "videoSaveAs"("path") ProjectWrite(0), ["Video.saveAs"];
        Delete = "videoDelete"() Open, ["Video.delete"];
    }
    Event("page") EventOp {
        Subscribe = "subscribe"("network") Open, ["Page.on"];
        NextEvents = "nextEvents"() Open, [];
        AwaitOpen = "awaitOpen"() Open, [];
        DialogMode = "dialogMode"("manual") Open, [];
        FileChooserMode = "fileChooserMode"("on") Open, [];
        PinFileChooser = "pinFileChooser"("node") Open, ["FileChooser.element"];
        DialogAccept = "dialogAccept"("promptText") Open, ["Dialog.accept"];
        DialogDismiss = "dialogDismiss"() Open, ["Dialog.dismiss"];
        ResponseBody = "responseBody"("requestId") Open, ["Response.body"];
        ResponseHeaders = "responseHeaders"("requestId", "which") Open, ["Response.allHeaders"];
        Routing = "routing"("on") Open, ["Page.route"];
        RouteFulfill = "routeFulfill"("route", "status", "headers", "body") Open, ["Route.fulfill"];
        RouteAbort = "routeAbort"("route", "errorCode") Open, ["Route.abort"];
        RouteContinue = "routeContinue"("route", "overrides") Open, ["Route.continue"];
        WatchDownloads = "watchDownloads"() Open, [];
        DownloadPath = "downloadPath"("download") Open, ["Download.path"];
        DownloadSaveAs = "downloadSaveAs"("download", "path") ProjectWrite(1), ["Download.saveAs"];
        DownloadDelete = "downloadDelete"("download") Open, ["Download.delete"];
        DownloadCancel = "downloadCancel"("download") Open, ["Download.cancel"];
        DownloadRead = "downloadRead"("download") Open, ["Download.createReadStream"];
        ExposeFunction = "exposeFunction"("name") Open, ["Page.exposeFunction", "BrowserContext.exposeFunction"];
        AnswerBinding = "answerBinding"("context", "call", "ok", "value") Open, [];
        RemoveBinding = "removeBinding"("name", "identifier") Open, [];
        WorkerEvaluate = "workerEvaluate"("worker", "expression") Open, ["Worker.evaluate"];
        AddLocatorHandler = "addLocatorHandler"("locator", "noWaitAfter") Open, ["Page.addLocatorHandler"];
        ResolveLocatorHandler = "resolveLocatorHandler"("uid", "remove", "error") Open, [];
        RemoveLocatorHandler = "removeLocatorHandler"("uid") Open, ["Page.removeLocatorHandler"];
    }
    Locator("locator") LocatorOp {
        Click = "click"("options") Open, ["Locator.click"];
        Dblclick = "dblclick"("options") Open, ["Locator.dblclick"];
        Hover = "hover"("options") Open, ["Locator.hover"];
        Tap = "tap"("options") Open, ["Locator.tap"];
        DragTo = "dragTo"("target", "sourcePosition", "targetPosition") Open, ["Locator.dragTo"];
        Fill = "fill"("value") Open, ["Locator.fill"];
        SetInputFiles = "setInputFiles"("files") Open, ["Locator.setInputFiles"];
        Clear = "clear"() Open, ["Locator.clear"];
        Press = "press"("key") Open, ["Locator.press"];
        Type = "type"("text") Open, ["Locator.type"];
        PressSequentially = "pressSequentially"("text") Open, ["Locator.pressSequentially"];
        Check = "check"("options") Open, ["Locator.check"];
        Uncheck = "uncheck"("options") Open, ["Locator.uncheck"];
        SetChecked = "setChecked"("checked", "options") Open, ["Locator.setChecked"];
        SelectOption = "selectOption"("values") Open, ["Locator.selectOption"];
        TextContent = "textContent"() Open, ["Locator.textContent"];
        Dispose = "dispose"() Open, ["ElementHandle.dispose"];
        Pin = "pin"("which") Open, ["Page.$", "Page.$$", "Locator.elementHandle"];
        FrameIds = "frameIds"() Open, ["ElementHandle.ownerFrame", "ElementHandle.contentFrame"];
        Screenshot = "screenshot"("options", "path") ProjectWrite(1), ["Locator.screenshot"];
        Evaluate = "evaluate"("function", "arg") Open, ["Locator.evaluate"];
        EvaluateAll = "evaluateAll"("function", "arg") Open, ["Locator.evaluateAll"];
        InnerText = "innerText"() Open, ["Locator.innerText"];
        InnerHtml = "innerHTML"() Open, ["Locator.innerHTML"];
        AriaSnapshot = "ariaSnapshot"() Open, ["Locator.ariaSnapshot"];
        InputValue = "inputValue"() Open, ["Locator.inputValue"];
        GetAttribute = "getAttribute"("name") Open, ["Locator.getAttribute"];
        Count = "count"() Open, ["Locator.count"];
        IsVisible = "isVisible"() Open, ["Locator.isVisible"];
        IsHidden = "isHidden"() Open, ["Locator.isHidden"];
        IsEnabled = "isEnabled"() Open, ["Locator.isEnabled"];
        IsDisabled = "isDisabled"() Open, ["Locator.isDisabled"];
        IsChecked = "isChecked"() Open, ["Locator.isChecked"];
        IsEditable = "isEditable"() Open, ["Locator.isEditable"];
    }
    ExpectPage("expect") PageMatcher {
        ToHaveUrl = "toHaveURL"("expected") Open, ["PageAssertions.toHaveURL"];
        ToHaveTitle = "toHaveTitle"("expected") Open, ["PageAssertions.toHaveTitle"];
    }
    ExpectLocator("expect") LocatorMatcher {
        ToBeVisible = "toBeVisible"() Open, ["LocatorAssertions.toBeVisible"];
        ToBeHidden = "toBeHidden"() Open, ["LocatorAssertions.toBeHidden"];
        ToBeEnabled = "toBeEnabled"() Open, ["LocatorAssertions.toBeEnabled"];
        ToBeDisabled = "toBeDisabled"() Open, ["LocatorAssertions.toBeDisabled"];
        ToBeChecked = "toBeChecked"() Open, ["LocatorAssertions.toBeChecked"];
        ToBeIndeterminate = "toBeIndeterminate"() Open, ["LocatorAssertions.toBeChecked"];
        ToBeAttached = "toBeAttached"() Open, ["LocatorAssertions.toBeAttached"];
        ToBeEditable = "toBeEditable"() Open, ["LocatorAssertions.toBeEditable"];
        ToBeEmpty = "toBeEmpty"() Open, ["LocatorAssertions.toBeEmpty"];
        ToBeFocused = "toBeFocused"() Open, ["LocatorAssertions.toBeFocused"];
        ToBeInViewport = "toBeInViewport"("ratio") Open, ["LocatorAssertions.toBeInViewport"];
        ToHaveCss = "toHaveCSS"("name", "value") Open, ["LocatorAssertions.toHaveCSS"];
        ToHaveJsProperty = "toHaveJSProperty"("name", "value") Open, ["LocatorAssertions.toHaveJSProperty"];
        ToHaveId = "toHaveId"("id") Open, ["LocatorAssertions.toHaveId"];
        ToHaveValues = "toHaveValues"("values") Open, ["LocatorAssertions.toHaveValues"];
        ToHaveRole = "toHaveRole"("role") Open, ["LocatorAssertions.toHaveRole"];
        ToHaveAccessibleName = "toHaveAccessibleName"("name") Open, ["LocatorAssertions.toHaveAccessibleName"];
        ToHaveAccessibleDescription = "toHaveAccessibleDescription"("description") Open,
            ["LocatorAssertions.toHaveAccessibleDescription"];
        ToHaveText = "toHaveText"("expected", "options") Open, ["LocatorAssertions.toHaveText"];
        ToContainText = "toContainText"("expected", "options") Open, ["LocatorAssertions.toContainText"];
        ToHaveTexts = "toHaveTexts"("expected", "options") Open, ["LocatorAssertions.toHaveText"];
        ToContainTexts = "toContainTexts"("expected", "options") Open, ["LocatorAssertions.toContainText"];
        ToHaveClasses = "toHaveClasses"("expected") Open, ["LocatorAssertions.toHaveClass"];
        ToContainClasses = "toContainClasses"("expected") Open, ["LocatorAssertions.toContainClass"];
        ToHaveValue = "toHaveValue"("expected") Open, ["LocatorAssertions.toHaveValue"];
        ToHaveAttribute = "toHaveAttribute"("name", "value") Open, ["LocatorAssertions.toHaveAttribute"];
        ToHaveClass = "toHaveClass"("expected") Open, ["LocatorAssertions.toHaveClass"];
        ToContainClass = "toContainClass"("expected") Open, ["LocatorAssertions.toContainClass"];
        ToHaveCount = "toHaveCount"("count") Open, ["LocatorAssertions.toHaveCount"];
    }
    Context("context") ContextOp {
        Close = "close"() Open, ["BrowserContext.close"];
        StorageState = "storageState"("path") ProjectWrite(0), ["BrowserContext.storageState"];
        SetStorageState = "setStorageState"("state") Open, ["BrowserContext.setStorageState"];
        Cookies = "cookies"("urls") Open, ["BrowserContext.cookies"];
        AddCookies = "addCookies"("cookies") Open, ["BrowserContext.addCookies"];
        ClearCookies = "clearCookies"("filter") Open, ["BrowserContext.clearCookies", "BrowserContext.deleteCookie"];
        ClearPermissions = "clearPermissions"() Open, ["BrowserContext.clearPermissions"];
        GrantPermissions = "grantPermissions"("permissions", "origin") Open, ["BrowserContext.grantPermissions"];
        SetGeolocation = "setGeolocation"("latitude", "longitude") Open, ["BrowserContext.setGeolocation"];
        SetOffline = "setOffline"("offline") Open, ["BrowserContext.setOffline"];
        SetExtraHttpHeaders = "setExtraHTTPHeaders"("headers") Open, ["BrowserContext.setExtraHTTPHeaders"];
        AddInitScript = "addInitScript"("script") Open, ["BrowserContext.addInitScript"];
        RemoveInitScript = "removeInitScript"("script") Open, [];
        ReplaceInitScript = "replaceInitScript"("previous", "script") Open, [];
        NewPage = "newPage"() Open, ["BrowserContext.newPage"];
        RouteNewPages = "routeNewPages"("on") Open, [];
        TracingStart = "tracingStart"("options") Open, ["Tracing.start"];
        TracingStartChunk = "tracingStartChunk"() Open, ["Tracing.startChunk"];
        TracingGroup = "tracingGroup"("name") Open, ["Tracing.group"];
        TracingGroupEnd = "tracingGroupEnd"() Open, ["Tracing.groupEnd"];
        TracingStop = "tracingStop"("path") ProjectWrite(0), ["Tracing.stop"];
        TracingStopChunk = "tracingStopChunk"("path") ProjectWrite(0), ["Tracing.stopChunk"];
        HarStart = "harStart"("path", "options", "page") ProjectWrite(0), ["Tracing.startHar", "BrowserContext.routeFromHAR"];
        HarStop = "harStop"("id") Open, ["Tracing.stopHar"];
    }
    Request("request") RequestOp {
        Fetch = "fetch"("method", "url", "options") Net(1), ["APIRequestContext.fetch"];
    }
    Browser("browser") BrowserOp {
        Version = "version"() Open, ["Browser.version"];
        NewContext = "newContext"("options") ContextOptions(0), ["Browser.newContext"];
    }
}

/// The row for what JS sent, if there is one.
pub(super) fn find(target: &str, name: &str) -> Option<&'static Operation> {
    OPERATIONS.iter().find(|o| o.target == target && o.name == name)
}

#[cfg(test)]
#[path = "operations_tests.rs"]
mod tests;
