// The PGN reader of escaque/compat/chess.js: accepts exactly what chess.js 1.x's
// PGN grammar accepts and builds the same tree, so that loadPgn() plays,
// comments and fails like chess.js. (escaque's own reader, Chess.fromPgn, is
// more tolerant and keeps variations and NAGs; chess.js's grammar is narrower:
// e.g. only one comment after a move, no escapes in tag values.)
//
// The grammar (chess.js's, restated):
//   pgn        = tagPair* _ line _ marker? _ <end>
//   tagPair    = _ '[' _ [a-zA-Z]+ _ '"' [^"]* '"' _ ']'
//   line       = comment? move*
//   move       = _ moveNumber? _ san suffix? nag* _ comment? variation*
//   moveNumber = [0-9]* '.' _ '.'*
//   san        = ('O-O-O' | 'O-O' | '0-0-0' | '0-0' | [a-zA-Z][a-zA-Z1-8=-]+) [+#]?
//   suffix     = [!?]{1,2};  nag = _ '$' [0-9]+;  variation = _ '(' line _ ')'
//   comment    = '{' [^}]* '}' (line breaks -> space) | ';' [^\r\n]* (trimmed)
//   marker     = ('1-0' | '0-1' | '1/2-1/2' | '*') _ comment?
// Failures are reported as a PEG parser does: the expectations at the furthest
// position reached, named by rule ("move number", "variation", ...).

export class PgnSyntaxError extends Error {
  constructor(message, expected, found, location) {
    super(message);
    this.name = 'SyntaxError';
    this.expected = expected;
    this.found = found;
    this.location = location;
  }
}

const WHITESPACE = ' \t\r\n';
const SAN_TAIL = /[a-zA-Z1-8=-]/;
const LETTER = /[a-zA-Z]/;

class Parser {
  constructor(text) {
    this.text = text;
    this.pos = 0;
    this.silent = 0;
    this.failPos = 0;
    this.expected = new Set();
  }

  fail(what, at = this.pos) {
    if (this.silent > 0) return;
    if (at > this.failPos) {
      this.failPos = at;
      this.expected = new Set();
    }
    if (at === this.failPos) this.expected.add(what);
  }

  // A named rule: its own failure is reported under its name at its start.
  named(name, body) {
    const start = this.pos;
    this.silent++;
    const value = body();
    this.silent--;
    if (value === undefined) {
      this.pos = start;
      this.fail(name, start);
    }
    return value;
  }

  ws() {
    while (this.pos < this.text.length && WHITESPACE.includes(this.text[this.pos])) this.pos++;
    this.fail('whitespace');
  }

  literal(s) {
    if (this.text.startsWith(s, this.pos)) {
      this.pos += s.length;
      return s;
    }
    return undefined;
  }

  // Characters while test(c); at least `min`.
  run(test, min = 0) {
    const start = this.pos;
    while (this.pos < this.text.length && test(this.text[this.pos])) this.pos++;
    if (this.pos - start < min) {
      this.pos = start;
      return undefined;
    }
    return this.text.slice(start, this.pos);
  }

  // Runs a sequence; on failure restores the position and returns undefined.
  attempt(body) {
    const start = this.pos;
    const value = body();
    if (value === undefined) this.pos = start;
    return value;
  }

  tagPair() {
    return this.named('tag pair', () => this.attempt(() => {
      this.ws();
      if (!this.literal('[')) return undefined;
      this.ws();
      const name = this.named('tag name', () => this.run((c) => LETTER.test(c), 1));
      if (name === undefined) return undefined;
      this.ws();
      if (!this.literal('"')) return undefined;
      const value = this.named('tag value', () => this.run((c) => c !== '"'));
      if (!this.literal('"')) return undefined;
      this.ws();
      if (!this.literal(']')) return undefined;
      return [name, value];
    }));
  }

  moveNumber() {
    return this.named('move number', () => this.attempt(() => {
      this.run((c) => c >= '0' && c <= '9');
      if (!this.literal('.')) return undefined;
      this.ws();
      this.run((c) => c === '.');
      return true;
    }));
  }

  san() {
    return this.named('standard algebraic notation', () => this.attempt(() => {
      const start = this.pos;
      let body = this.literal('O-O-O') ?? this.literal('O-O') ?? this.literal('0-0-0') ?? this.literal('0-0');
      if (body === undefined) {
        if (this.pos < this.text.length && LETTER.test(this.text[this.pos])) {
          this.pos++;
          if (this.run((c) => SAN_TAIL.test(c), 1) === undefined) return undefined;
          body = '';
        } else {
          return undefined;
        }
      }
      if (this.text[this.pos] === '+' || this.text[this.pos] === '#') this.pos++;
      return this.text.slice(start, this.pos);
    }));
  }

  suffix() {
    return this.named('suffix annotation', () => {
      const start = this.pos;
      let n = 0;
      while (n < 2 && (this.text[this.pos] === '!' || this.text[this.pos] === '?')) { this.pos++; n++; }
      return n > 0 ? this.text.slice(start, this.pos) : undefined;
    });
  }

  nag() {
    return this.named('NAG', () => this.attempt(() => {
      this.ws();
      if (!this.literal('$')) return undefined;
      return this.run((c) => c >= '0' && c <= '9', 1);
    }));
  }

  comment() {
    const brace = this.named('brace comment', () => this.attempt(() => {
      if (!this.literal('{')) return undefined;
      const body = this.run((c) => c !== '}');
      if (!this.literal('}')) return undefined;
      return body.replace(/[\r\n]+/g, ' ');
    }));
    if (brace !== undefined) return brace;
    return this.named('rest of line comment', () => this.attempt(() => {
      if (!this.literal(';')) return undefined;
      return this.run((c) => c !== '\r' && c !== '\n').trim();
    }));
  }

  variation() {
    return this.named('variation', () => this.attempt(() => {
      this.ws();
      if (!this.literal('(')) return undefined;
      const line = this.line();
      this.ws();
      if (!this.literal(')')) return undefined;
      return line;
    }));
  }

  move() {
    return this.attempt(() => {
      this.ws();
      this.moveNumber();
      this.ws();
      const san = this.san();
      if (san === undefined) return undefined;
      const node = { move: san, variations: [] };
      const suffix = this.suffix();
      const nags = [];
      for (let n; (n = this.nag()) !== undefined;) nags.push(n);
      this.ws();
      const comment = this.comment();
      for (let v; (v = this.variation()) !== undefined;) node.variations.push(v);
      if (suffix) node.suffix = suffix;
      if (nags.length) node.nag = nags;
      if (comment !== undefined) node.comment = comment;
      return node;
    });
  }

  // A line as a tree: each node's variations[0] is the next move of the line,
  // the others the alternatives to that move.
  line() {
    const comment = this.comment();
    const root = comment !== undefined ? { comment, variations: [] } : { variations: [] };
    let parent = root;
    for (let node; (node = this.move()) !== undefined;) {
      parent.variations = [node, ...node.variations];
      node.variations = [];
      parent = node;
    }
    return root;
  }

  marker() {
    return this.named('game termination marker', () => this.attempt(() => {
      const result = this.literal('1-0') ?? this.literal('0-1') ?? this.literal('1/2-1/2') ?? this.literal('*');
      if (result === undefined) return undefined;
      this.ws();
      const comment = this.comment();
      return { result, comment: comment ?? null };
    }));
  }

  pgn() {
    const pairs = [];
    for (let t; (t = this.tagPair()) !== undefined;) pairs.push(t);
    this.ws();
    const headers = Object.fromEntries(pairs);
    const root = this.line();
    this.ws();
    const marker = this.marker();
    this.ws();
    if (this.pos < this.text.length) {
      this.fail('end of input');
      throw this.error();
    }
    if (marker?.comment) {
      let node = root;
      while (node.variations[0]) node = node.variations[0];
      node.comment = marker.comment;
    }
    return { headers, root, result: marker?.result };
  }

  error() {
    const names = [...this.expected].sort();
    const list = names.length <= 1 ? names.join('')
      : names.length === 2 ? `${names[0]} or ${names[1]}`
        : `${names.slice(0, -1).join(', ')}, or ${names[names.length - 1]}`;
    const at = this.failPos;
    const found = at < this.text.length ? this.text[at] : null;
    const shown = found === null ? 'end of input' : JSON.stringify(found);
    const location = { start: this.where(at), end: this.where(found === null ? at : at + 1) };
    return new PgnSyntaxError(`Expected ${list} but ${shown} found.`,
      names.map((description) => ({ type: 'other', description })), found, location);
  }

  where(offset) {
    const before = this.text.slice(0, offset).split('\n');
    return { offset, line: before.length, column: before[before.length - 1].length + 1 };
  }
}

// {headers, root, result}: root is the tree of the game (see Parser.line).
export function parsePgn(text) {
  return new Parser(text).pgn();
}
