"use client";

import { useCallback, useState, useTransition } from "react";
import type { ActionError, ActionResult } from "@/app/_lib/action-result";

/**
 * Runs a Server Action in a transition: `pending` while it runs, its `error` kept for
 * display when it fails (and `onFailure` told), `onSuccess` with its data when it does not.
 */
export function useServerAction() {
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  const run = useCallback(<T,>(action: () => Promise<ActionResult<T>>, onSuccess: (data: T) => void, onFailure?: (error: ActionError) => void) => {
    setError(null);
    startTransition(async () => {
      const result = await action();
      if (result.ok) return onSuccess(result.data);
      setError(result);
      onFailure?.(result);
    });
  }, []);
  return { run, pending, error, setError };
}
