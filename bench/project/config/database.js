// The benchmark points each server at its own copy of the seeded file through DATABASE_FILENAME.
export default ({ env }) => ({
  connection: {
    client: 'sqlite',
    connection: { filename: env('DATABASE_FILENAME', '.tmp/bench.db') },
  },
});
