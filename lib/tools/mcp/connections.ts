/**
 * Connections to MCP servers, kept open per process and reused by every run: a Streamable
 * HTTP connection (through the policy-checked fetch, headers from the team's sealed
 * settings) or, for servers the operator lists, a spawned stdio process. A connection that
 * fails is dropped, and the next call connects again; an idle one is closed.
 */
import { Client, ProtocolError, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/client/stdio";
import { createPolicyFetch, type PolicyFetch } from "./policyFetch";

/** Where a server is reached. `key` changes whenever its settings change (a new connection). */
export type McpServerTarget = { key: string; name: string } & (
  | { kind: "http"; url: string; headers: Readonly<Record<string, string>> }
  | { kind: "stdio"; command: string; args: readonly string[]; env?: Readonly<Record<string, string>> }
);

/** A tool as the server lists it. */
export type McpToolInfo = { name: string; description: string; inputSchema: Record<string, unknown> };

export type McpCallResult = {
  /** The text of the result's content blocks (other blocks described in brackets), or its structured content. */
  text: string;
  isError: boolean;
};

export type CallOptions = { signal?: AbortSignal; timeoutMs: number };

const MAX_LISTED_TOOLS = 1_000;
const CLIENT_INFO = { name: "swarm-studio", version: "1.0.0" };

type Entry = { client: Promise<Client>; lastUsed: number; busy: number };

export class McpConnections {
  private readonly entries = new Map<string, Entry>();
  private readonly fetch: PolicyFetch;
  private readonly sweeper: NodeJS.Timeout;

  constructor(options: { allowedCidrs: readonly string[]; idleMs?: number }) {
    this.fetch = createPolicyFetch(options.allowedCidrs);
    const idleMs = options.idleMs ?? 5 * 60_000;
    this.sweeper = setInterval(() => this.closeIdle(idleMs), Math.min(idleMs, 60_000));
    this.sweeper.unref();
  }

  /** Every tool the server lists (all pages, at most 1,000). */
  async listTools(target: McpServerTarget, options: CallOptions): Promise<McpToolInfo[]> {
    return this.using(target, async (client) => {
      const tools: McpToolInfo[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor ? { cursor } : undefined, { signal: options.signal, timeout: options.timeoutMs });
        for (const tool of page.tools) {
          tools.push({ name: tool.name, description: tool.description ?? "", inputSchema: tool.inputSchema as Record<string, unknown> });
        }
        cursor = page.nextCursor;
      } while (cursor && tools.length < MAX_LISTED_TOOLS);
      return tools.slice(0, MAX_LISTED_TOOLS);
    });
  }

  async callTool(target: McpServerTarget, tool: string, args: Record<string, unknown>, options: CallOptions): Promise<McpCallResult> {
    return this.using(target, async (client) => {
      const result = await client.callTool({ name: tool, arguments: args }, { signal: options.signal, timeout: options.timeoutMs });
      return { text: resultText(result), isError: result.isError === true };
    });
  }

  /** Closes every connection (tests, a CLI before it exits). */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.allSettled(entries.map(async (entry) => (await entry.client).close()));
  }

  private async using<T>(target: McpServerTarget, work: (client: Client) => Promise<T>): Promise<T> {
    const entry = this.entry(target);
    entry.busy++;
    try {
      return await work(await entry.client);
    } catch (error) {
      // The server answered (an unknown tool, bad arguments): the connection is fine.
      // Anything else (a dropped session, a refused address, a timeout) starts afresh next time.
      if (!(error instanceof ProtocolError)) this.drop(target.key, entry);
      throw error;
    } finally {
      entry.busy--;
      entry.lastUsed = Date.now();
    }
  }

  private entry(target: McpServerTarget): Entry {
    const existing = this.entries.get(target.key);
    if (existing) return existing;
    const entry: Entry = { client: this.connect(target), lastUsed: Date.now(), busy: 0 };
    entry.client.catch(() => this.drop(target.key, entry));
    this.entries.set(target.key, entry);
    return entry;
  }

  private async connect(target: McpServerTarget): Promise<Client> {
    const client = new Client(CLIENT_INFO);
    const transport =
      target.kind === "http"
        ? new StreamableHTTPClientTransport(new URL(target.url), { fetch: this.fetch, requestInit: { headers: { ...target.headers } } })
        : new StdioClientTransport({ command: target.command, args: [...target.args], env: { ...getDefaultEnvironment(), ...target.env }, stderr: "ignore" });
    await client.connect(transport);
    return client;
  }

  private drop(key: string, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    entry.client.then((client) => client.close()).catch(() => undefined);
  }

  private closeIdle(idleMs: number): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.busy === 0 && now - entry.lastUsed > idleMs) this.drop(key, entry);
  }
}

type ContentBlock = { type: string; text?: string; mimeType?: string; uri?: string; resource?: { uri?: string; text?: string } };

/** What a model reads of a tool result: its text blocks, other blocks named, or the structured content. */
function resultText(result: { content?: unknown; structuredContent?: unknown }): string {
  const blocks = Array.isArray(result.content) ? (result.content as ContentBlock[]) : [];
  const parts = blocks.map((block) => {
    if (block.type === "text") return block.text ?? "";
    if (block.type === "resource" && typeof block.resource?.text === "string") return block.resource.text;
    if (block.type === "resource_link") return `[resource ${block.uri ?? ""}]`;
    return `[${block.type}${block.mimeType ? ` ${block.mimeType}` : ""}]`;
  });
  if (parts.length > 0) return parts.join("\n");
  return result.structuredContent === undefined ? "" : JSON.stringify(result.structuredContent);
}
