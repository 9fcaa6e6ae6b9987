CREATE TABLE "preparation" (
	"id" serial PRIMARY KEY NOT NULL,
	"theme" text NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"open_model" integer DEFAULT 2 NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"community_id" integer DEFAULT 0 NOT NULL,
	"account_id" integer NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"area_id" integer DEFAULT 0 NOT NULL,
	"city_id" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"period_id" integer DEFAULT 0 NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"grade_id" integer DEFAULT 0 NOT NULL,
	"grade_name" text DEFAULT '' NOT NULL,
	"editon_id" integer DEFAULT 0 NOT NULL,
	"book_id" integer DEFAULT 0 NOT NULL,
	"book_catalog_id" integer DEFAULT 0 NOT NULL,
	"catalog_code" text DEFAULT '' NOT NULL,
	"catalog_code_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"njy_structure" text DEFAULT '' NOT NULL,
	"is_display" integer DEFAULT 1 NOT NULL,
	"is_recommend" integer DEFAULT 0 NOT NULL,
	"verify_status" integer DEFAULT 1 NOT NULL,
	"verify_reason" text DEFAULT '' NOT NULL,
	"verified_by" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"status" integer DEFAULT 1 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preparation_ai_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"preparation_id" integer NOT NULL,
	"doc_id" integer DEFAULT 0 NOT NULL,
	"account_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"engine" text DEFAULT 'rules' NOT NULL,
	"result" jsonb,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "preparation_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"preparation_id" integer NOT NULL,
	"file_id" integer DEFAULT 0 NOT NULL,
	"file_path" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text DEFAULT '' NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preparation_like" (
	"preparation_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preparation_like_preparation_id_account_id_pk" PRIMARY KEY("preparation_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "preparation_member" (
	"preparation_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"role" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preparation_member_preparation_id_account_id_pk" PRIMARY KEY("preparation_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "discuss_comment" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_type" text NOT NULL,
	"ref_id" integer NOT NULL,
	"community_id" integer DEFAULT 0 NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"content_img" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reply_person" integer DEFAULT 0 NOT NULL,
	"target_id" integer DEFAULT 0 NOT NULL,
	"wps_file_key" text DEFAULT '' NOT NULL,
	"account_id" integer NOT NULL,
	"identity" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"expand_status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "discuss_like" (
	"comment_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discuss_like_comment_id_account_id_pk" PRIMARY KEY("comment_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_doc" (
	"id" serial PRIMARY KEY NOT NULL,
	"preparation_id" integer NOT NULL,
	"title" text NOT NULL,
	"main" integer DEFAULT 0 NOT NULL,
	"state" "bytea",
	"html" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"source_file_id" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"updated_by" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lesson_doc_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"doc_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'manual' NOT NULL,
	"state" "bytea" NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "textbook_book" (
	"id" serial PRIMARY KEY NOT NULL,
	"edition_id" integer NOT NULL,
	"name" text NOT NULL,
	"period_name" text DEFAULT '' NOT NULL,
	"subject_name" text DEFAULT '' NOT NULL,
	"grade_name" text DEFAULT '' NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "textbook_catalog" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "textbook_catalog_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "textbook_edition" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "textbook_edition_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "textbook_resource" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource_type" integer DEFAULT 1 NOT NULL,
	"file_name" text NOT NULL,
	"file_url" text DEFAULT '' NOT NULL,
	"file_id" integer DEFAULT 0 NOT NULL,
	"up_file_name" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"account_id" integer NOT NULL,
	"edition_id" integer DEFAULT 0 NOT NULL,
	"book_id" integer DEFAULT 0 NOT NULL,
	"catalog_id" integer DEFAULT 0 NOT NULL,
	"catalog_code" text DEFAULT '' NOT NULL,
	"period_id" integer DEFAULT 0 NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"grade_id" integer DEFAULT 0 NOT NULL,
	"community_id" integer DEFAULT 0 NOT NULL,
	"activity_id" integer DEFAULT 0 NOT NULL,
	"source_id" integer DEFAULT 0 NOT NULL,
	"njy_structure" text DEFAULT '' NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"check_reason" text DEFAULT '' NOT NULL,
	"checked_by" integer DEFAULT 0 NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "preparation_ai_job" ADD CONSTRAINT "preparation_ai_job_preparation_id_preparation_id_fk" FOREIGN KEY ("preparation_id") REFERENCES "public"."preparation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preparation_file" ADD CONSTRAINT "preparation_file_preparation_id_preparation_id_fk" FOREIGN KEY ("preparation_id") REFERENCES "public"."preparation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preparation_like" ADD CONSTRAINT "preparation_like_preparation_id_preparation_id_fk" FOREIGN KEY ("preparation_id") REFERENCES "public"."preparation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preparation_member" ADD CONSTRAINT "preparation_member_preparation_id_preparation_id_fk" FOREIGN KEY ("preparation_id") REFERENCES "public"."preparation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discuss_like" ADD CONSTRAINT "discuss_like_comment_id_discuss_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."discuss_comment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_doc_version" ADD CONSTRAINT "lesson_doc_version_doc_id_lesson_doc_id_fk" FOREIGN KEY ("doc_id") REFERENCES "public"."lesson_doc"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_book" ADD CONSTRAINT "textbook_book_edition_id_textbook_edition_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."textbook_edition"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_catalog" ADD CONSTRAINT "textbook_catalog_book_id_textbook_book_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."textbook_book"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preparation_community_idx" ON "preparation" USING btree ("community_id","start_time");--> statement-breakpoint
CREATE INDEX "preparation_account_idx" ON "preparation" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "preparation_school_idx" ON "preparation" USING btree ("school_id","start_time");--> statement-breakpoint
CREATE INDEX "preparation_catalog_idx" ON "preparation" USING btree ("book_id","book_catalog_id");--> statement-breakpoint
CREATE INDEX "preparation_ai_job_prep_idx" ON "preparation_ai_job" USING btree ("preparation_id","id");--> statement-breakpoint
CREATE INDEX "preparation_ai_job_status_idx" ON "preparation_ai_job" USING btree ("status") WHERE status in ('pending','running');--> statement-breakpoint
CREATE INDEX "preparation_file_prep_idx" ON "preparation_file" USING btree ("preparation_id","id");--> statement-breakpoint
CREATE INDEX "preparation_member_account_idx" ON "preparation_member" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "discuss_comment_ref_idx" ON "discuss_comment" USING btree ("target_type","ref_id","id");--> statement-breakpoint
CREATE INDEX "discuss_comment_account_idx" ON "discuss_comment" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "lesson_doc_prep_idx" ON "lesson_doc" USING btree ("preparation_id","id");--> statement-breakpoint
CREATE INDEX "lesson_doc_version_doc_idx" ON "lesson_doc_version" USING btree ("doc_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_doc_version_name_uq" ON "lesson_doc_version" USING btree ("doc_id","name");--> statement-breakpoint
CREATE INDEX "textbook_book_edition_idx" ON "textbook_book" USING btree ("edition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "textbook_book_name_uq" ON "textbook_book" USING btree ("edition_id","subject_name","name");--> statement-breakpoint
CREATE INDEX "textbook_catalog_book_idx" ON "textbook_catalog" USING btree ("book_id","pid","sort");--> statement-breakpoint
CREATE INDEX "textbook_resource_catalog_idx" ON "textbook_resource" USING btree ("catalog_code");--> statement-breakpoint
CREATE INDEX "textbook_resource_book_idx" ON "textbook_resource" USING btree ("book_id","catalog_id");--> statement-breakpoint
CREATE INDEX "textbook_resource_community_idx" ON "textbook_resource" USING btree ("community_id","activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "textbook_resource_sync_uq" ON "textbook_resource" USING btree ("source_id","community_id","activity_id") WHERE source_id > 0;