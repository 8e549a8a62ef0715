CREATE TYPE "public"."alert_status" AS ENUM('pending', 'confirmed');--> statement-breakpoint
CREATE TABLE "showtime_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"movie_id" uuid NOT NULL,
	"city" text NOT NULL,
	"country_code" char(2) NOT NULL,
	"format" text DEFAULT '' NOT NULL,
	"locale" text NOT NULL,
	"status" "alert_status" DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text,
	"confirm_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"notified_through" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "showtime_alerts_confirmTokenHash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "showtime_alerts_subscription_unique" UNIQUE("email","movie_id","country_code","city","format")
);
--> statement-breakpoint
ALTER TABLE "showtime_alerts" ADD CONSTRAINT "showtime_alerts_movie_id_movies_id_fk" FOREIGN KEY ("movie_id") REFERENCES "public"."movies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "showtime_alerts_confirmed_movie_index" ON "showtime_alerts" USING btree ("movie_id") WHERE "showtime_alerts"."status" = 'confirmed';