// The address an e-mail sends its reader to: the studio's confirmation page, for a new account's address,
// a password recovery, an e-mail change or an invitation (the token says which).
export function confirmUrl(
  baseUrl: string,
  type: "email" | "recovery" | "email-change" | "invite",
  token: string,
) {
  const url = new URL("/studio/user/confirm", baseUrl);
  url.searchParams.set("type", type);
  url.searchParams.set("token", token);
  return url.toString();
}
