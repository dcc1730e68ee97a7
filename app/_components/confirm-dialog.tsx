"use client";

import { Dialog } from "./dialog";

type Props = {
  open: boolean;
  title: string;
  /** What will happen, in a sentence a person can decide on. */
  message: string;
  confirmLabel: string;
  danger?: boolean;
  pending?: boolean;
  onConfirm(): void;
  onCancel(): void;
};

/** Asks before an action that cannot be undone (or is easy to do by mistake). */
export function ConfirmDialog({ open, title, message, confirmLabel, danger, pending, onConfirm, onCancel }: Props) {
  return (
    <Dialog open={open} onClose={onCancel} title={title}>
      <p>{message}</p>
      <div className="toolbar" style={{ justifyContent: "flex-end" }}>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={`button ${danger ? "danger" : "primary"}`} disabled={pending} onClick={onConfirm} autoFocus>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
