import { sql } from 'kysely';
import type { Executor } from './database.js';

/** The cheapest round trip to the database: readiness checks whether it answers. */
export async function ping(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
