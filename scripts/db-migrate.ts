// npm run db:migrate — applies pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
import path from "node:path";
import { openDatabase } from "../db/client.ts";
import { ConfigError, loadConfig } from "../server/config.ts";

try {
  const config = await loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.resolve(config.DATA_DIR, "db"),
  });
  await database.migrate();
  await database.close();
  console.log(`Migrations applied (${database.kind}).`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
