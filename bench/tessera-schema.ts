import { BENCH_PROJECT, TESSERA_ENTRY } from './paths.js';
import { freePort, startServer } from './processes.js';

/**
 * Starts Tessera once on an empty database and stops it: Tessera creates the schema itself
 * (its exact column layout and indexes), so the seeders only insert rows.
 */
export async function createSchemaWithTessera(env: Readonly<Record<string, string>>, project = BENCH_PROJECT): Promise<void> {
  const { server } = await startServer({
    name: 'tessera (schema creation)',
    args: [TESSERA_ENTRY, 'start', project],
    env,
    port: await freePort(),
    readyPath: '/api/articles',
  });
  await server.stop();
}
