//! User steps and the built-in library: a user definition shadows a built-in one matching the
//! same text (a migrated cucumber-js suite defines `I open {string}` itself), two user
//! definitions stay ambiguous (reported with their candidates once), `ferridriver steps` marks
//! the shadowed built-ins, and `--no-builtin-steps` / `builtinSteps = false` leave the library
//! out. No browser is needed: the user steps never touch one.

use std::path::PathBuf;
use std::process::{Command, Output};

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("ferridriver-user-steps-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("features")).unwrap();
        std::fs::create_dir_all(dir.join("steps")).unwrap();
        Scratch(dir)
    }
    fn write(&self, rel: &str, text: &str) {
        std::fs::write(self.0.join(rel), text).unwrap();
    }
    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_ferridriver")).args(args).current_dir(&self.0).output().unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const STEPS: &str = "import { Given, When, Then } from '@cucumber/cucumber'
import assert from 'node:assert'

Given('I open {string}', function (url: string) {
  this.opened = url
})

When('I press {string}', function (_name: string) {})
When('I press {word}', function (_name: string) {})

Then('the page {string} was opened', function (url: string) {
  assert.equal(this.opened, url)
})
";

fn project(name: &str) -> Scratch {
    let s = Scratch::new(name);
    s.write("ferridriver.toml", "[test]\nsteps = [\"steps/*.ts\"]\n");
    s.write("steps/steps.ts", STEPS);
    s
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_user_step_shadows_the_built_in_one_with_the_same_text() {
    let s = project("shadow");
    s.write(
        "features/open.feature",
        "Feature: Open\n  Scenario: mine wins\n    Given I open \"/login\"\n    Then the page \"/login\" was opened\n",
    );
    let out = s.run(&["bdd", "--parallel", "1", "--format", "summary"]);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), String::from_utf8_lossy(&out.stderr));
    assert!(stdout(&out).contains("1 scenario (1 passed)"), "{}", stdout(&out));

    let listing = stdout(&s.run(&["steps"]));
    let shadowed = listing.lines().find(|l| l.trim_start().starts_with("I open {string}")).unwrap();
    assert!(shadowed.contains("(shadowed by I open {string} at steps/steps.ts:4)"), "{listing}");
    let back = listing.lines().find(|l| l.trim_start().starts_with("I go back")).unwrap();
    assert!(!back.contains("shadowed"), "{back}");
    assert!(listing.contains("Your steps\n  I open {string}   # steps/steps.ts:4"), "{listing}");
}

#[test]
fn two_user_steps_stay_ambiguous_and_the_candidates_are_listed_once() {
    let s = project("ambiguous");
    s.write("features/press.feature", "Feature: Press\n  Scenario: two of mine\n    When I press \"Go\"\n");
    let out = s.run(&["bdd", "--parallel", "1", "--format", "pretty"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert_eq!(text.matches("steps/steps.ts:8").count(), 1, "{text}");
    assert_eq!(text.matches("steps/steps.ts:9").count(), 1, "{text}");
}

#[test]
fn without_the_built_in_library_its_steps_are_undefined_and_not_reported() {
    let s = project("nobuiltin");
    s.write("features/back.feature", "Feature: Back\n  Scenario: built-in only\n    When I go back\n");
    let defined = |out: &Output| -> Vec<String> {
        stdout(out)
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter_map(|m| {
                m.get("stepDefinition").map(|d| d["sourceReference"]["uri"].as_str().unwrap_or("").to_string())
            })
            .collect()
    };
    for args in [&["bdd", "-d", "--format", "message", "--no-builtin-steps"][..], &["bdd", "-d", "--format", "message"]]
    {
        let with_config = args.len() == 4;
        if with_config {
            s.write("ferridriver.toml", "[test]\nsteps = [\"steps/*.ts\"]\nbuiltinSteps = false\n");
        }
        let out = s.run(args);
        let uris = defined(&out);
        assert_eq!(uris.len(), 4, "only the four user steps: {uris:?}");
        assert!(uris.iter().all(|u| u == "steps/steps.ts"), "{uris:?}");
        let status = stdout(&out).lines().rev().find(|l| l.contains("testStepFinished")).unwrap().to_string();
        assert!(status.contains("UNDEFINED"), "{status}");
        // A dry run reports the undefined step but exits 0, as cucumber-js 12.
        assert_eq!(out.status.code(), Some(0));
    }
    let out = s.run(&["bdd", "--format", "summary"]);
    assert_eq!(out.status.code(), Some(1), "outside a dry run an undefined step fails the run");
}
