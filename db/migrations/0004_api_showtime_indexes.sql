DROP INDEX "showtimes_cinema_id_starts_at_index";--> statement-breakpoint
DROP INDEX "showtimes_movie_id_starts_at_index";--> statement-breakpoint
DROP INDEX "showtimes_country_code_starts_at_index";--> statement-breakpoint
CREATE INDEX "showtimes_cinema_id_starts_at_id_index" ON "showtimes" USING btree ("cinema_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "showtimes_movie_id_country_code_starts_at_id_index" ON "showtimes" USING btree ("movie_id","country_code","starts_at","id");--> statement-breakpoint
CREATE INDEX "showtimes_country_code_starts_at_id_index" ON "showtimes" USING btree ("country_code","starts_at","id");--> statement-breakpoint
CREATE INDEX "showtimes_country_code_updated_at_id_index" ON "showtimes" USING btree ("country_code","updated_at","id");