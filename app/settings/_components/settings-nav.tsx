"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const tabs = [
  { href: "/settings", label: "Team" },
  { href: "/settings/credentials", label: "Provider keys" },
  { href: "/settings/tools", label: "Tools" },
  { href: "/settings/tokens", label: "API tokens" },
  { href: "/settings/share-links", label: "Share links" },
  { href: "/settings/mcp", label: "MCP servers" },
  { href: "/settings/telemetry", label: "Trace export" },
] as const;

export function SettingsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Settings" className="toolbar">
      {tabs.map((tab) => (
        <Link key={tab.href} href={tab.href} className="nav-link" aria-current={pathname === tab.href ? "page" : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
