// validateFen of escaque/compat/chess.js: chess.js 1.x's FEN checks and messages,
// in chess.js's order (the first failing check is the one reported).
//
// These are chess.js's rules, not FIDE's nor escaque's: e.g. nine queens pass,
// and so does an en passant square with no pawn that could have made it. The
// main escaque API (Chess.fromFen) is stricter; see docs/api.md.

const BAD = (error) => ({ ok: false, error: `Invalid FEN: ${error}` });

export function validateFen(fen) {
  const fields = fen.split(/\s+/);
  if (fields.length !== 6) return BAD('must contain six space-delimited fields');

  const moveNumber = parseInt(fields[5], 10);
  if (Number.isNaN(moveNumber) || moveNumber <= 0) return BAD('move number must be a positive integer');

  const halfMoves = parseInt(fields[4], 10);
  if (Number.isNaN(halfMoves) || halfMoves < 0) {
    return BAD('half move counter number must be a non-negative integer');
  }
  if (!/^(-|[a-h][36])$/.test(fields[3])) return BAD('en-passant square is invalid');
  if (/[^kKqQ-]/.test(fields[2])) return BAD('castling availability is invalid');
  if (!/^(w|b)$/.test(fields[1])) return BAD('side-to-move is invalid');

  const rows = fields[0].split('/');
  if (rows.length !== 8) return BAD("piece data does not contain 8 '/'-delimited rows");
  for (const row of rows) {
    let width = 0;
    let afterDigit = false;
    for (const c of row) {
      if (c >= '0' && c <= '9') {
        if (afterDigit) return BAD('piece data is invalid (consecutive number)');
        width += Number(c);
        afterDigit = true;
      } else {
        if (!/^[prnbqkPRNBQK]$/.test(c)) return BAD('piece data is invalid (invalid piece)');
        width += 1;
        afterDigit = false;
      }
    }
    if (width !== 8) return BAD('piece data is invalid (too many squares in rank)');
  }

  if ((fields[3][1] === '3' && fields[1] === 'w') || (fields[3][1] === '6' && fields[1] === 'b')) {
    return BAD('illegal en-passant square');
  }
  for (const [letter, name] of [['K', 'white'], ['k', 'black']]) {
    const count = fields[0].split(letter).length - 1;
    if (count === 0) return BAD(`missing ${name} king`);
    if (count > 1) return BAD(`too many ${name} kings`);
  }
  if (/[pP]/.test(rows[0] + rows[7])) return BAD('some pawns are on the edge rows');
  return { ok: true };
}

// chess.js's load() completes a FEN of 2 to 5 fields with "- - 0 1"'s tail.
export function completeFen(fen) {
  const fields = fen.split(/\s+/);
  if (fields.length >= 2 && fields.length < 6) {
    return fields.concat(['-', '-', '0', '1'].slice(-(6 - fields.length))).join(' ');
  }
  return fen;
}
