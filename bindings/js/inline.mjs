// What the self-contained entries (index.inline.mjs, rules.inline.mjs) share: an init() that starts
// the module from bytes held in the JavaScript itself, for bundlers that emit no asset named by
// `new URL('…', import.meta.url)` and bundle no worker so named (esbuild, Rollup: package.json
// "exports" sends them here by default; docs/api.md "Bundlers"). The bytes are base64 in generated
// modules of dist/inline/ (scripts/inline-assets.mjs).

export const decode = (base64) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

// A URL of `data` (a string or bytes) for this page, as a Blob.
export const blobUrl = (data, type) => URL.createObjectURL(new Blob([data], { type }));

// init(options) of `initModule` that loads the module in `base64` unless the options say where a
// module is (url, locateFile or wasmBinary).
export function initFrom(initModule, base64) {
  return (options = {}) => {
    if (options === null || typeof options !== 'object' ||
        options.url !== undefined || options.locateFile !== undefined || options.wasmBinary !== undefined) {
      return initModule(options);
    }
    return initModule({ ...options, wasmBinary: decode(base64) });
  };
}
