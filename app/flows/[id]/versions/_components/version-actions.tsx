"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { ConfirmDialog } from "@/app/_components/confirm-dialog";
import { useServerAction } from "@/app/_components/use-server-action";
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
  const [asking, setAsking] = useState(false);
  const [restored, setRestored] = useState<number | null>(null);
  const { run, pending, error } = useServerAction();

  const restore = () =>
    run(
      () => restoreVersionAction({ flowId, number }),
      ({ version }) => {
        setRestored(version);
        router.refresh();
      },
    );
  const fork = () => run(() => forkVersionAction({ flowId, number, targetTeamId: target }), ({ flowId: forked }) => router.push(`/flows/${forked}`));

  return (
    <div className="stack">
      <div className="toolbar">
        {canRestore ? (
          <button type="button" className="button" disabled={pending} onClick={() => setAsking(true)}>
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
      <ConfirmDialog
        open={asking}
        title={`Restore version ${number}?`}
        message={`Its document is saved as a new, newest version. Nothing is overwritten: the versions after ${number} stay in the history.`}
        confirmLabel="Restore"
        pending={pending}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          restore();
        }}
      />
      {restored !== null ? (
        <p className="alert info" role="status">
          Restored as version {restored}. <Link href={`/flows/${flowId}`}>Open it in the editor</Link>
        </p>
      ) : null}
      <ActionErrorAlert error={error} />
    </div>
  );
}
