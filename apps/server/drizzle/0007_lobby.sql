CREATE TABLE "seeks" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" text NOT NULL,
	"is_guest" boolean NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"pairing_key" text NOT NULL,
	"time_control" jsonb NOT NULL,
	"color" text DEFAULT 'random' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"game_id" text
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "sbfen" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "spectators" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seeks" ADD CONSTRAINT "seeks_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seeks_open" ON "seeks" USING btree ("pairing_key","created_at") WHERE "seeks"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "seeks_open_player" ON "seeks" USING btree ("player_id") WHERE "seeks"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "games_live" ON "games" USING btree ("created_at","id") WHERE "games"."mode" = 'online' and "games"."status" in ('active', 'check');