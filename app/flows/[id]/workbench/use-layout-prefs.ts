"use client";

import { useCallback, useEffect, useState } from "react";

/** Which parts of the editor are shown; remembered per user in this browser. */
export type LayoutPrefs = { inspector: boolean; dsl: boolean; minimap: boolean; drawer: "run" | "versions" | null };

export const DEFAULT_LAYOUT: LayoutPrefs = { inspector: true, dsl: true, minimap: true, drawer: null };

function keyFor(userId: string): string {
  return `swarm-studio:editor-layout:${userId}`;
}

function readPrefs(key: string): LayoutPrefs {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? "null") as Partial<LayoutPrefs> | null;
    if (!stored || typeof stored !== "object") return DEFAULT_LAYOUT;
    const flag = (value: unknown, fallback: boolean) => (typeof value === "boolean" ? value : fallback);
    return {
      inspector: flag(stored.inspector, DEFAULT_LAYOUT.inspector),
      dsl: flag(stored.dsl, DEFAULT_LAYOUT.dsl),
      minimap: flag(stored.minimap, DEFAULT_LAYOUT.minimap),
      drawer: stored.drawer === "run" || stored.drawer === "versions" ? stored.drawer : null,
    };
  } catch {
    return DEFAULT_LAYOUT;
  }
}

/**
 * The editor's layout for one user: read after mount (localStorage does not exist on the
 * server), written on each change.
 */
export function useLayoutPrefs(userId: string) {
  const key = keyFor(userId);
  const [prefs, setPrefs] = useState<LayoutPrefs>(DEFAULT_LAYOUT);
  useEffect(() => setPrefs(readPrefs(key)), [key]);
  const update = useCallback(
    (patch: Partial<LayoutPrefs>) => {
      setPrefs((current) => {
        const next = { ...current, ...patch };
        localStorage.setItem(key, JSON.stringify(next));
        return next;
      });
    },
    [key],
  );
  return [prefs, update] as const;
}
