CREATE TABLE "player_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"drawn" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "games_white_online";--> statement-breakpoint
DROP INDEX "games_black_online";--> statement-breakpoint
ALTER TABLE "player_counts" ADD CONSTRAINT "player_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_white_playing" ON "games" USING btree ("white_player_id","created_at") WHERE "games"."mode" = 'online' and "games"."status" in ('active', 'check');--> statement-breakpoint
CREATE INDEX "games_black_playing" ON "games" USING btree ("black_player_id","created_at") WHERE "games"."mode" = 'online' and "games"."status" in ('active', 'check');--> statement-breakpoint
CREATE INDEX "games_white_online" ON "games" USING btree ("white_player_id","created_at","id") WHERE "games"."mode" = 'online';--> statement-breakpoint
CREATE INDEX "games_black_online" ON "games" USING btree ("black_player_id","created_at","id") WHERE "games"."mode" = 'online';--> statement-breakpoint
-- The profile's chart and progress read a player's changes off this index alone (schema.ts).
DROP INDEX "rating_changes_player";--> statement-breakpoint
CREATE INDEX "rating_changes_player" ON "rating_changes" USING btree ("user_id","speed","created_at") INCLUDE ("after","diff");--> statement-breakpoint
-- A game's part in its players' counts, times `delta` (+1 as it comes, -1 as it goes): an online
-- game counts in `games` whatever its status, and by its result once finished (not in play, not
-- aborted). Guests have no users row and no counts. The rows are written in user id order, so that
-- two games of the same two players ending at once wait for each other instead of deadlocking.
CREATE FUNCTION count_player_game(g games, delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO player_counts AS c (user_id, games, won, lost, drawn)
  SELECT u.id, delta * count(*),
    delta * count(*) FILTER (WHERE finished AND g.winner = s.side),
    delta * count(*) FILTER (WHERE finished AND g.winner <> s.side),
    delta * count(*) FILTER (WHERE finished AND g.winner IS NULL)
  FROM (VALUES (g.white_player_id, 'white'), (g.black_player_id, 'black')) s(id, side)
  JOIN users u ON u.id = s.id
  CROSS JOIN (SELECT g.status NOT IN ('active', 'check', 'aborted') AS finished) f
  WHERE g.mode = 'online'
  GROUP BY u.id ORDER BY u.id
  ON CONFLICT (user_id) DO UPDATE SET games = c.games + excluded.games, won = c.won + excluded.won,
    lost = c.lost + excluded.lost, drawn = c.drawn + excluded.drawn
$$;--> statement-breakpoint
CREATE FUNCTION games_count_players() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM count_player_game(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM count_player_game(NEW, 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER games_count_players AFTER INSERT OR DELETE ON games
  FOR EACH ROW EXECUTE FUNCTION games_count_players();--> statement-breakpoint
-- A move changes none of these columns: the function runs when a game ends, not at each move.
CREATE TRIGGER games_count_players_change AFTER UPDATE ON games FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.winner IS DISTINCT FROM NEW.winner
    OR OLD.mode IS DISTINCT FROM NEW.mode OR OLD.white_player_id IS DISTINCT FROM NEW.white_player_id
    OR OLD.black_player_id IS DISTINCT FROM NEW.black_player_id)
  EXECUTE FUNCTION games_count_players();--> statement-breakpoint
-- The counts of every game already stored; also for a bulk load written with the triggers off
-- (scripts/seed-ratings.ts).
CREATE FUNCTION recount_players() RETURNS void LANGUAGE sql AS $$
  DELETE FROM player_counts;
  INSERT INTO player_counts (user_id, games, won, lost, drawn)
  SELECT u.id, count(*),
    count(*) FILTER (WHERE finished AND g.winner = s.side),
    count(*) FILTER (WHERE finished AND g.winner <> s.side),
    count(*) FILTER (WHERE finished AND g.winner IS NULL)
  FROM games g
  CROSS JOIN LATERAL (VALUES (g.white_player_id, 'white'), (g.black_player_id, 'black')) s(id, side)
  JOIN users u ON u.id = s.id
  CROSS JOIN LATERAL (SELECT g.status NOT IN ('active', 'check', 'aborted') AS finished) f
  WHERE g.mode = 'online'
  GROUP BY u.id
$$;--> statement-breakpoint
SELECT recount_players();
