CREATE TYPE "public"."api_key_kind" AS ENUM('secret', 'publishable');--> statement-breakpoint
CREATE TYPE "public"."asset_kind" AS ENUM('poster', 'backdrop', 'logo', 'other');--> statement-breakpoint
CREATE TYPE "public"."cache_namespace" AS ENUM('api-response', 'external-metadata', 'computed');--> statement-breakpoint
CREATE TYPE "public"."attribute_category" AS ENUM('format', 'audio', 'language', 'subtitles', 'accessibility', 'event');--> statement-breakpoint
CREATE TYPE "public"."cinema_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."movie_status" AS ENUM('active', 'hidden', 'merged');--> statement-breakpoint
CREATE TYPE "public"."credit_transaction_kind" AS ENUM('purchase', 'usage', 'adjustment', 'refund');--> statement-breakpoint
CREATE TYPE "public"."purchase_status" AS ENUM('requested', 'paid', 'cancelled', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."feed_format" AS ENUM('reeltime-json', 'reeltime-csv', 'schema-org', 'veezi-json', 'veezi-xml', 'vista-ocapi');--> statement-breakpoint
CREATE TYPE "public"."import_run_status" AS ENUM('running', 'succeeded', 'failed', 'partial');--> statement-breakpoint
CREATE TYPE "public"."missing_link_resolution" AS ENUM('linked', 'new-movie', 'ignored');--> statement-breakpoint
CREATE TYPE "public"."job_status" AS ENUM('queued', 'running', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."availability" AS ENUM('available', 'few-left', 'sold-out', 'unknown');--> statement-breakpoint
CREATE TYPE "public"."showtime_status" AS ENUM('scheduled', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."client_role" AS ENUM('admin', 'editor', 'viewer');--> statement-breakpoint
CREATE TYPE "public"."client_status" AS ENUM('active', 'suspended');--> statement-breakpoint
CREATE TYPE "public"."colour_mode" AS ENUM('system', 'light', 'dark');--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" "api_key_kind" NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"scopes" text[] DEFAULT '{}' NOT NULL,
	"allowed_countries" text[] DEFAULT '{}' NOT NULL,
	"rate_limit_per_minute" integer DEFAULT 60 NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "country_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"country_code" char(2),
	"bundle_id" uuid,
	"valid_from" date DEFAULT now() NOT NULL,
	"valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "country_access_one_target" CHECK (("country_access"."country_code" is null) <> ("country_access"."bundle_id" is null))
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"hostname" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "asset_kind" DEFAULT 'other' NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"storage_key" text NOT NULL,
	"checksum" text NOT NULL,
	"owner_client_id" uuid,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_storageKey_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_profile_id" uuid,
	"effective_client_id" uuid,
	"impersonating" boolean DEFAULT false NOT NULL,
	"action" text NOT NULL,
	"entity_type" text,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"impersonated_client_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cached_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"namespace" "cache_namespace" NOT NULL,
	"size" integer NOT NULL,
	"hits" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cached_data_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"category" "attribute_category" NOT NULL,
	"names" jsonb NOT NULL,
	"synonyms" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attributes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "bundle_countries" (
	"bundle_id" uuid NOT NULL,
	"country_code" char(2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundle_countries_bundle_id_country_code_pk" PRIMARY KEY("bundle_id","country_code")
);
--> statement-breakpoint
CREATE TABLE "bundles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" integer DEFAULT 0 NOT NULL,
	"currency" char(3) DEFAULT 'EUR' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "cinema_chains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"website" text,
	"wikidata_id" text,
	"logo_asset_id" uuid,
	"countries" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cinema_chains_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "cinemas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"chain_id" uuid,
	"address" text,
	"postal_code" text,
	"city" text NOT NULL,
	"country_code" char(2) NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"coordinates_approximate" boolean DEFAULT false NOT NULL,
	"time_zone" text NOT NULL,
	"website" text,
	"phone" text,
	"booking_url_template" text,
	"screens" integer,
	"seats" integer,
	"status" "cinema_status" DEFAULT 'open' NOT NULL,
	"osm_id" text,
	"national_id" text,
	"pos_site_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cinemas_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" char(2) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"default_locale" text NOT NULL,
	"time_zone" text NOT NULL,
	"currency" char(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movie_aliases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"normalized_title" text NOT NULL,
	"movie_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movie_aliases_normalizedTitle_unique" UNIQUE("normalized_title")
);
--> statement-breakpoint
CREATE TABLE "movie_titles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"movie_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"original_title" text,
	"slug" text NOT NULL,
	"year" integer,
	"runtime_minutes" integer,
	"release_dates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"genres" text[] DEFAULT '{}' NOT NULL,
	"original_language" text,
	"certification" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"synopsis" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"poster_asset_id" uuid,
	"backdrop_asset_id" uuid,
	"trailer_url" text,
	"imdb_id" text,
	"tmdb_id" integer,
	"wikidata_id" text,
	"status" "movie_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movies_slug_unique" UNIQUE("slug"),
	CONSTRAINT "movies_imdbId_unique" UNIQUE("imdb_id"),
	CONSTRAINT "movies_tmdbId_unique" UNIQUE("tmdb_id"),
	CONSTRAINT "movies_wikidataId_unique" UNIQUE("wikidata_id")
);
--> statement-breakpoint
CREATE TABLE "credit_balances" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"low_balance_threshold" bigint DEFAULT 1000 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_costs" (
	"endpoint" text PRIMARY KEY NOT NULL,
	"credits" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"credits" bigint NOT NULL,
	"price" integer NOT NULL,
	"currency" char(3) DEFAULT 'EUR' NOT NULL,
	"active_from" timestamp with time zone,
	"active_until" timestamp with time zone,
	"visible_to_clients" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"offer_id" uuid,
	"credits" bigint NOT NULL,
	"amount" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"status" "purchase_status" DEFAULT 'requested' NOT NULL,
	"invoice_ref" text,
	"requested_by" uuid,
	"recorded_by" uuid,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"delta" bigint NOT NULL,
	"kind" "credit_transaction_kind" NOT NULL,
	"reference" text,
	"actor_profile_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"client_id" uuid NOT NULL,
	"api_key_id" uuid,
	"operation" text NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"credits" bigint DEFAULT 0 NOT NULL,
	"errors" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"client_id" uuid NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" "import_run_status" DEFAULT 'running' NOT NULL,
	"counts" jsonb DEFAULT '{"read":0,"inserted":0,"updated":0,"cancelled":0,"unmatched":0,"rejected":0}'::jsonb NOT NULL,
	"error_summary" text,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "missing_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid,
	"raw_title" text NOT NULL,
	"normalized_title" text NOT NULL,
	"hints" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resolution" "missing_link_resolution",
	"resolved_movie_id" uuid,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"format" "feed_format" NOT NULL,
	"location" text NOT NULL,
	"cinema_id" uuid,
	"chain_id" uuid,
	"schedule_interval_seconds" integer,
	"credentials_encrypted" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_complete" boolean DEFAULT true NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "job_status" DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"progress" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "showtimes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cinema_id" uuid NOT NULL,
	"country_code" char(2) NOT NULL,
	"movie_id" uuid,
	"feed_title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"feature_starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"auditorium" text,
	"attributes" text[] DEFAULT '{}' NOT NULL,
	"audio_language" text,
	"subtitle_languages" text[] DEFAULT '{}' NOT NULL,
	"booking_url" text,
	"price_min" integer,
	"price_max" integer,
	"currency" char(3),
	"seats_available" integer,
	"seats_total" integer,
	"availability" "availability" DEFAULT 'unknown' NOT NULL,
	"status" "showtime_status" DEFAULT 'scheduled' NOT NULL,
	"source_id" uuid,
	"source_ref" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"role" "client_role" NOT NULL,
	"invited_by" uuid,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text,
	"status" "client_status" DEFAULT 'active' NOT NULL,
	"contact_email" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" "client_role" NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"display_name" text,
	"locale" text,
	"colour_mode" "colour_mode" DEFAULT 'system' NOT NULL,
	"disabled_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_userId_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_client_id_clients_uuid_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_access" ADD CONSTRAINT "country_access_client_id_clients_uuid_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_access" ADD CONSTRAINT "country_access_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_access" ADD CONSTRAINT "country_access_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_client_id_clients_uuid_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_owner_client_id_clients_uuid_fk" FOREIGN KEY ("owner_client_id") REFERENCES "public"."clients"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_uploaded_by_profiles_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_actor_profile_id_profiles_id_fk" FOREIGN KEY ("actor_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_effective_client_id_clients_uuid_fk" FOREIGN KEY ("effective_client_id") REFERENCES "public"."clients"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_countries" ADD CONSTRAINT "bundle_countries_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_countries" ADD CONSTRAINT "bundle_countries_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cinema_chains" ADD CONSTRAINT "cinema_chains_logo_asset_id_assets_id_fk" FOREIGN KEY ("logo_asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cinemas" ADD CONSTRAINT "cinemas_chain_id_cinema_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."cinema_chains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cinemas" ADD CONSTRAINT "cinemas_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_aliases" ADD CONSTRAINT "movie_aliases_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movie_titles" ADD CONSTRAINT "movie_titles_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movies" ADD CONSTRAINT "movies_poster_asset_id_assets_id_fk" FOREIGN KEY ("poster_asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movies" ADD CONSTRAINT "movies_backdrop_asset_id_assets_id_fk" FOREIGN KEY ("backdrop_asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_client_id_clients_uuid_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_client_id_clients_uuid_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_offer_id_credit_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."credit_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_requested_by_profiles_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_recorded_by_profiles_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_client_id_clients_uuid_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_actor_profile_id_profiles_id_fk" FOREIGN KEY ("actor_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_usage" ADD CONSTRAINT "credit_usage_client_id_clients_uuid_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_usage" ADD CONSTRAINT "credit_usage_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_usage" ADD CONSTRAINT "widget_usage_client_id_clients_uuid_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missing_links" ADD CONSTRAINT "missing_links_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missing_links" ADD CONSTRAINT "missing_links_resolved_movie_id_movies_id_fk" FOREIGN KEY ("resolved_movie_id") REFERENCES "public"."movies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missing_links" ADD CONSTRAINT "missing_links_resolved_by_profiles_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_cinema_id_cinemas_id_fk" FOREIGN KEY ("cinema_id") REFERENCES "public"."cinemas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_chain_id_cinema_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."cinema_chains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showtimes" ADD CONSTRAINT "showtimes_cinema_id_cinemas_id_fk" FOREIGN KEY ("cinema_id") REFERENCES "public"."cinemas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showtimes" ADD CONSTRAINT "showtimes_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showtimes" ADD CONSTRAINT "showtimes_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showtimes" ADD CONSTRAINT "showtimes_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_members" ADD CONSTRAINT "client_members_client_id_clients_uuid_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_members" ADD CONSTRAINT "client_members_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_members" ADD CONSTRAINT "client_members_invited_by_profiles_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_client_id_clients_uuid_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_profiles_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_client_id_index" ON "api_keys" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "country_access_client_id_index" ON "country_access" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_client_id_hostname_index" ON "domains" USING btree ("client_id","hostname");--> statement-breakpoint
CREATE INDEX "assets_owner_client_id_index" ON "assets" USING btree ("owner_client_id");--> statement-breakpoint
CREATE INDEX "assets_checksum_index" ON "assets" USING btree ("checksum");--> statement-breakpoint
CREATE INDEX "audit_logs_at_index" ON "audit_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_logs_effective_client_id_at_index" ON "audit_logs" USING btree ("effective_client_id","at");--> statement-breakpoint
CREATE INDEX "audit_logs_action_index" ON "audit_logs" USING btree ("action");--> statement-breakpoint
CREATE INDEX "accounts_user_id_index" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_index" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "cached_data_namespace_index" ON "cached_data" USING btree ("namespace");--> statement-breakpoint
CREATE INDEX "cached_data_expires_at_index" ON "cached_data" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "cinemas_country_code_city_index" ON "cinemas" USING btree ("country_code","city");--> statement-breakpoint
CREATE INDEX "cinemas_latitude_longitude_index" ON "cinemas" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "cinemas_chain_id_index" ON "cinemas" USING btree ("chain_id");--> statement-breakpoint
CREATE INDEX "movie_aliases_movie_id_index" ON "movie_aliases" USING btree ("movie_id");--> statement-breakpoint
CREATE INDEX "movie_aliases_title_trgm_idx" ON "movie_aliases" USING gin ("normalized_title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "movie_titles_movie_id_locale_index" ON "movie_titles" USING btree ("movie_id","locale");--> statement-breakpoint
CREATE INDEX "movie_titles_title_trgm_idx" ON "movie_titles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "movies_title_trgm_idx" ON "movies" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "credit_purchases_client_id_index" ON "credit_purchases" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "credit_transactions_client_id_created_at_index" ON "credit_transactions" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_usage_day_client_id_api_key_id_operation_index" ON "credit_usage" USING btree ("day","client_id","api_key_id","operation");--> statement-breakpoint
CREATE INDEX "credit_usage_client_id_day_index" ON "credit_usage" USING btree ("client_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "widget_usage_day_client_id_index" ON "widget_usage" USING btree ("day","client_id");--> statement-breakpoint
CREATE INDEX "import_runs_source_id_started_at_index" ON "import_runs" USING btree ("source_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "missing_links_source_id_normalized_title_index" ON "missing_links" USING btree ("source_id","normalized_title");--> statement-breakpoint
CREATE INDEX "missing_links_resolution_index" ON "missing_links" USING btree ("resolution");--> statement-breakpoint
CREATE INDEX "sources_cinema_id_index" ON "sources" USING btree ("cinema_id");--> statement-breakpoint
CREATE INDEX "sources_chain_id_index" ON "sources" USING btree ("chain_id");--> statement-breakpoint
CREATE INDEX "jobs_status_run_at_index" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "showtimes_cinema_id_starts_at_index" ON "showtimes" USING btree ("cinema_id","starts_at");--> statement-breakpoint
CREATE INDEX "showtimes_movie_id_starts_at_index" ON "showtimes" USING btree ("movie_id","starts_at");--> statement-breakpoint
CREATE INDEX "showtimes_country_code_starts_at_index" ON "showtimes" USING btree ("country_code","starts_at");--> statement-breakpoint
CREATE INDEX "showtimes_updated_at_index" ON "showtimes" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "showtimes_source_id_source_ref_index" ON "showtimes" USING btree ("source_id","source_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "client_members_client_id_profile_id_index" ON "client_members" USING btree ("client_id","profile_id");--> statement-breakpoint
CREATE INDEX "client_members_profile_id_index" ON "client_members" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "invitations_client_id_index" ON "invitations" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "invitations_email_index" ON "invitations" USING btree ("email");--> statement-breakpoint
CREATE VIEW "public"."user_clients" AS (select "client_members"."profile_id" as "user_profile_id", "clients"."uuid" as "client_id", coalesce("clients"."slug", '') as "client_slug", "clients"."name" as "client_name", "client_members"."role" as "user_role" from "client_members" inner join "clients" on "clients"."uuid" = "client_members"."client_id");