//! A suite configured by cucumber-js's own file, run with nothing changed and no
//! `ferridriver.toml`: `cucumber.js` (CommonJS, a shared object spread into profiles, formats
//! written as strings and as `[name, path]`, `requireModule: ['ts-node/register']`, a
//! support folder in `require`, feature paths as a glob outside `features/`), `--profile`,
//! an ES module file with named profiles, a default export that is a function, and files
//! that fail to load.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::path::Path;
use std::process::{Command, Output};

const PAGES: &[(&str, &str)] = &[("/hello", "<!doctype html><title>Hi</title><h1>Hello, Ada</h1>")];

/// `BASE` is replaced by the page server's address.
const CUCUMBER_JS: &str = r#"const path = require('path')

const common = {
  requireModule: ['ts-node/register'],
  require: ['test/steps/**/*.ts', 'test/support'],
  paths: ['test/features/**/*.feature'],
  format: ['progress', 'json:reports/cucumber-report.json', ['html', path.join('reports', 'report.html')]],
  worldParameters: { baseUrl: 'BASE', greeting: 'Hello' },
  publishQuiet: true,
}

module.exports = {
  default: { ...common },
  smoke: { ...common, format: ['summary'], tags: '@smoke' },
}
"#;

const WORLD: &str = r#"import { World, setWorldConstructor, type IWorldOptions } from '@cucumber/cucumber'

class GreetingWorld extends World {
  greeting: string
  constructor(options: IWorldOptions) {
    super(options)
    this.greeting = this.parameters.greeting
  }
}

setWorldConstructor(GreetingWorld)
"#;

const STEPS: &str = r#"import { Given, Then } from '@cucumber/cucumber'
import { expect } from '@playwright/test'

Given('I open the greeting page', async function (this: any) {
  await this.page.goto(this.parameters.baseUrl + '/hello')
})

Then('I am greeted as {string}', async function (this: any, name: string) {
  await expect(this.page.locator('h1')).toHaveText(`${this.greeting}, ${name}`)
})

Then('the greeting is {string}', function (this: any, greeting: string) {
  expect(this.greeting).toBe(greeting)
})
"#;

const FEATURE: &str = r#"Feature: Greeting

  @smoke
  Scenario: The page greets Ada
    Given I open the greeting page
    Then I am greeted as "Ada"

  Scenario: The World reads the config's parameters
    Then the greeting is "Hello"

  Scenario: Another look at the page
    Given I open the greeting page
    Then I am greeted as "Ada"
"#;

fn bdd(dir: &Path, args: &[&str]) -> (Output, String, String) {
    bdd_with(dir, args, &[])
}

/// [`bdd`] with variables set (`Some`) or removed (`None`) in its environment.
fn bdd_with(dir: &Path, args: &[&str], env: &[(&str, Option<&str>)]) -> (Output, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ferridriver"));
    command.arg("bdd").args(args).current_dir(dir);
    for (name, value) in env {
        match value {
            Some(v) => command.env(name, v),
            None => command.env_remove(name),
        };
    }
    let out = command.output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out, stdout, stderr)
}

/// The one scenario of the run in `dir` passed.
fn assert_one_passed((out, stdout, stderr): (Output, String, String)) {
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("1 scenario (1 passed)"), "{stdout}{stderr}");
}

#[test]
fn a_cucumber_js_file_configures_the_run_unchanged() {
    if !support::browser_available() {
        panic!("chromium is needed for this test");
    }
    let base = support::serve(PAGES);
    let dir = js_suite::project_dir("cucumber-config");
    let config = CUCUMBER_JS.replace("BASE", &base);
    js_suite::write_files(
        &dir,
        &[
            ("cucumber.js", &config),
            ("test/support/world.ts", WORLD),
            ("test/steps/greeting.steps.ts", STEPS),
            ("test/features/greeting.feature", FEATURE),
        ],
    );
    let (out, stdout, stderr) = bdd(&dir, &["--parallel", "2"]);
    let all = format!("{stdout}{stderr}");
    assert_eq!(out.status.code(), Some(0), "{all}");
    assert!(stdout.contains("3 scenarios (3 passed)"), "progress ends with the counts: {all}");
    assert!(stderr.contains("note: cucumber.js: ts-node/register is not needed"), "{all}");
    let json = std::fs::read_to_string(dir.join("reports/cucumber-report.json")).expect("the json formatter's file");
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json[0]["elements"].as_array().map(Vec::len), Some(3), "{json}");
    assert!(dir.join("reports/report.html").is_file(), "the html formatter's file");

    // Formats add up as under cucumber-js: a file named on the command line comes on top of the
    // config's formats, whose console formatter stays unless the command line names its own.
    std::fs::remove_file(dir.join("reports/cucumber-report.json")).unwrap();
    let (out, stdout, stderr) = bdd(&dir, &["--format", "message:reports/run.ndjson"]);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.starts_with("...") && stdout.contains("3 scenarios (3 passed)"), "{stdout}{stderr}");
    assert!(dir.join("reports/run.ndjson").is_file(), "the command line's file");
    assert!(dir.join("reports/cucumber-report.json").is_file(), "the config's file, still written");
    // One reporter per file, the last named for it: the command line's here.
    let (out, stdout, stderr) = bdd(&dir, &["--format", "message:reports/cucumber-report.json"]);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    let file = std::fs::read_to_string(dir.join("reports/cucumber-report.json")).unwrap();
    assert!(file.lines().all(|l| serde_json::from_str::<serde_json::Value>(l).is_ok()), "{file}");
    assert!(file.starts_with("{\"meta\""), "{file}");
    let (out, stdout, stderr) = bdd(&dir, &["--format", "summary"]);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        !stdout.starts_with("...") && stdout.contains("3 scenarios (3 passed)"),
        "summary replaces progress: {stdout}"
    );

    let (out, stdout, stderr) = bdd(&dir, &["-p", "smoke"]);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("1 scenario (1 passed)"), "the smoke profile's tags: {stdout}{stderr}");

    let (out, _, stderr) = bdd(&dir, &["--profile", "nightly"]);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cucumber.js: requested profile \"nightly\" doesn't exist"), "{stderr}");
    assert!(stderr.contains("default, smoke"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

const PLAIN_STEPS: &str = r#"import { Then } from '@cucumber/cucumber'
Then('{int} and {int} make {int}', (a: number, b: number, sum: number) => {
  if (a + b !== sum) throw new Error(`${a} + ${b} is ${a + b}`)
})
"#;

const PLAIN_FEATURE: &str = "Feature: Sums\n\n  Scenario: Right\n    Then 1 and 2 make 3\n\n  @wrong\n  Scenario: Wrong\n    Then 1 and 1 make 3\n";

#[test]
fn es_module_files_and_default_functions_give_profiles() {
    let dir = js_suite::project_dir("cucumber-config-esm");
    js_suite::write_files(
        &dir,
        &[
            (
                "cucumber.mjs",
                "const shared = { paths: ['specs/'], import: ['specs/**/*.steps.ts'], format: ['summary'] }\n\
                 export default { ...shared, tags: 'not @wrong' }\n\
                 export const all = { ...shared }\n",
            ),
            ("specs/sums.steps.ts", PLAIN_STEPS),
            ("specs/sums.feature", PLAIN_FEATURE),
        ],
    );
    let (out, stdout, stderr) = bdd(&dir, &[]);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("1 scenario (1 passed)"), "the default export's tags: {stdout}{stderr}");
    let (out, stdout, stderr) = bdd(&dir, &["-p", "all"]);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stdout.contains("2 scenarios (1 passed, 1 failed)"), "a named export is a profile: {stdout}{stderr}");

    std::fs::remove_file(dir.join("cucumber.mjs")).unwrap();
    js_suite::write_files(
        &dir,
        &[(
            "cucumber.mjs",
            "export default async function () {\n  const wrong = await Promise.resolve('@wrong')\n  \
             return { default: { paths: ['specs/'], import: ['specs/**/*.ts'], format: ['summary'], tags: wrong } }\n}\n",
        )],
    );
    let (out, stdout, stderr) = bdd(&dir, &[]);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stdout.contains("1 scenario (1 failed)"), "the function's profiles: {stdout}{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_config_file_that_fails_to_load_stops_the_run_naming_its_line() {
    let dir = js_suite::project_dir("cucumber-config-broken");
    js_suite::write_files(
        &dir,
        &[
            (
                "cucumber.js",
                "const base = 'specs/'\nif (!process.env.NOT_SET_ANYWHERE) throw new Error('set NOT_SET_ANYWHERE first')\nmodule.exports = { default: { paths: [base] } }\n",
            ),
            ("specs/sums.steps.ts", PLAIN_STEPS),
            ("specs/sums.feature", PLAIN_FEATURE),
        ],
    );
    let (out, stdout, stderr) = bdd(&dir, &[]);
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    assert!(stderr.contains("cucumber.js:2:"), "the line that threw: {stderr}");
    assert!(stderr.contains("set NOT_SET_ANYWHERE first"), "{stderr}");
    assert!(!stdout.contains("scenario"), "nothing ran: {stdout}");

    std::fs::write(dir.join("cucumber.js"), "module.exports = { default: { parallel: 'two' } }\n").unwrap();
    let (out, _, stderr) = bdd(&dir, &[]);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cucumber.js: profile \"default\": parallel must be a non-negative integer"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ferridriver_toml_wins_flags_add_tags_and_the_environment_is_allow_listed() {
    let dir = js_suite::project_dir("cucumber-config-both");
    js_suite::write_files(
        &dir,
        &[
            (
                "cucumber.js",
                "module.exports = { default: {\n  paths: ['specs/'],\n  format: ['progress', 'json:out/run.json'],\n  \
                 tags: process.env.FD_CONFIG_TAGS,\n  retry: process.env.FD_CONFIG_HIDDEN ? 3 : 0,\n} }\n",
            ),
            ("ferridriver.toml", "[test]\nformat = [\"summary\"]\n\n[scripting]\nallowEnv = [\"FD_CONFIG_TAGS\"]\n"),
            ("specs/sums.steps.ts", PLAIN_STEPS),
            ("specs/sums.feature", PLAIN_FEATURE),
        ],
    );
    let run_with = |tags: &str, args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_ferridriver"))
            .arg("bdd")
            .args(args)
            .env("FD_CONFIG_TAGS", tags)
            .env("FD_CONFIG_HIDDEN", "1")
            .current_dir(&dir)
            .output()
            .unwrap()
    };
    let run = |args: &[&str]| run_with("not @wrong", args);
    let out = run(&[]);
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    // The tags came from an allowed variable; the steps beside the features were found
    // (no `require`), ferridriver.toml's format replaced the file's.
    assert!(stdout.contains("1 scenario (1 passed)"), "{stdout}{stderr}");
    assert!(!dir.join("out/run.json").exists(), "ferridriver.toml's format wins over the file's");
    assert!(stderr.contains("process.env.FD_CONFIG_HIDDEN, which it saw undefined"), "{stderr}");
    // As cucumber-js merges its command line in: the flag's tags and the file's must all match.
    let out = run(&["--tags", "@wrong"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("0 scenarios"), "the file's `not @wrong` still holds: {stdout}");
    let out = run_with("@wrong or not @wrong", &["--tags", "@wrong"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("1 scenario (1 failed)"), "both expressions hold: {stdout}");
    assert!(!stdout.contains("Retry") && !stdout.contains("retried"), "the hidden variable gave no retries: {stdout}");

    // The hosts that serve calls list the steps a cucumber-js file names, and go on (saying
    // so) when the file is broken.
    let steps =
        |dir: &Path| Command::new(env!("CARGO_BIN_EXE_ferridriver")).arg("steps").current_dir(dir).output().unwrap();
    std::fs::write(dir.join("cucumber.js"), "module.exports = { default: { require: ['specs/**/*.ts'] } }\n").unwrap();
    let out = steps(&dir);
    assert!(String::from_utf8_lossy(&out.stdout).contains("{int} and {int} make {int}"), "{out:?}");
    std::fs::write(dir.join("cucumber.js"), "module.exports = { default: { retry: 'x' } }\n").unwrap();
    let out = steps(&dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cucumber.js: profile \"default\": retry must be a non-negative integer"), "{stderr}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("Navigation"), "the rest is still listed: {out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn snippets_follow_the_snippet_interface_format_option() {
    let dir = js_suite::project_dir("cucumber-config-snippets");
    js_suite::write_files(
        &dir,
        &[
            (
                "cucumber.json",
                r#"{"default": {"paths": ["specs/"], "formatOptions": {"snippetInterface": "async-await"}}}"#,
            ),
            ("specs/sums.steps.ts", PLAIN_STEPS),
            ("specs/new.feature", "Feature: New\n\n  Scenario: Undefined\n    Given a step nobody wrote yet\n"),
        ],
    );
    let (out, stdout, stderr) = bdd(&dir, &[]);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains("Given('a step nobody wrote yet', async function () {\n  // Write code here that turns the phrase above into concrete actions\n  return 'pending';\n});"),
        "{stdout}"
    );
    let (out, stdout, _) = bdd(&dir, &["--format-options", r#"{"snippetInterface": "callback"}"#]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout.contains("function (callback) {") && stdout.contains("callback(null, 'pending');"), "{stdout}");
    let (out, _, stderr) = bdd(&dir, &["--format-options", r#"{"snippetInterface": "generator"}"#]);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("snippetInterface \"generator\" is not one cucumber-js knows"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file that loads a `.env` with dotenv before exporting its profiles (and a profile written
/// as a command line with JSON world parameters): cucumber-js runs it in the process that then
/// loads the steps, so the step files see the variables at their top level and in steps, and a
/// second `dotenv.config()` in a step file overrides none of them, as in Node.
#[test]
fn variables_the_file_sets_reach_the_step_files() {
    let packages = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/node-packages/node_modules");
    assert!(packages.exists(), "{} missing: run `npm ci` in tests/node-packages (or .ci/run)", packages.display());
    let dir = js_suite::project_dir("cucumber-config-dotenv");
    js_suite::write_files(
        &dir,
        &[
            (
                "cucumber.js",
                "require('dotenv').config({ path: 'env/.env.test' })\n\
                 const parameters = JSON.stringify({ site: { name: 'Shop One' } })\n\
                 module.exports = { default: `specs/ --require specs/**/*.ts --format summary --publish-quiet true --world-parameters ${parameters}` }\n",
            ),
            ("env/.env.test", "STEP_TIMEOUT=7\nAPP_NAME=from-dotenv\nFD_HIDDEN_SECRET=from-the-file\n"),
            ("env/.env.other", "APP_NAME=other\nONLY_OTHER=yes\n"),
            (
                "specs/hooks.ts",
                "import { setDefaultTimeout } from '@cucumber/cucumber'\n\
                 if (!process.env.STEP_TIMEOUT) throw new Error('STEP_TIMEOUT is unset while the steps load')\n\
                 setDefaultTimeout(Number(process.env.STEP_TIMEOUT) * 1000)\n",
            ),
            (
                "specs/env.steps.ts",
                "import { Then } from '@cucumber/cucumber'\n\
                 import dotenv from 'dotenv'\n\
                 dotenv.config({ path: 'env/.env.other' })\n\
                 Then('the environment names {string} and {string}', function (this: any, app: string, other: string) {\n\
                 \x20 const seen = [process.env.APP_NAME, process.env.ONLY_OTHER, this.parameters.site.name, process.env.FD_HIDDEN_SECRET].join('|')\n\
                 \x20 if (seen !== `${app}|${other}|Shop One|`) throw new Error(`saw ${seen}`)\n\
                 })\n",
            ),
            (
                "specs/env.feature",
                "Feature: Env\n\n  Scenario: Set by the configuration\n    Then the environment names \"from-dotenv\" and \"yes\"\n",
            ),
        ],
    );
    std::os::unix::fs::symlink(&packages, dir.join("node_modules")).unwrap();
    // A variable the process has but allowEnv hides is not passed on, whatever the file set
    // (in Node its real value would win over the file's).
    assert_one_passed(bdd_with(&dir, &[], &[("FD_HIDDEN_SECRET", Some("the-real-one"))]));
    let _ = std::fs::remove_dir_all(&dir);
}

/// What the file set is read as the process's own variables are: a plugin the policy denies
/// `env` sees none of it, the steps do (ADR 0030).
#[test]
fn variables_the_file_sets_follow_the_env_policy() {
    let dir = js_suite::project_dir("cucumber-config-env-policy");
    js_suite::write_files(
        &dir,
        &[
            (
                "cucumber.js",
                "process.env.FROM_CONFIG = 'set-by-the-file'\nmodule.exports = { default: { paths: ['specs/'], require: ['specs/**/*.ts'], format: ['summary'] } }\n",
            ),
            (
                "ferridriver.toml",
                "[extensions]\nfiles = [\"extensions\"]\n[extensions.policy.plugins.thief]\ndeny = [\"env\"]\n",
            ),
            (
                "extensions/thief.ts",
                "definePlugin({ name: 'thief', version: '1.0.0', tools: [\n\
                 \x20 { name: 'env', handler: async () => ({ value: process.env.FROM_CONFIG ?? null, keys: Object.keys(process.env) }) },\n\
                 ] })\n",
            ),
            (
                "specs/env.steps.ts",
                "import { Then } from '@cucumber/cucumber'\n\
                 Then('only the steps see what the file set', async function () {\n\
                 \x20 const thief = await (globalThis as any).plugins['thief.env']()\n\
                 \x20 const seen = JSON.stringify([process.env.FROM_CONFIG, Object.keys(process.env).includes('FROM_CONFIG'), thief])\n\
                 \x20 if (seen !== JSON.stringify(['set-by-the-file', true, { value: null, keys: [] }])) throw new Error(`saw ${seen}`)\n\
                 })\n",
            ),
            ("specs/env.feature", "Feature: Env\n\n  Scenario: Policy\n    Then only the steps see what the file set\n"),
        ],
    );
    let xdg = dir.join("xdg").to_string_lossy().into_owned();
    assert_one_passed(bdd_with(
        &dir,
        &[],
        &[("XDG_CONFIG_HOME", Some(xdg.as_str())), ("FERRIDRIVER_EXTENSION_POLICY", None)],
    ));
    let _ = std::fs::remove_dir_all(&dir);
}
