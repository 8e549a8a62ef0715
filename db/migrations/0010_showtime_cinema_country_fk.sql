-- A showtime's country is its cinema's: one composite foreign key (cinema, country) replaces the two
-- separate ones (one check per written row instead of two) and moves showtimes along when a cinema
-- changes country. Rows that drifted before are put right first (and marked changed for the API).
ALTER TABLE "cinemas" ADD CONSTRAINT "cinemas_id_country_code_unique" UNIQUE("id","country_code");--> statement-breakpoint
UPDATE "showtimes" AS s SET "country_code" = c."country_code", "updated_at" = now()
  FROM "cinemas" AS c WHERE c."id" = s."cinema_id" AND s."country_code" <> c."country_code";--> statement-breakpoint
ALTER TABLE "showtimes" DROP CONSTRAINT "showtimes_cinema_id_cinemas_id_fk";--> statement-breakpoint
ALTER TABLE "showtimes" DROP CONSTRAINT "showtimes_country_code_countries_code_fk";--> statement-breakpoint
ALTER TABLE "showtimes" ADD CONSTRAINT "showtimes_cinema_country_fk" FOREIGN KEY ("cinema_id","country_code") REFERENCES "public"."cinemas"("id","country_code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- Nothing reads showtimes by updated_at alone (the changes feed reads it per country).
DROP INDEX "showtimes_updated_at_index";
