//! node:http as a client as Node's: requests with headers and a body written in pieces, status
//! and headers (two `set-cookie`s kept apart), a redirect not followed, a compressed body as
//! it came and through `zlib.createGunzip()`, a refused connection's ECONNREFUSED, a time-out
//! the caller acts on (before the answer, and while its body stalls), a request destroyed
//! half-way through its body (`aborted`, no unhandled error), a wrong protocol; and axios (installed in tests/node-packages by
//! `.ci/run`) through its Node adapter (http.request, follow-redirects, zlib): JSON, params,
//! gzip, a followed redirect, a 404, a refused connection, its time-out, basic auth, an
//! instance with a base URL; node-fetch 2 (whatwg-url, punycode: JSON, gzip, a followed
//! redirect, a POST, a refused connection); superagent (a query, a JSON POST, a 404); got 11
//! (its streams with a high-water mark of 0: JSON, gzip, a POST, a 404, a refused connection,
//! a followed redirect);
//! node:punycode; node:url's legacy `parse`/`format`/`resolve`/`domainToASCII`; `dns.lookup`
//! of a literal address; `util.types`; `process.version` as a Node 18+ one.
//! One module, run by Node 20 once against the same answers from a
//! Python server (Node's answers below) and here as a step against this file's server,
//! answers the same.

#[path = "common/js_suite.rs"]
mod js_suite;
#[path = "../browser/tests/support/mod.rs"]
mod support;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;

const PROBE: &str = r##"// Runs the same in Node and in ferridriver: node:http as a client, a gzip stream, and axios
// (its Node adapter: http.request, follow-redirects, zlib) against one server.
import http from 'http';
import zlib from 'zlib';
import axios from 'axios';
import url from 'url';
import punycode from 'punycode';
import fetch from 'node-fetch';
import superagent from 'superagent';
import got from 'got';
import dns from 'dns';
import util from 'util';

const raw = (url, options = {}, body) => new Promise((resolve) => {
  const req = http.request(url, options, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => {
      const text = Buffer.concat(chunks);
      const json = /json/.test(res.headers['content-type'] || '') && !res.headers['content-encoding'];
      resolve({ status: res.statusCode, message: res.statusMessage, type: res.headers['content-type'] ?? null, location: res.headers.location ?? null, length: json ? 'json' : text.length, body: json ? JSON.parse(text) : text.toString(res.headers['content-encoding'] ? 'hex' : 'latin1'), complete: res.complete });
    });
  });
  req.on('error', (e) => resolve({ error: [e.code, e.message] }));
  if (body) {
    req.setHeader('Content-Length', Buffer.byteLength(body));
    req.write(body.slice(0, 3));
    req.write(body.slice(3));
  }
  req.end();
});

export async function probe(base) {
  const out = {};
  out.get = await raw(base + '/json?x=1');
  out.post = await raw(base + '/echo', { method: 'POST', headers: { 'Content-Type': 'text/plain', 'X-Custom': 'yes' } }, 'hello body');
  out.redirect = await raw(base + '/redirect');
  out.gzipRaw = await raw(base + '/gzip');
  out.missing = await raw(new URL('/missing', base));
  out.refused = await raw('http://127.0.0.1:1/');
  out.cookies = await new Promise((resolve) => http.get(base + '/cookies', (res) => { res.resume(); resolve([res.headers['set-cookie'], res.rawHeaders.filter((h, i) => i % 2 === 0 && h.toLowerCase() === 'set-cookie').length]); }));
  out.gunzip = await new Promise((resolve) => http.get(base + '/gzip', (res) => { const chunks = []; res.pipe(zlib.createGunzip()).on('data', (c) => chunks.push(c)).on('end', () => resolve(JSON.parse(Buffer.concat(chunks)))); }));
  out.timeout = await new Promise((resolve) => { const req = http.get(base + '/slow', () => resolve('answered')); req.setTimeout(100, () => req.destroy(new Error('gave up'))); req.on('error', (e) => resolve(['error', e.message])); });
  out.badProtocol = (() => { try { http.request('https://127.0.0.1/'); return 'made'; } catch (e) { return [e.code, e.message]; } })();
  const a = await axios.get(base + '/json', { params: { q: 'x y' } });
  out.axiosGet = [a.status, a.data, a.headers['content-type'], a.request.constructor.name];
  const p = await axios.post(base + '/echo', { a: 1 }, { headers: { 'X-Custom': 'yes' } });
  out.axiosPost = [p.status, p.data];
  const g = await axios.get(base + '/gzip');
  out.axiosGzip = [g.status, g.data];
  const r = await axios.get(base + '/redirect');
  out.axiosRedirect = [r.status, r.data, r.request.path];
  out.axios404 = await axios.get(base + '/missing').catch((e) => [e.message, e.code, e.response.status, e.response.data]);
  out.axiosRefused = await axios.get('http://127.0.0.1:1/').catch((e) => [e.message, e.code, e.name]);
  out.axiosTimeout = await axios.get(base + '/slow', { timeout: 100 }).catch((e) => [e.message, e.code]);
  out.axiosAuth = await axios.get(base + '/echo', { auth: { username: 'user', password: 'pass' } }).then((res) => res.data.auth);
  const created = await axios.create({ baseURL: base }).put('/echo', 'plain text', { headers: { 'Content-Type': 'text/plain' } });
  out.axiosInstance = [created.data.method, created.data.body, created.data.type];
  out.stopped = await new Promise((resolve) => {
    const seen = [];
    const req = http.get(base + '/stall', (res) => {
      res.on('aborted', () => seen.push('aborted'));
      res.on('close', () => { seen.push('res close'); setTimeout(() => resolve([seen, res.aborted, res.complete]), 20); });
      res.once('data', (c) => { seen.push(c.toString()); req.destroy(); });
    });
    req.on('error', (e) => seen.push(['req error', e.code]));
  });
  out.bodyStall = await new Promise((resolve) => {
    const req = http.get(base + '/stall', (res) => {
      const got = [];
      res.on('data', (c) => got.push(c.toString()));
      res.setTimeout(150, () => { got.push('timeout'); req.destroy(); });
      res.on('close', () => resolve(got));
      res.on('error', () => got.push('error'));
    });
  });
  out.resDestroyed = await new Promise((resolve) => {
    const events = [];
    const req = http.get(base + '/stall', (res) => { res.on('aborted', () => events.push('aborted')); res.on('close', () => events.push('res close')); res.destroy(); });
    req.setTimeout(100, () => events.push('timeout'));
    req.on('error', (e) => events.push(['req error', e.code]));
    req.on('close', () => { events.push('req close'); setTimeout(() => resolve(events), 250); });
  });
  const sa = await superagent.get(base + '/json').query({ q: 'x y' });
  out.superagent = [sa.status, sa.body, sa.type];
  out.superagentPost = (await superagent.post(base + '/echo').set('X-Custom', 'yes').send({ a: 1 })).body;
  out.superagent404 = await superagent.get(base + '/missing').catch((e) => [e.status, e.message, e.response.body]);
  out.got = [await got(base + '/json', { searchParams: { q: 'x y' } }).json(), await got(base + '/gzip').json(), await got.post(base + '/echo', { json: { a: 1 } }).json().then((b) => [b.method, b.body, b.type])];
  out.got404 = await got(base + '/missing', { retry: 0 }).catch((e) => [e.name, e.message, e.response.statusCode]);
  out.gotRefused = await got('http://127.0.0.1:1/', { retry: 0 }).catch((e) => [e.name, e.code]);
  out.gotRedirect = await got(base + '/redirect').then((r) => [r.statusCode, r.redirectUrls.length, JSON.parse(r.body).path]);
  out.dnsLiteral = await new Promise((resolve) => dns.lookup('127.0.0.1', (err, address, family) => resolve([err, address, family])));
  out.utilTypes = [util.types.isMap(new Map()), util.types.isUint8Array(Buffer.alloc(1)), util.types.isAsyncFunction(async () => {}), util.types.isGeneratorFunction(function* () {}), util.types.isProxy({}), util.types.isNativeError(new TypeError('x')), util.types.isBoxedPrimitive(Object(1n)), util.types.isBoxedPrimitive(1)];
  out.nodeVersion = [typeof process.versions.node, Number(process.version.slice(1).split('.')[0]) >= 18];
  out.legacyEdges = [url.parse('//evil.com/x').host, url.parse('//evil.com/x', false, true).host, url.parse('/p?a=1&a=2&b=x%20y', true).query, url.format({ query: { q: 'a b', list: [1, 2] } }), url.format({ protocol: 'http', pathname: '/x' }), url.format({ protocol: 'file', pathname: '/etc' })];
  out.legacyUrl = [url.parse('http://user:pw@Host.com:8080/p/a?x=1&y=2#h'), url.parse('/rel?q=1', true).query, url.format({ protocol: 'https', hostname: 'a.b', port: 8443, pathname: '/x', query: { a: 1 } }), url.format(new URL('http://x.y/z')), url.resolve('http://a/b/c', '../d'), url.resolve('/one/two', 'three'), url.domainToASCII('bücher.de'), url.domainToASCII('Example.COM')];
  out.punycode = [punycode.toASCII('mañana.com'), punycode.toUnicode('xn--maana-pta.com'), punycode.encode('bücher'), punycode.decode('bcher-kva'), punycode.toASCII('джумла@джpумлатест.bрфa'), punycode.ucs2.decode('a😀'), url.domainToUnicode('xn--bcher-kva.de')];
  const nf = await fetch(base + '/json');
  out.nodeFetch = [nf.status, await nf.json(), nf.headers.get('content-type')];
  const nfz = await fetch(base + '/gzip');
  out.nodeFetchGzip = await nfz.json();
  const nfr = await fetch(base + '/redirect');
  out.nodeFetchRedirect = [nfr.status, nfr.url.replace(base, ''), nfr.redirected];
  const nfp = await fetch(base + '/echo', { method: 'POST', body: 'sent', headers: { 'content-type': 'text/plain' } });
  out.nodeFetchPost = await nfp.json();
  out.nodeFetchRefused = await fetch('http://127.0.0.1:1/').catch((e) => [e.name, e.code, e.message]);
  return out;
}
"##;

const STEPS: &str = r#"import { When } from '@cucumber/cucumber';
import fs from 'fs';
import http from 'http';
import { probe } from '../lib/probe.mjs';
When('the probe runs', async function () {
  const answers = await probe(this.parameters.baseUrl);
  // Ours only: a response made by user code reads no one's body, whatever ids it is given.
  const forged = new http.IncomingMessage({ stream: 1, headers: [], status: 200 });
  forged._stream = 2;
  const got = [];
  forged.on('data', (c) => got.push(String(c)));
  await new Promise((resolve) => setTimeout(resolve, 100));
  answers.forged = [got, forged.statusCode];
  fs.writeFileSync('answers.json', JSON.stringify(answers));
});
"#;

/// `{"zipped":true,"items":[1,2,3]}` gzipped (mtime 0).
const GZIPPED: &[u8] = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03\xab\x56\xaa\xca\x2c\x28\x48\x4d\x51\xb2\x2a\x29\x2a\x4d\xd5\x51\xca\x2c\x49\xcd\x2d\x56\xb2\x8a\x36\xd4\x31\xd2\x31\x8e\xad\x05\x00\xdd\x55\x20\x93\x1f\x00\x00\x00";

/// Node 20's answers to `PROBE`.
const NODE: &str = r##"{"get":{"status":200,"message":"OK","type":"application/json","location":null,"length":"json","body":{"hello":"world","path":"/json?x=1"},"complete":true},"post":{"status":200,"message":"OK","type":"application/json","location":null,"length":"json","body":{"method":"POST","path":"/echo","body":"hello body","custom":"yes","type":"text/plain","auth":null},"complete":true},"redirect":{"status":302,"message":"Found","type":null,"location":"/json","length":0,"body":"","complete":true},"gzipRaw":{"status":200,"message":"OK","type":"application/json","location":null,"length":51,"body":"1f8b0800000000000203ab56aaca2c28484d51b22a292a4dd551ca2c49cd2d56b28a36d431d2318ead0500dd5520931f000000","complete":true},"missing":{"status":404,"message":"Not Found","type":"application/json","location":null,"length":"json","body":{"error":"missing"},"complete":true},"refused":{"error":["ECONNREFUSED","connect ECONNREFUSED 127.0.0.1:1"]},"cookies":[["a=1; Path=/","b=2"],2],"gunzip":{"zipped":true,"items":[1,2,3]},"timeout":["error","gave up"],"badProtocol":["ERR_INVALID_PROTOCOL","Protocol \"https:\" not supported. Expected \"http:\""],"axiosGet":[200,{"hello":"world","path":"/json?q=x+y"},"application/json","ClientRequest"],"axiosPost":[200,{"method":"POST","path":"/echo","body":"{\"a\":1}","custom":"yes","type":"application/json","auth":null}],"axiosGzip":[200,{"zipped":true,"items":[1,2,3]}],"axiosRedirect":[200,{"hello":"world","path":"/json"},"/json"],"axios404":["Request failed with status code 404","ERR_BAD_REQUEST",404,{"error":"missing"}],"axiosRefused":["connect ECONNREFUSED 127.0.0.1:1","ECONNREFUSED","Error"],"axiosTimeout":["timeout of 100ms exceeded","ECONNABORTED"],"axiosAuth":"Basic dXNlcjpwYXNz","axiosInstance":["PUT","plain text","text/plain"],"stopped":[["part","aborted","res close"],true,false],"bodyStall":["part","timeout","error"],"resDestroyed":["aborted","res close","req close"],"superagent":[200,{"hello":"world","path":"/json?q=x%20y"},"application/json"],"superagentPost":{"method":"POST","path":"/echo","body":"{\"a\":1}","custom":"yes","type":"application/json","auth":null},"superagent404":[404,"Not Found",{"error":"missing"}],"got":[{"hello":"world","path":"/json?q=x+y"},{"zipped":true,"items":[1,2,3]},["POST","{\"a\":1}","application/json"]],"got404":["HTTPError","Response code 404 (Not Found)",404],"gotRefused":["RequestError","ECONNREFUSED"],"gotRedirect":[200,1,"/json"],"dnsLiteral":[null,"127.0.0.1",4],"utilTypes":[true,true,true,true,false,true,true,false],"nodeVersion":["string",true],"legacyEdges":[null,"evil.com",{"a":["1","2"],"b":"x y"},"?q=a%20b&list=1&list=2","http:/x","file:///etc"],"legacyUrl":[{"protocol":"http:","slashes":true,"auth":"user:pw","host":"host.com:8080","port":"8080","hostname":"host.com","hash":"#h","search":"?x=1&y=2","query":"x=1&y=2","pathname":"/p/a","path":"/p/a?x=1&y=2","href":"http://user:pw@host.com:8080/p/a?x=1&y=2#h"},{"q":"1"},"https://a.b:8443/x?a=1","http://x.y/z","http://a/d","/one/three","xn--bcher-kva.de","example.com"],"punycode":["xn--maana-pta.com","mañana.com","bcher-kva","bücher","джумла@xn--p-8sbkgc5ag7bhce.xn--ba-lmcq",[97,128512],"bücher.de"],"nodeFetch":[200,{"hello":"world","path":"/json"},"application/json"],"nodeFetchGzip":{"zipped":true,"items":[1,2,3]},"nodeFetchRedirect":[200,"/json",true],"nodeFetchPost":{"method":"POST","path":"/echo","body":"sent","custom":null,"type":"text/plain","auth":null},"nodeFetchRefused":["FetchError","ECONNREFUSED","request to http://127.0.0.1:1/ failed, reason: connect ECONNREFUSED 127.0.0.1:1"]}"##;

/// Answers one request as the probe's server: JSON with the path, an echo of the request,
/// a redirect, a gzipped body, two cookies, a slow answer, a body that stalls half-way, else
/// a JSON 404.
fn answer(stream: TcpStream) {
    let mut reader = BufReader::new(stream.try_clone().expect("a second handle"));
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    let mut parts = line.split_whitespace();
    let (method, path) = (parts.next().unwrap_or("GET").to_string(), parts.next().unwrap_or("/").to_string());
    let mut headers = std::collections::HashMap::new();
    let mut header = String::new();
    while reader.read_line(&mut header).map(|n| n > 2).unwrap_or(false) {
        if let Some((name, value)) = header.split_once(':') {
            headers.insert(name.trim().to_ascii_lowercase(), value.trim().to_string());
        }
        header.clear();
    }
    let length: usize = headers.get("content-length").and_then(|v| v.parse().ok()).unwrap_or(0);
    let mut body = vec![0; length];
    let _ = reader.read_exact(&mut body);
    let json = ("Content-Type", "application/json");
    let (status, extra, content): (&str, Vec<(&str, &str)>, Vec<u8>) = if path.starts_with("/json") {
        ("200 OK", vec![json], serde_json::json!({ "hello": "world", "path": path }).to_string().into_bytes())
    } else if path.starts_with("/echo") {
        let echo = serde_json::json!({
            "method": method, "path": path, "body": String::from_utf8_lossy(&body),
            "custom": headers.get("x-custom"), "type": headers.get("content-type"), "auth": headers.get("authorization"),
        });
        ("200 OK", vec![json], echo.to_string().into_bytes())
    } else if path == "/redirect" {
        ("302 Found", vec![("Location", "/json")], Vec::new())
    } else if path == "/gzip" {
        ("200 OK", vec![json, ("Content-Encoding", "gzip")], GZIPPED.to_vec())
    } else if path == "/cookies" {
        ("200 OK", vec![("Set-Cookie", "a=1; Path=/"), ("Set-Cookie", "b=2")], b"ok".to_vec())
    } else if path == "/stall" {
        // Part of the body, a pause, then the rest.
        let mut out = stream;
        let _ = out.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\nConnection: close\r\n\r\npart");
        let _ = out.flush();
        std::thread::sleep(std::time::Duration::from_secs(1));
        let _ = out.write_all(b"of body");
        return;
    } else if path == "/slow" {
        std::thread::sleep(std::time::Duration::from_secs(1));
        ("200 OK", Vec::new(), b"late".to_vec())
    } else {
        ("404 Not Found", vec![json], br#"{"error":"missing"}"#.to_vec())
    };
    let mut out = stream;
    let mut head = format!("HTTP/1.1 {status}\r\n");
    for (name, value) in extra {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str(&format!("Content-Length: {}\r\nConnection: close\r\n\r\n", content.len()));
    let _ = out.write_all(head.as_bytes());
    let _ = out.write_all(&content);
}

#[test]
fn http_requests_and_axios_answer_as_in_node() {
    let packages = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/node-packages/node_modules");
    assert!(packages.exists(), "{} missing: run `npm ci` in tests/node-packages (or .ci/run)", packages.display());
    let base = support::serve_with(answer);
    let dir = js_suite::project_dir("node-http");
    js_suite::write_files(
        &dir,
        &[
            ("lib/probe.mjs", PROBE),
            ("steps/probe_steps.mjs", STEPS),
            ("features/probe.feature", "Feature: http\n  Scenario: the probe\n    When the probe runs\n"),
            ("ferridriver.toml", "[test]\nsteps = [\"steps/**/*.mjs\"]\n"),
        ],
    );
    std::os::unix::fs::symlink(&packages, dir.join("node_modules")).unwrap();
    let ours = js_suite::run_probe_against(&dir, &base, &["--timeout", "20000"], NODE);
    assert_eq!(ours["forged"], serde_json::json!([[], null]), "user code reads no body through made-up ids");
    let _ = std::fs::remove_dir_all(&dir);
}
