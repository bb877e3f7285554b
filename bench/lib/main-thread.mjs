// The page's main thread as the benchmarks see it (bench/app-analysis-longtasks.mjs,
// bench/app-pgn-import-longtasks.mjs): long tasks from the page's own PerformanceObserver, and a
// DevTools trace of the renderer's main thread, whose tasks carry wall time (dur) and CPU time (tdur).

// Starts collecting long tasks (wall ms) into window.__longTasks; empty it to start a new count.
export function observeLongTasks(page) {
  return page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask' });
  });
}

// Traces while `during()` runs; gives its value, every timed event of the renderer's main thread
// (onMain) and the main thread's tasks (RunTask).
export async function traceMainThread(cdp, during) {
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReturnAsStream' });
  const value = await during();
  const ended = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  const { stream } = await ended;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream });
    text += chunk.data;
    if (chunk.eof) break;
  }
  const parsed = JSON.parse(text);
  const events = parsed.traceEvents ?? parsed;
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`));
  const onMain = events.filter((e) => mains.has(`${e.pid}:${e.tid}`) && e.dur);
  return { value, onMain, tasks: onMain.filter((e) => e.name === 'RunTask') };
}
