"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

/** The sections of the app; each later feature adds its entry here. */
const sections = [
  { href: "/flows", label: "Flows" },
  { href: "/runs", label: "Runs" },
  { href: "/datasets", label: "Datasets" },
  { href: "/evaluations", label: "Evaluations" },
  { href: "/settings", label: "Settings" },
] as const;

export function AppNav() {
  const pathname = usePathname();
  return (
    <header className="nav">
      <Link href="/flows" className="nav-brand">
        <span className="nav-logo" aria-hidden>
          ◆
        </span>
        Swarm Studio
      </Link>
      <nav aria-label="Sections" className="nav-links">
        {sections.map((section) => (
          <Link
            key={section.href}
            href={section.href}
            className="nav-link"
            aria-current={pathname.startsWith(section.href) ? "page" : undefined}
          >
            {section.label}
          </Link>
        ))}
      </nav>
    </header>
  );
}
