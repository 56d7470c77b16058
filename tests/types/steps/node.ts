// Node built-ins, web globals and import.meta in step files.
import { Given, Then, When } from '@cucumber/cucumber';
import assert, { deepStrictEqual, match, rejects, strictEqual, throws, AssertionError } from 'node:assert';
import strictAssert from 'node:assert/strict';
import legacyAssert from 'assert';
import fs, { createReadStream, existsSync, readFileSync } from 'node:fs';
import { promises } from 'fs';
import path, { basename, join, resolve, sep } from 'node:path';
import posixPath from 'path';
import { Buffer as NodeBuffer } from 'node:buffer';
import os from 'node:os';
import { createHash, randomUUID } from 'crypto';
import { EventEmitter } from 'events';
import { format } from 'node:util';
import { fileURLToPath } from 'url';
import { createWriteStream, copyFileSync, lstatSync, realpathSync, stat as statWithCallback } from 'node:fs';
import { posix, parse as parsePath } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StringDecoder } from 'string_decoder';
import { Stream } from 'stream';
import { createHmac } from 'node:crypto';
import { expect } from 'playwright/test';
import { Given as FakeGiven } from '@cucumber/fake-cucumber';

const here = import.meta.dirname;
const fixtures = join(here, '..', 'fixtures');

Given('the fixture {string}', async function (name: string) {
  const file = path.join(fixtures, name);
  assert.ok(existsSync(file), `missing ${file}`);
  const text: string = readFileSync(file, 'utf8');
  const bytes: Buffer = readFileSync(file);
  const json = JSON.parse(await promises.readFile(file, { encoding: 'utf8' })) as { name?: string };
  strictEqual(bytes.toString('utf8'), text);
  deepStrictEqual(Object.keys(json).length >= 0, true);
  match(basename(file, '.json'), /^[a-z-]+$/);
  await this.attach(createReadStream(file), { mediaType: 'application/json', fileName: basename(file) });
  await this.attach(fs.createReadStream(resolve('fixtures', name)), 'application/json');
  this.log(`${sep}${posixPath.posix.normalize(import.meta.filename)} ${import.meta.url}`);
});

When('I encode {string}', function (text: string) {
  const b64 = Buffer.from(text).toString('base64');
  const back = NodeBuffer.from(b64, 'base64').toString();
  strictAssert.equal(back, text);
  legacyAssert.notEqual(Buffer.byteLength(text), -1);
  const all = Buffer.concat([Buffer.alloc(2, 0), Buffer.from([1, 2, 3]), new TextEncoder().encode('x')]);
  assert(Buffer.isBuffer(all));
  assert(all.equals(Buffer.from(all)));
  throws(() => assert.fail('boom'), AssertionError);
  throws(() => JSON.parse('{'), /JSON/);
  assert.doesNotThrow(() => 1);
});

Then('fetch works', async function () {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 5_000);
  const response = await fetch('https://example.com/api', {
    method: 'POST',
    headers: new Headers({ 'content-type': 'application/json' }),
    body: JSON.stringify({ hello: 'world' }),
    signal: controller.signal,
  });
  clearTimeout(timer);
  const url = new URL('/x?y=1', 'https://example.com');
  url.searchParams.set('z', '2');
  expect(response.ok).toBe(true);
  expect(url.href).toContain('z=2');
  await rejects(fetch('https://nope.invalid', { signal: AbortSignal.timeout(1) }), /abort|timeout/i);
  const clone = structuredClone({ a: new Date() });
  expect(clone.a).toBeInstanceOf(Date);
  const data: unknown = await new Response('{"a":1}').json();
  expect(data).toEqual({ a: 1 });
  const chunks: Uint8Array[] = [];
  const reader = new Response('abc').body?.getReader();
  for (let r = await reader?.read(); r && !r.done; r = await reader?.read()) chunks.push(r.value);
  expect(new TextDecoder().decode(chunks[0])).toBe('abc');
});

FakeGiven('fake-cucumber is the same module', function () {
  this.count = 1;
});

Given('the other built-ins', async function () {
  const home: string = os.homedir();
  const hash: string = createHash('sha256').update('x').digest('hex');
  const id: string = randomUUID();
  const emitter = new EventEmitter().on('x', () => undefined);
  const text: string = format('%s=%d', home, hash.length + id.length + emitter.listenerCount('x'));
  const p: string = fileURLToPath('file:///tmp/a');
  strictEqual(typeof text + p, 'string/tmp/a');
});

// Writes, as suites keep report folders.
import { mkdirSync, writeFileSync, appendFileSync, readdirSync, statSync, rmSync } from 'node:fs';
import { writeFile, mkdir } from 'fs/promises';
export async function keepReport(): Promise<number> {
  const made: string | undefined = mkdirSync('reports/run', { recursive: true });
  writeFileSync('reports/run/a.json', JSON.stringify({ made }));
  appendFileSync('reports/run/log.txt', 'line\n', 'utf8');
  await mkdir('reports/p', { recursive: true });
  await writeFile('reports/p/b.bin', new Uint8Array([1, 2]));
  const dirs = readdirSync('reports', { withFileTypes: true }).filter((d) => d.isDirectory()).length;
  rmSync('reports/p', { recursive: true, force: true });
  return dirs + statSync('reports/run/a.json').size;
}

When('support code uses more of Node', async function () {
  const log = createWriteStream('out/log.txt', { flags: 'a' });
  log.write('line\n');
  await new Promise<void>((done) => log.end(() => done()));
  copyFileSync('a.json', 'out/a.json');
  const linked: boolean = lstatSync('link').isSymbolicLink() && realpathSync('link').length > 0;
  statWithCallback('a.json', (error, stats) => (error ? error.code : stats.size));
  const parsed: string = parsePath(posix.join('a', 'b.txt')).name;
  const slept: string = await sleep(1, 'ok');
  const text: string = new StringDecoder('utf8').write(Buffer.from('x'));
  const piped = new Stream().pipe({ write: (chunk: unknown) => chunk });
  const mac: string = createHmac('sha256', 'key').update('x').digest('hex');
  process.on('unhandledRejection', () => undefined);
  const same: boolean = global === globalThis;
});

When('support code packs bytes', function () {
  const header = Buffer.alloc(8);
  const next: number = header.writeUInt32BE(0x89504e47, 0);
  header.writeUInt16LE(7, next);
  const back: number = header.readUInt32BE(0) + header.readUIntBE(0, 3);
  const text: string = Buffer.from('hé', 'utf16le').toString('base64url', 0, 2);
  const found: boolean = header.includes(0x47) && header.indexOf('P') === 1;
  const copied: number = header.copy(Buffer.allocUnsafe(4), 0, 0, 4);
  return [back, text, found, copied, Buffer.compare(header, header.slice(0, 4))];
});
