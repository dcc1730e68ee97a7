import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { listServers } from "@/lib/mcp/service";
import type { McpToolInfo } from "@/lib/tools/mcp/connections";
import { currentWorkspace } from "@/app/_lib/workspace";
import { ActionButton } from "../_components/action-button";
import { McpServerEditForm, McpServerForm } from "../_components/mcp-server-forms";
import { SettingsTable } from "../_components/settings-table";
import { deleteMcpServerAction, refreshMcpServerAction, refreshOperatorMcpServerAction } from "./actions";

export const metadata: Metadata = { title: "MCP servers" };

function ToolList({ tools, listedAt }: { tools: McpToolInfo[] | null; listedAt?: Date | null }) {
  if (!tools) return <span className="muted">not listed yet</span>;
  return (
    <details>
      <summary>
        {tools.length} {tools.length === 1 ? "tool" : "tools"}
        {listedAt ? <span className="muted"> · listed {listedAt.toISOString().slice(0, 16).replace("T", " ")} UTC</span> : null}
      </summary>
      <ul className="mcp-tool-list">
        {tools.map((tool) => {
          const parameters = Object.keys((tool.inputSchema.properties as Record<string, unknown> | undefined) ?? {});
          return (
            <li key={tool.name}>
              <code>{tool.name}</code>
              {parameters.length ? <span className="muted"> ({parameters.join(", ")})</span> : null}
              {tool.description ? <span> — {tool.description.slice(0, 200)}</span> : null}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

export default async function McpServersPage() {
  const workspace = await currentWorkspace();
  const { team, operator } = await listServers(workspace);
  const manages = can(workspace.role, "mcpServer", "manage");
  const refreshes = can(workspace.role, "mcpServer", "refresh");
  return (
    <>
      <section className="card" aria-labelledby="mcp-heading">
        <div className="panel">
          <h2 id="mcp-heading">MCP servers</h2>
          <p className="muted">
            Agents call these servers&apos; tools once a flow binds them: <code>tools: {"{"} find: {"{"} mcp: {"{"} server: tracker, tool: search {"}"} {"}"} {"}"}</code>.
            URLs and headers are stored encrypted (AES-256-GCM) and never leave the server: this page shows only the origin and
            header names. Private and loopback addresses are refused unless the operator allows them (SWARM_MCP_ALLOWED_CIDRS).
          </p>
        </div>
        {team.length ? (
          <SettingsTable columns={["Name", "Origin", "Headers", "Tools"]}>
            {team.map((server) => (
              <tr key={server.id}>
                <td className="name">{server.name}</td>
                <td>
                  <code>{server.origin}</code>
                </td>
                <td>{server.headerNames.length ? server.headerNames.join(", ") : <span className="muted">none</span>}</td>
                <td>
                  <ToolList tools={server.tools} listedAt={server.toolsListedAt} />
                  {server.lastError ? (
                    <p className="alert error" role="status">
                      Last listing failed: {server.lastError}
                    </p>
                  ) : null}
                </td>
                <td className="actions">
                  {refreshes ? <ActionButton action={refreshMcpServerAction.bind(null, { serverId: server.id })} label="List tools again" /> : null}
                  {manages ? <McpServerEditForm serverId={server.id} origin={server.origin} headerNames={server.headerNames} /> : null}
                  {manages ? (
                    <ActionButton
                      action={deleteMcpServerAction.bind(null, { serverId: server.id })}
                      label="Remove"
                      confirm={{ title: "Remove this server?", message: `Flows that bind tools of "${server.name}" will not run until it is added again.` }}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </SettingsTable>
        ) : (
          <p className="panel muted">No MCP servers yet.</p>
        )}
      </section>
      {manages ? (
        <section className="card panel stack" aria-labelledby="add-mcp-heading">
          <h2 id="add-mcp-heading">Add a server</h2>
          <McpServerForm />
        </section>
      ) : (
        <p className="muted">Only owners add, change or remove servers.</p>
      )}
      {operator.length ? (
        <section className="card" aria-labelledby="operator-mcp-heading">
          <div className="panel">
            <h2 id="operator-mcp-heading">Provided by this installation</h2>
            <p className="muted">Local servers the operator runs for every team (SWARM_MCP_STDIO_SERVERS); flows bind them by name like the team&apos;s own.</p>
          </div>
          <table className="table">
            <tbody>
              {operator.map((server) => (
                <tr key={server.name}>
                  <td className="name">{server.name}</td>
                  <td>
                    <ToolList tools={server.tools} />
                    {server.lastError ? <p className="alert error">Last listing failed: {server.lastError}</p> : null}
                  </td>
                  <td className="actions">
                    {refreshes ? <ActionButton action={refreshOperatorMcpServerAction.bind(null, { name: server.name })} label="List tools" /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}
