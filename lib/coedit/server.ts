// The co-editing server: Hocuspocus (Yjs over WebSocket) inside the web server's process.
// One document per flow (`flow:<id>`); access is decided when a socket authenticates
// (access.ts), the draft is loaded from and stored to the database (persistence.ts), and
// on PostgreSQL other web processes hear every update (crossProcess.ts).
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type beforeHandleMessagePayload, Hocuspocus, type onAuthenticatePayload, type onChangePayload, type onLoadDocumentPayload, type onStoreDocumentPayload } from "@hocuspocus/server";
import { WebSocketServer } from "ws";
import * as Y from "yjs";
import { addDraftContributor, loadFlowDraft } from "@/lib/data/flowDrafts";
import { authorizeCoedit, type CoeditAccess } from "./access";
import { crossProcessSync } from "./crossProcess";
import { flowIdOf } from "./names";
import { loadSharedDraft, storeSharedDraft } from "./persistence";
import { registerCoeditServer, runningCoeditServer } from "./registry";
import { draftSizeGuard } from "./sizeLimit";

/** A contributor is written again after this long at most (a save starts a new list). */
const CONTRIBUTOR_REFRESH_MS = 5_000;

type Context = { access?: CoeditAccess };

export interface CoeditServer {
  hocuspocus: Hocuspocus;
  /** Takes over an HTTP upgrade request for the co-editing path. */
  handleUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** A version of the flow was saved from its draft: its next edits start a new contributor list. */
  draftSaved: (flowId: string) => void;
  close: () => Promise<void>;
}

export function createCoeditServer(options: { debounceMs?: number } = {}): CoeditServer {
  /** The team of each loaded document (set by the connection that loaded it). */
  const teams = new Map<string, string>();
  /** When each (flow, user) was last written as a contributor. */
  const credited = new Map<string, number>();
  const withinSizeLimit = draftSizeGuard();

  const teamOf = (documentName: string) => {
    const teamId = teams.get(documentName);
    if (!teamId) throw new Error(`co-editing: ${documentName} is not loaded`);
    return teamId;
  };

  const hocuspocus = new Hocuspocus({
    name: "swarm-studio",
    quiet: true,
    debounce: options.debounceMs ?? 1_000,
    maxDebounce: 5_000,
    extensions: [
      crossProcessSync({
        load: async (documentName) => (await loadFlowDraft(teamOf(documentName), flowIdOf(documentName)!))?.state ?? null,
        store: (documentName, doc) => storeSharedDraft(teamOf(documentName), flowIdOf(documentName)!, doc),
      }),
    ],
    async onAuthenticate({ documentName, token, requestHeaders, socketId, connectionConfig }: onAuthenticatePayload): Promise<Context> {
      const access = await authorizeCoedit({ documentName, token, headers: requestHeaders, socketId });
      // Hocuspocus refuses every document update of a read-only connection (it acks with "not applied").
      connectionConfig.readOnly = access.readOnly;
      return { access };
    },
    async onLoadDocument({ documentName, document, context }: onLoadDocumentPayload) {
      const { access } = context as Context;
      if (!access) throw new Error("co-editing: a document was loaded before authentication");
      teams.set(documentName, access.teamId);
      Y.applyUpdate(document, await loadSharedDraft(access.teamId, access.flowId));
    },
    async onStoreDocument({ documentName, document }: onStoreDocumentPayload) {
      await storeSharedDraft(teamOf(documentName), flowIdOf(documentName)!, document);
    },
    async afterUnloadDocument({ documentName }) {
      teams.delete(documentName);
    },
    // Refused before it is applied; Hocuspocus closes the sender's connection to the document.
    async beforeHandleMessage({ document, update }: beforeHandleMessagePayload) {
      withinSizeLimit(document, update);
    },
    async onChange({ context }: onChangePayload) {
      const { access } = context as Context;
      if (!access || access.readOnly) return;
      const key = `${access.flowId}\u0000${access.user.id}`;
      const now = Date.now();
      if (now - (credited.get(key) ?? 0) < CONTRIBUTOR_REFRESH_MS) return;
      credited.set(key, now);
      await addDraftContributor(access.teamId, access.flowId, access.user);
    },
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 * 1024 });
  return {
    hocuspocus,
    handleUpgrade: (request, socket, head) => {
      sockets.handleUpgrade(request, socket, head, (ws) => hocuspocus.handleConnection(ws, request));
    },
    draftSaved: (flowId) => {
      for (const key of credited.keys()) if (key.startsWith(`${flowId}\u0000`)) credited.delete(key);
    },
    close: async () => {
      hocuspocus.closeConnections();
      sockets.close();
      await hocuspocus.hooks("onDestroy", { instance: hocuspocus });
    },
  };
}

/** The process's co-editing server, created on first use (instrumentation.ts, at start-up). */
export function coeditServer(): CoeditServer {
  return runningCoeditServer() ?? registerCoeditServer(createCoeditServer());
}
