// Tells "the database is down, locked or read-only" apart from every other failure, so
// the web layer can answer 503 ("try again") instead of a generic 500. Drivers report
// these through codes on the error or on its causes (Prisma wraps the driver's error).
import { SystemError } from "@/lib/errors";

export const STORAGE_UNAVAILABLE_DIGEST = "storage-unavailable";

/** The database cannot be reached, is locked, or is read-only: trying again later may work. */
export class StorageUnavailableError extends SystemError {
  override readonly name = "StorageUnavailableError";
  override readonly kind = "unavailable";
  /** Kept by Next.js when it masks server errors in production: the error page recognizes it. */
  readonly digest = STORAGE_UNAVAILABLE_DIGEST;
  constructor(options?: { cause?: unknown }) {
    super("The database is unavailable right now. Nothing was changed; please try again in a moment.", options);
  }
}

/** SQLite result codes and PostgreSQL/Node codes that mean the storage is unavailable for now. */
const UNAVAILABLE_CODES = new Set([
  // SQLite (better-sqlite3): locked by another connection or process, read-only or missing file, I/O failure, disk full.
  "SQLITE_BUSY",
  "SQLITE_LOCKED",
  "SQLITE_READONLY",
  "SQLITE_CANTOPEN",
  "SQLITE_IOERR",
  "SQLITE_FULL",
  "SQLITE_PROTOCOL",
  // Node sockets (PostgreSQL unreachable).
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  // PostgreSQL SQLSTATE: connection exceptions, shutting down, too many connections, read-only transaction, disk full.
  "08000",
  "08001",
  "08003",
  "08006",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "25006",
  "53100",
  // Prisma: can't reach the server, timed out, connection pool timeout.
  "P1001",
  "P1002",
  "P1008",
  "P1017",
  "P2024",
]);

const UNAVAILABLE_MESSAGES = [/database is locked/i, /readonly database/i, /unable to open database/i, /disk I\/O error/i, /Connection terminated/i];

/** A driver code, or its SQLite base code (SQLITE_IOERR_WRITE → SQLITE_IOERR), that means "unavailable". */
function isUnavailableCode(code: unknown): boolean {
  return typeof code === "string" && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_CODES.has(code.replace(/^(SQLITE_[A-Z]+)_.+$/, "$1")));
}

/** True when `error` (or a cause it wraps, up to a few levels) says the database is unavailable. */
function isStorageUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; originalCode?: unknown };
    if (isUnavailableCode(candidate.code) || isUnavailableCode(candidate.originalCode)) return true;
    if (typeof candidate.message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(candidate.message as string))) return true;
    current = candidate.cause;
  }
  return false;
}

/**
 * The "try again" form of `error` when it is one: a SystemError of kind "unavailable" as it
 * is, a driver error that says the database is down as a StorageUnavailableError; else null.
 * Both error mappers of the web layer answer from this.
 */
export function asUnavailable(error: unknown): SystemError | null {
  if (error instanceof SystemError && error.kind === "unavailable") return error;
  return isStorageUnavailable(error) ? new StorageUnavailableError({ cause: error }) : null;
}
