DROP TABLE "cached_data" CASCADE;--> statement-breakpoint
DROP TYPE "public"."cache_namespace";