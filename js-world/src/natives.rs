//! The native functions behind the JS prelude (`globalThis.__ferridriver_native`): file reads
//! scoped to the project root, UTF-8 and base64 conversions, timers' sleep, stderr output, and
//! `browser(json)`, the one entry of the Playwright classes (`crate::playwright`).

use crate::bytes::{Bytes, NamedFiles};
use crate::playwright::Session;
use base64::Engine;
use rquickjs::prelude::Async;
use rquickjs::{Ctx, Exception, Function, Object, TypedArray};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// Installs `__ferridriver_native` on the context's global object.
/// `session` is the worker's browser session (`None` in the manifest VM, which runs no steps).
/// `process.env` for code no tool chain runs (a configuration file): the listed variables
/// that are set; each other name read is remembered, so the host can say it was hidden.
#[derive(Debug, Clone, Default)]
pub(crate) struct PlainEnv {
    pub allowed: Arc<Vec<String>>,
    pub hidden_reads: Arc<std::sync::Mutex<std::collections::BTreeSet<String>>>,
}

impl PlainEnv {
    fn get(&self, name: &str) -> Option<String> {
        if self.allowed.iter().any(|n| n == name) {
            return std::env::var(name).ok();
        }
        if std::env::var_os(name).is_some() {
            self.hidden_reads.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(name.to_string());
        }
        None
    }

    fn names(&self) -> Vec<String> {
        self.allowed.iter().filter(|n| std::env::var_os(n.as_str()).is_some()).cloned().collect()
    }
}

pub fn install(
    ctx: &Ctx<'_>,
    root: &Path,
    host: &str,
    session: Option<Arc<Session>>,
    sandbox: Option<&crate::script::ScriptSandbox>,
    commands: Option<Arc<crate::commands::CommandContext>>,
    plain_env: Option<PlainEnv>,
) -> rquickjs::Result<()> {
    let native = Object::new(ctx.clone())?;
    if let Some(env) = plain_env {
        let e = env.clone();
        native.set("envGet", Function::new(ctx.clone(), move |name: String| e.get(&name))?)?;
        native.set("envNames", Function::new(ctx.clone(), move || env.names())?)?;
    }
    if let (Some(tools), Some(session)) = (commands.clone(), session.clone()) {
        // A handler starts/ends: its allow.net list (from the registry, by tool) is in force.
        let (s, t) = (Arc::clone(&session), Arc::clone(&tools));
        native.set(
            "policyEnter",
            Function::new(ctx.clone(), move |tool: f64| s.net().enter(tool as usize, t.net(tool as usize)) as f64)?,
        )?;
        let s = Arc::clone(&session);
        native.set("policyExit", Function::new(ctx.clone(), move |token: f64| s.net().exit(token as u64))?)?;
        // The chain a tool's handler runs under: the code running now, then the tool.
        let s = Arc::clone(&session);
        native.set("policyCall", Function::new(ctx.clone(), move |tool: f64| s.net().call(tool as usize) as f64)?)?;
        // The chain a plugin's event handlers run under, with what the policy gives its code.
        let (s, c) = (Arc::clone(&session), Arc::clone(&tools));
        native.set(
            "pluginContext",
            Function::new(ctx.clone(), move |name: String| s.net().plugin_code(&name, || c.plugin_net(&name)) as f64)?,
        )?;
        // `process.env`, decided per read for the code running at that moment (ADR 0030).
        let (s, c) = (Arc::clone(&session), Arc::clone(&tools));
        native.set(
            "envGet",
            Function::new(ctx.clone(), move |name: String| {
                c.env_value(s.net().chain(s.net().running()).as_deref(), &name)
            })?,
        )?;
        let (s, c) = (Arc::clone(&session), Arc::clone(&tools));
        native.set(
            "envNames",
            Function::new(ctx.clone(), move || c.env_names(s.net().chain(s.net().running()).as_deref()))?,
        )?;
        // Whether the code running now may read the variables the configuration file set.
        let (s, c) = (Arc::clone(&session), Arc::clone(&tools));
        native.set(
            "envGranted",
            Function::new(ctx.clone(), move || c.env_granted(s.net().chain(s.net().running()).as_deref()))?,
        )?;
    }
    crate::commands::install(ctx, &native, commands, session.clone())?;
    if let Some(sandbox) = sandbox {
        crate::script::install_sandbox(ctx, &native, sandbox)?;
    }
    if let Some(session) = session.clone() {
        // Which handler's code runs now, kept in Rust (`js/async_context.js` swaps it; the
        // preludes capture this native, user code never sees it).
        native.set(
            "runningSwap",
            Function::new(ctx.clone(), move |tool: Option<f64>| {
                session.net().swap_running(tool.map(|t| t as usize)).map(|t| t as f64)
            })?,
        )?;
    }
    let urls = session.clone();
    let generations = session.clone();
    native.set(
        "generation",
        Function::new(ctx.clone(), move || generations.as_ref().map(|s| s.generation()).unwrap_or_default())?,
    )?;
    let launched = session.clone();
    native.set(
        "switchInEffect",
        Function::new(ctx.clone(), move |arg: String| match &launched {
            Some(session) => session.has_launch_switch(&arg) || implied_switch(&arg, |s| session.has_launch_switch(s)),
            None => false,
        })?,
    )?;
    native.set("firstInProcess", Function::new(ctx.clone(), first_in_process)?)?;
    native.set(
        "testIdAttribute",
        session.as_ref().map_or_else(|| "data-testid".to_string(), |s| s.test_id_attribute()),
    )?;
    let for_fetch = session.clone();
    let frames = session.clone();
    let context_pages = session.clone();
    native.set(
        "contextPages",
        Function::new(ctx.clone(), move |id: usize| {
            let ids = context_pages.as_ref().map(|s| s.context_pages(id)).unwrap_or_default();
            serde_json::to_string(&ids).unwrap_or_else(|_| "[]".into())
        })?,
    )?;
    let workers = session.clone();
    native.set(
        "pageWorkers",
        Function::new(ctx.clone(), move |id: usize| {
            let list = workers.as_ref().map(|s| s.workers(id)).unwrap_or_default();
            serde_json::to_string(&list).unwrap_or_else(|_| "[]".into())
        })?,
    )?;
    native.set(
        "pageFrames",
        Function::new(ctx.clone(), move |id: usize| {
            let list = frames.as_ref().map(|s| s.frames(id)).unwrap_or_default();
            serde_json::to_string(&list).unwrap_or_else(|_| "[]".into())
        })?,
    )?;
    let strict = session.clone();
    native.set(
        "strictSelectors",
        Function::new(ctx.clone(), move |id: usize| strict.as_ref().is_some_and(|s| s.strict_selectors(id)))?,
    )?;
    let described = session.clone();
    native.set(
        "describeLocator",
        Function::new(ctx.clone(), move |id: usize, parts: String| {
            described.as_ref().and_then(|s| s.describe_locator(id, &parts))
        })?,
    )?;
    native.set(
        "pageUrl",
        Function::new(ctx.clone(), move |id: usize| urls.as_ref().map(|s| s.url(id)).unwrap_or_default())?,
    )?;
    native.set(
        "browser",
        Function::new(
            ctx.clone(),
            Async(move |request: String| {
                // Whose call this is, read now: the future may first run after other code.
                let running = session.as_ref().and_then(|s| s.net().running());
                crate::playwright::handle(session.clone(), request, running)
            }),
        )?,
    )?;
    native.set(
        "fetch",
        Function::new(
            ctx.clone(),
            Async(move |request: String| {
                let running = for_fetch.as_ref().and_then(|s| s.net().running());
                crate::fetch::handle(for_fetch.clone(), request, running)
            }),
        )?,
    )?;
    native.set("fetchAbort", Function::new(ctx.clone(), crate::fetch::abort)?)?;
    native.set("fetchRead", Function::new(ctx.clone(), Async(crate::fetch::read_chunk))?)?;
    native.set("fetchCancel", Function::new(ctx.clone(), crate::fetch::cancel_body)?)?;
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    native.set("root", root.to_string_lossy().into_owned())?;
    crate::node_fs::install(ctx, &native, &root, sandbox)?;
    let read_scope = crate::node_fs::ReadScope::new(&root, sandbox.is_none());
    crate::node_zlib::install(ctx, &native)?;
    crate::url_native::install(ctx, &native)?;
    native.set("host", host)?;
    native.set("versionMismatch", Function::new(ctx.clone(), |range: String| version_mismatch(&range))?)?;
    native.set("processInfo", process_info())?;
    native.set("memoryUsage", Function::new(ctx.clone(), |ctx: Ctx<'_>| memory_usage(&ctx))?)?;
    native.set("builtinKeys", crate::plugin::node_builtin_keys_json())?;

    let scope = read_scope.clone();
    native.set(
        "readFile",
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, path: String| -> rquickjs::Result<Bytes> {
            let file = crate::node_fs::scoped(&scope, &path).map_err(|e| Exception::throw_message(&ctx, &e))?;
            let bytes = std::fs::read(&file)
                .map_err(|e| Exception::throw_message(&ctx, &format!("{}: open '{path}'", io_code(&e))))?;
            Ok(Bytes(bytes))
        })?,
    )?;
    let scope = read_scope.clone();
    native.set(
        "unzip",
        Function::new(ctx.clone(), move |ctx: Ctx<'_>, path: String| -> rquickjs::Result<NamedFiles> {
            let file = crate::node_fs::scoped(&scope, &path).map_err(|e| Exception::throw_message(&ctx, &e))?;
            let files =
                unzip(&file, UNZIP_LIMIT).map_err(|e| Exception::throw_message(&ctx, &format!("{path}: {e}")))?;
            Ok(NamedFiles(files))
        })?,
    )?;
    let scope = read_scope;
    native.set(
        "exists",
        Function::new(ctx.clone(), move |path: String| {
            crate::node_fs::scoped(&scope, &path).is_ok_and(|p| p.exists())
        })?,
    )?;
    native.set("utf8Encode", Function::new(ctx.clone(), |text: String| Bytes(text.into_bytes()))?)?;
    native.set(
        "utf8Decode",
        Function::new(ctx.clone(), |bytes: TypedArray<'_, u8>| {
            String::from_utf8_lossy(&crate::bytes::copy(&bytes)).into_owned()
        })?,
    )?;
    native.set(
        "base64Encode",
        Function::new(ctx.clone(), |bytes: TypedArray<'_, u8>| {
            base64::engine::general_purpose::STANDARD.encode(crate::bytes::copy(&bytes))
        })?,
    )?;
    native.set(
        "base64Decode",
        Function::new(ctx.clone(), |ctx: Ctx<'_>, text: String| -> rquickjs::Result<Bytes> {
            let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(cleaned.trim_end_matches('='))
                .or_else(|_| base64::engine::general_purpose::STANDARD_NO_PAD.decode(cleaned.trim_end_matches('=')))
                .map_err(|e| Exception::throw_message(&ctx, &format!("invalid base64: {e}")))?;
            Ok(Bytes(bytes))
        })?,
    )?;
    native.set("sleep", Function::new(ctx.clone(), Async(sleep))?)?;
    // node:crypto's randomness and hashes, from the system's generator and ring's digests.
    native.set(
        "randomBytes",
        Function::new(ctx.clone(), |ctx: Ctx<'_>, n: usize| -> rquickjs::Result<Bytes> {
            let mut bytes = vec![0u8; n.min(1 << 20)];
            ring::rand::SecureRandom::fill(&ring::rand::SystemRandom::new(), &mut bytes)
                .map_err(|_| Exception::throw_message(&ctx, "randomBytes: the system's random source failed"))?;
            Ok(Bytes(bytes))
        })?,
    )?;
    native.set(
        "digest",
        Function::new(ctx.clone(), |ctx: Ctx<'_>, algorithm: String, data: TypedArray<'_, u8>| -> rquickjs::Result<Bytes> {
            let algorithm_of = match algorithm.to_ascii_lowercase().replace('-', "").as_str() {
                "sha1" => &ring::digest::SHA1_FOR_LEGACY_USE_ONLY,
                "sha256" => &ring::digest::SHA256,
                "sha384" => &ring::digest::SHA384,
                "sha512" => &ring::digest::SHA512,
                _ => {
                    return Err(Exception::throw_message(
                        &ctx,
                        &format!("crypto.createHash: digest '{algorithm}' is not supported by ferridriver (sha1, sha256, sha384, sha512)"),
                    ))
                }
            };
            Ok(Bytes(ring::digest::digest(algorithm_of, &crate::bytes::copy(&data)).as_ref().to_vec()))
        })?,
    )?;
    native.set("checkSchema", Function::new(ctx.clone(), |schema: String| crate::schemas::schema_problem(&schema))?)?;
    native.set(
        "validate",
        Function::new(ctx.clone(), |schema: String, value: String| {
            crate::schemas::violations_of_text(&schema, &value)
        })?,
    )?;
    native.set(
        "print",
        Function::new(ctx.clone(), |text: String| {
            // Never stdout: it belongs to the reporters (and to MCP's JSON-RPC). A closed stderr
            // loses the line, not the run.
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "{text}");
        })?,
    )?;
    ctx.globals().set("__ferridriver_native", native)
}

/// The Node release whose API the built-ins follow (what the probes compare with).
const NODE_API: &str = "20.0.0";

/// `process`'s honest facts (no authority): platform, Node-style arch, pid, versions.
fn process_info() -> String {
    let arch = match std::env::consts::ARCH {
        "x86_64" => "x64",
        "aarch64" => "arm64",
        "x86" => "ia32",
        other => other,
    };
    // Node's names of the platforms (what packages compare `process.platform` with).
    let platform = match std::env::consts::OS {
        "macos" => "darwin",
        "windows" => "win32",
        other => other,
    };
    let version = env!("CARGO_PKG_VERSION");
    // `version` and `versions.node` name the Node API the built-ins follow (packages branch on
    // them, or refuse an old Node); ferridriver's own version is `versions.ferridriver`.
    serde_json::json!({
        "platform": platform,
        "arch": arch,
        "pid": std::process::id(),
        "version": format!("v{NODE_API}"),
        "versions": { "node": NODE_API, "ferridriver": version, "quickjs": "quickjs-ng (rquickjs 0.14)" },
    })
    .to_string()
}

/// `process.memoryUsage()`'s numbers, as JSON, for this VM: QuickJS's heap stands for V8's
/// (`heapTotal` what it allocated, `heapUsed` what is live) and for the resident size too, since
/// the process's own is shared by every worker; `arrayBuffers` is what its buffers hold.
fn memory_usage(ctx: &Ctx<'_>) -> String {
    let mut usage = std::mem::MaybeUninit::<rquickjs::qjs::JSMemoryUsage>::zeroed();
    // SAFETY: the context is alive and locked while its native runs; QuickJS only fills `usage`.
    let usage = unsafe {
        rquickjs::qjs::JS_ComputeMemoryUsage(rquickjs::qjs::JS_GetRuntime(ctx.as_raw().as_ptr()), usage.as_mut_ptr());
        usage.assume_init()
    };
    serde_json::json!({
        "rss": usage.malloc_size,
        "heapTotal": usage.malloc_size,
        "heapUsed": usage.memory_used_size,
        "external": usage.binary_object_size,
        "arrayBuffers": usage.binary_object_size,
    })
    .to_string()
}

/// Why this ferridriver does not satisfy a plugin's `coreVersion` range (npm style: `^0.1`,
/// `>=0.1.0 <0.3`, `A || B`), or `None` when it does.
fn version_mismatch(range: &str) -> Option<String> {
    let version = semver::Version::parse(env!("CARGO_PKG_VERSION")).ok()?;
    let mut matched = false;
    for alternative in range.split("||") {
        // npm separates the comparators of one range with spaces, Cargo with commas.
        let cargo_style = alternative.split_whitespace().collect::<Vec<_>>().join(", ").replace(",,", ",");
        match semver::VersionReq::parse(if cargo_style.is_empty() { "*" } else { &cargo_style }) {
            Ok(req) => matched |= req.matches(&version),
            Err(e) => return Some(format!("coreVersion {range:?} is not a version range: {e}")),
        }
    }
    (!matched).then(|| format!("it needs ferridriver {range}; this is {version}"))
}

async fn sleep(ms: f64) -> rquickjs::Result<()> {
    let ms = if ms.is_finite() && ms > 0.0 { ms.min(u32::MAX as f64) as u64 } else { 0 };
    tokio::time::sleep(Duration::from_millis(ms)).await;
    Ok(())
}

/// The files of a zip (a zipped HAR, `routeFromHAR`), by name; a zip that would unpack to
/// more than `limit` bytes ([`UNZIP_LIMIT`]) is refused rather than read.
fn unzip(path: &Path, limit: u64) -> Result<Vec<(String, Vec<u8>)>, String> {
    use std::io::Read;
    let opened = std::fs::File::open(path).map_err(|e| io_code(&e).to_string())?;
    let mut archive = zip::ZipArchive::new(opened).map_err(|e| format!("not a zip file: {e}"))?;
    let mut total = 0u64;
    let mut files = Vec::new();
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).map_err(|e| e.to_string())?;
        if entry.is_dir() {
            continue;
        }
        let mut bytes = Vec::new();
        // Counted as read, not as the zip declares: a lying header cannot get past the limit.
        let left = limit - total;
        (&mut entry).take(left + 1).read_to_end(&mut bytes).map_err(|e| e.to_string())?;
        total += bytes.len() as u64;
        if total > limit {
            return Err(format!("unpacks to more than {} MiB", limit >> 20));
        }
        let name = entry.name().map_err(|e| e.to_string())?.into_owned();
        files.push((name, bytes));
    }
    Ok(files)
}

/// The most a zip read by [`unzip`] may unpack to.
const UNZIP_LIMIT: u64 = 512 << 20;

fn io_code(e: &std::io::Error) -> &'static str {
    match e.kind() {
        std::io::ErrorKind::NotFound => "ENOENT: no such file or directory",
        std::io::ErrorKind::PermissionDenied => "EACCES: permission denied",
        _ if e.raw_os_error() == Some(21) => "EISDIR: illegal operation on a directory",
        _ => "EIO: i/o error",
    }
}

/// Whether `arg` goes without saying given the switches `has` (`--disable-setuid-sandbox` with
/// `--no-sandbox`; `--headless` with `--headless=new`).
fn implied_switch(arg: &str, has: impl Fn(&str) -> bool) -> bool {
    match arg {
        "--disable-setuid-sandbox" => has("--no-sandbox"),
        "--headless" => has("--headless=new"),
        _ => false,
    }
}

/// True the first time `key` is asked in this process: a warning every worker would give is
/// printed once per run.
pub(crate) fn first_in_process(key: String) -> bool {
    static SEEN: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut seen = SEEN.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if seen.contains(&key) {
        return false;
    }
    seen.push(key);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn core_version_ranges_in_npm_and_cargo_style() {
        let now = env!("CARGO_PKG_VERSION");
        assert_eq!(version_mismatch(&format!("^{now}")), None);
        assert_eq!(version_mismatch(&format!(">={now} <99.0.0")), None);
        assert_eq!(version_mismatch(&format!("99.x || >={now}")), None);
        assert!(version_mismatch(">=99.0.0").unwrap().contains("this is"));
        assert!(version_mismatch("not a range").unwrap().contains("not a version range"));
    }

    #[test]
    fn a_zip_that_unpacks_past_the_limit_is_refused_before_it_is_all_read() {
        use std::io::Write;
        let path = std::env::temp_dir().join(format!("fd-unzip-{}.zip", std::process::id()));
        let mut zip = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        zip.start_file("har.har", options).unwrap();
        zip.write_all(&vec![b'a'; 3 << 20]).unwrap();
        zip.start_file("__proto__", options).unwrap();
        zip.write_all(b"x").unwrap();
        zip.finish().unwrap();
        assert!(unzip(&path, 2 << 20).unwrap_err().contains("more than 2 MiB"));
        let files = unzip(&path, 4 << 20).unwrap();
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["har.har", "__proto__"]);
        let _ = std::fs::remove_file(&path);
    }
}
