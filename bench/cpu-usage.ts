/**
 * Where the CPU went during a load run, from /proc (Linux only, as the targets are): the
 * server processes, every PostgreSQL process (other users of the same server included), the
 * harness itself (autocannon) and the whole machine. On 2 cores these share the same CPUs,
 * which is what the instance sweep shows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** USER_HZ: the unit of /proc's CPU times on every Linux this runs on. */
const TICKS_PER_SECOND = 100;

export interface CpuSample {
  readonly wallMs: number;
  /** Busy and total jiffies of all CPUs (/proc/stat). */
  readonly machineBusy: number;
  readonly machineTotal: number;
  readonly serverTicks: number;
  /** CPU ticks of each PostgreSQL process (postmaster, backends, WAL writer, …) by pid. */
  readonly postgresTicks: ReadonlyMap<string, number>;
  readonly harnessMicros: number;
}

/** Cores in use on average (1.0 = one core fully busy). */
export interface CpuShare {
  readonly machine: number;
  readonly servers: number;
  readonly postgres: number;
  readonly harness: number;
  /** What is left: other work on the machine, the kernel's network stack outside process time. */
  readonly other: number;
}

function processTicks(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // the process ended between listing and reading
  }
}

function postgresTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') ticks.set(entry, processTicks(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return ticks;
}

/**
 * PostgreSQL's CPU between two samples: a process in both counts its difference, one started
 * in between counts all of its time; one that ended in between is lost (its time cannot be read).
 */
function postgresDelta(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): number {
  let ticks = 0;
  for (const [pid, value] of after) ticks += value - (before.get(pid) ?? 0);
  return ticks;
}

export function sampleCpu(serverPids: readonly number[]): CpuSample {
  const [, ...times] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
  const values = times.map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already counted in user)
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  const usage = process.cpuUsage();
  return {
    wallMs: performance.now(),
    machineBusy: total - idle,
    machineTotal: total,
    serverTicks: serverPids.reduce((sum, pid) => sum + processTicks(pid), 0),
    postgresTicks: postgresTicks(),
    harnessMicros: usage.user + usage.system,
  };
}

export function cpuBetween(before: CpuSample, after: CpuSample): CpuShare {
  const seconds = (after.wallMs - before.wallMs) / 1000;
  const cores = os.cpus().length;
  const machine = ((after.machineBusy - before.machineBusy) / Math.max(1, after.machineTotal - before.machineTotal)) * cores;
  const servers = (after.serverTicks - before.serverTicks) / TICKS_PER_SECOND / seconds;
  const postgres = postgresDelta(before.postgresTicks, after.postgresTicks) / TICKS_PER_SECOND / seconds;
  const harness = (after.harnessMicros - before.harnessMicros) / 1e6 / seconds;
  return { machine, servers, postgres, harness, other: Math.max(0, machine - servers - postgres - harness) };
}
