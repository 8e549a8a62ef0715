export const TOOLS_PATH = "/studio/data/tools";
export const exportDownloadPath = (id: string) => `${TOOLS_PATH}/exports/${id}`;
