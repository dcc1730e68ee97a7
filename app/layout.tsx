import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { AppNav } from "@/app/_components/app-nav";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Swarm Studio", template: "%s · Swarm Studio" },
  description: "Draw multi-agent swarms, run them on real models, inspect every run.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request, so Next.js can put the request's CSP nonce (proxy.ts)
  // on its scripts; a page prerendered at build time would carry none and be blocked.
  await connection();
  return (
    <html lang="en">
      <body>
        <div className="shell">
          <AppNav />
          <main className="shell-main">{children}</main>
        </div>
      </body>
    </html>
  );
}
