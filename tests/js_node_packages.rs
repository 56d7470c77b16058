//! What support code does with Node built-ins and the npm packages cucumber-js + Playwright
//! suites import (fs-extra, glob, lodash, js-yaml, chai, xml2js, dotenv, faker; installed in
//! tests/node-packages by `.ci/run`): one module, run by Node 20 once (its answers below) and
//! here as a step, must answer the same — `path.parse/format/posix/win32`, links
//! (`lstat`, `realpath`, `readlink`), fs callbacks and promises, `copyFile`, write streams (their errors too),
//! `constants`, `createHmac`, `string_decoder` across a split character, `timers`,
//! `timers/promises`, `tty`, `process` as an EventEmitter whose `cwd` a package may replace,
//! the legacy `Stream`, `global`, `__dirname`, a `require`d JSON file, and the packages.

#[path = "common/js_suite.rs"]
mod js_suite;

use std::path::Path;

const PROBE: &str = r#"// Runs the same in Node and in ferridriver: what support code does with Node built-ins and
// common npm packages. Paths in the answers are relative to the project.
import fs from 'fs';
import fsp from 'fs/promises';
import path from 'path';
import crypto from 'crypto';
import { StringDecoder } from 'string_decoder';
import { setTimeout as sleep } from 'timers/promises';
import { setImmediate as nextTurn } from 'timers';
import constants from 'constants';
import tty from 'tty';
import processModule from 'process';
import { Stream } from 'stream';
import fse from 'fs-extra';
import { globSync } from 'glob';
import _ from 'lodash';
import yaml from 'js-yaml';
import { expect } from 'chai';
import { parseStringPromise } from 'xml2js';
import dotenv from 'dotenv';
import { faker } from '@faker-js/faker';
import paths from './paths.cjs';

const rel = (p) => path.relative(process.cwd(), p);
const fail = (e) => (e && e.code) || (e && e.message.split('\n')[0]);
const callback = (f, ...args) => new Promise((resolve) => f(...args, (e, v) => resolve(e ? ['error', fail(e)] : ['ok', v])));

export async function probe() {
  const out = {};
  // path
  out.parse = [path.parse('/a/b/c.txt'), path.parse('c'), path.parse('d/.env')];
  out.format = [path.format({ dir: '/a/b', base: 'c.txt' }), path.format({ name: 'x', ext: '.js' }), path.format({ root: '/', name: 'y', ext: 'md' })];
  out.posix = [path.posix === path || path.posix.join === path.join, path.delimiter, path.win32.sep];
  // fs: links, callbacks, promises, copies, streams
  out.lstat = [fs.lstatSync('data/link.yml').isSymbolicLink(), fs.statSync('data/link.yml').isSymbolicLink(), fs.statSync('data/link.yml').isFile()];
  out.realpath = [rel(fs.realpathSync('data/link.yml')), rel(await fsp.realpath('data/nested/../link.yml'))];
  out.readlink = fs.readlinkSync('data/link.yml');
  out.realpathMissing = (() => { try { fs.realpathSync('data/none'); return 'found'; } catch (e) { return fail(e); } })();
  out.callbacks = [await callback(fs.readFile, 'data/fixture.json', 'utf8'), await callback(fs.stat, 'data/none'), await callback(fs.readdir, 'data')];
  out.access = [await callback(fs.access, 'data/fixture.json'), await callback(fs.access, 'data/none')];
  fs.mkdirSync('out', { recursive: true });
  fs.copyFileSync('data/fixture.json', 'out/copy.json');
  await fsp.copyFile('data/fixture.json', 'out/copy2.json');
  out.copies = [fs.readFileSync('out/copy.json', 'utf8') === fs.readFileSync('data/fixture.json', 'utf8'), fs.existsSync('out/copy2.json')];
  const stream = fs.createWriteStream('out/log.txt');
  stream.write('one\n');
  stream.write(Buffer.from('two\n'));
  await new Promise((resolve) => stream.end('three\n', resolve));
  const appended = fs.createWriteStream('out/log.txt', { flags: 'a' });
  await new Promise((resolve) => { appended.on('finish', resolve); appended.end('four\n'); });
  out.writeStream = [fs.readFileSync('out/log.txt', 'utf8'), stream.bytesWritten];
  out.writeStreamError = await new Promise((resolve) => {
    const seen = [];
    const w = fs.createWriteStream('missing/x.txt');
    w.on('error', (e) => seen.push(e.code));
    w.on('close', () => resolve([...seen, 'close']));
  });
  out.writeAfterEnd = await new Promise((resolve) => {
    const w = fs.createWriteStream('out/twice.txt');
    let finishes = 0;
    const errors = [];
    w.on('finish', () => finishes++);
    w.on('error', (e) => errors.push(e.code));
    w.end('x', () => {
      w.end();
      w.write('late', (e) => setTimeout(() => resolve([e && e.code, errors, finishes, fs.readFileSync('out/twice.txt', 'utf8')]), 20));
    });
  });
  const b64 = new StringDecoder('base64');
  out.base64Decoder = [b64.write(Buffer.from([1])), b64.write(Buffer.from([2, 3, 4])), b64.end()];
  out.readlinkNotLink = (() => { try { return fs.readlinkSync('data/fixture.json'); } catch (e) { return e.code; } })();
  out.constants = [fs.constants.F_OK, fs.constants.R_OK, constants.W_OK, constants.O_CREAT];
  // crypto
  out.hmac = [crypto.createHmac('sha256', 'key').update('The quick brown fox').digest('hex'), crypto.createHmac('sha1', Buffer.from('k')).update('a').update('b').digest('base64'), crypto.createHmac('sha512', 'x'.repeat(200)).update('long key').digest('hex')];
  // string_decoder across a split character
  const euro = Buffer.from('a€b');
  const decoder = new StringDecoder('utf8');
  out.decoder = [decoder.write(euro.slice(0, 2)), decoder.write(euro.slice(2, 4)), decoder.end(euro.slice(4)), new StringDecoder('hex').write(Buffer.from([1, 255]))];
  // timers, tty, process
  out.timers = [await sleep(5, 'slept'), await new Promise((resolve) => nextTurn(resolve, 'turned'))];
  out.tty = tty.isatty(1);
  let heard = null;
  const listener = (e) => { heard = e; };
  process.on('custom-event', listener);
  process.emit('custom-event', 'fired');
  process.off('custom-event', listener);
  out.process = [heard, processModule === process, typeof process.on('unhandledRejection', () => {}).emit, process.listenerCount('custom-event')];
  const cwd = process.cwd;
  process.cwd = () => 'patched';
  out.patched = process.cwd();
  process.cwd = cwd;
  out.stream = [new Stream() instanceof Stream, typeof Stream.prototype.pipe];
  out.global = typeof global !== 'undefined' && global === globalThis;
  // packages
  await fse.ensureDir('out/screens/deep');
  await fse.outputFile('out/notes/a.txt', 'notes');
  out.fsExtra = [fse.pathExistsSync('out/screens/deep'), await fse.pathExists('out/nothing'), fse.readJsonSync('data/fixture.json').items, fs.readFileSync('out/notes/a.txt', 'utf8')];
  await fse.remove('out/screens');
  out.fsExtraRemoved = fs.existsSync('out/screens');
  out.glob = globSync('data/**/*.{json,yml}').sort();
  out.lodash = [_.camelCase('Foo Bar'), _.chunk([1, 2, 3], 2), _.get({ a: { b: 3 } }, 'a.b')];
  out.yaml = yaml.load(fs.readFileSync('data/nested/c.yml', 'utf8'));
  expect({ a: [1, 2] }).to.deep.equal({ a: [1, 2] });
  try { expect(1).to.equal(2); } catch (e) { out.chai = e.message; }
  out.xml = await parseStringPromise('<r><i>1</i><i>2</i></r>');
  out.dotenv = [dotenv.config().parsed, process.env.GREETING];
  faker.seed(7);
  out.faker = [typeof faker.person.firstName(), faker.string.alphanumeric(5).length];
  out.commonjs = [rel(paths.dir), rel(paths.file), paths.fixture.name, paths.join];
  out.platform = [process.platform, typeof process.version];
  return out;
}
"#;

const PATHS: &str = r#"// CommonJS's own names of the file and its folder, and a required JSON file.
const path = require('path');
module.exports = { dir: __dirname, file: __filename, fixture: require('../data/fixture.json'), join: path.join('a', 'b') };
"#;

const STEPS: &str = r#"import { When } from '@cucumber/cucumber';
import fs from 'fs';
import { probe } from '../lib/probe.mjs';
When('the probe runs', async function () {
  fs.writeFileSync('answers.json', JSON.stringify(await probe()));
});
"#;

const FEATURE: &str = r#"Feature: Node built-ins and npm packages
  Scenario: the probe
    When the probe runs
"#;

/// Node 20's answers to `PROBE` (run in a project with the same files).
const NODE: &str = r#"{"parse":[{"root":"/","dir":"/a/b","base":"c.txt","ext":".txt","name":"c"},{"root":"","dir":"","base":"c","ext":"","name":"c"},{"root":"","dir":"d","base":".env","ext":"","name":".env"}],"format":["/a/b/c.txt","x.js","/y.md"],"posix":[true,":","\\"],"lstat":[true,false,true],"realpath":["data/nested/c.yml","data/nested/c.yml"],"readlink":"nested/c.yml","realpathMissing":"ENOENT","callbacks":[["ok","{\"name\":\"fixture\",\"items\":[1,2]}\n"],["error","ENOENT"],["ok",["fixture.json","link.yml","nested"]]],"access":[["ok",null],["error","ENOENT"]],"copies":[true,true],"writeStream":["one\ntwo\nthree\nfour\n",14],"writeStreamError":["ENOENT","close"],"writeAfterEnd":["ERR_STREAM_WRITE_AFTER_END",["ERR_STREAM_WRITE_AFTER_END"],1,"x"],"base64Decoder":["","AQID","BA=="],"readlinkNotLink":"EINVAL","constants":[0,4,2,64],"hmac":["203d1e5cedd2d18f8c5a3beff0bd9c1ebcb97097dfcb288c46b00c9227fde2c0","ix7Xzz4IVJqOJi1Z99KqNkqFd/c=","f0a45fb3cb1fa06aa4657ebabcff81781770f843afdbcadbc5fa7470acc5dfe7a7ef2b12f3edc6356a15a8da8db0332cda7849711def478e9317e5c7c0b211b5"],"decoder":["a","€","b","01ff"],"timers":["slept","turned"],"tty":false,"process":["fired",true,"function",0],"patched":"patched","stream":[true,"function"],"global":true,"fsExtra":[true,false,[1,2],"notes"],"fsExtraRemoved":false,"glob":["data/fixture.json","data/link.yml","data/nested/c.yml"],"lodash":["fooBar",[[1,2],[3]],3],"yaml":{"a":1},"chai":"expected 1 to equal 2","xml":{"r":{"i":["1","2"]}},"dotenv":[{"GREETING":"hello from dotenv"},"hello from dotenv"],"faker":["string",5],"commonjs":["lib","lib/paths.cjs","fixture","a/b"],"platform":["linux","string"]}"#;

#[test]
fn node_built_ins_and_npm_packages_answer_as_in_node() {
    let packages = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/node-packages/node_modules");
    assert!(packages.exists(), "{} missing: run `npm ci` in tests/node-packages (or .ci/run)", packages.display());
    let dir = js_suite::project_dir("node-packages");
    js_suite::write_files(
        &dir,
        &[
            ("lib/probe.mjs", PROBE),
            ("lib/paths.cjs", PATHS),
            ("steps/probe_steps.mjs", STEPS),
            ("features/probe.feature", FEATURE),
            ("data/fixture.json", "{\"name\":\"fixture\",\"items\":[1,2]}\n"),
            ("data/nested/c.yml", "a: 1\n"),
            (".env", "GREETING=hello from dotenv\n"),
            ("ferridriver.toml", "[test]\nsteps = [\"steps/**/*.mjs\"]\n\n[scripting]\nallowEnv = [\"GREETING\"]\n"),
        ],
    );
    std::os::unix::fs::symlink("nested/c.yml", dir.join("data/link.yml")).unwrap();
    std::os::unix::fs::symlink(&packages, dir.join("node_modules")).unwrap();
    js_suite::run_probe_as_node(&dir, NODE);
    let _ = std::fs::remove_dir_all(&dir);
}
