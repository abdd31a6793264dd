import type { DatabaseKind } from './bench-database.js';
import type { InstanceSweep } from './instance-sweep.js';
import type { PairSide } from './measure-pair.js';
import type { LoadSettings } from './options.js';
import type { MemoryReading } from './processes.js';
import type { ProfileSummary } from './profile-summary.js';
import type { ScenarioName } from './scenarios.js';
import type { StartupResult } from './startup.js';

export interface ScenarioResult {
  readonly scenario: ScenarioName;
  readonly description: string;
  readonly tessera: PairSide;
  readonly baseline: PairSide;
  /** Tessera req/s ÷ baseline req/s. */
  readonly ratio: number;
  readonly targetRatio: number;
  readonly met: boolean;
  /** SQL statements Tessera ran for the scenario's first request (statement-count.ts). */
  readonly tesseraStatements: number | null;
}

export interface MemoryResult {
  readonly idleAfterStart: MemoryReading;
  readonly idleAfterLoad: MemoryReading;
}

export type ScenarioProfile = ProfileSummary & { readonly scenario: ScenarioName };

/** Everything measured on one database kind. */
export interface DatabaseReport {
  readonly database: DatabaseKind;
  readonly seedMs: number;
  readonly scenarios: readonly ScenarioResult[];
  readonly memory: { readonly tessera: MemoryResult; readonly baseline: MemoryResult; readonly targetMb: number; readonly met: boolean };
  /** PostgreSQL only: read throughput with several Tessera processes on one database. */
  readonly instances: InstanceSweep | null;
  readonly profiles: readonly ScenarioProfile[];
}

export interface BenchReport {
  readonly date: string;
  readonly machine: { readonly cpus: number; readonly cpuModel: string; readonly memoryGb: number; readonly node: string; readonly platform: string };
  readonly settings: LoadSettings;
  /** 1-minute load average before and after the run: anything well above 1 means something else competed for the CPUs. */
  readonly loadAverage: { readonly before: number; readonly after: number };
  readonly startup: StartupResult & { readonly targetMs: number; readonly met: boolean };
  readonly databases: readonly DatabaseReport[];
}

function cell(value: string, width: number, alignLeft = false): string {
  return alignLeft ? value.padEnd(width) : value.padStart(width);
}

const fixed = (value: number, digits = 0): string => value.toFixed(digits);

function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (values: readonly string[]): string => values.map((value, column) => cell(value, widths[column] ?? 0, column === 0)).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

function rss({ idleAfterStart: start, idleAfterLoad: after }: MemoryResult): string {
  const parts = (reading: MemoryReading): string => `${fixed(reading.anonMb, 1)} anon + ${fixed(reading.fileMb, 1)} file`;
  return `${fixed(start.rssMb, 1)} MB idle after start (${parts(start)}), ${fixed(after.rssMb, 1)} MB idle after the load runs (${parts(after)}; peak ${fixed(after.peakRssMb, 1)} MB)`;
}

function formatDatabase(report: DatabaseReport): string[] {
  const onPostgres = report.database === 'postgres';
  // CPU µs per response: the server's own, plus PostgreSQL's where it does the work in other processes.
  const micros = (side: PairSide): string => (onPostgres ? `${fixed(side.serverMicrosPerRequest)} + ${fixed(side.postgresMicrosPerRequest)}` : fixed(side.serverMicrosPerRequest));
  const rows = report.scenarios.map((result) => [
    result.scenario,
    fixed(result.tessera.load.requestsPerSecond),
    fixed(result.baseline.load.requestsPerSecond),
    fixed(result.ratio, 2),
    `≥ ${fixed(result.targetRatio, 1)} ${result.met ? 'ok' : 'MISSED'}`,
    `${fixed(result.tessera.load.latencyP50Ms, 1)} / ${fixed(result.tessera.load.latencyP99Ms, 1)}`,
    `${fixed(result.baseline.load.latencyP50Ms, 1)} / ${fixed(result.baseline.load.latencyP99Ms, 1)}`,
    micros(result.tessera),
    micros(result.baseline),
    result.tesseraStatements === null ? '?' : String(result.tesseraStatements),
  ]);
  const { memory, instances } = report;
  const cpuTitle = onPostgres ? 'CPU µs/req (server + PostgreSQL)' : 'CPU µs/req';
  const lines = [
    `${report.database} (seeded in ${fixed(report.seedMs)} ms)`,
    ...table(['scenario', 'Tessera req/s', 'baseline req/s', 'ratio', 'target', 'Tessera p50/p99 ms', 'baseline p50/p99 ms', `Tessera ${cpuTitle}`, `baseline ${cpuTitle}`, 'Tessera SQL/req'], rows),
    `Tessera RSS: ${rss(memory.tessera)} — target < ${memory.targetMb} MB ${memory.met ? 'ok' : 'MISSED'}`,
    `Baseline RSS: ${rss(memory.baseline)}`,
  ];
  if (instances) {
    lines.push(
      '',
      `Instances: Tessera processes on one ${report.database} database, autocannon round-robin over ${instances.connections} connections, ${instances.secondsPerPoint} s per point`,
      ...table(
        ['scenario', 'instances', 'req/s', '× 1 instance', 'p50/p99 ms', 'CPU µs/req (Tessera + PostgreSQL)', 'cores: Tessera', 'PostgreSQL', 'autocannon', 'other', 'machine'],
        instances.results.map((result) => [
          result.scenario,
          String(result.instances),
          fixed(result.load.requestsPerSecond),
          fixed(result.speedup, 2),
          `${fixed(result.load.latencyP50Ms, 1)} / ${fixed(result.load.latencyP99Ms, 1)}`,
          `${fixed(result.serverMicrosPerRequest)} + ${fixed(result.postgresMicrosPerRequest)}`,
          fixed(result.cpu.servers, 2),
          fixed(result.cpu.postgres, 2),
          fixed(result.cpu.harness, 2),
          fixed(result.cpu.other, 2),
          fixed(result.cpu.machine, 2),
        ]),
      ),
    );
  }
  return lines;
}

export function formatReport(report: BenchReport): string {
  const { startup, settings, machine } = report;
  return [
    `Tessera benchmark, ${report.date}: ${settings.documents} documents, ${settings.connections} connections, ${settings.durationSeconds} s measured per server and scenario (${settings.rounds} alternating rounds) after ${settings.warmupSeconds} s warm-up`,
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.platform}; load average ${fixed(report.loadAverage.before, 2)} before, ${fixed(report.loadAverage.after, 2)} after`,
    ...report.databases.flatMap((database) => ['', ...formatDatabase(database)]),
    '',
    `Start-up to first 200 (examples/blog on SQLite, median of ${startup.runsMs.length}): ${fixed(startup.medianMs)} ms (runs: ${startup.runsMs.map((ms) => fixed(ms)).join(', ')}) — target < ${startup.targetMs} ms ${startup.met ? 'ok' : 'MISSED'}; RSS at idle ${fixed(startup.idleRssMb, 1)} MB`,
  ].join('\n');
}
