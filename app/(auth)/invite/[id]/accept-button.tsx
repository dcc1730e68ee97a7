"use client";

import { useState, useTransition } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import type { ActionError } from "@/app/_lib/action-result";
import { acceptInvitationAction } from "../../actions";

export function AcceptInvitationButton({ invitationId }: { invitationId: string }) {
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <>
      <ActionErrorAlert error={error} />
      <button
        className="button primary"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const result = await acceptInvitationAction({ invitationId });
            if (!result.ok) setError(result);
          })
        }
      >
        {pending ? "Joining…" : "Accept invitation"}
      </button>
    </>
  );
}
