// The public API's operations: one id each (the OpenAPI operationId, the credit_costs key, the usage
// row's operation), whether a publishable key may call it, and the cost before credit_costs says otherwise.

export type ApiOperation = {
  /** credits per successful call when credit_costs has no row for it */
  defaultCost: number;
  /** publishable keys (the widget, in browsers) may call only these */
  publishable: boolean;
};

export const API_OPERATIONS = {
  listCountries: { defaultCost: 1, publishable: false },
  listCities: { defaultCost: 1, publishable: true },
  listChains: { defaultCost: 1, publishable: false },
  listCinemas: { defaultCost: 1, publishable: true },
  getCinema: { defaultCost: 1, publishable: true },
  listMovies: { defaultCost: 1, publishable: true },
  getMovie: { defaultCost: 1, publishable: true },
  listShowtimes: { defaultCost: 1, publishable: true },
  getShowtime: { defaultCost: 1, publishable: true },
  listAttributes: { defaultCost: 1, publishable: true },
  listChanges: { defaultCost: 1, publishable: false },
  getUsage: { defaultCost: 0, publishable: false },
} as const satisfies Record<string, ApiOperation>;

export type ApiOperationId = keyof typeof API_OPERATIONS;

export const API_OPERATION_IDS = Object.keys(API_OPERATIONS) as ApiOperationId[];

export function isApiOperationId(value: string): value is ApiOperationId {
  return Object.hasOwn(API_OPERATIONS, value);
}
