// The engine levels the new-game dialog offers, named by approximate Elo (the
// engine's UCI_LimitStrength/UCI_Elo; full strength sets no limit).
export const LEVELS = [
  { id: 'beginner', name: 'Beginner (≈ 800)', elo: 800 },
  { id: 'novice', name: 'Novice (≈ 1100)', elo: 1100 },
  { id: 'club', name: 'Club player (≈ 1400)', elo: 1400 },
  { id: 'strong', name: 'Strong club player (≈ 1700)', elo: 1700 },
  { id: 'expert', name: 'Expert (≈ 2000)', elo: 2000 },
  { id: 'master', name: 'Master (≈ 2300)', elo: 2300 },
  { id: 'full', name: 'Full strength', elo: null },
];

export function levelById(id) { return LEVELS.find((l) => l.id === id) ?? LEVELS[2]; }

/**
 * UCI options for a level. Full strength evaluates with the NNUE network (its module is fetched on the first
 * such game and cached by the service worker; where it cannot be loaded the option is refused and the
 * engine plays on with the hand-written evaluation). A limited level evaluates by hand whatever "Use NNUE"
 * says (its Elo is calibrated that way), so it does not ask for the network and nothing is downloaded.
 */
export function levelOptions(level) {
  return level.elo === null
    ? { UCI_LimitStrength: false, 'Use NNUE': true }
    : { UCI_LimitStrength: true, UCI_Elo: level.elo };
}
