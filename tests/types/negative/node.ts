// Node built-ins ferridriver does not have.
// @ts-expect-error: no file descriptors in node:fs
import { openSync } from 'node:fs';
// @ts-expect-error: no compose in node:stream
import { compose } from 'node:stream';
// @ts-expect-error: no node:child_process
import { exec } from 'node:child_process';
// @ts-expect-error: no ciphers in node:crypto
import { createCipheriv } from 'node:crypto';
// @ts-expect-error: no doesNotReject
import { doesNotReject } from 'node:assert';
import assert from 'node:assert';
import { Buffer } from 'node:buffer';

// @ts-expect-error: Buffer has no readUInt128LE
Buffer.from('abcd').readUInt128LE(0);
// @ts-expect-error: unsupported encoding
Buffer.from('x', 'utf32');
// @ts-expect-error: assert.ok takes a message string
assert.ok(true, 42);
// @ts-expect-error: process has no binding
process.binding('fs');
// @ts-expect-error: process.env is a view that cannot be replaced (its variables can be set)
process.env = {};
