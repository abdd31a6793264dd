// The benchmark points each server at its own copy of the seeded data: DATABASE_FILENAME on
// SQLite (the default), DATABASE_NAME on the local PostgreSQL server when DATABASE_CLIENT=postgres.
export default ({ env }) =>
  env('DATABASE_CLIENT', 'sqlite') === 'postgres'
    ? {
        connection: {
          client: 'postgres',
          connection: {
            host: env('DATABASE_HOST', '127.0.0.1'),
            port: env.int('DATABASE_PORT', 5432),
            user: env('DATABASE_USERNAME', 'postgres'),
            password: env('DATABASE_PASSWORD', ''),
            database: env('DATABASE_NAME'),
          },
          pool: { min: 0, max: env.int('DATABASE_POOL_MAX', 10) },
        },
      }
    : {
        connection: {
          client: 'sqlite',
          connection: { filename: env('DATABASE_FILENAME', '.tmp/bench.db') },
        },
      };
