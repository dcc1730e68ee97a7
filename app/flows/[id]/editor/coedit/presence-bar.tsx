"use client";

import { useEffect, useState } from "react";
import type { CoeditStatus, PresenceUser } from "./session";
import { useLiveEditing } from "./context";

type Peer = { clientId: number; user: PresenceUser; selection: string[] };

const STATUS_TEXT: Record<CoeditStatus, string> = {
  connecting: "Connecting…",
  live: "Live",
  "read-only": "Live, read-only: your role cannot change this flow, so your changes are not shared",
  offline: "Offline: your edits merge when the connection is back",
  refused: "Live editing is not available for you here",
  "too-large": "Not live: the draft grew past 2 MiB, so your changes stay on this page. Shorten it below 1 MiB and save to share it",
};

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? "?") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase();
}

/** Who else has this flow open (avatar, name, selected nodes) and whether edits are live. */
export function PresenceBar({ status }: { status: CoeditStatus }) {
  const live = useLiveEditing();
  const [peers, setPeers] = useState<Peer[]>([]);

  useEffect(() => {
    const awareness = live?.session.provider.awareness;
    if (!awareness) return;
    const read = () => {
      const others: Peer[] = [];
      awareness.getStates().forEach((state, clientId) => {
        if (clientId === awareness.clientID || !state.user) return;
        others.push({ clientId, user: state.user as PresenceUser, selection: Array.isArray(state.selection) ? (state.selection as string[]) : [] });
      });
      setPeers(others);
    };
    read();
    awareness.on("change", read);
    return () => awareness.off("change", read);
  }, [live]);

  return (
    <div className="presence-bar" role="group" aria-label="People editing">
      <span className={`presence-status ${status}`} role="status">
        {STATUS_TEXT[status]}
      </span>
      {live ? (
        <span className="presence-avatar self" style={{ background: live.session.user.color }} title={`${live.session.user.name} (you)`}>
          {initials(live.session.user.name)}
        </span>
      ) : null}
      {peers.map((peer) => {
        const where = peer.selection.length > 0 ? ` · on ${peer.selection.join(", ")}` : "";
        return (
          <span key={peer.clientId} className="presence-peer" title={`${peer.user.name}${where}`} aria-label={`${peer.user.name}${where}`}>
            <span className="presence-avatar" style={{ background: peer.user.color }}>
              {initials(peer.user.name)}
            </span>
            {peer.selection.length > 0 ? <span className="presence-where" style={{ borderColor: peer.user.color }}>{peer.selection.slice(0, 2).join(", ")}</span> : null}
          </span>
        );
      })}
    </div>
  );
}
