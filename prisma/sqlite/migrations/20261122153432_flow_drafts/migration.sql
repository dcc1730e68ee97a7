-- CreateTable
CREATE TABLE "flow_draft" (
    "flowId" TEXT NOT NULL PRIMARY KEY,
    "state" BLOB NOT NULL,
    "contributors" TEXT NOT NULL DEFAULT '[]',
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "flow_draft_flowId_fkey" FOREIGN KEY ("flowId") REFERENCES "flow" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_flow_version" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "flowId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "document" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "authorId" TEXT,
    "contributors" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "flow_version_flowId_fkey" FOREIGN KEY ("flowId") REFERENCES "flow" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "flow_version_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_flow_version" ("authorId", "createdAt", "document", "flowId", "id", "message", "number") SELECT "authorId", "createdAt", "document", "flowId", "id", "message", "number" FROM "flow_version";
DROP TABLE "flow_version";
ALTER TABLE "new_flow_version" RENAME TO "flow_version";
CREATE UNIQUE INDEX "flow_version_flowId_number_key" ON "flow_version"("flowId", "number");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
