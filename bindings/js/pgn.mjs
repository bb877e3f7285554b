// PGN game trees and many games (issue 14; docs/api.md "PGN game trees").
//
//   for (const { game, error } of readPgn(text)) ...              // every game of a string
//   for await (const { game, error } of readPgnStream(stream)) ... // Node Readable, web ReadableStream
//   const game = readPgnGame(text);   writePgn(game);   toChess(game, node);   fromChess(chess);
//
// A game is plain data (JSON- and structuredClone-able): tags, start FEN, comments, the mainline
// as an array of nodes, each with its variations (arrays of nodes), and the result. The C++ reader
// (bindings/embind/pgn_binding.cpp) answers each piece of the input in one buffer of bytes
// (bindings/embind/pgn_wire.h), decoded here one game at a time as the caller asks for it: one call
// per piece, never a call per move, and no JSON text on either side.
//
// The entry `escaque/pgn`, apart from the main one so that pages that never read PGN files do not
// load it (the main entry's size bar); it shares index.mjs's module, classes and errors.
import { Chess, InvalidArgumentError, PgnParseError, _wasmModule } from './api.mjs';

const api = { Chess, InvalidArgumentError, PgnParseError, wasm: _wasmModule, check };
function check(answer) {
  if (answer.ok) return answer;
  const { ok, code, message, ...details } = answer;
  throw code === 'INVALID_ARGUMENT' ? new InvalidArgumentError(message, details) : new PgnParseError(message, code, details);
}

const utf8 = new TextDecoder();
const utf8Encoder = new TextEncoder();
const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const CHUNK = 1 << 20;  // bytes handed to WebAssembly per call

function fail(message) { return new api.InvalidArgumentError(message); }

function readOptions(options, what) {
  if (options === undefined) return { language: 'en', headersOnly: false };
  if (options === null || typeof options !== 'object') throw fail(`${what}: options must be an object`);
  const { language = 'en', headersOnly = false } = options;
  if (typeof language !== 'string') throw fail(`${what}: language must be a string`);
  if (typeof headersOnly !== 'boolean') throw fail(`${what}: headersOnly must be a boolean`);
  return { language, headersOnly };
}

// ---- the wire decoder (bindings/embind/pgn_wire.h has the format) ----

const SAN_ALPHABET = '12345678abcdefghNBRQKx=+#O-';
const RESULT_CODES = ['*', '1-0', '0-1', '1/2-1/2'];
// pgn_wire.h's TAG_NAMES, in the same order.
const TAG_NAMES = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result', 'WhiteElo', 'BlackElo', 'TimeControl',
  'ECO', 'Termination', 'Opening', 'UTCDate', 'UTCTime', 'WhiteRatingDiff', 'BlackRatingDiff', 'Variant',
  'FEN', 'SetUp', 'Annotator', 'PlyCount', 'EventDate', 'WhiteTitle', 'BlackTitle', 'Time', 'Mode',
  'Link', 'StartTime', 'EndTime', 'EndDate', 'CurrentPosition', 'Timezone', 'WhiteFideId', 'BlackFideId',
  'WhiteTeam', 'BlackTeam', 'Board', 'Source', 'SourceDate'];
const sanCache = new Map();     // SAN code -> string: each SAN is made once and shared
const uciCache = [];            // UCI code -> string
const SQUARES = [];
for (let sq = 0; sq < 64; sq++) SQUARES.push('abcdefgh'[sq & 7] + '12345678'[sq >> 3]);

// An own property, even for a name such as "__proto__" (command names may be any word).
function own(object, name, value) {
  if (name === '__proto__') Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
  else object[name] = value;
}

// One piece's answer (a copy of its bytes), read front to back.
class Wire {
  constructor(bytes) { this.b = bytes; this.p = 0; }

  uvar() {
    const b = this.b;
    let x = b[this.p++];
    if (x < 0x80) return x;
    let v = x & 0x7f;
    let shift = 7;
    do {
      x = b[this.p++];
      v = shift < 28 ? v | ((x & 0x7f) << shift) : v + (x & 0x7f) * 2 ** shift;
      shift += 7;
    } while (x >= 0x80);
    return v;
  }

  svar() { const v = this.uvar(); return v % 2 ? -(v + 1) / 2 : v / 2; }

  number() {
    const v = this.uvar();
    return v === 1 ? Number(this.str()) : v / 2;
  }

  str() {
    const h = this.uvar();
    const n = (h - (h & 1)) / 2;
    const at = this.p;
    this.p += n;
    if (h & 1 || n > 64) return utf8.decode(this.b.subarray(at, at + n));  // UTF-8, or long
    if (n < 4) {
      const b = this.b;
      return n === 0 ? '' : n === 1 ? String.fromCharCode(b[at]) : n === 2 ? String.fromCharCode(b[at], b[at + 1])
        : String.fromCharCode(b[at], b[at + 1], b[at + 2]);
    }
    return String.fromCharCode.apply(null, this.b.subarray(at, at + n));
  }

  strings() {
    const n = this.uvar();
    const list = [];
    for (let i = 0; i < n; i++) list.push(this.str());
    return list;
  }

  san() {
    const v = this.uvar();
    if (v === 1) return this.str();
    let s = sanCache.get(v);
    if (s === undefined) {
      s = '';
      for (let code = v / 2; code > 0; code = Math.floor(code / 32)) s += SAN_ALPHABET[(code % 32) - 1];
      sanCache.set(v, s);
    }
    return s;
  }

  uci() {
    const v = this.uvar();
    let s = uciCache[v];
    if (s === undefined) {
      s = v === 0 ? '0000' : SQUARES[v & 63] + SQUARES[(v >> 6) & 63] + (v >> 12 ? 'nbrq'[(v >> 12) - 1] : '');
      uciCache[v] = s;
    }
    return s;
  }

  tags() {
    const tags = {};
    for (let n = this.uvar(); n > 0; n--) {
      const k = this.uvar();
      own(tags, k === 0 ? this.str() : TAG_NAMES[k - 1], this.str());
    }
    return tags;
  }

  line() {
    const n = this.uvar();
    const moves = new Array(n);
    for (let i = 0; i < n; i++) moves[i] = this.node();
    return moves;
  }

  node() {
    const flags = this.b[this.p++];
    const san = this.san();
    const uci = this.uci();
    let nags;
    if (flags & 1) {
      const n = this.uvar();
      nags = new Array(n);
      for (let i = 0; i < n; i++) nags[i] = this.b[this.p++];
    } else nags = [];
    const node = { san, uci, nags, commentsBefore: flags & 2 ? this.strings() : [], comments: flags & 4 ? this.strings() : [] };
    if (flags & 8) node.clock = this.number();
    if (flags & 16) node.emt = this.number();
    if (flags & 32) {
      const mate = this.b[this.p++] === 1;
      const value = this.svar();
      const depth = this.uvar() - 1;
      const e = mate ? { mate: value } : { cp: value };
      if (depth >= 0) e.depth = depth;
      node.eval = e;
    }
    if (flags & 64) {
      const commands = {};
      for (let n = this.uvar(); n > 0; n--) own(commands, this.str(), this.str());
      node.commands = commands;
    }
    if (flags & 128) {
      const n = this.uvar();
      const variations = new Array(n);
      for (let i = 0; i < n; i++) variations[i] = this.line();
      node.variations = variations;
    } else node.variations = [];
    return node;
  }

  // One record: {index, offset, line, column, game} or {..., error}; index and offset from the
  // piece's start, plus the bases given.
  record(index0, offset0, headersOnly) {
    const kind = this.b[this.p++];
    const index = index0 + this.uvar(), offset = offset0 + this.uvar(), line = this.uvar(), column = this.uvar();
    if (kind === 2) {
      const errorKind = this.str(), message = this.str(), errorLine = this.uvar(), errorColumn = this.uvar();
      const error = new api.PgnParseError(message, 'PGN_PARSE', { kind: errorKind, line: errorLine, column: errorColumn, game: index, offset });
      return { index, offset, line, column, error };
    }
    const tags = this.tags();
    if (headersOnly) return { index, offset, line, column, game: { tags } };
    const fen = this.str() || START_FEN;
    const chess960 = this.b[this.p++] === 1;
    const comments = this.strings();
    const moves = this.line();
    const result = RESULT_CODES[this.b[this.p++]];
    return { index, offset, line, column, game: { tags, fen, chess960, comments, moves, result } };
  }
}

// Reads a byte stream piece by piece: each feed() hands WebAssembly the bytes not read yet (up to
// the last line break unless the input ends there) and returns the records of the games that are
// complete, each decoded when it is asked for. What is kept between feeds is at most one game and
// one piece (and its answer's bytes): memory does not grow with the input.
class PieceReader {
  constructor(options) {
    this.language = utf8Encoder.encode(options.language);
    this.headersOnly = options.headersOnly;
    this.flags = options.headersOnly ? 2 : 0;
    this.pending = new Uint8Array(0);
    this.base = 0;    // byte offset of pending[0] in the whole input
    this.line = 1;    // its line and column
    this.column = 1;
    this.index = 0;   // games (good or bad) before it
  }

  // An iterator over the piece's records (decoded one at a time).
  feed(bytes, final) {
    let buf = bytes;
    if (this.pending.length) {
      buf = new Uint8Array(this.pending.length + bytes.length);
      buf.set(this.pending);
      buf.set(bytes, this.pending.length);
    }
    let limit = buf.length;
    if (!final) {
      // Whole lines, so that no token is cut; a file without line breaks is cut at a blank once
      // the piece is large (memory stays bounded), which only an "exd6 e.p." split there could trip.
      limit = buf.lastIndexOf(10) + 1;
      if (limit === 0 && buf.length > 4 * CHUNK) limit = buf.lastIndexOf(32) + 1;
      if (limit === 0) { this.pending = buf.slice(); return []; }
    }
    const answer = this.#read(buf.subarray(0, limit), final && limit === buf.length);
    const footer = new DataView(answer.buffer, answer.length - 32, 32);
    const consumed = footer.getFloat64(0, true), count = footer.getFloat64(24, true);
    const records = this.#records(new Wire(answer), count, this.index, this.base);
    this.index += count;
    this.base += consumed;
    this.line = footer.getFloat64(8, true);
    this.column = footer.getFloat64(16, true);
    this.pending = consumed === buf.length ? new Uint8Array(0) : buf.slice(consumed);
    return records;
  }

  * #records(wire, count, index0, offset0) {
    for (let i = 0; i < count; i++) yield wire.record(index0, offset0, this.headersOnly);
  }

  // The answer's bytes, copied out of WebAssembly memory (the next call reuses that buffer).
  #read(bytes, final) {
    const m = api.wasm();
    const n = bytes.length, k = this.language.length;
    const at = m._escaque_input(8 + n + k);
    const heap = m.HEAPU8;
    new DataView(heap.buffer, at, 8 + n + k).setUint32(0, n, true);
    heap.set(bytes, at + 4);
    new DataView(heap.buffer, at + 4 + n, 4 + k).setUint32(0, k, true);
    heap.set(this.language, at + 8 + n);
    const length = m._escaque_pgn_read(this.flags | (final ? 1 : 0), this.line, this.column);
    if (length < 0) {
      api.check({ ok: false, code: 'INVALID_ARGUMENT', message: `unknown language "${utf8.decode(this.language)}"` });
    }
    const out = m._escaque_pgn_output();
    return m.HEAPU8.slice(out, out + length);
  }
}

// Every game of a PGN text (a string, or its UTF-8 bytes), one record at a time:
// {index, offset, line, column, game} or {index, offset, line, column, error: PgnParseError}.
// offset is in bytes of UTF-8; line and column (1-based) are where the game starts.
export function* readPgn(text, options) {
  const o = readOptions(options, 'readPgn');
  let bytes;
  if (typeof text === 'string') bytes = utf8Encoder.encode(text);
  else if (text instanceof Uint8Array) bytes = text;
  else throw fail('readPgn(text): text must be a string or a Uint8Array');
  api.wasm();
  const reader = new PieceReader(o);
  for (let at = 0; ; at += CHUNK) {
    const final = at + CHUNK >= bytes.length;
    yield* reader.feed(bytes.subarray(at, Math.min(at + CHUNK, bytes.length)), final);
    if (final) return;
  }
}

// The same over a stream: a Node Readable, a web ReadableStream, or any (async) iterable of
// Uint8Array / ArrayBuffer / string pieces.
export async function* readPgnStream(stream, options) {
  const o = readOptions(options, 'readPgnStream');
  api.wasm();
  let pieces;
  if (stream && typeof stream[Symbol.asyncIterator] === 'function') pieces = stream;
  else if (stream && typeof stream.getReader === 'function') pieces = webPieces(stream);
  else if (stream && typeof stream[Symbol.iterator] === 'function' && typeof stream !== 'string') pieces = stream;
  else throw fail('readPgnStream(stream): expected a Node Readable, a ReadableStream or an async iterable');
  const reader = new PieceReader(o);
  for await (const piece of pieces) {
    let bytes;
    if (typeof piece === 'string') bytes = utf8Encoder.encode(piece);
    else if (piece instanceof Uint8Array) bytes = piece;
    else if (piece instanceof ArrayBuffer) bytes = new Uint8Array(piece);
    else throw fail('readPgnStream: the stream gave something else than bytes or text');
    for (let at = 0; at < bytes.length; at += CHUNK) {
      yield* reader.feed(bytes.subarray(at, Math.min(at + CHUNK, bytes.length)), false);
    }
  }
  yield* reader.feed(new Uint8Array(0), true);
}

async function* webPieces(stream) {
  const r = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await r.read();
      if (done) return;
      yield value;
    }
  } finally {
    r.releaseLock();
  }
}

// The first game of a PGN text as a tree; PgnParseError if it is bad or there is none.
export function readPgnGame(text, options) {
  if (typeof text !== 'string') throw fail('readPgnGame(text): text must be a string');
  const o = readOptions(options, 'readPgnGame');
  if (o.headersOnly) throw fail('readPgnGame: headersOnly is for readPgn');
  for (const record of readPgn(text, o)) {
    if (record.error) throw record.error;
    return record.game;
  }
  throw new api.PgnParseError('the PGN text holds no game', 'PGN_PARSE', { kind: 'no-game', line: 1, column: 1, game: 0 });
}

// ---- writing ----

const ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'];
const ROSTER_DEFAULTS = ['?', '?', '????.??.??', '?', '?', '?', '*'];
const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);

function escapeTag(value) { return String(value).replace(/[\\"]/g, '\\$&').replace(/[\r\n]/g, ' '); }

function clockText(ms) {
  const s = Math.floor(ms / 1000), frac = ms % 1000;
  let text = `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  if (frac) text += '.' + String(frac).padStart(3, '0').replace(/0+$/, '');
  return text;
}

function evalText(e) {
  let text = e.mate !== undefined ? `#${e.mate}` : (e.cp < 0 ? '-' : '') + (Math.abs(e.cp) / 100).toFixed(2);
  if (e.depth !== undefined) text += `,${e.depth}`;
  return text;
}

// The [%...] commands of a node, as written after its comments.
function commandText(node) {
  const parts = [];
  if (node.eval) parts.push(`[%eval ${evalText(node.eval)}]`);
  if (node.clock !== undefined) parts.push(`[%clk ${clockText(node.clock)}]`);
  if (node.emt !== undefined) parts.push(`[%emt ${clockText(node.emt)}]`);
  if (node.commands) for (const [name, value] of Object.entries(node.commands)) parts.push(`[%${name} ${value}]`);
  return parts.join(' ');
}

// Words laid out on lines of at most `width` characters (0: one line); a word is never split, and
// never starts a line with '%' (readers would skip that line).
class Lines {
  constructor(width) { this.width = width; this.out = []; this.line = ''; this.prefix = ''; }
  word(w) {
    if (this.prefix) { w = this.prefix + w; this.prefix = ''; }
    if (this.line === '') this.line = w;
    else if (this.width > 0 && this.line.length + 1 + w.length > this.width && w[0] !== '%') {
      this.out.push(this.line);
      this.line = w;
    } else this.line += ' ' + w;
  }
  glue(s) { this.line += s; }
  end() { if (this.line !== '') this.out.push(this.line); this.line = ''; }
}

function writeComment(lines, text) {
  text = String(text).replace(/\r\n|[\r\n]/g, ' ').trim();
  if (text.includes('}')) { lines.word(';' + text); lines.end(); return; }
  const words = text.split(' ');
  words[0] = '{' + words[0];
  words[words.length - 1] += '}';
  for (const w of words) lines.word(w);
}

function writeLine(lines, moves, ply, fullmove0, black0, opts, depth) {
  if (depth > 1024) throw fail('writePgn: variations nested more than 1024 levels deep');
  let needNumber = true;
  for (const node of moves) {
    const p = ply + (black0 ? 1 : 0);
    const number = fullmove0 + Math.floor(p / 2);
    const white = p % 2 === 0;
    if (opts.comments && node.commentsBefore?.length) {
      for (const c of node.commentsBefore) writeComment(lines, c);
      needNumber = true;
    }
    if (typeof node.san !== 'string' || node.san === '') throw fail('writePgn: a node without its SAN');
    if (white) lines.word(`${number}.`);
    else if (needNumber) lines.word(`${number}...`);
    lines.word(node.san);
    needNumber = false;
    if (opts.nags) for (const n of node.nags ?? []) lines.word(`$${n}`);
    if (opts.comments) {
      const texts = [...(node.comments ?? [])];
      const commands = commandText(node);
      if (commands) {
        if (texts.length) texts[texts.length - 1] += ' ' + commands;
        else texts.push(commands);
      }
      for (const c of texts) writeComment(lines, c);
      if (texts.length) needNumber = true;
    }
    if (opts.variations) {
      for (const v of node.variations ?? []) {
        if (!v.length) continue;
        lines.prefix = '(';
        writeLine(lines, v, ply, fullmove0, black0, opts, depth + 1);
        lines.glue(')');
        needNumber = true;
      }
    }
    ply++;
  }
}

function writeGame(game, opts) {
  if (game === null || typeof game !== 'object' || !Array.isArray(game.moves)) {
    throw fail('writePgn: expected a game tree ({tags, fen, moves, result, ...})');
  }
  const tags = { ...(game.tags ?? {}) };
  const fen = game.fen ?? START_FEN;
  if (fen !== START_FEN && tags.FEN === undefined) { tags.SetUp = '1'; tags.FEN = fen; }
  if (game.chess960 && tags.Variant === undefined) tags.Variant = 'Chess960';
  const result = RESULTS.has(game.result) ? game.result : (RESULTS.has(tags.Result) ? tags.Result : '*');
  let out = '';
  ROSTER.forEach((name, k) => {
    const value = tags[name] ?? (name === 'Result' ? result : ROSTER_DEFAULTS[k]);
    out += `[${name} "${escapeTag(value)}"]\n`;
  });
  for (const [name, value] of Object.entries(tags)) {
    if (ROSTER.includes(name)) continue;
    if (!/^[A-Za-z][A-Za-z0-9_+#=:/-]*$/.test(name)) throw fail(`writePgn: tag name ${JSON.stringify(name)} is not valid`);
    out += `[${name} "${escapeTag(value)}"]\n`;
  }
  const fields = fen.trim().split(/\s+/);
  const black0 = fields[1] === 'b';
  const fullmove0 = Math.max(1, Number.parseInt(fields[5] ?? '1', 10) || 1);
  const lines = new Lines(opts.lineWidth);
  if (opts.comments) for (const c of game.comments ?? []) writeComment(lines, c);
  writeLine(lines, game.moves, 0, fullmove0, black0, opts, 0);
  lines.word(result);
  lines.end();
  return out + '\n' + lines.out.join('\n') + '\n';
}

// PGN text of a game tree, or of several (a blank line between): the export format, with every
// comment, NAG, command ([%clk] ...) and variation the tree holds. options: {lineWidth = 80,
// comments = true, variations = true, nags = true}.
export function writePgn(games, options = {}) {
  if (options === null || typeof options !== 'object') throw fail('writePgn: options must be an object');
  const { lineWidth = 80, comments = true, variations = true, nags = true } = options;
  if (!Number.isInteger(lineWidth) || lineWidth < 0) throw fail('writePgn: lineWidth must be a non-negative integer');
  const opts = { lineWidth, comments: !!comments, variations: !!variations, nags: !!nags };
  const list = Array.isArray(games) ? games : [games];
  return list.map((g) => writeGame(g, opts)).join('\n');
}

// ---- walking and editing ----

// The mainline's nodes (the tree's own array).
export function mainline(game) { return game.moves; }

// Where a node is: the line holding it, its index there, and the nodes played before the line
// starts (from the game's start); null when the node is not in the game.
function locate(game, target) {
  const walk = (line, before) => {
    for (let i = 0; i < line.length; i++) {
      const node = line[i];
      if (node === target) return { line, index: i, before };
      for (const v of node.variations) {
        const found = walk(v, () => [...before(), ...line.slice(0, i)]);
        if (found) return found;
      }
    }
    return null;
  };
  const found = walk(game.moves, () => []);
  if (!found) throw fail('the node is not in this game');
  return found;
}

// The nodes played from the start to reach `node`, itself included.
export function pathTo(game, node) {
  const { line, index, before } = locate(game, node);
  return [...before(), ...line.slice(0, index + 1)];
}

// The moves (SAN, in `language`, or UCI) as a new variation of `node`: an alternative to it,
// from the position before it. Returns the new line. IllegalMoveError if a move is not legal.
export function addVariation(game, node, moves, options) {
  if (!Array.isArray(moves) || moves.length === 0) throw fail('addVariation: moves must be a non-empty array');
  const path = pathTo(game, node);
  const chess = toChessPath(game, path.slice(0, -1));
  const line = [];
  try {
    for (const text of moves) {
      const m = chess.move(text, options);
      line.push({ san: m.san, uci: m.uci, nags: [], commentsBefore: [], comments: [], variations: [] });
    }
  } finally {
    chess.dispose();
  }
  node.variations.push(line);
  return line;
}

// Removes the variation that starts with `node`; false when node starts no variation.
export function removeVariation(game, node) {
  const { line, index } = locate(game, node);
  if (index !== 0 || line === game.moves) return false;
  const owner = ownerOf(game, line);
  owner.variations.splice(owner.variations.indexOf(line), 1);
  return true;
}

// Makes the variation that starts with `node` the main continuation of its line: the moves it
// replaces become its first variation. false when node starts no variation.
export function promoteVariation(game, node) {
  const { line, index } = locate(game, node);
  if (index !== 0 || line === game.moves) return false;
  const owner = ownerOf(game, line);
  const host = locate(game, owner);
  const replaced = host.line.splice(host.index);   // owner and what follows it
  const others = owner.variations.filter((v) => v !== line);
  owner.variations = [];
  host.line.push(...line);
  node.variations = [replaced, ...others, ...node.variations];
  return true;
}

function ownerOf(game, line) {
  const walk = (l) => {
    for (const n of l) {
      if (n.variations.includes(line)) return n;
      for (const v of n.variations) { const o = walk(v); if (o) return o; }
    }
    return null;
  };
  return walk(game.moves);
}

function toChessPath(game, path) {
  const tags = { ...game.tags };
  delete tags.Result;
  delete tags.Termination;
  const strip = path.map((n) => ({ san: n.san, uci: n.uci, nags: [], commentsBefore: [], comments: [], variations: [] }));
  const text = writePgn({ tags, fen: game.fen, chess960: game.chess960, comments: [], moves: strip, result: '*' }, { lineWidth: 0 });
  return api.Chess.fromPgn(text);
}

// A Chess game at `node` (its moves from the start, node included), or with the whole mainline
// and the game's result when node is left out (as Chess.fromPgn). PgnParseError at a null move.
export function toChess(game, node) {
  if (game === null || typeof game !== 'object' || !Array.isArray(game.moves)) {
    throw fail('toChess: expected a game tree');
  }
  if (node === undefined) return api.Chess.fromPgn(writePgn(game, { comments: false, variations: false, nags: false }));
  return toChessPath(game, pathTo(game, node));
}

// The game tree of a Chess game: its tags, start, moves and result (as its pgn() writes them).
export function fromChess(chess) {
  if (!(chess instanceof api.Chess)) throw fail('fromChess: expected a Chess game');
  return readPgnGame(chess.pgn({ lineWidth: 0 }));
}
