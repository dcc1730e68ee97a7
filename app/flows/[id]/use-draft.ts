"use client";

import { useCallback, useEffect, useState } from "react";

type StoredDraft = { baseVersion: number; text: string };

/**
 * The document being edited, mirrored to localStorage so a reload, a crash or a failed
 * save loses nothing. A draft remembers the version it started from, so saving a draft
 * made before a teammate's save is reported as a conflict instead of overwriting it.
 */
export function useDraft(flowId: string, latestVersion: number, savedText: string) {
  const key = `swarm-studio:draft:${flowId}`;
  const [draft, setDraft] = useState<StoredDraft>({ baseVersion: latestVersion, text: savedText });
  const [restored, setRestored] = useState(false);

  // Read after mount: localStorage does not exist during server rendering.
  useEffect(() => {
    const stored = readDraft(key);
    if (stored && stored.text !== savedText) {
      setDraft(stored);
      setRestored(true);
    }
  }, [key, savedText]);

  const update = useCallback(
    (next: StoredDraft) => {
      setDraft(next);
      if (next.text === savedText && next.baseVersion === latestVersion) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(next));
    },
    [key, savedText, latestVersion],
  );

  const setText = useCallback((text: string) => update({ ...draft, text }), [update, draft]);

  /** Accepts that the draft replaces `version` (after the user chose to overwrite). */
  const rebase = useCallback((version: number) => update({ ...draft, baseVersion: version }), [update, draft]);

  const clear = useCallback(() => {
    localStorage.removeItem(key);
    setRestored(false);
  }, [key]);

  const discard = useCallback(() => {
    clear();
    setDraft({ baseVersion: latestVersion, text: savedText });
  }, [clear, latestVersion, savedText]);

  return { text: draft.text, baseVersion: draft.baseVersion, setText, rebase, restored, clear, discard };
}

function readDraft(key: string): StoredDraft | null {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? "null");
    return value && typeof value.text === "string" && Number.isInteger(value.baseVersion) ? value : null;
  } catch {
    return null;
  }
}
