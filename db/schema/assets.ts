import { index, integer, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.ts";
import { clients, profiles } from "./tenancy.ts";

export const assetKind = pgEnum("asset_kind", ["poster", "backdrop", "logo", "other"]);

export const assets = pgTable(
  "assets",
  {
    id: id(),
    kind: assetKind().notNull().default("other"),
    fileName: text().notNull(),
    mimeType: text().notNull(),
    bytes: integer().notNull(),
    width: integer(),
    height: integer(),
    storageKey: text().notNull().unique(),
    checksum: text().notNull(),
    /** null = platform asset */
    ownerClientId: uuid().references(() => clients.uuid, { onDelete: "cascade" }),
    uploadedBy: uuid().references(() => profiles.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index().on(t.ownerClientId), index().on(t.checksum)],
);
