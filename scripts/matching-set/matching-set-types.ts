// The two rows of the labelled matching set: a catalogue film and a feed title with the film it should match.

export type Movie = {
  key: string;
  title: string;
  original_title?: string;
  year?: number;
  runtime_minutes?: number;
  original_language?: string;
  imdb_id?: string;
  tmdb_id?: string;
  wikidata_id?: string;
  title_nl?: string;
};

export type Title = {
  feed_title: string;
  source: string;
  expected_key: string;
  year?: number;
  /** YYYY-MM-DD, as feeds that give a date rather than a year write it */
  release_date?: string;
  runtime_minutes?: number;
  language?: string;
  imdb_id?: string;
  tmdb_id?: string;
};
