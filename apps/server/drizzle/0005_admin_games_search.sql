DROP INDEX "games_status";--> statement-breakpoint
CREATE INDEX "games_id_prefix" ON "games" USING btree ("id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_username_prefix" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "games_status" ON "games" USING btree ("status","created_at","id");