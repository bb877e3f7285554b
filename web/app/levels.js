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

/** UCI options for a level. */
export function levelOptions(level) {
  return level.elo === null
    ? { UCI_LimitStrength: false }
    : { UCI_LimitStrength: true, UCI_Elo: level.elo };
}
