CREATE TABLE "upload_blobs" (
	"id" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_blobs" ADD CONSTRAINT "upload_blobs_id_uploads_id_fk" FOREIGN KEY ("id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;