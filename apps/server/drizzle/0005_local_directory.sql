CREATE TABLE "directory_teacher" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"school_code" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "directory_teacher_account_uq" ON "directory_teacher" USING btree ("account");--> statement-breakpoint
CREATE INDEX "directory_teacher_school_idx" ON "directory_teacher" USING btree ("school_code");