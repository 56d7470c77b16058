// `require(name)` with a name computed at run time (`require(`./data/${env}.json`)`): the
// bundler rewrites such a call to `__ferridriver_modules.requireFrom(<the file's folder>)(name)`
// (require_resolve.rs), since code is bundled before it runs. Built-ins and JSON files load as
// Node loads them (a file read where node:fs may read, parsed once and kept); code loads when
// it was bundled for the call (`table`: the files of the folder the code names, require_context.rs),
// and otherwise says so with what to do instead.
(function (g) {
  'use strict';
  const native = g.__ferridriver_native;
  const modules = g.__ferridriver_modules;
  const builtins = JSON.parse(native.builtinKeys || '{}');
  const loaded = new Map();
  const notFound = (name, dir) => {
    const e = new Error(`Cannot find module '${name}'\nRequire stack:\n- ${dir}`);
    e.code = 'MODULE_NOT_FOUND';
    return e;
  };
  // The file a relative or absolute name stands for, as Node tries it: as given, then `.json`.
  const fileOf = (name, dir) => {
    const base = modules.path.resolve(dir, name);
    return [base, `${base}.json`].find((f) => modules.fs.existsSync(f) && modules.fs.statSync(f).isFile());
  };
  const own = (object, key) => object !== undefined && Object.prototype.hasOwnProperty.call(object, key);
  function requireFrom(dir, table) {
    // The bundled file a relative or absolute name stands for, if any.
    const bundled = (name) => {
      if (!/^(\.{1,2}\/|\/)/.test(name)) return undefined;
      const key = modules.path.resolve(dir, name);
      return own(table, key) ? table[key] : undefined;
    };
    const require = (id) => {
      const name = String(id);
      if (own(builtins, name)) return modules[builtins[name]];
      const found = bundled(name);
      if (found && found[1]) return found[1]();
      if (/^(\.{1,2}\/|\/)/.test(name)) {
        const file = fileOf(name, dir);
        if (file === undefined) throw notFound(name, dir);
        if (/\.json$/i.test(file)) {
          if (!loaded.has(file)) {
            const text = modules.fs.readFileSync(file, 'utf8');
            try {
              loaded.set(file, JSON.parse(text));
            } catch (e) {
              throw new SyntaxError(`${file}: ${e.message}`);
            }
          }
          return loaded.get(file);
        }
      }
      const e = new Error(
        `require('${name}'): code named at run time cannot be loaded: ferridriver bundles the step files and what they import before they run\n` +
          '  hint: import it with a literal name (import x from \'./x\' or require(\'./x\')); data can be read with fs.readFileSync',
      );
      e.code = 'ERR_FERRIDRIVER_DYNAMIC_REQUIRE';
      throw e;
    };
    require.resolve = (id) => {
      const name = String(id);
      if (own(builtins, name)) return name;
      const found = bundled(name);
      if (found) return found[0];
      const file = /^(\.{1,2}\/|\/)/.test(name) ? fileOf(name, dir) : undefined;
      if (file === undefined) throw notFound(name, dir);
      return file;
    };
    return require;
  }
  // In the frozen module map the bundles import from (no global of its own).
  modules.requireFrom = requireFrom;
})(globalThis);
