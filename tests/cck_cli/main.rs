//! The Compatibility Kit through the binary, as a user runs it: every sample copied to a
//! scratch directory (the JS world writes its bundle cache beside the step files, and the
//! shared data must stay untouched) and run with
//! `ferridriver bdd samples/<name> --parallel 1 --no-builtin-steps --import samples/<name>/*.ts`
//! plus the sample's `.arguments.txt`. With the built-in library left out the stream must match
//! the kit exactly as the in-process run does. Prints `CCK (cli) N/46`.

#[path = "../cck/compare.rs"]
mod compare;
#[path = "../cck/kit.rs"]
#[allow(dead_code)] // the in-process runner half is for the other harnesses
mod kit;
#[path = "../conformance/locate.rs"]
mod locate;
#[path = "../conformance/schema.rs"]
mod schema;

use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), target)?;
        }
    }
    Ok(())
}

fn run_sample(dir: &Path, name: &str) -> Result<Vec<Value>, String> {
    let scratch = std::env::temp_dir().join(format!("ferridriver-cck-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let sample = scratch.join("samples").join(name);
    copy_dir(dir, &sample).map_err(|e| format!("copying the sample: {e}"))?;
    let extra = std::fs::read_to_string(dir.join(format!("{name}.arguments.txt"))).unwrap_or_default();
    let import = format!("samples/{name}/*.ts");
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["bdd", &format!("samples/{name}"), "--parallel", "1", "--no-builtin-steps", "--import", &import])
        .args(["--format", "message"])
        .args(extra.split_whitespace())
        .current_dir(&scratch)
        .output()
        .map_err(|e| e.to_string())?;
    let _ = std::fs::remove_dir_all(&scratch);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let messages: Result<Vec<Value>, _> =
        stdout.lines().filter(|l| !l.trim().is_empty()).map(serde_json::from_str::<Value>).collect();
    let messages = messages
        .map_err(|e| format!("stdout is not NDJSON ({e}); stderr: {}", String::from_utf8_lossy(&out.stderr)))?;
    // Exit code as the stream says: 0 when testRunFinished reports success, else 1.
    let success = messages.iter().rev().find_map(|m| m.get("testRunFinished")).and_then(|f| f["success"].as_bool());
    let expected_code = if success == Some(true) { 0 } else { 1 };
    if out.status.code() != Some(expected_code) {
        return Err(format!("exit code {:?}, but testRunFinished.success is {success:?}", out.status.code()));
    }
    // The meta message describes this binary; the kit compares everything else.
    Ok(messages)
}

#[test]
fn compatibility_kit_through_the_binary_without_built_in_steps() {
    let Some(root) = locate::conformance_dir() else { return };
    kit::run_kit("cli", &root, run_sample);
}
