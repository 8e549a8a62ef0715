import { createContext } from "react-router";
import type { AppServices, RequestInfo } from "../../core/services.ts";

/** Filled by the server for every request (see server/app.ts); loaders read services from it. */
export const servicesContext = createContext<AppServices>();
export const requestInfoContext = createContext<RequestInfo>();
