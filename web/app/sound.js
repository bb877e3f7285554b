// Short sounds for move, capture, check, low time and the end of a game:
// tiny WAV files (web/sounds/, synthesised sine tones) played by <audio>
// elements. (A Web Audio context would do the same, but creating one can block
// the main thread for hundreds of milliseconds on some systems.)
const NAMES = ['move', 'capture', 'check', 'low', 'end'];
const cache = new Map();
let enabled = true;

export function setSoundEnabled(on) { enabled = Boolean(on); }

export function play(kind) {
  if (!enabled || !NAMES.includes(kind) || typeof Audio !== 'function') return;
  // Browsers refuse (and warn about) sound before the person has interacted with the page.
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  let audio = cache.get(kind);
  if (!audio) {
    audio = new Audio(new URL(`../sounds/${kind}.wav`, import.meta.url).href);
    audio.preload = 'auto';
    cache.set(kind, audio);
  }
  audio.currentTime = 0;
  audio.play().catch(() => { /* no audio device, or refused: silence is fine */ });
}
