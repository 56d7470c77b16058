//! cucumber-js custom formatters run as cucumber-js runs them: a class that extends
//! `Formatter` (envelopes from `eventBroadcaster`, attempts from `eventDataCollector`, output
//! through `this.log`) and a formatter plugin (`{ type: 'formatter', optionsKey, formatter }`,
//! output through `write`, a cleanup at the end) give, for the same feature, steps and retry,
//! what cucumber-js 13.3 printed (recorded below). A module that is missing or exports no
//! formatter stops the run before anything runs.

#[path = "common/js_suite.rs"]
mod js_suite;

use std::process::Command;

const NAMES_FORMATTER: &str = r#"// A formatter class, as custom formatters are written: it hears every envelope and reads the
// attempts the event data collector gathered.
const { Formatter } = require('@cucumber/cucumber')

class NamesFormatter extends Formatter {
  constructor(options) {
    super(options)
    options.eventBroadcaster.on('envelope', (envelope) => {
      if (envelope.testCaseFinished) {
        const attempt = this.eventDataCollector.getTestCaseAttempt(envelope.testCaseFinished.testCaseStartedId)
        const steps = attempt.testCase.testSteps.filter((s) => s.pickleStepId).map((s) => attempt.stepResults[s.id].status)
        this.log(`${attempt.pickle.name} (attempt ${attempt.attempt}): ${attempt.worstTestStepResult.status} [${steps.join(' ')}]${attempt.willBeRetried ? ' retried' : ''}\n`)
      }
      if (envelope.testRunFinished) {
        const all = this.eventDataCollector.getTestCaseAttempts()
        this.log(`${all.length} attempts, ${this.eventDataCollector.getGherkinDocument('features/sums.feature').feature.name}, success ${envelope.testRunFinished.success}\n`)
      }
    })
  }
}
module.exports = NamesFormatter
"#;

const COUNT_FORMATTER: &str = r#"// A formatter plugin (cucumber-js 12+): messages through `on`, its own options, output through
// `write`, a cleanup that writes the total.
export default {
  type: 'formatter',
  optionsKey: 'count',
  formatter({ on, options, write }) {
    let finished = 0
    on('message', (message) => {
      if (message.testCaseFinished) finished++
    })
    return async () => {
      write(`${options.label}: ${finished} test cases finished\n`)
    }
  },
}
"#;

const STEPS: &str = r#"const { Then } = require('@cucumber/cucumber')
let flaky = 0
Then('{int} and {int} make {int}', (a, b, sum) => {
  if (a + b !== sum) throw new Error(`${a} + ${b} is ${a + b}`)
})
Then('it works the second time', () => {
  if (flaky++ === 0) throw new Error('first time')
})
"#;

const FEATURE: &str = r#"Feature: Sums

  Scenario: Right
    Then 1 and 2 make 3

  Scenario: Wrong
    Then 1 and 1 make 3

  @flaky
  Scenario: Flaky
    Then it works the second time
"#;

/// What cucumber-js 13.3.0 (Node 22) printed with `--format ./formatters/names.js --format
/// ./formatters/count.mjs:out/count.txt --format-options '{"count":{"label":"total"}}'
/// --retry 1 --retry-tag-filter @flaky` on these files: stdout, then out/count.txt.
const CUCUMBER_JS_STDOUT: &str = r#"Right (attempt 0): PASSED [PASSED]
Wrong (attempt 0): FAILED [FAILED]
Flaky (attempt 0): FAILED [FAILED] retried
Flaky (attempt 1): PASSED [PASSED]
4 attempts, Sums, success false
"#;
const CUCUMBER_JS_COUNT: &str = r#"total: 4 test cases finished
"#;

const DEFINITIONS_FORMATTER: &str = r#"// A formatter that reads the step definitions, asks for the snippet of an undefined step and
// writes through the stream with a callback, as usage- and snippet-style formatters do.
const { Formatter } = require('@cucumber/cucumber')

module.exports = class DefinitionsFormatter extends Formatter {
  constructor(options) {
    super(options)
    options.eventBroadcaster.on('envelope', (envelope) => {
      const finished = envelope.testStepFinished
      if (finished && finished.testStepResult.status === 'UNDEFINED') {
        const attempt = this.eventDataCollector.getTestCaseAttempt(finished.testCaseStartedId)
        const step = attempt.testCase.testSteps.find((s) => s.id === finished.testStepId)
        const pickleStep = attempt.pickle.steps.find((s) => s.id === step.pickleStepId)
        this.log(`${this.snippetBuilder.build({ keywordType: 'outcome', pickleStep })}\n`)
      }
      if (envelope.testRunFinished) {
        const patterns = this.supportCodeLibrary.stepDefinitions.map((d) => String(d.pattern)).sort()
        this.log(`definitions: ${patterns.join(' | ')}\n`)
        options.stream.write('written through the stream\n', () => this.log('stream callback\n'))
      }
    })
  }
}
"#;

const DEFINITIONS_FEATURE: &str = r#"Feature: Definitions

  Scenario: Undefined
    Then 2 and 2 make 4
    And a step nobody wrote
"#;

/// What cucumber-js 13.3.0 printed with `features/defs.feature --format
/// ./formatters/defs.js` (ferridriver's run leaves its built-in steps out, which cucumber-js
/// does not have).
const CUCUMBER_JS_DEFINITIONS: &str = r#"Then('a step nobody wrote', function () {
  // Write code here that turns the phrase above into concrete actions
  return 'pending';
});
definitions: it works the second time | {int} and {int} make {int}
written through the stream
stream callback
"#;

const HELPERS_FORMATTER: &str = r#"// A formatter built on cucumber-js's formatterHelpers: each attempt parsed into its steps
// (hooks named with their places, results, attachments, snippets), locations formatted.
const { Formatter, formatterHelpers } = require('@cucumber/cucumber')
const { parseTestCaseAttempt, formatLocation, isFailure, isWarning, isIssue, PickleParser, GherkinDocumentParser } = formatterHelpers

module.exports = class StepsFormatter extends Formatter {
  constructor(options) {
    super(options)
    options.eventBroadcaster.on('envelope', (envelope) => {
      if (!envelope.testCaseFinished) return
      const attempt = this.eventDataCollector.getTestCaseAttempt(envelope.testCaseFinished.testCaseStartedId)
      const parsed = parseTestCaseAttempt({ testCaseAttempt: attempt, snippetBuilder: this.snippetBuilder, supportCodeLibrary: this.supportCodeLibrary })
      const where = PickleParser.getPickleLocation({ gherkinDocument: attempt.gherkinDocument, pickle: attempt.pickle })
      const steps = Object.keys(GherkinDocumentParser.getGherkinStepMap(attempt.gherkinDocument)).length
      const description = PickleParser.getScenarioDescription({ pickle: attempt.pickle, gherkinScenarioMap: GherkinDocumentParser.getGherkinScenarioMap(attempt.gherkinDocument) }).trim()
      const rules = Object.values(GherkinDocumentParser.getGherkinExampleRuleMap(attempt.gherkinDocument)).map((r) => r.name)
      this.log(`${parsed.testCase.name} at ${formatLocation(parsed.testCase.sourceLocation, this.cwd)} (line ${where.line}, ${steps} steps in the document, attempt ${parsed.testCase.attempt}, described "${description}", rules [${rules.join(', ')}]): ${parsed.testCase.worstTestStepResult.status} failure=${isFailure(parsed.testCase.worstTestStepResult)} warning=${isWarning(parsed.testCase.worstTestStepResult, true)} issue=${isIssue(parsed.testCase.worstTestStepResult)}\n`)
      for (const step of parsed.testSteps) {
        const action = step.actionLocation ? formatLocation(step.actionLocation) : '-'
        const source = step.sourceLocation ? formatLocation(step.sourceLocation) : '-'
        const extra = [step.name && `name ${step.name}`, step.argument && 'with an argument', step.attachments.length && `${step.attachments.length} attachment(s)`, step.snippet && `snippet ${step.snippet.split('\n')[0]}`].filter(Boolean)
        this.log(`  ${step.keyword}${step.text ? step.text : ''} [${step.result.status}] ${source} -> ${action}${extra.length ? ' ' + extra.join(', ') : ''}\n`)
      }
    })
  }
}
"#;

const HOOKS: &str = r#"const { Before, After, Given } = require('@cucumber/cucumber')
Before({ name: 'open the shop' }, function () {})
After(function () { this.attach('after note', 'text/plain') })
Given('a table:', function (table) { this.attach(`rows ${table.raw().length}`, 'text/plain') })
"#;

const PARSED_FEATURE: &str = r#"Feature: Parsed

  Scenario: Tables and sums
    Given a table:
      | a | b |
      | 1 | 2 |
    Then 1 and 2 make 3

  Scenario Outline: Undefined <n>
    Then 1 and 1 make <n>
    And nobody wrote this step

    Examples:
      | n |
      | 2 |

  Rule: Background and stars
    Background:
      * 2 and 2 make 4

    Scenario: Starred
      A scenario with a description.
      * 3 and 3 make 6
      But nobody wrote this one either
"#;

/// What cucumber-js 13.3.0 printed with `features/parsed.feature --format
/// ./formatters/steps.js` (formatterHelpers: parseTestCaseAttempt, locations against the cwd,
/// issues, descriptions, a Rule with a Background, `*` steps).
const CUCUMBER_JS_PARSED: &str = r#"Tables and sums at features/parsed.feature:3 (line 3, 7 steps in the document, attempt 0, described "", rules [Background and stars]): PASSED failure=false warning=false issue=false
  Before [PASSED] - -> features/step_definitions/hooks.js:2 name open the shop
  Given a table: [PASSED] features/parsed.feature:4 -> features/step_definitions/hooks.js:4 with an argument, 1 attachment(s)
  Then 1 and 2 make 3 [PASSED] features/parsed.feature:7 -> features/step_definitions/sums.js:3
  After [PASSED] - -> features/step_definitions/hooks.js:3 1 attachment(s)
Undefined 2 at features/parsed.feature:15 (line 15, 7 steps in the document, attempt 0, described "", rules [Background and stars]): UNDEFINED failure=true warning=false issue=true
  Before [PASSED] - -> features/step_definitions/hooks.js:2 name open the shop
  Then 1 and 1 make 2 [PASSED] features/parsed.feature:10 -> features/step_definitions/sums.js:3
  And nobody wrote this step [UNDEFINED] features/parsed.feature:11 -> - snippet Then('nobody wrote this step', function () {
  After [PASSED] - -> features/step_definitions/hooks.js:3 1 attachment(s)
Starred at features/parsed.feature:21 (line 21, 7 steps in the document, attempt 0, described "A scenario with a description.", rules [Background and stars]): UNDEFINED failure=true warning=false issue=true
  Before [PASSED] - -> features/step_definitions/hooks.js:2 name open the shop
  * 2 and 2 make 4 [PASSED] features/parsed.feature:19 -> features/step_definitions/sums.js:3
  * 3 and 3 make 6 [PASSED] features/parsed.feature:23 -> features/step_definitions/sums.js:3
  But nobody wrote this one either [UNDEFINED] features/parsed.feature:24 -> - snippet Given('nobody wrote this one either', function () {
  After [PASSED] - -> features/step_definitions/hooks.js:3 1 attachment(s)
"#;

fn bdd(dir: &std::path::Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver")).arg("bdd").args(args).current_dir(dir).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn custom_formatters_write_what_they_write_under_cucumber_js() {
    let dir = js_suite::project_dir("custom-formatters");
    js_suite::write_files(
        &dir,
        &[
            ("formatters/names.js", NAMES_FORMATTER),
            ("formatters/count.mjs", COUNT_FORMATTER),
            ("features/step_definitions/sums.js", STEPS),
            ("features/sums.feature", FEATURE),
        ],
    );
    let (code, stdout, stderr) = bdd(
        &dir,
        &[
            "--format",
            "./formatters/names.js",
            "--format",
            "./formatters/count.mjs:out/count.txt",
            "--format-options",
            r#"{"count":{"label":"total"}}"#,
            "--retry",
            "1",
            "--retry-tag-filter",
            "@flaky",
            "--parallel",
            "1",
        ],
    );
    assert_eq!(code, Some(1), "a scenario fails: {stdout}{stderr}");
    assert_eq!(stdout, CUCUMBER_JS_STDOUT, "{stderr}");
    assert_eq!(std::fs::read_to_string(dir.join("out/count.txt")).unwrap(), CUCUMBER_JS_COUNT);

    // The step definitions, the snippet of an undefined step, the stream and its callback.
    js_suite::write_files(
        &dir,
        &[("formatters/defs.js", DEFINITIONS_FORMATTER), ("features/defs.feature", DEFINITIONS_FEATURE)],
    );
    let (code, stdout, stderr) =
        bdd(&dir, &["features/defs.feature", "--format", "./formatters/defs.js", "--no-builtin-steps"]);
    assert_eq!(code, Some(1), "an undefined step fails: {stdout}{stderr}");
    assert_eq!(stdout, CUCUMBER_JS_DEFINITIONS, "{stderr}");

    // cucumber-js's formatterHelpers: each attempt parsed into its steps and hooks.
    js_suite::write_files(
        &dir,
        &[
            ("formatters/steps.js", HELPERS_FORMATTER),
            ("features/step_definitions/hooks.js", HOOKS),
            ("features/parsed.feature", PARSED_FEATURE),
        ],
    );
    let (code, stdout, stderr) = bdd(
        &dir,
        &["features/parsed.feature", "--format", "./formatters/steps.js", "--no-builtin-steps", "--parallel", "1"],
    );
    assert_eq!(code, Some(1), "an undefined step fails: {stdout}{stderr}");
    assert_eq!(stdout, CUCUMBER_JS_PARSED, "{stderr}");

    let (code, _, stderr) = bdd(&dir, &["--format", "./formatters/missing.js"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("custom formatter ./formatters/missing.js"), "{stderr}");
    js_suite::write_files(&dir, &[("formatters/empty.js", "module.exports = { nothing: true }\n")]);
    let (code, stdout, stderr) = bdd(&dir, &["--format", "./formatters/empty.js"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("./formatters/empty.js does not export a formatter"), "{stderr}");
    assert!(!stdout.contains("attempt"), "nothing ran: {stdout}");
    let (code, _, stderr) = bdd(&dir, &["--format", "progres"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("unknown formatter 'progres'"), "a typo is not taken for a module: {stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
