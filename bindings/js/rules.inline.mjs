// escaque/rules, self-contained: escaque-rules.wasm inside the JavaScript (inline.mjs says for whom).
import { init as initModule } from './api.mjs';
import { initFrom } from './inline.mjs';
import wasm from './inline/escaque-rules-wasm.mjs';

export * from './rules.mjs';
export const init = initFrom(initModule, wasm);
