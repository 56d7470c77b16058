//! `fetch` with `Headers`, `Request`, `Response` and `AbortSignal` in a worker VM, against a
//! local server.

use ferridriver_js_world::{load, JsConfig, JsHost};
use ferridriver_messages::IdGenerator;
use ferridriver_steps::registry::{Invocation, Registry, StepBody, StepHost, World};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

/// `/user` answers JSON, `/echo` echoes the body and content type, `/slow` answers after 5 s,
/// `/endless` streams chunks until the client goes away, anything else is 404. Each connection gets its own thread, so a slow one blocks nothing.
fn server() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            std::thread::spawn(move || answer(stream));
        }
    });
    base
}

fn answer(mut stream: std::net::TcpStream) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut first = String::new();
    let _ = reader.read_line(&mut first);
    let (mut length, mut kind) = (0usize, String::new());
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h).unwrap_or(0) <= 2 {
            break;
        }
        let lower = h.to_ascii_lowercase();
        if let Some(v) = lower.strip_prefix("content-length:") {
            length = v.trim().parse().unwrap_or(0);
        }
        if let Some(v) = lower.strip_prefix("content-type:") {
            kind = v.trim().to_string();
        }
    }
    let mut body = vec![0; length];
    let _ = reader.read_exact(&mut body);
    if first.starts_with("GET /endless") {
        // A chunked body that never ends: only a client that streams (and stops) gets anywhere.
        let _ = write!(stream, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
        for n in 0u64.. {
            let chunk = format!("tick {n};");
            if write!(stream, "{:x}\r\n{chunk}\r\n", chunk.len()).and_then(|_| stream.flush()).is_err() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    if first.starts_with("GET /slow") {
        std::thread::sleep(Duration::from_secs(5));
    }
    let (status, reply) = if first.starts_with("GET /user") {
        ("200 OK", r#"{"name":"Ada"}"#.to_string())
    } else if first.starts_with("POST /echo") {
        ("201 Created", format!("{kind}|{}", String::from_utf8_lossy(&body)))
    } else {
        ("404 Not Found", "missing".to_string())
    };
    let _ = write!(
        stream,
        "HTTP/1.1 {status}\r\nX-Team: qa\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{reply}",
        reply.len()
    );
}

#[test]
fn fetch_headers_and_responses() {
    let base = server();
    let closed = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let steps = format!(
        r#"
import {{ Given }} from '@cucumber/cucumber'
import assert from 'node:assert'

Given('fetch works', async function () {{
  const r = await fetch('{base}/user')
  assert.strictEqual(r.status, 200)
  assert.ok(r.ok)
  assert.strictEqual(r.headers.get('X-TEAM'), 'qa')
  assert.deepStrictEqual(await r.json(), {{ name: 'Ada' }})
  await assert.rejects(() => r.text(), /already been consumed/)

  const posted = await fetch(new URL('/echo', '{base}'), {{ method: 'post', body: {{ hello: 'world' }} }})
  assert.strictEqual(posted.status, 201)
  assert.strictEqual(await posted.text(), 'application/json|{{"hello":"world"}}')

  const missing = await fetch('{base}/nothing')
  assert.strictEqual(missing.ok, false)
  assert.strictEqual(missing.status, 404)

  await assert.rejects(() => fetch('http://127.0.0.1:{closed}/'), TypeError)
  const made = Response.json({{ a: 1 }}, {{ status: 202 }})
  assert.strictEqual(made.headers.get('content-type'), 'application/json')
  assert.deepStrictEqual(await made.clone().json(), {{ a: 1 }})
}})
"#
    );
    run_step("basics", &steps);
}

/// Loads `steps` (one `Given`) as a project's only step file and runs that step in a worker VM.
fn run_step(name: &str, steps: &str) {
    let dir = std::env::temp_dir().join(format!("fd-js-fetch-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("steps")).unwrap();
    std::fs::write(dir.join("steps/fetch.ts"), steps).unwrap();
    let report = load(&JsConfig { root: dir.clone(), ..Default::default() });
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let program = report.program.expect("a program");
    let mut registry = Registry::new(Arc::new(IdGenerator::incrementing()));
    program.register(&mut registry);
    let StepBody::External(index) = registry.steps[0].body else { unreachable!("a JS step") };
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let mut host = JsHost::new(Arc::clone(&program), Duration::from_secs(10));
    rt.block_on(async {
        let mut world = World::default();
        host.start_test_case(&mut world);
        let r = host.invoke_step(index, &mut world, Invocation::default()).await;
        assert!(r.is_ok(), "{:?}", r.err());
    });
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn requests_and_abort_signals() {
    let base = server();
    let steps = format!(
        r#"
import {{ Given }} from '@cucumber/cucumber'
import assert from 'node:assert'

Given('requests and signals work', async function () {{
  const request = new Request('{base}/echo', {{ method: 'post', body: 'plain', headers: {{ 'content-type': 'text/plain' }} }})
  assert.ok(request instanceof Request)
  assert.strictEqual(request.method, 'POST')
  assert.strictEqual(request.signal.aborted, false)
  assert.throws(() => new Request('{base}/user', {{ body: 'x' }}), TypeError)
  const echoed = await fetch(request.clone())
  assert.strictEqual(await echoed.text(), 'text/plain|plain')
  assert.strictEqual(await request.text(), 'plain')
  assert.strictEqual(request.bodyUsed, true)

  // Already aborted: rejects with the reason, before any I/O.
  const reason = new Error('no thanks')
  await assert.rejects(() => fetch('{base}/user', {{ signal: AbortSignal.abort(reason) }}), (e) => e === reason)

  // In flight: the 5 s request ends as soon as the controller aborts.
  const controller = new AbortController()
  let heard = 0
  controller.signal.onabort = () => heard++
  controller.signal.addEventListener('abort', () => heard++)
  const started = Date.now()
  setTimeout(() => controller.abort(), 100)
  await assert.rejects(() => fetch('{base}/slow', {{ signal: controller.signal }}), (e) => e.name === 'AbortError' && e instanceof DOMException)
  assert.ok(Date.now() - started < 2000, `abort took ${{Date.now() - started}} ms`)
  assert.strictEqual(heard, 2)
  assert.throws(() => controller.signal.throwIfAborted(), {{ name: 'AbortError' }})

  // A timeout signal, also through AbortSignal.any.
  const timed = Date.now()
  await assert.rejects(() => fetch('{base}/slow', {{ signal: AbortSignal.any([new AbortController().signal, AbortSignal.timeout(100)]) }}), {{ name: 'TimeoutError' }})
  assert.ok(Date.now() - timed < 2000)
  assert.throws(() => new AbortSignal(), TypeError)

  // The VM still fetches normally afterwards.
  assert.deepStrictEqual(await (await fetch('{base}/user')).json(), {{ name: 'Ada' }})
}})
"#
    );
    run_step("abort", &steps);
}

#[test]
fn blobs_and_form_data_as_bodies() {
    let base = server();
    let steps = format!(
        r#"
import {{ Given }} from '@cucumber/cucumber'
import assert from 'node:assert'

Given('blobs and forms work', async function () {{
  const blob = new Blob(['hé', new Uint8Array([33]), new Blob(['?'])], {{ type: 'Text/Plain' }})
  assert.strictEqual(blob.size, 5)
  assert.strictEqual(blob.type, 'text/plain')
  assert.strictEqual(await blob.text(), 'hé!?')
  assert.strictEqual(await blob.slice(3, 4).text(), '!')
  const sent = await fetch('{base}/echo', {{ method: 'POST', body: blob }})
  assert.strictEqual(await sent.text(), 'text/plain|hé!?')

  const form = new FormData()
  form.append('team', 'qa')
  form.append('team', 'dev')
  form.set('note', 'a "quoted" value')
  form.append('file', new Blob(['{{"a":1}}'], {{ type: 'application/json' }}), 'da"ta.json')
  assert.deepStrictEqual(form.getAll('team'), ['qa', 'dev'])
  assert.strictEqual(form.has('note'), true)
  form.set('team', 'ops')
  assert.deepStrictEqual(form.keys(), ['team', 'note', 'file'])
  const echoed = await (await fetch('{base}/echo', {{ method: 'POST', body: form }})).text()
  const [kind, body] = echoed.split('|')
  const boundary = kind.match(/^multipart\/form-data; boundary=(.+)$/)[1]
  assert.strictEqual(body,
    `--${{boundary}}\r\nContent-Disposition: form-data; name="team"\r\n\r\nops\r\n` +
    `--${{boundary}}\r\nContent-Disposition: form-data; name="note"\r\n\r\na "quoted" value\r\n` +
    `--${{boundary}}\r\nContent-Disposition: form-data; name="file"; filename="da%22ta.json"\r\nContent-Type: application/json\r\n\r\n{{"a":1}}\r\n` +
    `--${{boundary}}--\r\n`)

  const reply = await (await fetch('{base}/user')).blob()
  assert.strictEqual(await reply.text(), '{{"name":"Ada"}}')
}})
"#
    );
    run_step("blob", &steps);
}

#[test]
fn response_bodies_stream_off_the_socket() {
    let base = server();
    let steps = format!(
        r#"
import {{ Given }} from '@cucumber/cucumber'
import assert from 'node:assert'

Given('bodies stream', async function () {{
  // An endless body: reading three chunks and cancelling must work, which a buffered body never would.
  const endless = await fetch('{base}/endless')
  assert.strictEqual(endless.bodyUsed, false)
  assert.throws(() => endless.clone(), TypeError)
  const reader = endless.body.getReader()
  assert.strictEqual(endless.body.locked, true)
  assert.throws(() => endless.body.getReader(), TypeError)
  let text = ''
  while (!text.includes('tick 2;')) {{
    const {{ value, done }} = await reader.read()
    assert.strictEqual(done, false)
    assert.ok(value instanceof Uint8Array)
    text += new TextDecoder().decode(value)
  }}
  assert.ok(text.startsWith('tick 0;tick 1;'), text)
  await reader.cancel()
  assert.deepStrictEqual(await reader.read(), {{ value: undefined, done: true }})
  assert.strictEqual(endless.bodyUsed, true)
  await assert.rejects(() => endless.text(), /already been consumed/)

  // for await, leaving early.
  let seen = 0
  for await (const chunk of (await fetch('{base}/endless')).body) {{
    seen += chunk.length
    if (seen > 20) break
  }}
  assert.ok(seen > 20)

  // Aborting while the body streams errors the stream with the reason.
  const controller = new AbortController()
  const aborted = await fetch('{base}/endless', {{ signal: controller.signal }})
  const r = aborted.body.getReader()
  await r.read()
  controller.abort()
  await assert.rejects(() => r.read(), {{ name: 'AbortError' }})

  // A finite body read whole, and a stream made in JS.
  assert.strictEqual(await (await fetch('{base}/user')).text(), '{{"name":"Ada"}}')
  const made = new ReadableStream({{ start(c) {{ c.enqueue('he'); c.enqueue(new TextEncoder().encode('llo')); c.close() }} }})
  assert.strictEqual(await new Response(made).text(), 'hello')
  const pulled = []
  let n = 0
  const counting = new ReadableStream({{ pull(c) {{ n < 3 ? c.enqueue(n++) : c.close() }} }})
  for await (const v of counting) pulled.push(v)
  assert.deepStrictEqual(pulled, [0, 1, 2])
  const failing = new ReadableStream({{ start(c) {{ c.error(new Error('broken')) }} }})
  await assert.rejects(() => failing.getReader().read(), /broken/)
  const bytes = new Response('abc').body.getReader()
  assert.deepStrictEqual([...(await bytes.read()).value], [97, 98, 99])
}})
"#
    );
    run_step("stream", &steps);
}
