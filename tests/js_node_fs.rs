//! `node:fs` writes as suites use them (report folders, logs) and `fs/promises`: below the
//! project in `bdd`, below script_root/artifacts_root in the agent hosts, with Node's error
//! codes; a path that leaves those folders — by `..`, an absolute path or a symlink — is
//! refused before anything is written.

#[path = "common/js_suite.rs"]
mod js_suite;

use std::process::Command;

const STEPS: &str = r##"import { Given } from '@cucumber/cucumber'
import fs from 'node:fs'
import { mkdirSync, writeFileSync, appendFileSync, readdirSync, statSync, existsSync, rmSync, unlinkSync, readFileSync } from 'fs'
import { writeFile, readFile, mkdir, readdir } from 'fs/promises'
import path from 'path'

function code(f: () => unknown): string {
  try { f(); return 'no error' } catch (e: any) { return e.code }
}

Given('a report folder is written', async function () {
  const dir = path.join('reports', 'run-1', 'deep')
  const made = mkdirSync(dir, { recursive: true })
  if (!made || !made.endsWith('reports')) throw new Error(`mkdir returns the first folder it made: ${made}`)
  if (mkdirSync(dir, { recursive: true }) !== undefined) throw new Error('nothing made the second time')
  writeFileSync(path.join(dir, 'a.json'), JSON.stringify({ ok: true }))
  appendFileSync(path.join(dir, 'log.txt'), 'one\n')
  fs.appendFileSync(path.join(dir, 'log.txt'), 'two\n')
  if (readFileSync(path.join(dir, 'log.txt'), 'utf8') !== 'one\ntwo\n') throw new Error('append')
  await mkdir('reports/p', { recursive: true })
  await writeFile('reports/p/b.txt', new Uint8Array([104, 105]))
  if ((await readFile('reports/p/b.txt', 'utf8')) !== 'hi') throw new Error('promises')
  const names = readdirSync(dir).join(',')
  const typed = readdirSync('reports', { withFileTypes: true }).map((d: any) => `${d.name}:${d.isDirectory()}`).join(',')
  const listed = (await readdir('reports')).join(',')
  const st = statSync(path.join(dir, 'a.json'))
  const errors = {
    exists: code(() => mkdirSync('reports/p')),
    noParent: code(() => writeFileSync('missing/x.txt', '')),
    dotdot: code(() => writeFileSync('../outside.txt', 'x')),
    absolute: code(() => writeFileSync('/tmp/fd-node-fs-absolute.txt', 'x')),
    symlinkOut: code(() => writeFileSync('escape/x.txt', 'x')),
    mkdirOut: code(() => mkdirSync('escape/sub', { recursive: true })),
    removeOut: code(() => rmSync('escape', { recursive: true })),
    rmDir: code(() => rmSync('reports/p')),
    unlinkMissing: code(() => unlinkSync('reports/none.txt')),
    exclusive: code(() => writeFileSync(path.join(dir, 'a.json'), 'x', { flag: 'wx' })),
    renameOut: code(() => fs.renameSync(path.join(dir, 'a.json'), '../moved.json')),
    renameThroughLink: code(() => fs.renameSync(path.join(dir, 'a.json'), 'escape/moved.json')),
    renameLink: code(() => fs.renameSync('escape', 'inside')),
    rmdirOut: code(() => fs.rmdirSync('escape')),
    moveLinkInside: code(() => fs.renameSync('holder', 'moved-holder')),
  }
  unlinkSync(path.join(dir, 'log.txt'))
  rmSync('reports/p', { recursive: true })
  rmSync('reports/nothing', { force: true })
  const after = { log: existsSync(path.join(dir, 'log.txt')), p: existsSync('reports/p') }
  writeFileSync('result.json', JSON.stringify({ names, typed, listed, file: st.isFile(), size: st.size, dirIsDir: statSync(dir).isDirectory(), errors, after }))
})
"##;

#[test]
fn a_suite_writes_its_report_folders_and_nothing_outside_the_project() {
    let dir = js_suite::project_dir("node-fs");
    let outside = dir.parent().unwrap().join(format!("fd-node-fs-outside-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&outside);
    std::fs::create_dir_all(&outside).unwrap();
    std::os::unix::fs::symlink(&outside, dir.join("escape")).unwrap();
    // A folder holding a link out: moving it is refused.
    std::fs::create_dir_all(dir.join("holder/deep")).unwrap();
    std::os::unix::fs::symlink(&outside, dir.join("holder/deep/out")).unwrap();
    js_suite::write_files(
        &dir,
        &[
            ("steps/fs.ts", STEPS),
            ("features/fs.feature", "Feature: F\n  Scenario: S\n    Given a report folder is written\n"),
        ],
    );
    let outside_existed = dir.parent().unwrap().join("outside.txt").exists();
    let (out, text) = js_suite::run_feature(&dir, "features/fs.feature", "http://127.0.0.1:9");
    assert_eq!(out.status.code(), Some(0), "{text}");
    let result: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("result.json")).unwrap()).unwrap();
    assert_eq!(
        result,
        serde_json::json!({
            "names": "a.json,log.txt",
            "typed": "p:true,run-1:true",
            "listed": "p,run-1",
            "file": true,
            "size": 11,
            "dirIsDir": true,
            "errors": {
                "exists": "EEXIST", "noParent": "ENOENT", "dotdot": "EACCES", "absolute": "EACCES",
                "symlinkOut": "EACCES", "mkdirOut": "EACCES", "removeOut": "EACCES",
                "rmDir": "ERR_FS_EISDIR", "unlinkMissing": "ENOENT", "exclusive": "EEXIST",
                "renameOut": "EACCES", "renameThroughLink": "EACCES", "renameLink": "EACCES", "rmdirOut": "EACCES",
                "moveLinkInside": "EACCES"
            },
            "after": { "log": false, "p": false }
        })
    );
    assert_eq!(std::fs::read_to_string(dir.join("reports/run-1/deep/a.json")).unwrap(), r#"{"ok":true}"#);
    assert_eq!(
        dir.parent().unwrap().join("outside.txt").exists(),
        outside_existed,
        "nothing written above the project"
    );
    assert_eq!(std::fs::read_dir(&outside).unwrap().count(), 0, "nothing written through the symlink");
    assert!(dir.join("escape").exists(), "the symlink itself was not removed");
    assert!(!std::path::Path::new("/tmp/fd-node-fs-absolute.txt").exists());
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&outside);
}

#[test]
fn the_agent_hosts_write_below_script_root_and_artifacts_only() {
    let dir = js_suite::project_dir("node-fs-run");
    js_suite::write_files(
        &dir,
        &[(
            "scripts/write.ts",
            r#"import { writeFileSync, mkdirSync } from 'node:fs'
function code(f: () => unknown): string { try { f(); return 'ok' } catch (e: any) { return e.code } }
// Relative paths are relative to script_root, as the script's own imports are.
mkdirSync('../out/reports', { recursive: true })
export default {
  artifacts: code(() => writeFileSync('../out/reports/a.txt', 'a')),
  scriptRoot: code(() => writeFileSync('b.txt', 'b')),
  project: code(() => writeFileSync('../top.txt', 'c')),
  config: code(() => writeFileSync('../ferridriver.toml', 'x')),
}
"#,
        )],
    );
    let out = Command::new(env!("CARGO_BIN_EXE_ferridriver"))
        .args(["run", "--script-root", "scripts", "--artifacts-root", "out", "write.ts"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(stdout.trim()).unwrap(),
        serde_json::json!({ "artifacts": "ok", "scriptRoot": "ok", "project": "EACCES", "config": "EACCES" })
    );
    assert!(dir.join("out/reports/a.txt").exists() && dir.join("scripts/b.txt").exists());
    assert!(!dir.join("top.txt").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `renameSync`/`rename` and `rmdirSync`/`rmdir` (callback and promise forms), as Node 20's:
/// a file and a folder moved, a file replaced, Node's errors with the paths as given.
const RENAME_PROBE: &str = r#"import fs from 'node:fs';
import { renameSync, rmdirSync } from 'fs';
import { rename, rmdir } from 'fs/promises';
export async function probe() {
  const out = {};
  const msg = (f) => { try { return f() ?? 'ok'; } catch (e) { return e.code + ' | ' + e.message; } };
  fs.mkdirSync('work', { recursive: true });
  fs.writeFileSync('work/a.txt', 'A');
  out.rename = msg(() => renameSync('work/a.txt', 'work/b.txt'));
  out.after = [fs.existsSync('work/a.txt'), fs.readFileSync('work/b.txt', 'utf8')];
  out.missing = msg(() => renameSync('work/nope.txt', 'work/c.txt'));
  out.noDir = msg(() => renameSync('work/b.txt', 'work/nodir/c.txt'));
  fs.writeFileSync('work/d.txt', 'D');
  out.overwrite = msg(() => renameSync('work/d.txt', 'work/b.txt'));
  out.overwritten = fs.readFileSync('work/b.txt', 'utf8');
  fs.mkdirSync('work/dir1');
  fs.writeFileSync('work/dir1/x', 'x');
  out.renameDir = msg(() => fs.renameSync('work/dir1', 'work/dir2'));
  out.dirContent = fs.readdirSync('work/dir2');
  out.rmdirFull = msg(() => rmdirSync('work/dir2'));
  out.rmdirFile = msg(() => rmdirSync('work/b.txt'));
  out.rmdirMissing = msg(() => rmdirSync('work/nothing'));
  fs.mkdirSync('work/empty');
  out.rmdirEmpty = msg(() => rmdirSync('work/empty'));
  out.rmdirRecursive = msg(() => rmdirSync('work/dir2', { recursive: true }));
  out.gone = [fs.existsSync('work/empty'), fs.existsSync('work/dir2')];
  await rename('work/b.txt', 'work/e.txt');
  out.promise = fs.readFileSync('work/e.txt', 'utf8');
  out.callback = await new Promise((resolve) => fs.rename('work/e.txt', 'work/f.txt', (err) => resolve([err, fs.existsSync('work/f.txt')])));
  out.promiseRmdir = await rmdir('work/nothing').then(() => 'removed', (e) => e.code);
  out.callbackRmdir = await new Promise((resolve) => fs.rmdir('work/nothing', (err) => resolve(err && err.code)));
  fs.rmSync('work', { recursive: true });
  return out;
}
"#;

const RENAME_STEPS: &str = r#"import { When } from '@cucumber/cucumber';
import fs from 'fs';
import { probe } from '../lib/probe.mjs';
When('the probe runs', async function () {
  fs.writeFileSync('answers.json', JSON.stringify(await probe()));
});
"#;

/// Node 20's answers to `RENAME_PROBE`.
const RENAME_NODE: &str = r#"{"rename":"ok","after":[false,"A"],"missing":"ENOENT | ENOENT: no such file or directory, rename 'work/nope.txt' -> 'work/c.txt'","noDir":"ENOENT | ENOENT: no such file or directory, rename 'work/b.txt' -> 'work/nodir/c.txt'","overwrite":"ok","overwritten":"D","renameDir":"ok","dirContent":["x"],"rmdirFull":"ENOTEMPTY | ENOTEMPTY: directory not empty, rmdir 'work/dir2'","rmdirFile":"ENOTDIR | ENOTDIR: not a directory, rmdir 'work/b.txt'","rmdirMissing":"ENOENT | ENOENT: no such file or directory, rmdir 'work/nothing'","rmdirEmpty":"ok","rmdirRecursive":"ok","gone":[false,false],"promise":"D","callback":[null,true],"promiseRmdir":"ENOENT","callbackRmdir":"ENOENT"}"#;

#[test]
fn files_and_folders_move_and_empty_folders_go_as_in_node() {
    let dir = js_suite::project_dir("node-fs-rename");
    js_suite::write_files(
        &dir,
        &[
            ("lib/probe.mjs", RENAME_PROBE),
            ("steps/probe.steps.ts", RENAME_STEPS),
            ("features/probe.feature", "Feature: Probe\n\n  Scenario: Probe\n    When the probe runs\n"),
        ],
    );
    js_suite::run_probe_as_node(&dir, RENAME_NODE);
    let _ = std::fs::remove_dir_all(&dir);
}
