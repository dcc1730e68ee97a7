/**
 * What the operator (not a team) decides about MCP: which private networks team servers
 * may reach (SWARM_MCP_ALLOWED_CIDRS) and which commands may be spawned as stdio servers
 * (SWARM_MCP_STDIO_SERVERS). A team member can never name a command: stdio servers exist
 * only here. The CLI reads the same shapes from a local file (`--mcp <file.json>`).
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { allowedCidrsFromEnv } from "../httpFetch/checkedLookup";
import { FLOW_NAME_PATTERN } from "@/lib/engine/flow";
import type { McpServerTarget } from "./connections";

const ServerName = z.string().regex(FLOW_NAME_PATTERN, { error: "a server name starts with a letter or '_' and holds only letters, digits, '_' and '-'" });

const StdioServer = z.strictObject({
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).optional(),
});
const HttpServer = z.strictObject({
  url: z.url({ protocol: /^https?$/ }),
  headers: z.record(z.string(), z.string()).default({}),
});

/** `{ "name": { "command", "args", "env" } }`: the operator's stdio servers. */
export const StdioServers = z.record(ServerName, StdioServer);
/** The CLI's file, in the shape MCP clients share: `{ "mcpServers": { "name": { "url", "headers" } | { "command", "args" } } }`. */
export const McpConfigFile = z.strictObject({ mcpServers: z.record(ServerName, z.union([HttpServer, StdioServer])) });

export class McpConfigError extends Error {
  override readonly name = "McpConfigError";
}

function parseJson<T>(schema: z.ZodType<T>, text: string, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new McpConfigError(`${what} is not JSON: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new McpConfigError(`${what}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export function mcpAllowedCidrsFromEnv(env: Record<string, string | undefined> = process.env): string[] {
  return allowedCidrsFromEnv("SWARM_MCP_ALLOWED_CIDRS", env);
}

/** The operator's stdio servers as targets (none unless SWARM_MCP_STDIO_SERVERS lists some). */
export function stdioServersFromEnv(env: Record<string, string | undefined> = process.env): McpServerTarget[] {
  const text = env.SWARM_MCP_STDIO_SERVERS?.trim();
  if (!text) return [];
  const servers = parseJson(StdioServers, text, "SWARM_MCP_STDIO_SERVERS");
  return Object.entries(servers).map(([name, server]) => ({ kind: "stdio", key: `stdio:${name}:${text.length}`, name, ...server }));
}

/** The servers of a CLI config file, by name. */
export function readMcpConfigFile(path: string): Map<string, McpServerTarget> {
  const config = parseJson(McpConfigFile, readFileSync(path, "utf8"), path);
  return new Map(
    Object.entries(config.mcpServers).map(([name, server]): [string, McpServerTarget] => [
      name,
      "url" in server ? { kind: "http", key: `file:${name}`, name, url: server.url, headers: server.headers } : { kind: "stdio", key: `file:${name}`, name, ...server },
    ]),
  );
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the MCP transport sets itself. */
const RESERVED_HEADERS = new Set(["host", "content-length", "content-type", "accept", "connection", "transfer-encoding", "mcp-session-id", "mcp-protocol-version", "last-event-id"]);

/** `Name: value` lines (as in an HTTP request) → headers; throws McpConfigError saying which line is wrong. */
export function parseHeaderLines(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  text.split(/\r?\n/).forEach((line, index) => {
    if (!line.trim()) return;
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const where = `header line ${index + 1}`;
    if (colon <= 0 || !HEADER_NAME.test(name)) throw new McpConfigError(`${where}: write it as "Name: value" (e.g. "Authorization: Bearer …")`);
    if (RESERVED_HEADERS.has(name)) throw new McpConfigError(`${where}: the MCP transport sets "${name}" itself`);
    if (!value || /[\0\r\n]/.test(value)) throw new McpConfigError(`${where}: "${name}" needs a value on the same line`);
    headers[name] = value;
  });
  return headers;
}
