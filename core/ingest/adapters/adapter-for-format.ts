// The adapter that reads a source's feed format.
import type { FeedAdapter, FeedFormat } from "../feed.ts";
import { reeltimeCsvAdapter } from "./reeltime-csv.ts";
import { reeltimeJsonAdapter } from "./reeltime-json.ts";
import { schemaOrgAdapter } from "./schema-org.ts";
import { veeziJsonAdapter } from "./veezi-json.ts";
import { veeziXmlAdapter } from "./veezi-xml.ts";
import { vistaOcapiAdapter } from "./vista-ocapi.ts";

const ADAPTERS: Record<FeedFormat, FeedAdapter> = {
  "reeltime-json": reeltimeJsonAdapter,
  "reeltime-csv": reeltimeCsvAdapter,
  "schema-org": schemaOrgAdapter,
  "veezi-json": veeziJsonAdapter,
  "veezi-xml": veeziXmlAdapter,
  "vista-ocapi": vistaOcapiAdapter,
};

export function adapterFor(format: FeedFormat): FeedAdapter {
  return ADAPTERS[format];
}
