import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import type { Context } from "hono";
import proxyAddr from "proxy-addr";
import { CLIENT_IP_HEADER } from "../../core/request-meta.ts";
import type { ServerEnv } from "../context-variables.ts";
import { nodeRequest, replaceRequestHeader } from "./node-bindings.ts";

/** A request that reached us without a socket (the in-process `app.request()`) comes from this host. */
export const IN_PROCESS_ADDRESS = "127.0.0.1";

export type TrustCheck = (address: string, hop: number) => boolean;

/** TRUSTED_PROXIES as a function; an empty list trusts no proxy at all. */
export function compileTrust(trustedProxies: readonly string[]): TrustCheck {
  return proxyAddr.compile([...trustedProxies]);
}

/** True for 127.0.0.0/8 and ::1 (also IPv4-mapped). */
export const isLoopback: TrustCheck = proxyAddr.compile("loopback");

/**
 * The client address: the socket's peer, unless that peer is a trusted proxy, in which case
 * X-Forwarded-For is walked from the right until the first untrusted hop (proxy-addr's rule), or, with
 * no X-Forwarded-For, a well-formed X-Real-IP is taken. Nothing a client sends counts unless the hop
 * it came through is trusted.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  headers: Headers,
  trust: TrustCheck,
): string {
  const peer = socketAddress || IN_PROCESS_ADDRESS;
  const forwardedFor = headers.get("x-forwarded-for");
  if (forwardedFor) {
    // proxy-addr reads only these two properties of the Node request.
    const shape = { socket: { remoteAddress: peer }, headers: { "x-forwarded-for": forwardedFor } };
    const address = proxyAddr(shape as unknown as IncomingMessage, trust);
    return isIP(address) ? address : peer;
  }
  const realIp = headers.get("x-real-ip")?.trim();
  if (realIp && isIP(realIp) && trust(peer, 0)) return realIp;
  return peer;
}

/**
 * Sets CLIENT_IP_HEADER (core/request-meta.ts) on the request to the resolved client address, replacing
 * any copy the client sent, so everything downstream (audit rows, rate limits, sessions) reads one
 * trustworthy value through requestMeta(). The trust list is compiled once, here.
 */
export function clientAddressStep(trustedProxies: readonly string[]): (c: Context<ServerEnv>) => void {
  const trust = compileTrust(trustedProxies);
  return (c) => {
    const socketAddress = nodeRequest(c)?.socket.remoteAddress;
    const address = resolveClientAddress(socketAddress, c.req.raw.headers, trust);
    replaceRequestHeader(c, CLIENT_IP_HEADER, address);
    c.set("clientIp", address);
  };
}
