// The analysis board's PGN file reader, a module Worker: lists the games of a .pgn file of any size
// without blocking the page. It imports the package by its name, as a project that installed it
// does; scripts/bundle-app.mjs bundles it into dist/app-pgn-worker.js (the page loads that file:
// pgn-files.js). The file is read as a stream (Blob.stream()) through the package's incremental
// reader in headers-only mode, so what the Worker holds is one piece of the file and one game at a
// time, whatever the file's size.
//
// In:  {file: File|Blob}                  (one file per Worker)
// Out: {type: 'games', games, bytes}      a batch of games in file order: {index, offset, line,
//                                         column, tags} or {index, offset, line, column, error};
//                                         bytes: how much of the file has been read
//      {type: 'done', count, bytes}       the end of the file: count games in all
//      {type: 'failed', message}          the file could not be read
import { init } from 'escaque';
import { readPgnStream } from 'escaque/pgn';

// A batch goes to the page at least this often while games come, and at most this big: the page
// lists each batch in one task, which stays short.
const BATCH_MS = 100;
const BATCH_MAX = 500;

// The file's pieces, counting the bytes read.
async function* counted(stream, progress) {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      progress.bytes += value.length;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

async function list(file) {
  await init();
  const progress = { bytes: 0 };
  let batch = [];
  let sentAt = performance.now();
  let count = 0;
  const send = () => {
    self.postMessage({ type: 'games', games: batch, bytes: progress.bytes });
    batch = [];
    sentAt = performance.now();
  };
  for await (const r of readPgnStream(counted(file.stream(), progress), { headersOnly: true })) {
    const where = { index: r.index, offset: r.offset, line: r.line, column: r.column };
    batch.push(r.error ? { ...where, error: r.error.message } : { ...where, tags: r.game.tags });
    count++;
    if (batch.length >= BATCH_MAX || performance.now() - sentAt >= BATCH_MS) send();
  }
  if (batch.length) send();
  self.postMessage({ type: 'done', count, bytes: progress.bytes });
}

self.addEventListener('message', ({ data }) => {
  list(data.file).catch((e) => self.postMessage({ type: 'failed', message: e?.message ?? String(e) }));
}, { once: true });
