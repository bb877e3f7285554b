// Short synthesised sounds (Web Audio; no audio files to download): move,
// capture, check, low time. Created on first use, after a user gesture.
let ctx = null;
let enabled = true;

const TONES = {
  move: [[440, 0.06]],
  capture: [[330, 0.05], [247, 0.07]],
  check: [[660, 0.07], [880, 0.09]],
  low: [[988, 0.08], [988, 0.08]],
  end: [[523, 0.12], [392, 0.18]],
};

export function setSoundEnabled(on) { enabled = Boolean(on); }

export function play(kind) {
  if (!enabled || typeof AudioContext !== 'function') return;
  // Browsers refuse (and warn about) audio before the person has interacted with the page.
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  try {
    ctx ??= new AudioContext();
    let t = ctx.currentTime;
    for (const [freq, length] of TONES[kind] ?? []) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.08, t);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + length);
      t += length + 0.02;
    }
  } catch {
    // No audio device: silence is fine.
  }
}
