// The PGN trees' and readers' declarations (issue 14), checked by `tsc -p tests/types`.
import { Chess, PgnParseError } from 'escaque';
import type { Outcome, PgnImportWarning } from 'escaque';
import {
  addVariation, fromChess, mainline, pathTo, promoteVariation, readPgn, readPgnGame, readPgnStream, removeVariation,
  toChess, writePgn,
} from 'escaque/pgn';
import type { PgnEval, PgnGame, PgnHeaders, PgnNode, PgnRecord, PgnResult, PgnSource, PgnWriteOptions } from 'escaque/pgn';

export async function pgnUsage(text: string, bytes: Uint8Array, stream: ReadableStream<Uint8Array>): Promise<void> {
  const game: PgnGame = readPgnGame(text, { language: 'de' });
  const result: PgnResult = game.result;
  const nodes: PgnNode[] = mainline(game);
  const first: PgnNode = nodes[0];
  const clock: number | undefined = first.clock;
  const evaluation: PgnEval | undefined = first.eval;
  const cp: number | undefined = evaluation?.cp;
  const cal: string | undefined = first.commands?.cal;
  const lines: PgnNode[][] = first.variations;
  const path: PgnNode[] = pathTo(game, first);
  const added: PgnNode[] = addVariation(game, first, ['d4', 'd7d5'], { language: 'en' });
  const removed: boolean = removeVariation(game, added[0]) && promoteVariation(game, first);
  const options: PgnWriteOptions = { lineWidth: 0, comments: true, variations: false, nags: true };
  const written: string = writePgn(game, options) + writePgn([game, structuredClone(game)]);
  const chess: Chess = toChess(game, first);
  const whole: Chess = toChess(game);
  const back: PgnGame = fromChess(whole);
  const warnings: PgnImportWarning[] = Chess.fromPgn(text).importWarnings();
  const kind: 'result-contradicted' | 'played-on' | 'result-not-applied' = warnings[0].kind;
  const endedAt: number | undefined = (whole.outcome() as Outcome).endedAtPly;

  for (const record of readPgn(text)) {
    const where: [number, number, number, number] = [record.index, record.offset, record.line, record.column];
    if (record.error) {
      const e: PgnParseError = record.error;
      const at: [number | undefined, number | undefined, number | undefined] = [e.game, e.line, e.column];
      void at;
    } else {
      const g: PgnGame = record.game;
      void g;
    }
    void where;
  }
  for (const record of readPgn(bytes, { headersOnly: true })) {
    const tags: Record<string, string> | undefined = record.game?.tags;
    // @ts-expect-error: headers-only games have no moves
    void record.game?.moves;
    void tags;
  }
  const source: PgnSource = stream;
  for await (const record of readPgnStream(source)) {
    const r: PgnRecord = record;
    void r;
  }
  for await (const record of readPgnStream([text], { headersOnly: true })) {
    const h: PgnHeaders | undefined = record.game;
    void h;
  }
  // @ts-expect-error: the reader takes text or bytes
  readPgn(42);
  void [result, clock, cp, cal, lines, path, removed, written, chess, back, kind, endedAt];
}
