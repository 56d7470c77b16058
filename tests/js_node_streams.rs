//! node:stream as Node's: Readable (flowing and paused modes, `read(n)`, encodings, async
//! iteration, `Readable.from` over arrays and async generators), Writable (back pressure and
//! `drain`, `_writev` batches, `decodeStrings`, object mode, `end`'s callback before `finish`,
//! write after end), Duplex, Transform with `flush`, PassThrough, `pipe` with back pressure,
//! `pipeline` (its callback, an error in the middle destroying every stage, async-generator
//! stages), `stream/promises`, premature close, subclasses made with `class … extends` and
//! with `util.inherits` + `Transform.call(this)`, the streams' own errors, write callbacks in
//! order and never inside `write()`, queued writes of a destroyed stream, a pipeline ending in
//! an unread transform, iterating an ended or destroyed stream, a late `setEncoding`, a
//! high-water mark of 0, fs's
//! streams as those classes (a range read, a missing file, write events, an append, a copy,
//! their fields, range checks, `wx`, `close()` after closing), and
//! zlib's stream forms (`createGzip()`, `new Gunzip()`, an inflate that fails, an empty body
//! with a sync finish flush) in a pipeline. One module, run
//! by Node 20 once (its answers below) and here as a step, answers the same.

#[path = "common/js_suite.rs"]
mod js_suite;

const PROBE: &str = r#"// Runs the same in Node and in ferridriver: node:stream's classes and functions.
import { Readable, Writable, Duplex, Transform, PassThrough, pipeline, finished, Stream } from 'stream';
import { pipeline as pipelineAsync, finished as finishedAsync } from 'stream/promises';
import util from 'util';
import zlib from 'zlib';
import fs from 'fs';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const collect = () => {
  const seen = [];
  const sink = new Writable({ write(chunk, encoding, cb) { seen.push([Buffer.isBuffer(chunk) ? chunk.toString() : chunk, encoding]); cb(); } });
  return { seen, sink };
};

export async function probe() {
  const out = {};
  // Flowing mode: data chunk by chunk, then end, then close.
  {
    const events = [];
    const r = new Readable({ read() {} });
    r.push('a'); r.push(Buffer.from('b')); r.push(null);
    r.on('data', (c) => events.push(['data', c.toString(), Buffer.isBuffer(c)]));
    r.on('end', () => events.push('end'));
    r.on('close', () => events.push('close'));
    await tick();
    out.flowing = [events, r.readableEnded, r.destroyed, r instanceof Stream, r instanceof Readable];
  }
  // A _read that pushes later, with an encoding.
  {
    let n = 0;
    const r = new Readable({ encoding: 'utf8', read() { n += 1; setTimeout(() => this.push(n <= 3 ? `chunk${n}` : null), 1); } });
    const got = [];
    for await (const c of r) got.push(c);
    out.asyncPull = [got, typeof got[0]];
  }
  // Paused mode: `readable` and read().
  {
    const r = new Readable({ read() {} });
    r.push('x'); r.push('y');
    const reads = [];
    r.on('readable', () => { let c; while ((c = r.read()) !== null) reads.push(c.toString()); });
    r.push(null);
    await new Promise((resolve) => r.on('end', resolve));
    out.paused = reads;
  }
  // read(n) takes bytes.
  {
    const r = new Readable({ read() {} });
    r.push('hello world'); r.push(null);
    await tick();
    out.readN = [r.read(5).toString(), r.read(100) && 'more', r.readableLength];
  }
  // Object mode and Readable.from.
  {
    const r = Readable.from([1, { two: 2 }, 'three']);
    out.from = [await r.toArray(), r.readableObjectMode];
    async function* gen() { yield 'g1'; await tick(); yield 'g2'; }
    const got = [];
    for await (const v of Readable.from(gen())) got.push(v);
    out.fromGenerator = got;
  }
  // Writable: back pressure, drain, finish, close; strings become Buffers.
  {
    const events = [];
    const w = new Writable({ highWaterMark: 4, write(chunk, encoding, cb) { events.push(['write', chunk.toString(), encoding]); setTimeout(cb, 1); } });
    events.push(['ret', w.write('abc')]);
    events.push(['ret', w.write('defg')]);
    events.push(['needDrain', w.writableNeedDrain, w.writableLength]);
    w.on('drain', () => events.push('drain'));
    w.on('finish', () => events.push('finish'));
    w.on('close', () => events.push('close'));
    w.end('z', () => events.push('end callback'));
    await new Promise((resolve) => w.on('close', resolve));
    out.writable = [events, w.writableFinished, w.writableEnded];
  }
  // decodeStrings: false keeps strings; objectMode takes anything.
  {
    const seen = [];
    const w = new Writable({ decodeStrings: false, write(chunk, encoding, cb) { seen.push([typeof chunk, encoding]); cb(); } });
    w.write('s'); w.write('hex!', 'latin1'); w.end();
    const o = new Writable({ objectMode: true, write(chunk, encoding, cb) { seen.push([typeof chunk, chunk]); cb(); } });
    o.write({ a: 1 }); o.write(7); o.end();
    await tick(); await tick();
    out.decode = seen;
  }
  // write after end: the callback and the error event.
  {
    const w = new Writable({ write(c, e, cb) { cb(); } });
    const errors = [];
    w.on('error', (e) => errors.push(['event', e.code, e.message]));
    w.end();
    w.write('late', (e) => errors.push(['callback', e && e.code]));
    await tick(); await tick();
    out.afterEnd = errors;
  }
  // _writev batches what was queued while a write was in progress.
  {
    const batches = [];
    const w = new Writable({
      write(chunk, enc, cb) { batches.push(['one', chunk.toString()]); setTimeout(cb, 1); },
      writev(chunks, cb) { batches.push(['many', chunks.map((c) => c.chunk.toString())]); setTimeout(cb, 1); },
    });
    w.write('1'); w.write('2'); w.write('3'); w.end();
    await new Promise((resolve) => w.on('finish', resolve));
    out.writev = batches;
  }
  // Transform and flush through pipeline.
  {
    const upper = new Transform({
      transform(chunk, enc, cb) { cb(null, chunk.toString().toUpperCase()); },
      flush(cb) { this.push('!'); cb(); },
    });
    const { seen, sink } = collect();
    const result = await new Promise((resolve) => pipeline(Readable.from(['ab', 'cd']), upper, sink, (err) => resolve(err === undefined ? 'undefined' : String(err))));
    out.pipeline = [result, seen];
  }
  // An error in the middle destroys every stage and reaches the callback once.
  {
    const source = new Readable({ read() {} });
    const broken = new Transform({ transform(chunk, enc, cb) { cb(new Error('bad chunk')); } });
    const { sink } = collect();
    const calls = [];
    pipeline(source, broken, sink, (err) => calls.push(err && err.message));
    source.push('x');
    await tick(); await tick(); await tick();
    out.pipelineError = [calls, source.destroyed, broken.destroyed, sink.destroyed];
  }
  // stream/promises, with an async generator stage.
  {
    const { seen, sink } = collect();
    await pipelineAsync(Readable.from(['a', 'b']), async function* (source) { for await (const c of source) yield `<${c}>`; }, sink);
    out.promises = seen;
    const p = new PassThrough();
    const done = finishedAsync(p).then(() => 'finished');
    p.end('x');
    p.resume();
    out.finished = await done;
    const d = new PassThrough();
    const early = finishedAsync(d).then(() => 'ok', (e) => e.code);
    d.destroy();
    out.premature = await early;
  }
  // pipe with back pressure and a Duplex.
  {
    const chunks = [];
    const slow = new Writable({ highWaterMark: 2, write(c, e, cb) { chunks.push(c.toString()); setTimeout(cb, 1); } });
    const r = new Readable({ read() {} });
    for (const c of ['aa', 'bb', 'cc']) r.push(c);
    r.push(null);
    r.pipe(slow);
    await new Promise((resolve) => slow.on('finish', resolve));
    const d = new Duplex({ read() { this.push('from duplex'); this.push(null); }, write(c, e, cb) { chunks.push('duplex got ' + c); cb(); } });
    d.write('in');
    d.end();
    const read = [];
    d.on('data', (c) => read.push(c.toString()));
    await new Promise((resolve) => d.on('close', resolve));
    out.pipe = [chunks, read, d instanceof Writable, d instanceof Readable];
  }
  // Subclasses: ES classes and util.inherits with Transform.call.
  {
    class Counter extends Readable {
      constructor() { super({ objectMode: true }); this.n = 0; }
      _read() { this.n += 1; this.push(this.n > 2 ? null : this.n); }
    }
    function Doubler(options) { Transform.call(this, options); }
    util.inherits(Doubler, Transform);
    Doubler.prototype._transform = function (chunk, enc, cb) { cb(null, chunk.toString() + chunk.toString()); };
    const doubled = [];
    const dbl = new Doubler();
    dbl.on('data', (c) => doubled.push(c.toString()));
    dbl.write('q'); dbl.end();
    await new Promise((resolve) => dbl.on('end', resolve));
    const called = Readable({ read() {} });
    out.subclasses = [await new Counter().toArray(), doubled, called instanceof Readable, typeof Stream.Readable, Readable.name, Transform.prototype instanceof Duplex];
  }
  // Errors: destroy with an error, push after EOF, a missing _read, writing null.
  {
    const seen = [];
    const r = new Readable({ read() {} });
    r.on('error', (e) => seen.push(['error', e.message]));
    r.on('close', () => seen.push('close'));
    r.destroy(new Error('gone'));
    await tick();
    const eof = new Readable({ read() {} });
    eof.on('error', (e) => seen.push([e.code, e.message]));
    eof.push(null); eof.push('late');
    await tick();
    const lazy = new Readable();
    lazy.on('error', (e) => seen.push([e.code, e.message]));
    lazy.resume();
    await tick(); await tick();
    try { new Writable().write(null); } catch (e) { seen.push([e.name, e.code, e.message]); }
    try { new Writable().write(5); } catch (e) { seen.push([e.name, e.code]); }
    out.errors = [seen, r.destroyed, r.errored && r.errored.message];
  }
  // Write callbacks never run inside write(), in order; a destroy tells queued writes.
  {
    const order = [];
    const w = new Writable({ write(c, e, cb) { cb(); } });
    w.cork();
    for (const x of ['a', 'b', 'c']) w.write(x, () => order.push(x));
    w.on('drain', () => order.push('drain'));
    w.uncork();
    order.push('sync');
    await tick(); await tick();
    const told = [];
    const slowW = new Writable({ write(c, e, cb) { setTimeout(cb, 5); } });
    slowW.on('error', () => told.push('error event'));
    slowW.write('1', (e) => told.push(['first', e ? e.code : null]));
    slowW.write('2', (e) => told.push(['second', e ? e.code : null]));
    slowW.destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    out.writeOrder = [order, told];
  }
  // A pipeline ending in a transform nobody reads; iterating an ended or destroyed stream;
  // an encoding set after the data came.
  {
    const piped = await new Promise((resolve) => pipeline(Readable.from(['a']), new PassThrough(), (err) => resolve(err === undefined ? 'called' : String(err))));
    const ended = Readable.from(['x']);
    await ended.toArray();
    const again = [];
    for await (const c of ended) again.push(c);
    const broken = new Readable({ read() {} });
    broken.destroy();
    let iterated;
    try { for await (const c of broken) iterated = c; iterated = 'done'; } catch (e) { iterated = e.code; }
    const late = new Readable({ read() {} });
    late.push('héllo'); late.push(null);
    late.setEncoding('utf8');
    const text = [];
    await new Promise((resolve) => late.on('data', (c) => text.push(c)).on('end', resolve));
    out.edges = [piped, again, iterated, text, late.readableLength];
  }
  // Iterating a stream destroyed with an error in the same turn: the loop throws it, and the
  // error event finds it handled.
  {
    const r = new Readable({ read() {} });
    r.destroy(new Error('boom'));
    let caught;
    try { for await (const c of r) caught = c; caught = 'done'; } catch (e) { caught = e.message; }
    await tick(); await tick();
    out.iterError = caught;
  }
  // fs's streams are the stream classes: a range read as text, a missing file, writes with
  // their events, an append, a copy by pipeline.
  {
    fs.writeFileSync('fs-in.txt', 'hello file streams');
    const events = [];
    const r = fs.createReadStream('fs-in.txt', { start: 6, end: 9, encoding: 'utf8' });
    r.on('open', () => events.push('open'));
    r.on('ready', () => events.push('ready'));
    const text = [];
    await new Promise((resolve) => r.on('data', (c) => text.push(c)).on('end', () => events.push('end')).on('close', resolve));
    const missing = await new Promise((resolve) => fs.createReadStream('no-such-file.txt').on('error', (e) => resolve(e.code)));
    const w = fs.createWriteStream('fs-out.txt');
    const wEvents = [];
    for (const ev of ['open', 'ready', 'finish', 'close']) w.on(ev, () => wEvents.push(ev));
    w.write('one ');
    await new Promise((resolve) => w.end('two', resolve));
    await tick(); await tick();
    const a = fs.createWriteStream('fs-out.txt', { flags: 'a' });
    await new Promise((resolve) => a.end(' three', resolve));
    const copied = await pipelineAsync(fs.createReadStream('fs-in.txt'), fs.createWriteStream('fs-copy.txt')).then(() => fs.readFileSync('fs-copy.txt', 'utf8'));
    out.fsStreams = [text, events, missing, wEvents, w.bytesWritten, fs.readFileSync('fs-out.txt', 'utf8'), r instanceof Readable, w instanceof Writable, r instanceof fs.ReadStream, w instanceof fs.WriteStream, copied];
  }
  // fs streams' fields, ranges and flags, and close() after they closed.
  {
    const attempt = (f) => { try { const v = f(); return v && typeof v.on === 'function' ? 'stream' : v; } catch (e) { return [e.name, e.code, e.message]; } };
    const r = fs.createReadStream('fs-in.txt', { start: 2, end: 4 });
    const fields = [r.fd, r.start, r.end, r.path, fs.createReadStream('fs-in.txt').end];
    await r.toArray();
    const closedAgain = await new Promise((resolve) => r.close(() => resolve('called back')));
    const bad = [attempt(() => fs.createReadStream('fs-in.txt', { start: 5, end: 2 })), attempt(() => fs.createReadStream('fs-in.txt', { start: -1 })), attempt(() => fs.createReadStream('fs-in.txt', null))];
    const exclusive = await new Promise((resolve) => fs.createWriteStream('fs-in.txt', { flags: 'wx' }).on('error', (e) => resolve([e.code, e.syscall])).on('open', () => resolve('opened')));
    const fresh = fs.createWriteStream('fs-new.txt', { flags: 'wx' });
    await new Promise((resolve) => fresh.end('x', resolve));
    const wClosed = await new Promise((resolve) => setTimeout(() => fresh.close(() => resolve('called back')), 5));
    out.fsFields = [fields, closedAgain, bad, exclusive, wClosed, fs.readFileSync('fs-new.txt', 'utf8')];
    fs.unlinkSync('fs-new.txt');
  }
  // A high-water mark of 0 still reads when nothing is buffered (streams that only relay).
  {
    let n = 0;
    const relay = new Readable({ highWaterMark: 0, read() { n += 1; setTimeout(() => this.push(n <= 2 ? `r${n}` : null), 1); } });
    const got = [];
    for await (const c of relay) got.push(String(c));
    out.zeroMark = [got, relay.push === Readable.prototype.push, new Readable({ highWaterMark: 0, read() {} }).push('x')];
  }
  // zlib's stream forms in a pipeline, and a stream that cannot inflate.
  {
    const { seen, sink } = collect();
    await pipelineAsync(Readable.from([Buffer.from('zip '), Buffer.from('me')]), zlib.createGzip(), new zlib.Gunzip(), sink);
    const bad = zlib.createInflate();
    const failure = await new Promise((resolve) => { bad.on('error', (e) => resolve([e.code, e.message])); bad.end(Buffer.from('not zlib')); bad.resume(); });
    const empty = [];
    await new Promise((resolve) => zlib.createUnzip({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH }).on('data', (c) => empty.push(c)).on('end', resolve).on('error', (e) => { empty.push(e.message); resolve(); }).end());
    out.zlibStreams = [seen.map((s) => s[0]).join(''), failure, zlib.createGzip() instanceof Transform, empty];
  }
  return out;
}
"#;

const STEPS: &str = r#"import { When } from '@cucumber/cucumber';
import fs from 'fs';
import { probe } from '../lib/probe.mjs';
When('the probe runs', async function () {
  fs.writeFileSync('answers.json', JSON.stringify(await probe()));
});
"#;

/// Node 20's answers to `PROBE`.
const NODE: &str = r#"{"flowing":[[["data","a",true],["data","b",true],"end","close"],true,true,true,true],"asyncPull":[["chunk1","chunk2","chunk3"],"string"],"paused":["xy"],"readN":["hello","more",0],"from":[[1,{"two":2},"three"],true],"fromGenerator":["g1","g2"],"writable":[[["write","abc","buffer"],["ret",true],["ret",false],["needDrain",true,7],["write","defg","buffer"],["write","z","buffer"],"end callback","finish","close"],true,true],"decode":[["string","utf8"],["string","latin1"],["object",{"a":1}],["number",7]],"afterEnd":[["callback","ERR_STREAM_WRITE_AFTER_END"],["event","ERR_STREAM_WRITE_AFTER_END","write after end"]],"writev":[["one","1"],["many",["2","3"]]],"pipeline":["undefined",[["AB","buffer"],["CD","buffer"],["!","buffer"]]],"pipelineError":[["bad chunk"],true,true,true],"promises":[["<a>","buffer"],["<b>","buffer"]],"finished":"finished","premature":"ERR_STREAM_PREMATURE_CLOSE","pipe":[["aa","bb","cc","duplex got in"],["from duplex"],true,true],"subclasses":[[1,2],["qq"],true,"function","Readable",true],"errors":[[["error","gone"],"close",["ERR_STREAM_PUSH_AFTER_EOF","stream.push() after EOF"],["ERR_METHOD_NOT_IMPLEMENTED","The _read() method is not implemented"],["TypeError","ERR_STREAM_NULL_VALUES","May not write null values to stream"],["TypeError","ERR_INVALID_ARG_TYPE"]],true,"gone"],"writeOrder":[["sync","a","b","c"],[["first",null],["second","ERR_STREAM_DESTROYED"]]],"edges":["called",[],"ERR_STREAM_PREMATURE_CLOSE",["héllo"],0],"iterError":"boom","fsStreams":[["file"],["open","ready","end"],"ENOENT",["open","ready","finish","close"],7,"one two three",true,true,true,true,"hello file streams"],"fsFields":[[null,2,4,"fs-in.txt",null],"called back",[["RangeError","ERR_OUT_OF_RANGE","The value of \"start\" is out of range. It must be <= \"end\" (here: 2). Received 5"],["RangeError","ERR_OUT_OF_RANGE","The value of \"start\" is out of range. It must be >= 0 && <= 9007199254740991. Received -1"],"stream"],["EEXIST","open"],"called back","x"],"zeroMark":[["r1","r2"],true,false],"zlibStreams":["zip me",["Z_DATA_ERROR","incorrect header check"],true,[]]}"#;

#[test]
fn node_streams_answer_as_in_node() {
    let dir = js_suite::project_dir("node-streams");
    js_suite::write_files(
        &dir,
        &[
            ("lib/probe.mjs", PROBE),
            ("steps/probe_steps.mjs", STEPS),
            ("features/probe.feature", "Feature: streams\n  Scenario: the probe\n    When the probe runs\n"),
            ("ferridriver.toml", "[test]\nsteps = [\"steps/**/*.mjs\"]\n"),
        ],
    );
    js_suite::run_probe_as_node(&dir, NODE);
    let _ = std::fs::remove_dir_all(&dir);
}
