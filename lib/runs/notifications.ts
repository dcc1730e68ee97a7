/**
 * Cross-process signals over PostgreSQL LISTEN/NOTIFY: "a run stored events up to seq N"
 * (so a web process streams a run executing on a worker without waiting for its next
 * poll) and "cancel this run" (so the worker running it stops at once). Notifications
 * only wake readers: the data itself is always read from the tables. On SQLite (one
 * process) there is nothing to signal and these do nothing.
 */
import pg from "pg";
import { resolveDatabaseConfig } from "@/lib/db/config";

export const RUN_EVENTS_CHANNEL = "swarm_run_events";
export const RUN_CANCEL_CHANNEL = "swarm_run_cancel";

type Handler = (payload: string) => void;

type Notifier = { pool: pg.Pool; listener: Promise<pg.Client> | null; handlers: Map<string, Set<Handler>> };

const holder = globalThis as typeof globalThis & { __swarmStudioNotifier?: Notifier | null };

function notifier(): Notifier | null {
  if (holder.__swarmStudioNotifier !== undefined) return holder.__swarmStudioNotifier;
  const config = resolveDatabaseConfig();
  holder.__swarmStudioNotifier =
    config.provider === "postgresql" ? { pool: new pg.Pool({ connectionString: config.url, max: 2 }), listener: null, handlers: new Map() } : null;
  holder.__swarmStudioNotifier?.pool.on("error", () => undefined);
  return holder.__swarmStudioNotifier;
}

/** Sends a notification; a failure only costs a reader its wake-up (it polls anyway). */
export async function notify(channel: string, payload: string): Promise<void> {
  const n = notifier();
  if (!n) return;
  try {
    await n.pool.query("select pg_notify($1, $2)", [channel, payload]);
  } catch {
    // Readers fall back to polling.
  }
}

/** Calls `handler` with each notification on `channel`; returns the unsubscribe. */
export function listen(channel: string, handler: Handler): () => void {
  const n = notifier();
  if (!n) return () => {};
  let handlers = n.handlers.get(channel);
  if (!handlers) {
    handlers = new Set();
    n.handlers.set(channel, handlers);
    if (n.listener) void n.listener.then((client) => client.query(`LISTEN ${channel}`)).catch(() => undefined);
    else startListener(n);
  }
  handlers.add(handler);
  return () => handlers.delete(handler);
}

/** One LISTEN connection per process, listening to every channel; when it drops, a new one takes over. */
function startListener(n: Notifier): void {
  const retry = () => {
    n.listener = null;
    setTimeout(() => startListener(n), 1_000).unref?.();
  };
  const client = new pg.Client({ connectionString: (n.pool.options as { connectionString: string }).connectionString });
  client.on("notification", (message) => {
    for (const handler of n.handlers.get(message.channel) ?? []) handler(message.payload ?? "");
  });
  client.on("error", () => {
    void client.end().catch(() => undefined);
    retry();
  });
  n.listener = (async () => {
    await client.connect();
    for (const channel of n.handlers.keys()) await client.query(`LISTEN ${channel}`);
    return client;
  })();
  n.listener.catch(retry);
}

/**
 * Closes this process's notification connections and forgets its database, so the next
 * use connects to whatever DATABASE_URL says then (tests switch databases in one process).
 */
export async function closeNotifications(): Promise<void> {
  const n = holder.__swarmStudioNotifier;
  delete holder.__swarmStudioNotifier;
  if (!n) return;
  const listener = await n.listener?.catch(() => null);
  await Promise.all([listener?.end().catch(() => undefined), n.pool.end().catch(() => undefined)]);
}
