"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { LiveRunStore, type LiveRunHeader, type LiveRunSnapshot } from "@/lib/runs/live/liveRunStore";
import { isFinishedRunStatus, LiveEvent, type RunNodeSummary, type SequencedEvent } from "@/lib/data/runs/types";

/** Live events are applied in batches at most this often, so a burst renders once. */
const APPLY_EVERY_MS = 50;

export type LiveRunInitial = { header: LiveRunHeader; nodes: readonly RunNodeSummary[]; lastSeq: number };

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

/** A run's live state, starting from what the server rendered. */
export function useLiveRun(runId: string, initial: LiveRunInitial): LiveRunSnapshot {
  const [store] = useState(() => new LiveRunStore(initial));
  // A waiting run has nothing to stream until someone answers (the page then renders again).
  useRunEvents(runId, store, !isFinishedRunStatus(initial.header.status) && initial.header.status !== "waiting");
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
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
