//! `ferridriver run`: one script from the command line with the run_script globals (host
//! `"script"`): the value on stdout, errors with `file:line:col` and a snippet on stderr and
//! exit 1, `--json` for the whole envelope, `-e`, arguments after `--`, the sandbox, a page.

#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::path::PathBuf;
use std::process::{Command, Output};

struct Project(PathBuf);

impl Project {
    fn new(name: &str) -> Project {
        let dir = std::env::temp_dir().join(format!("fd-cli-run-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Project(dir)
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.0.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_ferridriver")).arg("run").args(args).current_dir(&self.0).output().unwrap()
    }
}

impl Drop for Project {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn values_errors_json_and_arguments() {
    let p = Project::new("basics");
    p.write("lib/math.ts", "export const add = (a: number, b: number): number => a + b;\n");
    p.write(
        "sum.ts",
        "import { add } from './lib/math';\nconsole.log('adding');\nexport default { sum: add(Number(args[0]), Number(args[1])), host: ferridriver.host };\n",
    );
    let out = p.run(&["sum.ts", "--", "2", "40"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), r#"{"sum":42,"host":"script"}"#, "the script's own key order");
    assert!(text(&out.stderr).contains("adding"), "console goes to stderr");

    let out = p.run(&["--json", "-e", "console.warn('w'); return args", "--", "a b"]);
    let envelope: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(envelope["status"], "ok");
    assert_eq!(envelope["value"], serde_json::json!(["a b"]));
    assert_eq!(envelope["console"][0]["level"], "warn");

    p.write("broken.js", "const a = 1;\nconst b = 2;\nundefinedThing.call();\n");
    let out = p.run(&["broken.js"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("error: runtime: ReferenceError"), "{stderr}");
    assert!(stderr.contains("at broken.js:3:"), "{stderr}");
    assert!(stderr.contains("3: >>> undefinedThing.call();"), "{stderr}");

    let out = p.run(&["-e", "while (true) {}", "--timeout-ms", "300"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("error: timeout:"), "{}", text(&out.stderr));

    let out = p.run(&["-e", "return await fs.readFile('/etc/hostname')"]);
    assert!(text(&out.stderr).contains("sandbox_violation"), "{}", text(&out.stderr));
    let outside = Project::new("outside");
    outside.write("x.js", "export default 1;\n");
    let out = p.run(&[outside.0.join("x.js").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("outside the script root"), "{}", text(&out.stderr));

    let out = p.run(&[]);
    assert_eq!(out.status.code(), Some(2), "a script is required");
}

#[test]
fn a_script_drives_a_page() {
    if !support::browser_available() {
        return;
    }
    let base = support::serve(&[
        ("/", "<title>Home</title><h1>Welcome</h1><a href=\"/about\">About</a>"),
        ("/about", "<title>About us</title><p>We test.</p>"),
    ]);
    let p = Project::new("page");
    p.write(
        "visit.ts",
        "await page.goto(args[0]);\nawait page.getByRole('link', { name: 'About' }).click();\nawait page.waitForURL('**/about');\nexport default { title: await page.title(), md: await page.markdown() };\n",
    );
    let out = p.run(&["visit.ts", "--", &base]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["title"], "About us");
    assert_eq!(value["md"], "We test.\n");
}

/// The agent hosts read `[browser]` as `bdd` does: the context options (viewport), `baseURL` for
/// relative URLs and `testIdAttribute`; an unknown option is an error naming the file.
#[test]
fn the_browser_table_applies_to_scripts() {
    support::browser_available();
    let base = support::serve(&[("/page", "<!doctype html><p data-qa='x'>found</p>")]);
    let p = Project::new("browser-table");
    p.write(
        "ferridriver.toml",
        &format!("[browser]\nviewport = {{ width = 500, height = 400 }}\nbaseURL = \"{base}\"\ntestIdAttribute = \"data-qa\"\n"),
    );
    let script = "await page.goto('/page'); return { width: await page.evaluate(() => innerWidth), path: new URL(page.url()).pathname, qa: await page.getByTestId('x').textContent() }";
    let out = p.run(&["-e", script]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), r#"{"width":500,"path":"/page","qa":"found"}"#);

    p.write("ferridriver.toml", "[browser]\nviewportt = { width = 500, height = 400 }\n");
    let out = p.run(&["-e", "return 1"]);
    assert_eq!(out.status.code(), Some(2), "a bad config is a usage error");
    let err = text(&out.stderr);
    assert!(err.contains("ferridriver.toml: [browser]") && err.contains("viewportt"), "{err}");
}
