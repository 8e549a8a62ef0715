import { sql } from "drizzle-orm";
import { customType, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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
    /** the original variant's content hash */
    storageKey: text().notNull(),
    checksum: text().notNull(),
    /** null = platform asset */
    ownerClientId: uuid().references(() => clients.uuid, { onDelete: "cascade" }),
    uploadedBy: uuid().references(() => profiles.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index().on(t.ownerClientId),
    index().on(t.checksum),
    // One copy of a file per owner: a second upload of the same bytes finds the first.
    uniqueIndex("assets_owner_checksum_unique").on(
      sql`coalesce(${t.ownerClientId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.checksum,
    ),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const assetVariantName = pgEnum("asset_variant_name", ["original", "webp", "thumbnail"]);

/**
 * The stored bytes of an asset: the sanitized original, a WebP and a thumbnail. They live in the
 * database so that every server instance serves them (docs/decisions/010).
 */
export const assetVariants = pgTable(
  "asset_variants",
  {
    id: id(),
    assetId: uuid()
      .notNull()
      .references(() => assets.id, { onDelete: "cascade" }),
    variant: assetVariantName().notNull(),
    mimeType: text().notNull(),
    byteSize: integer().notNull(),
    width: integer(),
    height: integer(),
    /**
     * sha-256 of content, hex: the URL and the ETag, so a response never changes under its URL. Not
     * unique: the same file may sit in two owners' libraries, and any of its rows serves the same bytes.
     */
    contentHash: text().notNull(),
    content: bytea().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.assetId, t.variant), index().on(t.contentHash)],
);
