// Who sent a request, as the server's edge established it: the client address (from the socket, or
// from X-Forwarded-For only when the socket is a trusted proxy — TRUSTED_PROXIES) and the request id.
// The server's client-address middleware removes any incoming copy of these headers and sets its own,
// so core code (audit rows, rate limits, sessions list) reads them from any Request or Headers.

export const CLIENT_IP_HEADER = "x-reeltime-client-ip";
export const REQUEST_ID_HEADER = "x-request-id";

export type RequestMeta = { ip?: string; requestId?: string };

export function requestMeta(source: Request | Headers | undefined | null): RequestMeta {
  const headers = source instanceof Request ? source.headers : source;
  return {
    ip: headers?.get(CLIENT_IP_HEADER) ?? undefined,
    requestId: headers?.get(REQUEST_ID_HEADER) ?? undefined,
  };
}
