// A small site that behaves like real ones: a login form that redirects after POST, a page that
// redirects itself while loading, a slow image, an iframe, and a cookie-backed session.
import http from 'node:http';

const page = (title, body) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

export function startSite() {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const send = (status, html, headers = {}) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(html);
    };
    if (url.pathname === '/login' && req.method === 'GET') {
      return send(200, page('Sign in', `
        <h1>Sign in</h1>
        <form method="post" action="/login">
          <label>User name <input name="user"></label>
          <label>Password <input name="password" type="password"></label>
          <button type="submit">Sign in</button>
        </form>`));
    }
    if (url.pathname === '/login' && req.method === 'POST') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const user = new URLSearchParams(body).get('user') || 'nobody';
        res.writeHead(303, { location: '/dashboard', 'set-cookie': `user=${encodeURIComponent(user)}; Path=/` });
        res.end();
      });
      return;
    }
    if (url.pathname === '/dashboard') {
      const cookie = (req.headers.cookie || '').match(/user=([^;]+)/);
      if (!cookie) return send(302, '', { location: '/login' });
      return send(200, page('Dashboard', `<h1 data-testid="dashboard">Welcome, ${decodeURIComponent(cookie[1])}</h1>
        <img src="/slow.png" alt="slow"><iframe src="/frame" title="inner"></iframe>`));
    }
    if (url.pathname === '/frame') return send(200, page('Frame', '<p id="inner">Inside the frame</p>'));
    if (url.pathname === '/slow.png') {
      setTimeout(() => { res.writeHead(200, { 'content-type': 'image/png' }); res.end(); }, 1500);
      return;
    }
    if (url.pathname === '/hop') {
      return send(200, page('Hop', '<p>leaving</p><script>location.replace("/landed")</script>'));
    }
    if (url.pathname === '/landed') return send(200, page('Landed', '<h1>Landed</h1><p>after a redirect while loading</p>'));
    if (url.pathname === '/redirect') return send(302, '', { location: url.searchParams.get('to') || '/' });
    if (url.pathname === '/api/echo') {
      res.writeHead(200, { 'content-type': 'application/json', 'x-echo': 'yes' });
      return res.end(JSON.stringify({ cookie: req.headers.cookie || null, method: req.method }));
    }
    send(404, page('Not found', '<h1>Not found</h1>'));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${server.address().port}` }));
  });
}
