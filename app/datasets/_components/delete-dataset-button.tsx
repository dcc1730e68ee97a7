"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { Dialog } from "@/app/_components/dialog";
import { useServerAction } from "@/app/_components/use-server-action";
import { deleteDatasetAction } from "../actions";

/** Deletes the dataset after a confirmation; the evaluations that used it stay readable. */
export function DeleteDatasetButton({ datasetId, name }: { datasetId: string; name: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const { run, pending, error } = useServerAction();
  return (
    <>
      <button type="button" className="button danger" onClick={() => setOpen(true)}>
        Delete
      </button>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} title="Delete dataset?">
          <div className="stack">
            <p style={{ margin: 0 }}>
              <strong>{name}</strong> and its versions leave the list and cannot be evaluated over again. Evaluations that used it keep their rows and
              results.
            </p>
            <ActionErrorAlert error={error} />
            <div className="dialog-actions">
              <button type="button" className="button" onClick={() => setOpen(false)}>
                Cancel
              </button>
              <button
                className="button danger solid"
                disabled={pending}
                onClick={() =>
                  run(
                    () => deleteDatasetAction({ datasetId }),
                    () => {
                      router.push("/datasets");
                      router.refresh();
                    },
                  )
                }
              >
                Delete dataset
              </button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
