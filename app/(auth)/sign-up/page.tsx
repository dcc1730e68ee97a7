import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { accountsEnabled } from "@/lib/auth";
import { SignUpForm } from "../_components/sign-in-form";
import styles from "../auth.module.css";

export const metadata: Metadata = { title: "Create an account" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ next?: string; email?: string }> };

export default async function SignUpPage({ searchParams }: Props) {
  if (!(await accountsEnabled())) redirect("/settings");
  const { next, email } = await searchParams;
  return (
    <div className={`card ${styles.box}`}>
      <h1>Create an account</h1>
      <p>You get a personal team of your own; invitations add you to others.</p>
      <SignUpForm next={next} email={email} />
      <p>
        Have an account? <Link href={next ? `/sign-in?next=${encodeURIComponent(next)}` : "/sign-in"}>Sign in</Link>
      </p>
    </div>
  );
}
