import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getTeamName, getUserName } from "@/lib/data/teams";
import { currentWorkspace } from "@/app/_lib/workspace";
import { signOutAction } from "@/app/(auth)/actions";
import { SettingsNav } from "./_components/settings-nav";

export const metadata: Metadata = { title: { default: "Settings", template: "%s · Settings · Swarm Studio" } };
export const dynamic = "force-dynamic";

export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const workspace = await currentWorkspace();
  const [teamName, userName] = await Promise.all([getTeamName(workspace.teamId), getUserName(workspace.userId)]);
  return (
    <div className="page stack">
      <div className="page-header">
        <div>
          <h1>Settings</h1>
          <p>
            {teamName} · you are <strong>{workspace.role}</strong>
            {workspace.mode === "accounts" ? ` · signed in as ${userName}` : " · single-user mode"}
          </p>
        </div>
        {workspace.mode === "accounts" ? (
          <form action={signOutAction}>
            <button type="submit" className="button">
              Sign out
            </button>
          </form>
        ) : null}
      </div>
      <SettingsNav />
      {children}
    </div>
  );
}
