// A team's MCP servers. The URL (which may hold a key in its path or query) and the headers
// are sealed together with AES-256-GCM like provider keys; nothing here returns them except
// `mcpServerTargetsForTeam`, which only the server's run and listing paths call.
import { z } from "zod";
import { deriveKey, open, seal, secretKey } from "@/lib/crypto";
import { getDb } from "@/lib/db/client.ts";
import { FLOW_NAME_PATTERN } from "@/lib/engine/flow";
import { McpConfigError, parseHeaderLines } from "@/lib/tools/mcp/config";
import type { McpServerTarget, McpToolInfo } from "@/lib/tools/mcp/connections";
import { NotFoundError, ValidationError } from "./errors.ts";
import { isUniqueViolation } from "./uniqueness.ts";
import { Id, parseInput, refineWith } from "./validation.ts";

const KEY_VERSION = 1;
const MAX_ERROR_CHARS = 500;
/** A listing larger than this is not kept (a server listing megabytes of schemas). */
const MAX_TOOLS_JSON_CHARS = 1_000_000;

function checkUrl(text: string): void {
  const url = new URL(text);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("An MCP server's URL starts with http:// or https://");
  if (url.username || url.password) throw new Error("Put credentials in the headers, not in the URL");
}

export const McpServerName = z
  .string()
  .trim()
  .min(1, "A server needs a name")
  .max(64)
  .regex(FLOW_NAME_PATTERN, "A server's name starts with a letter or '_' and holds only letters, digits, '_' and '-' (flows name it)");

const ServerUrl = z.string().trim().min(1, "Give the server's Streamable HTTP URL").max(2000).pipe(z.url({ error: "That is not a URL" })).superRefine(refineWith(checkUrl));
/** `Name: value` lines. */
const HeaderLines = z.string().max(8000).superRefine(refineWith(parseHeaderLines));

export const CreateMcpServerInput = z.object({ name: McpServerName, url: ServerUrl, headers: HeaderLines.default("") });
export type CreateMcpServerInput = z.input<typeof CreateMcpServerInput>;

/** Omitted URL or headers keep the stored ones; headers "" removes them. */
export const UpdateMcpServerInput = z.object({ url: ServerUrl.optional(), headers: HeaderLines.optional() });
export type UpdateMcpServerInput = z.input<typeof UpdateMcpServerInput>;

/** What the browser may see of a server: its origin and header names, never the URL's path or the values. */
export interface McpServerSummary {
  id: string;
  name: string;
  origin: string;
  headerNames: string[];
  /** The tools it last listed; null until listed. */
  tools: McpToolInfo[] | null;
  toolsListedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const ToolsJson = z.array(z.object({ name: z.string(), description: z.string(), inputSchema: z.record(z.string(), z.unknown()) }));
const SealedConnection = z.object({ url: z.string(), headers: z.record(z.string(), z.string()) });

const summarySelect = {
  id: true,
  name: true,
  origin: true,
  headerNames: true,
  toolsJson: true,
  toolsListedAt: true,
  lastError: true,
  lastErrorAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

type SummaryRow = { id: string; name: string; origin: string; headerNames: string; toolsJson: string | null; toolsListedAt: Date | null; lastError: string | null; lastErrorAt: Date | null; createdAt: Date; updatedAt: Date };

function toolsOf(json: string | null): McpToolInfo[] | null {
  if (json === null) return null;
  const parsed = ToolsJson.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

function toSummary({ toolsJson, headerNames, ...row }: SummaryRow): McpServerSummary {
  return { ...row, headerNames: headerNames ? headerNames.split(",") : [], tools: toolsOf(toolsJson) };
}

function connectionKey(): Buffer {
  return deriveKey(secretKey(), `mcp-servers:v${KEY_VERSION}`);
}

function sealedConnection(url: string, headers: Record<string, string>) {
  return {
    ...seal(JSON.stringify({ url, headers }), connectionKey()),
    keyVersion: KEY_VERSION,
    origin: new URL(url).origin,
    headerNames: Object.keys(headers).join(","),
  };
}

function openConnection(row: { ciphertext: string; iv: string; tag: string }): z.infer<typeof SealedConnection> {
  return SealedConnection.parse(JSON.parse(open(row, connectionKey())));
}

function headersOf(text: string): Record<string, string> {
  try {
    return parseHeaderLines(text);
  } catch (error) {
    if (error instanceof McpConfigError) throw new ValidationError([{ path: "headers", message: error.message }]);
    throw error;
  }
}

function nameTaken(error: unknown, name: string): never {
  if (isUniqueViolation(error)) throw new ValidationError([{ path: "name", message: `This team already has an MCP server named "${name}"` }]);
  throw error;
}

export async function createMcpServer(teamId: string, input: CreateMcpServerInput): Promise<McpServerSummary> {
  const team = parseInput(Id, teamId);
  const { name, url, headers } = parseInput(CreateMcpServerInput, input);
  const db = await getDb();
  try {
    const row = await db.mcpServer.create({ data: { teamId: team, name, ...sealedConnection(url, headersOf(headers)) }, select: summarySelect });
    return toSummary(row);
  } catch (error) {
    return nameTaken(error, name);
  }
}

export async function updateMcpServer(teamId: string, serverId: string, input: UpdateMcpServerInput): Promise<McpServerSummary> {
  const team = parseInput(Id, teamId);
  const id = parseInput(Id, serverId);
  const changes = parseInput(UpdateMcpServerInput, input);
  const db = await getDb();
  const row = await db.mcpServer.findFirst({ where: { id, teamId: team } });
  if (!row) throw new NotFoundError("MCP server", id);
  const stored = openConnection(row);
  const url = changes.url ?? stored.url;
  const headers = changes.headers === undefined ? stored.headers : headersOf(changes.headers);
  // A new address or credentials: the old listing says nothing about the new server.
  const updated = await db.mcpServer.update({
    where: { id },
    data: { ...sealedConnection(url, headers), toolsJson: null, toolsListedAt: null, lastError: null, lastErrorAt: null },
    select: summarySelect,
  });
  return toSummary(updated);
}

export async function deleteMcpServer(teamId: string, serverId: string): Promise<void> {
  const team = parseInput(Id, teamId);
  const id = parseInput(Id, serverId);
  const db = await getDb();
  const { count } = await db.mcpServer.deleteMany({ where: { id, teamId: team } });
  if (count === 0) throw new NotFoundError("MCP server", id);
}

export async function listMcpServers(teamId: string): Promise<McpServerSummary[]> {
  const db = await getDb();
  const rows = await db.mcpServer.findMany({ where: { teamId: parseInput(Id, teamId) }, orderBy: { name: "asc" }, select: summarySelect });
  return rows.map(toSummary);
}

/** A team server as the connections need it (server-only: `url` and `headers` must never be logged, stored or returned). */
export type StoredMcpServer = { id: string; name: string; target: McpServerTarget; tools: McpToolInfo[] | null };

/** The team's servers (those named, or with that id) with their URLs and headers opened. `key` changes when the settings do. */
export async function mcpServerTargetsForTeam(teamId: string, only: { names?: readonly string[]; id?: string } = {}): Promise<StoredMcpServer[]> {
  const db = await getDb();
  const where = { teamId: parseInput(Id, teamId), ...(only.names ? { name: { in: [...only.names] } } : {}), ...(only.id ? { id: parseInput(Id, only.id) } : {}) };
  const rows = await db.mcpServer.findMany({ where });
  return rows.map((row) => {
    const { url, headers } = openConnection(row);
    const target: McpServerTarget = { kind: "http", key: `${row.id}:${row.updatedAt.getTime()}`, name: row.name, url, headers };
    return { id: row.id, name: row.name, target, tools: toolsOf(row.toolsJson) };
  });
}

/** Remembers a listing (its tools, or why it failed: already without secrets) for the settings page and runs. */
export async function recordMcpListing(teamId: string, serverId: string, outcome: { tools: McpToolInfo[] } | { error: string }): Promise<McpServerSummary> {
  const team = parseInput(Id, teamId);
  const id = parseInput(Id, serverId);
  const now = new Date();
  let data: Record<string, unknown>;
  if ("tools" in outcome) {
    const json = JSON.stringify(outcome.tools);
    data =
      json.length > MAX_TOOLS_JSON_CHARS
        ? { lastError: `The server listed ${outcome.tools.length} tools in ${json.length} characters, more than this app keeps (${MAX_TOOLS_JSON_CHARS})`, lastErrorAt: now }
        : { toolsJson: json, toolsListedAt: now, lastError: null, lastErrorAt: null };
  } else {
    data = { lastError: outcome.error.slice(0, MAX_ERROR_CHARS), lastErrorAt: now };
  }
  const db = await getDb();
  const { count } = await db.mcpServer.updateMany({ where: { id, teamId: team }, data });
  if (count === 0) throw new NotFoundError("MCP server", id);
  const row = await db.mcpServer.findFirstOrThrow({ where: { id }, select: summarySelect });
  return toSummary(row);
}
