-- A showtime's cinema (with its country), movie and source were foreign keys: PostgreSQL checks those once
-- per written row, a third of the database's work in a million-row import. Triggers now check them once
-- per statement for inserts (over the statement's new rows), per changed row for updates, and act on the
-- other side as the keys did: a deleted cinema takes its showtimes along, a deleted movie or source leaves
-- them unlinked, a cinema's new country moves its showtimes (all marked changed for the API's changes feed).
-- Like a key's check, each takes FOR KEY SHARE on what it references, so a concurrent delete waits for the
-- writer (or the writer for it) and the loser sees the result (decision 013). cinemas (id, country_code)
-- stays unique: changing a cinema's country is then a key update, which waits for those locks.
ALTER TABLE "showtimes" DROP CONSTRAINT "showtimes_movie_id_movies_id_fk";
--> statement-breakpoint
ALTER TABLE "showtimes" DROP CONSTRAINT "showtimes_source_id_sources_id_fk";
--> statement-breakpoint
ALTER TABLE "showtimes" DROP CONSTRAINT "showtimes_cinema_country_fk";
--> statement-breakpoint
CREATE FUNCTION "showtimes_reference_missing"(what text, key_columns text, key_value text, parent text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'insert or update on table "showtimes" violates foreign key constraint "%"', what
    USING ERRCODE = 'foreign_key_violation', CONSTRAINT = what, TABLE = 'showtimes',
      DETAIL = format('Key (%s)=(%s) is not present in table "%s".', key_columns, key_value, parent);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "showtimes_check_new_references"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing record;
BEGIN
  PERFORM 1 FROM "cinemas" WHERE ("id", "country_code") IN (SELECT DISTINCT "cinema_id", "country_code" FROM new_rows)
    FOR KEY SHARE;
  SELECT n."cinema_id", n."country_code" INTO missing FROM new_rows n
    WHERE NOT EXISTS (SELECT 1 FROM "cinemas" c WHERE c."id" = n."cinema_id" AND c."country_code" = n."country_code")
    LIMIT 1;
  IF FOUND THEN
    PERFORM "showtimes_reference_missing"('showtimes_cinema_country_fk', 'cinema_id, country_code',
      missing."cinema_id" || ', ' || missing."country_code", 'cinemas');
  END IF;
  PERFORM 1 FROM "movies" WHERE "id" IN (SELECT DISTINCT "movie_id" FROM new_rows) FOR KEY SHARE;
  SELECT n."movie_id" INTO missing FROM new_rows n
    WHERE n."movie_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "movies" m WHERE m."id" = n."movie_id") LIMIT 1;
  IF FOUND THEN
    PERFORM "showtimes_reference_missing"('showtimes_movie_id_movies_id_fk', 'movie_id', missing."movie_id"::text, 'movies');
  END IF;
  PERFORM 1 FROM "sources" WHERE "id" IN (SELECT DISTINCT "source_id" FROM new_rows) FOR KEY SHARE;
  SELECT n."source_id" INTO missing FROM new_rows n
    WHERE n."source_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "sources" s WHERE s."id" = n."source_id") LIMIT 1;
  IF FOUND THEN
    PERFORM "showtimes_reference_missing"('showtimes_source_id_sources_id_fk', 'source_id', missing."source_id"::text, 'sources');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "showtimes_check_new_references" AFTER INSERT ON "showtimes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "showtimes_check_new_references"();
--> statement-breakpoint
CREATE FUNCTION "showtimes_check_changed_references"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."cinema_id", NEW."country_code") IS DISTINCT FROM (OLD."cinema_id", OLD."country_code") THEN
    PERFORM 1 FROM "cinemas" WHERE "id" = NEW."cinema_id" AND "country_code" = NEW."country_code" FOR KEY SHARE;
    IF NOT FOUND THEN
      PERFORM "showtimes_reference_missing"('showtimes_cinema_country_fk', 'cinema_id, country_code',
        NEW."cinema_id" || ', ' || NEW."country_code", 'cinemas');
    END IF;
  END IF;
  IF NEW."movie_id" IS NOT NULL AND NEW."movie_id" IS DISTINCT FROM OLD."movie_id" THEN
    PERFORM 1 FROM "movies" WHERE "id" = NEW."movie_id" FOR KEY SHARE;
    IF NOT FOUND THEN
      PERFORM "showtimes_reference_missing"('showtimes_movie_id_movies_id_fk', 'movie_id', NEW."movie_id"::text, 'movies');
    END IF;
  END IF;
  IF NEW."source_id" IS NOT NULL AND NEW."source_id" IS DISTINCT FROM OLD."source_id" THEN
    PERFORM 1 FROM "sources" WHERE "id" = NEW."source_id" FOR KEY SHARE;
    IF NOT FOUND THEN
      PERFORM "showtimes_reference_missing"('showtimes_source_id_sources_id_fk', 'source_id', NEW."source_id"::text, 'sources');
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only rows whose references changed call it: an import's update sets them to what they were.
CREATE TRIGGER "showtimes_check_changed_references" AFTER UPDATE OF "cinema_id", "country_code", "movie_id", "source_id"
  ON "showtimes" FOR EACH ROW
  WHEN ((NEW."cinema_id", NEW."country_code", NEW."movie_id", NEW."source_id")
    IS DISTINCT FROM (OLD."cinema_id", OLD."country_code", OLD."movie_id", OLD."source_id"))
  EXECUTE FUNCTION "showtimes_check_changed_references"();
--> statement-breakpoint
CREATE FUNCTION "cinemas_carry_showtimes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "showtimes" WHERE "cinema_id" = OLD."id";
  ELSIF (NEW."id", NEW."country_code") IS DISTINCT FROM (OLD."id", OLD."country_code") THEN
    UPDATE "showtimes" SET "cinema_id" = NEW."id", "country_code" = NEW."country_code", "updated_at" = now()
      WHERE "cinema_id" = OLD."id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cinemas_carry_showtimes" AFTER DELETE OR UPDATE OF "id", "country_code" ON "cinemas"
  FOR EACH ROW EXECUTE FUNCTION "cinemas_carry_showtimes"();
--> statement-breakpoint
CREATE FUNCTION "movies_release_showtimes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "showtimes" SET "movie_id" = NULL, "updated_at" = now() WHERE "movie_id" = OLD."id";
  ELSIF NEW."id" IS DISTINCT FROM OLD."id" AND EXISTS (SELECT 1 FROM "showtimes" WHERE "movie_id" = OLD."id") THEN
    RAISE EXCEPTION 'update on table "movies" violates foreign key constraint "showtimes_movie_id_movies_id_fk" on table "showtimes"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'showtimes_movie_id_movies_id_fk', TABLE = 'movies';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "movies_release_showtimes" AFTER DELETE OR UPDATE OF "id" ON "movies"
  FOR EACH ROW EXECUTE FUNCTION "movies_release_showtimes"();
--> statement-breakpoint
CREATE FUNCTION "sources_release_showtimes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "showtimes" SET "source_id" = NULL, "updated_at" = now() WHERE "source_id" = OLD."id";
  ELSIF NEW."id" IS DISTINCT FROM OLD."id" AND EXISTS (SELECT 1 FROM "showtimes" WHERE "source_id" = OLD."id") THEN
    RAISE EXCEPTION 'update on table "sources" violates foreign key constraint "showtimes_source_id_sources_id_fk" on table "showtimes"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'showtimes_source_id_sources_id_fk', TABLE = 'sources';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sources_release_showtimes" AFTER DELETE OR UPDATE OF "id" ON "sources"
  FOR EACH ROW EXECUTE FUNCTION "sources_release_showtimes"();
