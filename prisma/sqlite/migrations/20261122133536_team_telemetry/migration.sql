-- CreateTable
CREATE TABLE "team_telemetry" (
    "teamId" TEXT NOT NULL PRIMARY KEY,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "endpoint" TEXT NOT NULL,
    "protocol" TEXT NOT NULL DEFAULT 'json',
    "includeContent" BOOLEAN NOT NULL DEFAULT false,
    "headersCiphertext" TEXT,
    "headersIv" TEXT,
    "headersTag" TEXT,
    "keyVersion" INTEGER NOT NULL DEFAULT 1,
    "headerNames" TEXT NOT NULL DEFAULT '',
    "lastError" TEXT,
    "lastErrorAt" DATETIME,
    "lastExportAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "team_telemetry_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "organization" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
