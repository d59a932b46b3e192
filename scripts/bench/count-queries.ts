// bench:pix's query counter (docs/benchmarks.md): preloaded into the processes it measures
// (NODE_OPTIONS=--import), it counts the statements node-postgres sends and writes the
// running total to $BENCH_QUERY_COUNT_DIR/<pid> four times a second. A counter and a timer:
// nothing else in the process changes.
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
const write = () => fs.writeFileSync(file, String(queries));
setInterval(write, 250).unref();
process.on("exit", write);
