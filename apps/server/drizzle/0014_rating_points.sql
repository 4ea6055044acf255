-- The key INCLUDEs (at, rating): a chart is read off the index alone (schema.ts).
CREATE TABLE "rating_points" (
	"user_id" text NOT NULL,
	"speed" text NOT NULL,
	"day" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"rating" double precision NOT NULL,
	CONSTRAINT "rating_points_user_id_speed_day_pk" PRIMARY KEY("user_id","speed","day") INCLUDE ("at","rating")
);
--> statement-breakpoint
ALTER TABLE "rating_points" ADD CONSTRAINT "rating_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A time's day: days since 1970-01-01, UTC.
CREATE FUNCTION rating_day(t timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(extract(epoch from t) / 86400)::integer
$$;--> statement-breakpoint
-- A player's point of one day in one category, from that day's changes (a few rows off the index
-- rating_changes_player): the last one's time and rating, or no point when none is left.
CREATE FUNCTION refresh_rating_point(player text, category text, of_day integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM rating_points WHERE user_id = player AND speed = category AND day = of_day;
  INSERT INTO rating_points (user_id, speed, day, at, rating)
  SELECT user_id, speed, of_day, created_at, after FROM rating_changes
  WHERE user_id = player AND speed = category
    AND created_at >= to_timestamp(of_day * 86400::bigint) AND created_at < to_timestamp((of_day + 1) * 86400::bigint)
  ORDER BY created_at DESC, game_id DESC LIMIT 1
$$;--> statement-breakpoint
CREATE FUNCTION rating_changes_points() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM refresh_rating_point(OLD.user_id, OLD.speed, rating_day(OLD.created_at)); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM refresh_rating_point(NEW.user_id, NEW.speed, rating_day(NEW.created_at)); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER rating_changes_points AFTER INSERT OR UPDATE OR DELETE ON rating_changes
  FOR EACH ROW EXECUTE FUNCTION rating_changes_points();--> statement-breakpoint
-- The points of every change already stored; also for a bulk load written with the trigger off
-- (scripts/seed-ratings.ts).
CREATE FUNCTION rebuild_rating_points() RETURNS void LANGUAGE sql AS $$
  DELETE FROM rating_points;
  INSERT INTO rating_points (user_id, speed, day, at, rating)
  SELECT DISTINCT ON (user_id, speed, rating_day(created_at)) user_id, speed, rating_day(created_at), created_at, after
  FROM rating_changes ORDER BY user_id, speed, rating_day(created_at), created_at DESC, game_id DESC
$$;--> statement-breakpoint
SELECT rebuild_rating_points();
