import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { listTools } from "@/lib/flows/teamTools";
import { currentWorkspace } from "@/app/_lib/workspace";
import { ActionButton } from "../_components/action-button";
import { datedBy, SettingsTable } from "../_components/settings-table";
import { TeamToolEditor } from "./team-tool-editor";
import { deleteTeamToolAction } from "./actions";

export const metadata: Metadata = { title: "Tools" };

type Props = { searchParams: Promise<{ edit?: string }> };

export default async function ToolsPage({ searchParams }: Props) {
  const workspace = await currentWorkspace();
  const [tools, { edit }] = await Promise.all([listTools(workspace), searchParams]);
  const writes = can(workspace.role, "tool", "write");
  const editing = tools.find((tool) => tool.id === edit);
  return (
    <>
      <section className="card" aria-labelledby="tools-heading">
        <div className="panel">
          <h2 id="tools-heading">Team tools</h2>
          <p className="muted">
            Code tools every flow of the team can give its agents, by name. They run in the sandbox (QuickJS, no access to the
            server; <code>fetch</code> reaches public addresses only). A flow&apos;s own tool of the same name wins over the
            team&apos;s. Exports name these tools without their code: a team importing such a flow needs a tool of that name.
          </p>
        </div>
        {tools.length ? (
          <SettingsTable columns={["Name", "Description", "Updated"]}>
            {tools.map((tool) => (
              <tr key={tool.id}>
                <td className="name">
                  <code>{tool.name}</code>
                </td>
                <td>{tool.description}</td>
                <td>{datedBy(tool.updatedAt, tool.createdByName)}</td>
                <td className="actions">
                  <a className="button small" href={`/settings/tools?edit=${tool.id}`}>
                    {writes ? "Edit" : "View"}
                  </a>
                  {writes ? (
                    <ActionButton
                      action={deleteTeamToolAction.bind(null, { toolId: tool.id })}
                      label="Delete"
                      confirm={{ title: "Delete this tool?", message: `Flows naming "${tool.name}" will no longer run or save until they stop naming it.` }}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </SettingsTable>
        ) : (
          <p className="panel muted">No team tools yet.</p>
        )}
      </section>
      <section className="card panel stack" aria-labelledby="tool-form-heading">
        <h2 id="tool-form-heading">{editing ? `${writes ? "Edit" : "View"} ${editing.name}` : "Add a tool"}</h2>
        {writes || editing ? (
          <TeamToolEditor
            key={editing?.id ?? "new"}
            tool={editing ? { id: editing.id, name: editing.name, description: editing.description, parameters: editing.parameters, code: editing.code, timeout_ms: editing.timeoutMs ?? undefined } : null}
            readOnly={!writes}
          />
        ) : (
          <p className="muted">Only editors and owners add or change the team&apos;s tools.</p>
        )}
      </section>
    </>
  );
}
