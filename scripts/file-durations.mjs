import path from 'node:path';

// A node:test reporter (used by run-tests.mjs next to TAP) that writes one line per test file:
// its duration as node measured it in ms, the span from the file's start (its
// `test:dequeue`: Node enqueues every file at once) to its last event in ms (what the file held a
// runner slot for, module loading, hooks and app starts included), then the file.
// The runner prints the files with the longest spans.
export default async function* fileDurations(source) {
  const durations = new Map();
  const spans = new Map();
  for await (const event of source) {
    // Under run-tests.mjs a test file runs inside a suite named after it (in a generated group
    // file): that suite's events count for the file, from its start, hooks included.
    const name = event.data?.name;
    const file = event.data?.nesting === 0 && typeof name === 'string' && name.endsWith('.test.js') ? path.resolve(name) : event.data?.file;
    // (node 20 reports a file it runs in a process of its own the same way: a test named after it)
    if (!file) continue;
    const now = Date.now();
    const span = spans.get(file);
    if (span) span[1] = now;
    else if (event.type === 'test:dequeue') spans.set(file, [now, now]);
    if ((event.type === 'test:pass' || event.type === 'test:fail') && file !== event.data.file) {
      durations.set(file, (durations.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0));
    }
  }
  for (const [file, [first, last]] of spans) yield `${Math.round(durations.get(file) ?? 0)}\t${last - first}\t${file}\n`;
}
