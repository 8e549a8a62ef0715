// Whether a database holds data: a table of the public schema with a row. Migrations alone write rows only
// outside it (drizzle.__drizzle_migrations, pg-boss's schema), so a freshly migrated database is empty.
type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The public tables that hold at least one row, by name. */
export async function publicTablesWithRows(query: Query): Promise<string[]> {
  const { rows } = await query(
    "select table_name from information_schema.tables " +
      "where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  );
  const names = rows.map((row) => String(row.table_name));
  if (names.length === 0) return [];
  const probes = names.map(
    (name) => `select ${literal(name)} as t where exists (select 1 from public.${identifier(name)})`,
  );
  const found = await query(probes.join(" union all "));
  return found.rows.map((row) => String(row.t));
}
