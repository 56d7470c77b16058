// A script whose default export is a function: it is called with `args`.
export default async function (input: readonly string[]): Promise<{ count: number }> {
  await page.goto(input[0] ?? 'https://example.com');
  const items = await page.getByRole('listitem').allTextContents();
  const response = await fetch('https://example.com/api', { method: 'POST', body: JSON.stringify(items) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  process.stdout.write(`${items.length} items\n`);
  return { count: items.length };
}
