CREATE TABLE "index_minute_heads" (
	"pair_id" integer NOT NULL,
	"minute" bigint NOT NULL,
	"last_second" bigint NOT NULL,
	"hash" text NOT NULL,
	"samples" integer NOT NULL,
	CONSTRAINT "index_minute_heads_pk" PRIMARY KEY("pair_id","minute")
);
--> statement-breakpoint
ALTER TABLE "index_samples" ADD COLUMN "constituents" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "index_samples" ADD COLUMN "carried" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "index_samples" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "index_samples" ADD COLUMN "hash" text;