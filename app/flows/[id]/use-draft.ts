"use client";

import { useCallback, useEffect, useState } from "react";

type StoredDraft = { baseVersion: number; text: string };
type DraftState = StoredDraft & { revision: number };

/**
 * The document being edited, mirrored to localStorage so a reload, a crash or a failed
 * save loses nothing. A draft remembers the version it started from, so saving a draft
 * made before a teammate's save is reported as a conflict instead of overwriting it.
 * `revision` counts the times the text was replaced from outside the editor (a draft
 * restored or discarded, a newer version loaded), so the editor can start over from it.
 */
export function useDraft(flowId: string, latestVersion: number, savedText: string) {
  const key = `swarm-studio:draft:${flowId}`;
  const [draft, setDraft] = useState<DraftState>({ baseVersion: latestVersion, text: savedText, revision: 0 });
  const [restored, setRestored] = useState(false);
  const [initialText] = useState(savedText);
  const [seen, setSeen] = useState({ version: latestVersion, text: savedText });

  // A newer version came from the server. After our own save the draft already stands on
  // it; otherwise, when nothing was edited on top of what we had, show the new version.
  if (seen.version !== latestVersion) {
    setSeen({ version: latestVersion, text: savedText });
    if (draft.baseVersion !== latestVersion && draft.text === seen.text) {
      setDraft({ baseVersion: latestVersion, text: savedText, revision: draft.revision + 1 });
    }
  }

  // Read after mount: localStorage does not exist during server rendering.
  useEffect(() => {
    const stored = readDraft(key);
    if (stored && stored.text !== initialText) {
      setDraft((current) => ({ ...stored, revision: current.revision + 1 }));
      setRestored(true);
    }
  }, [key, initialText]);

  const update = useCallback(
    (next: DraftState) => {
      setDraft(next);
      const stored: StoredDraft = { baseVersion: next.baseVersion, text: next.text };
      if (next.text === savedText && next.baseVersion === latestVersion) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(stored));
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

  /** The text was just saved as `version`: nothing is pending, and edits go on from it. */
  const markSaved = useCallback(
    (version: number) => {
      clear();
      setDraft((current) => ({ ...current, baseVersion: version }));
    },
    [clear],
  );

  const discard = useCallback(() => {
    clear();
    setDraft((current) => ({ baseVersion: latestVersion, text: savedText, revision: current.revision + 1 }));
  }, [clear, latestVersion, savedText]);

  return { text: draft.text, baseVersion: draft.baseVersion, revision: draft.revision, setText, rebase, restored, clear, markSaved, discard };
}

function readDraft(key: string): StoredDraft | null {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? "null");
    return value && typeof value.text === "string" && Number.isInteger(value.baseVersion) ? value : null;
  } catch {
    return null;
  }
}
