"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { useServerAction } from "@/app/_components/use-server-action";
import type { ActionResult } from "@/app/_lib/action-result";
import { AccountForm } from "@/app/(auth)/_components/account-form";
import { ROLE_NAMES, type Role } from "@/lib/auth/permissions";
import { createTeamAction, enableAccountsAction, inviteMemberAction, switchTeamAction, updateMemberRoleAction } from "../team-actions";
import { CopyField } from "./copy-field";

/** useServerAction, then a refresh of the server-rendered page after each success. */
function useAction() {
  const router = useRouter();
  const { run: runAction, pending, error } = useServerAction();
  function run<T>(action: () => Promise<ActionResult<T>>, onSuccess?: (data: T) => void) {
    runAction(action, (data) => {
      onSuccess?.(data);
      router.refresh();
    });
  }
  return { error, pending, run };
}

export function EnableAccountsForm() {
  const router = useRouter();
  return (
    <AccountForm withName submitLabel="Turn on accounts" onSubmit={enableAccountsAction} onSuccess={() => router.refresh()} />
  );
}

export function TeamSwitcher({ teams, activeId }: { teams: { id: string; name: string; role: string }[]; activeId: string }) {
  const { error, pending, run } = useAction();
  return (
    <label>
      Active team
      <select value={activeId} disabled={pending} onChange={(event) => run(() => switchTeamAction({ teamId: event.target.value }))}>
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name} ({team.role})
          </option>
        ))}
      </select>
      <ActionErrorAlert error={error} />
    </label>
  );
}

export function CreateTeamForm() {
  const [name, setName] = useState("");
  const { error, pending, run } = useAction();
  return (
    <form
      className="toolbar"
      onSubmit={(event) => {
        event.preventDefault();
        run(() => createTeamAction({ name }), () => setName(""));
      }}
    >
      <input type="text" aria-label="New team name" placeholder="New team name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
      <button type="submit" className="button" disabled={pending}>
        Create team
      </button>
      <ActionErrorAlert error={error} />
    </form>
  );
}

export function InviteForm() {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("viewer");
  const [link, setLink] = useState<string | null>(null);
  const { error, pending, run } = useAction();
  return (
    <div className="stack">
      <form
        className="toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          run(
            () => inviteMemberAction({ email, role }),
            ({ invitationPath }) => setLink(invitationPath),
          );
        }}
      >
        <input type="email" aria-label="Email to invite" placeholder="teammate@example.com" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <select aria-label="Role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLE_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <button type="submit" className="button primary" disabled={pending}>
          Create invitation link
        </button>
      </form>
      <ActionErrorAlert error={error} />
      {link ? <CopyField label="Invitation link" path={link} note="Send it to them: there is no mail server. It works for that email address only." /> : null}
    </div>
  );
}

export function MemberRoleSelect({ memberId, role, label }: { memberId: string; role: string; label: string }) {
  const { error, pending, run } = useAction();
  return (
    <>
      <select aria-label={label} value={role} disabled={pending} onChange={(event) => run(() => updateMemberRoleAction({ memberId, role: event.target.value as Role }))}>
        {ROLE_NAMES.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <ActionErrorAlert error={error} />
    </>
  );
}
