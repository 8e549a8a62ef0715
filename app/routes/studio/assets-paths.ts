// Browser-safe names of the media library page: its path and the query naming the open detail dialog.
export const ASSETS_PATH = "/studio/assets";
/** The query naming the asset whose detail dialog is open. */
export const DETAIL_PARAM = "asset";
