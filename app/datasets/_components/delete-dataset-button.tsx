"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { ConfirmDialog } from "@/app/_components/confirm-dialog";
import { useServerAction } from "@/app/_components/use-server-action";
import { deleteDatasetAction } from "../actions";

/** Deletes the dataset after a confirmation; the evaluations that used it stay readable. */
export function DeleteDatasetButton({ datasetId, name }: { datasetId: string; name: string }) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const { run, pending, error } = useServerAction();
  return (
    <>
      <button type="button" className="button danger" disabled={pending} onClick={() => setAsking(true)}>
        Delete
      </button>
      <ConfirmDialog
        open={asking}
        title="Delete dataset?"
        message={`\u201c${name}\u201d and its versions leave the list and cannot be evaluated over again. Evaluations that used it keep their rows and results.`}
        confirmLabel="Delete dataset"
        danger
        pending={pending}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          run(
            () => deleteDatasetAction({ datasetId }),
            () => {
              router.push("/datasets");
              router.refresh();
            },
          );
        }}
      />
      <ActionErrorAlert error={error} />
    </>
  );
}
