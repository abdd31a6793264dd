// Loopback only: the benchmark never exposes a server beyond this machine.
export default ({ env }) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1340),
});
