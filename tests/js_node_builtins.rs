//! The Node built-ins test code and the packages it imports use, as virtual modules
//! (`node:os`, `url`, `util`, `events`, `crypto` besides fs/path/assert/buffer): a package
//! written the way dotenv is (CommonJS, `require('fs' | 'path' | 'os' | 'crypto')`) bundles and
//! runs from `node_modules`; a built-in that is not provided says so, not "npm install".

#[path = "common/js_suite.rs"]
mod js_suite;

const PACKAGE_JSON: &str = r#"{ "name": "fake-dotenv", "version": "1.0.0", "main": "main.js" }"#;

const DOTENV_LIKE: &str = r##"const fs = require('fs')
const path = require('path')
const os = require('os')
const crypto = require('crypto')
function resolveHome (p) { return p[0] === '~' ? path.join(os.homedir(), p.slice(1)) : p }
function parse (src) { const out = {}; for (const line of src.split(/\r?\n/)) { const m = /^\s*([\w.-]+)\s*=\s*(.*)?\s*$/.exec(line); if (m) out[m[1]] = (m[2] || '').replace(/^(['"])(.*)\1$/, '$2') } return out }
function config (options) { const p = resolveHome((options && options.path) || path.resolve(process.cwd(), '.env')); const parsed = parse(fs.readFileSync(p, 'utf8')); for (const k of Object.keys(parsed)) { if (!Object.prototype.hasOwnProperty.call(process.env, k)) process.env[k] = parsed[k] } return { parsed, id: crypto.randomUUID() } }
module.exports = { config, parse }"##;

const STEP_FILE: &str = r##"import { Given } from '@cucumber/cucumber'
import dotenv from 'fake-dotenv'
import os from 'node:os'
import { createHash, randomBytes } from 'crypto'
import { EventEmitter } from 'events'
import { format, promisify } from 'util'
import { fileURLToPath, pathToFileURL } from 'url'
Given('node built-ins work', async function () {
  const { parsed, id } = dotenv.config()
  if (parsed.NAME !== 'Ada' || parsed.BASE_URL !== 'http://example.test') throw new Error(JSON.stringify(parsed))
  if (process.env.BASE_URL !== 'http://example.test' || process.env.NAME !== 'Ada') throw new Error('dotenv writes process.env as Node lets it: ' + process.env.BASE_URL)
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(id)
  if (createHash('sha256').update('abc').digest('hex') !== 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad') throw new Error('sha256')
  if (randomBytes(8).length !== 8) throw new Error('randomBytes')
  const e = new EventEmitter(); let got = 0; e.once('x', (n) => { got += n }); e.emit('x', 2); e.emit('x', 3); if (got !== 2) throw new Error('once')
  if (format('%s is %d', 'x', 4) !== 'x is 4') throw new Error(format('%s is %d', 'x', 4))
  const wait = promisify((ms: number, cb: any) => setTimeout(() => cb(null, ms), ms)); if (await wait(5) !== 5) throw new Error('promisify')
  if (fileURLToPath(pathToFileURL('/a b/c.txt')) !== '/a b/c.txt') throw new Error('url')
  if (os.EOL !== '\n' || os.platform() !== 'linux') throw new Error('os')
})"##;

const FEATURE: &str = "Feature: N\n  Scenario: S\n    Given node built-ins work\n";

#[test]
fn a_dotenv_like_package_and_the_node_built_ins_run() {
    js_suite::assert_passes(
        "node-builtins",
        &[
            ("node_modules/fake-dotenv/package.json", PACKAGE_JSON),
            ("node_modules/fake-dotenv/main.js", DOTENV_LIKE),
            (".env", "BASE_URL=http://example.test\nNAME=\"Ada\"\n"),
            ("steps/s.ts", STEP_FILE),
            ("n.feature", FEATURE),
        ],
        "n.feature",
        "http://127.0.0.1:9",
        1,
    );
}

#[test]
fn a_node_built_in_that_is_not_provided_is_named_as_such() {
    let dir = js_suite::project_dir("node-builtin-missing");
    js_suite::write_files(
        &dir,
        &[
            ("steps/bad.ts", "import { Given } from '@cucumber/cucumber'\nimport { Worker } from 'worker_threads'\nGiven('x', () => Worker)\n"),
            ("x.feature", "Feature: X\n  Scenario: S\n    Given x\n"),
        ],
    );
    let (out, text) = js_suite::run_feature(&dir, "x.feature", "http://127.0.0.1:9");
    assert_eq!(out.status.code(), Some(1), "a file that fails to load fails the run: {text}");
    assert!(text.contains("steps/bad.ts") && text.contains("Could not resolve 'worker_threads'"), "{text}");
    assert!(
        text.contains("that Node built-in is not provided by ferridriver (provided: assert, buffer, crypto, events, fs, fs/promises, os, path, url, util, process, timers, timers/promises, string_decoder, tty, constants, stream, stream/promises, zlib, http, https, net, punycode, dns, dns/promises, domain, tls, http2, vm, v8, child_process)"),
        "{text}"
    );
    assert!(!text.contains("npm install"), "{text}");
    // rolldown's note about packages' "main" fields is not about built-ins.
    assert!(!text.contains("Main fields"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
