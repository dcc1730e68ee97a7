// better-auth's HTTP endpoints (sessions, organizations, invitations) under /api/auth/*.
import { getAuth } from "@/lib/auth";

async function handle(request: Request): Promise<Response> {
  const auth = await getAuth();
  return auth.handler(request);
}

export { handle as GET, handle as POST };
