// Teams (better-auth organizations), memberships and invitations as the app reads them.
// Changes that better-auth's organization plugin guards (invite, accept, change roles)
// go through its API in app/settings; these are the reads and the few writes it has no
// endpoint for (the personal team of a new user, claiming the local user).
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { demoFlows } from "@/lib/demo/flows";
import { seedDemoFlows } from "./demoFlows.ts";
import { NotFoundError } from "./errors.ts";
import { Id, parseInput } from "./validation.ts";
import { LOCAL_USER } from "./workspace.ts";

export interface TeamOfUser {
  id: string;
  name: string;
  role: string;
}

export interface TeamMemberSummary {
  memberId: string;
  userId: string;
  name: string;
  email: string;
  role: string;
  joinedAt: Date;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: string;
  expiresAt: Date;
  inviterName: string;
}

export interface InvitationPreview extends PendingInvitation {
  teamName: string;
  status: string;
}

export const TEAM_NAME_MAX = 80;
export const TeamName = z.string().trim().min(1, "A team needs a name").max(TEAM_NAME_MAX, `A team name has at most ${TEAM_NAME_MAX} characters`);

const PERSONAL_SUFFIX = "'s team";

/**
 * The name of a user's personal team, "<name>'s team", shortened to fit TEAM_NAME_MAX: a
 * long display name must never stop the team (and so the account) from being created.
 */
export function personalTeamName(userName: string): string {
  const owner = userName.trim().slice(0, TEAM_NAME_MAX - PERSONAL_SUFFIX.length).trimEnd() || "My";
  return `${owner}${PERSONAL_SUFFIX}`;
}

/** A unique slug: the name's letters and digits (at most 40), then 8 random hex digits. */
export function teamSlug(name: string): string {
  const base = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").slice(0, 40).replace(/^-+|-+$/g, "") || "team";
  return `${base}-${randomUUID().slice(0, 8)}`;
}

/**
 * A new team with `userId` as its owner: the one way teams are made (the personal team on
 * sign-up and the settings page's "Create team"), so both follow the same name and slug
 * rules. Every new team starts with the demo flows (mock: models, runnable at once).
 */
export async function createTeam(userId: string, name: string): Promise<{ id: string; name: string }> {
  const owner = parseInput(Id, userId);
  const teamName = parseInput(TeamName, name);
  const db = await getDb();
  const now = new Date();
  const team = await db.organization.create({
    data: {
      id: randomUUID(),
      name: teamName,
      slug: teamSlug(teamName),
      createdAt: now,
      members: { create: { id: randomUUID(), userId: owner, role: "owner", createdAt: now } },
    },
    select: { id: true, name: true },
  });
  await seedDemoFlows(team.id, owner, [...demoFlows]);
  return team;
}

/** The personal team of a new user (or of one left with no team). */
export async function createPersonalTeam(userId: string, userName: string): Promise<{ id: string; name: string }> {
  return createTeam(userId, personalTeamName(userName));
}

/**
 * Removes a user whose sign-up could not be completed (their personal team failed), so no
 * account is ever left without a team. Sessions, accounts and memberships go with the row.
 */
export async function deleteUnfinishedUser(userId: string): Promise<void> {
  const db = await getDb();
  await db.user.deleteMany({ where: { id: parseInput(Id, userId) } });
}

/** The team a user joined first, or null when they belong to none. */
export async function firstTeamOf(userId: string): Promise<string | null> {
  const db = await getDb();
  const member = await db.member.findFirst({
    where: { userId: parseInput(Id, userId) },
    orderBy: { createdAt: "asc" },
    select: { organizationId: true },
  });
  return member?.organizationId ?? null;
}

export async function listTeamsOf(userId: string): Promise<TeamOfUser[]> {
  const db = await getDb();
  const rows = await db.member.findMany({
    where: { userId: parseInput(Id, userId) },
    orderBy: { createdAt: "asc" },
    select: { role: true, organization: { select: { id: true, name: true } } },
  });
  return rows.map((row) => ({ id: row.organization.id, name: row.organization.name, role: row.role }));
}

/** The user's role in the team, or null when they are not a member. */
export async function roleIn(userId: string, teamId: string): Promise<string | null> {
  const db = await getDb();
  const member = await db.member.findUnique({
    where: { organizationId_userId: { organizationId: parseInput(Id, teamId), userId: parseInput(Id, userId) } },
    select: { role: true },
  });
  return member?.role ?? null;
}

export async function getTeamName(teamId: string): Promise<string> {
  const db = await getDb();
  const team = await db.organization.findUnique({ where: { id: parseInput(Id, teamId) }, select: { name: true } });
  if (!team) throw new NotFoundError("Team", teamId);
  return team.name;
}

export async function getUserName(userId: string): Promise<string> {
  const db = await getDb();
  const user = await db.user.findUnique({ where: { id: parseInput(Id, userId) }, select: { name: true } });
  if (!user) throw new NotFoundError("User", userId);
  return user.name;
}

export async function listMembers(teamId: string): Promise<TeamMemberSummary[]> {
  const db = await getDb();
  const rows = await db.member.findMany({
    where: { organizationId: parseInput(Id, teamId) },
    orderBy: { createdAt: "asc" },
    select: { id: true, role: true, createdAt: true, user: { select: { id: true, name: true, email: true } } },
  });
  return rows.map((row) => ({
    memberId: row.id,
    userId: row.user.id,
    name: row.user.name,
    email: row.user.email,
    role: row.role,
    joinedAt: row.createdAt,
  }));
}

export async function listPendingInvitations(teamId: string): Promise<PendingInvitation[]> {
  const db = await getDb();
  const rows = await db.invitation.findMany({
    where: { organizationId: parseInput(Id, teamId), status: "pending", expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    select: { id: true, email: true, role: true, expiresAt: true, inviter: { select: { name: true } } },
  });
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role ?? "viewer",
    expiresAt: row.expiresAt,
    inviterName: row.inviter.name,
  }));
}

/** What an invitation link shows before it is accepted (the id is the link's secret). */
export async function previewInvitation(invitationId: string): Promise<InvitationPreview> {
  const db = await getDb();
  const id = parseInput(Id, invitationId);
  const row = await db.invitation.findUnique({
    where: { id },
    select: {
      id: true,
      email: true,
      role: true,
      status: true,
      expiresAt: true,
      inviter: { select: { name: true } },
      organization: { select: { name: true } },
    },
  });
  if (!row) throw new NotFoundError("Invitation", id);
  return {
    id: row.id,
    email: row.email,
    role: row.role ?? "viewer",
    status: row.status,
    expiresAt: row.expiresAt,
    inviterName: row.inviter.name,
    teamName: row.organization.name,
  };
}

/**
 * Gives the single-user mode's local user a real name and email, so its personal team
 * and everything in it become the first account's. Compare-and-set on the local email:
 * of two concurrent claims one wins; returns false for the loser.
 */
export async function claimLocalUser(userId: string, profile: { name: string; email: string }): Promise<boolean> {
  const db = await getDb();
  const { count } = await db.user.updateMany({
    where: { id: parseInput(Id, userId), email: LOCAL_USER.email },
    data: { name: profile.name, email: profile.email.toLowerCase() },
  });
  return count === 1;
}
