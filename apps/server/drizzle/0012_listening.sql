CREATE TABLE "lecture_indicator" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"root_id" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"weight" numeric(6, 2) DEFAULT 0 NOT NULL,
	"min_score" numeric(6, 2) DEFAULT 0 NOT NULL,
	"max_score" numeric(6, 2) DEFAULT 10 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"account_id" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listen_evaluate" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"preparation_id" integer DEFAULT 0 NOT NULL,
	"preparation_alias_id" integer DEFAULT 0 NOT NULL,
	"wps_file_version_id" integer DEFAULT 0 NOT NULL,
	"is_type" integer DEFAULT 2 NOT NULL,
	"my_video_id" integer DEFAULT 0 NOT NULL,
	"my_video_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"play_url" text DEFAULT '' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"community_id" integer DEFAULT 0 NOT NULL,
	"equiment_id" integer DEFAULT 0 NOT NULL,
	"period_id" integer DEFAULT 0 NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"grade_name" text DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"record_date" text DEFAULT '' NOT NULL,
	"evaluation_type" integer DEFAULT 1 NOT NULL,
	"indicator_id" integer DEFAULT 0 NOT NULL,
	"questionnaire_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"open_model" integer DEFAULT 2 NOT NULL,
	"teacher_account_id" integer DEFAULT 0 NOT NULL,
	"account_id" integer NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"area_id" integer DEFAULT 0 NOT NULL,
	"city_id" integer DEFAULT 0 NOT NULL,
	"is_display" integer DEFAULT 1 NOT NULL,
	"is_recommend" integer DEFAULT 0 NOT NULL,
	"verify_status" integer DEFAULT 1 NOT NULL,
	"verify_reason" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listen_evaluation" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"total_score" numeric(7, 2) DEFAULT 0 NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listen_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
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
CREATE TABLE "listen_member" (
	"record_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"role" integer DEFAULT 3 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listen_member_record_id_account_id_pk" PRIMARY KEY("record_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "listen_score" (
	"evaluation_id" integer NOT NULL,
	"indicator_id" integer NOT NULL,
	"score" numeric(6, 2) NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	CONSTRAINT "listen_score_evaluation_id_indicator_id_pk" PRIMARY KEY("evaluation_id","indicator_id")
);
--> statement-breakpoint
CREATE TABLE "listen_target" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"account_id" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listen_voice" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"file_path" text NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"video_time" numeric(9, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_class" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title_supplement" text DEFAULT '' NOT NULL,
	"after_logo_url" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"community_id" integer DEFAULT 0 NOT NULL,
	"equiment_id" integer DEFAULT 0 NOT NULL,
	"record_id" integer DEFAULT 0 NOT NULL,
	"period_id" integer DEFAULT 0 NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"grade_name" text DEFAULT '' NOT NULL,
	"account_id" integer NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"area_id" integer DEFAULT 0 NOT NULL,
	"city_id" integer DEFAULT 0 NOT NULL,
	"is_display" integer DEFAULT 1 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_class_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"after_class_id" integer NOT NULL,
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
ALTER TABLE "discuss_comment" ADD COLUMN "video_time" numeric(9, 2);--> statement-breakpoint
ALTER TABLE "listen_evaluation" ADD CONSTRAINT "listen_evaluation_record_id_listen_evaluate_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."listen_evaluate"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listen_file" ADD CONSTRAINT "listen_file_record_id_listen_evaluate_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."listen_evaluate"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listen_member" ADD CONSTRAINT "listen_member_record_id_listen_evaluate_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."listen_evaluate"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listen_score" ADD CONSTRAINT "listen_score_evaluation_id_listen_evaluation_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."listen_evaluation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listen_voice" ADD CONSTRAINT "listen_voice_record_id_listen_evaluate_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."listen_evaluate"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_class_file" ADD CONSTRAINT "after_class_file_after_class_id_after_class_id_fk" FOREIGN KEY ("after_class_id") REFERENCES "public"."after_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lecture_indicator_tree_idx" ON "lecture_indicator" USING btree ("root_id","pid","sort");--> statement-breakpoint
CREATE INDEX "lecture_indicator_school_idx" ON "lecture_indicator" USING btree ("school_id","level");--> statement-breakpoint
CREATE INDEX "listen_evaluate_community_idx" ON "listen_evaluate" USING btree ("community_id","start_time");--> statement-breakpoint
CREATE INDEX "listen_evaluate_account_idx" ON "listen_evaluate" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "listen_evaluate_school_idx" ON "listen_evaluate" USING btree ("school_id","start_time");--> statement-breakpoint
CREATE INDEX "listen_evaluate_prep_idx" ON "listen_evaluate" USING btree ("preparation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listen_evaluation_uq" ON "listen_evaluation" USING btree ("record_id","account_id");--> statement-breakpoint
CREATE INDEX "listen_file_record_idx" ON "listen_file" USING btree ("record_id","type","id");--> statement-breakpoint
CREATE INDEX "listen_member_account_idx" ON "listen_member" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listen_target_name_uq" ON "listen_target" USING btree ("school_id","name") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "listen_voice_record_idx" ON "listen_voice" USING btree ("record_id","id");--> statement-breakpoint
CREATE INDEX "after_class_community_idx" ON "after_class" USING btree ("community_id","id");--> statement-breakpoint
CREATE INDEX "after_class_account_idx" ON "after_class" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "after_class_record_idx" ON "after_class" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "after_class_file_idx" ON "after_class_file" USING btree ("after_class_id","id");