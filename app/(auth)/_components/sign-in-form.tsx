"use client";

import { signInAction, signUpAction } from "../actions";
import { AccountForm } from "./account-form";

export function SignInForm({ next }: { next?: string }) {
  return <AccountForm withName={false} submitLabel="Sign in" onSubmit={({ email, password }) => signInAction({ email, password, next })} />;
}

export function SignUpForm({ next, email }: { next?: string; email?: string }) {
  return <AccountForm withName submitLabel="Create account" initialEmail={email} onSubmit={(fields) => signUpAction({ ...fields, next })} />;
}
