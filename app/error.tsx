"use client";

import { useEffect } from "react";
import { STORAGE_UNAVAILABLE_DIGEST } from "@/lib/db/unavailable";

const RETRY_EVERY_MS = 5_000;

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const unavailable = error.digest === STORAGE_UNAVAILABLE_DIGEST;
  // The database is down or locked for now: try again by itself until it is back.
  useEffect(() => {
    if (!unavailable) return;
    const timer = setInterval(reset, RETRY_EVERY_MS);
    return () => clearInterval(timer);
  }, [unavailable, reset]);

  if (unavailable) {
    return (
      <div className="empty-state" role="alert">
        <h1>The database is unavailable right now</h1>
        <p>Nothing was changed. This page tries again every few seconds and comes back by itself when the database does.</p>
        <button className="button" onClick={reset}>
          Try again now
        </button>
      </div>
    );
  }
  return (
    <div className="empty-state" role="alert">
      <h1>Something went wrong</h1>
      <p>The server could not complete this request{error.digest ? ` (reference ${error.digest})` : ""}.</p>
      <button className="button" onClick={reset}>
        Try again
      </button>
    </div>
  );
}
