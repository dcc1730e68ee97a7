// What the browser and the co-editing server agree on: where the socket is, how a flow's
// shared document is named, and the names of its parts. Client-safe (no imports).

/** The WebSocket path `scripts/server.mjs` hands to the co-editing server. */
export const COEDIT_PATH = "/api/coedit";

/** The flow's DSL text: the one source of truth the canvas and the DSL pane both edit. */
export const DSL_TEXT = "dsl";
/** Shared facts about the draft: `version`, the saved version it stands on. */
export const DRAFT_META = "meta";

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
