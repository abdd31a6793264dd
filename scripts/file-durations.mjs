// A node:test reporter (used by run-tests.mjs next to TAP) that writes one line per test file:
// the summed duration of its top-level tests, in ms, then the file. The runner prints the slowest.
export default async function* fileDurations(source) {
  const durations = new Map();
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      durations.set(event.data.file, (durations.get(event.data.file) ?? 0) + (event.data.details?.duration_ms ?? 0));
    }
  }
  for (const [file, ms] of durations) yield `${Math.round(ms)}\t${file}\n`;
}
