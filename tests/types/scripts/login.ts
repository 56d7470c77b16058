// A `ferridriver run` / run_script file: globals, top-level await, default export as the result.
import { twice } from './lib/util.ts';

const [url, user] = args as [string, string];
await page.goto(url);
await page.getByLabel('Email').fill(user);
await page.getByRole('button', { name: 'Sign in' }).click();
await expect(page.getByTestId('dashboard')).toBeVisible();

const token = await page.evaluate(() => localStorage.getItem('token'));
if (token !== null) vars.set('auth_token', token);
const saved: string | undefined = vars.get('auth_token');
const keys: string[] = vars.keys();
vars.set('visits', twice(Number(vars.get('visits') ?? 0)));
const hadOld: boolean = vars.delete('old');

// In scripts, request's responses carry status/ok/url as values, as with fetch.
const r = await request.get('https://api.example.com/me', { headers: { authorization: `Bearer ${saved}` } });
if (!r.ok) throw new Error(`HTTP ${r.status} from ${r.url}`);
const me = (await r.json()) as { name: string };
const viaPage = await page.request.get('/health');
const healthy: boolean = viaPage.ok && viaPage.status === 200;
expect(r).toBeOK();

const shot = await page.screenshot({ fullPage: true });
const stored: string = await artifacts.writeBytes('shots/login.png', shot);
await artifacts.write('notes/login.md', `# ${await page.title()}\n`);
const listing: string[] = await artifacts.list('shots');
const notes: string = await artifacts.read('notes/login.md');
await artifacts.remove('notes/login.md');
await fs.writeFile('out/me.json', JSON.stringify(me));
const config: string = await fs.readFile('config.json');
const bytes: Buffer = await fs.readFileBytes('logo.png');
const entries: string[] = await fs.readdir();
console.log('signed in', me.name, stored, listing, notes.length, config.length, bytes.length, entries);

const cookies = await context.cookies();
const version: string = await browser.version();
const helper: unknown = await plugins['box.double']({ n: 21 });

export default {
  title: await page.title(),
  markdown: await page.markdown(),
  cookies: cookies.map((c) => c.name),
  host: ferridriver.host,
  healthy,
  hadOld,
  keys,
  version,
  helper,
};
