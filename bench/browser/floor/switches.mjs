// The switches ferridriver launches Chromium with (browser/src/launch.rs), for the floor scripts.
export function switches(profile) {
  return [
    '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--no-default-browser-check', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--disable-dev-shm-usage', '--disable-back-forward-cache',
    '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows',
    '--disable-renderer-backgrounding', '--disable-site-isolation-trials',
    '--disable-features=IsolateOrigins,site-per-process', `--user-data-dir=${profile}`,
    '--remote-debugging-port=0', 'about:blank',
  ];
}
