// Who changes an account: the signed-in user's actor, user and session (the studio session carries
// all three) and the request's headers, which better-auth needs to find that session itself.
import type { Actor } from "../access/actor.ts";
import { AppError } from "../errors.ts";

export type AccountSession = {
  actor: Actor;
  user: { id: string; name: string; email: string };
  session: { id: string };
};

export type AccountRequest = AccountSession & { headers: Headers };

/** Account operations change the signed-in user's own account only. */
export function assertOwnAccount(account: AccountSession): void {
  if (account.actor.userId !== account.user.id) throw new AppError("forbidden", "account.ownAccountOnly");
}

/** Set-Cookie headers of better-auth's answer, to pass on to the browser. */
export function setCookiesOf(response: Response): string[] {
  return response.headers.getSetCookie();
}
