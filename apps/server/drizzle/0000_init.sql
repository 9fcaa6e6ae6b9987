CREATE TABLE "period" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "region" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"region_code" text NOT NULL,
	"province_code" text DEFAULT '' NOT NULL,
	"city_code" text DEFAULT '' NOT NULL,
	"area_code" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"province_code" text DEFAULT '' NOT NULL,
	"city_code" text DEFAULT '' NOT NULL,
	"area_code" text DEFAULT '' NOT NULL,
	"region_id" integer,
	"school_type" text DEFAULT 'MOSHI_k12' NOT NULL,
	"school_index_name" text DEFAULT '' NOT NULL,
	"school_index_logo" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"rules" integer[] DEFAULT '{}' NOT NULL,
	"rules_special" integer[] DEFAULT '{}' NOT NULL,
	"apply_auth_list" integer[] DEFAULT '{}' NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"is_menu" integer DEFAULT 1 NOT NULL,
	"components_url" text DEFAULT '' NOT NULL,
	"active_menu" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"redirect" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"realname" text DEFAULT '' NOT NULL,
	"telephone" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"head_portrait_url" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"group_id" integer DEFAULT 0 NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"period_id" integer DEFAULT 0 NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"community_level" integer DEFAULT 1 NOT NULL,
	"region_code" text DEFAULT '' NOT NULL,
	"reputation" text DEFAULT '' NOT NULL,
	"rules" integer[] DEFAULT '{}' NOT NULL,
	"rules_special" integer[] DEFAULT '{}' NOT NULL,
	"apply_auth_list" integer[] DEFAULT '{}' NOT NULL,
	"entry_year" integer DEFAULT 0 NOT NULL,
	"identity" integer DEFAULT 2 NOT NULL,
	"identity_level" integer DEFAULT 0 NOT NULL,
	"identity_area_id" integer DEFAULT 0 NOT NULL,
	"province_id" integer DEFAULT 0 NOT NULL,
	"city_id" integer DEFAULT 0 NOT NULL,
	"area_id" integer DEFAULT 0 NOT NULL,
	"njy_area_id" integer DEFAULT 0 NOT NULL,
	"sso_subject" text,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"id_token" text,
	"access_token" text
);
--> statement-breakpoint
CREATE TABLE "sso_state" (
	"state" text PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "period" ADD CONSTRAINT "period_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school" ADD CONSTRAINT "school_region_id_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject" ADD CONSTRAINT "subject_period_id_period_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."period"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "period_school_idx" ON "period" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "region_code_uq" ON "region" USING btree ("region_code");--> statement-breakpoint
CREATE INDEX "subject_period_idx" ON "subject" USING btree ("period_id");--> statement-breakpoint
CREATE INDEX "auth_rule_pid_idx" ON "auth_rule" USING btree ("pid");--> statement-breakpoint
CREATE UNIQUE INDEX "account_username_uq" ON "account" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "account_sso_subject_uq" ON "account" USING btree ("sso_subject");--> statement-breakpoint
CREATE UNIQUE INDEX "session_token_hash_uq" ON "session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "session_account_idx" ON "session" USING btree ("account_id");