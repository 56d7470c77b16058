//! BrowserContext settings and `context.request`, against a local server that echoes what it
//! receives.

mod support;

use ferridriver_browser::{Browser, Cookie, LaunchOptions, RequestOptions};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;

/// Echoes the request's `cookie` and `x-team` headers as JSON; `/login` sets a cookie.
fn echo_server() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            std::thread::spawn(move || {
                let mut stream = stream;
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut first = String::new();
                let _ = reader.read_line(&mut first);
                let (mut cookie, mut team) = (String::new(), String::new());
                loop {
                    let mut h = String::new();
                    if reader.read_line(&mut h).unwrap_or(0) <= 2 {
                        break;
                    }
                    let lower = h.to_ascii_lowercase();
                    if let Some(v) = lower.strip_prefix("cookie:") {
                        cookie = v.trim().to_string();
                    }
                    if let Some(v) = lower.strip_prefix("x-team:") {
                        team = v.trim().to_string();
                    }
                }
                let path = first.split_whitespace().nth(1).unwrap_or("/").to_string();
                let body = format!(r#"{{"path":"{path}","cookie":"{cookie}","team":"{team}"}}"#);
                let extra = if path == "/login" { "Set-Cookie: session=s3cret; Path=/; HttpOnly\r\n" } else { "" };
                let _ = write!(
                    stream,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
            });
        }
    });
    base
}

#[tokio::test(flavor = "current_thread")]
async fn cookies_request_headers_offline_init_scripts_and_geolocation() {
    if !support::browser_available() {
        return;
    }
    let base = echo_server();
    let host = base.trim_start_matches("http://").split(':').next().unwrap().to_string();
    let browser = Browser::launch(&LaunchOptions::default()).await.unwrap();
    let context = browser.new_context().await.unwrap();

    // The API client stores the cookie the server sets; the page then sends it, and the
    // client sends cookies the page's context holds.
    let login = context.request().post(&format!("{base}/login"), RequestOptions::default()).await.unwrap();
    assert!(login.ok());
    let cookies = context.cookies(&[&base]).await.unwrap();
    assert_eq!(
        cookies.iter().map(|c| (c.name.as_str(), c.value.as_str())).collect::<Vec<_>>(),
        vec![("session", "s3cret")]
    );
    context
        .add_cookies(&[Cookie {
            name: "theme".into(),
            value: "dark".into(),
            domain: host.clone(),
            path: "/".into(),
            expires: -1.0,
            http_only: false,
            secure: false,
        }])
        .await
        .unwrap();
    let echoed = context.request().get(&format!("{base}/me")).await.unwrap().json().unwrap();
    let sent = echoed["cookie"].as_str().unwrap();
    assert!(sent.contains("session=s3cret") && sent.contains("theme=dark"), "{sent}");

    context.set_extra_http_headers(&[("x-team", "qa")]).await.unwrap();
    context.add_init_script("window.__seeded = 42").await.unwrap();
    let page = context.new_page().await.unwrap();
    page.goto(&format!("{base}/page")).await.unwrap();
    let body = page.evaluate("document.body.innerText").await.unwrap();
    let seen: serde_json::Value = serde_json::from_str(body.as_str().unwrap()).unwrap();
    assert_eq!(seen["team"], "qa", "extra headers reach the page's requests");
    assert!(seen["cookie"].as_str().unwrap().contains("session=s3cret"), "the page sends the API's cookie");
    assert_eq!(page.evaluate("window.__seeded").await.unwrap(), serde_json::json!(42));
    page.wait_for_url(format!("{base}/page").as_str()).await.unwrap();
    page.wait_for_load_state("load").await.unwrap();

    context.grant_permissions(&["geolocation"], None).await.unwrap();
    context.set_geolocation(48.85, 2.35).await.unwrap();
    let position = page
        .evaluate("new Promise((ok, no) => navigator.geolocation.getCurrentPosition(p => ok([p.coords.latitude, p.coords.longitude]), e => no(e.message)))")
        .await
        .unwrap();
    assert_eq!(position, serde_json::json!([48.85, 2.35]));

    context.set_offline(true).await.unwrap();
    let err = page.goto(&format!("{base}/offline")).await.unwrap_err().to_string();
    assert!(err.contains("ERR_INTERNET_DISCONNECTED"), "{err}");
    context.set_offline(false).await.unwrap();
    page.goto(&format!("{base}/online")).await.unwrap();

    context.clear_cookies().await.unwrap();
    assert!(context.cookies(&[]).await.unwrap().is_empty());
    browser.close().await;
}
