"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { Dialog } from "@/app/_components/dialog";
import { useServerAction } from "@/app/_components/use-server-action";
import { deleteFlowAction, renameFlowAction } from "../actions";

type RowProps = { flowId: string; name: string; canRename: boolean; canDelete: boolean };

export function FlowRowActions({ flowId, name, canRename, canDelete }: RowProps) {
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  return (
    <div className="toolbar" style={{ justifyContent: "flex-end" }}>
      <a className="button small" href={`/flows/${flowId}/export`} download>
        Export
      </a>
      {canRename ? (
        <button className="button small" onClick={() => setDialog("rename")}>
          Rename
        </button>
      ) : null}
      {canDelete ? (
        <button className="button small danger" onClick={() => setDialog("delete")}>
          Delete
        </button>
      ) : null}
      {dialog === "rename" ? <RenameDialog flowId={flowId} name={name} onClose={() => setDialog(null)} /> : null}
      {dialog === "delete" ? <DeleteDialog flowId={flowId} name={name} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

export function RenameDialog({ flowId, name, onClose }: { flowId: string; name: string; onClose: () => void }) {
  const router = useRouter();
  const [value, setValue] = useState(name);
  const { run, pending, error } = useServerAction();
  return (
    <Dialog open onClose={onClose} title="Rename flow">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          run(
            () => renameFlowAction({ flowId, name: value }),
            () => {
              onClose();
              router.refresh();
            },
          );
        }}
      >
        <label>
          Name
          <input type="text" value={value} maxLength={120} onChange={(e) => setValue(e.target.value)} autoFocus />
        </label>
        <ActionErrorAlert error={error} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={pending}>
            Rename
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function DeleteDialog({ flowId, name, onClose, afterDelete }: { flowId: string; name: string; onClose: () => void; afterDelete?: () => void }) {
  const router = useRouter();
  const { run, pending, error } = useServerAction();
  return (
    <Dialog open onClose={onClose} title="Delete flow?">
      <div className="stack">
        <p style={{ margin: 0 }}>
          <strong>{name}</strong> and all its versions will be deleted. This cannot be undone.
        </p>
        <ActionErrorAlert error={error} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            className="button danger solid"
            disabled={pending}
            onClick={() =>
              run(
                () => deleteFlowAction({ flowId }),
                () => {
                  onClose();
                  if (afterDelete) afterDelete();
                  else router.refresh();
                },
              )
            }
          >
            Delete flow
          </button>
        </div>
      </div>
    </Dialog>
  );
}
