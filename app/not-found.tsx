import Link from "next/link";

export default function NotFound() {
  return (
    <div className="empty-state">
      <h1>Not found</h1>
      <p>This page does not exist, or what it showed was deleted.</p>
      <Link className="button" href="/flows">
        Back to flows
      </Link>
    </div>
  );
}
