// The "stop within 50 ms" bar, measured fairly on a shared machine: while the
// stops are timed, a 1 ms timer in this thread measures how late the host
// itself gets the CPU. A run whose slowest stop misses the bar while the host
// was itself starved (timer late by more than 20 ms) says nothing about the
// engine, so it is measured again (at most `attempts` runs); the bar must be
// met by a run. Every run is reported.
export const STOP_BAR_MS = 50;
const STARVED_MS = 20;

export async function measureStopBar(name, measure, { attempts = 3, log = console.log } = {}) {
  let last;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const lateness = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const t = performance.now();
        await new Promise((r) => setTimeout(r, 1));
        lateness.push(performance.now() - t - 1);
      }
    })();
    const latencies = await measure();
    probing = false;
    await probe;
    const sorted = [...latencies].sort((a, b) => a - b);
    const hostLate = Math.max(0, ...lateness);
    last = { max: sorted.at(-1), median: sorted[Math.floor(sorted.length / 2)], hostLate, latencies, attempt };
    log(`# ${name}: ${latencies.length} stops, max ${last.max.toFixed(1)} ms, median ${last.median.toFixed(1)} ms` +
      ` (host timer late by up to ${hostLate.toFixed(1)} ms; run ${attempt})`);
    if (last.max <= STOP_BAR_MS || hostLate <= STARVED_MS) break;
  }
  return last;
}
