import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AppNav } from "@/app/_components/app-nav";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Swarm Studio", template: "%s · Swarm Studio" },
  description: "Draw multi-agent swarms, run them on real models, inspect every run.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
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
