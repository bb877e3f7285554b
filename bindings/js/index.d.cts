// Types of the CommonJS entry (bindings/js/index.cjs): promises of the ES module
// namespaces, whose declarations are reached through the package's own exports.
type Escaque = typeof import('escaque', { with: { 'resolution-mode': 'import' } });
type Compat = typeof import('escaque/compat/chess.js', { with: { 'resolution-mode': 'import' } });
type InitOptions = import('escaque', { with: { 'resolution-mode': 'import' } }).InitOptions;

/** Loads and initializes the package; resolves to the main API (as `import * as escaque from 'escaque'`). */
export declare function init(options?: InitOptions): Promise<Escaque>;
/** Resolves to escaque/compat/chess.js (chess.js 1.x's API), ready to use. */
export declare function loadCompat(): Promise<Compat>;
