import { describe, expect, it } from "vitest";
import {
  isViewOnlyChange,
  nextSort,
  readHiddenColumns,
  readSelectedIds,
  readTableParams,
  SELECTED_IDS_MAX,
  splitSort,
  tableUrl,
} from "./table-url.ts";

const params = (query: string) => new URLSearchParams(query);

describe("tableUrl", () => {
  it("goes back to page 1 when the search changes", () => {
    expect(tableUrl(params("q=old&page=3&status=active"), { q: "new" })).toBe("?q=new&status=active");
  });

  it("goes back to page 1 when the sort, a filter or the page size changes", () => {
    expect(tableUrl(params("page=4&sort=name"), { sort: "-name" })).toBe("?sort=-name");
    expect(tableUrl(params("page=4&status=active"), { status: "expired" })).toBe("?status=expired");
    expect(tableUrl(params("page=4"), { pageSize: 50 })).toBe("?pageSize=50");
  });

  it("keeps the page when only the hidden columns change", () => {
    expect(tableUrl(params("sort=name&page=3"), { hide: ["slug", "email"] })).toBe(
      "?sort=name&page=3&hide=slug&hide=email",
    );
    expect(tableUrl(params("page=3&hide=slug"), { hide: [] })).toBe("?page=3");
  });

  it("keeps the page when the other values do not actually change", () => {
    expect(tableUrl(params("q=a&page=3"), { q: "a" })).toBe("?q=a&page=3");
    expect(tableUrl(params("page=3"), { q: "", status: null })).toBe("?page=3");
  });

  it("sets the page and preserves every other parameter, in place", () => {
    expect(tableUrl(params("q=x&sort=-name&tab=keys&page=2"), { page: 3 })).toBe(
      "?q=x&sort=-name&tab=keys&page=3",
    );
    expect(tableUrl(params("q=x&attr=a&attr=b"), { page: 2 })).toBe("?q=x&attr=a&attr=b&page=2");
  });

  it("leaves page 1 (and nonsense pages) out of the URL", () => {
    expect(tableUrl(params("q=x&page=5"), { page: 1 })).toBe("?q=x");
    expect(tableUrl(params("page=5"), { page: 0 })).toBe("");
    expect(tableUrl(params("page=5"), { page: "abc" })).toBe("");
  });

  it("removes a parameter for null, undefined and empty values", () => {
    expect(tableUrl(params("q=x&status=active&sort=name"), { q: null, status: "", sort: undefined })).toBe(
      "",
    );
  });

  it("sets repeated parameters from an array", () => {
    expect(tableUrl(params("attr=a&page=2"), { attr: ["b", "c"] })).toBe("?attr=b&attr=c");
    expect(tableUrl(params("attr=a&attr=b&page=2"), { attr: ["a", "b"] })).toBe("?attr=a&attr=b&page=2");
  });

  it("encodes values", () => {
    expect(tableUrl(params(""), { q: "café & co" })).toBe("?q=caf%C3%A9+%26+co");
  });

  it("does not modify the current parameters", () => {
    const current = params("q=x&page=2");
    tableUrl(current, { q: "y" });
    expect(current.toString()).toBe("q=x&page=2");
  });
});

describe("readTableParams", () => {
  const options = { sortKeys: ["name", "createdAt"], defaultSort: "-createdAt" };

  it("reads search, page, page size and sort", () => {
    expect(readTableParams(params("q=%20key%20&page=3&pageSize=50&sort=name"), options)).toEqual({
      q: "key",
      page: 3,
      pageSize: 50,
      sort: "name",
      sortKey: "name",
      sortDirection: "asc",
      offset: 100,
    });
  });

  it("falls back to safe defaults", () => {
    expect(readTableParams(params("page=-2&pageSize=7&sort=password"), options)).toMatchObject({
      q: "",
      page: 1,
      pageSize: 25,
      sort: "-createdAt",
      sortKey: "createdAt",
      sortDirection: "desc",
      offset: 0,
    });
    expect(readTableParams(params("page=1.5"), { ...options, defaultPageSize: 10 })).toMatchObject({
      page: 1,
      pageSize: 10,
    });
  });
});

describe("sort values", () => {
  it("splits a sort value and links a header to its next sort", () => {
    expect(splitSort("-createdAt")).toEqual({ key: "createdAt", desc: true });
    expect(splitSort("name")).toEqual({ key: "name", desc: false });
    expect(nextSort("name", "name")).toBe("-name");
    expect(nextSort("-name", "name")).toBe("name");
    expect(nextSort("-name", "slug")).toBe("slug");
  });
});

describe("readHiddenColumns", () => {
  it("keeps hideable keys only, in column order, repeated or comma-separated, without duplicates", () => {
    const hideable = ["slug", "email", "created"];
    expect(readHiddenColumns(params("hide=created&hide=slug,name&hide=slug"), hideable)).toEqual([
      "slug",
      "created",
    ]);
    expect(readHiddenColumns(params("hide=actions"), hideable)).toEqual([]);
    expect(readHiddenColumns(params(""), hideable)).toEqual([]);
  });
});

describe("isViewOnlyChange", () => {
  const url = (search: string, path = "/studio/keys") => new URL(`http://localhost${path}${search}`);

  it("is true when only the hidden columns differ", () => {
    expect(isViewOnlyChange(url("?sort=name&page=2"), url("?sort=name&page=2&hide=slug"))).toBe(true);
    expect(isViewOnlyChange(url("?hide=slug&q=x"), url("?q=x"))).toBe(true);
  });

  it("is false when anything the loader reads differs, for another path, or for no change", () => {
    expect(isViewOnlyChange(url("?page=2"), url("?page=3&hide=slug"))).toBe(false);
    expect(isViewOnlyChange(url("?hide=slug"), url("?hide=slug", "/studio/other"))).toBe(false);
    expect(isViewOnlyChange(url("?hide=slug"), url("?hide=slug"))).toBe(false);
  });
});

describe("readSelectedIds", () => {
  const form = (...values: string[]) => {
    const data = new FormData();
    for (const value of values) data.append("ids", value);
    return data;
  };

  it("reads comma-separated and repeated ids, trimmed, without empties or duplicates", () => {
    expect(readSelectedIds(form("a, b,,c", "c", " d "))).toEqual(["a", "b", "c", "d"]);
    expect(readSelectedIds(form())).toEqual([]);
    const other = new FormData();
    other.append("keyIds", "x,y");
    expect(readSelectedIds(other, "keyIds")).toEqual(["x", "y"]);
  });

  it("refuses more ids than a page can show", () => {
    const many = Array.from({ length: SELECTED_IDS_MAX + 1 }, (_, i) => `id${i}`);
    expect(readSelectedIds(form(many.join(",")))).toBeNull();
    expect(readSelectedIds(form(many.slice(1).join(",")))).toHaveLength(SELECTED_IDS_MAX);
  });
});
