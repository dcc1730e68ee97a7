// An MCP server on stdin/stdout for the tests (an operator's stdio server, a CLI config's):
// one tool, `shout`, that upper-cases its text.
import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";

const server = new McpServer({ name: "fake-stdio", version: "1.0.0" });
server.registerTool("shout", { description: "Upper-cases the text", inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
  content: [{ type: "text", text: `${text.toUpperCase()}!` }],
}));
await server.connect(new StdioServerTransport());
