//! `node:child_process` by host (ADR 0036): `ferridriver run` scripts are the project's own and
//! run what `[scripting] allowCommands` lists; code an agent runs over MCP never starts a
//! program, even one the list names. The refusal is thrown where the call is.

use ferridriver_js_world::policy::{Capabilities, HostPolicy};
use ferridriver_js_world::{HostKind, JsHost, ScriptRequest, ScriptSandbox};
use ferridriver_steps::registry::World;
use std::sync::Arc;
use std::time::Duration;

const SCRIPT: &str =
    "import { execSync } from 'node:child_process'\nexport default execSync('echo from a child', { encoding: 'utf8' })";

fn run(kind: HostKind, allowed: &[&str]) -> Result<serde_json::Value, ferridriver_js_world::ScriptError> {
    let name = format!("{}-{}", kind.name(), allowed.join("-"));
    let dir = std::env::temp_dir().join(format!("fd-child-hosts-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("scripts")).unwrap();
    let capabilities = Capabilities::default().with_allowed_programs(allowed.iter().map(|s| s.to_string()).collect());
    let policy = HostPolicy::new(Arc::new(capabilities), kind.command(), None);
    let sandbox = ScriptSandbox::new(dir.join("scripts"), dir.join("artifacts"));
    let mut host = JsHost::for_scripts(None, kind, sandbox, Duration::from_secs(5), policy);
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let outcome = rt.block_on(host.run_script(&mut World::default(), ScriptRequest::inline(SCRIPT)));
    let _ = std::fs::remove_dir_all(&dir);
    outcome.result
}

#[test]
fn a_script_of_the_project_runs_a_listed_program() {
    assert_eq!(run(HostKind::Script, &["echo"]).unwrap(), "from a child\n");
}

#[test]
fn a_program_not_listed_is_refused_naming_the_setting() {
    let e = run(HostKind::Script, &["git"]).unwrap_err();
    assert!(
        e.message.contains("CapabilityDeniedError")
            && e.message.contains("may not run \"echo\"")
            && e.message.contains("[scripting] allowCommands"),
        "{e:?}"
    );
    assert_eq!(e.line, Some(2), "{e:?}");
}

#[test]
fn code_agents_run_starts_no_program_even_a_listed_one() {
    let e = run(HostKind::Mcp, &["echo"]).unwrap_err();
    assert!(e.message.contains("not available to code agents run") && e.message.contains("allow.commands"), "{e:?}");
}
