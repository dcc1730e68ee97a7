// What each team role may do. Client-safe (no server imports) so pages can hide what the
// server would refuse anyway; the server checks with the same table (`can`).
//
// Decisions:
// - viewer: reads flows, versions and runs; runs nothing (runs spend the team's model
//   credits), saves nothing.
// - editor: everything a flow needs — create, import, edit, save, restore, fork in, run,
//   rename — and share links (a read-only view, like an export); also the team's code
//   tools (Settings → Tools: create, edit, test, delete), which viewers may only read.
// - owner: also deletes flows, manages members and invitations, provider credentials,
//   API tokens, where runs are exported (OTLP endpoint and headers) and the team's MCP
//   servers (their URLs and headers are credentials). Editors may list a server's tools
//   again (it changes no setting).
// - datasets (evaluations): viewers read them, editors and owners also create and change
//   them. Evaluations themselves follow flows: reading them is `flow.read`, starting,
//   cancelling and resuming one is `flow.run` (they run the flow once per row).
import { createAccessControl } from "better-auth/plugins/access";
import { defaultStatements, ownerAc } from "better-auth/plugins/organization/access";

export const statements = {
  ...defaultStatements,
  flow: ["read", "create", "update", "run", "delete"],
  shareLink: ["create", "revoke"],
  credential: ["manage"],
  apiToken: ["manage"],
  telemetry: ["manage"],
  mcpServer: ["manage", "refresh"],
  dataset: ["read", "write"],
  tool: ["read", "write"],
} as const;

export const ac = createAccessControl(statements);

const reading = { flow: ["read"], dataset: ["read"], tool: ["read"] } as const;
const editing = { flow: ["read", "create", "update", "run"], shareLink: ["create", "revoke"], mcpServer: ["refresh"], dataset: ["read", "write"], tool: ["read", "write"] } as const;

export const roles = {
  owner: ac.newRole({
    ...ownerAc.statements,
    flow: ["read", "create", "update", "run", "delete"],
    shareLink: ["create", "revoke"],
    credential: ["manage"],
    apiToken: ["manage"],
    telemetry: ["manage"],
    mcpServer: ["manage", "refresh"],
    dataset: ["read", "write"],
    tool: ["read", "write"],
  }),
  editor: ac.newRole({ ...editing }),
  viewer: ac.newRole({ ...reading }),
};

export const ROLE_NAMES = ["owner", "editor", "viewer"] as const;
export type Role = (typeof ROLE_NAMES)[number];

type Statements = typeof statements;
export type Resource = Exclude<keyof Statements, "ac" | "organization" | "team">;
export type Action<R extends Resource> = Statements[R][number];

export function can<R extends Resource>(role: Role, resource: R, action: Action<R>): boolean {
  const request = { [resource]: [action] } as Parameters<(typeof roles)[Role]["authorize"]>[0];
  return roles[role].authorize(request).success;
}

export function isRole(value: string): value is Role {
  return (ROLE_NAMES as readonly string[]).includes(value);
}
