CREATE TYPE "public"."asset_variant_name" AS ENUM('original', 'webp', 'thumbnail');--> statement-breakpoint
CREATE TABLE "asset_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"variant" "asset_variant_name" NOT NULL,
	"mime_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"content_hash" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_movie_settings" (
	"client_id" uuid NOT NULL,
	"movie_id" uuid NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"position" integer,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_movie_settings_client_id_movie_id_pk" PRIMARY KEY("client_id","movie_id")
);
--> statement-breakpoint
ALTER TABLE "assets" DROP CONSTRAINT "assets_storageKey_unique";--> statement-breakpoint
ALTER TABLE "cinema_chains" ADD COLUMN "synonyms" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "movies" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "asset_variants" ADD CONSTRAINT "asset_variants_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_movie_settings" ADD CONSTRAINT "client_movie_settings_client_id_clients_uuid_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_movie_settings" ADD CONSTRAINT "client_movie_settings_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_movie_settings" ADD CONSTRAINT "client_movie_settings_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_variants_asset_id_variant_index" ON "asset_variants" USING btree ("asset_id","variant");--> statement-breakpoint
CREATE INDEX "asset_variants_content_hash_index" ON "asset_variants" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "client_movie_settings_movie_id_index" ON "client_movie_settings" USING btree ("movie_id");--> statement-breakpoint
ALTER TABLE "movies" ADD CONSTRAINT "movies_merged_into_id_movies_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."movies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assets_owner_checksum_unique" ON "assets" USING btree (coalesce("owner_client_id", '00000000-0000-0000-0000-000000000000'::uuid),"checksum");--> statement-breakpoint
CREATE INDEX "movies_title_id_index" ON "movies" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "movies_year_id_index" ON "movies" USING btree ("year","id");--> statement-breakpoint
CREATE INDEX "movies_updated_at_id_index" ON "movies" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "showtimes_starts_at_id_index" ON "showtimes" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "showtimes_source_id_starts_at_id_index" ON "showtimes" USING btree ("source_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "showtimes_cancelled_starts_at_id_index" ON "showtimes" USING btree ("starts_at","id") WHERE "showtimes"."status" = 'cancelled';