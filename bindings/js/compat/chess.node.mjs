// escaque/compat/chess.js under Node (package.json "exports", condition "node"): chess.mjs with
// Node's file access loaded first (chess.mjs awaits init() as it loads), so that a bundle made
// for Node includes it.
import '../node-files.mjs';

export * from './chess.mjs';
