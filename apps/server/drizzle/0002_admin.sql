CREATE TABLE "admin_audit" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_username" text NOT NULL,
	"action" text NOT NULL,
	"target_id" text,
	"target_label" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"message" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"parent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "row_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"rows" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsorships" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sponsor_name" text,
	"sponsor_email" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_parent_id_feedback_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_created_at" ON "admin_audit" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_created_at" ON "feedback" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_parent" ON "feedback" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sponsorships_created_at" ON "sponsorships" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "games_created_at" ON "games" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_at" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_last_activity" ON "users" USING btree ("last_activity_at","id");--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): row_counts keeps the number of games,
-- changed by each INSERT and DELETE statement in its own transaction (db/schema.ts, rowCounts).
INSERT INTO "row_counts" ("name", "rows") SELECT 'games', count(*) FROM "games";--> statement-breakpoint
CREATE FUNCTION "count_inserted_games"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_counts" SET "rows" = "rows" + (SELECT count(*) FROM inserted) WHERE "name" = 'games';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "count_deleted_games"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_counts" SET "rows" = "rows" - (SELECT count(*) FROM deleted) WHERE "name" = 'games';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "count_truncated_games"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "row_counts" SET "rows" = 0 WHERE "name" = 'games';
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "games_count_insert" AFTER INSERT ON "games" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_games"();--> statement-breakpoint
CREATE TRIGGER "games_count_delete" AFTER DELETE ON "games" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_games"();--> statement-breakpoint
CREATE TRIGGER "games_count_truncate" AFTER TRUNCATE ON "games"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_truncated_games"();
