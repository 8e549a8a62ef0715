// One page of a list: its rows, how many there are in all, and which page of what size this is.
export type Page<Row> = {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
};
