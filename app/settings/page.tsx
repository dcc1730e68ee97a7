import type { Metadata } from "next";
import { can } from "@/lib/auth/permissions";
import { invitationPath } from "@/lib/auth/invitationLink";
import { listMembers, listPendingInvitations, listTeamsOf } from "@/lib/data/teams";
import { currentWorkspace } from "@/app/_lib/workspace";
import { ActionButton } from "./_components/action-button";
import { CopyField } from "./_components/copy-field";
import { SettingsTable } from "./_components/settings-table";
import { CreateTeamForm, EnableAccountsForm, InviteForm, MemberRoleSelect, TeamSwitcher } from "./_components/team-forms";
import { cancelInvitationAction, removeMemberAction } from "./team-actions";

export const metadata: Metadata = { title: "Team" };

export default async function TeamSettingsPage() {
  const workspace = await currentWorkspace();
  if (workspace.mode === "single-user") {
    return (
      <section className="card panel stack" aria-labelledby="accounts-heading">
        <h2 id="accounts-heading">Invite your team</h2>
        <p className="muted">
          Swarm Studio runs in single-user mode: no accounts, no sign-in, everything belongs to you. To invite someone,
          turn accounts on by creating your own account. You become the owner of this team and keep all its flows and runs;
          from then on everyone signs in.
        </p>
        <EnableAccountsForm />
      </section>
    );
  }

  const [teams, members, invitations] = await Promise.all([
    listTeamsOf(workspace.userId),
    listMembers(workspace.teamId),
    listPendingInvitations(workspace.teamId),
  ]);
  const managesMembers = can(workspace.role, "member", "update");

  return (
    <>
      <section className="card panel stack" aria-labelledby="teams-heading">
        <h2 id="teams-heading">Your teams</h2>
        <TeamSwitcher teams={teams} activeId={workspace.teamId} />
        <CreateTeamForm />
      </section>

      <section className="card" aria-labelledby="members-heading">
        <div className="panel">
          <h2 id="members-heading">Members</h2>
        </div>
        <SettingsTable columns={["Name", "Email", "Role"]}>
          {members.map((member) => {
            const editable = managesMembers && member.userId !== workspace.userId;
            return (
              <tr key={member.memberId}>
                <td className="name">{member.name}</td>
                <td>{member.email}</td>
                <td>{editable ? <MemberRoleSelect memberId={member.memberId} role={member.role} label={`Role of ${member.name}`} /> : member.role}</td>
                <td className="actions">
                  {editable ? (
                    <ActionButton
                      action={removeMemberAction.bind(null, { memberId: member.memberId })}
                      label="Remove"
                      confirm={{ title: "Remove this member?", message: `${member.name} will lose access to this team"s flows and runs.` }}
                    />
                  ) : null}
                </td>
              </tr>
            );
          })}
        </SettingsTable>
      </section>

      {can(workspace.role, "invitation", "create") ? (
        <section className="card panel stack" aria-labelledby="invite-heading">
          <h2 id="invite-heading">Invite someone</h2>
          <p className="muted">
            Viewers read flows, versions and runs. Editors also create, edit, save, run and share flows. Owners also delete
            flows and manage members, provider keys and API tokens.
          </p>
          <InviteForm />
          {invitations.length ? (
            <ul className="stack" aria-label="Pending invitations">
              {invitations.map((invitation) => (
                <li key={invitation.id} className="stack">
                  <span>
                    {invitation.email} as <strong>{invitation.role}</strong> — invited by {invitation.inviterName}, expires{" "}
                    {invitation.expiresAt.toISOString().slice(0, 10)}
                  </span>
                  <CopyField label={`Invitation link for ${invitation.email}`} path={invitationPath(invitation.id)} />
                  <ActionButton action={cancelInvitationAction.bind(null, { invitationId: invitation.id })} label="Cancel invitation" />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
