import type { LoadResult } from './load.js';
import type { MemoryReading } from './processes.js';
import type { ProfileSummary } from './profile-summary.js';
import type { ScenarioName } from './scenarios.js';
import type { StartupResult } from './startup.js';

export interface ScenarioResult {
  readonly scenario: ScenarioName;
  readonly description: string;
  readonly tessera: LoadResult;
  readonly baseline: LoadResult;
  /** Tessera req/s ÷ baseline req/s. */
  readonly ratio: number;
  readonly targetRatio: number;
  readonly met: boolean;
}

export interface MemoryResult {
  readonly idleAfterStart: MemoryReading;
  readonly idleAfterLoad: MemoryReading;
}

export interface BenchReport {
  readonly date: string;
  readonly machine: { readonly cpus: number; readonly cpuModel: string; readonly memoryGb: number; readonly node: string; readonly platform: string };
  readonly settings: { readonly documents: number; readonly connections: number; readonly durationSeconds: number; readonly warmupSeconds: number; readonly rounds: number };
  /** 1-minute load average before and after the run: anything well above 1 means something else competed for the CPUs. */
  readonly loadAverage: { readonly before: number; readonly after: number };
  readonly scenarios: readonly ScenarioResult[];
  readonly startup: StartupResult & { readonly targetMs: number; readonly met: boolean };
  readonly memory: { readonly tessera: MemoryResult; readonly baseline: MemoryResult; readonly targetMb: number; readonly met: boolean };
  readonly profiles: readonly (ProfileSummary & { readonly scenario: ScenarioName })[];
}

function cell(value: string, width: number, alignLeft = false): string {
  return alignLeft ? value.padEnd(width) : value.padStart(width);
}

const fixed = (value: number, digits = 0): string => value.toFixed(digits);

function rss({ idleAfterStart: start, idleAfterLoad: after }: MemoryResult): string {
  const parts = (reading: MemoryReading): string => `${fixed(reading.anonMb, 1)} anon + ${fixed(reading.fileMb, 1)} file`;
  return `${fixed(start.rssMb, 1)} MB idle after start (${parts(start)}), ${fixed(after.rssMb, 1)} MB idle after the load runs (${parts(after)}; peak ${fixed(after.peakRssMb, 1)} MB)`;
}

export function formatReport(report: BenchReport): string {
  const header = ['scenario', 'Tessera req/s', 'baseline req/s', 'ratio', 'target', 'Tessera p50/p99 ms', 'baseline p50/p99 ms'];
  const rows = report.scenarios.map((result) => [
    result.scenario,
    fixed(result.tessera.requestsPerSecond),
    fixed(result.baseline.requestsPerSecond),
    fixed(result.ratio, 2),
    `≥ ${fixed(result.targetRatio, 1)} ${result.met ? 'ok' : 'MISSED'}`,
    `${fixed(result.tessera.latencyP50Ms, 1)} / ${fixed(result.tessera.latencyP99Ms, 1)}`,
    `${fixed(result.baseline.latencyP50Ms, 1)} / ${fixed(result.baseline.latencyP99Ms, 1)}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (values: readonly string[]): string => values.map((value, column) => cell(value, widths[column] ?? 0, column === 0)).join('  ');
  const { startup, memory, settings, machine } = report;
  return [
    `Tessera benchmark, ${report.date}: ${settings.documents} documents, ${settings.connections} connections, ${settings.durationSeconds} s measured per server and scenario (${settings.rounds} alternating rounds) after ${settings.warmupSeconds} s warm-up`,
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.platform}; load average ${fixed(report.loadAverage.before, 2)} before, ${fixed(report.loadAverage.after, 2)} after`,
    '',
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    '',
    `Start-up to first 200 (examples/blog, median of ${startup.runsMs.length}): ${fixed(startup.medianMs)} ms (runs: ${startup.runsMs.map((ms) => fixed(ms)).join(', ')}) — target < ${startup.targetMs} ms ${startup.met ? 'ok' : 'MISSED'}; RSS at idle ${fixed(startup.idleRssMb, 1)} MB`,
    `Tessera RSS: ${rss(memory.tessera)} — target < ${memory.targetMb} MB ${memory.met ? 'ok' : 'MISSED'}`,
    `Baseline RSS: ${rss(memory.baseline)}`,
  ].join('\n');
}
