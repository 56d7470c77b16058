import { When } from '@cucumber/cucumber';
import http from 'node:http';
import { request } from 'https';
import url from 'url';

When('an API answers over Node http', async function () {
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request('http://127.0.0.1/', { method: 'POST', headers: { 'Content-Type': 'application/json' } }, (res) => {
      const type: string | string[] | undefined = res.headers['content-type'];
      res.on('data', (chunk: Buffer) => void chunk.length);
      res.on('end', () => resolve(res.statusCode ?? 0));
      void type;
    });
    req.setTimeout(1000, () => req.destroy(new Error('slow')));
    req.on('error', reject);
    req.end(JSON.stringify({ a: 1 }));
  });
  void request;
  const parsed = url.parse('http://a.example/x?y=1');
  const back: string = url.format(parsed);
  return [status, url.resolve('http://a.example/b/c', '../d'), back, url.domainToASCII('bücher.de')];
});
