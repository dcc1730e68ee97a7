// A co-editing client in Node, as a browser tab is one: a Yjs document synced through
// HocuspocusProvider over a real WebSocket (Node 20 has no global WebSocket: `ws`),
// sending a session cookie or a share token like the browser does.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { HocuspocusProvider } from "@hocuspocus/provider";
import WebSocket from "ws";
import * as Y from "yjs";
import { type CoeditServer, createCoeditServer } from "@/lib/coedit/server";
import { COEDIT_PATH, DSL_TEXT, flowDocumentName } from "@/lib/coedit/names";

export interface TestClient {
  doc: Y.Doc;
  text: Y.Text;
  provider: HocuspocusProvider;
  /** Resolves once the first sync with the server is done. */
  synced: Promise<void>;
  /** Rejects when the server refused the connection's authentication. */
  refused: Promise<string>;
  /** Why the server closed this document's connection, each time so far. */
  closeReasons: string[];
  close: () => void;
}

export function connectClient(url: string, flowId: string, options: { cookie?: string; token?: string } = {}): TestClient {
  const cookie = options.cookie;
  class CookieSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, cookie ? { headers: { cookie } } : {});
    }
  }
  const doc = new Y.Doc();
  let onSynced!: () => void;
  let onRefused!: (reason: string) => void;
  const synced = new Promise<void>((resolve) => (onSynced = resolve));
  const refused = new Promise<string>((resolve) => (onRefused = resolve));
  const closeReasons: string[] = [];
  const provider = new HocuspocusProvider({
    url,
    name: flowDocumentName(flowId),
    document: doc,
    token: options.token ?? "session",
    WebSocketPolyfill: CookieSocket,
    // Its own map of documents to providers: the provider's default map is one object shared
    // by every socket in the process, which mixes up tabs that are all in one Node process.
    providerMap: new Map(),
    onSynced: () => onSynced(),
    onAuthenticationFailed: ({ reason }) => onRefused(reason),
    onClose: ({ event }) => closeReasons.push(event.reason),
  } as ConstructorParameters<typeof HocuspocusProvider>[0]);
  return {
    doc,
    text: doc.getText(DSL_TEXT),
    provider,
    synced,
    refused,
    closeReasons,
    close: () => {
      provider.destroy();
      doc.destroy();
    },
  };
}

/** The co-editing server behind a plain HTTP server on 127.0.0.1, as scripts/server.mjs runs it. */
export async function startCoeditServer(options: { debounceMs?: number } = {}): Promise<{ url: string; coedit: CoeditServer; http: Server; stop: () => Promise<void> }> {
  const coedit = createCoeditServer(options);
  const http = createServer((_request, response) => response.writeHead(404).end());
  http.on("upgrade", (request, socket, head) => {
    if (request.url?.startsWith(COEDIT_PATH)) coedit.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}${COEDIT_PATH}`,
    coedit,
    http,
    stop: async () => {
      await coedit.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
