// bench:pix's query counter (docs/benchmarks.md): preloaded into the processes it measures
// (NODE_OPTIONS=--import), it counts the statements node-postgres sends and writes the
// running total to $BENCH_QUERY_COUNT_DIR/<pid> once a second when it changed (a write four
// times a second had cost the measured process up to 2.5 s of a 50 s run at load 15). A
// counter and a timer: nothing else in the process changes.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const file = path.join(process.env.BENCH_QUERY_COUNT_DIR ?? ".", String(process.pid));
let queries = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  queries += 1;
  return (query as (...given: unknown[]) => unknown).apply(this, args);
} as typeof query;
let written = -1;
const write = () => {
  if (queries === written) return;
  fs.writeFileSync(file, String(queries));
  written = queries;
};
setInterval(write, 1_000).unref();
process.on("exit", write);
