CREATE TYPE "public"."import_run_trigger" AS ENUM('schedule', 'manual', 'cli');--> statement-breakpoint
CREATE TABLE "source_uploads" (
	"source_id" uuid PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content" text NOT NULL,
	"bytes" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "trigger" "import_run_trigger" DEFAULT 'schedule' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "triggered_by" uuid;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "http_etag" text;--> statement-breakpoint
ALTER TABLE "sources" ADD COLUMN "http_last_modified" text;--> statement-breakpoint
ALTER TABLE "source_uploads" ADD CONSTRAINT "source_uploads_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_uploads" ADD CONSTRAINT "source_uploads_uploaded_by_profiles_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_triggered_by_profiles_id_fk" FOREIGN KEY ("triggered_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;