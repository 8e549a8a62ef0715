// npm run db:seed — demo data into an empty database. A database with data is left alone unless
// --reset is given, which first empties the catalogue, showtime and ingestion tables.
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { isDatabaseEmpty, seedDemoData } from "../db/seed/seed-demo.ts";
import { ConfigError, loadConfig } from "../server/config.ts";

const reset = process.argv.includes("--reset");
try {
  const config = await loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.resolve(config.DATA_DIR, "db"),
  });
  await database.migrate();
  if (!(await isDatabaseEmpty(database.db))) {
    if (!reset) {
      console.log(
        "The database already has data; nothing was changed. Use `npm run db:seed -- --reset` to replace the catalogue and showtimes.",
      );
      await database.close();
      process.exit(0);
    }
    await database.db.execute(
      sql`truncate showtimes, missing_links, import_runs, sources, movie_aliases, movie_titles, movies, cinemas, cinema_chains, attributes, bundle_countries, country_access, countries cascade`,
    );
  }
  const started = performance.now();
  const counts = await seedDemoData(database.db, { now: new Date() });
  console.log(`Demo data seeded in ${Math.round(performance.now() - started)} ms:`, counts);
  await database.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
