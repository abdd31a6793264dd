/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`): self time per function and per area
 * (a Tessera source file, a package, Node internals, GC). Also a CLI:
 * `node dist/bench/profile-summary.js <file.cpuprofile> [top]`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapping, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { REPO_ROOT } from './paths.js';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
  readonly columnNumber: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface Hotspot {
  readonly function: string;
  /** Repository-relative file and line; compiled code is mapped back to its .ts source. */
  readonly location: string;
  readonly selfMs: number;
  readonly percent: number;
}

export interface ProfileSummary {
  readonly file: string;
  /** Sampled time, idle excluded. */
  readonly busyMs: number;
  readonly idleMs: number;
  readonly functions: readonly Hotspot[];
  /** Tessera's own functions (src/) by inclusive time, callees included: what their call trees cost. */
  readonly inclusive: readonly Hotspot[];
  readonly areas: readonly { readonly area: string; readonly selfMs: number; readonly percent: number }[];
}

const sourceMaps = new Map<string, SourceMap | null>();

/** The compiled file's source map (tsc writes one beside each .js), if it has one. */
function sourceMapOf(jsFile: string): SourceMap | null {
  if (!sourceMaps.has(jsFile)) {
    const mapFile = `${jsFile}.map`;
    sourceMaps.set(jsFile, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapPayload) : null);
  }
  return sourceMaps.get(jsFile) ?? null;
}

// findEntry answers {} for a position it cannot map.
function isMapping(entry: SourceMapping | object): entry is SourceMapping {
  return typeof (entry as Partial<SourceMapping>).originalSource === 'string';
}

/**
 * A frame → where a reader would look: `src/x.ts:line` (compiled Tessera code mapped back
 * through its source map), `node_modules/<pkg>/…`, `node:internal/…`; and the area it counts
 * towards (a src/ folder, an npm package, Node internals).
 */
function locate(frame: CallFrame): { location: string; area: string } {
  const { url, lineNumber, columnNumber } = frame;
  if (url === '') return { location: '(native)', area: '(native / V8)' };
  if (url.startsWith('node:')) return { location: `${url}:${lineNumber + 1}`, area: 'node internals' };
  const absolute = url.startsWith('file://') ? fileURLToPath(url) : url;
  const relative = path.relative(REPO_ROOT, absolute).split(path.sep).join('/');
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(relative);
  if (packageMatch?.[1]) {
    const packageName = packageMatch[1];
    return { location: `${relative.slice(relative.lastIndexOf(`node_modules/${packageName}`))}:${lineNumber + 1}`, area: `npm: ${packageName}` };
  }
  const entry = relative.startsWith('dist/') ? sourceMapOf(absolute)?.findEntry(lineNumber, columnNumber) : undefined;
  if (entry && isMapping(entry)) {
    const source = path.relative(REPO_ROOT, entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(absolute), entry.originalSource));
    const file = source.split(path.sep).join('/');
    return { location: `${file}:${entry.originalLine + 1}`, area: file.split('/').slice(0, 2).join('/') };
  }
  return { location: `${relative}:${lineNumber + 1}`, area: relative.split('/').slice(0, 3).join('/') };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

interface FunctionTotals {
  readonly name: string;
  readonly location: string;
  readonly area: string;
  us: number;
}

export function summarizeProfile(file: string, top = 25): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

  // One key per function (a function reached by several paths has several nodes).
  const keys = new Map<number, string>();
  const totals = new Map<string, FunctionTotals>();
  for (const node of profile.nodes) {
    const frame = node.callFrame;
    const { location, area } = frame.url === '' && frame.functionName.startsWith('(') ? { location: '', area: frame.functionName } : locate(frame);
    const name = frame.functionName || '(anonymous)';
    const key = `${name}@${location}`;
    keys.set(node.id, key);
    if (!totals.has(key)) totals.set(key, { name, location, area, us: 0 });
  }

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const byArea = new Map<string, number>();
  let idleUs = 0;
  let busyUs = 0;
  for (let index = 0; index < profile.samples.length; index += 1) {
    const id = profile.samples[index];
    // A sample lasts until the next one is taken.
    const us = Math.max(profile.timeDeltas[index + 1] ?? 0, 0);
    const key = id === undefined ? undefined : keys.get(id);
    if (id === undefined || key === undefined) continue;
    if (nodes.get(id)?.callFrame.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    busyUs += us;
    self.set(key, (self.get(key) ?? 0) + us);
    const area = totals.get(key)?.area ?? '?';
    byArea.set(area, (byArea.get(area) ?? 0) + us);
    // Each function on the stack once, however deep it recurses.
    const onStack = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parents.get(node)) {
      const stackKey = keys.get(node);
      if (stackKey !== undefined) onStack.add(stackKey);
    }
    for (const stackKey of onStack) inclusive.set(stackKey, (inclusive.get(stackKey) ?? 0) + us);
  }

  const percent = (us: number): number => (busyUs === 0 ? 0 : round((us / busyUs) * 100));
  const hotspots = (times: Map<string, number>, keep: (totals: FunctionTotals) => boolean): Hotspot[] =>
    [...times.entries()]
      .map(([key, us]) => ({ totals: totals.get(key), us }))
      .filter((entry): entry is { totals: FunctionTotals; us: number } => entry.totals !== undefined && keep(entry.totals))
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map(({ totals: entry, us }) => ({ function: entry.name, location: entry.location, selfMs: round(us / 1000), percent: percent(us) }));
  return {
    file,
    busyMs: round(busyUs / 1000),
    idleMs: round(idleUs / 1000),
    functions: hotspots(self, () => true),
    inclusive: hotspots(inclusive, (entry) => entry.location.startsWith('src/')),
    areas: [...byArea.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([area, us]) => ({ area, selfMs: round(us / 1000), percent: percent(us) })),
  };
}

export function formatSummary(summary: ProfileSummary, top = 15): string {
  const lines = [`${path.relative(REPO_ROOT, summary.file)}: ${summary.busyMs} ms busy, ${summary.idleMs} ms idle`, '  self%   self ms  function  (location)'];
  for (const hotspot of summary.functions.slice(0, top)) {
    lines.push(`  ${hotspot.percent.toFixed(1).padStart(5)}  ${hotspot.selfMs.toFixed(1).padStart(8)}  ${hotspot.function}  (${hotspot.location})`);
  }
  lines.push('  incl%   incl ms  Tessera function by inclusive time, callees included  (location)');
  for (const hotspot of summary.inclusive.slice(0, top)) {
    lines.push(`  ${hotspot.percent.toFixed(1).padStart(5)}  ${hotspot.selfMs.toFixed(1).padStart(8)}  ${hotspot.function}  (${hotspot.location})`);
  }
  lines.push('  self time by area:');
  for (const area of summary.areas.slice(0, 12)) lines.push(`  ${area.percent.toFixed(1).padStart(5)}  ${area.selfMs.toFixed(1).padStart(8)}  ${area.area}`);
  return lines.join('\n');
}

const invoked = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invoked) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error('Usage: node dist/bench/profile-summary.js <file.cpuprofile> [top]');
    process.exitCode = 2;
  } else {
    const count = Number(top ?? 25);
    console.log(formatSummary(summarizeProfile(path.resolve(file), count), count));
  }
}
