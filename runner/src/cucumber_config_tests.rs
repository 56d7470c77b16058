use super::*;
use serde_json::json;

/// A directory of its own with `files`, removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch(tag: &str, files: &[(&str, &str)]) -> Scratch {
    let dir = std::env::temp_dir().join(format!("ferridriver-cucumber-config-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    Scratch(dir)
}

#[test]
fn the_default_profile_of_a_json_file_becomes_test_options() {
    let dir = scratch(
        "json",
        &[(
            "cucumber.json",
            r#"{"default": {"paths": ["specs/**/*.feature"], "require": ["specs/steps/*.ts"], "import": ["specs/support"],
                "format": ["progress", ["html", "reports/cucumber.html"], "json:reports/cucumber.json"],
                "parallel": 0, "retry": 2, "tags": "not @wip", "worldParameters": {"base": "http://x"},
                "timeout": 60000, "publishQuiet": true},
               "ci": {"parallel": 4}}"#,
        )],
    );
    let read = read(&dir.0.join("cucumber.json"), &dir.0, &[], &[]).unwrap();
    let t = read.test;
    assert_eq!(t.paths.unwrap(), ["specs/**/*.feature"]);
    assert_eq!(t.steps.unwrap(), ["specs/steps/*.ts", "specs/support"]);
    assert_eq!(t.format.unwrap(), ["progress", "html:reports/cucumber.html", "json:reports/cucumber.json"]);
    assert_eq!((t.parallel, t.retry, t.tags.as_deref()), (Some(1), Some(2), Some("not @wip")));
    assert_eq!(t.world_parameters.unwrap(), json!({"base": "http://x"}));
    assert!(read.notes.is_empty(), "unknown keys are dropped, as cucumber-js drops them: {:?}", read.notes);
}

#[test]
fn named_profiles_merge_as_cucumber_js_merges_them() {
    let dir = scratch(
        "profiles",
        &[(
            "cucumber.yaml",
            "default:\n  format: [progress]\n  tags: '@smoke'\n  worldParameters: {a: {x: 1}}\n\
             ci:\n  format: ['junit:out.xml']\n  tags: not @slow\n  worldParameters: {a: {y: 2}}\n  retry: 1\n\
             cli: '--format summary -t @fast --world-parameters ''{\"b\": true}'' features/a.feature'\n",
        )],
    );
    let file = dir.0.join("cucumber.yaml");
    let t = read(&file, &dir.0, &["default".into(), "ci".into(), "cli".into()], &[]).unwrap().test;
    // One formatter on the console (the last), one per file, as cucumber-js runs them.
    assert_eq!(t.format.unwrap(), ["summary", "junit:out.xml"]);
    assert_eq!(t.parallel, Some(1), "no profile says: one scenario at a time, as cucumber-js runs them");
    assert_eq!(t.tags.unwrap(), "(@smoke) and (not @slow) and (@fast)");
    assert_eq!(t.world_parameters.unwrap(), json!({"a": {"x": 1, "y": 2}, "b": true}));
    assert_eq!((t.retry, t.paths.unwrap()), (Some(1), vec!["features/a.feature".to_string()]));
    let only_ci = read(&file, &dir.0, &["ci".into()], &[]).unwrap().test;
    assert_eq!(only_ci.format.unwrap(), ["progress", "junit:out.xml"], "a named profile alone leaves the default out");
    let missing = read(&file, &dir.0, &["nightly".into()], &[]).unwrap_err();
    assert!(missing.contains("cucumber.yaml: requested profile \"nightly\" doesn't exist"), "{missing}");
    assert!(missing.contains("default, ci, cli"), "{missing}");
}

#[test]
fn command_line_profiles_take_cucumber_js_options() {
    let p = Profile::parse(&json!(
        "features/ --require-module ts-node/register -r steps/**/*.ts --format=progress-bar --parallel 3 --no-strict --fail-fast"
    ))
    .unwrap();
    assert_eq!(p.paths, ["features/"]);
    assert_eq!(p.require, ["steps/**/*.ts"]);
    assert_eq!(p.require_module, ["ts-node/register"]);
    assert_eq!(p.format, ["progress-bar"]);
    assert_eq!((p.parallel, p.strict, p.fail_fast), (Some(3), Some(false), Some(true)));
    let as_array = Profile::parse(&json!(["--retry", "2", "features"])).unwrap();
    assert_eq!((as_array.retry, as_array.paths), (Some(2), vec!["features".to_string()]));
    let unknown = Profile::parse(&json!("--publish-now")).unwrap_err();
    assert!(unknown.contains("unknown option '--publish-now'"), "{unknown}");
    // cucumber-js 8's banner switch, often written with a value, changes nothing.
    let quiet = Profile::parse(&json!("--publish-quiet true features --publish-quiet")).unwrap();
    assert_eq!(quiet.paths, ["features"]);
    let missing = Profile::parse(&json!("--format")).unwrap_err();
    assert!(missing.contains("--format needs a value"), "{missing}");
}

#[test]
fn wrong_types_are_named_with_the_profile() {
    let dir = scratch("types", &[("cucumber.json", r#"{"default": {"parallel": "two"}}"#)]);
    let e = read(&dir.0.join("cucumber.json"), &dir.0, &[], &[]).unwrap_err();
    assert!(e.contains("cucumber.json: profile \"default\": parallel must be a non-negative integer"), "{e}");
    let dir = scratch("syntax", &[("cucumber.json", "{\"default\": {\n  \"paths\": [}\n}")]);
    let e = read(&dir.0.join("cucumber.json"), &dir.0, &[], &[]).unwrap_err();
    assert!(e.starts_with("cucumber.json:2:"), "{e}");
}

#[test]
fn modules_cucumber_js_preloads_are_noted_not_loaded() {
    let p = Profile { require_module: vec!["ts-node/register".into(), "./setup-env.js".into()], ..Profile::default() };
    let notes = p.into_options("cucumber.js").notes;
    assert!(notes[0].contains("ts-node/register is not needed"), "{notes:?}");
    assert!(notes[1].contains("./setup-env.js is not loaded") && notes[1].contains("import it from a support file"));
}

#[test]
fn ferridriver_toml_wins_key_by_key() {
    let mut ours = TestConfig { parallel: Some(2), ..TestConfig::default() };
    let theirs = TestConfig { parallel: Some(4), retry: Some(1), ..TestConfig::default() };
    fill_unset(&mut ours, theirs);
    assert_eq!((ours.parallel, ours.retry), (Some(2), Some(1)));
}

#[test]
fn formats_are_one_console_formatter_and_one_per_file() {
    let list = |v: &[&str]| console_and_files(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    assert_eq!(list(&["json:r/a.json", "html:r/b.html"]), ["progress", "json:r/a.json", "html:r/b.html"]);
    assert_eq!(list(&["progress", "json:a.json", "summary", "message:a.json"]), ["summary", "message:a.json"]);
    assert!(list(&[]).is_empty());
}

#[test]
fn command_lines_split_as_string_argv_splits_them() {
    assert_eq!(
        split_argv(r#"-f "html:my reports/r.html" --tags 'not @wip' features\a.feature"#),
        ["-f", "html:my reports/r.html", "--tags", "not @wip", "features\\a.feature"]
    );
    // The answers of string-argv 0.3.2 (cucumber-js's) for the same lines: a word that starts
    // with a quote loses its quotes, any other keeps them, spaces inside included.
    for (line, expected) in [
        (
            r#"--world-parameters {"hostsConfig":{"a":"b c"}} x"#,
            &[r#"--world-parameters"#, r#"{"hostsConfig":{"a":"b c"}}"#, "x"][..],
        ),
        (r#""a b"c d"#, &["a b", "c", "d"]),
        (r#"ab"cd ef"#, &["ab", "cd", "ef"]),
        (r#"a"b"c"d e"f g"#, &[r#"a"b"c"d e"f"#, "g"]),
        ("'' x", &["", "x"]),
        (r#"--format=json:"out dir/r.json" y"#, &[r#"--format=json:"out dir/r.json""#, "y"]),
        ("x'y", &["x", "y"]),
    ] {
        assert_eq!(split_argv(line), expected, "{line}");
    }
    let p = Profile::parse(&json!("-fprogress -t@smoke -- --odd-path")).unwrap();
    assert_eq!(
        (p.format, p.tags, p.paths),
        (vec!["progress".to_string()], Some("(@smoke)".to_string()), vec!["--odd-path".to_string()])
    );
    assert_eq!(
        Profile::parse(&json!(false)).unwrap(),
        Profile::default(),
        "a falsy profile is empty, as in cucumber-js"
    );
}

#[test]
fn a_config_named_otherwise_is_told_apart_by_its_keys() {
    let dir = scratch(
        "names",
        &[("ci.json", r#"{"default": {"parallel": 2}}"#), ("mine.yaml", "test:\n  parallel: 2\n"), ("x.mjs", "")],
    );
    assert!(is_cucumber_config(&dir.0.join("ci.json")));
    assert!(!is_cucumber_config(&dir.0.join("mine.yaml")), "ferridriver's [test] table");
    assert!(is_cucumber_config(&dir.0.join("x.mjs")));
    assert!(!is_cucumber_config(Path::new("ferridriver.json")));
}
