//! cucumber-js's own configuration file (`cucumber.js`, `.cjs`, `.mjs`, `.json`, `.yaml`,
//! `.yml`), read as cucumber-js reads it, so that a suite moving over keeps it unchanged: its
//! profiles (`default`, or those named by `--profile`) are merged the way cucumber-js merges
//! them and become the `[test]` options. A `ferridriver.toml` beside it wins key by key, and
//! flags win over both. Profiles written as command-line strings are parsed as cucumber-js's
//! command line. See docs/adr/0033-cucumber-config-files.md.

use crate::config::TestConfig;
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};

/// The names cucumber-js looks for in the working directory, in its order.
pub const CUCUMBER_CONFIG_NAMES: &[&str] =
    &["cucumber.js", "cucumber.cjs", "cucumber.mjs", "cucumber.json", "cucumber.yaml", "cucumber.yml"];

/// Extensions of configuration files that are modules (evaluated, not parsed).
const MODULE_EXTENSIONS: &[&str] = &["js", "cjs", "mjs", "ts", "cts", "mts"];

/// Whether `--config PATH` names a cucumber-js file rather than ferridriver's own: a module,
/// a `cucumber.*` file, or a JSON/YAML file (not named `ferridriver.*`) whose top-level keys
/// are not ferridriver's tables.
pub fn is_cucumber_config(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    if name.starts_with("cucumber.") || MODULE_EXTENSIONS.contains(&ext) {
        return true;
    }
    if name.starts_with("ferridriver") || !matches!(ext, "json" | "yaml" | "yml") {
        return false;
    }
    const OURS: &[&str] = &["test", "browser", "mcp", "scripting", "extensions", "plugins"];
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let top: Option<Map<String, Value>> =
        if ext == "json" { serde_json::from_str(&text).ok() } else { serde_yaml::from_str(&text).ok() };
    top.is_some_and(|keys| !keys.is_empty() && keys.keys().all(|k| !OURS.contains(&k.as_str())))
}

/// The first of [`CUCUMBER_CONFIG_NAMES`] in `dir`.
pub fn locate(dir: &Path) -> Option<PathBuf> {
    CUCUMBER_CONFIG_NAMES.iter().map(|n| dir.join(n)).find(|p| p.is_file())
}

/// What the chosen profiles set, as `[test]` options, and what of them ferridriver leaves aside
/// (each note says why).
#[derive(Debug, Default)]
pub struct CucumberOptions {
    pub test: TestConfig,
    pub notes: Vec<String>,
    /// The variables a module file set in `process.env` (its `dotenv.config()`): the step
    /// files' `process.env` starts with them, as in cucumber-js's one process.
    pub env: Vec<(String, String)>,
}

/// Reads `path` (inside `root`) and merges the profiles named (the `default` one when none);
/// `allowed_env` are the variables a module file sees in `process.env`.
pub fn read(path: &Path, root: &Path, profiles: &[String], allowed_env: &[String]) -> Result<CucumberOptions, String> {
    // Absolute: a module file is imported by its path.
    let path = &path.canonicalize().map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let root = &root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let shown = path.strip_prefix(root).unwrap_or(path).display().to_string();
    let (mut definitions, hidden_env, env) = load_definitions(path, root, &shown, allowed_env)?;
    definitions.entry("default").or_insert_with(|| Value::Object(Map::new()));
    let wanted: Vec<String> = if profiles.is_empty() { vec!["default".into()] } else { profiles.to_vec() };
    let mut merged = Profile::default();
    for name in &wanted {
        let Some(definition) = definitions.get(name) else {
            let defined: Vec<&str> = definitions.keys().map(String::as_str).collect();
            return Err(format!(
                "{shown}: requested profile \"{name}\" doesn't exist\n  hint: the file defines {}",
                defined.join(", ")
            ));
        };
        let profile = Profile::parse(definition).map_err(|e| format!("{shown}: profile \"{name}\": {e}"))?;
        merged.merge(profile);
    }
    let mut options = merged.into_options(&shown);
    options.env = env;
    if !hidden_env.is_empty() {
        options.notes.push(format!(
            "{shown} read process.env.{}, which it saw undefined: only the variables [scripting] allowEnv lists in ferridriver.toml are visible",
            hidden_env.join(", process.env.")
        ));
    }
    Ok(options)
}

/// The file's profiles (an object of profile name → definition), the environment variables a
/// module file read but could not see, and those it set.
type Definitions = (Map<String, Value>, Vec<String>, Vec<(String, String)>);

/// Reads the file's [`Definitions`].
fn load_definitions(path: &Path, root: &Path, shown: &str, allowed_env: &[String]) -> Result<Definitions, String> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let (mut hidden_env, mut set_env) = (Vec::new(), Vec::new());
    let value = if MODULE_EXTENSIONS.contains(&ext) {
        let module = ferridriver_js_world::read_config_module(root, path, allowed_env)?;
        (hidden_env, set_env) = (module.hidden_env, module.set_env);
        module.definitions
    } else {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: cannot read: {e}"))?;
        match ext {
            "json" => serde_json::from_str(&text).map_err(|e| format!("{shown}:{}:{}: {e}", e.line(), e.column()))?,
            "yaml" | "yml" => serde_yaml::from_str(&text).map_err(|e| {
                let (line, col) = e.location().map(|l| (l.line(), l.column())).unwrap_or((1, 1));
                format!("{shown}:{line}:{col}: {e}")
            })?,
            other => {
                return Err(format!(
                    "{shown}: unsupported configuration file extension \".{other}\"\n  hint: cucumber-js reads .js, .cjs, .mjs, .json, .yaml or .yml"
                ))
            }
        }
    };
    match value {
        Value::Object(map) => Ok((map, hidden_env, set_env)),
        Value::Null => Ok((Map::new(), hidden_env, set_env)),
        _ => Err(format!("{shown}: does not define an object of profiles\n  hint: write {{ \"default\": {{ ... }} }}")),
    }
}

/// One profile, or several merged: the options cucumber-js's schema knows (others are
/// dropped, as cucumber-js drops them).
#[derive(Debug, Default, PartialEq)]
struct Profile {
    paths: Vec<String>,
    require: Vec<String>,
    import: Vec<String>,
    require_module: Vec<String>,
    loader: Vec<String>,
    plugin: Vec<String>,
    format: Vec<String>,
    name: Vec<String>,
    format_options: Option<Value>,
    world_parameters: Option<Value>,
    tags: Option<String>,
    retry_tag_filter: Option<String>,
    order: Option<String>,
    language: Option<String>,
    shard: Option<String>,
    parallel: Option<u64>,
    retry: Option<u64>,
    strict: Option<bool>,
    fail_fast: Option<bool>,
    dry_run: Option<bool>,
    publish: Option<bool>,
}

impl Profile {
    /// A definition: an object of options, or a command line (a string, or an array of
    /// arguments).
    fn parse(definition: &Value) -> Result<Profile, String> {
        match definition {
            // cucumber-js skips a falsy definition (`ci: false`, `0`, `''`).
            Value::Null | Value::Bool(false) => Ok(Profile::default()),
            Value::Number(n) if n.as_f64() == Some(0.0) => Ok(Profile::default()),
            Value::String(line) if line.is_empty() => Ok(Profile::default()),
            Value::String(line) => Profile::from_argv(&split_argv(line)),
            Value::Array(items) => {
                let args = items
                    .iter()
                    .map(|a| a.as_str().map(str::to_string).ok_or_else(|| format!("argument {a} is not a string")))
                    .collect::<Result<Vec<_>, _>>()?;
                Profile::from_argv(&args)
            }
            Value::Object(map) => Profile::from_object(map),
            other => Err(format!("a profile is an object of options or a command line, not {other}")),
        }
    }

    fn from_object(map: &Map<String, Value>) -> Result<Profile, String> {
        let mut p = Profile::default();
        for (key, value) in map {
            match key.as_str() {
                "paths" => p.paths = strings(key, value)?,
                "require" => p.require = strings(key, value)?,
                "import" => p.import = strings(key, value)?,
                "requireModule" => p.require_module = strings(key, value)?,
                "loader" => p.loader = strings(key, value)?,
                "plugin" => p.plugin = strings(key, value)?,
                "name" => p.name = strings(key, value)?,
                "format" => p.format = formats(value)?,
                "formatOptions" => p.format_options = Some(object(key, value)?),
                "worldParameters" => p.world_parameters = Some(object(key, value)?),
                "tags" => p.tags = Some(string(key, value)?),
                "retryTagFilter" => p.retry_tag_filter = Some(string(key, value)?),
                "order" => p.order = Some(string(key, value)?),
                "language" => p.language = Some(string(key, value)?),
                "shard" => p.shard = Some(string(key, value)?),
                "parallel" => p.parallel = Some(count(key, value)?),
                "retry" => p.retry = Some(count(key, value)?),
                "strict" => p.strict = Some(boolean(key, value)?),
                "failFast" => p.fail_fast = Some(boolean(key, value)?),
                "dryRun" => p.dry_run = Some(boolean(key, value)?),
                "publish" => p.publish = Some(boolean(key, value)?),
                // Known to cucumber-js, nothing to do here; anything else cucumber-js drops too.
                _ => {}
            }
        }
        Ok(p)
    }

    /// cucumber-js's command line, as a profile string holds it.
    fn from_argv(args: &[String]) -> Result<Profile, String> {
        let mut p = Profile::default();
        let mut rest = args.iter();
        while let Some(arg) = rest.next() {
            if arg == "--" {
                // Everything after `--` is a path, as commander reads it.
                p.paths.extend(rest.by_ref().cloned());
                break;
            }
            if !arg.starts_with('-') || arg == "-" {
                p.paths.push(arg.clone());
                continue;
            }
            let (flag, inline) = match arg.split_once('=') {
                Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
                // `-fprogress`: a short option with its value attached.
                _ if !arg.starts_with("--") && arg.len() > 2 && arg.is_char_boundary(2) => {
                    (&arg[..2], Some(arg[2..].to_string()))
                }
                _ => (arg.as_str(), None),
            };
            if flag == "--publish-quiet" {
                // cucumber-js 8's switch for the publishing banner, which ferridriver never
                // prints; profiles often write it `--publish-quiet true`.
                if inline.is_none() && matches!(rest.clone().next().map(String::as_str), Some("true" | "false")) {
                    rest.next();
                }
                continue;
            }
            let mut value = || {
                inline.clone().or_else(|| rest.next().cloned()).ok_or_else(|| format!("option {flag} needs a value"))
            };
            match flag {
                "-b" | "--backtrace" | "--exit" | "--force-exit" | "--i18n-languages" => {}
                "-d" | "--dry-run" => p.dry_run = Some(true),
                "--fail-fast" => p.fail_fast = Some(true),
                "--strict" => p.strict = Some(true),
                "--no-strict" => p.strict = Some(false),
                "--publish" => p.publish = Some(true),
                "-f" | "--format" => p.format.push(value()?),
                "-i" | "--import" => p.import.push(value()?),
                "-r" | "--require" => p.require.push(value()?),
                "--require-module" => p.require_module.push(value()?),
                "-l" | "--loader" => p.loader.push(value()?),
                "--plugin" => p.plugin.push(value()?),
                "--name" => p.name.push(value()?),
                "--language" => p.language = Some(value()?),
                "--order" => p.order = Some(value()?),
                "--shard" => p.shard = Some(value()?),
                "-t" | "--tags" => p.tags = Some(and_tags(p.tags.take(), &value()?)),
                "--retry-tag-filter" => p.retry_tag_filter = Some(and_tags(p.retry_tag_filter.take(), &value()?)),
                "--parallel" => p.parallel = Some(count_text(flag, &value()?)?),
                "--retry" => p.retry = Some(count_text(flag, &value()?)?),
                "--format-options" => p.format_options = Some(merge_json(p.format_options.take(), flag, &value()?)?),
                "--world-parameters" => {
                    p.world_parameters = Some(merge_json(p.world_parameters.take(), flag, &value()?)?)
                }
                "--plugin-options" | "-c" | "--config" | "-p" | "--profile" | "--i18n-keywords" => {
                    value()?;
                }
                other => return Err(format!("unknown option '{other}'\n  hint: profiles take cucumber-js's options")),
            }
        }
        Ok(p)
    }

    /// Merges a later profile in, as cucumber-js does: lists add up, tag expressions must
    /// all match, objects merge deeply, other values are replaced.
    fn merge(&mut self, later: Profile) {
        for (list, more) in [
            (&mut self.paths, later.paths),
            (&mut self.require, later.require),
            (&mut self.import, later.import),
            (&mut self.require_module, later.require_module),
            (&mut self.loader, later.loader),
            (&mut self.plugin, later.plugin),
            (&mut self.format, later.format),
            (&mut self.name, later.name),
        ] {
            list.extend(more);
        }
        for (expression, more) in [(&mut self.tags, later.tags), (&mut self.retry_tag_filter, later.retry_tag_filter)] {
            *expression = match (expression.take(), more) {
                (Some(a), Some(b)) if !a.is_empty() && !b.is_empty() => Some(format!("{} and {}", wrap(&a), wrap(&b))),
                (a, b) => b.filter(|b| !b.is_empty()).or(a),
            };
        }
        for (object, more) in
            [(&mut self.format_options, later.format_options), (&mut self.world_parameters, later.world_parameters)]
        {
            if let Some(more) = more {
                let mut base = object.take().unwrap_or_else(|| Value::Object(Map::new()));
                deep_merge(&mut base, more);
                *object = Some(base);
            }
        }
        for (value, more) in
            [(&mut self.order, later.order), (&mut self.language, later.language), (&mut self.shard, later.shard)]
        {
            if more.is_some() {
                *value = more;
            }
        }
        self.parallel = later.parallel.or(self.parallel);
        self.retry = later.retry.or(self.retry);
        for (flag, more) in [
            (&mut self.strict, later.strict),
            (&mut self.fail_fast, later.fail_fast),
            (&mut self.dry_run, later.dry_run),
            (&mut self.publish, later.publish),
        ] {
            if more.is_some() {
                *flag = more;
            }
        }
    }

    /// The `[test]` options, and notes on what is not applied.
    fn into_options(self, shown: &str) -> CucumberOptions {
        let mut notes = Vec::new();
        for module in self.require_module.iter().chain(&self.loader) {
            notes.push(if module.starts_with("ts-node") || module.starts_with("tsx") || module.contains("babel") {
                format!("{shown}: {module} is not needed: ferridriver compiles TypeScript itself")
            } else {
                format!(
                    "{shown}: the module {module} is not loaded before the steps\n  hint: import it from a support file"
                )
            });
        }
        for plugin in &self.plugin {
            notes.push(format!(
                "{shown}: the cucumber-js plugin {plugin} is not loaded (ferridriver does not run cucumber-js plugins)"
            ));
        }
        if self.publish == Some(true) {
            notes.push(format!("{shown}: publish is ignored: ferridriver does not publish reports"));
        }
        let steps: Vec<String> = self.require.into_iter().chain(self.import).collect();
        let format = console_and_files(&self.format);
        let some = |v: Vec<String>| (!v.is_empty()).then_some(v);
        let test = TestConfig {
            paths: some(self.paths),
            steps: some(steps),
            format: some(format),
            format_options: self.format_options,
            tags: self.tags.filter(|t| !t.is_empty()),
            name: some(self.name),
            // cucumber-js's 0 runs the scenarios one at a time, in its own process — and so does
            // a profile that does not say: a suite written for cucumber-js may rely on it (state
            // shared between scenarios, an AfterAll that merges what every scenario recorded).
            parallel: Some(self.parallel.map_or(1, |n| n.max(1) as usize)),
            order: self.order,
            retry: self.retry.map(|n| n.min(u64::from(u32::MAX)) as u32),
            retry_tag_filter: self.retry_tag_filter.filter(|t| !t.is_empty()),
            strict: self.strict,
            fail_fast: self.fail_fast,
            shard: self.shard.filter(|s| !s.is_empty()),
            world_parameters: self.world_parameters,
            language: self.language,
            dry_run: self.dry_run,
            ..TestConfig::default()
        };
        CucumberOptions { test, notes, env: Vec::new() }
    }
}

/// A profile's command line split as cucumber-js splits it (`string-argv`): at spaces; a word
/// that starts with a quote is the text up to the same quote, without the quotes; a word that
/// starts with anything else keeps the quoted parts inside it, quotes and spaces included
/// (`--world-parameters {"a":"b c"}` gives `{"a":"b c"}`); a quote never closed is dropped.
fn split_argv(line: &str) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    let plain = |c: char| !c.is_whitespace() && c != '"' && c != '\'';
    let closing = |from: usize, quote: char| chars[from..].iter().position(|&c| c == quote).map(|at| from + at);
    let text = |from: usize, to: usize| chars[from..to].iter().collect::<String>();
    let mut args = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if !plain(c) {
            match closing(i + 1, c) {
                Some(end) => {
                    args.push(text(i + 1, end));
                    i = end + 1;
                }
                None => i += 1,
            }
        } else {
            let mut end = i + 1;
            loop {
                let mut at = end;
                while at < chars.len() && plain(chars[at]) {
                    at += 1;
                }
                match chars.get(at).copied().filter(|&q| q == '"' || q == '\'').and_then(|q| closing(at + 1, q)) {
                    Some(close) => end = close + 1,
                    None => break,
                }
            }
            while end < chars.len() && plain(chars[end]) {
                end += 1;
            }
            args.push(text(i, end));
            i = end;
        }
    }
    args
}

/// The formatters cucumber-js runs for a `format` list: one on the console (the last named
/// without a file, else `progress`), and one per file (the last named for it), in order.
fn console_and_files(formats: &[String]) -> Vec<String> {
    if formats.is_empty() {
        return Vec::new();
    }
    let split: Vec<(String, Option<String>)> = formats
        .iter()
        .map(|f| match ferridriver_reporters::FormatSpec::parse(f) {
            Ok(spec) => (f.clone(), spec.path),
            // Left whole: the later check reports it with its hint.
            Err(_) => (f.clone(), None),
        })
        .collect();
    let console =
        split.iter().rev().find(|(_, path)| path.is_none()).map_or("progress".to_string(), |(f, _)| f.clone());
    let mut files: Vec<(String, String)> = Vec::new();
    for (format, path) in split.into_iter().filter_map(|(f, p)| p.map(|p| (f, p))) {
        match files.iter_mut().find(|(_, p)| *p == path) {
            Some(slot) => slot.0 = format,
            None => files.push((format, path)),
        }
    }
    std::iter::once(console).chain(files.into_iter().map(|(f, _)| f)).collect()
}

fn strings(key: &str, value: &Value) -> Result<Vec<String>, String> {
    let bad = || format!("{key} must be an array of strings, not {value}");
    let items = value.as_array().ok_or_else(bad)?;
    items.iter().map(|v| v.as_str().map(str::to_string).ok_or_else(bad)).collect()
}

/// `format` entries: `"name"`, `"name:path"`, or `["name", "path"]`.
fn formats(value: &Value) -> Result<Vec<String>, String> {
    let bad = |v: &Value| format!("format entries are \"NAME\", \"NAME:PATH\" or [NAME, PATH], not {v}");
    let items = value.as_array().ok_or_else(|| bad(value))?;
    items
        .iter()
        .map(|item| match item {
            Value::String(s) => Ok(s.clone()),
            Value::Array(parts) if (1..=2).contains(&parts.len()) => {
                let parts: Vec<&str> =
                    parts.iter().map(Value::as_str).collect::<Option<_>>().ok_or_else(|| bad(item))?;
                let quote = |s: &str| if s.contains(':') { format!("\"{s}\"") } else { s.to_string() };
                Ok(match parts.as_slice() {
                    [name] | [name, ""] => quote(name),
                    [name, path] => format!("{}:{}", quote(name), quote(path)),
                    _ => unreachable!("one or two parts"),
                })
            }
            other => Err(bad(other)),
        })
        .collect()
}

fn object(key: &str, value: &Value) -> Result<Value, String> {
    if value.is_object() {
        Ok(value.clone())
    } else {
        Err(format!("{key} must be an object, not {value}"))
    }
}

fn string(key: &str, value: &Value) -> Result<String, String> {
    value.as_str().map(str::to_string).ok_or_else(|| format!("{key} must be a string, not {value}"))
}

fn boolean(key: &str, value: &Value) -> Result<bool, String> {
    value.as_bool().ok_or_else(|| format!("{key} must be true or false, not {value}"))
}

fn count(key: &str, value: &Value) -> Result<u64, String> {
    value.as_u64().ok_or_else(|| format!("{key} must be a non-negative integer, not {value}"))
}

fn count_text(flag: &str, text: &str) -> Result<u64, String> {
    text.trim().parse().map_err(|_| format!("{flag} must be a non negative integer, not {text:?}"))
}

/// `--tags` given twice: both must match (cucumber-js wraps each in parentheses).
fn and_tags(before: Option<String>, more: &str) -> String {
    match before {
        Some(b) => format!("{b} and ({more})"),
        None => format!("({more})"),
    }
}

fn wrap(expression: &str) -> String {
    if expression.starts_with('(') && expression.ends_with(')') {
        expression.to_string()
    } else {
        format!("({expression})")
    }
}

fn merge_json(before: Option<Value>, flag: &str, text: &str) -> Result<Value, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("{flag} passed invalid JSON: {e}: {text}"))?;
    if !value.is_object() {
        return Err(format!("{flag} must be passed JSON of an object: {text}"));
    }
    let mut base = before.unwrap_or_else(|| Value::Object(Map::new()));
    deep_merge(&mut base, value);
    Ok(base)
}

/// lodash's `merge` for JSON: objects merge key by key, anything else is replaced.
fn deep_merge(base: &mut Value, more: Value) {
    match (base, more) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in b {
                match a.get_mut(&k) {
                    Some(existing) => deep_merge(existing, v),
                    None => {
                        a.insert(k, v);
                    }
                }
            }
        }
        (slot, v) => *slot = v,
    }
}

/// Fills what `ours` (the `[test]` table of ferridriver's file) leaves unset from `theirs`.
pub fn fill_unset(ours: &mut TestConfig, theirs: TestConfig) {
    macro_rules! fill {
        ($($field:ident),*) => { $( if ours.$field.is_none() { ours.$field = theirs.$field; } )* };
    }
    fill!(
        paths,
        steps,
        format,
        format_options,
        tags,
        name,
        parallel,
        order,
        retry,
        retry_tag_filter,
        strict,
        fail_fast,
        shard,
        world_parameters,
        language,
        dry_run
    );
}

#[cfg(test)]
#[path = "cucumber_config_tests.rs"]
mod tests;
