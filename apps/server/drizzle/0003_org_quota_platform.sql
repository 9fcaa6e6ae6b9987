CREATE TABLE "grade" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_class" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"grade_id" integer NOT NULL,
	"name" text NOT NULL,
	"entry_year" integer DEFAULT 0 NOT NULL,
	"head_teacher_id" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"name" text NOT NULL,
	"student_no" text DEFAULT '' NOT NULL,
	"gender" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_id" text NOT NULL,
	"apply_code" text NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_by" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "common_img" (
	"id" serial PRIMARY KEY NOT NULL,
	"attribute" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"img_url" text NOT NULL,
	"link_url" text DEFAULT '' NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"period_id" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_shortcut" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"support" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"work_time" text DEFAULT '' NOT NULL,
	"icp" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "region" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "region" ADD COLUMN "quota_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "region" ADD COLUMN "used_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "region" ADD COLUMN "space_size_type" text DEFAULT 'GB' NOT NULL;--> statement-breakpoint
ALTER TABLE "school" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "school" ADD COLUMN "telephone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "school" ADD COLUMN "quota_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "school" ADD COLUMN "used_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "school" ADD COLUMN "space_size_type" text DEFAULT 'GB' NOT NULL;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "quota_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "used_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "space_size_type" text DEFAULT 'GB' NOT NULL;--> statement-breakpoint
ALTER TABLE "grade" ADD CONSTRAINT "grade_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade" ADD CONSTRAINT "grade_period_id_period_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."period"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_class" ADD CONSTRAINT "school_class_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_class" ADD CONSTRAINT "school_class_grade_id_grade_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."grade"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student" ADD CONSTRAINT "student_school_id_school_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."school"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student" ADD CONSTRAINT "student_class_id_school_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grade_period_idx" ON "grade" USING btree ("period_id");--> statement-breakpoint
CREATE INDEX "grade_school_idx" ON "grade" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "school_class_school_idx" ON "school_class" USING btree ("school_id","grade_id");--> statement-breakpoint
CREATE INDEX "student_school_name_idx" ON "student" USING btree ("school_id","name");--> statement-breakpoint
CREATE INDEX "student_class_idx" ON "student" USING btree ("class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_school_no_uq" ON "student" USING btree ("school_id","student_no");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_code_code_id_uq" ON "auth_code" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "auth_code_apply_idx" ON "auth_code" USING btree ("apply_code");--> statement-breakpoint
CREATE INDEX "common_img_attr_idx" ON "common_img" USING btree ("attribute","school_id","period_id");--> statement-breakpoint
CREATE UNIQUE INDEX "website_school_uq" ON "website" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "region_pid_idx" ON "region" USING btree ("pid");