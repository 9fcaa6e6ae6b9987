CREATE TABLE "community" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"banner_url" text DEFAULT '' NOT NULL,
	"apply_template_url" text DEFAULT '' NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"community_level" integer DEFAULT 1 NOT NULL,
	"join_mode" integer DEFAULT 0 NOT NULL,
	"period_id" integer DEFAULT 0 NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"region_id" integer DEFAULT 0 NOT NULL,
	"region_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"province_id" integer DEFAULT 0 NOT NULL,
	"city_id" integer DEFAULT 0 NOT NULL,
	"area_id" integer DEFAULT 0 NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"is_display" integer DEFAULT 1 NOT NULL,
	"is_recommend" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"verify_reason" text DEFAULT '' NOT NULL,
	"verified_by" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"account_id" integer DEFAULT 0 NOT NULL,
	"action" text NOT NULL,
	"target_type" text DEFAULT '' NOT NULL,
	"target_id" integer DEFAULT 0 NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_member" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"role" integer DEFAULT 3 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"apply_reason" text DEFAULT '' NOT NULL,
	"apply_file_url" text DEFAULT '' NOT NULL,
	"reviewed_by" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_comment" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_like" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_article" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"reading_num" integer DEFAULT 0 NOT NULL,
	"like_num" integer DEFAULT 0 NOT NULL,
	"comment_num" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_board" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"pid" integer DEFAULT 0 NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"source_type" text DEFAULT '' NOT NULL,
	"source_id" integer DEFAULT 0 NOT NULL,
	"community_id" integer DEFAULT 0 NOT NULL,
	"sender_id" integer DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_type" integer NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"message_content" text DEFAULT '' NOT NULL,
	"community_id" integer DEFAULT 0 NOT NULL,
	"activity_id" integer DEFAULT 0 NOT NULL,
	"participation_account_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"status" integer DEFAULT 1 NOT NULL,
	"account_id" integer NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"area_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"community_id" integer DEFAULT 0 NOT NULL,
	"preparation_id" integer DEFAULT 0 NOT NULL,
	"meeting_url" text DEFAULT '' NOT NULL,
	"provider" text DEFAULT 'link' NOT NULL,
	"provider_meeting_id" text DEFAULT '' NOT NULL,
	"meeting_code" text DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"participation_account_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text DEFAULT 'research' NOT NULL,
	"ref_id" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"community_id" integer DEFAULT 0 NOT NULL,
	"account_id" integer NOT NULL,
	"school_id" integer DEFAULT 0 NOT NULL,
	"area_id" integer DEFAULT 0 NOT NULL,
	"city_id" integer DEFAULT 0 NOT NULL,
	"period_id" integer DEFAULT 0 NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"is_recommend" integer DEFAULT 0 NOT NULL,
	"is_display" integer DEFAULT 1 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_member" (
	"activity_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_member_activity_id_account_id_pk" PRIMARY KEY("activity_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "collect" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reflect" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"activity_id" integer DEFAULT 0 NOT NULL,
	"community_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community" ADD CONSTRAINT "community_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_file" ADD CONSTRAINT "community_file_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_file" ADD CONSTRAINT "community_file_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_log" ADD CONSTRAINT "community_log_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_member" ADD CONSTRAINT "community_member_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_member" ADD CONSTRAINT "community_member_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_comment" ADD CONSTRAINT "article_comment_article_id_community_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."community_article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_like" ADD CONSTRAINT "article_like_article_id_community_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."community_article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_article" ADD CONSTRAINT "community_article_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_board" ADD CONSTRAINT "message_board_community_id_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."community"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_member" ADD CONSTRAINT "activity_member_activity_id_activity_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activity"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_status_idx" ON "community" USING btree ("status","is_display","id");--> statement-breakpoint
CREATE INDEX "community_school_idx" ON "community" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "community_area_idx" ON "community" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "community_city_idx" ON "community" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "community_file_idx" ON "community_file" USING btree ("community_id","id");--> statement-breakpoint
CREATE INDEX "community_log_idx" ON "community_log" USING btree ("community_id","created_at");--> statement-breakpoint
CREATE INDEX "community_log_time_idx" ON "community_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "community_member_uq" ON "community_member" USING btree ("community_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "community_owner_uq" ON "community_member" USING btree ("community_id") WHERE "community_member"."role" = 1;--> statement-breakpoint
CREATE INDEX "community_member_account_idx" ON "community_member" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "community_member_list_idx" ON "community_member" USING btree ("community_id","status","role");--> statement-breakpoint
CREATE INDEX "article_comment_idx" ON "article_comment" USING btree ("article_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "article_like_uq" ON "article_like" USING btree ("article_id","account_id");--> statement-breakpoint
CREATE INDEX "community_article_idx" ON "community_article" USING btree ("community_id","created_at");--> statement-breakpoint
CREATE INDEX "community_article_account_idx" ON "community_article" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "message_board_idx" ON "message_board" USING btree ("community_id","id");--> statement-breakpoint
CREATE INDEX "account_message_idx" ON "account_message" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "notice_kind_idx" ON "notice" USING btree ("notice_type","status","created_at");--> statement-breakpoint
CREATE INDEX "notice_community_idx" ON "notice" USING btree ("community_id","created_at");--> statement-breakpoint
CREATE INDEX "meeting_community_idx" ON "meeting" USING btree ("community_id","start_time");--> statement-breakpoint
CREATE INDEX "meeting_account_idx" ON "meeting" USING btree ("account_id","start_time");--> statement-breakpoint
CREATE INDEX "activity_community_idx" ON "activity" USING btree ("community_id","start_time");--> statement-breakpoint
CREATE INDEX "activity_time_idx" ON "activity" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "activity_account_idx" ON "activity" USING btree ("account_id","start_time");--> statement-breakpoint
CREATE INDEX "activity_school_idx" ON "activity" USING btree ("school_id","start_time");--> statement-breakpoint
CREATE INDEX "activity_ref_idx" ON "activity" USING btree ("type","ref_id");--> statement-breakpoint
CREATE INDEX "activity_member_account_idx" ON "activity_member" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "collect_uq" ON "collect" USING btree ("account_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "collect_target_idx" ON "collect" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "reflect_account_idx" ON "reflect" USING btree ("account_id","id");