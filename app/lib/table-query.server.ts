// Reading a list page's URL on the server beyond the table's own parameters (those are read by
// readTableParams in app/lib/table-url.ts, which the data table writes): filters and past-the-end pages.

/** One of the allowed values of a URL parameter, or undefined (an unknown value is ignored, not an error). */
export function readChoice<Value extends string>(
  params: URLSearchParams,
  name: string,
  allowed: readonly Value[],
): Value | undefined {
  const value = params.get(name) ?? "";
  return (allowed as readonly string[]).includes(value) ? (value as Value) : undefined;
}

/**
 * Loads the asked page; past the last one (rows were deleted, or an old link) it shows the last page
 * instead, keeping the URL as it is.
 */
export async function readPageClamped<Page extends { total: number; pageSize: number }>(
  read: (page: number) => Promise<Page>,
  page: number,
): Promise<Page> {
  const result = await read(page);
  const last = Math.max(1, Math.ceil(result.total / result.pageSize));
  return page > last ? read(last) : result;
}
