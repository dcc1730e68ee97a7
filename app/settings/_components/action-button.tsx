"use client";

import { useRouter } from "next/navigation";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { useServerAction } from "@/app/_components/use-server-action";
import type { ActionResult } from "@/app/_lib/action-result";

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
  const { run, pending, error } = useServerAction();
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={pending}
        onClick={() => {
          if (confirm && !window.confirm(confirm)) return;
          run(action, () => router.refresh());
        }}
      >
        {label}
      </button>
      <ActionErrorAlert error={error} />
    </>
  );
}
