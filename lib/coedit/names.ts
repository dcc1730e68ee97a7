// What the browser and the co-editing server agree on: where the socket is, how a flow's
// shared document is named, and the names of its parts. Client-safe (no imports).

/** The WebSocket path `scripts/server.mjs` hands to the co-editing server. */
export const COEDIT_PATH = "/api/coedit";

/** The flow's DSL text: the one source of truth the canvas and the DSL pane both edit. */
export const DSL_TEXT = "dsl";
/** Shared facts about the draft: `version`, the saved version it stands on. */
export const DRAFT_META = "meta";

/**
 * How large the shared draft's text may grow, in characters: twice what a save accepts (1 MiB),
 * room to paste and trim back. A message that could take it past this is refused, and the
 * server closes that person's connection to the document with this reason.
 */
export const MAX_LIVE_DRAFT_CHARS = 2 * 1024 * 1024;
export const DRAFT_TOO_LARGE_REASON = "The draft is larger than 2 MiB";

const PREFIX = "flow:";

export function flowDocumentName(flowId: string): string {
  return `${PREFIX}${flowId}`;
}

/** The flow id of a document name, or null for a name that is not a flow's. */
export function flowIdOf(documentName: string): string | null {
  if (!documentName.startsWith(PREFIX)) return null;
  const id = documentName.slice(PREFIX.length);
  return /^[\w-]{1,100}$/.test(id) ? id : null;
}
