import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveDatabaseConfig } from "@/lib/db/config.ts";

describe("resolveDatabaseConfig", () => {
  it("defaults to the SQLite file under data/", () => {
    expect(resolveDatabaseConfig(undefined)).toEqual({
      provider: "sqlite",
      filePath: path.resolve("data/swarm-studio.db"),
    });
    expect(resolveDatabaseConfig("  ")).toMatchObject({ provider: "sqlite" });
  });

  it("reads file: URLs, relative and absolute", () => {
    expect(resolveDatabaseConfig("file:./tmp/x.db")).toEqual({ provider: "sqlite", filePath: path.resolve("tmp/x.db") });
    expect(resolveDatabaseConfig("file:/var/lib/app.db")).toEqual({ provider: "sqlite", filePath: "/var/lib/app.db" });
    expect(resolveDatabaseConfig("file:///var/lib/app.db")).toEqual({ provider: "sqlite", filePath: "/var/lib/app.db" });
  });

  it("takes postgres:// and postgresql:// URLs as PostgreSQL", () => {
    for (const url of ["postgres://u@h:5432/db", "postgresql://u:p@h/db?sslmode=require"]) {
      expect(resolveDatabaseConfig(url)).toEqual({ provider: "postgresql", url });
    }
  });

  it("refuses anything else with a message naming the accepted forms", () => {
    expect(() => resolveDatabaseConfig("mysql://h/db")).toThrow(/file: URL.*postgres:\/\//);
    expect(() => resolveDatabaseConfig("file:")).toThrow(/needs a path/);
  });
});
