// Wrong uses of the script globals.
// @ts-expect-error: in scripts, status is a value, not a method
(await request.get('/')).status();
// @ts-expect-error: vars holds strings
vars.set('user', { name: 'Ada' });
// @ts-expect-error: fs has no unlink (artifacts.remove removes artifacts)
await fs.unlink('x');
// @ts-expect-error: artifacts.write takes text (writeBytes for bytes)
await artifacts.write('a.bin', new Uint8Array([1]));
// @ts-expect-error: vars is read-only
vars = {};
export default 1;
