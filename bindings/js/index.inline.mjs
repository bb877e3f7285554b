// escaque, self-contained: escaque-rules.wasm, escaque.wasm and the Engine's worker inside the
// JavaScript (inline.mjs says for whom). init() starts the rules from the bytes here; an Engine's worker
// starts from a Blob of its bundled code (a page's Content-Security-Policy must allow `worker-src
// blob:`) and compiles escaque.wasm from a Blob of its bytes. Nothing is fetched.
import { init as initModule } from './api.mjs';
import { Engine as FileEngine } from './engine.mjs';
import { blobUrl, decode, initFrom } from './inline.mjs';
import rulesWasm from './inline/escaque-rules-wasm.mjs';
import wasm from './inline/escaque-wasm.mjs';
import workerCode from './inline/engine-worker.mjs';

export * from './index.mjs';
export const init = initFrom(initModule, rulesWasm);

let workerUrl = null;
let wasmUrl = null;
export class Engine extends FileEngine {
  static name = 'Engine';  // (as Chess.name: a minifier renames the class)
  constructor(config = {}) {
    if (config === null || typeof config !== 'object' || config.workerUrl !== undefined) {
      super(config);
      return;
    }
    workerUrl ??= blobUrl(workerCode, 'text/javascript');
    const own = config.wasmUrl !== undefined ? {} : { wasmUrl: (wasmUrl ??= blobUrl(decode(wasm), 'application/wasm')) };
    super({ ...config, workerUrl, ...own });
  }
}
