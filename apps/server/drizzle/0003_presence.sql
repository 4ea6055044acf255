ALTER TABLE "room_players" DROP COLUMN "connections";--> statement-breakpoint
ALTER TABLE "rooms" DROP COLUMN "spectators";