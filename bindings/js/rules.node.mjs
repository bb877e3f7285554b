// escaque/rules under Node (package.json "exports", condition "node"): rules.mjs with Node's
// file access loaded up front, so that a bundle made for Node includes it.
import './node-files.mjs';

export * from './rules.mjs';
