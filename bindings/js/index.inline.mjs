// escaque, self-contained: escaque.wasm and the Engine's worker inside the JavaScript (inline.mjs says
// for whom). init() starts the module from the bytes here; an Engine's worker starts from a Blob of
// its bundled code (a page's Content-Security-Policy must allow `worker-src blob:`) and gets the
// module init() compiled, or, made before init(), a Blob of the bytes to compile. Nothing is fetched.
import { init as initModule, isInitialized } from './api.mjs';
import { Engine as FileEngine } from './engine.mjs';
import { blobUrl, decode, initFrom } from './inline.mjs';
import wasm from './inline/escaque-wasm.mjs';
import workerCode from './inline/engine-worker.mjs';

export * from './index.mjs';
export const init = initFrom(initModule, wasm);

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
    const own = config.wasmUrl !== undefined || isInitialized() ? {} : { wasmUrl: (wasmUrl ??= blobUrl(decode(wasm), 'application/wasm')) };
    super({ ...config, workerUrl, ...own });
  }
}
