//! Node's Buffer beyond conversions — numbers at offsets (8 to 64 bits, both orders, floats,
//! variable widths), range errors with Node's codes, searches, `slice` as a view, `copy`,
//! `compare`, `write`, `fill`, utf16le and base64url, swaps — and pngjs with pixelmatch
//! (installed in tests/node-packages by `.ci/run`): PNGs written and read back (its synchronous
//! inflate drives zlib's handle itself), a pixel comparison, broken files. Each module, run by
//! Node 20 once (its answers below) and here as a step, answers the same.

#[path = "common/js_suite.rs"]
mod js_suite;

use std::path::Path;

const BUFFER_PROBE: &str = r#"// Runs the same in Node and in ferridriver: Buffer's numbers, ranges, searches and encodings.
import { Buffer as B, kMaxLength } from 'buffer';

const attempt = (f) => { try { const v = f(); return v instanceof Uint8Array ? ['bytes', Array.from(v)] : typeof v === 'bigint' ? 'big:' + v : v; } catch (e) { return [e.name, e.code ?? null, e.message]; } };

export async function probe() {
  const out = {};
  const b = Buffer.alloc(16);
  out.writes = [b.writeUInt32BE(0xdeadbeef, 0), b.writeUInt16LE(0x1234, 4), b.writeInt8(-2, 6), b.writeInt32LE(-5, 7), b.writeDoubleBE(1.5, 8), b.toString('hex')];
  out.reads = [b.readUInt32BE(0), b.readUInt32LE(0), b.readUInt16LE(4), b.readInt8(6), b.readInt32LE(7), b.readDoubleBE(8), b.readUInt8(15), b.readUint16BE(0), b.readUIntBE(0, 3), b.readIntLE(6, 2)];
  const big = Buffer.alloc(8);
  big.writeBigUInt64LE(2n ** 63n + 5n);
  out.bigs = [attempt(() => big.readBigUInt64LE(0)), attempt(() => big.readBigInt64LE(0)), big.toString('base64')];
  out.errors = [attempt(() => b.readUInt32BE(14)), attempt(() => b.writeUInt8(300, 0)), attempt(() => Buffer.alloc(2).readUInt32LE(0)), attempt(() => Buffer.from('x', 'klingon')), attempt(() => b.readUInt8(-1))];
  const s = Buffer.from('hello world, hello');
  out.search = [s.indexOf('hello'), s.lastIndexOf('hello'), s.indexOf('hello', 1), s.includes('world'), s.indexOf(Buffer.from('o,')), s.indexOf(111), s.indexOf('zzz'), s.lastIndexOf('l', 5), s.indexOf('')];
  const view = s.slice(0, 5);
  view[0] = 72;
  out.sliceIsView = [s.toString('utf8', 0, 5), s.subarray(6, 11).toString(), Buffer.isBuffer(s.slice(1))];
  const target = Buffer.alloc(8, '.');
  out.copy = [s.copy(target, 2, 0, 4), target.toString(), s.copy(target, 6), target.toString()];
  out.compare = [Buffer.compare(Buffer.from('a'), Buffer.from('b')), Buffer.from('abc').compare(Buffer.from('abc')), Buffer.from('b').compare(Buffer.from('a')), Buffer.from('abc').equals(Buffer.from('abc')), [Buffer.from('b'), Buffer.from('a'), Buffer.from('ab')].sort(Buffer.compare).map(String)];
  const w = Buffer.alloc(10);
  out.write = [w.write('héllo'), w.write('xy', 8), w.write('abcdef', 2, 3), w.write('ff00', 0, 'hex'), Array.from(w)];
  out.fill = [Buffer.alloc(5, 'ab').toString(), Buffer.alloc(4).fill(257).toString('hex'), Buffer.alloc(6).fill('xy', 1, 4).toString('hex'), Buffer.alloc(4, 'aGk=', 'base64').toString()];
  out.encodings = [Buffer.from('hé€', 'utf16le').toString('hex'), Buffer.from('68e9ac20', 'hex').toString('utf16le'), Buffer.from('hi?>', 'utf8').toString('base64url'), Buffer.from('aGk_Pg', 'base64url').toString(), Buffer.from([0xe9, 0x41]).toString('latin1'), Buffer.from([0xe9, 0x41]).toString('ascii'), Buffer.from('abzz12', 'hex').toString('hex'), Buffer.byteLength('hé', 'utf16le'), Buffer.isEncoding('UTF-8'), Buffer.isEncoding('nope')];
  out.swaps = [Buffer.from([1, 2, 3, 4]).swap16().toString('hex'), Buffer.from([1, 2, 3, 4]).swap32().toString('hex'), attempt(() => Buffer.from([1, 2, 3]).swap16())];
  out.misc = [B === Buffer, typeof kMaxLength, Buffer.allocUnsafe(3).length, JSON.stringify(Buffer.from('ab')), Buffer.from(Buffer.from('copy')).toString(), Buffer.from(new Uint16Array([1, 256]).buffer).toString('hex'), Buffer.from(new ArrayBuffer(4), 1, 2).length, Buffer.concat([Buffer.from('a'), new Uint8Array([98])]).toString()];
  const z = Buffer.from('hello');
  out.review = [z.toString('utf8', 0, z.indexOf(0)), z.toString('utf8', 3, 1), z.toString('utf8', -2, 2), attempt(() => Buffer.from(new Uint16Array([1, 256]))), Buffer.from({ type: 'Buffer', data: [1, 2] }).toString('hex'), Buffer.from(new String('ab')).toString(), Buffer.from('eyJ-_w', 'base64').toString('hex'), Buffer.concat([Buffer.from('ab'), Buffer.from('cd')], 3).toString(), Buffer.concat([Buffer.from('a')], 3).toString('hex')];
  out.review2 = [Buffer.alloc(2).write('€'), attempt(() => Buffer.alloc(4).write('ab', 0, -1)), Buffer.from('abc').indexOf(98, 0.5), Buffer.from('abc').lastIndexOf(98, 1.9), attempt(() => Buffer.alloc(3).fill('ab', -1)), Buffer.alloc(2).fill(true).toString('hex'), attempt(() => Buffer.alloc(4).copy(Buffer.alloc(4), 0, -2)), attempt(() => { const t = Buffer.alloc(2); t.writeUInt16BE('80', 0); return t; }), attempt(() => Buffer.alloc(8).writeBigUInt64LE(5)), attempt(() => Buffer.alloc(8).writeBigInt64LE(2n ** 63n))];
  out.isUtf8 = [(await import('buffer')).isUtf8(Buffer.from([0xff])), (await import('buffer')).isUtf8(Buffer.from('hé€😀')), (await import('buffer')).isUtf8(Buffer.from([0xe2, 0x82])), (await import('buffer')).isUtf8(Buffer.from([0xed, 0xa0, 0x80]))];
  const large = Buffer.alloc(300000, 'xyz');
  out.large = [large.toString('ascii').length, large.toString('latin1').slice(-3), Buffer.from(large.toString('hex'), 'hex').equals(large), large.swap16().readUInt16LE(0)];
  return out;
}
"#;

/// Node 20's answers to `BUFFER_PROBE`.
const BUFFER_NODE: &str = r#"{"writes":[4,6,7,11,16,"deadbeef3412fefb3ff8000000000000"],"reads":[3735928559,4022250974,4660,-2,16269307,1.5,0,57005,14593470,-1026],"bigs":["big:9223372036854775813","big:-9223372036854775803","BQAAAAAAAIA="],"errors":[["RangeError","ERR_OUT_OF_RANGE","The value of \"offset\" is out of range. It must be >= 0 and <= 12. Received 14"],["RangeError","ERR_OUT_OF_RANGE","The value of \"value\" is out of range. It must be >= 0 and <= 255. Received 300"],["RangeError","ERR_BUFFER_OUT_OF_BOUNDS","Attempt to access memory outside buffer bounds"],["TypeError","ERR_UNKNOWN_ENCODING","Unknown encoding: klingon"],["RangeError","ERR_OUT_OF_RANGE","The value of \"offset\" is out of range. It must be >= 0 and <= 15. Received -1"]],"search":[0,13,13,true,-1,4,-1,3,0],"sliceIsView":["Hello","world",true],"copy":[4,"..Hell..",2,"..HellHe"],"compare":[-1,0,1,true,["a","ab","b"]],"write":[6,2,3,2,[255,0,97,98,99,111,0,0,120,121]],"fill":["ababa","01010101","007879780000","hihi"],"encodings":["6800e900ac20","€","aGk_Pg","hi?>","éA","iA","ab",4,true,false],"swaps":["02010403","04030201",["RangeError","ERR_INVALID_BUFFER_SIZE","Buffer size must be a multiple of 16-bits"]],"misc":[true,"number",3,"{\"type\":\"Buffer\",\"data\":[97,98]}","copy","01000001",2,"ab"],"review":["","","he",["bytes",[1,0]],"0102","ab","7b227eff","abc","610000"],"review2":[0,["RangeError","ERR_OUT_OF_RANGE","The value of \"length\" is out of range. It must be >= 0 && <= 4. Received -1"],1,1,["RangeError","ERR_OUT_OF_RANGE","The value of \"offset\" is out of range. It must be >= 0 && <= 4294967296. Received -1"],"0101",["RangeError","ERR_OUT_OF_RANGE","The value of \"sourceStart\" is out of range. It must be >= 0 && <= 4. Received -2"],["bytes",[0,80]],["TypeError",null,"Cannot mix BigInt and other types, use explicit conversions"],["RangeError","ERR_OUT_OF_RANGE","The value of \"value\" is out of range. It must be >= -(2n ** 63n) and < 2n ** 63n. Received 9_223_372_036_854_775_808n"]],"isUtf8":[false,true,false,false],"large":[300000,"xyz",true,30841]}"#;

const PNG_PROBE: &str = r#"// Runs the same in Node and in ferridriver: pngjs writes and reads PNGs (its synchronous
// inflate drives zlib's handle itself), pixelmatch compares two screenshots' worth of pixels.
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';

const image = (width, height, paint) => {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const i = (y * width + x) * 4;
    const [r, g, b] = paint(x, y);
    png.data[i] = r; png.data[i + 1] = g; png.data[i + 2] = b; png.data[i + 3] = 255;
  }
  return png;
};

export async function probe() {
  const out = {};
  const a = image(40, 30, (x, y) => [x * 6, y * 8, 100]);
  const b = image(40, 30, (x, y) => (x > 30 && y > 20 ? [255, 0, 0] : [x * 6, y * 8, 100]));
  const fileA = PNG.sync.write(a);
  const fileB = PNG.sync.write(b, { colorType: 2 });
  const readA = PNG.sync.read(fileA);
  const readB = PNG.sync.read(fileB);
  out.sizes = [readA.width, readA.height, readB.width, readB.height, readA.data.length, fileA.subarray(0, 8).toString('hex')];
  out.sameBack = Buffer.compare(readA.data, a.data) === 0;
  const diff = new PNG({ width: 40, height: 30 });
  out.mismatch = pixelmatch(readA.data, readB.data, diff.data, 40, 30, { threshold: 0.1 });
  out.diffPixel = Array.from(diff.data.subarray((25 * 40 + 35) * 4, (25 * 40 + 35) * 4 + 4));
  out.bigChunks = PNG.sync.read(PNG.sync.write(image(300, 200, (x, y) => [(x * y) % 256, x % 256, y % 256]))).data.subarray(0, 12).toString('hex');
  try { PNG.sync.read(Buffer.from('not a png at all')); out.bad = 'read'; } catch (e) { out.bad = e.message; }
  const broken = Buffer.from(fileA);
  broken[40] ^= 0xff;
  try { PNG.sync.read(broken); out.corrupt = 'read'; } catch (e) { out.corrupt = e.message; }
  out.parsed = await new Promise((resolve) => new PNG().parse(fileB, (err, png) => resolve(err ? err.message : [png.width, png.data[(25 * 40 + 35) * 4]])));
  return out;
}
"#;

/// Node 20's answers to `PNG_PROBE`.
const PNG_NODE: &str = r#"{"sizes":[40,30,40,30,4800,"89504e470d0a1a0a"],"sameBack":true,"mismatch":81,"diffPixel":[255,0,0,255],"bigChunks":"000000ff000100ff000200ff","bad":"unrecognised content at end of stream","corrupt":"unrecognised content at end of stream","parsed":[40,255]}"#;

const STEPS: &str = r#"import { When } from '@cucumber/cucumber';
import fs from 'fs';
import { probe } from '../lib/probe.mjs';
When('the probe runs', async function () {
  fs.writeFileSync('answers.json', JSON.stringify(await probe()));
});
"#;

/// Runs `probe` as a step in a project named `name` (with tests/node-packages linked when
/// `packages`) and compares its answers with `node`'s.
fn answers_as_node(name: &str, probe: &str, node: &str, packages: bool) {
    let dir = js_suite::project_dir(name);
    js_suite::write_files(
        &dir,
        &[
            ("lib/probe.mjs", probe),
            ("steps/probe_steps.mjs", STEPS),
            ("features/probe.feature", "Feature: probe\n  Scenario: the probe\n    When the probe runs\n"),
            ("ferridriver.toml", "[test]\nsteps = [\"steps/**/*.mjs\"]\n"),
        ],
    );
    if packages {
        let modules = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/node-packages/node_modules");
        assert!(modules.exists(), "{} missing: run `npm ci` in tests/node-packages (or .ci/run)", modules.display());
        std::os::unix::fs::symlink(&modules, dir.join("node_modules")).unwrap();
    }
    js_suite::run_probe_as_node(&dir, node);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn buffer_answers_as_in_node() {
    answers_as_node("node-buffer", BUFFER_PROBE, BUFFER_NODE, false);
}

#[test]
fn pngjs_and_pixelmatch_answer_as_in_node() {
    answers_as_node("node-png", PNG_PROBE, PNG_NODE, true);
}
