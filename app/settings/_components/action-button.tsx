"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import type { ActionError, ActionResult } from "@/app/_lib/action-result";

type Props = {
  /** A Server Action with its arguments bound (`action.bind(null, input)`). */
  action: () => Promise<ActionResult<unknown>>;
  label: string;
  className?: string;
  /** Asked with window.confirm before acting, for what cannot be undone. */
  confirm?: string;
};

/** One button for one action; refreshes the page when it succeeds, shows why when it fails. */
export function ActionButton({ action, label, className = "button small", confirm }: Props) {
  const router = useRouter();
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={pending}
        onClick={() => {
          if (confirm && !window.confirm(confirm)) return;
          setError(null);
          startTransition(async () => {
            const result = await action();
            if (result.ok) router.refresh();
            else setError(result);
          });
        }}
      >
        {label}
      </button>
      <ActionErrorAlert error={error} />
    </>
  );
}
