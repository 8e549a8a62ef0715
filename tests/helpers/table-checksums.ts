// Row count and checksum of every table outside PostgreSQL's own schemas (public, drizzle's migrations
// table, pg-boss's schema when there is one): two databases with equal results hold the same rows. The
// checksum is md5 over the rows' text, in text order, so physical order does not matter.
type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

export type TableChecksums = Record<string, { rows: number; md5: string }>;

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function tableChecksums(query: Query): Promise<TableChecksums> {
  const { rows: tables } = await query(
    "select table_schema, table_name from information_schema.tables " +
      "where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') " +
      "and table_schema not like 'pg\\_%' order by table_schema, table_name",
  );
  const result: TableChecksums = {};
  for (const table of tables) {
    const name = `${identifier(String(table.table_schema))}.${identifier(String(table.table_name))}`;
    const { rows } = await query(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 ` +
        `from ${name} t`,
    );
    result[`${String(table.table_schema)}.${String(table.table_name)}`] = {
      rows: Number(rows[0]!.rows),
      md5: String(rows[0]!.md5),
    };
  }
  return result;
}
