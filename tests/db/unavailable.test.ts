import { describe, expect, it } from "vitest";
import { asUnavailable, StorageUnavailableError } from "@/lib/db/unavailable";
import { NotFoundError } from "@/lib/data/errors";

describe("asUnavailable", () => {
  it("recognizes a database that is down, locked or read-only, also wrapped as a cause", () => {
    const locked = Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
    const ioError = Object.assign(new Error("write failed"), { code: "SQLITE_IOERR_WRITE" });
    const wrapped = new Error("Invalid `prisma.run.update()` invocation", { cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }) });
    for (const error of [locked, ioError, wrapped]) expect(asUnavailable(error)).toBeInstanceOf(StorageUnavailableError);
  });

  it("passes an unavailable SystemError through and leaves every other error alone", () => {
    const down = new StorageUnavailableError();
    expect(asUnavailable(down)).toBe(down);
    expect(asUnavailable(new NotFoundError("Flow", "x"))).toBeNull();
    expect(asUnavailable(Object.assign(new Error("constraint"), { code: "SQLITE_CONSTRAINT" }))).toBeNull();
    expect(asUnavailable("nope")).toBeNull();
  });
});
