import { parseArgs } from 'node:util';
import { DATABASE_KINDS, type DatabaseKind } from './bench-database.js';
import { SCENARIO_NAMES, type ScenarioName } from './scenarios.js';

export interface LoadSettings {
  readonly durationSeconds: number;
  readonly warmupSeconds: number;
  readonly rounds: number;
  readonly connections: number;
  readonly documents: number;
}

export interface BenchOptions {
  readonly load: LoadSettings;
  readonly databases: readonly DatabaseKind[];
  readonly startupRuns: number;
  readonly profile: 'auto' | 'always' | 'never';
  readonly profileSeconds: number;
  readonly only: readonly ScenarioName[] | null;
  /** Tessera process counts of the PostgreSQL instance sweep, ascending; empty skips it. */
  readonly instances: readonly number[];
  readonly instanceSeconds: number;
}

function positive(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a positive integer, got ${value}`);
  return number;
}

export function parseOptions(args: readonly string[]): BenchOptions {
  const { values: flags } = parseArgs({
    args: [...args],
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      rounds: { type: 'string', default: '2' },
      connections: { type: 'string', default: '10' },
      documents: { type: 'string', default: '10000' },
      'startup-runs': { type: 'string', default: '5' },
      profile: { type: 'string', default: 'auto' },
      'profile-duration': { type: 'string', default: '6' },
      only: { type: 'string' },
      database: { type: 'string', default: 'sqlite' },
      instances: { type: 'string', default: '1,2,4' },
      'instance-duration': { type: 'string', default: '4' },
    },
  });
  const profile = flags.profile;
  if (profile !== 'auto' && profile !== 'always' && profile !== 'never') throw new Error('--profile must be auto, always or never');
  const database = flags.database;
  const databases = database === 'all' ? DATABASE_KINDS : DATABASE_KINDS.filter((kind) => kind === database);
  if (databases.length === 0) throw new Error(`--database must be sqlite, postgres or all, got ${database}`);
  const only = flags.only === undefined ? null : flags.only.split(',').map((name) => name.trim());
  const unknown = only?.find((name) => !SCENARIO_NAMES.includes(name as ScenarioName));
  if (unknown !== undefined) throw new Error(`--only names ${unknown}; the scenarios are ${SCENARIO_NAMES.join(', ')}`);
  const instances =
    flags.instances === 'none' || flags.instances === '0'
      ? []
      : [...new Set(flags.instances.split(',').map((count) => positive('instances', count.trim())))].sort((a, b) => a - b);
  return {
    load: {
      durationSeconds: positive('duration', flags.duration),
      warmupSeconds: positive('warmup', flags.warmup),
      rounds: positive('rounds', flags.rounds),
      connections: positive('connections', flags.connections),
      documents: positive('documents', flags.documents),
    },
    databases,
    startupRuns: positive('startup-runs', flags['startup-runs']),
    profile,
    profileSeconds: positive('profile-duration', flags['profile-duration']),
    only: only as ScenarioName[] | null,
    instances,
    instanceSeconds: positive('instance-duration', flags['instance-duration']),
  };
}
