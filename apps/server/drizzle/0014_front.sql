CREATE TABLE "course_resource" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"top_id" integer DEFAULT 0 NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"grade_id" integer DEFAULT 0 NOT NULL,
	"period_id" integer DEFAULT 0 NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"account_id" integer DEFAULT 0 NOT NULL,
	"region_code" text DEFAULT '' NOT NULL,
	"course_type" integer DEFAULT 1 NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"course_introduce" text DEFAULT '' NOT NULL,
	"teaching_design" text DEFAULT '' NOT NULL,
	"teaching_summary" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_resource_bind" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"resources_id" integer DEFAULT 0 NOT NULL,
	"resources_type" integer DEFAULT 1 NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"account_id" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_view_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_type" integer DEFAULT 1 NOT NULL,
	"target_id" integer NOT NULL,
	"account_id" integer DEFAULT 0 NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"period_id" integer DEFAULT 0 NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"introduce" text DEFAULT '' NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"region_code" text DEFAULT '' NOT NULL,
	"period_id" integer DEFAULT 0 NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"indicator_id" integer DEFAULT 0 NOT NULL,
	"phase" integer DEFAULT 0 NOT NULL,
	"signup_start" timestamp with time zone,
	"signup_end" timestamp with time zone,
	"submit_end" timestamp with time zone,
	"review_end" timestamp with time zone,
	"reviewers_per_work" integer DEFAULT 2 NOT NULL,
	"allocate_mode" integer DEFAULT 2 NOT NULL,
	"account_id" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_reviewer" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_score" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"work_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" numeric(8, 2),
	"comment" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_signup" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_work" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"introduce" text DEFAULT '' NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"grade_id" integer DEFAULT 0 NOT NULL,
	"video_id" integer DEFAULT 0 NOT NULL,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"score" numeric(8, 2),
	"rank" integer,
	"status" integer DEFAULT 1 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"region_code" text DEFAULT '' NOT NULL,
	"period_id" integer DEFAULT 0 NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"account_id" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"item_type" integer NOT NULL,
	"item_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "course_resource_tree_idx" ON "course_resource" USING btree ("top_id","pid","sort");--> statement-breakpoint
CREATE INDEX "course_resource_front_idx" ON "course_resource" USING btree ("status","level","period_id","school_id","subject_id");--> statement-breakpoint
CREATE INDEX "course_resource_author_idx" ON "course_resource" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "course_resource_search_idx" ON "course_resource" USING gin (to_tsvector('simple', "search_text"));--> statement-breakpoint
CREATE INDEX "course_resource_bind_course_idx" ON "course_resource_bind" USING btree ("course_id","sort");--> statement-breakpoint
CREATE INDEX "course_resource_bind_res_idx" ON "course_resource_bind" USING btree ("resources_type","resources_id");--> statement-breakpoint
CREATE INDEX "resource_view_log_target_idx" ON "resource_view_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "resource_view_log_scope_idx" ON "resource_view_log" USING btree ("school_id","period_id","created_at");--> statement-breakpoint
CREATE INDEX "review_activity_scope_idx" ON "review_activity" USING btree ("status","phase","school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_reviewer_uniq" ON "review_reviewer" USING btree ("activity_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_score_uniq" ON "review_score" USING btree ("work_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "review_score_reviewer_idx" ON "review_score" USING btree ("reviewer_id","activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_signup_uniq" ON "review_signup" USING btree ("activity_id","account_id");--> statement-breakpoint
CREATE INDEX "review_work_activity_idx" ON "review_work" USING btree ("activity_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "review_work_author_uniq" ON "review_work" USING btree ("activity_id","account_id");--> statement-breakpoint
CREATE INDEX "topic_scope_idx" ON "topic" USING btree ("status","school_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "topic_item_uniq" ON "topic_item" USING btree ("topic_id","item_type","item_id");--> statement-breakpoint
CREATE INDEX "topic_item_sort_idx" ON "topic_item" USING btree ("topic_id","sort");