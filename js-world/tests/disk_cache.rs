//! The on-disk bundle cache: a second start (a fresh process, simulated by turning the
//! in-memory cache off) reuses the bundle; an edited helper or a corrupt entry means a rebuild.

use ferridriver_js_world::{load_with, CacheMode, JsConfig, LoadOrigin, LoadReport, CACHE_DIR};
use ferridriver_messages::IdGenerator;
use ferridriver_steps::registry::Registry;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn project(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fd-js-disk-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

/// A load as a fresh process would do it: no in-memory cache, the disk cache on.
fn fresh_load(dir: &Path) -> LoadReport {
    let report =
        load_with(&JsConfig { root: dir.to_path_buf(), ..Default::default() }, CacheMode { memory: false, disk: true });
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    report
}

fn patterns(report: &LoadReport) -> Vec<String> {
    let mut registry = Registry::new(Arc::new(IdGenerator::incrementing()));
    report.program.as_ref().expect("a program").register(&mut registry);
    registry.steps.iter().map(|s| s.pattern.clone()).collect()
}

fn cache_files(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir.join(CACHE_DIR))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default()
}

const STEPS: &str =
    "import { Given } from '@cucumber/cucumber'\nimport { name } from '../lib/helper'\nGiven(name(), function () {})\n";

#[test]
fn an_unchanged_project_restarts_from_the_disk_cache() {
    let dir =
        project("reuse", &[("steps/a.ts", STEPS), ("lib/helper.ts", "export const name = (): string => 'one'\n")]);
    let first = fresh_load(&dir);
    assert_eq!(first.origin, LoadOrigin::Bundled);
    assert_eq!(patterns(&first), ["one"]);
    let entries = cache_files(&dir);
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert!(dir.join(".ferridriver/.gitignore").exists());

    let second = fresh_load(&dir);
    assert_eq!(second.origin, LoadOrigin::DiskCache);
    assert_eq!(patterns(&second), ["one"]);
    // Definitions keep their original locations (the source map came from the cache too).
    let mut registry = Registry::new(Arc::new(IdGenerator::incrementing()));
    second.program.as_ref().unwrap().register(&mut registry);
    assert_eq!((registry.steps[0].source.uri.as_str(), registry.steps[0].source.line), ("steps/a.ts", 3));

    // The same process with its in-memory cache does not even read the disk.
    let config = JsConfig { root: dir.clone(), ..Default::default() };
    let _ = load_with(&config, CacheMode::default());
    assert_eq!(load_with(&config, CacheMode::default()).origin, LoadOrigin::MemoryCache);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_edited_helper_triggers_a_rebuild() {
    let dir =
        project("helper", &[("steps/a.ts", STEPS), ("lib/helper.ts", "export const name = (): string => 'one'\n")]);
    assert_eq!(fresh_load(&dir).origin, LoadOrigin::Bundled);
    std::fs::write(dir.join("lib/helper.ts"), "export const name = (): string => 'two'\n").unwrap();
    let edited = fresh_load(&dir);
    assert_eq!(edited.origin, LoadOrigin::Bundled);
    assert_eq!(patterns(&edited), ["two"]);
    assert_eq!(cache_files(&dir).len(), 1, "the entry is replaced, not added to");
    assert_eq!(fresh_load(&dir).origin, LoadOrigin::DiskCache);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_corrupt_cache_file_is_ignored_and_rebuilt() {
    let dir =
        project("corrupt", &[("steps/a.ts", STEPS), ("lib/helper.ts", "export const name = (): string => 'one'\n")]);
    assert_eq!(fresh_load(&dir).origin, LoadOrigin::Bundled);
    let entry = cache_files(&dir).pop().expect("a cache entry");
    std::fs::write(&entry, b"{\"format\": 1, \"key\": ").unwrap();
    let rebuilt = fresh_load(&dir);
    assert_eq!(rebuilt.origin, LoadOrigin::Bundled);
    assert_eq!(patterns(&rebuilt), ["one"]);
    assert_eq!(fresh_load(&dir).origin, LoadOrigin::DiskCache, "the entry was rewritten");

    // Valid JSON with the right key but code QuickJS cannot compile: bundled afresh.
    let text = std::fs::read_to_string(&entry).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["code"] = "this is not javascript (".into();
    std::fs::write(&entry, json.to_string()).unwrap();
    let rebuilt = fresh_load(&dir);
    assert_eq!(rebuilt.origin, LoadOrigin::Bundled);
    assert_eq!(patterns(&rebuilt), ["one"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_failed_load_is_not_persisted() {
    let dir = project(
        "broken",
        &[
            ("steps/a.ts", STEPS),
            ("lib/helper.ts", "export const name = (): string => 'one'\n"),
            ("steps/b.ts", "import x from 'not-installed'\nx()\n"),
        ],
    );
    let report =
        load_with(&JsConfig { root: dir.clone(), ..Default::default() }, CacheMode { memory: false, disk: true });
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    assert!(cache_files(&dir).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}
