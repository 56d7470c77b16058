// The page as Markdown (`page.markdown()`): what a reader sees, in reading order — headings,
// paragraphs, links, lists, tables, code, images, form fields — without scripts, styles or
// hidden elements. Agents read this far more cheaply than HTML. Evaluated as an expression.
(() => {
  const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'HEAD', 'META', 'LINK']);
  const BLOCK = new Set(['P', 'DIV', 'SECTION', 'ARTICLE', 'MAIN', 'HEADER', 'FOOTER', 'NAV', 'ASIDE', 'FORM', 'FIELDSET', 'FIGURE', 'FIGCAPTION', 'DETAILS', 'SUMMARY', 'ADDRESS', 'DL', 'DT', 'DD']);
  const hidden = (el) => {
    if (el.hidden || el.getAttribute('aria-hidden') === 'true') return true;
    const style = getComputedStyle(el);
    return style.display === 'none' || style.visibility === 'hidden';
  };
  const clean = (t) => t.replace(/\s+/g, ' ');
  const escape = (t) => t.replace(/([\\`*_[\]])/g, '\\$1');
  const labelOf = (el) => {
    if (el.labels && el.labels.length) return clean(el.labels[0].innerText || '').trim();
    return el.getAttribute('aria-label') || el.getAttribute('placeholder') || el.getAttribute('name') || '';
  };

  function inline(node) {
    if (node.nodeType === Node.TEXT_NODE) return escape(clean(node.textContent));
    if (node.nodeType !== Node.ELEMENT_NODE || SKIP.has(node.tagName) || hidden(node)) return '';
    const el = node;
    const inner = () => Array.from(el.childNodes).map(inline).join('');
    switch (el.tagName) {
      case 'A': {
        const text = inner().trim();
        const href = el.getAttribute('href');
        return href && !href.startsWith('javascript:') ? `[${text || href}](${el.href})` : text;
      }
      case 'IMG': {
        const alt = el.getAttribute('alt') || '';
        return alt ? `![${escape(alt)}](${el.src})` : '';
      }
      case 'STRONG': case 'B': { const t = inner().trim(); return t ? `**${t}**` : ''; }
      case 'EM': case 'I': { const t = inner().trim(); return t ? `*${t}*` : ''; }
      case 'CODE': return '`' + el.textContent + '`';
      case 'BR': return '\n';
      case 'INPUT': {
        const type = (el.getAttribute('type') || 'text').toLowerCase();
        if (type === 'hidden') return '';
        if (type === 'checkbox' || type === 'radio') return `[${el.checked ? 'x' : ' '}] ${labelOf(el)}`.trim() + ' ';
        if (type === 'submit' || type === 'button') return `[${el.value || 'Submit'}] `;
        return `[${type}: ${labelOf(el)}${el.value ? ` = ${el.value}` : ''}] `;
      }
      case 'TEXTAREA': return `[textarea: ${labelOf(el)}] `;
      case 'SELECT': {
        const chosen = el.selectedOptions && el.selectedOptions[0] ? el.selectedOptions[0].text : '';
        return `[select: ${labelOf(el)}${chosen ? ` = ${chosen}` : ''}] `;
      }
      case 'BUTTON': { const t = inner().trim(); return t ? `[${t}] ` : ''; }
      // A label around its field: the field, which names itself by the label.
      case 'LABEL': return el.control && el.contains(el.control) ? inline(el.control) : inner();
      default: return inner();
    }
  }

  function blocks(node, out, depth) {
    if (node.nodeType === Node.TEXT_NODE) {
      const t = escape(clean(node.textContent));
      if (t.trim()) out.push({ inline: t });
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE || SKIP.has(node.tagName) || hidden(node)) return;
    const el = node;
    const tag = el.tagName;
    if (/^H[1-6]$/.test(tag)) {
      out.push({ block: '#'.repeat(Number(tag[1])) + ' ' + inline(el).trim() });
    } else if (tag === 'UL' || tag === 'OL') {
      const items = Array.from(el.children).filter((c) => c.tagName === 'LI' && !hidden(c));
      const lines = items.map((li, i) => {
        const nested = [];
        const own = Array.from(li.childNodes).filter((c) => !(c.tagName === 'UL' || c.tagName === 'OL'));
        for (const c of li.childNodes) if (c.tagName === 'UL' || c.tagName === 'OL') blocks(c, nested, depth + 1);
        const marker = tag === 'OL' ? `${i + 1}.` : '-';
        const text = own.map(inline).join('').trim();
        return '  '.repeat(depth) + `${marker} ${text}` + nested.map((n) => '\n' + n.block).join('');
      });
      out.push({ block: lines.join('\n') });
    } else if (tag === 'PRE') {
      out.push({ block: '```\n' + el.textContent.replace(/\n$/, '') + '\n```' });
    } else if (tag === 'BLOCKQUOTE') {
      const inner = [];
      for (const c of el.childNodes) blocks(c, inner, depth);
      out.push({ block: render(inner).split('\n').map((l) => '> ' + l).join('\n') });
    } else if (tag === 'TABLE') {
      const rows = Array.from(el.rows).filter((r) => !hidden(r));
      if (rows.length) {
        const cells = rows.map((r) => Array.from(r.cells).map((c) => inline(c).trim().replace(/\|/g, '\\|').replace(/\n/g, ' ')));
        const width = Math.max(...cells.map((r) => r.length));
        const line = (r) => '| ' + Array.from({ length: width }, (_, i) => r[i] || '').join(' | ') + ' |';
        out.push({ block: [line(cells[0]), '|' + ' --- |'.repeat(width), ...cells.slice(1).map(line)].join('\n') });
      }
    } else if (tag === 'HR') {
      out.push({ block: '---' });
    } else if (tag === 'IFRAME') {
      out.push({ block: `[iframe${el.title ? ': ' + el.title : ''}](${el.src})` });
    } else if (BLOCK.has(tag) || tag === 'BODY' || tag === 'LI') {
      const inner = [];
      for (const c of el.childNodes) blocks(c, inner, depth);
      out.push({ block: render(inner) });
    } else {
      const t = inline(el);
      if (t.trim()) out.push({ inline: t });
    }
  }

  // Consecutive inline pieces form one paragraph; blocks stand alone.
  function render(items) {
    const parts = [];
    let paragraph = '';
    const flush = () => {
      const p = paragraph.replace(/[ \t]+\n/g, '\n').replace(/ {2,}/g, ' ').trim();
      if (p) parts.push(p);
      paragraph = '';
    };
    for (const item of items) {
      if (item.inline !== undefined) paragraph += item.inline;
      else {
        flush();
        if (item.block.trim()) parts.push(item.block.trim());
      }
    }
    flush();
    return parts.join('\n\n');
  }

  const out = [];
  if (document.body) blocks(document.body, out, 0);
  return render(out).replace(/\n{3,}/g, '\n\n') + '\n';
})()
