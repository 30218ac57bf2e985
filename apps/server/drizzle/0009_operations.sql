ALTER TABLE "operator_totp" DROP CONSTRAINT "operator_totp_admin_id_admins_id_fk";
--> statement-breakpoint
ALTER TABLE "operator_totp_failures" DROP CONSTRAINT "operator_totp_failures_admin_id_admins_id_fk";
--> statement-breakpoint
ALTER TABLE "operator_totp" ADD CONSTRAINT "operator_totp_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_totp_failures" ADD CONSTRAINT "operator_totp_failures_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;