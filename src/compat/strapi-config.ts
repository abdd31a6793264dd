import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../core/config/app-config.js';
import { createEnvHelper } from '../core/config/env.js';
import { loadConfigExport } from '../core/config/load-config-file.js';
import type { StrapiConfig } from './strapi-object.js';

const CONFIG_FILE = /^([^.][^/]*?)\.(?:ts|mjs|js|cjs|json)$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The value at a dotted path (`server.host`), or undefined. */
function at(root: unknown, keys: readonly string[]): unknown {
  let value = root;
  for (const key of keys) {
    if (!isRecord(value) && !Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** `plugin::upload.sizeLimit` (and the older `plugin.upload.sizeLimit`) → `plugins.upload.config.sizeLimit`; anything else is a dotted path. */
function keysOf(name: string): string[] {
  const plugin = /^plugin(?:::|\.)([^.]+)(?:\.(.*))?$/.exec(name);
  if (plugin) return ['plugins', plugin[1]!, 'config', ...(plugin[2] ? plugin[2].split('.') : [])];
  return name.split('.').filter((key) => key.length > 0);
}

/**
 * `strapi.config`: every file of `config/` (`config/custom.js` too), each with
 * `config/env/<NODE_ENV>/<name>` merged over it, read as at start — `server.host` and
 * `server.port` as the server uses them (environment first).
 */
export async function loadStrapiConfig(config: AppConfig): Promise<StrapiConfig> {
  const { projectDir } = config;
  const source = { projectDir, env: createEnvHelper(config.env), environment: config.env.NODE_ENV || 'development' };
  let names: string[];
  try {
    names = [...new Set(readdirSync(path.join(projectDir, 'config')).map((entry) => CONFIG_FILE.exec(entry)?.[1]).filter((name): name is string => name !== undefined))].sort();
  } catch {
    names = [];
  }
  // The files the start read already are taken as it read them: each project file is evaluated once.
  const read: Readonly<Record<string, unknown>> = { server: config.files.server.value, plugins: config.files.plugins.value, admin: config.files.admin.value, middlewares: config.files.middlewares.value };
  const root: Record<string, unknown> = {};
  for (const name of names) root[name] = Object.hasOwn(read, name) ? read[name] : (await loadConfigExport(source, name)).value;
  root.server = { ...(isRecord(root.server) ? root.server : {}), host: config.server.host, port: config.server.port };
  return {
    get<T>(name: string, fallback?: T): T {
      const value = at(root, keysOf(name));
      return (value === undefined ? fallback : value) as T;
    },
    has(name: string): boolean {
      return at(root, keysOf(name)) !== undefined;
    },
    set(name: string, value: unknown): void {
      const keys = keysOf(name);
      // Copied along the path before it is written: the values the start read are shared and frozen.
      let object: Record<string, unknown> = root;
      for (const key of keys.slice(0, -1)) {
        const next = object[key];
        object[key] = isRecord(next) ? { ...next } : {};
        object = object[key] as Record<string, unknown>;
      }
      const last = keys[keys.length - 1];
      if (last !== undefined) object[last] = value;
    },
  };
}
