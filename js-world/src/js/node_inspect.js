// util.inspect and util.format as Node's lay values out (what `console.log(object)` prints), and
// the console methods beyond the six levels js/node.js routes: dir, table, group/groupEnd,
// time/timeLog/timeEnd, count/countReset, assert. Depth 2, lines up to 80 columns, arrays of
// more than six short items in columns, `<ref *1>`/`[Circular *1]`, class names, getters.
(function (g) {
  'use strict';
  const modules = g.__ferridriver_modules;
  const custom = Symbol.for('nodejs.util.inspect.custom');
  const IDENTIFIER = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
  const ESCAPES = { '\n': '\\n', '\t': '\\t', '\r': '\\r', '\b': '\\b', '\f': '\\f', '\\': '\\\\' };

  // Node's quoting: single quotes, else double, else backticks, whichever the text lacks.
  function quote(text) {
    let q = "'";
    if (text.includes("'")) {
      if (!text.includes('"')) q = '"';
      else if (!text.includes('`') && !text.includes('${')) q = '`';
    }
    let out = '';
    for (const c of text) {
      if (c === q) out += '\\' + c;
      else if (ESCAPES[c]) out += ESCAPES[c];
      else if (c < ' ' || c === '\x7f') out += '\\x' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
      else out += c;
    }
    return q + out + q;
  }

  function primitive(ctx, v) {
    switch (typeof v) {
      case 'string': {
        if (v.length > 10000) {
          const rest = v.length - 10000;
          return `${primitive(ctx, v.slice(0, 10000))}... ${rest} more character${rest > 1 ? 's' : ''}`;
        }
        // A long text with line breaks is shown line by line, joined by `+`.
        if (v.length > 16 && v.length > ctx.breakLength - ctx.indentationLvl - 4 && v.includes('\n')) {
          const lines = v.split(/(?<=\n)/);
          if (lines.length > 1) return lines.map(quote).join(` +\n${' '.repeat(ctx.indentationLvl + 2)}`);
        }
        return quote(v);
      }
      case 'number':
        return Object.is(v, -0) ? '-0' : String(v);
      case 'bigint':
        return `${v}n`;
      case 'symbol':
        return v.toString();
      default:
        return String(v);
    }
  }

  function constructorName(v) {
    let proto = Object.getPrototypeOf(v);
    while (proto) {
      const d = Object.getOwnPropertyDescriptor(proto, 'constructor');
      if (d && typeof d.value === 'function' && d.value.name) return d.value.name;
      proto = Object.getPrototypeOf(proto);
    }
    return null;
  }

  function functionBase(f) {
    // A class's `prototype` is read-only (its source may not be kept in bytecode).
    const own = Object.getOwnPropertyDescriptor(f, 'prototype');
    const native = /\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(f));
    if (own && own.writable === false && !native) {
      const parent = Object.getPrototypeOf(f);
      const name = f.name ? `class ${f.name}` : 'class (anonymous)';
      return `[${name}${parent && parent.name ? ` extends ${parent.name}` : ''}]`;
    }
    const kind = constructorName(f) || 'Function';
    return `[${kind}${f.name ? `: ${f.name}` : ' (anonymous)'}]`;
  }

  function key(k) {
    if (typeof k === 'symbol') return `[${k.toString()}]`;
    return IDENTIFIER.test(k) ? k : quote(k);
  }

  function property(ctx, obj, k, depth, arrayItem) {
    const d = Object.getOwnPropertyDescriptor(obj, k);
    let shown;
    if (d && !('value' in d)) {
      shown = d.get ? (d.set ? '[Getter/Setter]' : '[Getter]') : d.set ? '[Setter]' : 'undefined';
    } else {
      ctx.indentationLvl += 2;
      shown = value(ctx, d ? d.value : obj[k], depth);
      ctx.indentationLvl -= 2;
    }
    return arrayItem ? shown : `${key(k)}: ${shown}`;
  }

  function ownKeys(obj, skip) {
    const keys = Object.keys(obj).filter((k) => !skip(k));
    for (const s of Object.getOwnPropertySymbols(obj)) {
      const d = Object.getOwnPropertyDescriptor(obj, s);
      if (d && d.enumerable) keys.push(s);
    }
    return keys;
  }

  const isIndex = (k) => typeof k === 'string' && /^(0|[1-9][0-9]*)$/.test(k);

  const more = (n) => `... ${n} more item${n > 1 ? 's' : ''}`;
  const holes = (n) => `<${n} empty item${n > 1 ? 's' : ''}>`;

  // At most 100 entries; a run of holes is one entry.
  function arrayItems(ctx, a, depth) {
    const out = [];
    const max = Math.min(a.length, 100);
    for (let i = 0; i < max; i++) {
      if (!Object.prototype.hasOwnProperty.call(a, i)) return sparseItems(ctx, a, depth, max, out, i);
      out.push(property(ctx, a, String(i), depth, true));
    }
    if (a.length > max) out.push(more(a.length - max));
    return out;
  }

  function sparseItems(ctx, a, depth, max, out, from) {
    const keys = Object.keys(a);
    let index = from;
    for (let i = from; i < keys.length && out.length < max; i++) {
      const k = keys[i];
      const n = +k;
      if (n > 2 ** 32 - 2) break;
      if (`${index}` !== k) {
        if (!/^\d+$/.test(k)) break;
        out.push(holes(n - index));
        index = n;
        if (out.length === max) break;
      }
      out.push(property(ctx, a, k, depth, true));
      index++;
    }
    const remaining = a.length - index;
    if (out.length !== max) {
      if (remaining > 0) out.push(holes(remaining));
    } else if (remaining > 0) {
      out.push(more(remaining));
    }
    return out;
  }

  function groupArrayElements(ctx, output, items) {
    let totalLength = 0;
    let maxLength = 0;
    const more = output.length > 0 && /^\.\.\. \d+ more item/.test(output[output.length - 1]);
    const count = more ? output.length - 1 : output.length;
    const lengths = [];
    for (let i = 0; i < count; i++) {
      const len = output[i].length;
      lengths.push(len);
      totalLength += len + 2;
      if (maxLength < len) maxLength = len;
    }
    const actualMax = maxLength + 2;
    if (actualMax * 3 + ctx.indentationLvl < ctx.breakLength && (totalLength / actualMax > 5 || maxLength <= 6)) {
      const averageBias = Math.sqrt(actualMax - totalLength / output.length);
      const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
      const columns = Math.min(
        Math.round(Math.sqrt(2.5 * biasedMax * count) / biasedMax),
        Math.floor((ctx.breakLength - ctx.indentationLvl) / actualMax),
        3 * 4,
        15,
      );
      if (columns <= 1) return output;
      const widths = [];
      for (let i = 0; i < columns; i++) {
        let width = 0;
        for (let j = i; j < output.length; j += columns) if (lengths[j] > width) width = lengths[j];
        widths.push(width + 2);
      }
      const numbers = items !== undefined && Array.from({ length: output.length }, (_, i) => items[i]).every((x) => typeof x === 'number' || typeof x === 'bigint');
      const grouped = [];
      for (let i = 0; i < count; i += columns) {
        const max = Math.min(i + columns, count);
        let line = '';
        let j = i;
        for (; j < max - 1; j++) {
          const cell = `${output[j]}, `;
          line += numbers ? cell.padStart(widths[j - i]) : cell.padEnd(widths[j - i]);
        }
        line += numbers ? output[j].padStart(widths[j - i] - 2) : output[j];
        grouped.push(line);
      }
      if (more) grouped.push(output[output.length - 1]);
      return grouped;
    }
    return output;
  }

  function belowBreakLength(ctx, output, start, base) {
    let total = output.length + start;
    if (total + output.length > ctx.breakLength) return false;
    for (const entry of output) {
      total += entry.length;
      if (total > ctx.breakLength) return false;
    }
    return base === '' || !base.includes('\n');
  }

  function reduce(ctx, output, base, braces, isArray, depth, items) {
    const entries = output.length;
    if (isArray && entries > 6) output = groupArrayElements(ctx, output, items);
    if (ctx.currentDepth - depth < 3 && entries === output.length) {
      const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
      if (belowBreakLength(ctx, output, start, base)) {
        const joined = output.join(', ');
        if (!joined.includes('\n')) return `${base ? `${base} ` : ''}${braces[0]} ${joined} ${braces[1]}`;
      }
    }
    const indentation = `\n${' '.repeat(ctx.indentationLvl)}`;
    return `${base ? `${base} ` : ''}${braces[0]}${indentation}  ${output.join(`,${indentation}  `)}${indentation}${braces[1]}`;
  }

  // Never throws: what cannot be looked at (a revoked proxy, a getter or trap that throws on
  // the way) is shown as what can be told of it.
  function value(ctx, v, depth) {
    if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return primitive(ctx, v);
    try {
      return shown(ctx, v, depth);
    } catch (e) {
      try {
        // A built-in's prototype (`Map.prototype`, an object made from `Date.prototype`).
        const name = constructorName(v);
        return name ? `${name} {}` : Object.prototype.toString.call(v);
      } catch (_) {
        return '<Revoked Proxy>';
      }
    }
  }

  function shown(ctx, v, depth) {
    const method = ctx.customInspect ? v[custom] : undefined;
    // Not on a prototype (its method is for the instances).
    const isPrototype = v.constructor && v.constructor.prototype === v;
    if (typeof method === 'function' && method !== exported && !isPrototype) {
      const options = { ...exported.defaultOptions, ...ctx.options, depth: ctx.depth - depth, stylize: (text) => text };
      const answer = method.call(v, ctx.depth - depth, options, exported);
      if (answer !== v) {
        if (typeof answer !== 'string') return value(ctx, answer, depth);
        return answer.replace(/\n/g, `\n${' '.repeat(ctx.indentationLvl)}`);
      }
    }
    if (ctx.customInspect && modules.buffer && modules.buffer.Buffer.isBuffer(v) && typeof v.inspect === 'function') return v.inspect();
    if (ctx.seen.includes(v)) {
      let index = ctx.circular.get(v);
      if (index === undefined) {
        index = ctx.circular.size + 1;
        ctx.circular.set(v, index);
      }
      return `[Circular *${index}]`;
    }
    return raw(ctx, v, depth);
  }

  function raw(ctx, v, depth) {
    const name = constructorName(v);
    const prefix = (fallback, size) => {
      const shown = name === null ? `[${fallback}: null prototype]` : name;
      return `${shown}${size === undefined ? '' : `(${size})`} `;
    };
    let base = '';
    let braces;
    let isArray = false;
    let items;
    let skip = () => false;
    let entries = () => [];
    if (Array.isArray(v)) {
      isArray = true;
      items = v;
      const shownPrefix = name === 'Array' ? '' : prefix('Array', v.length);
      braces = [`${shownPrefix}[`, ']'];
      skip = isIndex;
      entries = () => arrayItems(ctx, v, depth + 1);
    } else if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
      isArray = true;
      items = v;
      braces = [`${prefix('TypedArray', v.length)}[`, ']'];
      skip = isIndex;
      entries = () => {
        const out = Array.from(v.subarray(0, 100), (x) => primitive(ctx, x));
        if (v.length > 100) out.push(more(v.length - 100));
        return out;
      };
    } else if (v instanceof Map) {
      braces = [`${prefix('Map', v.size)}{`, '}'];
      entries = () => {
        ctx.indentationLvl += 2;
        const out = [];
        for (const [k, x] of v) {
          if (out.length === 100) break;
          out.push(`${value(ctx, k, depth + 1)} => ${value(ctx, x, depth + 1)}`);
        }
        if (v.size > 100) out.push(more(v.size - 100));
        ctx.indentationLvl -= 2;
        return out;
      };
    } else if (v instanceof Set) {
      braces = [`${prefix('Set', v.size)}{`, '}'];
      entries = () => {
        ctx.indentationLvl += 2;
        const out = [];
        for (const x of v) {
          if (out.length === 100) break;
          out.push(value(ctx, x, depth + 1));
        }
        if (v.size > 100) out.push(more(v.size - 100));
        ctx.indentationLvl -= 2;
        return out;
      };
    } else if (typeof v === 'function') {
      base = functionBase(v);
      skip = (k) => k === 'prototype';
      if (ownKeys(v, skip).length === 0) return base;
      braces = ['{', '}'];
    } else if (v instanceof RegExp) {
      base = RegExp.prototype.toString.call(v);
      if (ownKeys(v, (k) => k === 'lastIndex').length === 0) return base;
      braces = ['{', '}'];
      skip = (k) => k === 'lastIndex';
    } else if (v instanceof Date) {
      base = Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
      if (ownKeys(v, () => false).length === 0) return base;
      braces = ['{', '}'];
    } else if (v instanceof Error) {
      base = v.stack ? String(v.stack) : `${v.name}: ${v.message}`;
      if (!base.includes(String(v.message)) || !base.startsWith(String(v.name))) base = `${v.name}: ${v.message}${v.stack ? '\n' + v.stack : ''}`;
      skip = (k) => k === 'stack' || k === 'message';
      if (ownKeys(v, skip).length === 0) return base;
      braces = ['{', '}'];
    } else if (v instanceof Promise) {
      braces = ['Promise {', '}'];
      entries = () => ['<pending>'];
    } else if (v instanceof WeakMap || v instanceof WeakSet) {
      return `${name} { <items unknown> }`;
    } else if (v instanceof Number || v instanceof String || v instanceof Boolean) {
      const kind = v instanceof Number ? 'Number' : v instanceof String ? 'String' : 'Boolean';
      base = `[${kind}: ${primitive(ctx, v.valueOf())}]`;
      skip = v instanceof String ? (k) => isIndex(k) || k === 'length' : () => false;
      if (ownKeys(v, skip).length === 0) return base;
      braces = ['{', '}'];
    } else if (v instanceof ArrayBuffer) {
      const bytes = Array.from(new Uint8Array(v).subarray(0, 50), (b) => b.toString(16).padStart(2, '0')).join(' ');
      braces = ['ArrayBuffer {', '}'];
      entries = () => [`[Uint8Contents]: <${bytes}${v.byteLength > 50 ? ` ... ${v.byteLength - 50} more bytes` : ''}>`, `byteLength: ${v.byteLength}`];
    } else {
      const tag = v[Symbol.toStringTag];
      const shownName = name === null ? '[Object: null prototype]' : name;
      const label = shownName === 'Object' ? (typeof tag === 'string' && tag ? `Object [${tag}] ` : '') : `${shownName}${typeof tag === 'string' && tag && tag !== shownName ? ` [${tag}]` : ''} `;
      braces = [`${label}{`, '}'];
    }
    // A long array's other properties are not looked for (listing its keys would cost one
    // string per item); a typed array's never.
    const typed = ArrayBuffer.isView(v);
    const keys = typed || (isArray && v.length > 10000) ? [] : ownKeys(v, skip);
    if (ctx.showHidden) {
      // `%o`: an array's length, and the other own properties that are not enumerable.
      const listed = new Set(keys);
      if (Array.isArray(v)) keys.push('length');
      else if (typeof v !== 'function' && !typed) keys.push(...Object.getOwnPropertyNames(v).filter((k) => !skip(k) && !listed.has(k) && !(v instanceof Error && k === 'stack')));
    }
    // An empty container is shown as it is, before the depth limit and without counting as a
    // level (which decides whether its parents fit on one line).
    const size = isArray ? v.length : v instanceof Map || v instanceof Set ? v.size : null;
    const empty = keys.length === 0 && (size === 0 || (size === null && !base && !(v instanceof Promise) && !(v instanceof ArrayBuffer)));
    if (empty) {
      const open = braces[0];
      return open.endsWith('[') ? `${open}]` : open === '{' ? '{}' : `${open}}`;
    }
    if (depth > ctx.depth) {
      const shown = Array.isArray(v) ? 'Array' : name === null ? 'Object: null prototype' : name || 'Object';
      return `[${shown}]`;
    }
    ctx.seen.push(v);
    ctx.currentDepth = depth;
    const output = entries();
    for (const k of keys) {
      const hidden = !Object.prototype.propertyIsEnumerable.call(v, k);
      const entry = property(ctx, v, k, depth + 1, false);
      output.push(hidden && typeof k === 'string' ? `[${k}]${entry.slice(key(k).length)}` : entry);
    }
    ctx.seen.pop();
    // Children were formatted one level down: `property` and the collections pass depth + 1.
    const ref = ctx.circular.get(v);
    if (ref !== undefined) base = base ? `<ref *${ref}> ${base}` : `<ref *${ref}>`;
    return reduce(ctx, output, base, braces, isArray, depth, items);
  }

  function exported(v, options, legacyDepth) {
    let opts = options;
    if (typeof options !== 'object' || options === null) opts = { showHidden: !!options, depth: legacyDepth };
    const ctx = {
      depth: opts.depth === undefined ? 2 : opts.depth === null ? Infinity : opts.depth,
      breakLength: opts.breakLength === undefined ? 80 : opts.breakLength,
      customInspect: opts.customInspect !== false,
      showHidden: !!opts.showHidden,
      indentationLvl: 0,
      currentDepth: 0,
      seen: [],
      circular: new Map(),
      options: opts,
    };
    return value(ctx, v, 0);
  }
  exported.custom = custom;
  exported.defaultOptions = { depth: 2, breakLength: 80, compact: 3 };

  // Node's util.format: `%s %d %i %f %j %o %O %c %%`, then the other arguments, strings as they are.
  function formatWithOptions(options, first, ...rest) {
    const show = (v, extra) => exported(v, { ...options, ...extra });
    if (typeof first !== 'string') return [first, ...rest].map((v) => (typeof v === 'string' ? v : show(v))).join(' ');
    if (rest.length === 0) return first;
    let i = 0;
    let out = '';
    let last = 0;
    for (let at = first.indexOf('%'); at !== -1 && at < first.length - 1; at = first.indexOf('%', at + 1)) {
      const c = first[at + 1];
      if (c === '%') {
        out += first.slice(last, at) + '%';
        last = at + 2;
        at++;
        continue;
      }
      if (i >= rest.length || !'sdifjoOc'.includes(c)) continue;
      const v = rest[i++];
      let text;
      if (c === 's') {
        if (typeof v === 'bigint') text = `${v}n`;
        else if (typeof v === 'number' && Object.is(v, -0)) text = '-0';
        else {
          try {
            const inspected = v !== null && typeof v === 'object' && (typeof v.toString !== 'function' || BUILT_IN_TO_STRING.has(v.toString));
            text = inspected ? show(v, { depth: 0 }) : String(v);
          } catch (_) {
            text = show(v, { depth: 0 });
          }
        }
      } else if (c === 'd' || c === 'i') {
        if (typeof v === 'bigint') text = `${v}n`;
        else if (typeof v === 'symbol') text = 'NaN';
        else {
          const n = c === 'i' ? parseInt(v) : Number(v);
          text = Object.is(n, -0) ? '-0' : String(n);
        }
      } else if (c === 'f') text = typeof v === 'symbol' ? 'NaN' : String(parseFloat(v));
      else if (c === 'j') {
        try {
          text = JSON.stringify(v);
        } catch (_) {
          text = '[Circular]';
        }
      } else if (c === 'o') text = show(v, { showHidden: true, depth: 4 });
      else if (c === 'O') text = show(v);
      else text = '';
      out += first.slice(last, at) + text;
      last = at + 2;
      at++;
    }
    out += first.slice(last);
    for (; i < rest.length; i++) out += ' ' + (typeof rest[i] === 'string' ? rest[i] : show(rest[i]));
    return out;
  }
  const format = (...args) => formatWithOptions({}, ...args);
  // `%s` shows an object whose toString is its own as that text, others inspected.
  const BUILT_IN_TO_STRING = new Set([Object, Array, Error, Date, RegExp, Function, Number, Boolean, String, Symbol].map((c) => c.prototype.toString));

  modules.util.inspect = exported;
  modules.util.format = format;
  modules.util.formatWithOptions = formatWithOptions;

  // ---- console: every method formats as util.format does; groups indent what follows.
  const sink = { ...g.console };
  let indent = '';
  const emit = (level, text) => {
    const shown = indent ? indent + String(text).replace(/\n/g, `\n${indent}`) : text;
    sink[level](shown);
  };
  // A console call never throws for what it is given.
  const safely = (make) => {
    try {
      return make();
    } catch (e) {
      return `[a value the console could not show: ${e && e.message}]`;
    }
  };
  for (const level of ['log', 'info', 'debug', 'warn', 'error', 'trace']) {
    g.console[level] = (...args) => emit(level, safely(() => format(...args)));
  }
  const warning = (text) => sink.warn(`Warning: ${text}`);
  const timers = new Map();
  const counts = new Map();
  const now = () => (g.performance && typeof g.performance.now === 'function' ? g.performance.now() : Date.now());
  function formatTime(ms) {
    const seconds = ms / 1000;
    if (ms >= 60000) {
      const hours = Math.floor(ms / 3600000);
      const minutes = Math.floor((ms % 3600000) / 60000);
      const [whole, fraction] = ((ms % 60000) / 1000).toFixed(3).split('.');
      const head = hours ? `${hours}:${String(minutes).padStart(2, '0')}` : minutes;
      return `${head}:${whole.padStart(2, '0')}.${fraction} (${hours ? 'h:m' : ''}m:ss.mmm)`;
    }
    if (ms >= 1000) return `${seconds.toFixed(3)}s`;
    return `${Number(ms.toFixed(3))}ms`;
  }
  const label = (l) => (l === undefined ? 'default' : `${l}`);
  Object.assign(g.console, {
    dir: (v, options) => emit('log', safely(() => exported(v, { customInspect: false, ...(options || {}) }))),
    dirxml: (...args) => g.console.log(...args),
    group: (...args) => {
      if (args.length) g.console.log(...args);
      indent += '  ';
    },
    groupEnd: () => {
      indent = indent.slice(0, Math.max(0, indent.length - 2));
    },
    time: (l) => {
      const name = label(l);
      if (timers.has(name)) return warning(`Label '${name}' already exists for console.time()`);
      timers.set(name, now());
    },
    timeLog: (l, ...data) => {
      const name = label(l);
      if (!timers.has(name)) return warning(`No such label '${name}' for console.timeLog()`);
      emit('log', safely(() => format(`${name}: ${formatTime(now() - timers.get(name))}`, ...data)));
    },
    timeEnd: (l) => {
      const name = label(l);
      if (!timers.has(name)) return warning(`No such label '${name}' for console.timeEnd()`);
      emit('log', `${name}: ${formatTime(now() - timers.get(name))}`);
      timers.delete(name);
    },
    count: (l) => {
      const name = label(l);
      const n = (counts.get(name) || 0) + 1;
      counts.set(name, n);
      emit('log', `${name}: ${n}`);
    },
    countReset: (l) => {
      const name = label(l);
      if (!counts.has(name)) return warning(`Count for '${name}' does not exist`);
      counts.set(name, 0);
    },
    assert: (condition, ...data) => {
      if (condition) return;
      // Node's: the first argument joined to the words as a string.
      if (data.length === 0) data.push('Assertion failed');
      else data[0] = `Assertion failed: ${data[0]}`;
      emit('warn', safely(() => format(...data)));
    },
    table: (data, properties) => emit('log', safely(() => table(data, properties))),
    clear: () => {},
    profile: () => {},
    profileEnd: () => {},
    timeStamp: () => {},
  });
  g.console.groupCollapsed = g.console.group;

  // Node's console.table: one row per own key, a column per property (or `Values`).
  function table(data, properties) {
    if (data === null || typeof data !== 'object') return format(data);
    const cell = (v) => {
      const depth = v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 2 ? -1 : 0;
      return exported(v, { depth, breakLength: Infinity });
    };
    const columns = Object.create(null);
    const values = [];
    let primitives = false;
    const index = Object.keys(data);
    index.forEach((k, i) => {
      const item = data[k];
      const isPrimitive = item === null || (typeof item !== 'function' && typeof item !== 'object');
      if (properties === undefined && isPrimitive) {
        primitives = true;
        values[i] = cell(item);
        return;
      }
      for (const p of properties || Object.keys(item)) {
        if (!columns[p]) columns[p] = [];
        columns[p][i] = (isPrimitive && properties) || !Object.prototype.hasOwnProperty.call(item, p) ? '' : cell(item[p]);
      }
    });
    const head = ['(index)', ...Object.keys(columns)];
    const body = [index, ...Object.values(columns)];
    if (primitives) {
      head.push('Values');
      body.push(values);
    }
    const rows = index.map((_, r) => body.map((column) => (Object.prototype.hasOwnProperty.call(column, r) ? String(column[r]) : '')));
    const widths = head.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c].length)));
    const line = (cells) => `│ ${cells.map((text, c) => text.padEnd(widths[c])).join(' │ ')} │`;
    const rule = (left, middle, right) => left + widths.map((w) => '─'.repeat(w + 2)).join(middle) + right;
    return [rule('┌', '┬', '┐'), line(head), rule('├', '┼', '┤'), ...rows.map(line), rule('└', '┴', '┘')].join('\n');
  }
})(globalThis);
