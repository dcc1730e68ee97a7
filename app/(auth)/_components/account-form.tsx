"use client";

import { useState, useTransition } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import type { ActionError, ActionResult } from "@/app/_lib/action-result";

export type AccountFields = { name: string; email: string; password: string };

type Props = {
  /** Sign-up and account creation ask for a name; sign-in does not. */
  withName: boolean;
  submitLabel: string;
  initialEmail?: string;
  /** Returns only on failure (success redirects or refreshes). */
  onSubmit: (fields: AccountFields) => Promise<ActionResult<unknown> | void>;
};

/** Email + password (and name) form shared by sign-in, sign-up and turning accounts on. */
export function AccountForm({ withName, submitLabel, initialEmail = "", onSubmit }: Props) {
  const [fields, setFields] = useState<AccountFields>({ name: "", email: initialEmail, password: "" });
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  const set = (key: keyof AccountFields) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    startTransition(async () => {
      const result = await onSubmit(fields);
      if (result && !result.ok) setError(result);
    });
  }

  return (
    <form className="stack" onSubmit={submit}>
      {withName ? (
        <label>
          Name
          <input type="text" value={fields.name} onChange={set("name")} autoComplete="name" required maxLength={80} />
        </label>
      ) : null}
      <label>
        Email
        <input type="email" value={fields.email} onChange={set("email")} autoComplete="email" required maxLength={200} />
      </label>
      <label>
        Password
        <input
          type="password"
          value={fields.password}
          onChange={set("password")}
          autoComplete={withName ? "new-password" : "current-password"}
          required
          minLength={withName ? 8 : 1}
        />
      </label>
      <ActionErrorAlert error={error} />
      <button type="submit" className="button primary" disabled={pending}>
        {pending ? "Please wait…" : submitLabel}
      </button>
    </form>
  );
}
