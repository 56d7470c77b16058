//! A small cucumber-js project written to a temp folder and run with `ferridriver bdd` against
//! a test server: the feature, its TypeScript steps and any extra files.

// Each test binary that includes this uses part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A project folder named after the test (and this process), emptied first.
pub fn project_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fd-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    dir
}

/// Writes `files` (path → content) into `dir`, their folders made.
pub fn write_files(dir: &Path, files: &[(&str, &str)]) {
    for (path, content) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, content).unwrap();
    }
}

/// Runs `feature` in `dir` with `baseUrl` set to `base`, reporting a summary; the output and
/// its stdout and stderr together.
pub fn run_feature(dir: &Path, feature: &str, base: &str) -> (Output, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", feature, "--world-parameters", &format!("{{\"baseUrl\":\"{base}\"}}"), "--format", "summary"])
        .current_dir(dir)
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out, text)
}

/// Writes a project named `name` with `files`, runs `feature` against `base` and checks that
/// its `scenarios` scenarios all passed (the whole output in the failure); the folder is removed
/// after a pass.
pub fn assert_passes(name: &str, files: &[(&str, &str)], feature: &str, base: &str, scenarios: usize) {
    let dir = project_dir(name);
    write_files(&dir, files);
    let (out, text) = run_feature(&dir, feature, base);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let plural = if scenarios == 1 { "" } else { "s" };
    assert!(text.contains(&format!("{scenarios} scenario{plural} ({scenarios} passed)")), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs the whole suite in `dir` (`ferridriver bdd` with no paths, `baseUrl` set to `base`, a
/// summary, then `extra` arguments); the output, its stdout, and stdout and stderr together.
pub fn run_suite(dir: &Path, base: &str, extra: &[&str]) -> (Output, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", "--format", "summary", "--world-parameters", &format!("{{\"baseUrl\":\"{base}\"}}")])
        .args(extra)
        .current_dir(dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let all = format!("{stdout}{}", String::from_utf8_lossy(&out.stderr));
    (out, stdout, all)
}

/// Runs `script` with `ferridriver run --json -e` in `dir` (`args` after `--`): the result's
/// envelope (`status`, `value`…) and stderr; fails when the output is not one.
pub fn run_script(dir: &Path, script: &str, args: &[&str]) -> (serde_json::Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "--json", "-e", script, "--"])
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr).into_owned());
    let envelope = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}\n{stderr}"));
    (envelope, stderr)
}

/// Runs `script` in a fresh folder named after `name` (`args[0]` is `base`) and compares each
/// of its answers with Playwright's recorded one; an error is compared without the method
/// named in front (`locator.click: `). `different` lists the cases where ours differs on
/// purpose, with our answer.
#[allow(dead_code)]
pub fn assert_as_playwright(
    name: &str,
    base: &str,
    script: &str,
    playwright: &serde_json::Value,
    different: &[(&str, serde_json::Value)],
) {
    let dir = scratch_dir(name);
    let (envelope, stderr) = run_script(&dir, script, &[base]);
    compare(&envelope, &stderr, playwright, different);
    let _ = std::fs::remove_dir_all(&dir);
}

/// [`assert_as_playwright`] for a module script (`import`s, top-level `await`; its default
/// export is the answers), run as `ferridriver run --json FILE -- base`.
#[allow(dead_code)]
pub fn assert_module_as_playwright(
    name: &str,
    base: &str,
    module: &str,
    playwright: &serde_json::Value,
    different: &[(&str, serde_json::Value)],
) {
    let dir = scratch_dir(name);
    std::fs::write(dir.join("probe.mjs"), module).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "--json", "probe.mjs", "--", base])
        .current_dir(&dir)
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr).into_owned());
    let envelope = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}\n{stderr}"));
    compare(&envelope, &stderr, playwright, different);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An empty folder of this test process named after `name`.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fd-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Compares each answer of a script's envelope with Playwright's (see [`assert_as_playwright`]).
fn compare(
    envelope: &serde_json::Value,
    stderr: &str,
    playwright: &serde_json::Value,
    different: &[(&str, serde_json::Value)],
) {
    let ours = envelope["value"].as_object().cloned().unwrap_or_default();
    let mut differences = Vec::new();
    for (case, expected) in playwright.as_object().expect("Playwright's answers by case") {
        let got = ours.get(case).map(without_method).unwrap_or_default();
        let wanted = match different.iter().find(|(name, _)| name == case) {
            Some((_, instead)) => instead.clone(),
            None => without_method(expected),
        };
        if got != wanted {
            differences.push(format!("{case}: ours {got}, expected {wanted} (Playwright's {expected})"));
        }
    }
    assert!(differences.is_empty(), "{}\n{envelope}\n{stderr}", differences.join("\n"));
}

/// An error message without the method Playwright names in front (`locator.click: …`, and
/// the `Error: ` of a plain error after it); other values as they are.
fn without_method(value: &serde_json::Value) -> serde_json::Value {
    let Some(text) = value.as_str() else { return value.clone() };
    let (prefix, text) = match text.strip_prefix("error: ") {
        Some(rest) => ("error: ", rest),
        None => ("", text),
    };
    // Playwright names a page-side throw's class too when it is a plain `Error` (either
    // side may say it).
    match text.split_once(": ") {
        Some((method, rest)) if method.contains('.') && !method.contains(' ') => {
            serde_json::json!(format!("{prefix}{}", rest.strip_prefix("Error: ").unwrap_or(rest)))
        }
        _ => serde_json::json!(format!("{prefix}{}", text.strip_prefix("Error: ").unwrap_or(text))),
    }
}

/// Runs the suite in `dir` (a step that writes its probe's answers to `answers.json`) and
/// checks each of Node's answers (`node`, a JSON object by key) against ours; ours are
/// returned for the checks of what only ours answers.
pub fn run_probe_as_node(dir: &Path, node: &str) -> serde_json::Value {
    run_probe_against(dir, "http://127.0.0.1:1", &[], node)
}

/// [`run_probe_as_node`] with `baseUrl` set to `base` and `extra` flags.
pub fn run_probe_against(dir: &Path, base: &str, extra: &[&str], node: &str) -> serde_json::Value {
    let (out, _, all) = run_suite(dir, base, extra);
    assert_eq!(out.status.code(), Some(0), "{all}");
    let ours: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("answers.json")).unwrap()).unwrap();
    let node: serde_json::Value = serde_json::from_str(node).unwrap();
    let differences: Vec<String> = node
        .as_object()
        .unwrap()
        .iter()
        .filter(|(key, expected)| ours.get(key.as_str()) != Some(expected))
        .map(|(key, expected)| {
            format!("{key}: ours {}, Node's {expected}", ours.get(key.as_str()).unwrap_or(&serde_json::Value::Null))
        })
        .collect();
    assert!(differences.is_empty(), "{}", differences.join("\n"));
    ours
}

/// Runs the module `file` in `dir` with `ferridriver run --json` and checks each of Node's
/// answers (`node`, a JSON object by key, what the module's default export held under Node)
/// against ours; ours are returned for the checks of what only ours answers.
pub fn run_module_as_node(dir: &Path, file: &str, node: &str) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "--json", file])
        .current_dir(dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let envelope: serde_json::Value = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("{e}: {stdout}{}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!(envelope["status"], "ok", "{envelope}");
    let node: serde_json::Value = serde_json::from_str(node).unwrap();
    let differences: Vec<String> = node
        .as_object()
        .unwrap()
        .iter()
        .filter(|(key, expected)| envelope["value"].get(key.as_str()) != Some(expected))
        .map(|(key, expected)| format!("{key}:\n  ours   {}\n  Node's {expected}", envelope["value"][key.as_str()]))
        .collect();
    assert!(differences.is_empty(), "{}", differences.join("\n"));
    envelope["value"].clone()
}
