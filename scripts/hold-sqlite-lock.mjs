// Holds a lock on a SQLite file for a while, as another process might (a CLI, a backup,
// a second server mid-write): reproduces issue 10's frozen server by hand, and is the
// other process of tests/db/sqliteBusy.test.ts and bench/sqlite-lock.ts.
// Usage: node scripts/hold-sqlite-lock.mjs <file> <ms> [exclusive|shared]
// exclusive (the default): nobody else reads or writes; shared: an open read, so others
// may read and start writing but not commit. Prints "locked" once it holds the lock.
import Database from "better-sqlite3";

const [file, ms, mode = "exclusive"] = process.argv.slice(2);
if (!file || !Number.isFinite(Number(ms)) || !["exclusive", "shared"].includes(mode)) {
  console.error("usage: node scripts/hold-sqlite-lock.mjs <file> <ms> [exclusive|shared]");
  process.exit(2);
}
const db = new Database(file, { timeout: 30_000 });
if (mode === "exclusive") db.exec("BEGIN EXCLUSIVE");
else {
  db.exec("BEGIN");
  db.prepare("SELECT count(*) FROM sqlite_master").get();
}
process.stdout.write("locked\n");
setTimeout(() => {
  db.exec("COMMIT");
  db.close();
}, Number(ms));
