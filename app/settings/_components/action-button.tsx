"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { ConfirmDialog } from "@/app/_components/confirm-dialog";
import { useServerAction } from "@/app/_components/use-server-action";
import type { ActionResult } from "@/app/_lib/action-result";

type Props = {
  /** A Server Action with its arguments bound (`action.bind(null, input)`). */
  action: () => Promise<ActionResult<unknown>>;
  label: string;
  /** Asked in a dialog before acting, for what cannot be undone (the button is then styled as dangerous). */
  confirm?: { title: string; message: string };
};

/** One button for one action; refreshes the page when it succeeds, shows why when it fails. */
export function ActionButton({ action, label, confirm }: Props) {
  const router = useRouter();
  const { run, pending, error } = useServerAction();
  const [asking, setAsking] = useState(false);
  const act = () => run(action, () => router.refresh());
  return (
    <>
      <button type="button" className={confirm ? "button small danger" : "button small"} disabled={pending} onClick={() => (confirm ? setAsking(true) : act())}>
        {label}
      </button>
      {confirm ? (
        <ConfirmDialog
          open={asking}
          title={confirm.title}
          message={confirm.message}
          confirmLabel={label}
          danger
          pending={pending}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            act();
          }}
        />
      ) : null}
      <ActionErrorAlert error={error} />
    </>
  );
}
