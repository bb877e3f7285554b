// escaque's main entry under Node (package.json "exports", condition "node"): index.mjs with
// Node's file access loaded up front, so that a bundle made for Node includes it.
import './node-files.mjs';

export * from './index.mjs';
