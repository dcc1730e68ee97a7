"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { nodeUnpacker } from "@/lib/data/runs/packedNodes";
import { isFinishedRunStatus, LiveEvent, type RunNodeSummary, type SequencedEvent } from "@/lib/data/runs/types";
import { LiveRunStore, type LiveRunHeader, type LiveRunSnapshot } from "@/lib/runs/live/liveRunStore";
import { readTimelineStream, timelineUrl } from "@/lib/runs/live/timelineStream";

/** Live events are applied in batches at most this often, so a burst renders once. */
const APPLY_EVERY_MS = 50;
/** While a large run's nodes stream in, the timeline is redrawn at most this often. */
const REDRAW_WHILE_LOADING_MS = 1_000;

/**
 * Follows a run over Server-Sent Events into `store`, from its last seq on. EventSource
 * reconnects by itself and sends Last-Event-ID, so a dropped connection resumes where
 * it stopped. Does nothing when `follow` is false (a finished run).
 */
export function useRunEvents(runId: string, store: LiveRunStore, follow: boolean): void {
  useEffect(() => {
    if (!follow) return;
    const source = new EventSource(`/api/runs/${encodeURIComponent(runId)}/events?after=${store.getSnapshot().lastSeq}`);
    let pending: SequencedEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const applyPending = () => {
      timer = undefined;
      store.apply(pending);
      pending = [];
    };
    source.onmessage = (message: MessageEvent<string>) => {
      const event = LiveEvent.safeParse(JSON.parse(message.data));
      if (!event.success) return;
      pending.push({ seq: Number(message.lastEventId), event: event.data });
      timer ??= setTimeout(applyPending, APPLY_EVERY_MS);
    };
    source.addEventListener("end", () => {
      source.close();
      if (timer) clearTimeout(timer);
      applyPending();
    });
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [follow, runId, store]);
}

/** How far the timeline stream has come: nodes loaded of the run's count, and whether it ended (or failed). */
export type RunLoading = { loaded: number; count: number | null; done: boolean; error: string | null };

/**
 * A run's live state: its nodes streamed in chunks from the timeline route (the page's
 * HTML carries none), then followed live from the stream's last seq. The live events
 * wait until the last chunk is in: a chunk read before an event must not overwrite it.
 */
export function useLiveRun(runId: string, header: LiveRunHeader): { live: LiveRunSnapshot; loading: RunLoading } {
  const [store] = useState(() => new LiveRunStore({ header, nodes: [], lastSeq: 0 }));
  const [loading, setLoading] = useState<RunLoading>({ loaded: 0, count: null, done: false, error: null });
  const [follow, setFollow] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    const unpacker = nodeUnpacker();
    let loaded = 0;
    let count: number | null = null;
    let status = header.status;
    // Each redraw builds the whole tree and layout again: chunks are drawn in a few batches.
    let pending: RunNodeSummary[] = [];
    let drawnAt = 0;
    const draw = () => {
      if (pending.length === 0) return;
      store.load(pending);
      loaded += pending.length;
      pending = [];
      drawnAt = performance.now();
      setLoading({ loaded, count, done: false, error: null });
    };
    (async () => {
      // Not preloaded from the page: the 7 MB of a 100,000-node run would hold up its scripts.
      const response = await fetch(timelineUrl(runId), { signal: abort.signal });
      if (!response.ok || !response.body) throw new Error(`the server answered ${response.status}`);
      await readTimelineStream(response.body, {
        head(head) {
          store.start(head);
          status = head.header.status;
          count = head.count;
          setLoading({ loaded, count, done: false, error: null });
        },
        chunk(chunk) {
          for (const node of unpacker.add(chunk)) pending.push(node);
          // The first chunk at once (the top of the timeline), then at most one redraw a second.
          if (loaded === 0 || performance.now() - drawnAt >= REDRAW_WHILE_LOADING_MS) draw();
        },
      });
      draw();
      setLoading({ loaded, count, done: true, error: null });
      // A waiting run has nothing to stream until someone answers (the page then renders again).
      setFollow(!isFinishedRunStatus(status) && status !== "waiting");
    })().catch((error: unknown) => {
      if (abort.signal.aborted) return;
      draw();
      setLoading({ loaded, count, done: true, error: error instanceof Error ? error.message : String(error) });
    });
    return () => abort.abort();
    // The page remounts this view for another run or status; the header is its first state only.
  }, [runId, store]);
  useRunEvents(runId, store, follow);
  return { live: useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot), loading };
}

/** The current time, re-read every `intervalMs` while `active` (bars of running work grow). */
export function useNow(active: boolean, intervalMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}
