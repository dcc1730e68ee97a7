"use client";

import { useCallback, useEffect, useState } from "react";
import { type CoeditSession, type CoeditStatus, openCoeditSession } from "./session";

/**
 * The live session of a flow while the page shows it (null when `enabled` is false: an old
 * version). `status` says whether edits reach the others now; the session stays usable
 * offline and merges what was done meanwhile when the socket is back. `rejoin` opens it anew
 * (after a draft too large to share was saved: the server's draft has followed that save).
 */
export function useCoedit(flowId: string, user: { id: string; name: string }, enabled: boolean) {
  const [session, setSession] = useState<CoeditSession | null>(null);
  const [status, setStatus] = useState<CoeditStatus>("connecting");
  const [synced, setSynced] = useState(false);
  const [opening, setOpening] = useState(0);
  const { id, name } = user;

  useEffect(() => {
    if (!enabled) return;
    const opened = openCoeditSession({
      flowId,
      user: { id, name },
      onStatus: (next) => {
        setStatus(next);
        if (next === "live") setSynced(true);
      },
    });
    setSession(opened);
    return () => {
      opened.destroy();
      setSession(null);
      setSynced(false);
      setStatus("connecting");
    };
  }, [flowId, id, name, enabled, opening]);

  const rejoin = useCallback(() => setOpening((count) => count + 1), []);
  // The editor binds to the shared text only once it holds the server's draft.
  return { session: synced ? session : null, status, rejoin };
}
