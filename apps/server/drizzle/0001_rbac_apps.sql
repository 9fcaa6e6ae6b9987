CREATE TABLE "occupation_apply" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"rules" integer[] DEFAULT '{}' NOT NULL,
	"group_ids" integer[] DEFAULT '{}' NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"is_display" integer DEFAULT 1 NOT NULL,
	"apply_type" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_school_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"period_ids" integer[] DEFAULT '{}' NOT NULL,
	"identity" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "es_account_id" text;--> statement-breakpoint
ALTER TABLE "account_school_user" ADD CONSTRAINT "account_school_user_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_school_user_uq" ON "account_school_user" USING btree ("account_id","school_id");--> statement-breakpoint
CREATE INDEX "account_school_user_school_idx" ON "account_school_user" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_es_account_uq" ON "account" USING btree ("es_account_id");