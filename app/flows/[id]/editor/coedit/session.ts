/**
 * A live co-editing session of one flow in the browser: the shared Yjs document through
 * Hocuspocus on this server's /api/coedit, this person's presence (name, colour, selected
 * nodes; the DSL pane adds the cursor), and the saved version the draft stands on.
 */
import { HocuspocusProvider } from "@hocuspocus/provider";
import * as Y from "yjs";
import { COEDIT_PATH, DRAFT_META, DRAFT_TOO_LARGE_REASON, DSL_TEXT, flowDocumentName } from "@/lib/coedit/names";

/**
 * `read-only`: live, but this person's changes are not shared (a viewer; the server refuses them).
 * `too-large`: this page's draft grew past what the server keeps live; its edits stay here,
 * unshared, until a save (which follows the live draft) shares them.
 */
export type CoeditStatus = "connecting" | "live" | "read-only" | "offline" | "refused" | "too-large";

export type PresenceUser = { name: string; color: string; colorLight: string };

export interface CoeditSession {
  doc: Y.Doc;
  text: Y.Text;
  meta: Y.Map<unknown>;
  provider: HocuspocusProvider;
  user: PresenceUser;
  destroy: () => void;
}

const COLORS = ["#2563eb", "#db2777", "#16a34a", "#d97706", "#7c3aed", "#0891b2", "#dc2626", "#4d7c0f"];

/** A colour per person, the same on every screen. */
export function colorOf(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length]!;
}

export function openCoeditSession(input: {
  flowId: string;
  user: { id: string; name: string };
  /** A share link's token, else the session cookie decides. */
  shareToken?: string;
  onStatus: (status: CoeditStatus) => void;
}): CoeditSession {
  const doc = new Y.Doc();
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  const color = colorOf(input.user.id);
  const user: PresenceUser = { name: input.user.name, color, colorLight: `${color}33` };
  const provider = new HocuspocusProvider({
    url: `${scheme}//${window.location.host}${COEDIT_PATH}`,
    name: flowDocumentName(input.flowId),
    document: doc,
    token: input.shareToken ?? "session",
    onSynced: () => input.onStatus("live"),
    onAuthenticationFailed: () => input.onStatus("refused"),
    onClose: ({ event }) => {
      if (event.reason === DRAFT_TOO_LARGE_REASON) input.onStatus("too-large");
    },
    onStatus: ({ status }) => {
      if (status === "disconnected") input.onStatus("offline");
    },
  });
  provider.setAwarenessField("user", user);
  return {
    doc,
    text: doc.getText(DSL_TEXT),
    meta: doc.getMap(DRAFT_META),
    provider,
    user,
    destroy: () => {
      provider.destroy();
      doc.destroy();
    },
  };
}
