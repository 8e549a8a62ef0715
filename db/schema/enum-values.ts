// The values of the tenancy enums, the one definition the pgEnums in tenancy.ts are built from. Kept
// free of drizzle so that code running in the browser (form schemas, role and status options) can
// read them without loading the database layer.
export const CLIENT_ROLE_VALUES = ["admin", "editor", "viewer"] as const;
export const CLIENT_STATUS_VALUES = ["active", "suspended"] as const;
export const COLOUR_MODE_VALUES = ["system", "light", "dark"] as const;
