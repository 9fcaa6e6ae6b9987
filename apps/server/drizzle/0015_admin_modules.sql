CREATE TABLE "questionnaire" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"introduce" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"audience_type" integer DEFAULT 5 NOT NULL,
	"audience_id" integer DEFAULT 0 NOT NULL,
	"login_required" integer DEFAULT 1 NOT NULL,
	"once_per_user" integer DEFAULT 1 NOT NULL,
	"anonymous" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"response_count" integer DEFAULT 0 NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"region_code" text DEFAULT '' NOT NULL,
	"account_id" integer NOT NULL,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_response" (
	"id" serial PRIMARY KEY NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"account_id" integer DEFAULT 0 NOT NULL,
	"respondent_key" text NOT NULL,
	"once_key" text,
	"status" integer DEFAULT 0 NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"introduce" text DEFAULT '' NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"region_code" text DEFAULT '' NOT NULL,
	"period_id" integer DEFAULT 0 NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"hours" numeric(6, 1) DEFAULT 0 NOT NULL,
	"pass_ratio" integer DEFAULT 100 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"enrol_start" timestamp with time zone,
	"enrol_end" timestamp with time zone,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"enrol_count" integer DEFAULT 0 NOT NULL,
	"account_id" integer NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_enrol" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"watched_seconds" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"certificate_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" integer NOT NULL,
	"title" text NOT NULL,
	"item_type" integer NOT NULL,
	"video_id" integer DEFAULT 0 NOT NULL,
	"file_id" integer DEFAULT 0 NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"done_ratio" integer DEFAULT 90 NOT NULL,
	"required" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"training_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"watched_seconds" integer DEFAULT 0 NOT NULL,
	"position_seconds" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_view" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"dimensions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"measures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"chart_type" text DEFAULT 'bar' NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"region_code" text DEFAULT '' NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "software_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"version" text NOT NULL,
	"file_id" integer DEFAULT 0 NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"sha256" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"models" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_current" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"account_id" integer DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "questionnaire_audience_idx" ON "questionnaire" USING btree ("audience_type","audience_id","status");--> statement-breakpoint
CREATE INDEX "questionnaire_author_idx" ON "questionnaire" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_response_once_uniq" ON "questionnaire_response" USING btree ("questionnaire_id","once_key");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_response_draft_uniq" ON "questionnaire_response" USING btree ("questionnaire_id","respondent_key") WHERE status = 0;--> statement-breakpoint
CREATE INDEX "questionnaire_response_q_idx" ON "questionnaire_response" USING btree ("questionnaire_id","status");--> statement-breakpoint
CREATE INDEX "training_scope_idx" ON "training" USING btree ("status","school_id","region_code");--> statement-breakpoint
CREATE UNIQUE INDEX "training_enrol_uniq" ON "training_enrol" USING btree ("training_id","account_id");--> statement-breakpoint
CREATE INDEX "training_enrol_account_idx" ON "training_enrol" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "training_item_training_idx" ON "training_item" USING btree ("training_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "training_progress_uniq" ON "training_progress" USING btree ("item_id","account_id");--> statement-breakpoint
CREATE INDEX "training_progress_training_idx" ON "training_progress" USING btree ("training_id","account_id");--> statement-breakpoint
CREATE INDEX "report_view_scope_idx" ON "report_view" USING btree ("school_id","region_code");--> statement-breakpoint
CREATE UNIQUE INDEX "software_version_uniq" ON "software_version" USING btree ("product","version");--> statement-breakpoint
CREATE INDEX "software_version_current_idx" ON "software_version" USING btree ("product","is_current");