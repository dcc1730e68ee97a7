// Keeps one flow's shared draft in step across web processes behind one PostgreSQL
// database (LISTEN/NOTIFY): every update a process receives from its own clients is
// published, and every process holding that document applies it (Hocuspocus then sends it
// to its clients; it does not store updates from elsewhere: the receiving process did).
// A process that loads a document asks the others for what it may have missed (their
// updates not yet stored). Payloads above NOTIFY's limit are not sent: the sender stores
// its state at once and the others read it from the table. Presence (Yjs awareness: who
// is here, their selection and cursor) travels the same way, so people connected to
// different processes see each other. On SQLite there is one process and this does nothing.
import type { Extension, Hocuspocus, onChangePayload, afterLoadDocumentPayload, onDestroyPayload } from "@hocuspocus/server";
import { randomUUID } from "node:crypto";
import { applyAwarenessUpdate, type Awareness, encodeAwarenessUpdate } from "y-protocols/awareness";
import * as Y from "yjs";
import { z } from "zod";
import { listen, notify } from "@/lib/runs/notifications";

export const COEDIT_CHANNEL = "swarm_coedit";
/** NOTIFY payloads must stay under 8,000 bytes; base64 grows by a third. */
const MAX_INLINE_BYTES = 5_000;

/** The origin of updates that came from another process (not a connection: not stored again). */
export const OTHER_PROCESS = Symbol("coedit:other-process");

const Message = z.discriminatedUnion("kind", [
  // An update for everyone holding the document.
  z.object({ kind: z.literal("update"), from: z.string(), doc: z.string(), update: z.string() }),
  // The sender's state vector: others answer with what it lacks.
  z.object({ kind: z.literal("hello"), from: z.string(), doc: z.string(), vector: z.string() }),
  // The sender stored a state too large to send: read it from the table.
  z.object({ kind: z.literal("reload"), from: z.string(), doc: z.string() }),
  // Presence of the sender's clients (joined, moved, left).
  z.object({ kind: z.literal("awareness"), from: z.string(), doc: z.string(), update: z.string() }),
]);
type Message = z.infer<typeof Message>;

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const bytes = (text: string) => new Uint8Array(Buffer.from(text, "base64"));

/**
 * Tells every web process holding `documentName` that its stored state changed without it
 * (a service moved the draft onto a new version): they merge the stored state in.
 */
export async function announceStoredDraft(documentName: string): Promise<void> {
  await notify(COEDIT_CHANNEL, JSON.stringify({ kind: "reload", from: "store", doc: documentName } satisfies Message));
}

export function crossProcessSync(options: {
  /** Reads the stored state of a document (after a "reload"). */
  load: (documentName: string) => Promise<Uint8Array | null>;
  /** Stores a document now (before telling others to reload it). */
  store: (documentName: string, doc: Y.Doc) => Promise<void>;
}): Extension {
  const self = randomUUID();
  let instance: Hocuspocus | null = null;
  let unlisten: (() => void) | null = null;

  const send = async (message: Message) => notify(COEDIT_CHANNEL, JSON.stringify(message));

  const sendUpdate = async (documentName: string, doc: Y.Doc, update: Uint8Array) => {
    if (update.byteLength <= MAX_INLINE_BYTES) return send({ kind: "update", from: self, doc: documentName, update: b64(update) });
    await options.store(documentName, doc);
    return send({ kind: "reload", from: self, doc: documentName });
  };

  /** Presence too large for one notification (it never is, in practice) is not shared. */
  const sendAwareness = async (documentName: string, awareness: Awareness, clients: number[]) => {
    if (clients.length === 0) return;
    const update = encodeAwarenessUpdate(awareness, clients);
    if (update.byteLength <= MAX_INLINE_BYTES) await send({ kind: "awareness", from: self, doc: documentName, update: b64(update) });
  };

  const receive = async (raw: string) => {
    let message: Message;
    try {
      message = Message.parse(JSON.parse(raw));
    } catch {
      return; // not ours
    }
    const document = instance?.documents.get(message.doc);
    if (message.from === self || !document) return;
    if (message.kind === "update") Y.applyUpdate(document, bytes(message.update), OTHER_PROCESS);
    else if (message.kind === "awareness") applyAwarenessUpdate(document.awareness, bytes(message.update), OTHER_PROCESS);
    else if (message.kind === "reload") {
      const state = await options.load(message.doc);
      if (state) Y.applyUpdate(document, state, OTHER_PROCESS);
    } else {
      const missing = Y.encodeStateAsUpdate(document, bytes(message.vector));
      // An empty update is two zero bytes.
      if (missing.byteLength > 2) await sendUpdate(message.doc, document, missing);
      await sendAwareness(message.doc, document.awareness, [...document.awareness.getStates().keys()]);
    }
  };

  return {
    extensionName: "crossProcessSync",
    async onConfigure({ instance: configured }) {
      instance = configured;
      unlisten = listen(COEDIT_CHANNEL, (payload) => void receive(payload).catch((error) => console.error("co-editing: a cross-process update failed", error)));
    },
    async afterLoadDocument({ document, documentName }: afterLoadDocumentPayload) {
      // This process's clients' presence, for the others (the listener goes with the document).
      document.awareness.on("update", ({ added, updated, removed }: Record<"added" | "updated" | "removed", number[]>, origin: unknown) => {
        if (origin === OTHER_PROCESS) return;
        void sendAwareness(documentName, document.awareness, [...added, ...updated, ...removed]).catch((error) => console.error("co-editing: presence was not shared", error));
      });
      await send({ kind: "hello", from: self, doc: documentName, vector: b64(Y.encodeStateVector(document)) });
    },
    async onChange({ document, documentName, update, transactionOrigin }: onChangePayload) {
      if (transactionOrigin === OTHER_PROCESS) return;
      await sendUpdate(documentName, document, update);
    },
    async onDestroy(_payload: onDestroyPayload) {
      unlisten?.();
    },
  };
}
