/**
 * A run's events after `afterSeq`, for a Server-Sent Events response: the stored ones,
 * then, while the run executes in this process, live ones from the hub (gap-free, see
 * eventHub.ts); a run executing elsewhere (a worker) is read from the database each time
 * its executor says it stored events (a PostgreSQL notification), else every `pollMs`. Ends
 * when the run has finished and everything was sent, or when `signal` aborts.
 */
import { getRun, listRunEvents } from "@/lib/data/runs";
import { listen, RUN_EVENTS_CHANNEL } from "./notifications";
import { liveRuns } from "./runtime";
import { isFinishedRunStatus, type SequencedEvent } from "@/lib/data/runs/types";

const PAGE = 5000;

export type FollowOptions = { teamId: string; runId: string; afterSeq: number; signal: AbortSignal; pollMs?: number };

export async function* followRun(options: FollowOptions): AsyncGenerator<SequencedEvent> {
  const { teamId, runId, signal } = options;
  await getRun(teamId, runId); // NotFoundError for another team's run
  let last = options.afterSeq;

  const inbox: SequencedEvent[] = [];
  let closed = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const subscription = liveRuns().subscribe(runId, {
    onEvent: (event) => {
      inbox.push(event);
      notify();
    },
    onClose: () => {
      closed = true;
      notify();
    },
  });
  signal.addEventListener("abort", notify, { once: true });

  try {
    for (;;) {
      const stored = await listRunEvents(teamId, runId, last, PAGE);
      for (const event of stored) {
        yield event;
        last = event.seq;
      }
      if (stored.length < PAGE) break;
    }

    if (subscription) {
      for (const event of [...subscription.backlog, ...inbox.splice(0)]) {
        if (event.seq <= last) continue;
        yield event;
        last = event.seq;
      }
      while (!signal.aborted) {
        const event = inbox.shift();
        if (event) {
          if (event.seq > last) {
            yield event;
            last = event.seq;
          }
          continue;
        }
        if (closed) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
      return;
    }

    // Woken by the executor's "stored up to here" notification, else by the poll timer.
    let notified = false;
    const unlisten = listen(RUN_EVENTS_CHANNEL, (payload) => {
      if (payload !== runId) return;
      notified = true;
      notify();
    });
    try {
      while (!signal.aborted) {
        notified = false;
        const run = await getRun(teamId, runId);
        const events = await listRunEvents(teamId, runId, last, PAGE);
        for (const event of events) {
          yield event;
          last = event.seq;
        }
        // A waiting run stops here too: answering it starts a new execution, followed anew.
        if ((isFinishedRunStatus(run.status) || run.status === "waiting") && events.length < PAGE) return;
        if (notified) continue; // stored while we read: read again now
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.pollMs ?? 500);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    } finally {
      unlisten();
    }
  } finally {
    subscription?.unsubscribe();
    signal.removeEventListener("abort", notify);
  }
}
