#!/usr/bin/env node
// What the bytes of a .wasm are: sections, and function bodies grouped by name
// (needs a build linked with --profiling-funcs, which keeps the name section).
//
//   node scripts/wasm-sizes.mjs file.wasm [--top 40] [--group]
//
// --group sums functions by the C++ namespace/class or source area their
// demangled-ish name points to (escaque::Search..., std::__2::basic_ostream...,
// embind's internals); --top lists the largest functions.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const file = args[0];
const top = Number(args[args.indexOf('--top') + 1]) || 40;
const bytes = readFileSync(file);
let p = 8;
function leb() {
  let result = 0, shift = 0, b;
  do { b = bytes[p++]; result += (b & 0x7f) * 2 ** shift; shift += 7; } while (b & 0x80);
  return result;
}
const SECTIONS = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start',
  'element', 'code', 'data', 'datacount'];
let imports = 0;
const bodies = [];
const names = new Map();
const sections = [];
while (p < bytes.length) {
  const id = bytes[p++];
  const size = leb();
  const start = p;
  let label = SECTIONS[id];
  if (id === 0) {
    const n = leb();
    label = 'custom:' + bytes.subarray(p, p + n).toString();
    if (label === 'custom:name') {
      p += n;
      while (p < start + size) {
        const sub = bytes[p++];
        const subSize = leb();
        const subEnd = p + subSize;
        if (sub === 1) {
          const count = leb();
          for (let i = 0; i < count; i++) {
            const index = leb();
            const len = leb();
            names.set(index, bytes.subarray(p, p + len).toString());
            p += len;
          }
        }
        p = subEnd;
      }
    }
  } else if (id === 2) {
    const count = leb();
    for (let i = 0; i < count; i++) {
      // module and field names; leb() moves p, so read the length before adding it
      for (let k = 0; k < 2; k++) { const n = leb(); p += n; }
      const kind = bytes[p++];
      if (kind === 0) { leb(); imports++; } else if (kind === 1) { p++; const f = bytes[p++]; leb(); if (f & 1) leb(); }
      else if (kind === 2) { const f = bytes[p++]; leb(); if (f & 1) leb(); } else if (kind === 3) { p += 2; }
    }
  } else if (id === 10) {
    const count = leb();
    for (let i = 0; i < count; i++) {
      const len = leb();
      bodies.push({ index: imports + i, size: len, bytes: bytes.subarray(p, p + len) });
      p += len;
    }
  }
  sections.push({ label, size, gzip: gzipSync(bytes.subarray(start, start + size), { level: 9 }).length });
  p = start + size;
}
console.log(`${file}: ${bytes.length} B raw, ${gzipSync(bytes, { level: 9 }).length} B gzip -9`);
for (const s of sections) console.log(`  section ${s.label.padEnd(20)} ${String(s.size).padStart(8)} B  gzip ${String(s.gzip).padStart(7)} B`);

function area(name) {
  if (/^embind_|^_embind|emscripten::internal|emscripten::val|_Emval|__embind|^emval|\bEmval|BindingType|Invoker|MethodInvoker|FunctionInvoker|registerType|raw_destructor|operator_new|class_</.test(name)) return 'embind';
  if (/basic_ostream|basic_istream|basic_ios|ios_base|locale|num_put|num_get|ctype|codecvt|streambuf|basic_stringbuf|moneypunct|time_put|time_get|messages|collate|numpunct|__stdoutbuf|__stdinbuf/.test(name)) return 'libc++ iostream/locale';
  if (/^(dlmalloc|dlfree|malloc|free|sbrk|emmalloc|dlrealloc|realloc|calloc|internal_memalign|posix_memalign|prepend_alloc|tmalloc|mallinfo|dispose_chunk|init_mparams)/.test(name)) return 'malloc';
  if (/^(memcpy|memset|memmove|memcmp|strlen|strcmp|strncmp|strtol|strtod|snprintf|vsnprintf|vfprintf|printf_core|fmt_fp|frexp|pop_arg|fmt_|__|std::__2::__|std::__2::basic_string|std::__2::vector|operator new|operator delete|std::__2::to_string|abort|sn_write|out|pad|getint|wctomb|wcrtomb|isdigit|strchr|memchr|strtoull|strtoll)/.test(name)) return 'libc/libc++ other';
  const m = /^escaque::(?:\(anonymous namespace\)::)?([A-Za-z_]+)/.exec(name);
  if (m) return 'escaque::' + m[1];
  return 'other';
}
const rows = bodies.map((b) => ({ name: names.get(b.index) ?? `f${b.index}`, size: b.size }));
if (args.includes('--group')) {
  const groups = new Map();
  for (const r of rows) {
    const a = area(r.name);
    const g = groups.get(a) ?? { size: 0, count: 0 };
    g.size += r.size; g.count++;
    groups.set(a, g);
  }
  console.log('\nfunction bodies by area (raw bytes):');
  for (const [a, g] of [...groups].sort((x, y) => y[1].size - x[1].size)) {
    console.log(`  ${String(g.size).padStart(8)}  ${String(g.count).padStart(5)} fn  ${a}`);
  }
}
console.log(`\nlargest ${top} functions (raw bytes):`);
for (const r of rows.sort((a, b) => b.size - a.size).slice(0, top)) console.log(`  ${String(r.size).padStart(7)}  ${r.name.slice(0, 150)}`);
