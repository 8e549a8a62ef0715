// The country access page's address and its client parameter, shared by the page and its server half.
export const COUNTRY_ACCESS_PATH = "/studio/data/country-access";
export const CLIENT_PARAM = "clientId";
