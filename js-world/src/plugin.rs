//! The rolldown plugin of the JS world: the synthetic entry module, the virtual modules that
//! stand in for `@cucumber/cucumber`, `@playwright/test` and the Node built-ins, and the
//! per-module rewrite of `import.meta.dirname`/`filename`/`url` to the original file's location.

use rolldown_plugin::{
    HookLoadArgs, HookLoadOutput, HookLoadReturn, HookResolveIdArgs, HookResolveIdOutput, HookResolveIdReturn,
    HookTransformArgs, HookTransformAstArgs, HookTransformAstReturn, HookTransformOutput, HookTransformReturn,
    HookUsage, Plugin, PluginContext, SharedLoadPluginContext, SharedTransformPluginContext,
};
use std::borrow::Cow;
use std::path::Path;

/// The specifier of the synthetic entry module.
pub const ENTRY: &str = "ferridriver:entry";

/// Virtual module ids start with NUL, as rollup plugins mark ids that are not files.
pub(crate) const VIRTUAL_PREFIX: &str = "\0ferridriver:";

/// The names the cucumber module exports (cucumber-js and fake-cucumber alike).
pub const CUCUMBER_EXPORTS: &[&str] = &[
    "Given",
    "When",
    "Then",
    "defineStep",
    "And",
    "But",
    "Before",
    "After",
    "BeforeAll",
    "AfterAll",
    "BeforeStep",
    "AfterStep",
    "defineParameterType",
    "ParameterType",
    "setDefaultTimeout",
    "setWorldConstructor",
    "setDefinitionFunctionWrapper",
    "setParallelCanAssign",
    "PendingException",
    "SkippedException",
    "DataTable",
    "World",
    "Status",
];

const ASSERT_EXPORTS: &[&str] = &[
    "ok",
    "equal",
    "notEqual",
    "strictEqual",
    "notStrictEqual",
    "deepEqual",
    "deepStrictEqual",
    "notDeepStrictEqual",
    "throws",
    "doesNotThrow",
    "rejects",
    "fail",
    "match",
    "AssertionError",
    "strict",
];
const FS_EXPORTS: &[&str] = &["readFileSync", "existsSync", "createReadStream", "promises"];
const PATH_EXPORTS: &[&str] =
    &["join", "dirname", "basename", "resolve", "extname", "normalize", "relative", "isAbsolute", "sep"];
const BUFFER_EXPORTS: &[&str] = &["Buffer"];
const OS_EXPORTS: &[&str] =
    &["EOL", "platform", "arch", "type", "release", "homedir", "tmpdir", "hostname", "cpus", "endianness"];
const URL_EXPORTS: &[&str] = &["URL", "URLSearchParams", "fileURLToPath", "pathToFileURL"];
const UTIL_EXPORTS: &[&str] = &[
    "format",
    "inspect",
    "promisify",
    "deprecate",
    "inherits",
    "isDeepStrictEqual",
    "types",
    "TextEncoder",
    "TextDecoder",
];
const EVENTS_EXPORTS: &[&str] = &["EventEmitter", "once"];
const CRYPTO_EXPORTS: &[&str] = &[
    "randomBytes",
    "randomUUID",
    "randomInt",
    "createHash",
    "getRandomValues",
    "createHmac",
    "createCipheriv",
    "createDecipheriv",
];
/// The Node built-ins provided (for messages about the others).
pub(crate) const NODE_BUILTINS: &[&str] = &["assert", "buffer", "crypto", "events", "fs", "os", "path", "url", "util"];
/// What step files import from `@playwright/test` (the classes are there for `instanceof`).
const PLAYWRIGHT_EXPORTS: &[&str] = &[
    "expect",
    "errors",
    "Page",
    "Locator",
    "ElementHandle",
    "BrowserContext",
    "Browser",
    "APIRequestContext",
    "APIResponse",
    "request",
    "selectors",
    "chromium",
    "firefox",
    "webkit",
];

/// The virtual module a bare specifier stands for: `(module key, exported names)`.
pub(crate) fn virtual_module(specifier: &str) -> Option<(&'static str, &'static [&'static str])> {
    Some(match specifier {
        "@cucumber/cucumber" | "@cucumber/fake-cucumber" => ("cucumber", CUCUMBER_EXPORTS),
        "node:assert" | "assert" | "node:assert/strict" | "assert/strict" => ("assert", ASSERT_EXPORTS),
        "node:fs" | "fs" => ("fs", FS_EXPORTS),
        "node:path" | "path" => ("path", PATH_EXPORTS),
        "node:buffer" | "buffer" => ("buffer", BUFFER_EXPORTS),
        "node:os" | "os" => ("os", OS_EXPORTS),
        "node:url" | "url" => ("url", URL_EXPORTS),
        "node:util" | "util" => ("util", UTIL_EXPORTS),
        "node:events" | "events" => ("events", EVENTS_EXPORTS),
        "node:crypto" | "crypto" => ("crypto", CRYPTO_EXPORTS),
        "@playwright/test" | "playwright/test" | "playwright" | "playwright-core" => ("playwright", PLAYWRIGHT_EXPORTS),
        _ => return None,
    })
}

/// The code of a virtual module: it re-exports what the prelude put in
/// `globalThis.__ferridriver_modules[key]`, so the bundle carries no copy of our API.
pub(crate) fn virtual_code(key: &str) -> Option<String> {
    let exports = match key {
        "cucumber" => CUCUMBER_EXPORTS,
        "assert" => ASSERT_EXPORTS,
        "fs" => FS_EXPORTS,
        "path" => PATH_EXPORTS,
        "buffer" => BUFFER_EXPORTS,
        "os" => OS_EXPORTS,
        "url" => URL_EXPORTS,
        "util" => UTIL_EXPORTS,
        "events" => EVENTS_EXPORTS,
        "crypto" => CRYPTO_EXPORTS,
        "playwright" => PLAYWRIGHT_EXPORTS,
        _ => return None,
    };
    let mut code = format!("const m = globalThis.__ferridriver_modules[{key:?}];\nexport default m;\n");
    for name in exports {
        code.push_str(&format!("export const {name} = m.{name};\n"));
    }
    Some(code)
}

/// The plugin; `entry_code` imports every step file.
#[derive(Debug)]
pub struct WorldPlugin {
    /// The synthetic entry module's code.
    pub entry_code: String,
    /// Whether async functions become generators (bundles that define tools; see
    /// `lower_async.rs`).
    pub lower_async: bool,
    /// Counts the modules parsed (a kept bundler parses only the changed ones again).
    pub parsed: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl Plugin for WorldPlugin {
    fn name(&self) -> Cow<'static, str> {
        Cow::Borrowed("ferridriver-world")
    }

    async fn resolve_id(&self, _ctx: &PluginContext, args: &HookResolveIdArgs<'_>) -> HookResolveIdReturn {
        if args.specifier == ENTRY {
            return Ok(Some(HookResolveIdOutput::from_id(format!("{VIRTUAL_PREFIX}entry"))));
        }
        Ok(virtual_module(args.specifier)
            .map(|(key, _)| HookResolveIdOutput::from_id(format!("{VIRTUAL_PREFIX}{key}"))))
    }

    async fn load(&self, _ctx: SharedLoadPluginContext, args: &HookLoadArgs<'_>) -> HookLoadReturn {
        let Some(key) = args.id.strip_prefix(VIRTUAL_PREFIX) else { return Ok(None) };
        let code = if key == "entry" { Some(self.entry_code.clone()) } else { virtual_code(key) };
        Ok(code.map(|code| HookLoadOutput { code: code.into(), ..Default::default() }))
    }

    async fn transform(&self, _ctx: SharedTransformPluginContext, args: &HookTransformArgs<'_>) -> HookTransformReturn {
        if args.id.starts_with('\0') || !args.code.contains("import.meta.") {
            return Ok(None);
        }
        // QuickJS runs one module for the whole bundle, so each file's own `import.meta` must
        // be resolved here, while we still know which file the code came from.
        let file = Path::new(args.id);
        let dir = file.parent().map(|d| d.to_string_lossy().into_owned()).unwrap_or_default();
        let quote = |s: &str| serde_json::Value::String(s.to_string()).to_string();
        let mut code = string_wizard::MagicString::new(args.code.as_str());
        let edits = [
            ("import.meta.dirname", quote(&dir)),
            ("import.meta.filename", quote(args.id)),
            ("import.meta.url", quote(&format!("file://{}", args.id))),
        ];
        for (from, to) in edits {
            code.replace_all(from, to).map_err(anyhow::Error::msg)?;
        }
        let map = code.source_map(string_wizard::SourceMapOptions {
            include_content: true,
            source: args.id.into(),
            hires: string_wizard::Hires::Boundary,
        });
        Ok(Some(HookTransformOutput { code: Some(code.to_string()), map: map.into(), ..Default::default() }))
    }

    async fn transform_ast(&self, _ctx: &PluginContext, mut args: HookTransformAstArgs<'_>) -> HookTransformAstReturn {
        if !args.id.starts_with('\0') {
            self.parsed.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        if self.lower_async && !args.id.starts_with('\0') {
            crate::lower_async::lower(&mut args.ast, Path::new(args.id)).map_err(anyhow::Error::msg)?;
        }
        Ok(args.ast)
    }

    fn register_hook_usage(&self) -> HookUsage {
        HookUsage::ResolveId | HookUsage::Load | HookUsage::Transform | HookUsage::TransformAst
    }
}

/// The entry module: one side-effect import per step file, in the given (sorted) order.
pub fn entry_code(files: &[&Path]) -> String {
    files.iter().map(|f| format!("import {};\n", serde_json::Value::String(f.to_string_lossy().into_owned()))).collect()
}
