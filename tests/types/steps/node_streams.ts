import { When } from '@cucumber/cucumber';
import { Readable, Writable, Transform, PassThrough, pipeline, finished } from 'node:stream';
import { pipeline as pipelineAsync } from 'stream/promises';

When('a report streams through a transform', async function () {
  const upper = new Transform({
    transform(chunk, _encoding, callback) {
      callback(null, String(chunk).toUpperCase());
    },
  });
  const seen: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      seen.push(chunk.toString());
      callback();
    },
  });
  pipeline(Readable.from(['a', 'b']), upper, sink, (error) => {
    if (error) throw error;
  });
  await pipelineAsync(Readable.from(['c']), async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) yield chunk;
  }, new PassThrough().resume());
  class Counter extends Readable {
    n = 0;
    _read(): void {
      this.n += 1;
      this.push(this.n > 2 ? null : String(this.n));
    }
  }
  const all: any[] = await new Counter().toArray();
  const stop: () => void = finished(sink, (error) => void error);
  stop();
  for await (const chunk of Readable.from(['x'])) seen.push(chunk);
  return [seen.length, all.length, sink.writableFinished];
});
