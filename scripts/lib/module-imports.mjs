// What an ES module's text imports, read from the text alone (no parser): for the checks that walk the
// package's and the app's module graphs (scripts/layering.mjs, tests/node/app-sw, app-preload,
// package-publish, board-core-graph). Works on readable sources and on the minified files the build
// writes into dist/ (scripts/minify-js.mjs: `import{a as b}from"./x.mjs";export*from"./y.mjs"` on one
// line).
//
//   staticImports(source)  ['./x.mjs', 'escaque', ...]: import ... from, import 'x', export ... from
//   dynamicImports(source) the specifiers of import('literal')
//   importMetaUrls(source) the names in new URL('literal', import.meta.url) (workers, WebAssembly)

// Block comments, and line comments that fill their line (not `//` inside a string such as a URL).
const withoutComments = (source) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

// A statement starts the text or a line, or follows `;` or `}` (minified code). Between the keyword and
// `from` only names, `*`, braces, commas, `as` and whitespace (a multi-line import list included).
const STATIC = /(?:^|[;}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"'\n]+)["']/gm;
const DYNAMIC = /\bimport\(\s*["']([^"'\n]+)["']\s*\)/g;
const META_URL = /\bnew URL\(\s*["']([^"'\n]+)["']\s*,\s*import\.meta\.url\s*\)/g;

const all = (pattern, source) => [...withoutComments(source).matchAll(pattern)].map((m) => m[1]);

export const staticImports = (source) => all(STATIC, source);
export const dynamicImports = (source) => all(DYNAMIC, source);
export const importMetaUrls = (source) => all(META_URL, source);
