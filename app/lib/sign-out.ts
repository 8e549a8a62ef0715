import { GLOBAL_GUARD } from "./route-access.ts";
import { broadcastSignOut } from "./user-context.tsx";

/**
 * Logout: sign out; if that fails, log it to the console and go on; reset the user context
 * (a full page load drops every piece of client state) and go to the login screen. Without JavaScript the
 * form posts to the same action, which redirects to the login screen itself.
 */
export async function signOutAndLeave(
  navigateTo: (path: string) => void = (path) => window.location.assign(path),
) {
  try {
    const response = await fetch("/studio/user/logout", {
      method: "POST",
      // An (empty) form body: the server accepts state-changing page requests only as forms.
      body: new URLSearchParams(),
      redirect: "manual",
      credentials: "same-origin",
    });
    if (response.status >= 400) throw new Error(`sign-out answered ${response.status}`);
  } catch (error) {
    console.error("Sign-out failed", error);
  }
  broadcastSignOut();
  // "signedOut": show the sign-in form even if the server could not end the session.
  navigateTo(`${GLOBAL_GUARD.loginPath}?signedOut=1`);
}
