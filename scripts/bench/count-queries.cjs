// bench:pix's query counter (docs/benchmarks.md): preloaded into the processes it measures
// (NODE_OPTIONS=--require), it counts the statements node-postgres sends and writes the
// running total to $BENCH_QUERY_COUNT_DIR/<pid> four times a second. A counter and a timer:
// nothing else in the process changes.
const fs = require("node:fs");
const path = require("node:path");
const pg = require("pg");

const file = path.join(process.env.BENCH_QUERY_COUNT_DIR, String(process.pid));
let queries = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  queries += 1;
  return query.apply(this, args);
};
const write = () => fs.writeFileSync(file, String(queries));
setInterval(write, 250).unref();
process.on("exit", write);
