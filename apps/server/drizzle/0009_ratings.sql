CREATE TABLE "rating_changes" (
	"game_id" text NOT NULL,
	"user_id" text NOT NULL,
	"speed" text NOT NULL,
	"before" double precision NOT NULL,
	"after" double precision NOT NULL,
	"deviation" double precision NOT NULL,
	"diff" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rating_changes_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"user_id" text NOT NULL,
	"speed" text NOT NULL,
	"rating" double precision NOT NULL,
	"deviation" double precision NOT NULL,
	"volatility" double precision NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"rated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ratings_user_id_speed_pk" PRIMARY KEY("user_id","speed")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "rated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "white_rating" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "white_provisional" boolean;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "white_rating_diff" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "black_rating" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "black_provisional" boolean;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "black_rating_diff" integer;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "rated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "seeks" ADD COLUMN "rated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "seeks" ADD COLUMN "rating" integer;--> statement-breakpoint
ALTER TABLE "seeks" ADD COLUMN "rating_provisional" boolean;--> statement-breakpoint
ALTER TABLE "seeks" ADD COLUMN "rating_min" integer;--> statement-breakpoint
ALTER TABLE "seeks" ADD COLUMN "rating_max" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tos_violation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rating_changes" ADD CONSTRAINT "rating_changes_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_changes" ADD CONSTRAINT "rating_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rating_changes_player" ON "rating_changes" USING btree ("user_id","speed","created_at");--> statement-breakpoint
CREATE INDEX "ratings_leaderboard" ON "ratings" USING btree ("speed","rating" DESC NULLS LAST);