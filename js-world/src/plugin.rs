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
    "world",
    "context",
    "HookTarget",
    "Formatter",
    "version",
    "wrapPromiseWithTimeout",
    "parallelCanAssignHelpers",
    "formatterHelpers",
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
const FS_EXPORTS: &[&str] = &[
    "openSync",
    "closeSync",
    "writeSync",
    "readSync",
    "fstatSync",
    "ftruncateSync",
    "fsyncSync",
    "fdatasyncSync",
    "open",
    "close",
    "write",
    "read",
    "fstat",
    "ftruncate",
    "fsync",
    "fdatasync",
    "lstatSync",
    "realpathSync",
    "readlinkSync",
    "accessSync",
    "copyFileSync",
    "createWriteStream",
    "constants",
    "readFile",
    "writeFile",
    "appendFile",
    "mkdir",
    "readdir",
    "stat",
    "lstat",
    "realpath",
    "readlink",
    "access",
    "copyFile",
    "unlink",
    "rm",
    "readFileSync",
    "existsSync",
    "createReadStream",
    "ReadStream",
    "WriteStream",
    "writeFileSync",
    "appendFileSync",
    "mkdirSync",
    "readdirSync",
    "statSync",
    "unlinkSync",
    "rmSync",
    "renameSync",
    "rmdirSync",
    "rename",
    "rmdir",
    "promises",
];
const PATH_EXPORTS: &[&str] = &[
    "join",
    "dirname",
    "basename",
    "resolve",
    "extname",
    "normalize",
    "relative",
    "isAbsolute",
    "sep",
    "delimiter",
    "parse",
    "format",
    "toNamespacedPath",
    "posix",
    "win32",
];
const BUFFER_EXPORTS: &[&str] = &["Buffer", "kMaxLength", "constants", "isUtf8"];
const OS_EXPORTS: &[&str] =
    &["EOL", "platform", "arch", "type", "release", "homedir", "tmpdir", "hostname", "cpus", "endianness"];
const URL_EXPORTS: &[&str] = &[
    "URL",
    "URLSearchParams",
    "fileURLToPath",
    "pathToFileURL",
    "Url",
    "parse",
    "format",
    "resolve",
    "domainToASCII",
    "domainToUnicode",
];
const UTIL_EXPORTS: &[&str] = &[
    "format",
    "formatWithOptions",
    "inspect",
    "promisify",
    "deprecate",
    "inherits",
    "isDeepStrictEqual",
    "types",
    "TextEncoder",
    "TextDecoder",
];
const EVENTS_EXPORTS: &[&str] = &[
    "EventEmitter",
    "once",
    "errorMonitor",
    "defaultMaxListeners",
    "captureRejections",
    "listenerCount",
    "getEventListeners",
    "setMaxListeners",
];
const PROCESS_EXPORTS: &[&str] = &[
    "env", "argv", "platform", "arch", "pid", "cwd", "exit", "nextTick", "hrtime", "on", "once", "off", "stdout",
    "stderr",
];
const TIMERS_EXPORTS: &[&str] =
    &["setTimeout", "clearTimeout", "setInterval", "clearInterval", "setImmediate", "clearImmediate"];
const TIMERS_PROMISES_EXPORTS: &[&str] = &["setTimeout", "setImmediate", "setInterval"];
const STRING_DECODER_EXPORTS: &[&str] = &["StringDecoder"];
const TTY_EXPORTS: &[&str] = &["isatty", "ReadStream", "WriteStream"];
const CONSTANTS_EXPORTS: &[&str] =
    &["F_OK", "R_OK", "W_OK", "X_OK", "O_RDONLY", "O_WRONLY", "O_RDWR", "O_CREAT", "O_EXCL", "O_TRUNC", "O_APPEND"];
const STREAM_EXPORTS: &[&str] =
    &["Stream", "Readable", "Writable", "Duplex", "Transform", "PassThrough", "pipeline", "finished", "promises"];
const STREAM_PROMISES_EXPORTS: &[&str] = &["pipeline", "finished"];
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
const ZLIB_EXPORTS: &[&str] = &[
    "constants",
    "deflateSync",
    "inflateSync",
    "deflateRawSync",
    "inflateRawSync",
    "gzipSync",
    "gunzipSync",
    "unzipSync",
    "deflate",
    "inflate",
    "deflateRaw",
    "inflateRaw",
    "gzip",
    "gunzip",
    "unzip",
    "Deflate",
    "Inflate",
    "DeflateRaw",
    "InflateRaw",
    "Gzip",
    "Gunzip",
    "Unzip",
    "createDeflate",
    "createInflate",
    "createDeflateRaw",
    "createInflateRaw",
    "createGzip",
    "createGunzip",
    "createUnzip",
    "brotliCompress",
    "brotliDecompress",
    "brotliCompressSync",
    "brotliDecompressSync",
];
const NET_EXPORTS: &[&str] =
    &["isIP", "isIPv4", "isIPv6", "Socket", "Stream", "connect", "createConnection", "createServer", "Server"];
const TLS_EXPORTS: &[&str] = &[
    "connect",
    "createSecureContext",
    "createServer",
    "TLSSocket",
    "DEFAULT_MIN_VERSION",
    "DEFAULT_MAX_VERSION",
    "rootCertificates",
];
const DNS_EXPORTS: &[&str] = &[
    "lookup",
    "Resolver",
    "promises",
    "getServers",
    "setServers",
    "ADDRCONFIG",
    "V4MAPPED",
    "ALL",
    "NOTFOUND",
    "resolve",
    "resolve4",
    "resolve6",
    "resolveAny",
    "resolveCname",
    "resolveMx",
    "resolveNs",
    "resolvePtr",
    "resolveSoa",
    "resolveSrv",
    "resolveTxt",
    "reverse",
];
const DNS_PROMISES_EXPORTS: &[&str] = &["lookup", "Resolver", "resolve", "resolve4", "resolve6", "reverse"];
const DOMAIN_EXPORTS: &[&str] = &["Domain", "active", "create", "createDomain"];
const PUNYCODE_EXPORTS: &[&str] = &["version", "ucs2", "encode", "decode", "toASCII", "toUnicode"];
const HTTP2_EXPORTS: &[&str] = &["connect", "createServer", "createSecureServer", "constants"];
const VM_EXPORTS: &[&str] = &[
    "Script",
    "createContext",
    "isContext",
    "runInContext",
    "runInNewContext",
    "runInThisContext",
    "compileFunction",
    "measureMemory",
    "constants",
];
const V8_EXPORTS: &[&str] = &[
    "setFlagsFromString",
    "cachedDataVersionTag",
    "getHeapStatistics",
    "getHeapSpaceStatistics",
    "getHeapCodeStatistics",
    "getHeapSnapshot",
    "writeHeapSnapshot",
    "setHeapSnapshotNearHeapLimit",
    "serialize",
    "deserialize",
    "takeCoverage",
    "stopCoverage",
];
const HTTP_EXPORTS: &[&str] = &[
    "STATUS_CODES",
    "METHODS",
    "Agent",
    "globalAgent",
    "maxHeaderSize",
    "request",
    "get",
    "createServer",
    "ClientRequest",
    "IncomingMessage",
    "OutgoingMessage",
    "Server",
    "ServerResponse",
    "validateHeaderName",
    "validateHeaderValue",
];
/// What step files import from `@playwright/test` (the classes are there for `instanceof`).
const CHILD_PROCESS_EXPORTS: &[&str] =
    &["ChildProcess", "exec", "execFile", "execFileSync", "execSync", "fork", "spawn", "spawnSync"];
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
    "devices",
];

const FS_PROMISES_EXPORTS: &[&str] = &[
    "readFile",
    "writeFile",
    "appendFile",
    "mkdir",
    "readdir",
    "stat",
    "lstat",
    "realpath",
    "readlink",
    "access",
    "copyFile",
    "unlink",
    "rm",
    "rename",
    "rmdir",
    "constants",
];

/// One virtual module: the specifiers that name it, its key in
/// `globalThis.__ferridriver_modules` and its exported names.
struct VirtualModule {
    specifiers: &'static [&'static str],
    key: &'static str,
    exports: &'static [&'static str],
}

/// Every virtual module; a Node built-in is one whose specifiers include `node:<name>`.
const VIRTUAL_MODULES: &[VirtualModule] = &[
    VirtualModule {
        specifiers: &["@cucumber/cucumber", "@cucumber/fake-cucumber"],
        key: "cucumber",
        exports: CUCUMBER_EXPORTS,
    },
    VirtualModule {
        specifiers: &["node:assert", "assert", "node:assert/strict", "assert/strict"],
        key: "assert",
        exports: ASSERT_EXPORTS,
    },
    VirtualModule { specifiers: &["node:buffer", "buffer"], key: "buffer", exports: BUFFER_EXPORTS },
    VirtualModule { specifiers: &["node:crypto", "crypto"], key: "crypto", exports: CRYPTO_EXPORTS },
    VirtualModule { specifiers: &["node:events", "events"], key: "events", exports: EVENTS_EXPORTS },
    VirtualModule { specifiers: &["node:fs", "fs"], key: "fs", exports: FS_EXPORTS },
    VirtualModule { specifiers: &["node:fs/promises", "fs/promises"], key: "fsPromises", exports: FS_PROMISES_EXPORTS },
    VirtualModule { specifiers: &["node:os", "os"], key: "os", exports: OS_EXPORTS },
    VirtualModule { specifiers: &["node:path", "path"], key: "path", exports: PATH_EXPORTS },
    VirtualModule { specifiers: &["node:url", "url"], key: "url", exports: URL_EXPORTS },
    VirtualModule { specifiers: &["node:util", "util"], key: "util", exports: UTIL_EXPORTS },
    VirtualModule { specifiers: &["node:process", "process"], key: "process", exports: PROCESS_EXPORTS },
    VirtualModule { specifiers: &["node:timers", "timers"], key: "timers", exports: TIMERS_EXPORTS },
    VirtualModule {
        specifiers: &["node:timers/promises", "timers/promises"],
        key: "timersPromises",
        exports: TIMERS_PROMISES_EXPORTS,
    },
    VirtualModule {
        specifiers: &["node:string_decoder", "string_decoder"],
        key: "stringDecoder",
        exports: STRING_DECODER_EXPORTS,
    },
    VirtualModule { specifiers: &["node:tty", "tty"], key: "tty", exports: TTY_EXPORTS },
    VirtualModule { specifiers: &["node:constants", "constants"], key: "constants", exports: CONSTANTS_EXPORTS },
    VirtualModule { specifiers: &["node:stream", "stream"], key: "stream", exports: STREAM_EXPORTS },
    VirtualModule {
        specifiers: &["node:stream/promises", "stream/promises"],
        key: "streamPromises",
        exports: STREAM_PROMISES_EXPORTS,
    },
    VirtualModule { specifiers: &["node:zlib", "zlib"], key: "zlib", exports: ZLIB_EXPORTS },
    VirtualModule { specifiers: &["node:http", "http"], key: "http", exports: HTTP_EXPORTS },
    VirtualModule { specifiers: &["node:https", "https"], key: "https", exports: HTTP_EXPORTS },
    VirtualModule { specifiers: &["node:net", "net"], key: "net", exports: NET_EXPORTS },
    VirtualModule { specifiers: &["node:punycode", "punycode"], key: "punycode", exports: PUNYCODE_EXPORTS },
    VirtualModule { specifiers: &["node:dns", "dns"], key: "dns", exports: DNS_EXPORTS },
    VirtualModule {
        specifiers: &["node:dns/promises", "dns/promises"],
        key: "dnsPromises",
        exports: DNS_PROMISES_EXPORTS,
    },
    VirtualModule { specifiers: &["node:domain", "domain"], key: "domain", exports: DOMAIN_EXPORTS },
    VirtualModule { specifiers: &["node:tls", "tls"], key: "tls", exports: TLS_EXPORTS },
    VirtualModule { specifiers: &["node:http2", "http2"], key: "http2", exports: HTTP2_EXPORTS },
    VirtualModule { specifiers: &["node:vm", "vm"], key: "vm", exports: VM_EXPORTS },
    VirtualModule { specifiers: &["node:v8", "v8"], key: "v8", exports: V8_EXPORTS },
    VirtualModule {
        specifiers: &["node:child_process", "child_process"],
        key: "childProcess",
        exports: CHILD_PROCESS_EXPORTS,
    },
    VirtualModule {
        specifiers: &["@playwright/test", "playwright/test", "playwright", "playwright-core"],
        key: "playwright",
        exports: PLAYWRIGHT_EXPORTS,
    },
];

/// The Node built-ins provided, by name (`fs`, `fs/promises`…), for messages about the others.
pub(crate) fn node_builtins() -> Vec<&'static str> {
    VIRTUAL_MODULES
        .iter()
        .flat_map(|m| m.specifiers.iter())
        .filter_map(|s| s.strip_prefix("node:"))
        .filter(|s| !s.ends_with("/strict"))
        .collect()
}

/// Each name of a Node built-in we provide (`fs`, `node:fs`…) with its module's key in
/// `globalThis.__ferridriver_modules`, as JSON: what a `require` computed at run time finds.
pub(crate) fn node_builtin_keys_json() -> String {
    let pairs: serde_json::Map<String, serde_json::Value> = VIRTUAL_MODULES
        .iter()
        .filter(|m| m.specifiers.iter().any(|s| s.starts_with("node:")))
        .flat_map(|m| m.specifiers.iter().map(move |s| ((*s).to_string(), serde_json::Value::from(m.key))))
        .collect();
    serde_json::Value::Object(pairs).to_string()
}

/// The virtual module a bare specifier stands for: `(module key, exported names)`.
pub(crate) fn virtual_module(specifier: &str) -> Option<(&'static str, &'static [&'static str])> {
    VIRTUAL_MODULES.iter().find(|m| m.specifiers.contains(&specifier)).map(|m| (m.key, m.exports))
}

/// The code of a virtual module: it re-exports what the prelude put in
/// `globalThis.__ferridriver_modules[key]`, so the bundle carries no copy of our API.
pub(crate) fn virtual_code(key: &str) -> Option<String> {
    let exports = VIRTUAL_MODULES.iter().find(|m| m.key == key)?.exports;
    let mut code = format!("const m = globalThis.__ferridriver_modules[{key:?}];\nexport default m;\n");
    for name in exports {
        code.push_str(&format!("export const {name} = m.{name};\n"));
    }
    Some(code)
}

/// What marks the id of a Node built-in that was `require`d.
const REQUIRED: &str = "require:";

/// Whether `specifier` names one of the Node built-ins we provide.
fn is_node_builtin(specifier: &str) -> bool {
    VIRTUAL_MODULES
        .iter()
        .any(|m| m.specifiers.contains(&specifier) && m.specifiers.iter().any(|s| s.starts_with("node:")))
}

/// A `require`d Node built-in, as Node's: an object whose functions code may replace (what
/// graceful-fs does to `fs`), shared by the bundle's requires; a class stays itself. The
/// prelude's own module stays frozen (an ES import gets its bindings): the checks behind every
/// function are in Rust, so a replaced function gains nothing.
fn required_code(key: &str) -> String {
    format!(
        "const m = globalThis.__ferridriver_modules[{key:?}];\n\
         module.exports = typeof m === 'function' || {key:?} === 'process' ? m : Object.assign({{}}, m);\n"
    )
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
        let Some((key, _)) = virtual_module(args.specifier) else { return Ok(None) };
        // `require` of a Node built-in gets a CommonJS module (see `required_code`).
        let required = args.kind == rolldown_common::ImportKind::Require && is_node_builtin(args.specifier);
        let id = if required { format!("{VIRTUAL_PREFIX}{REQUIRED}{key}") } else { format!("{VIRTUAL_PREFIX}{key}") };
        Ok(Some(HookResolveIdOutput::from_id(id)))
    }

    async fn load(&self, _ctx: SharedLoadPluginContext, args: &HookLoadArgs<'_>) -> HookLoadReturn {
        let Some(key) = args.id.strip_prefix(VIRTUAL_PREFIX) else { return Ok(None) };
        let code = match key.strip_prefix(REQUIRED) {
            _ if key == "entry" => Some(self.entry_code.clone()),
            Some(required) => Some(required_code(required)),
            None => virtual_code(key),
        };
        Ok(code.map(|code| HookLoadOutput { code: code.into(), ..Default::default() }))
    }

    async fn transform(&self, ctx: SharedTransformPluginContext, args: &HookTransformArgs<'_>) -> HookTransformReturn {
        let uses_meta = args.code.contains("import.meta.");
        let own_paths = own_path_names(args.code, args.id);
        let resolves = if crate::require_resolve::worth_parsing(args.code) {
            crate::require_resolve::resolve_calls(args.code, args.id)
        } else {
            Vec::new()
        };
        if args.id.starts_with('\0') || (!uses_meta && own_paths.is_empty() && resolves.is_empty()) {
            return Ok(None);
        }
        // QuickJS runs one module for the whole bundle, so each file's own `import.meta` must
        // be resolved here, while we still know which file the code came from.
        let file = Path::new(args.id);
        let dir = file.parent().map(|d| d.to_string_lossy().into_owned()).unwrap_or_default();
        let quote = |s: &str| serde_json::Value::String(s.to_string()).to_string();
        let mut code = string_wizard::MagicString::new(args.code.as_str());
        for (start, end, value) in crate::import_meta::edits(args.code, args.id) {
            code.update(start, end, value).map_err(anyhow::Error::msg)?;
        }
        // Each `require.resolve('name')` becomes what a `require` of the name resolves to; the
        // `require` of a computed name becomes the run-time loader of this file's folder.
        for call in &resolves {
            let Some(specifier) = &call.specifier else {
                let text =
                    crate::require_resolve::computed_require(args.id, call.context.as_deref(), !call.resolve_only);
                code.update(call.start, call.end, text).map_err(anyhow::Error::msg)?;
                continue;
            };
            let resolved = if is_node_builtin(specifier) {
                Some(specifier.clone())
            } else {
                let options = rolldown_plugin::PluginContextResolveOptions {
                    import_kind: rolldown_common::ImportKind::Require,
                    ..Default::default()
                };
                match ctx.resolve(specifier, Some(args.id), Some(options)).await {
                    Ok(Ok(found)) if !found.id.starts_with('\0') => Some(found.id.to_string()),
                    _ => None,
                }
            };
            let text = crate::require_resolve::replacement(specifier, resolved.as_deref(), args.id);
            code.update(call.start, call.end, text).map_err(anyhow::Error::msg)?;
        }
        // CommonJS's own names of the file and its folder, for the files that use them
        // without declaring them (an ES module that derives them from `import.meta.url`
        // declares its own).
        // After a `#!` line, which must stay first.
        let after_hashbang = if args.code.starts_with("#!") { args.code.find('\n').map(|i| i + 1) } else { Some(0) };
        for name in own_paths {
            let value = if name == "__dirname" { quote(&dir) } else { quote(args.id) };
            let line = format!("var {name} = {value};\n");
            match after_hashbang {
                Some(0) => {
                    code.prepend(line);
                }
                Some(at) => {
                    code.append_right(u32::try_from(at).unwrap_or(0), line).map_err(anyhow::Error::msg)?;
                }
                None => {
                    code.append(format!("\n{line}"));
                }
            }
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

/// Which of `__dirname` and `__filename` the module at `path` uses without a binding of its
/// own (an import, a declaration anywhere, a parameter), by oxc's scope analysis; none for
/// what is not JavaScript or TypeScript (JSON) or does not parse (rolldown reports that).
fn own_path_names(code: &str, path: &str) -> Vec<&'static str> {
    let wanted: Vec<&'static str> = ["__dirname", "__filename"].into_iter().filter(|n| code.contains(n)).collect();
    if wanted.is_empty() {
        return wanted;
    }
    let Ok(source_type) = oxc::span::SourceType::from_path(path) else { return Vec::new() };
    let allocator = oxc::allocator::Allocator::default();
    let parsed = oxc::parser::Parser::new(&allocator, code, source_type).parse();
    if parsed.panicked {
        return Vec::new();
    }
    let semantic = oxc::semantic::SemanticBuilder::new().build(&parsed.program).semantic;
    let unresolved = semantic.scoping().root_unresolved_references();
    wanted.into_iter().filter(|name| unresolved.contains_key(*name)).collect()
}

/// The entry module: one side-effect import per step file, in the given (sorted) order.
pub fn entry_code(files: &[&Path]) -> String {
    files.iter().map(|f| format!("import {};\n", serde_json::Value::String(f.to_string_lossy().into_owned()))).collect()
}

#[cfg(test)]
mod tests {
    use super::own_path_names;

    #[test]
    fn only_unbound_uses_get_the_files_own_paths() {
        let cases: &[(&str, &str, &[&str])] = &[
            ("a.cjs", "module.exports = [__dirname, __filename]", &["__dirname", "__filename"]),
            ("a.mjs", "import { __dirname } from './p.js';\nconsole.log(__dirname)", &[]),
            ("a.mjs", "const __filename = f(import.meta.url), __dirname = g(__filename);", &[]),
            ("a.js", "const { __dirname } = require('./p');\nuse(__dirname)", &[]),
            ("a.ts", "// __dirname in a comment\nconst s: string = '__filename';", &[]),
            (
                "a.js",
                "function f() { const __dirname = 1; return __dirname }\nmodule.exports = __dirname",
                &["__dirname"],
            ),
            ("a.js", "#!/usr/bin/env node\nconsole.log(__filename)", &["__filename"]),
            ("a.json", "{\"__dirname\": 1}", &[]),
        ];
        for (path, code, expected) in cases {
            assert_eq!(own_path_names(code, path), *expected, "{path}: {code}");
        }
    }
}
