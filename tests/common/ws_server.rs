//! A page that opens WebSockets and a small WebSocket server for it, as the probes that
//! recorded Playwright's answers used (the same in Python): `answer` serves one connection.

use base64::Engine;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

const PAGE: &str = r#"<!DOCTYPE html><title>Chat</title><ul id=log></ul><script>window.log=[];window.open2=(path,protocols)=>{const ws=new WebSocket(path.startsWith('ws')?path:('ws://'+location.host+path),protocols);window.ws=ws;ws.onopen=()=>log.push('open '+ws.protocol);ws.onmessage=async(e)=>log.push('message '+(typeof e.data==='string'?e.data:'binary '+new Uint8Array(await e.data.arrayBuffer()).join(',')));ws.onclose=(e)=>log.push('close '+e.code+' '+e.reason+' '+e.wasClean);ws.onerror=()=>log.push('error');return ws;};</script>"#;

/// Two frames showing `/`.
const TWO_FRAMES: &str = r#"<!DOCTYPE html><title>Two</title><iframe src="/"></iframe><iframe src="/"></iframe>"#;

/// The page at `/` (and two frames of it at `/two`); at any other path a WebSocket server that greets, echoes text (`echo: …`),
/// reverses binary messages, closes with 4001 on `bye`, and answers a close; `/deny` refuses
/// the handshake with 403.
pub fn answer(stream: TcpStream) {
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    let mut request = String::new();
    let mut line = String::new();
    while reader.read_line(&mut line).map(|n| n > 2).unwrap_or(false) {
        request.push_str(&line);
        line.clear();
    }
    let header = |name: &str| {
        request.lines().find_map(|l| {
            l.split_once(':').filter(|(n, _)| n.trim().eq_ignore_ascii_case(name)).map(|(_, v)| v.trim().to_string())
        })
    };
    let mut stream = stream;
    if request.starts_with("GET /deny ") {
        let _ = stream.write_all(b"HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
        return;
    }
    let Some(key) = header("sec-websocket-key") else {
        let page = if request.starts_with("GET /two ") { TWO_FRAMES } else { PAGE };
        let reply = format!(
            "HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{page}",
            page.len()
        );
        let _ = stream.write_all(reply.as_bytes());
        return;
    };
    use sha1::Digest;
    let accept = base64::engine::general_purpose::STANDARD
        .encode(sha1::Sha1::digest(format!("{key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11").as_bytes()));
    let protocol = header("sec-websocket-protocol")
        .map(|p| format!("Sec-WebSocket-Protocol: {}\r\n", p.split(',').next().unwrap_or("").trim()))
        .unwrap_or_default();
    let upgrade = format!(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: {accept}\r\n{protocol}\r\n"
    );
    if stream.write_all(upgrade.as_bytes()).is_err() || send(&mut stream, 1, b"hello from server").is_err() {
        return;
    }
    while let Some((op, data)) = frame(&mut reader) {
        let sent = match op {
            8 => {
                let _ = send(&mut stream, 8, &data);
                return;
            }
            1 if data == b"bye" => send(&mut stream, 8, &[&4001u16.to_be_bytes()[..], b"server says bye"].concat()),
            1 => send(&mut stream, 1, &[b"echo: ", &data[..]].concat()),
            2 => send(&mut stream, 2, &data.iter().rev().copied().collect::<Vec<u8>>()),
            _ => Ok(()),
        };
        if sent.is_err() {
            return;
        }
    }
}

/// One frame from the client (masked): its opcode and payload.
fn frame(reader: &mut impl Read) -> Option<(u8, Vec<u8>)> {
    let mut head = [0u8; 2];
    reader.read_exact(&mut head).ok()?;
    let mut len = u64::from(head[1] & 127);
    if len == 126 {
        let mut b = [0u8; 2];
        reader.read_exact(&mut b).ok()?;
        len = u64::from(u16::from_be_bytes(b));
    } else if len == 127 {
        let mut b = [0u8; 8];
        reader.read_exact(&mut b).ok()?;
        len = u64::from_be_bytes(b);
    }
    let mut mask = [0u8; 4];
    if head[1] & 128 != 0 {
        reader.read_exact(&mut mask).ok()?;
    }
    let mut data = vec![0u8; usize::try_from(len).ok()?];
    reader.read_exact(&mut data).ok()?;
    data.iter_mut().enumerate().for_each(|(i, b)| *b ^= mask[i % 4]);
    Some((head[0] & 15, data))
}

fn send(stream: &mut TcpStream, op: u8, payload: &[u8]) -> std::io::Result<()> {
    let mut out = vec![0x80 | op];
    match payload.len() {
        n if n < 126 => out.push(n as u8),
        n if n < 65536 => {
            out.push(126);
            out.extend_from_slice(&(n as u16).to_be_bytes());
        }
        n => {
            out.push(127);
            out.extend_from_slice(&(n as u64).to_be_bytes());
        }
    }
    out.extend_from_slice(payload);
    stream.write_all(&out)
}
