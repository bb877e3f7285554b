#!/usr/bin/env node
// escaque's WebAssembly build as a UCI engine on stdin/stdout: the same
// UciSession as build/native/escaque-uci, so the two answer identically.
//
//   node bin/escaque-uci.mjs                       interactive / piped commands
//   node bin/escaque-uci.mjs "go perft 5" quit     commands as arguments run first
//
// Each command's reply is written (synchronously) before the next line is
// read; the process ends on `quit` or at the end of input.
import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';

function writeOut(text) {
  // fs.writeSync on fd 1 so that every reply is out before the next (possibly
  // long) command runs, whether stdout is a terminal, a pipe or a file.
  const bytes = Buffer.from(text, 'utf8');
  for (let done = 0; done < bytes.length;) {
    try {
      done += writeSync(1, bytes, done, bytes.length - done);
    } catch (e) {
      if (e.code === 'EAGAIN') continue;  // non-blocking pipe is full: retry
      if (e.code === 'EPIPE') process.exit(0);  // reader went away
      throw e;
    }
  }
}

let escaque;
try {
  // Imported here rather than statically so that a missing build gets a hint.
  const { loadEscaque } = await import('../dist/loader.mjs');
  escaque = await loadEscaque();
} catch (e) {
  process.stderr.write(`escaque-uci: ${e.message}\n(run "npm run build" to create dist/)\n`);
  process.exit(1);
}
const session = new escaque.UciSession();

function run(line) {
  const reply = session.handle(line);
  if (reply) writeOut(reply);
  return session.running();
}

for (const arg of process.argv.slice(2)) {
  if (!run(arg)) process.exit(0);
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
lines.on('line', (line) => {
  if (!run(line)) {
    lines.close();
    process.exit(0);
  }
});
lines.on('close', () => process.exit(0));
