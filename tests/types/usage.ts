// Exercises every export of the package's type declarations; checked with
// `tsc -p tests/types` (scripts/test.sh). Never run: only its types matter.
import {
  AmbiguousMoveError, Chess, DisposedError, DrawOfferError, EscaqueError, GameOverError, HistoryError,
  IllegalMoveError, InvalidArgumentError, InvalidFenError, NotInitializedError, PgnParseError, Position, init,
  isInitialized,
} from 'escaque';
import type {
  BoardPiece, ClaimResult, Color, ErrorCode, HistoryMove, InitOptions, Language, Move, MoveInput, Outcome,
  Piece, PgnOptions, PositionMoveRef, Square,
} from 'escaque';

export async function usage(bytes: ArrayBuffer): Promise<void> {
  const options: InitOptions = { wasmBinary: bytes };
  await init(options);
  await init({ locateFile: (name, dir) => dir + name });
  await init({ url: new URL('https://example.org/escaque.wasm') });
  await init();
  const ready: boolean = isInitialized();

  const game = new Chess();
  const fromFen: Chess = Chess.fromFen('8/8/8/8/8/8/8/K6k w - - 0 1', { chess960: false });
  const c960: Chess = Chess.chess960(518);
  const fromPgn: Chess = Chess.fromPgn('1. e4 e5 *', { language: 'es' });
  const copy: Chess = game.clone();

  const moves: Move[] = game.moves({ language: 'es' });
  const first: Move = moves[0];
  const sq: Square = first.from;
  const castle: false | 'king' | 'queen' = first.flags.castle;
  const flags: boolean[] = [first.flags.capture, first.flags.enPassant, first.flags.promotion,
    first.flags.check, first.flags.checkmate];
  const promo: 'n' | 'b' | 'r' | 'q' | undefined = first.promotion;
  const uciList: string[] = game.movesUci();
  const fromE2: Move[] = game.movesFrom('e2');
  const lang: Language = 'de';
  const input: MoveInput = { from: 'e2', to: 'e4' };
  const played: Move = game.move('Cf3', { language: 'es' });
  game.move(input);
  game.move({ from: 'e7', to: 'e8', promotion: 'q' });
  const san: string = game.san('e2e4', lang);
  const undone: Move | null = game.undo();
  const redone: Move | null = game.redo();
  const sans: string[] = game.history();
  const verbose: HistoryMove[] = game.history({ verbose: true });
  const beforeFen: string = verbose[0].before + verbose[0].after;

  const fen: string = game.fen();
  const board: (BoardPiece | null)[][] = game.board();
  const piece: Piece | null = game.get('e4');
  const turn: Color = game.turn();
  const states: boolean[] = [game.isChess960(), game.inCheck(), game.isCheckmate(), game.isStalemate(),
    game.isDeadPosition(), game.isInsufficientMaterial(), game.canCheckmate('w'), game.canCheckmate('black'),
    game.isGameOver(), game.canClaimDraw(), game.disposed];
  const reps: number = game.repetitionCount();
  const outcome: Outcome = game.outcome();
  const winner: Color | null = outcome.winner;

  const claim: ClaimResult = game.claimDraw();
  const claim2: ClaimResult = game.claimDraw('Nf3');
  const granted: boolean = claim.granted && claim2.intendedMovePlayed;
  const offer: Color | null = game.drawOffer();
  game.offerDraw('w');
  game.acceptDraw();
  game.declineDraw();
  game.resign('b');
  game.flag('white');

  const pgnOptions: PgnOptions = { language: 'fr', clocks: [60_000], headers: { White: 'A' }, lineWidth: 0 };
  const pgn: string = game.pgn(pgnOptions) + game.pgn();
  const headers: Record<string, string> = fromPgn.headers();

  try {
    game.move('Nd2');
  } catch (e) {
    if (e instanceof AmbiguousMoveError) {
      const candidates: string[] = e.candidates;
      const code: ErrorCode = e.code;
      void candidates; void code;
    } else if (e instanceof IllegalMoveError) {
      const offset: number | undefined = e.offset;
      void offset;
    } else if (e instanceof PgnParseError) {
      const where: [number | undefined, number | undefined] = [e.line, e.column];
      void where;
    } else if (e instanceof InvalidFenError || e instanceof GameOverError || e instanceof HistoryError ||
               e instanceof DrawOfferError || e instanceof InvalidArgumentError ||
               e instanceof NotInitializedError || e instanceof DisposedError) {
      const message: string = e.message;
      void message;
    } else if (e instanceof EscaqueError) {
      const code: ErrorCode = e.code;
      void code;
    }
  }

  {
    using scoped = new Chess();
    scoped.move('e4');
  }
  game[Symbol.dispose]();
  game.dispose();

  // @ts-expect-error: a number is not a move
  game.move(42);
  // @ts-expect-error: colours are 'w' | 'b' | 'white' | 'black'
  game.resign('red');
  // @ts-expect-error: chess960 takes a boolean
  Chess.fromFen('', { chess960: 1 });

  void [ready, fromFen, c960, copy, sq, castle, flags, promo, uciList, fromE2, played, san, undone, redone,
    sans, beforeFen, fen, board, piece, turn, states, reps, winner, granted, offer, pgn, headers];

  // Position: a bare board with its own move stack.
  const pos: Position = Position.fromFen('8/8/8/8/8/8/8/K6k w - - 0 1', { chess960: false });
  const start = new Position();
  const posCopy: Position = start.clone();
  const ids: number[] = start.moveIds();
  const repetitionKey: string = start.key();
  const posUci: string[] = start.movesUci();
  const idText: string = start.uci(ids[0]);
  const posSan: string = start.san(ids[0]) + start.san('e2e4');
  start.play(ids[0]);
  start.play('e7e5');
  const tookBack: boolean = start.undo();
  // moves(): frozen shared objects, accepted wherever a move is.
  const listed: PositionMoveRef[] = start.moves();
  const firstListed: PositionMoveRef = listed[0];
  const described: [number, string, Square, Square, 'n' | 'b' | 'r' | 'q' | undefined] =
    [firstListed.id, firstListed.uci, firstListed.from, firstListed.to, firstListed.promotion];
  const sanFirst: string = start.san(firstListed);
  const playedSan: string =
    start.sanAndPlay(firstListed) + start.sanAndPlay('e7e5') + start.sanAndPlay(start.moveIds()[0]);
  const posReps: number = start.repetitionCount();
  start.play(start.moves()[0]);
  // @ts-expect-error: the move objects are read-only
  firstListed.uci = 'e2e4';
  const posState: [number, string, Color, boolean, boolean, boolean, boolean, boolean, number, boolean] = [
    start.plies(), start.fen(), start.turn(), start.isChess960(), start.inCheck(), start.isCheckmate(),
    start.isStalemate(), start.isInsufficientMaterial(), start.halfMoveClock(), start.disposed];
  {
    using scopedPosition = new Position();
    scopedPosition.play('Nf3');
  }
  posCopy[Symbol.dispose]();
  pos.dispose();
  // @ts-expect-error: a Position plays ids, text and its own moves() objects, not {from, to}
  start.play({ from: 'e2', to: 'e4' });
  void [ids, repetitionKey, posUci, idText, posSan, tookBack, posState, described, sanFirst, playedSan, posReps];
}

// ---- the Engine (issue 4) ----
import { Engine, EngineError } from 'escaque';
import type {
  Analysis, AnalysisOptions, BestMoveResult, EngineConfig, EngineDescription, EngineInfo, EngineOption,
  EnginePosition, EngineScore, SearchLimits, SearchOptions,
} from 'escaque';

export async function engineUsage(game: Chess): Promise<void> {
  const config: EngineConfig = { options: { Hash: 16, UCI_LimitStrength: true, UCI_Elo: 1500 }, sharedMemory: true };
  await using engine = new Engine(config);
  const described: EngineDescription = await engine.ready();
  const option: EngineOption | undefined = described.options[0];
  const shared: boolean = engine.sharedMemoryStop && described.sharedMemoryStop && !engine.searching && !engine.disposed;
  await engine.setOption('Skill Level', 10);
  await engine.setOption('Clear Hash');
  await engine.newGame();

  const positions: EnginePosition[] = ['startpos', '8/8/8/8/8/8/8/K6k w - - 0 1', { fen: 'startpos', moves: ['e2e4'] },
    { moves: ['e2e4'], chess960: false }, game];
  const limits: SearchLimits = { wtime: 60_000, btime: 60_000, winc: 1000, binc: 1000, movestogo: 20 };
  const options: SearchOptions = { onInfo: (info: EngineInfo) => void info.pv };
  const result: BestMoveResult = await engine.bestMove(positions[0], limits, options);
  const move: string | null = result.bestMove;
  const score: EngineScore | null = result.score;
  const lines: EngineInfo[] = result.lines;
  await engine.bestMove(game, { depth: 10, nodes: 100_000, movetime: 500, mate: 3, searchmoves: ['e2e4'] });
  const pondering = engine.bestMove('startpos', { ponder: true, wtime: 1000, btime: 1000 });
  engine.ponderhit();
  await pondering;

  const analysisOptions: AnalysisOptions = { multiPv: 3, infinite: true, onInfo: () => {} };
  const analysis: Analysis = engine.analyse('startpos', analysisOptions);
  for await (const info of analysis) {
    const depth: number = info.depth;
    const bound: 'exact' | 'lower' | 'upper' = info.score.bound;
    const san: string[] = info.san;
    void [depth, bound, san, info.seldepth, info.multipv, info.nodes, info.nps, info.hashfull, info.time];
    break;
  }
  const best: BestMoveResult = await analysis.stop();
  const top: EngineInfo[] = analysis.lines;
  const finished: boolean = analysis.done;
  await analysis.result;

  const off = engine.on('info', (info) => void info.score.value);
  off();
  const onBest = (r: BestMoveResult) => void r.ponder;
  engine.on('bestmove', onBest);
  const stopped: BestMoveResult | null = await engine.stop();
  await engine.dispose();
  await engine[Symbol.asyncDispose]();
  engine.terminate();

  try {
    await new Engine({ workerUrl: 'https://example.org/engine-worker.mjs' }).ready();
    await new Engine({ wasmUrl: new URL('https://example.org/escaque.wasm') }).ready();
  } catch (e) {
    if (e instanceof EngineError) {
      const code: ErrorCode = e.code;
      void code;
    }
  }
  // @ts-expect-error: limits are numbers
  engine.bestMove('startpos', { depth: '3' });
  // @ts-expect-error: only info and bestmove events
  engine.on('error', () => {});

  void [option, shared, move, score, lines, best, top, finished, stopped];
}
