//! Guarding the JSON-RPC channel: a message that is not JSON, or not a JSON-RPC 2.0 message,
//! gets the JSON-RPC error it deserves (`-32700` parse error, `-32600` invalid request) instead
//! of being dropped or answered with plain text. The stdio transport and the HTTP gate share it.

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

/// The error response a raw message deserves, if it is not a well-formed JSON-RPC message.
pub fn rejection(raw: &[u8]) -> Option<Value> {
    let value: Value = match serde_json::from_slice(raw) {
        Ok(v) => v,
        Err(e) => return Some(error(Value::Null, -32700, &format!("Parse error: {e}"))),
    };
    let messages: Vec<&Value> = match &value {
        Value::Array(items) if !items.is_empty() => items.iter().collect(),
        other => vec![other],
    };
    for message in messages {
        let Some(object) = message.as_object() else {
            return Some(error(Value::Null, -32600, "Invalid Request: a JSON-RPC message is an object"));
        };
        let id = object.get("id").cloned().unwrap_or(Value::Null);
        if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
            return Some(error(id, -32600, "Invalid Request: \"jsonrpc\" must be \"2.0\""));
        }
        let is_request = object.get("method").is_some_and(Value::is_string);
        let is_response = object.contains_key("id") && (object.contains_key("result") || object.contains_key("error"));
        if !is_request && !is_response {
            return Some(error(id, -32600, "Invalid Request: a message needs a \"method\" (or is a response)"));
        }
        if is_request && object.get("params").is_some_and(|p| !p.is_object() && !p.is_array()) {
            return Some(error(id, -32602, "Invalid params: \"params\" must be an object"));
        }
    }
    None
}

fn error(id: Value, code: i64, message: &str) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "error": { "code": code, "message": message } })
}

/// The stdio transport with the guard in front: returns the reader and writer rmcp serves on.
/// Valid lines pass through; invalid ones are answered on stdout between rmcp's whole lines.
pub fn guarded_stdio() -> (tokio::io::DuplexStream, tokio::io::DuplexStream) {
    const BUFFER: usize = 1 << 20;
    let (mut to_server, server_reads) = tokio::io::duplex(BUFFER);
    let (server_writes, from_server) = tokio::io::duplex(BUFFER);
    let (rejections, mut rejected) = mpsc::unbounded_channel::<String>();
    // stdin → checks → rmcp.
    tokio::spawn(async move {
        let mut lines = BufReader::new(tokio::io::stdin()).lines();
        while let Ok(Some(line)) = lines.next_line().await {
            if line.trim().is_empty() {
                continue;
            }
            match rejection(line.as_bytes()) {
                Some(answer) => {
                    let _ = rejections.send(answer.to_string());
                }
                None => {
                    if to_server.write_all(format!("{line}\n").as_bytes()).await.is_err() {
                        break;
                    }
                }
            }
        }
        // stdin closed: closing rmcp's input ends the session.
        let _ = to_server.shutdown().await;
    });
    // rmcp and the rejections → stdout, one whole line at a time.
    tokio::spawn(async move {
        let mut stdout = tokio::io::stdout();
        let mut lines = BufReader::new(from_server).lines();
        loop {
            let line = tokio::select! {
                l = lines.next_line() => match l {
                    Ok(Some(l)) => l,
                    _ => break,
                },
                Some(r) = rejected.recv() => r,
            };
            if stdout.write_all(format!("{line}\n").as_bytes()).await.is_err() || stdout.flush().await.is_err() {
                break;
            }
        }
    });
    (server_reads, server_writes)
}

#[cfg(test)]
mod tests {
    use super::rejection;

    #[test]
    fn tells_good_messages_from_bad() {
        assert!(rejection(br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#).is_none());
        assert!(rejection(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#).is_none());
        assert!(rejection(br#"{"jsonrpc":"2.0","id":1,"result":{}}"#).is_none());
        assert_eq!(rejection(b"garbage{").unwrap()["error"]["code"], -32700);
        assert_eq!(rejection(br#"{"id":3,"method":"x"}"#).unwrap()["id"], 3);
        assert_eq!(rejection(br#"{"jsonrpc":"2.0","id":3}"#).unwrap()["error"]["code"], -32600);
        assert_eq!(rejection(b"42").unwrap()["error"]["code"], -32600);
        assert_eq!(rejection(br#"{"jsonrpc":"2.0","id":1,"method":"x","params":5}"#).unwrap()["error"]["code"], -32602);
    }
}
