// schema.org for the film and cinema pages: the Movie (or MovieTheater) the page is about, once, with an
// @id its ScreeningEvents name. Pure; the pages render the result in a <script type="application/ld+json">.
import type { JsonLd } from "../routes/home/structured-data.ts";

export type MovieFacts = {
  title: string;
  originalTitle: string | null;
  year: number | null;
  runtimeMinutes: number | null;
  genres: readonly string[];
  synopsis: { text: string; lang: string } | null;
  /** absolute URL */
  image: string | null;
  /** the age rating in the country of the place shown */
  contentRating: string | null;
  sameAs: readonly string[];
};

export function movieNode(id: string, url: string, movie: MovieFacts): JsonLd {
  return {
    "@type": "Movie",
    "@id": id,
    url,
    name: movie.title,
    alternateName: movie.originalTitle ?? undefined,
    dateCreated: movie.year === null ? undefined : String(movie.year),
    duration: movie.runtimeMinutes ? `PT${movie.runtimeMinutes}M` : undefined,
    genre: movie.genres.length ? movie.genres : undefined,
    description: movie.synopsis?.text,
    image: movie.image ?? undefined,
    contentRating: movie.contentRating ?? undefined,
    sameAs: movie.sameAs.length ? movie.sameAs : undefined,
  };
}

export type TheaterFacts = {
  name: string;
  address: string | null;
  postalCode: string | null;
  city: string;
  countryCode: string;
  location: { latitude: number; longitude: number } | null;
  phone: string | null;
  website: string | null;
  screens: number | null;
  chain: string | null;
};

export function movieTheaterNode(id: string, url: string, cinema: TheaterFacts): JsonLd {
  return {
    "@type": "MovieTheater",
    "@id": id,
    url,
    name: cinema.name,
    address: {
      "@type": "PostalAddress",
      streetAddress: cinema.address ?? undefined,
      postalCode: cinema.postalCode ?? undefined,
      addressLocality: cinema.city,
      addressCountry: cinema.countryCode,
    },
    geo: cinema.location
      ? {
          "@type": "GeoCoordinates",
          latitude: cinema.location.latitude,
          longitude: cinema.location.longitude,
        }
      : undefined,
    telephone: cinema.phone ?? undefined,
    sameAs: cinema.website ?? undefined,
    screenCount: cinema.screens ?? undefined,
    brand: cinema.chain ? { "@type": "Brand", name: cinema.chain } : undefined,
  };
}
