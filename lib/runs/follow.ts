/**
 * A run's events after `afterSeq`, for a Server-Sent Events response: the stored ones,
 * then, while the run executes in this process, live ones from the hub (gap-free, see
 * eventHub.ts); a run executing elsewhere is followed by polling the database. Ends
 * when the run has finished and everything was sent, or when `signal` aborts.
 */
import { getRun, listRunEvents } from "@/lib/data/runs";
import { liveRuns } from "./service";
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

    while (!signal.aborted) {
      const run = await getRun(teamId, runId);
      const events = await listRunEvents(teamId, runId, last, PAGE);
      for (const event of events) {
        yield event;
        last = event.seq;
      }
      if (isFinishedRunStatus(run.status) && events.length < PAGE) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs ?? 500);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } finally {
    subscription?.unsubscribe();
    signal.removeEventListener("abort", notify);
  }
}
