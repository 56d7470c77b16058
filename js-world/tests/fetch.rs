//! `fetch` with `Headers` and `Response` in a worker VM, against a local server.

use ferridriver_js_world::{load, JsConfig, JsHost};
use ferridriver_messages::IdGenerator;
use ferridriver_steps::registry::{Invocation, Registry, StepBody, StepHost, World};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

/// `/user` answers JSON, `/echo` echoes the body and content type, anything else is 404.
fn server() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut stream = stream;
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
    });
    base
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
    let dir = std::env::temp_dir().join(format!("fd-js-fetch-{}", std::process::id()));
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
