import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { accountsEnabled } from "@/lib/auth";
import { SignInForm } from "../_components/sign-in-form";
import styles from "../auth.module.css";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ next?: string }> };

export default async function SignInPage({ searchParams }: Props) {
  // In single-user mode there is nobody to sign in as.
  if (!(await accountsEnabled())) redirect("/flows");
  const { next } = await searchParams;
  return (
    <div className={`card ${styles.box}`}>
      <h1>Sign in</h1>
      <SignInForm next={next} />
      <p>
        No account yet? <Link href={next ? `/sign-up?next=${encodeURIComponent(next)}` : "/sign-up"}>Create one</Link>
      </p>
    </div>
  );
}
