//! `node:fs`'s file descriptors (node_fs_fd.rs, js/node_fs_fd.js): `openSync` with Node's flags
//! (and `O_*` bits), `writeSync`/`readSync` in their argument forms, at a position or where the
//! file stands, `fstatSync`, `ftruncateSync`, `fsyncSync`, `closeSync`, the callback forms, and
//! Node's errors (`EEXIST`, `ENOENT`, `EBADF`, bad flags or descriptors). Report writers use
//! them (istanbul-lib-report writes each HTML page so). Node 20's answers are recorded below;
//! the paths are checked as `readFileSync`'s and `writeFileSync`'s are.

#[path = "common/js_suite.rs"]
mod js_suite;

const PROBE: &str = r#"import fs from 'fs';
const out = {};
const attempt = (name, f) => { try { out[name] = f(); } catch (e) { out[name] = 'THREW ' + (e.code || e.name) + ' ' + e.message; } };
attempt('writeRead', () => {
  const fd = fs.openSync('out/a.txt', 'w');
  const n1 = fs.writeSync(fd, 'hello ');
  const n2 = fs.writeSync(fd, Buffer.from('wide world'), 0, 5);
  const n3 = fs.writeSync(fd, 'ü', null, 'utf8');
  const size = fs.fstatSync(fd).size;
  fs.closeSync(fd);
  return [n1, n2, n3, size, fs.readFileSync('out/a.txt', 'utf8')];
});
attempt('positions', () => {
  const fd = fs.openSync('out/a.txt', 'r+');
  fs.writeSync(fd, 'J', 0);
  const buf = Buffer.alloc(8);
  const n = fs.readSync(fd, buf, 0, 5, 0);
  const m = fs.readSync(fd, buf, { offset: 5, length: 3, position: 6 });
  fs.closeSync(fd);
  return [n, m, buf.toString()];
});
attempt('append', () => { const fd = fs.openSync('out/a.txt', 'a'); fs.writeSync(fd, '!', 0); fs.closeSync(fd); return fs.readFileSync('out/a.txt', 'utf8'); });
attempt('sequentialRead', () => { const fd = fs.openSync('out/a.txt'); const b = Buffer.alloc(4); const r = [fs.readSync(fd, b, 0, 4, null), b.toString(), fs.readSync(fd, b, 0, 4, null), b.toString()]; fs.closeSync(fd); return r; });
attempt('truncate', () => { const fd = fs.openSync('out/a.txt', 'r+'); fs.ftruncateSync(fd, 3); fs.fsyncSync(fd); fs.closeSync(fd); return fs.readFileSync('out/a.txt', 'utf8'); });
attempt('exclusive', () => fs.openSync('out/a.txt', 'wx'));
attempt('missing', () => fs.openSync('out/missing.txt'));
attempt('badFlag', () => fs.openSync('out/a.txt', 'q'));
attempt('closedTwice', () => { const fd = fs.openSync('out/a.txt'); fs.closeSync(fd); fs.closeSync(fd); });
attempt('fdType', () => fs.writeSync('x', 'y'));
attempt('numericFlags', () => { const c = fs.constants; const fd = fs.openSync('out/b.txt', c.O_WRONLY | c.O_CREAT | c.O_TRUNC); fs.writeSync(fd, 'bits'); fs.closeSync(fd); return fs.readFileSync('out/b.txt', 'utf8'); });
attempt('urlWithSpace', () => { fs.writeFileSync('out/a b.txt', 'spaced'); return fs.readFileSync(new URL('file://' + process.cwd() + '/out/a%20b.txt'), 'utf8'); });
attempt('wholeFileByNumber', () => { const fd = fs.openSync('out/d.txt', 'w+'); fs.writeFileSync(fd, 'first '); fs.appendFileSync(fd, 'second'); const back = fs.readFileSync(fd, 'utf8'); const fd2 = fs.openSync('out/d.txt'); const all = fs.readFileSync(fd2, 'utf8'); fs.closeSync(fd); fs.closeSync(fd2); return [back, all]; });
attempt('offsetOutOfRange', () => { const fd = fs.openSync('out/d.txt'); try { return fs.readSync(fd, Buffer.alloc(2), 3, 1, 0); } finally { fs.closeSync(fd); } });
attempt('bigintPosition', () => { const fd = fs.openSync('out/d.txt'); const b = Buffer.alloc(6); const n = fs.readSync(fd, b, 0, 6, 6n); fs.closeSync(fd); return [n, b.toString()]; });
attempt('xFirstFlags', () => { const fd = fs.openSync('out/e.txt', 'xw'); fs.closeSync(fd); return fs.existsSync('out/e.txt'); });
attempt('isFile', () => { const fd = fs.openSync('out/b.txt'); const s = fs.fstatSync(fd); fs.closeSync(fd); return [s.isFile(), s.isDirectory(), s.size]; });
export default await new Promise((resolve) => {
  fs.open('out/c.txt', 'w', (err, fd) => {
    fs.write(fd, 'cb text', (err2, written, str) => {
      fs.close(fd, (err3) => {
        fs.open('out/c.txt', (err4, rfd) => {
          const b = Buffer.alloc(7);
          fs.read(rfd, b, 0, 7, 0, (err5, n, same) => {
            fs.fstat(rfd, (err6, st) => {
              fs.close(rfd);
              out.callbacks = [err, written, str, err3, n, same === b, b.toString(), st.size];
              resolve(out);
            });
          });
        });
      });
    });
  });
});
"#;

/// Node 20's answers to `PROBE` (run in a folder with an empty `out/`).
const NODE: &str = r#"{"writeRead":[6,5,2,13,"hello wide ü"],"positions":[5,3,"Jellowid"],"append":"Jello wide ü!","sequentialRead":[4,"Jell",4,"o wi"],"truncate":"Jel","exclusive":"THREW EEXIST EEXIST: file already exists, open 'out/a.txt'","missing":"THREW ENOENT ENOENT: no such file or directory, open 'out/missing.txt'","badFlag":"THREW ERR_INVALID_ARG_VALUE The argument 'flags' is invalid. Received 'q'","closedTwice":"THREW EBADF EBADF: bad file descriptor, close","fdType":"THREW ERR_INVALID_ARG_TYPE The \"fd\" argument must be of type number. Received type string ('x')","numericFlags":"bits","urlWithSpace":"spaced","wholeFileByNumber":["","first second"],"offsetOutOfRange":"THREW ERR_OUT_OF_RANGE The value of \"length\" is out of range. It must be <= -1. Received 1","bigintPosition":[6,"second"],"xFirstFlags":true,"isFile":[true,false,4],"callbacks":[null,7,"cb text",null,7,true,"cb text",7]}"#;

#[test]
fn file_descriptors_work_as_in_node() {
    let dir = js_suite::project_dir("node-fd");
    std::fs::create_dir_all(dir.join("out")).unwrap();
    std::fs::write(dir.join("probe.mjs"), PROBE).unwrap();
    js_suite::run_module_as_node(&dir, "probe.mjs", NODE);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Opening is where the path is checked: outside the script root nothing opens, for reading or
/// for writing, and a link out is not followed.
const OUTSIDE: &str = r#"import fs from 'fs';
const out = {};
const attempt = (name, f) => { try { out[name] = f(); } catch (e) { out[name] = e.code; } };
attempt('readOutside', () => fs.openSync('/etc/hostname'));
attempt('writeOutside', () => fs.openSync('../escaped.txt', 'w'));
attempt('writeThroughLink', () => fs.openSync('link.txt', 'w'));
attempt('readInside', () => { const fd = fs.openSync('inside.txt'); fs.closeSync(fd); return 'opened'; });
attempt('neverOpened', () => fs.writeSync(987654, 'x'));
export default out;
"#;

#[test]
fn opening_is_checked_where_reads_and_writes_are() {
    let base = js_suite::project_dir("node-fd-policy");
    let dir = base.join("root");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("inside.txt"), "in").unwrap();
    std::fs::write(base.join("target.txt"), "outside").unwrap();
    std::os::unix::fs::symlink(base.join("target.txt"), dir.join("link.txt")).unwrap();
    std::fs::write(dir.join("outside.mjs"), OUTSIDE).unwrap();
    let ours = js_suite::run_module_as_node(&dir, "outside.mjs", "{}");
    assert_eq!(ours["readOutside"], "EACCES", "{ours}");
    assert_eq!(ours["writeOutside"], "EACCES", "{ours}");
    assert_eq!(ours["writeThroughLink"], "EACCES", "{ours}");
    assert_eq!(ours["readInside"], "opened", "{ours}");
    assert_eq!(ours["neverOpened"], "EBADF", "{ours}");
    assert!(!base.join("escaped.txt").exists());
    assert_eq!(std::fs::read_to_string(base.join("target.txt")).unwrap(), "outside");
    let _ = std::fs::remove_dir_all(&base);
}

/// Under `bdd` the steps may read the `node_modules` above the project (a workspace's hoisted
/// packages) but write only below it: flags that append, truncate or create are writes, whatever
/// their access bits say, so they are refused there.
const APPEND_STEPS: &str = r#"import { When } from '@cucumber/cucumber';
import fs from 'fs';
When('it opens a hoisted package file', function () {
  const c = fs.constants;
  const out = {};
  const cases = [['append', c.O_APPEND], ['appendCreate', c.O_APPEND | c.O_CREAT], ['truncate', c.O_TRUNC], ['create', c.O_CREAT], ['plus', 'r+'], ['read', 'r']];
  for (const [name, flags] of cases) {
    try { const fd = fs.openSync('../node_modules/pkg/data.txt', flags); fs.closeSync(fd); out[name] = 'opened'; } catch (e) { out[name] = e.code; }
  }
  fs.writeFileSync('answers.json', JSON.stringify(out));
});
"#;

#[test]
fn flags_that_change_a_file_are_checked_as_writes() {
    let base = js_suite::project_dir("node-fd-flags");
    let dir = base.join("project");
    js_suite::write_files(
        &base,
        &[
            ("node_modules/pkg/data.txt", "hoisted"),
            ("project/steps/open.mjs", APPEND_STEPS),
            ("project/features/open.feature", "Feature: f\n  Scenario: s\n    When it opens a hoisted package file\n"),
            ("project/ferridriver.toml", "[test]\nsteps = [\"steps/**/*.mjs\"]\n"),
        ],
    );
    let ours = js_suite::run_probe_as_node(&dir, "{}");
    for write in ["append", "appendCreate", "truncate", "create", "plus"] {
        assert_eq!(ours[write], "EACCES", "{write}: {ours}");
    }
    assert_eq!(ours["read"], "opened", "{ours}");
    assert_eq!(std::fs::read_to_string(base.join("node_modules/pkg/data.txt")).unwrap(), "hoisted");
    let _ = std::fs::remove_dir_all(&base);
}
