"use client";

import { ActionErrorAlert } from "@/app/_components/action-error";
import { useServerAction } from "@/app/_components/use-server-action";
import { acceptInvitationAction } from "../../actions";

export function AcceptInvitationButton({ invitationId, secret }: { invitationId: string; secret: string }) {
  const { run, pending, error } = useServerAction();
  return (
    <>
      <ActionErrorAlert error={error} />
      <button
        className="button primary"
        disabled={pending}
        // Success redirects to the team's flows; only a refusal comes back.
        onClick={() => run(() => acceptInvitationAction({ invitationId, secret }), () => {})}
      >
        {pending ? "Joining…" : "Accept invitation"}
      </button>
    </>
  );
}
