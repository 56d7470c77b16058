//! `URL` as the URL Standard defines it (the `url` crate behind it, url_native.rs): a scheme's
//! own rules — `webpack://_N_E/…` keeps its host's case and has an opaque origin (source maps
//! name their files so; monocart-coverage-reports strips `_N_E/` from them), dot segments,
//! IDNA, IPv4/IPv6 hosts, percent-encoding, relative references, every setter, and the search
//! params bound to the URL. Node 20's answers to the same module are recorded below.

#[path = "common/js_suite.rs"]
mod js_suite;

const PROBE: &str = r#"const parts = (u) => [u.href, u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash, u.origin].join(' | ');
const out = {};
const attempt = (name, f) => { try { out[name] = f(); } catch (e) { out[name] = 'THREW ' + e.name + ' ' + (e.code || ''); } };
const inputs = [
  'webpack://_N_E/src/app/List.tsx', 'webpack:///./src/x.ts', 'WEBPACK://AbC/x', 'foo://Host:80/p?q#h',
  'HTTP://User:Pa ss@EXAMPLE.com:80/a/./b/../c?x=1 2#frag ment', 'https://ex.com:443/', 'http://[::1]:8080/x',
  'http://münchen.de/straße', 'file:///A/B/../C', 'mailto:Someone@Ex.com', 'data:text/plain,hello world',
  'git+ssh://git@github.com/a/b.git', 'http://ex.com/%7Euser/%zz', 'about:blank', 'blob:http://ex.com/uuid', 'http://1.2.3.4.5/',
  'http://0x7f.1/', 'ws://ex.com:80/s', 'javascript:alert(1)', 'http://ex.com\\back\\slash', 'http://ex.com/?a=1&b=%20&c=ü',
];
inputs.forEach((s, i) => attempt('parse' + i, () => parts(new URL(s))));
const relatives = [['../b?q#h', 'http://EX.com/a/c/d'], ['//other.org/p', 'https://ex.com/x'], ['?only', 'http://ex.com/a/b?old#h'], ['#h2', 'http://ex.com/a?q'], ['', 'http://ex.com/a?q#h'], ['x', 'webpack://_N_E/dir/file.js'], ['c.js', 'file:///a/b.js'], ['a', 'mailto:x@y']];
relatives.forEach(([s, b], i) => attempt('relative' + i, () => parts(new URL(s, b))));
attempt('invalid', () => new URL('not a url'));
attempt('invalidBase', () => new URL('a', 'nope'));
attempt('canParse', () => [URL.canParse('http://x'), URL.canParse('x'), URL.canParse('x', 'http://y/')].join(','));
attempt('setters', () => {
  const u = new URL('http://ex.com:8080/p?a=1#h');
  const seen = [];
  u.port = '443'; seen.push(u.href);
  u.protocol = 'https'; seen.push(u.href);
  u.port = '443'; seen.push(u.href);
  u.hostname = 'Other.ORG'; seen.push(u.href);
  u.pathname = '/a b/../c'; seen.push(u.href);
  u.search = 'x=1&y=ü'; seen.push(u.href);
  u.hash = 'top'; seen.push(u.href);
  u.username = 'me'; u.password = 'p@ss'; seen.push(u.href);
  u.protocol = '1bad'; seen.push(u.href);
  u.host = 'h.com:99'; seen.push(u.href);
  u.href = 'http://new.com/'; seen.push(u.href);
  return seen;
});
attempt('badHref', () => { const u = new URL('http://a/'); u.href = 'nope'; return u.href; });
attempt('params', () => {
  const u = new URL('http://ex.com/?a=1&b=2&a=3');
  const seen = [u.searchParams.getAll('a').join(',')];
  u.searchParams.append('c', 'x y'); seen.push(u.href);
  u.searchParams.delete('a'); seen.push(u.href);
  u.search = '?z=9'; seen.push(u.searchParams.get('z'), u.searchParams.has('b'));
  u.searchParams.delete('z'); seen.push(u.href);
  u.href = 'http://ex.com/?k=v'; seen.push(u.searchParams.get('k'));
  return seen;
});
attempt('json', () => JSON.stringify({ u: new URL('http://ex.com/a') }) + String(new URL('http://ex.com/b')));
attempt('fromUrl', () => new URL(new URL('http://ex.com/a/b'), undefined).href + ' ' + new URL('c', new URL('http://ex.com/a/b')).href);
export default out;
"#;

/// Node 20's answers to `PROBE`.
const NODE: &str = r#"{"parse0":"webpack://_N_E/src/app/List.tsx | webpack: |  |  | _N_E | _N_E |  | /src/app/List.tsx |  |  | null","parse1":"webpack:///src/x.ts | webpack: |  |  |  |  |  | /src/x.ts |  |  | null","parse2":"webpack://AbC/x | webpack: |  |  | AbC | AbC |  | /x |  |  | null","parse3":"foo://Host:80/p?q#h | foo: |  |  | Host:80 | Host | 80 | /p | ?q | #h | null","parse4":"http://User:Pa%20ss@example.com/a/c?x=1%202#frag%20ment | http: | User | Pa%20ss | example.com | example.com |  | /a/c | ?x=1%202 | #frag%20ment | http://example.com","parse5":"https://ex.com/ | https: |  |  | ex.com | ex.com |  | / |  |  | https://ex.com","parse6":"http://[::1]:8080/x | http: |  |  | [::1]:8080 | [::1] | 8080 | /x |  |  | http://[::1]:8080","parse7":"http://xn--mnchen-3ya.de/stra%C3%9Fe | http: |  |  | xn--mnchen-3ya.de | xn--mnchen-3ya.de |  | /stra%C3%9Fe |  |  | http://xn--mnchen-3ya.de","parse8":"file:///A/C | file: |  |  |  |  |  | /A/C |  |  | null","parse9":"mailto:Someone@Ex.com | mailto: |  |  |  |  |  | Someone@Ex.com |  |  | null","parse10":"data:text/plain,hello world | data: |  |  |  |  |  | text/plain,hello world |  |  | null","parse11":"git+ssh://git@github.com/a/b.git | git+ssh: | git |  | github.com | github.com |  | /a/b.git |  |  | null","parse12":"http://ex.com/%7Euser/%zz | http: |  |  | ex.com | ex.com |  | /%7Euser/%zz |  |  | http://ex.com","parse13":"about:blank | about: |  |  |  |  |  | blank |  |  | null","parse14":"blob:http://ex.com/uuid | blob: |  |  |  |  |  | http://ex.com/uuid |  |  | http://ex.com","parse15":"THREW TypeError ERR_INVALID_URL","parse16":"http://127.0.0.1/ | http: |  |  | 127.0.0.1 | 127.0.0.1 |  | / |  |  | http://127.0.0.1","parse17":"ws://ex.com/s | ws: |  |  | ex.com | ex.com |  | /s |  |  | ws://ex.com","parse18":"javascript:alert(1) | javascript: |  |  |  |  |  | alert(1) |  |  | null","parse19":"http://ex.com/back/slash | http: |  |  | ex.com | ex.com |  | /back/slash |  |  | http://ex.com","parse20":"http://ex.com/?a=1&b=%20&c=%C3%BC | http: |  |  | ex.com | ex.com |  | / | ?a=1&b=%20&c=%C3%BC |  | http://ex.com","relative0":"http://ex.com/a/b?q#h | http: |  |  | ex.com | ex.com |  | /a/b | ?q | #h | http://ex.com","relative1":"https://other.org/p | https: |  |  | other.org | other.org |  | /p |  |  | https://other.org","relative2":"http://ex.com/a/b?only | http: |  |  | ex.com | ex.com |  | /a/b | ?only |  | http://ex.com","relative3":"http://ex.com/a?q#h2 | http: |  |  | ex.com | ex.com |  | /a | ?q | #h2 | http://ex.com","relative4":"http://ex.com/a?q | http: |  |  | ex.com | ex.com |  | /a | ?q |  | http://ex.com","relative5":"webpack://_N_E/dir/x | webpack: |  |  | _N_E | _N_E |  | /dir/x |  |  | null","relative6":"file:///a/c.js | file: |  |  |  |  |  | /a/c.js |  |  | null","relative7":"THREW TypeError ERR_INVALID_URL","invalid":"THREW TypeError ERR_INVALID_URL","invalidBase":"THREW TypeError ERR_INVALID_URL","canParse":"true,false,true","setters":["http://ex.com:443/p?a=1#h","https://ex.com/p?a=1#h","https://ex.com/p?a=1#h","https://other.org/p?a=1#h","https://other.org/c?a=1#h","https://other.org/c?x=1&y=%C3%BC#h","https://other.org/c?x=1&y=%C3%BC#top","https://me:p%40ss@other.org/c?x=1&y=%C3%BC#top","https://me:p%40ss@other.org/c?x=1&y=%C3%BC#top","https://me:p%40ss@h.com:99/c?x=1&y=%C3%BC#top","http://new.com/"],"badHref":"THREW TypeError ERR_INVALID_URL","params":["1,3","http://ex.com/?a=1&b=2&a=3&c=x+y","http://ex.com/?b=2&c=x+y","9",false,"http://ex.com/","v"],"json":"{\"u\":\"http://ex.com/a\"}http://ex.com/b","fromUrl":"http://ex.com/a/b http://ex.com/a/c"}"#;

#[test]
fn urls_parse_and_change_as_in_node() {
    let dir = js_suite::project_dir("url");
    std::fs::write(dir.join("probe.mjs"), PROBE).unwrap();
    js_suite::run_module_as_node(&dir, "probe.mjs", NODE);
    let _ = std::fs::remove_dir_all(&dir);
}
