"use client";

import { useState } from "react";
import { ActionErrorAlert } from "@/app/_components/action-error";
import { useServerAction } from "@/app/_components/use-server-action";
import type { ActionResult } from "@/app/_lib/action-result";

export type AccountFields = { name: string; email: string; password: string };

type Props = {
  /** Sign-up and account creation ask for a name; sign-in does not. */
  withName: boolean;
  submitLabel: string;
  initialEmail?: string;
  /** A Server Action: sign-in and sign-up redirect on success, others return data. */
  onSubmit: (fields: AccountFields) => Promise<ActionResult<unknown>>;
  onSuccess?: () => void;
};

/** Email + password (and name) form shared by sign-in, sign-up and turning accounts on. */
export function AccountForm({ withName, submitLabel, initialEmail = "", onSubmit, onSuccess = () => {} }: Props) {
  const [fields, setFields] = useState<AccountFields>({ name: "", email: initialEmail, password: "" });
  const { run, pending, error } = useServerAction();
  const set = (key: keyof AccountFields) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    run(() => onSubmit(fields), onSuccess);
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
