ALTER TABLE "games" ADD COLUMN "time_control" jsonb DEFAULT '{"kind":"untimed"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "time_control" jsonb DEFAULT '{"kind":"untimed"}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "games_deadline" ON "games" USING btree ("deadline_at") WHERE "games"."deadline_at" is not null;