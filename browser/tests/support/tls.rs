//! An HTTPS server on 127.0.0.1 with a self-signed certificate (generated for these tests only,
//! in tests/fixtures; no browser trusts it), for `ignoreHTTPSErrors`.

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use std::io::{Read, Write};
use std::net::TcpListener;
use std::sync::Arc;

const CERT: &[u8] = include_bytes!("../fixtures/self-signed.crt");
const KEY: &[u8] = include_bytes!("../fixtures/self-signed.key");

/// Serves `body` as HTML to every request; returns the `https://127.0.0.1:PORT` base.
pub fn serve_tls(body: &'static str) -> String {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let cert = CertificateDer::from_pem_slice(CERT).expect("fixture certificate");
    let key = PrivateKeyDer::from_pem_slice(KEY).expect("fixture key");
    let config = Arc::new(
        rustls::ServerConfig::builder().with_no_client_auth().with_single_cert(vec![cert], key).expect("server config"),
    );
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let base = format!("https://{}", listener.local_addr().expect("address"));
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let config = Arc::clone(&config);
            std::thread::spawn(move || {
                let Ok(connection) = rustls::ServerConnection::new(config) else { return };
                let mut tls = rustls::StreamOwned::new(connection, stream);
                let mut request = [0u8; 4096];
                if tls.read(&mut request).is_err() {
                    return; // the browser refused the certificate
                }
                let _ = write!(
                    tls,
                    "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = tls.flush();
                tls.conn.send_close_notify();
                let _ = tls.flush();
            });
        }
    });
    base
}
