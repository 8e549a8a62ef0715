// Permissions as data: one list, mapped to client roles; the server checks with
// requirePermission(), the UI reads the same map to hide what a user may not do.
import { AppError } from "../errors.ts";
import type { Actor, ClientRole } from "./actor.ts";

export const PERMISSIONS = {
  "client.view": ["viewer", "editor", "admin"],
  "usage.view": ["viewer", "editor", "admin"],
  "keys.view": ["viewer", "editor", "admin"],
  "domains.view": ["viewer", "editor", "admin"],
  // Domains decide where publishable keys work, so only the admins who manage keys manage them.
  "domains.write": ["admin"],
  "movies.curate": ["editor", "admin"],
  "assets.write": ["editor", "admin"],
  "widget.write": ["editor", "admin"],
  "keys.write": ["admin"],
  "members.write": ["admin"],
  "credits.request": ["admin"],
} as const satisfies Record<string, readonly ClientRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function roleHasPermission(role: ClientRole | null, permission: Permission): boolean {
  return role !== null && (PERMISSIONS[permission] as readonly ClientRole[]).includes(role);
}

/** Super admins may do everything in any client; others need the permission in the client they act on. */
export function can(
  actor: Actor,
  permission: Permission,
  clientId: string | null = actor.effectiveClientId,
): boolean {
  if (actor.isSuperAdmin) return true;
  if (!clientId || clientId !== actor.effectiveClientId) return false;
  return roleHasPermission(actor.role, permission);
}

export function requirePermission(actor: Actor, permission: Permission, clientId?: string | null): void {
  if (!can(actor, permission, clientId)) {
    throw new AppError("forbidden", "access.forbidden");
  }
}

export function requireSuperAdmin(actor: Actor): void {
  if (!actor.isSuperAdmin) throw new AppError("forbidden", "access.superAdminOnly");
}
