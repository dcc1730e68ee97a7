"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import type { ActionError } from "@/app/_lib/action-result";
import { forkVersionAction, restoreVersionAction } from "../actions";

type Props = {
  flowId: string;
  number: number;
  /** Restoring the newest version would only copy it. */
  canRestore: boolean;
  /** Teams the user may create flows in, with the active one first. */
  forkTargets: { id: string; name: string }[];
};

export function VersionActions({ flowId, number, canRestore, forkTargets }: Props) {
  const router = useRouter();
  const [target, setTarget] = useState(forkTargets[0]?.id ?? "");
  const [error, setError] = useState<ActionError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function restore() {
    setError(null);
    startTransition(async () => {
      const result = await restoreVersionAction({ flowId, number });
      if (!result.ok) return setError(result);
      setNotice(`Restored as version ${result.data.version}.`);
      router.refresh();
    });
  }

  function fork() {
    setError(null);
    startTransition(async () => {
      const result = await forkVersionAction({ flowId, number, targetTeamId: target });
      if (!result.ok) return setError(result);
      router.push(`/flows/${result.data.flowId}`);
    });
  }

  return (
    <div className="stack">
      <div className="toolbar">
        {canRestore ? (
          <button type="button" className="button" disabled={pending} onClick={restore}>
            Restore as newest
          </button>
        ) : null}
        {forkTargets.length ? (
          <>
            <select aria-label="Fork into team" value={target} onChange={(event) => setTarget(event.target.value)}>
              {forkTargets.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </select>
            <button type="button" className="button" disabled={pending || !target} onClick={fork}>
              Fork into team
            </button>
          </>
        ) : null}
      </div>
      {notice ? (
        <p className="alert info" role="status">
          {notice}
        </p>
      ) : null}
      <ActionErrorAlert error={error} />
    </div>
  );
}
