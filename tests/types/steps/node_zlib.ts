import { Then } from '@cucumber/cucumber';
import zlib, { gunzipSync } from 'zlib';
import { promisify } from 'node:util';
import http from 'node:http';

Then('a report is compressed', async function () {
  const packed: Buffer = zlib.gzipSync('report', { level: 9 });
  const text: string = gunzipSync(packed).toString();
  await promisify(zlib.deflate)(text);
  const again = zlib.deflateSync(text);
  zlib.inflate(again, (error, result) => {
    if (error) throw error;
    void result.length;
  });
  const level: number = zlib.constants.Z_BEST_COMPRESSION;
  const reason: string = http.STATUS_CODES[404];
  void new http.Agent({ keepAlive: true });
  return [level, reason];
});

Then('a report is gunzipped as a stream', async function () {
  const { pipeline } = await import('node:stream/promises');
  const { Readable, PassThrough } = await import('node:stream');
  const out = new PassThrough();
  await pipeline(Readable.from([zlib.gzipSync('r')]), zlib.createGunzip(), out);
  return new zlib.Inflate().bytesWritten;
});
