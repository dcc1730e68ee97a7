// How large a live draft may grow. Its text is bounded per message (an insertion takes at
// least a byte of the message per character); everything else a client can put in the
// Yjs document (other shared types, history) by its whole encoded size, measured again
// each time another MEASURE_EVERY_BYTES of messages has arrived, so a message costs no
// re-encoding of the document.
import * as Y from "yjs";
import { DRAFT_TOO_LARGE_REASON, DSL_TEXT, MAX_LIVE_DRAFT_CHARS } from "./names";

/** The whole document's encoded size at most (text, its editing history, the draft's facts). */
export const MAX_LIVE_DRAFT_BYTES = 16 * 1024 * 1024;
const MEASURE_EVERY_BYTES = 1024 * 1024;

export class DraftTooLargeError extends Error {
  override readonly name = "DraftTooLargeError";
  /** Hocuspocus sends this to the client when it closes the connection to the document. */
  readonly reason = DRAFT_TOO_LARGE_REASON;
}

/** A check to run before each message of a document is applied; throws DraftTooLargeError to refuse it. */
export function draftSizeGuard(): (document: Y.Doc, message: Uint8Array) => void {
  const unmeasured = new WeakMap<Y.Doc, number>();
  return (document, message) => {
    if (document.getText(DSL_TEXT).length + message.byteLength > MAX_LIVE_DRAFT_CHARS) {
      throw new DraftTooLargeError("co-editing: the draft's text would grow past its limit");
    }
    const received = (unmeasured.get(document) ?? 0) + message.byteLength;
    if (received < MEASURE_EVERY_BYTES) {
      unmeasured.set(document, received);
      return;
    }
    if (Y.encodeStateAsUpdate(document).byteLength + message.byteLength > MAX_LIVE_DRAFT_BYTES) {
      throw new DraftTooLargeError("co-editing: the draft would grow past its limit");
    }
    unmeasured.set(document, 0);
  };
}
