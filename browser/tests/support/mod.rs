//! Test support: a tiny HTTP server on 127.0.0.1 serving fixture pages, and browser discovery
//! that fails the test (never skips it) when Chromium is missing.
// Each test binary compiles this module and uses only part of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;

/// Serves `pages` (path → HTML) on an ephemeral port; returns the base URL. `/__cookies`
/// answers with the request's `Cookie` header and sets `served=yes`; `/__redirect?to=PATH`
/// answers 302 to PATH; `/__status?code=N` answers N with no body; `/__download` answers an
/// attachment; `/__auth` asks for basic authentication as user:pass; `/__echo` answers the request's headers (lower case); `/__slow?ms=N` answers an empty GIF after N ms (a resource that holds `load`).
pub fn serve(pages: &'static [(&'static str, &'static str)]) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            std::thread::spawn(move || {
                let mut stream = stream;
                let mut line = String::new();
                let mut reader = BufReader::new(match stream.try_clone() {
                    Ok(s) => s,
                    Err(_) => return,
                });
                if reader.read_line(&mut line).is_err() {
                    return;
                }
                // Read the headers, keeping the cookies.
                let mut header = String::new();
                let mut cookie = String::new();
                let mut all_headers = String::new();
                while reader.read_line(&mut header).map(|n| n > 2).unwrap_or(false) {
                    all_headers.push_str(&header.to_ascii_lowercase());
                    if let Some((name, value)) = header.split_once(':') {
                        if name.eq_ignore_ascii_case("cookie") {
                            cookie = value.trim().to_string();
                        }
                    }
                    header.clear();
                }
                let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
                if let Some(to) = path.strip_prefix("/__redirect?to=") {
                    let _ = write!(
                        stream,
                        "HTTP/1.1 302 Found\r\nLocation: {to}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    );
                    return;
                }
                if let Some(code) = path.strip_prefix("/__status?code=") {
                    let _ = write!(stream, "HTTP/1.1 {code} Status\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
                    return;
                }
                if path == "/__auth" {
                    // Basic authentication for user:pass.
                    if all_headers.contains("authorization: basic dxnlcjpwyxnz") {
                        let _ = write!(stream, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 20\r\nConnection: close\r\n\r\n<title>inside</title>");
                    } else {
                        let _ = write!(stream, "HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm=\"test\"\r\nContent-Type: text/html\r\nContent-Length: 21\r\nConnection: close\r\n\r\n<title>denied</title>");
                    }
                    return;
                }
                if path == "/__echo" {
                    let _ = write!(
                        stream,
                        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{all_headers}",
                        all_headers.len()
                    );
                    return;
                }
                if path == "/__download" {
                    let _ = write!(
                        stream,
                        "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename=\"a.bin\"\r\nContent-Length: 4\r\nConnection: close\r\n\r\ndata"
                    );
                    return;
                }
                if let Some(ms) = path.strip_prefix("/__slow?ms=") {
                    std::thread::sleep(std::time::Duration::from_millis(ms.parse().unwrap_or(1000)));
                    let gif = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;";
                    let _ = write!(
                        stream,
                        "HTTP/1.1 200 OK\r\nContent-Type: image/gif\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                        gif.len()
                    );
                    let _ = stream.write_all(gif);
                    return;
                }
                if path == "/__cookies" {
                    // Echoes the request's cookies and sets one, for cookie-sharing tests.
                    let _ = write!(
                        stream,
                        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nSet-Cookie: served=yes; Path=/\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{cookie}",
                        cookie.len()
                    );
                    return;
                }
                let (status, body) = match pages.iter().find(|(p, _)| *p == path) {
                    Some((_, html)) => ("200 OK", *html),
                    None => ("404 Not Found", "<title>404</title>not found"),
                };
                let kind = if path.ends_with(".js") {
                    "text/javascript"
                } else if path.ends_with(".css") {
                    "text/css"
                } else {
                    "text/html; charset=utf-8"
                };
                let _ = write!(
                    stream,
                    "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nX-Served-By: fixture\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
            });
        }
    });
    base
}

/// Serves every connection with `answer` (each on a thread of its own); returns the base URL.
pub fn serve_with(answer: fn(std::net::TcpStream)) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            std::thread::spawn(move || answer(stream));
        }
    });
    base
}

/// Browser tests need Chromium: without it they fail (never skip), saying how to install it.
pub fn browser_available() -> bool {
    if let Err(e) = ferridriver_browser::find_browser(None) {
        panic!("{e}\n  (or run .ci/run, which installs what the tests need)");
    }
    true
}

/// Processes whose command line mentions `needle` (a browser's own profile directory).
pub fn processes_mentioning(needle: &str) -> usize {
    std::fs::read_dir("/proc")
        .map(|dir| {
            dir.flatten()
                .filter(|e| e.file_name().to_string_lossy().chars().all(|c| c.is_ascii_digit()))
                .filter(|e| {
                    std::fs::read(e.path().join("cmdline"))
                        .map(|c| String::from_utf8_lossy(&c).contains(needle))
                        .unwrap_or(false)
                })
                .count()
        })
        .unwrap_or(0)
}

/// Serves `pages`, launches a browser and opens `path` in a fresh page; `None` when no
/// browser exists here (after failing the test). The browser must be closed by the caller.
pub async fn open_at(
    pages: &'static [(&'static str, &'static str)],
    path: &str,
) -> Option<(ferridriver_browser::Browser, ferridriver_browser::Page, String)> {
    if !browser_available() {
        return None;
    }
    let base = serve(pages);
    let browser = ferridriver_browser::Browser::launch(&ferridriver_browser::LaunchOptions::default())
        .await
        .expect("chromium launches");
    let page = browser.new_context().await.expect("context").new_page().await.expect("page");
    page.goto(&format!("{base}{path}")).await.expect("the fixture page loads");
    Some((browser, page, base))
}
