CREATE TABLE "all_day_device" (
	"equipment_id" integer PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"enabled" integer DEFAULT 1 NOT NULL,
	"account_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_job" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"ref_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recording" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_type" integer NOT NULL,
	"timetable_id" integer,
	"equipment_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"class_id" integer DEFAULT 0 NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"account_id" integer NOT NULL,
	"course_name" text NOT NULL,
	"record_model" integer DEFAULT 1 NOT NULL,
	"is_ai" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'recording' NOT NULL,
	"files" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"video_id" integer,
	"duration" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_by" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recording_part" (
	"id" serial PRIMARY KEY NOT NULL,
	"recording_id" integer NOT NULL,
	"camera" text NOT NULL,
	"seq" integer NOT NULL,
	"path" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "timetable" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'timetable' NOT NULL,
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"account_id" integer DEFAULT 0 NOT NULL,
	"chapter_name" text DEFAULT '' NOT NULL,
	"course_name" text NOT NULL,
	"course_type" integer DEFAULT 1 NOT NULL,
	"resolution" text DEFAULT '1080P' NOT NULL,
	"record_model" integer DEFAULT 1 NOT NULL,
	"is_research" integer DEFAULT 0 NOT NULL,
	"is_active" integer DEFAULT 1 NOT NULL,
	"is_observe" integer DEFAULT 0 NOT NULL,
	"is_live" integer DEFAULT 0 NOT NULL,
	"is_upload" integer DEFAULT 0 NOT NULL,
	"is_ai" integer DEFAULT 0 NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"joint_id" integer DEFAULT 0 NOT NULL,
	"currency_date" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"account_id" integer NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"period_id" integer DEFAULT 0 NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"grade_id" integer DEFAULT 0 NOT NULL,
	"class_id" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"recording_id" integer,
	"file_id" integer NOT NULL,
	"student_file_id" integer,
	"cameras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"duration" real DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"analysis_status" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "all_day_device" ADD CONSTRAINT "all_day_device_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording" ADD CONSTRAINT "recording_timetable_id_timetable_id_fk" FOREIGN KEY ("timetable_id") REFERENCES "public"."timetable"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording" ADD CONSTRAINT "recording_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_part" ADD CONSTRAINT "recording_part_recording_id_recording_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recording"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable" ADD CONSTRAINT "timetable_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_job_due_idx" ON "media_job" USING btree ("status","run_after");--> statement-breakpoint
CREATE INDEX "recording_school_idx" ON "recording" USING btree ("school_id","start_at");--> statement-breakpoint
CREATE INDEX "recording_state_idx" ON "recording" USING btree ("state");--> statement-breakpoint
CREATE INDEX "recording_device_idx" ON "recording" USING btree ("equipment_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recording_timetable_uq" ON "recording" USING btree ("timetable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recording_all_day_uq" ON "recording" USING btree ("equipment_id","start_at") WHERE record_type = 3;--> statement-breakpoint
CREATE UNIQUE INDEX "recording_part_uq" ON "recording_part" USING btree ("recording_id","camera","seq");--> statement-breakpoint
CREATE INDEX "timetable_class_idx" ON "timetable" USING btree ("class_id","start_at");--> statement-breakpoint
CREATE INDEX "timetable_school_idx" ON "timetable" USING btree ("school_id","start_at");--> statement-breakpoint
CREATE INDEX "timetable_due_idx" ON "timetable" USING btree ("status","start_at");--> statement-breakpoint
CREATE INDEX "video_account_idx" ON "video" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "video_school_idx" ON "video" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "video_recording_idx" ON "video" USING btree ("recording_id");