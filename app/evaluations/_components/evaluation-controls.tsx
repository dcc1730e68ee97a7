"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { useServerAction } from "@/app/_components/use-server-action";
import { cancelEvaluationAction, resumeEvaluationAction } from "../actions";

/** While something shown is still running, the page re-reads itself every second (the rows' progress). */
export function LiveRefresh({ active }: { active: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => router.refresh(), 1000);
    return () => clearInterval(timer);
  }, [active, router]);
  return null;
}

export function EvaluationControls({ evaluationId, status, mayRun }: { evaluationId: string; status: string; mayRun: boolean }) {
  const router = useRouter();
  const { run, pending, error } = useServerAction();
  if (!mayRun) return null;
  return (
    <div className="button-row">
      {status === "running" || status === "interrupted" ? (
        <button type="button" className="button danger" disabled={pending} onClick={() => run(() => cancelEvaluationAction({ evaluationId }), () => router.refresh())}>
          Cancel
        </button>
      ) : null}
      {status === "interrupted" ? (
        <button type="button" className="button primary" disabled={pending} onClick={() => run(() => resumeEvaluationAction({ evaluationId }), () => router.refresh())}>
          Resume
        </button>
      ) : null}
      <ActionErrorAlert error={error} />
    </div>
  );
}
