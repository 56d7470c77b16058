//! node:zlib (whole buffers, sync and callback forms, zlib's own error messages, output
//! limits), node:events as Node's (listeners by identity, the events about listeners,
//! `errorMonitor`, callable constructors), what node:http and node:https have besides the
//! client (tests/js_node_http.rs), and winston (installed in tests/node-packages by `.ci/run`)
//! logging to files through its File transport: one module, run by Node 20 once (its answers
//! below) and here as a step, answers the same. Serving says it is not provided.

#[path = "common/js_suite.rs"]
mod js_suite;

use std::path::Path;

const PROBE: &str = r#"// Runs the same in Node and in ferridriver: node:zlib on whole buffers, what node:http and
// node:https give packages that import them, and winston writing a log file.
import zlib from 'zlib';
import { gzipSync as namedGzip } from 'node:zlib';
import util, { promisify } from 'util';
import { EventEmitter } from 'events';
import { Stream } from 'stream';
import http from 'http';
import https from 'https';
import fs from 'fs';
import winston from 'winston';

const attempt = (f) => { try { return ['ok', f()]; } catch (e) { return [e.name, e.message, e.code ?? null, e.errno ?? null]; } };
// Bytes Node 20 made (gzipSync of 'made by Node'), read back here.
const FROM_NODE = 'H4sIAAAAAAAAA8tNTElVSKpU8MtPSQUAYFYwngwAAAA=';

export async function probe() {
  const out = {};
  const text = 'hello zlib '.repeat(50);
  // Compressed bytes equal Node's at levels 0 and 9 and in the headers; at other levels zlib's
  // match finder and Node's differ (each inflates the other's: the round trips below).
  out.bytes = [zlib.deflateRawSync(Buffer.from(text), { level: 9 }).toString('base64'), zlib.deflateSync('', { level: 0 }).toString('hex'), zlib.gzipSync(text).subarray(0, 10).toString('hex'), zlib.deflateSync(text).subarray(0, 2).toString('hex'), namedGzip(new Uint8Array([1, 2, 3])).length];
  out.roundTrips = [zlib.inflateSync(zlib.deflateSync(text)).toString() === text, zlib.gunzipSync(zlib.gzipSync(text, { level: 1 })).toString() === text, zlib.unzipSync(zlib.gzipSync('u')).toString(), zlib.unzipSync(zlib.deflateSync('v')).toString(), zlib.inflateRawSync(zlib.deflateRawSync('w')).toString(), zlib.gunzipSync(Buffer.concat([zlib.gzipSync('a'), zlib.gzipSync('b')])).toString()];
  out.fromNode = zlib.gunzipSync(Buffer.from(FROM_NODE, 'base64')).toString();
  const cut = zlib.gzipSync(text);
  out.errors = [
    attempt(() => zlib.inflateSync(Buffer.from('not zlib'))),
    attempt(() => zlib.gunzipSync(Buffer.alloc(0))),
    attempt(() => zlib.gunzipSync(cut.subarray(0, 20))),
    attempt(() => zlib.unzipSync(Buffer.from('plain text'))),
    attempt(() => zlib.inflateSync(5)),
    attempt(() => zlib.deflateSync('x', { level: 10 })),
  ];
  const flipped = (buffer, at) => { const copy = Buffer.from(buffer); copy[at] ^= 0xff; return copy; };
  const packed = zlib.deflateSync(text);
  out.badStreams = [
    attempt(() => zlib.inflateSync(flipped(packed, packed.length - 1))),
    attempt(() => zlib.gunzipSync(Buffer.from([0x1f, 0x8b, 7, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]))),
    zlib.gunzipSync(Buffer.concat([zlib.gzipSync('pad'), Buffer.alloc(4)])).toString(),
    attempt(() => zlib.gunzipSync(zlib.gzipSync(Buffer.alloc(1000)), { maxOutputLength: 100 })),
    attempt(() => zlib.deflateSync('x', { level: '9' })).slice(0, 3),
    zlib.inflateSync(zlib.deflateSync('nan', { level: NaN, windowBits: 15, memLevel: 8 })).toString(),
    zlib.inflateSync(zlib.deflateSync('half', { level: 5.5 })).toString(),
    attempt(() => zlib.gzip(5, () => {})).slice(0, 3),
    attempt(() => zlib.unzipSync(Buffer.from([0x1f]))),
  ];
  // node:events as Node's: listeners by identity, the events about listeners, errors.
  const seen = [];
  const ee = new EventEmitter();
  ee.on('newListener', (name) => seen.push(`new:${String(name)}`));
  ee.on('removeListener', (name) => seen.push(`removed:${String(name)}`));
  const twice = () => seen.push('twice');
  ee.on('x', twice);
  ee.once('x', twice);
  ee.removeListener('x', twice);
  ee.emit('x');
  ee.emit('x');
  ee.once('y', () => seen.push('y'));
  const raw = ee.rawListeners('y')[0];
  seen.push(typeof raw.listener, ee.getMaxListeners(), ee.listenerCount('x'));
  raw();
  seen.push(ee.listenerCount('y'));
  ee.on(EventEmitter.errorMonitor, (e) => seen.push(`monitor:${e}`));
  seen.push(attempt(() => ee.emit('error', 'boom')));
  out.events = seen;
  const waiting = EventEmitter.once(ee, 'later');
  ee.emit('error', new Error('first'));
  out.onceRejects = await waiting.then(() => 'resolved', (e) => e.message);
  function Legacy() { EventEmitter.call(this); Stream.call(this); http.Agent.call(this, { keepAlive: true }); }
  util.inherits(Legacy, EventEmitter);
  const legacy = new Legacy();
  legacy.on('hi', (v) => seen.push(v));
  out.legacy = [legacy.emit('hi', 1), legacy.keepAlive, Legacy.super_ === EventEmitter, 'on' in Object.assign({}, EventEmitter.prototype), typeof EventEmitter.listenerCount];
  out.callback = [await promisify(zlib.gzip)('cb').then((b) => zlib.gunzipSync(b).toString()), await new Promise((resolve) => zlib.inflate(Buffer.from('bad'), (e) => resolve([e.code, e.errno]))), await new Promise((resolve) => zlib.deflateRaw('opts', { level: 1 }, (e, b) => resolve(zlib.inflateRawSync(b).toString())))];
  out.constants = [zlib.constants.Z_BEST_COMPRESSION, zlib.Z_FINISH, zlib.constants.Z_DEFAULT_CHUNK, zlib.Z_MIN_CHUNK, typeof zlib.Inflate, typeof zlib.createGzip];
  out.http = [http.STATUS_CODES[404], http.STATUS_CODES[418], http.METHODS.includes('PATCH'), new https.Agent({ keepAlive: true }).keepAlive, new http.Agent().maxSockets, typeof http.request, typeof https.get, attempt(() => http.validateHeaderName('bad header'))];
  const logger = winston.createLogger({
    level: 'info',
    format: winston.format.combine(winston.format.label({ label: 'suite' }), winston.format.printf(({ level, message, label }) => `${label} ${level}: ${message}`)),
    transports: [new winston.transports.File({ filename: 'out/run.log' })],
  });
  logger.info('first');
  logger.debug('hidden');
  logger.warn('second', { extra: 1 });
  const json = winston.createLogger({ format: winston.format.json(), transports: [new winston.transports.File({ filename: 'out/run.json.log' })] });
  json.error('broken', { code: 7 });
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline && !(fs.existsSync('out/run.json.log') && fs.readFileSync('out/run.json.log', 'utf8').includes('broken') && fs.readFileSync('out/run.log', 'utf8').includes('second'))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  out.winston = [fs.readFileSync('out/run.log', 'utf8'), fs.readFileSync('out/run.json.log', 'utf8'), typeof winston.transports.Console, typeof winston.transports.Http];
  return out;
}
"#;

const STEPS: &str = r#"import { When } from '@cucumber/cucumber';
import fs from 'fs';
import http from 'http';
import zlib from 'zlib';
import { probe } from '../lib/probe.mjs';
const refused = (f) => { try { f(); return 'made'; } catch (e) { return e.message; } };
When('the probe runs', async function () {
  const answers = await probe();
  // Ours only: Node would make the request, or serve.
  answers.refused = [refused(() => http.createServer()), refused(() => zlib.gzipSync('x', { info: true }))];
  fs.writeFileSync('answers.json', JSON.stringify(answers));
});
"#;

const FEATURE: &str = "Feature: zlib, http and winston\n  Scenario: the probe\n    When the probe runs\n";

/// Node 20's answers to `PROBE`.
const NODE: &str = r#"{"bytes":["y0jNyclXqMrJTFLIGGWOMrEzAQ==","7801010000ffff00000001","1f8b0800000000000003","789c",23],"roundTrips":[true,true,"u","v","w","ab"],"fromNode":"made by Node","errors":[["Error","incorrect header check","Z_DATA_ERROR",-3],["Error","unexpected end of file","Z_BUF_ERROR",-5],["Error","unexpected end of file","Z_BUF_ERROR",-5],["Error","incorrect header check","Z_DATA_ERROR",-3],["TypeError","The \"buffer\" argument must be of type string or an instance of Buffer, TypedArray, DataView, or ArrayBuffer. Received type number (5)","ERR_INVALID_ARG_TYPE",null],["RangeError","The value of \"options.level\" is out of range. It must be >= -1 and <= 9. Received 10","ERR_OUT_OF_RANGE",null]],"badStreams":[["Error","incorrect data check","Z_DATA_ERROR",-3],["Error","unknown compression method","Z_DATA_ERROR",-3],"pad",["RangeError","Cannot create a Buffer larger than 100 bytes","ERR_BUFFER_TOO_LARGE",null],["TypeError","The \"options.level\" property must be of type number. Received type string ('9')","ERR_INVALID_ARG_TYPE"],"nan","half",["TypeError","The \"chunk\" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received type number (5)","ERR_INVALID_ARG_TYPE"],["Error","unexpected end of file","Z_BUF_ERROR",-5]],"events":["new:removeListener","new:x","new:x","removed:x","twice","twice","new:y","function",10,1,"removed:y","y",0,"new:Symbol(events.errorMonitor)","monitor:boom",["Error","Unhandled error. ('boom')","ERR_UNHANDLED_ERROR",null],"new:later","new:error","monitor:Error: first","removed:error","removed:later",1],"onceRejects":"first","legacy":[true,null,true,true,"function"],"callback":["cb",["Z_DATA_ERROR",-3],"opts"],"constants":[9,4,16384,64,"function","function"],"http":["Not Found","I'm a Teapot",true,true,null,"function","function",["TypeError","Header name must be a valid HTTP token [\"bad header\"]","ERR_INVALID_HTTP_TOKEN",null]],"winston":["suite info: first\nsuite warn: second\n","{\"code\":7,\"level\":\"error\",\"message\":\"broken\"}\n","function","function"]}"#;

#[test]
fn zlib_http_and_winston_answer_as_in_node() {
    let packages = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/node-packages/node_modules");
    assert!(packages.exists(), "{} missing: run `npm ci` in tests/node-packages (or .ci/run)", packages.display());
    let dir = js_suite::project_dir("node-zlib");
    js_suite::write_files(
        &dir,
        &[
            ("lib/probe.mjs", PROBE),
            ("steps/probe_steps.mjs", STEPS),
            ("features/probe.feature", FEATURE),
            ("ferridriver.toml", "[test]\nsteps = [\"steps/**/*.mjs\"]\n"),
        ],
    );
    std::fs::create_dir_all(dir.join("out")).unwrap();
    std::os::unix::fs::symlink(&packages, dir.join("node_modules")).unwrap();
    let ours = js_suite::run_probe_as_node(&dir, NODE);
    let refused = ours["refused"].as_array().unwrap();
    assert!(refused[0].as_str().unwrap().contains("http.createServer is not provided"), "{refused:?}");
    assert!(
        refused[1].as_str().unwrap().contains("zlib's \"info\" option is not provided by ferridriver"),
        "{refused:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
