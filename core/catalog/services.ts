// What the catalogue operations need: the database.
import type { Database } from "../../db/client.ts";

export type CatalogServices = { db: Database };
