CREATE TABLE "analysis_coding" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"kind" text NOT NULL,
	"idx" integer NOT NULL,
	"code" text NOT NULL,
	"account_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_content" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"start" real NOT NULL,
	"end" real NOT NULL,
	"role" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_course" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"recording_id" integer,
	"name" text NOT NULL,
	"account_id" integer NOT NULL,
	"creator_id" integer NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"period_id" integer DEFAULT 0 NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"grade_id" integer DEFAULT 0 NOT NULL,
	"class_id" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"stage" text DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"interval" integer DEFAULT 30 NOT NULL,
	"transcript_file_id" integer,
	"result" jsonb,
	"publish_status" integer DEFAULT 0 NOT NULL,
	"eliminated" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analysis_coding_uniq" ON "analysis_coding" USING btree ("course_id","kind","idx");--> statement-breakpoint
CREATE INDEX "analysis_content_course_idx" ON "analysis_content" USING btree ("course_id","seq");--> statement-breakpoint
CREATE INDEX "analysis_course_school_idx" ON "analysis_course" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "analysis_course_account_idx" ON "analysis_course" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "analysis_course_video_idx" ON "analysis_course" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "analysis_course_status_idx" ON "analysis_course" USING btree ("status","run_after");